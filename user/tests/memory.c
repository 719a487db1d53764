// SPDX-License-Identifier: GPL-2.0
/* brk, mmap, munmap and mprotect at their edges. */
#include <elf.h>
#include <uapi/mman.h>
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
	unsigned long p = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && !(p & (PAGE_SIZE - 1)));
	EXPECT_EQ(t, *(u64 *)p | *(u64 *)(p + PAGE_SIZE), 0UL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 2 * PAGE_SIZE), 0);
}

SELFTEST(memory, mmap_refuses_what_it_cannot_do)
{
	/* No file; an empty range */
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, 200, 0),
		  -EBADF);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, 0, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			      -1, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_mmap, TASK_SIZE_MAX, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), -ENOMEM);
	/* Below mmap_min_addr: -EPERM, Linux's answer without CAP_SYS_RAWIO (entrylab: anyone). */
	EXPECT_EQ(t, syscall6(__NR_mmap, 0x1000, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), -EPERM);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0), -EPERM);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0x1001, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), -EINVAL);
	/* Neither MAP_SHARED nor MAP_PRIVATE (regions.c has the rest of the flags) */
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_ANONYMOUS,
			      -1, 0), -EINVAL);
}

/* MAP_STACK is a hint (glibc and Linux's sigaltstack test pass it): an ordinary mapping. */
SELFTEST(memory, mmap_stack_hint_accepted)
{
	unsigned long p = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

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
	unsigned long p = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, PROT_READ), 0);
	exec_target = p;
	ASSERT_TRUE(t, faults(write_target));
	EXPECT_EQ(t, caught.code, SEGV_ACCERR);
	/* An unmapped range */
	EXPECT_EQ(t, syscall3(__NR_mprotect, 0x10000, PAGE_SIZE, PROT_READ), -ENOMEM);
	syscall2(__NR_munmap, p, PAGE_SIZE);
}

static unsigned long map(unsigned long addr, unsigned long len, int prot, int flags)
{
	return syscall6(__NR_mmap, addr, len, prot, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

static void read_target(void)
{
	(void)*(volatile u8 *)exec_target;
}

/* PROT_NONE for real: every access faults (ACCERR: it is mapped), the data survives. */
SELFTEST(memory, prot_none_faults_and_keeps_data)
{
	unsigned long p = map(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, 0);
	unsigned long r = map(0, PAGE_SIZE, PROT_NONE, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && r < TASK_SIZE_MAX);
	*(volatile u8 *)p = 0x77;
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, PROT_NONE), 0);
	exec_target = p;
	ASSERT_TRUE(t, faults(read_target));
	EXPECT_EQ(t, caught.code, SEGV_ACCERR);
	EXPECT_EQ(t, caught.addr, p);
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, PROT_READ | PROT_WRITE), 0);
	EXPECT_EQ(t, *(volatile u8 *)p, 0x77);
	/* A reservation made accessible reads as zeros. */
	exec_target = r;
	EXPECT_TRUE(t, faults(read_target));
	EXPECT_EQ(t, syscall3(__NR_mprotect, r, PAGE_SIZE, PROT_READ | PROT_WRITE), 0);
	EXPECT_EQ(t, *(volatile u8 *)r, 0);
	syscall2(__NR_munmap, p, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, r, PAGE_SIZE);
}

SELFTEST(memory, map_fixed_noreplace_and_map_32bit)
{
	unsigned long p = map(0, 17 * PAGE_SIZE, PROT_READ | PROT_WRITE, 0), q;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	ASSERT_EQ(t, syscall2(__NR_munmap, p + PAGE_SIZE, 16 * PAGE_SIZE), 0);
	EXPECT_EQ(t, map(p, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_FIXED_NOREPLACE), -EEXIST);
	q = map(p + 16 * PAGE_SIZE, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_FIXED_NOREPLACE);
	EXPECT_EQ(t, q, p + 16 * PAGE_SIZE);
	q = map(0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_32BIT);
	EXPECT_TRUE(t, q < 0x80000000UL);
	*(volatile u8 *)q = 1;
	syscall2(__NR_munmap, q, PAGE_SIZE);
	syscall2(__NR_munmap, p, PAGE_SIZE);
	syscall2(__NR_munmap, p + 16 * PAGE_SIZE, PAGE_SIZE);
}

