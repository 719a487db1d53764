// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests for address spaces: the regions' splits and merges, fork's
 * copy-on-write sharing and its break, demand paging's first touch, from the
 * kernel side (the ring-3 suites check what a program sees).
 */
#include <asm/cpufeature.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/traps.h>
#include <mm.h>
#include <pmm.h>
#include <selftest.h>
#include <string.h>

#define TEST_VA		0x0000000040000000UL

static u8 *page_of(struct mm *mm, unsigned long va)
{
	phys_addr_t pa;

	return translate(mm->pml4, va, &pa, NULL) ? phys_to_virt(pa & PAGE_MASK) : NULL;
}

static pte_t pte_of(struct mm *mm, unsigned long va)
{
	pte_t *pte = pte_lookup(mm->pml4, va);

	return pte ? *pte : 0;
}

#define RW_REGION	(VM_READ | VM_WRITE | VM_MAY_ALL)

SELFTEST(mm, fork_shares_frames_copy_on_write)
{
	unsigned long before = pmm_free_frames();
	struct mm *parent = mm_alloc(), *child;
	const unsigned long write_fault = X86_PF_WRITE | X86_PF_PROT | X86_PF_USER;
	unsigned long irq;
	u8 byte = 0x5a;

	ASSERT_TRUE(t, parent != NULL);
	ASSERT_EQ(t, mm_map_anon(parent, TEST_VA, TEST_VA + PAGE_SIZE, RW_REGION), 0);
	ASSERT_EQ(t, access_remote_vm(parent, TEST_VA, &byte, 1, FOLL_WRITE), 0);
	child = mm_dup(parent);
	ASSERT_TRUE(t, child != NULL);
	/* One frame, two owners, read-only and marked in both. */
	EXPECT_EQ(t, page_of(parent, TEST_VA), page_of(child, TEST_VA));
	EXPECT_TRUE(t, frame_shared(virt_to_phys(page_of(child, TEST_VA))));
	EXPECT_EQ(t, pte_of(parent, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_COW);
	EXPECT_EQ(t, pte_of(child, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_COW);
	/* The child's write gets its own copy; the parent keeps the original. */
	EXPECT_EQ(t, handle_mm_fault(child, TEST_VA + 8, write_fault), 0U);
	EXPECT_NE(t, page_of(parent, TEST_VA), page_of(child, TEST_VA));
	EXPECT_EQ(t, page_of(child, TEST_VA)[0], 0x5a);
	EXPECT_EQ(t, pte_of(child, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_RW);
	/* Now the parent is the only owner: its write takes the frame over, no copy. */
	EXPECT_FALSE(t, frame_shared(virt_to_phys(page_of(parent, TEST_VA))));
	{
		u8 *frame = page_of(parent, TEST_VA);

		EXPECT_EQ(t, handle_mm_fault(parent, TEST_VA, write_fault), 0U);
		EXPECT_EQ(t, page_of(parent, TEST_VA), frame);
	}
	EXPECT_EQ(t, pte_of(parent, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_RW);
	/*
	 * A fault the tables no longer explain (a read of this readable page: another
	 * CPU changed the entry meanwhile) is retried; one outside every region, or
	 * with a reserved bit, is real, and so is a write to a page read-only for real.
	 */
	EXPECT_EQ(t, handle_mm_fault(parent, TEST_VA, X86_PF_PROT | X86_PF_USER), 0U);
	EXPECT_EQ(t, handle_mm_fault(parent, TEST_VA + PAGE_SIZE, X86_PF_USER),
		  VM_FAULT_SIGSEGV);
	EXPECT_EQ(t, handle_mm_fault(parent, TEST_VA, X86_PF_RSVD | X86_PF_PROT | X86_PF_USER),
		  VM_FAULT_SIGSEGV);
	spin_lock_irqsave(&parent->lock, irq);			/* as mprotect(PROT_READ) */
	vma_set_flags(parent, TEST_VA, TEST_VA + PAGE_SIZE, VM_READ | VM_MAYREAD);
	change_protection_locked(parent, TEST_VA, TEST_VA + PAGE_SIZE);
	spin_unlock_irqrestore(&parent->lock, irq);
	EXPECT_EQ(t, pte_of(parent, TEST_VA) & (_PAGE_RW | _PAGE_COW), 0UL);
	EXPECT_EQ(t, handle_mm_fault(parent, TEST_VA, write_fault), VM_FAULT_SIGSEGV);
	mm_put(child);
	mm_put(parent);
	EXPECT_EQ(t, pmm_free_frames(), before);
}

/*
 * Demand paging: a region costs no frame until touched; a read maps the zero
 * page (the kernel's, read-only, counted by no one), the first write a frame of
 * its own. A region without access faults for real.
 */
SELFTEST(mm, first_touch_maps_the_zero_page_then_a_frame)
{
	unsigned long before = pmm_free_frames(), tables;
	const unsigned long read_fault = X86_PF_USER;
	const unsigned long write_fault = X86_PF_WRITE | X86_PF_USER;
	struct mm *mm = mm_alloc();
	bool zeros = true;
	u8 *zero;

	ASSERT_TRUE(t, mm != NULL);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA, TEST_VA + 2 * PAGE_SIZE, RW_REGION), 0);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA + 4 * PAGE_SIZE, TEST_VA + 5 * PAGE_SIZE,
				 VM_MAY_ALL), 0);
	EXPECT_EQ(t, mm->total_vm, 3UL);
	EXPECT_EQ(t, mm->nr_vmas, 2U);
	EXPECT_TRUE(t, page_of(mm, TEST_VA) == NULL);		/* nothing yet */
	EXPECT_EQ(t, handle_mm_fault(mm, TEST_VA, read_fault), 0U);
	tables = pmm_free_frames();
	zero = page_of(mm, TEST_VA);
	ASSERT_TRUE(t, zero != NULL);
	EXPECT_EQ(t, pte_of(mm, TEST_VA) & (_PAGE_RW | _PAGE_COW | _PAGE_SPECIAL),
		  _PAGE_COW | _PAGE_SPECIAL);
	EXPECT_EQ(t, handle_mm_fault(mm, TEST_VA + PAGE_SIZE, read_fault), 0U);
	EXPECT_EQ(t, page_of(mm, TEST_VA + PAGE_SIZE), zero);	/* one zero page */
	EXPECT_EQ(t, pmm_free_frames(), tables);			/* and no frame */
	EXPECT_EQ(t, handle_mm_fault(mm, TEST_VA, write_fault | X86_PF_PROT), 0U);
	EXPECT_NE(t, page_of(mm, TEST_VA), zero);
	EXPECT_EQ(t, pte_of(mm, TEST_VA) & (_PAGE_RW | _PAGE_SPECIAL), _PAGE_RW);
	EXPECT_EQ(t, pmm_free_frames(), tables - 1);
	for (unsigned int i = 0; i < PAGE_SIZE; i++)
		zeros &= !zero[i] && !page_of(mm, TEST_VA)[i];
	EXPECT_TRUE(t, zeros);
	/* No region, or one without access (PROT_NONE): a real fault. */
	EXPECT_EQ(t, handle_mm_fault(mm, TEST_VA + 2 * PAGE_SIZE, read_fault), VM_FAULT_SIGSEGV);
	EXPECT_EQ(t, handle_mm_fault(mm, TEST_VA + 4 * PAGE_SIZE, read_fault), VM_FAULT_SIGSEGV);
	mm_put(mm);
	EXPECT_EQ(t, pmm_free_frames(), before);
}

