// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests for address spaces: fork's copy-on-write sharing and its break,
 * from the kernel side (the ring-3 process suite checks what a program sees).
 */
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

SELFTEST(mm, fork_shares_frames_copy_on_write)
{
	unsigned long before = pmm_free_frames();
	struct mm *parent = mm_alloc(), *child;
	const unsigned long write_fault = X86_PF_WRITE | X86_PF_PROT | X86_PF_USER;

	ASSERT_TRUE(t, parent != NULL);
	ASSERT_EQ(t, mm_map_zeroed(parent, TEST_VA, TEST_VA + PAGE_SIZE, _PAGE_RW | _PAGE_NX), 0);
	page_of(parent, TEST_VA)[0] = 0x5a;
	child = mm_dup(parent);
	ASSERT_TRUE(t, child != NULL);
	/* One frame, two owners, read-only and marked in both. */
	EXPECT_EQ(t, page_of(parent, TEST_VA), page_of(child, TEST_VA));
	EXPECT_TRUE(t, frame_shared(virt_to_phys(page_of(child, TEST_VA))));
	EXPECT_EQ(t, pte_of(parent, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_COW);
	EXPECT_EQ(t, pte_of(child, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_COW);
	/* The child's write gets its own copy; the parent keeps the original. */
	EXPECT_TRUE(t, handle_mm_fault(child, TEST_VA + 8, write_fault));
	EXPECT_NE(t, page_of(parent, TEST_VA), page_of(child, TEST_VA));
	EXPECT_EQ(t, page_of(child, TEST_VA)[0], 0x5a);
	EXPECT_EQ(t, pte_of(child, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_RW);
	/* Now the parent is the only owner: its write takes the frame over, no copy. */
	EXPECT_FALSE(t, frame_shared(virt_to_phys(page_of(parent, TEST_VA))));
	{
		u8 *frame = page_of(parent, TEST_VA);

		EXPECT_TRUE(t, handle_mm_fault(parent, TEST_VA, write_fault));
		EXPECT_EQ(t, page_of(parent, TEST_VA), frame);
	}
	EXPECT_EQ(t, pte_of(parent, TEST_VA) & (_PAGE_RW | _PAGE_COW), _PAGE_RW);
	/*
	 * A fault the tables no longer explain (a read of this readable page: another
	 * CPU changed the entry meanwhile) is retried; one on nothing mapped, or with a
	 * reserved bit, is real, and so is a write to a page read-only for real.
	 */
	EXPECT_TRUE(t, handle_mm_fault(parent, TEST_VA, X86_PF_PROT | X86_PF_USER));
	EXPECT_FALSE(t, handle_mm_fault(parent, TEST_VA + PAGE_SIZE, X86_PF_USER));
	EXPECT_FALSE(t, handle_mm_fault(parent, TEST_VA, X86_PF_RSVD | X86_PF_PROT | X86_PF_USER));
	EXPECT_EQ(t, protect_page(parent->pml4, TEST_VA, _PAGE_USER | _PAGE_NX), 0);
	EXPECT_FALSE(t, handle_mm_fault(parent, TEST_VA, write_fault));
	mm_put(child);
	mm_put(parent);
	EXPECT_EQ(t, pmm_free_frames(), before);
}

SELFTEST(mm, prot_none_reservation_costs_no_frame)
{
	unsigned long before = pmm_free_frames(), tables;
	struct mm *mm = mm_alloc();
	pte_t *pte;

	ASSERT_TRUE(t, mm != NULL);
	pte = pte_alloc_user(mm->pml4, TEST_VA);
	ASSERT_TRUE(t, pte != NULL);
	*pte = _PAGE_PROTNONE;
	tables = pmm_free_frames();
	EXPECT_TRUE(t, translate(mm->pml4, TEST_VA, NULL, NULL));	/* mapped ... */
	EXPECT_EQ(t, user_pages_mapped(mm->pml4), 1UL);
	EXPECT_FALSE(t, *pte & _PAGE_PRESENT);				/* ... not present */
	EXPECT_EQ(t, protect_page(mm->pml4, TEST_VA, _PAGE_USER | _PAGE_RW | _PAGE_NX), 0);
	EXPECT_EQ(t, pmm_free_frames(), tables - 1);			/* its frame, now */
	EXPECT_TRUE(t, *pte & _PAGE_PRESENT);
	mm_put(mm);
	EXPECT_EQ(t, pmm_free_frames(), before);
}
