// SPDX-License-Identifier: GPL-2.0
/*
 * The gather of frames to free once no TLB can reach them: include/tlb.h says
 * why. Filled under the lock that guards the page tables (mm->lock, or nothing
 * for a kernel stack slot, which one task owns), emptied with no lock held.
 */
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <smp.h>
#include <tlb.h>

struct gather_batch {
	struct gather_batch *next;
	unsigned long nr;
	phys_addr_t frames[(PAGE_SIZE - 2 * sizeof(unsigned long)) / sizeof(phys_addr_t)];
};
_Static_assert(sizeof(struct gather_batch) == PAGE_SIZE, "a batch fills one page");

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm *mm)
{
	*tlb = (struct mmu_gather){ .mm = mm, .start = ~0UL, .end = 0 };
}

void tlb_flush_later(struct mmu_gather *tlb, unsigned long start, unsigned long end)
{
	tlb->start = MIN(tlb->start, start);
	tlb->end = MAX(tlb->end, end);
}

bool tlb_remove_frame(struct mmu_gather *tlb, unsigned long va, phys_addr_t pa)
{
	struct gather_batch *b = tlb->batch;

	if (tlb->nr < MMU_GATHER_LOCAL) {
		tlb->local[tlb->nr++] = pa;
	} else {
		if (!b || b->nr == ARRAY_SIZE(b->frames)) {
			b = alloc_page_object();	/* pmm_lock nests inside mm->lock */
			if (!b)
				return false;
			b->next = tlb->batch;
			tlb->batch = b;
		}
		b->frames[b->nr++] = pa;
	}
	tlb_flush_later(tlb, va, va + PAGE_SIZE);
	return true;
}

void tlb_finish_mmu(struct mmu_gather *tlb)
{
	struct gather_batch *b, *next;

	if (tlb->start < tlb->end) {
		if (tlb->mm)
			flush_tlb_mm_range(tlb->mm, tlb->start, tlb->end);
		else
			flush_tlb_kernel_range(tlb->start, tlb->end);
	}
	/* No CPU can reach these frames any more: now they may be reused. */
	for (unsigned int i = 0; i < tlb->nr; i++)
		put_frame(tlb->local[i]);
	for (b = tlb->batch; b; b = next) {
		next = b->next;
		for (unsigned long i = 0; i < b->nr; i++)
			put_frame(b->frames[i]);
		free_page_object(b);
	}
}
