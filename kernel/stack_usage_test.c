// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the stack watermarks (kernel/stack_usage.c): the scan finds the
 * lowest word written, whatever was written there, and no kernel stack has been
 * used beyond half its size so far (the end-of-run lines cover the whole run).
 */
#include <selftest.h>
#include <stack_usage.h>

SELFTEST(kstack, a_scan_finds_the_lowest_written_word)
{
	static u64 area[64];

	stack_poison(area, sizeof(area));
	EXPECT_EQ(t, stack_used(area, sizeof(area)), 0UL);
	area[63] = 1;
	EXPECT_EQ(t, stack_used(area, sizeof(area)), 8UL);
	area[10] = 0;					/* a zero pushed counts too */
	EXPECT_EQ(t, stack_used(area, sizeof(area)), sizeof(area) - 10 * 8);
}

SELFTEST(kstack, every_kernel_stack_within_half_its_size)
{
	struct stack_deepest deepest[NR_STACK_KINDS];

	stack_usage_scan(deepest);
	EXPECT_GT(t, deepest[STACK_BOOT].used, 0UL);	/* we run on it */
	for (unsigned int k = 0; k < NR_STACK_KINDS; k++)
		if (deepest[k].used > deepest[k].size / 2)
			test_fail(t, __FILE__, __LINE__, "%s: %lu of %lu bytes used",
				  stack_kind_names[k], deepest[k].used, deepest[k].size);
}