static long mremap(unsigned long old, unsigned long old_len, unsigned long new_len, int flags,
		   unsigned long new)
{
	return syscall5(__NR_mremap, old, old_len, new_len, flags, new);
}

/* Shrink and grow in place, move (data and all) when the room above is taken. */
SELFTEST(memory, mremap_shrinks_grows_and_moves)
{
	unsigned long p = map(0, 4 * PAGE_SIZE, PROT_READ | PROT_WRITE, 0), q;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	((volatile u8 *)p)[0] = 0x11;
	EXPECT_EQ(t, mremap(p, 4 * PAGE_SIZE, PAGE_SIZE, 0, 0), (long)p);
	exec_target = p + PAGE_SIZE;
	EXPECT_TRUE(t, faults(read_target));		/* the tail is gone */
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, 2 * PAGE_SIZE, 0, 0), (long)p);	/* room above */
	EXPECT_EQ(t, ((volatile u8 *)p)[PAGE_SIZE], 0);
	q = map(p + 2 * PAGE_SIZE, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_FIXED); /* none now */
	EXPECT_EQ(t, mremap(p, 2 * PAGE_SIZE, 3 * PAGE_SIZE, 0, 0), -ENOMEM);
	q = mremap(p, 2 * PAGE_SIZE, 3 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, q < TASK_SIZE_MAX && q != p);
	EXPECT_EQ(t, ((volatile u8 *)q)[0], 0x11);
	exec_target = p;
	EXPECT_TRUE(t, faults(read_target));		/* the old place is unmapped */
	/* MREMAP_FIXED needs MREMAP_MAYMOVE. */
	EXPECT_EQ(t, mremap(q, PAGE_SIZE, PAGE_SIZE, MREMAP_FIXED, p), -EINVAL);
	EXPECT_EQ(t, mremap(q, PAGE_SIZE, PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED,
			    TASK_SIZE_MAX), -EINVAL);
	EXPECT_EQ(t, mremap(q, PAGE_SIZE, PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED, 0x1000),
		  -EPERM);				/* below mmap_min_addr */
	EXPECT_EQ(t, mremap(q, PAGE_SIZE, PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED, p), (long)p);
	EXPECT_EQ(t, ((volatile u8 *)p)[0], 0x11);
	EXPECT_EQ(t, mremap(0x10000, PAGE_SIZE, PAGE_SIZE, 0, 0), -EFAULT);	/* not mapped */
	syscall2(__NR_munmap, p, PAGE_SIZE);
	syscall2(__NR_munmap, q, 3 * PAGE_SIZE);
	syscall2(__NR_munmap, p + 2 * PAGE_SIZE, PAGE_SIZE);
}

SELFTEST(memory, madvise_dontneed_zeroes)
{
	unsigned long p = map(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	memset((void *)p, 0x33, 2 * PAGE_SIZE);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, PAGE_SIZE, MADV_DONTNEED), 0);
	EXPECT_EQ(t, ((volatile u8 *)p)[0], 0);
	EXPECT_EQ(t, ((volatile u8 *)p)[PAGE_SIZE], 0x33);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, PAGE_SIZE, 12345), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, p + 1, PAGE_SIZE, MADV_DONTNEED), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, 0x10000, PAGE_SIZE, MADV_DONTNEED), -ENOMEM);
	syscall2(__NR_munmap, p, 2 * PAGE_SIZE);
}

/*
 * The advice Linux 6.12 takes as hints: MADV_MERGEABLE and MADV_UNMERGEABLE
 * (same-page merging, which entrylab has not: 0 on any region, the vvar page
 * too), MADV_COLD and MADV_PAGEOUT (0 with the data kept; -EINVAL on a locked
 * region or the vvar page, as Linux's can_madv_lru_vma()); MADV_DONTNEED_LOCKED
 * drops a locked region's pages, where MADV_DONTNEED is -EINVAL, but not the
 * vvar page's. A hole is -ENOMEM. Each answer Linux 6.12's (fails with -EINVAL
 * for each new advice).
 */
