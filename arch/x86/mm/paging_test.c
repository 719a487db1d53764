// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the page-table API and the kernel's own mappings. */
#include <asm/pgtable.h>
#include <errno.h>
#include <pmm.h>
#include <selftest.h>

extern char _text[], _rodata[], _data[];

#define TEST_VA 0x0000000040000000UL	/* a user address in a scratch address space */

SELFTEST(paging, map_translate_unmap)
{
	unsigned long free_before = pmm_free_frames();
	pte_t *pml4 = pml4_alloc_user();
	phys_addr_t frame = alloc_frame(), pa;
	u64 flags;

	ASSERT_TRUE(t, pml4 && frame);
	EXPECT_FALSE(t, translate(pml4, TEST_VA, &pa, &flags));
	EXPECT_EQ(t, map_page(pml4, TEST_VA, frame, _PAGE_USER | _PAGE_RW | _PAGE_NX), 0);
	EXPECT_TRUE(t, translate(pml4, TEST_VA + 0x123, &pa, &flags));
	EXPECT_EQ(t, pa, frame + 0x123);
	EXPECT_EQ(t, map_page(pml4, TEST_VA, frame, _PAGE_USER), -EBUSY);
	EXPECT_EQ(t, unmap_page(pml4, TEST_VA), 0);
	EXPECT_FALSE(t, translate(pml4, TEST_VA, &pa, &flags));
	EXPECT_NE(t, unmap_page(pml4, TEST_VA), 0);
	free_frame(frame);
	pml4_free_user(pml4);
	EXPECT_EQ(t, pmm_free_frames(), free_before);	/* tables freed too */
}

SELFTEST(paging, user_and_nx_bits)
{
	pte_t *pml4 = pml4_alloc_user();
	phys_addr_t code = alloc_frame(), data = alloc_frame();
	u64 flags;

	ASSERT_TRUE(t, pml4 && code && data);
	ASSERT_EQ(t, map_page(pml4, TEST_VA, code, _PAGE_USER), 0);
	ASSERT_EQ(t, map_page(pml4, TEST_VA + PAGE_SIZE, data, _PAGE_RW | _PAGE_NX), 0);
	ASSERT_TRUE(t, translate(pml4, TEST_VA, NULL, &flags));
	EXPECT_TRUE(t, flags & _PAGE_USER);
	EXPECT_FALSE(t, flags & _PAGE_NX);
	EXPECT_FALSE(t, flags & _PAGE_RW);
	ASSERT_TRUE(t, translate(pml4, TEST_VA + PAGE_SIZE, NULL, &flags));
	EXPECT_FALSE(t, flags & _PAGE_USER);	/* kernel-only page under a user table */
	EXPECT_TRUE(t, flags & _PAGE_NX);
	EXPECT_TRUE(t, flags & _PAGE_RW);
	pml4_free_user(pml4);	/* frees the two mapped frames with the tables */
}

SELFTEST(paging, kernel_sections_least_privilege)
{
	u64 flags;

	ASSERT_TRUE(t, translate(kernel_pml4, (unsigned long)_text, NULL, &flags));
	EXPECT_EQ(t, flags & (_PAGE_RW | _PAGE_NX | _PAGE_USER), 0);	/* RX */
	ASSERT_TRUE(t, translate(kernel_pml4, (unsigned long)_rodata, NULL, &flags));
	EXPECT_EQ(t, flags & (_PAGE_RW | _PAGE_NX | _PAGE_USER), _PAGE_NX);	/* R */
	ASSERT_TRUE(t, translate(kernel_pml4, (unsigned long)_data, NULL, &flags));
	EXPECT_EQ(t, flags & (_PAGE_RW | _PAGE_NX | _PAGE_USER), _PAGE_RW | _PAGE_NX);
}

SELFTEST(paging, identity_map_removed)
{
	EXPECT_FALSE(t, translate(kernel_pml4, 0x100000, NULL, NULL));
	EXPECT_FALSE(t, translate(kernel_pml4, 0, NULL, NULL));
}

SELFTEST(paging, direct_map_covers_ram)
{
	phys_addr_t frame = alloc_frame(), pa;
	u64 flags;

	ASSERT_NE(t, frame, 0);
	EXPECT_TRUE(t, translate(kernel_pml4, (unsigned long)phys_to_virt(frame), &pa, &flags));
	EXPECT_EQ(t, pa, frame);
	EXPECT_TRUE(t, flags & _PAGE_NX);	/* data, never code */
	free_frame(frame);
}