/* As mprotect(): the region [va, va + a page) gets flags, its entry follows. */
static void set_region_flags(struct mm *mm, unsigned long va, unsigned long flags)
{
	unsigned long irq;

	spin_lock_irqsave(&mm->lock, irq);
	vma_set_flags(mm, va, va + PAGE_SIZE, flags);
	change_protection_locked(mm, va, va + PAGE_SIZE);
	spin_unlock_irqrestore(&mm->lock, irq);
}

/*
 * L1TF: a PROT_NONE entry keeps its frame, but its address bits, which a CPU
 * speculating past the fault would read the L1 cache at, are inverted: they name
 * no RAM below the top the CPU can address (CPUID 0x80000008 EAX[7:0]). Every
 * reader gets the real frame back: translate(), fork's copy, a debugger's forced
 * read, and mprotect() back to read/write, contents and all.
 */
SELFTEST(mm, prot_none_entry_inverts_its_frame)
{
	unsigned long before = pmm_free_frames(), phys_bits = 36;
	struct mm *mm = mm_alloc(), *child;
	phys_addr_t frame;
	u8 byte = 0x5a;
	pte_t raw;

	if (cpuid(0x80000000).eax >= 0x80000008)
		phys_bits = cpuid(0x80000008).eax & 0xff;
	ASSERT_TRUE(t, mm != NULL);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA, TEST_VA + PAGE_SIZE, RW_REGION), 0);
	ASSERT_EQ(t, access_remote_vm(mm, TEST_VA, &byte, 1, FOLL_WRITE), 0);
	frame = virt_to_phys(page_of(mm, TEST_VA));
	set_region_flags(mm, TEST_VA, VM_MAY_ALL);		/* PROT_NONE */
	raw = pte_of(mm, TEST_VA);
	EXPECT_EQ(t, raw & (_PAGE_PRESENT | _PAGE_PROTNONE), _PAGE_PROTNONE);
	EXPECT_EQ(t, raw & PTE_ADDR_MASK, ~frame & PTE_ADDR_MASK);
	/* What the CPU would take for an address: above all RAM. */
	EXPECT_TRUE(t, (raw & PTE_ADDR_MASK & (BIT(phys_bits) - 1)) >= pmm_max_phys());
	EXPECT_EQ(t, pte_frame(raw), frame);
	EXPECT_EQ(t, virt_to_phys(page_of(mm, TEST_VA)), frame);
	byte = 0;
	EXPECT_EQ(t, access_remote_vm(mm, TEST_VA, &byte, 1, FOLL_FORCE), 0);
	EXPECT_EQ(t, byte, 0x5a);
	/* fork: the same inverted entry, one more owner of the real frame. */
	child = mm_dup(mm);
	ASSERT_TRUE(t, child != NULL);
	EXPECT_EQ(t, pte_of(child, TEST_VA), raw);
	EXPECT_TRUE(t, frame_shared(frame));
	mm_put(child);
	EXPECT_FALSE(t, frame_shared(frame));
	set_region_flags(mm, TEST_VA, RW_REGION);		/* PROT_READ | PROT_WRITE */
	raw = pte_of(mm, TEST_VA);
	EXPECT_EQ(t, raw & (_PAGE_PRESENT | _PAGE_RW | _PAGE_PROTNONE), _PAGE_PRESENT | _PAGE_RW);
	EXPECT_EQ(t, raw & PTE_ADDR_MASK, frame);
	EXPECT_EQ(t, page_of(mm, TEST_VA)[0], 0x5a);
	/* No entry stays 0; one with no frame reads as none. */
	EXPECT_EQ(t, mk_pte(0, 0), 0UL);
	EXPECT_EQ(t, pte_frame(mk_pte(0, _PAGE_PROTNONE)), 0UL);
	mm_put(mm);
	EXPECT_EQ(t, pmm_free_frames(), before);
}

