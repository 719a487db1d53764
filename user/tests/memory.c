// SPDX-License-Identifier: GPL-2.0
/* brk, mmap, munmap and mprotect at their edges. */
#include "harness.h"

SELFTEST(memory, brk_grows_and_shrinks)
{
	unsigned long start = syscall1(__NR_brk, 0);

	EXPECT_EQ(t, syscall1(__NR_brk, start + 10000), (long)(start + 10000));
	memset((void *)start, 1, 10000);			/* mapped and writable */
	EXPECT_EQ(t, syscall1(__NR_brk, start), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, 0), (long)start);
}

/* Found by the fuzzer: rounding ~0 up wrapped to 0 and unmapped the program. */
SELFTEST(memory, brk_rejects_absurd_values)
{
	unsigned long start = syscall1(__NR_brk, 0);

	EXPECT_EQ(t, syscall1(__NR_brk, ~0UL), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, ~0UL - 4096), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, start - 1), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, 1UL << 47), (long)start);
	EXPECT_EQ(t, getpid(), 1);				/* still here */
}

SELFTEST(memory, mmap_anonymous_is_zeroed_and_nx)
{
	unsigned long p = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, 3, 0x22, -1, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && !(p & (PAGE_SIZE - 1)));
	EXPECT_EQ(t, *(u64 *)p | *(u64 *)(p + PAGE_SIZE), 0UL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 2 * PAGE_SIZE), 0);
}

SELFTEST(memory, mmap_refuses_what_it_cannot_do)
{
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, 3, 0x02, 3, 0), -EINVAL);	/* a file */
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, 0, 3, 0x22, -1, 0), -EINVAL);		/* empty */
	EXPECT_EQ(t, syscall6(__NR_mmap, TASK_SIZE_MAX, PAGE_SIZE, 3, 0x32, -1, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0x1000, PAGE_SIZE, 3, 0x32, -1, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, 0, 0x22, -1, 0), -EINVAL);	/* PROT_NONE */
}

/* MAP_STACK is a hint (glibc and Linux's sigaltstack test pass it): an ordinary mapping. */
SELFTEST(memory, mmap_stack_hint_accepted)
{
	unsigned long p = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, 3, 0x22 | 0x20000, -1, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	memset((void *)p, 1, 2 * PAGE_SIZE);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 2 * PAGE_SIZE), 0);
}

static unsigned long exec_target;

static void write_target(void)
{
	*(volatile u8 *)exec_target = 1;
}

SELFTEST(memory, mprotect_read_only)
{
	unsigned long p = syscall6(__NR_mmap, 0, PAGE_SIZE, 3, 0x22, -1, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, 1), 0);
	exec_target = p;
	ASSERT_TRUE(t, faults(write_target));
	EXPECT_EQ(t, caught.code, SEGV_ACCERR);
	EXPECT_EQ(t, syscall3(__NR_mprotect, 0x10000, PAGE_SIZE, 1), -ENOMEM);	/* unmapped */
	syscall2(__NR_munmap, p, PAGE_SIZE);
}