SELFTEST(memory, madvise_hints_and_dontneed_locked)
{
	static const int hints[] = { MADV_MERGEABLE, MADV_UNMERGEABLE, MADV_COLD, MADV_PAGEOUT };
	unsigned long p = map(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, 0);
	unsigned long locked = map(0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_LOCKED);
	unsigned long vvar = getauxval(AT_SYSINFO_EHDR) - PAGE_SIZE;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && locked < TASK_SIZE_MAX);
	memset((void *)p, 0x33, 2 * PAGE_SIZE);
	for (unsigned int i = 0; i < ARRAY_SIZE(hints); i++) {
		EXPECT_EQ(t, syscall3(__NR_madvise, p, 2 * PAGE_SIZE, hints[i]), 0L);
		EXPECT_EQ(t, syscall3(__NR_madvise, 0x10000, PAGE_SIZE, hints[i]), -ENOMEM);
	}
	EXPECT_EQ(t, ((volatile u8 *)p)[0], 0x33);
	EXPECT_EQ(t, ((volatile u8 *)p)[PAGE_SIZE], 0x33);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_MERGEABLE), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_COLD), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_PAGEOUT), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_DONTNEED_LOCKED), -EINVAL);
	memset((void *)locked, 0x44, PAGE_SIZE);
	EXPECT_EQ(t, syscall3(__NR_madvise, locked, PAGE_SIZE, MADV_COLD), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, locked, PAGE_SIZE, MADV_PAGEOUT), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, locked, PAGE_SIZE, MADV_DONTNEED), -EINVAL);
	EXPECT_EQ(t, ((volatile u8 *)locked)[0], 0x44);
	EXPECT_EQ(t, syscall3(__NR_madvise, locked, PAGE_SIZE, MADV_DONTNEED_LOCKED), 0L);
	EXPECT_EQ(t, ((volatile u8 *)locked)[0], 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 2 * PAGE_SIZE, MADV_DONTNEED_LOCKED), 0L);
	EXPECT_EQ(t, ((volatile u8 *)p)[PAGE_SIZE], 0);
	syscall2(__NR_munmap, p, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, locked, PAGE_SIZE);
}

#define SHARED_WAIT_NAPS	5000		/* of 1 ms: generous for a loaded TCG host */

/* Naps until *word is value, a bounded number of times: true if it got there. */
static bool wait_for_word(volatile u64 *word, u64 value)
{
	struct timespec64 nap = { 0, 1000 * 1000 };

	for (int i = 0; i < SHARED_WAIT_NAPS && *word != value; i++)
		syscall2(__NR_nanosleep, &nap, NULL);
	return *word == value;
}

/*
 * MAP_SHARED|MAP_ANONYMOUS: one set of frames for the process and the children it
 * forks, whoever writes, through mprotect() (a write permission given back must
 * not turn into copy-on-write) and MADV_DONTNEED (the data stays, as on Linux);
 * a shared PROT_NONE page made accessible by one side is the other's too.
 */
SELFTEST(memory, map_shared_is_shared_with_forked_children)
{
	volatile u64 *p = (volatile u64 *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
						   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	volatile u64 *none = (volatile u64 *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_NONE,
						      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long pid;

	ASSERT_TRUE(t, (unsigned long)p < TASK_SIZE_MAX && (unsigned long)none < TASK_SIZE_MAX);
	p[0] = 1;
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		int bad = p[0] != 1;

		p[0] = 2;
		bad |= syscall3(__NR_mprotect, none, PAGE_SIZE, PROT_READ | PROT_WRITE) ? 2 : 0;
		none[0] = 5;
		syscall1(__NR_exit, bad);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, p[0], 2UL);				/* the child's write */
	ASSERT_EQ(t, syscall3(__NR_mprotect, none, PAGE_SIZE, PROT_READ | PROT_WRITE), 0L);
	EXPECT_EQ(t, none[0], 5UL);

	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, wait_for_word(&p[1], 4) && p[2] == 6 ? 0 : 1);
	ASSERT_TRUE(t, pid > 0);
	/* Read-only, then back */
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, PROT_READ), 0L);
	EXPECT_EQ(t, syscall3(__NR_mprotect, p, PAGE_SIZE, PROT_READ | PROT_WRITE), 0L);
	p[2] = 6;
	p[1] = 4;
	EXPECT_EQ(t, wait_status(pid), 0);			/* the child saw both */
	EXPECT_EQ(t, syscall3(__NR_madvise, p, PAGE_SIZE, MADV_DONTNEED), 0L);
	EXPECT_EQ(t, p[0], 2UL);
	syscall2(__NR_munmap, (unsigned long)p, PAGE_SIZE);
	syscall2(__NR_munmap, (unsigned long)none, PAGE_SIZE);
}
