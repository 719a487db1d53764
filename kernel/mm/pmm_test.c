// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the physical frame allocator. */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <multiboot2.h>
#include <pmm.h>
#include <selftest.h>

#define NR_PROBE 64

SELFTEST(pmm, no_frame_handed_out_twice)
{
	phys_addr_t f[NR_PROBE];

	for (int i = 0; i < NR_PROBE; i++) {
		f[i] = alloc_frame();
		ASSERT_NE(t, f[i], 0);
		EXPECT_EQ(t, f[i] & ~PAGE_MASK, 0);
		EXPECT_FALSE(t, frame_is_free(f[i]));
		for (int j = 0; j < i; j++)
			EXPECT_NE(t, f[i], f[j]);
	}
	for (int i = 0; i < NR_PROBE; i++)
		free_frame(f[i]);
}

SELFTEST(pmm, freed_frames_come_back)
{
	unsigned long before = pmm_free_frames();
	phys_addr_t a = alloc_frame(), b;

	ASSERT_NE(t, a, 0);
	EXPECT_EQ(t, pmm_free_frames(), before - 1);
	free_frame(a);
	EXPECT_EQ(t, pmm_free_frames(), before);
	EXPECT_TRUE(t, frame_is_free(a));
	b = alloc_frame();	/* lowest free frame first: the one just freed */
	EXPECT_EQ(t, b, a);
	free_frame(b);
}

SELFTEST(pmm, frames_are_zeroed)
{
	phys_addr_t a = alloc_frame();
	u64 *p;
	bool all_zero = true;

	ASSERT_NE(t, a, 0);
	p = phys_to_virt(a);
	p[0] = p[511] = 0x5a5a5a5a5a5a5a5aULL;
	free_frame(a);
	a = alloc_frame();
	p = phys_to_virt(a);
	for (int i = 0; i < 512; i++)
		all_zero &= p[i] == 0;
	EXPECT_TRUE(t, all_zero);
	free_frame(a);
}

SELFTEST(pmm, reserved_memory_never_free)
{
	EXPECT_FALSE(t, frame_is_free(0));
	EXPECT_FALSE(t, frame_is_free(0xb8000));	/* VGA text memory */
	EXPECT_FALSE(t, frame_is_free(kernel_phys_start()));
	EXPECT_FALSE(t, frame_is_free(ALIGN_DOWN(kernel_phys_end() - 1, PAGE_SIZE)));
}

/*
 * All of the memory map's RAM is the allocator's, above 4 GiB too (a boot with
 * MEM=6G has RAM up to 7 GiB), and the direct map reaches its last frame. Frames
 * go lowest first, so nothing has taken that one yet.
 */
SELFTEST(pmm, every_usable_frame_up_to_the_highest_is_tracked)
{
	phys_addr_t top = 0, pa = 0;

	for (unsigned int i = 0; i < boot_info.nr_memranges; i++)
		if (boot_info.memranges[i].usable)
			top = MAX(top, ALIGN_DOWN(boot_info.memranges[i].end, PAGE_SIZE));
	EXPECT_EQ(t, pmm_max_phys(), top);
	EXPECT_TRUE(t, frame_is_free(top - PAGE_SIZE));
	EXPECT_FALSE(t, frame_is_free(top));		/* past the end: never handed out */
	EXPECT_TRUE(t, translate(kernel_pml4, (unsigned long)phys_to_virt(top - PAGE_SIZE), &pa,
				 NULL));
	EXPECT_EQ(t, pa, top - PAGE_SIZE);
}

/* fork()'s sharing: each owner puts its reference; only the last frees the frame. */
SELFTEST(pmm, shared_frame_freed_by_its_last_owner)
{
	unsigned long before = pmm_free_frames();
	phys_addr_t f = alloc_frame();

	ASSERT_NE(t, f, 0);
	EXPECT_FALSE(t, frame_shared(f));
	get_frame(f);
	get_frame(f);
	EXPECT_TRUE(t, frame_shared(f));
	EXPECT_FALSE(t, put_frame(f));
	EXPECT_FALSE(t, put_frame(f));
	EXPECT_FALSE(t, frame_shared(f));
	EXPECT_FALSE(t, frame_is_free(f));
	EXPECT_TRUE(t, put_frame(f));
	EXPECT_TRUE(t, frame_is_free(f));
	EXPECT_EQ(t, pmm_free_frames(), before);
}