/* Is region i of mm [TEST_VA + start pages, TEST_VA + end pages) with flags? */
static bool region_is(struct mm *mm, unsigned int i, unsigned long start, unsigned long end,
		      unsigned long flags)
{
	const struct vm_area *vma = &mm->vmas[i];

	return i < mm->nr_vmas && vma->start == TEST_VA + start * PAGE_SIZE &&
	       vma->end == TEST_VA + end * PAGE_SIZE && vma->flags == flags;
}

/*
 * A change in the middle of a region splits it in three and leaves its
 * neighbours as they were; changing it back merges the three again; removing a
 * part of one region touches no other.
 */
SELFTEST(mm, regions_split_and_merge)
{
	const unsigned long ro = VM_READ | VM_MAY_ALL;
	struct mm *mm = mm_alloc();
	unsigned long irq;
	int err;

	ASSERT_TRUE(t, mm != NULL);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA, TEST_VA + PAGE_SIZE, ro), 0);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA + 2 * PAGE_SIZE, TEST_VA + 6 * PAGE_SIZE, RW_REGION),
		  0);
	ASSERT_EQ(t, mm_map_anon(mm, TEST_VA + 7 * PAGE_SIZE, TEST_VA + 8 * PAGE_SIZE, ro), 0);
	spin_lock_irqsave(&mm->lock, irq);
	err = vma_reserve(mm, 2);
	if (!err) {
		vma_set_flags(mm, TEST_VA + 3 * PAGE_SIZE, TEST_VA + 5 * PAGE_SIZE, ro);
		EXPECT_EQ(t, mm->nr_vmas, 5U);
		EXPECT_TRUE(t, region_is(mm, 0, 0, 1, ro) && region_is(mm, 1, 2, 3, RW_REGION) &&
			       region_is(mm, 2, 3, 5, ro) && region_is(mm, 3, 5, 6, RW_REGION) &&
			       region_is(mm, 4, 7, 8, ro));
		vma_set_flags(mm, TEST_VA + 3 * PAGE_SIZE, TEST_VA + 5 * PAGE_SIZE, RW_REGION);
		EXPECT_EQ(t, mm->nr_vmas, 3U);
		EXPECT_TRUE(t, region_is(mm, 1, 2, 6, RW_REGION) && region_is(mm, 2, 7, 8, ro));
		vma_remove_range(mm, TEST_VA + 3 * PAGE_SIZE, TEST_VA + 4 * PAGE_SIZE);
		EXPECT_EQ(t, mm->nr_vmas, 4U);
		EXPECT_TRUE(t, region_is(mm, 0, 0, 1, ro) && region_is(mm, 1, 2, 3, RW_REGION) &&
			       region_is(mm, 2, 4, 6, RW_REGION) && region_is(mm, 3, 7, 8, ro));
		EXPECT_EQ(t, mm->total_vm, 5UL);
	}
	spin_unlock_irqrestore(&mm->lock, irq);
	EXPECT_EQ(t, err, 0);
	mm_put(mm);
}
