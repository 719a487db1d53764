// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO (arch/x86/vdso/, arch/x86/vdso/vma.c): its functions give what the system
 * calls give, with every reader the machine offers; its pages are never the
 * kernel's to write (a write to a vDSO made writable copies the page);
 * mremap() moves it whole or not at all, and it works where it lands.
 */
#include <asm/cpufeature.h>
#include <uapi/bench.h>
#include <elf.h>
#include <time.h>
#include <uapi/mman.h>
#include "harness.h"

#define CLOCK_PROCESS_CPUTIME_ID 2	/* a clock the vDSO leaves to the kernel */

typedef int (*clock_gettime_fn)(int clock, struct kernel_timespec *ts);

static long ts_ns(const struct kernel_timespec *ts)
{
	return ts->tv_sec * 1000000000L + ts->tv_nsec;
}

static clock_gettime_fn vdso_clock_gettime(void)
{
	return (clock_gettime_fn)vdso_sym("__vdso_clock_gettime");
}

SELFTEST(vdso, exports_linux_functions)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);

	ASSERT_TRUE(t, base != 0);
	EXPECT_EQ(t, base & (PAGE_SIZE - 1), 0UL);
	EXPECT_EQ(t, memcmp((void *)base, "\177ELF", 4), 0);
	EXPECT_TRUE(t, vdso_sym("__vdso_clock_gettime") != NULL);
	EXPECT_TRUE(t, vdso_sym("__vdso_gettimeofday") != NULL);
	EXPECT_TRUE(t, vdso_sym("__vdso_time") != NULL);
	EXPECT_TRUE(t, vdso_sym("__vdso_getcpu") != NULL);
	EXPECT_TRUE(t, vdso_sym("__vdso_clock_getres") != NULL);
	EXPECT_TRUE(t, vdso_sym("clock_gettime") == vdso_sym("__vdso_clock_gettime"));
	EXPECT_TRUE(t, vdso_sym("__vdso_no_such_function") == NULL);
}

/*
 * syscall <= vDSO <= syscall <= vDSO ... on CLOCK_MONOTONIC and CLOCK_REALTIME:
 * both read one function of the TSC, so the order is exact, for each reader the
 * kernel lets BENCH_CLOCK select (the per-CPU one needs RDTSCP).
 */
static void check_interleaved(struct test *t, clock_gettime_fn vgettime, int clock)
{
	struct kernel_timespec s, v;
	long last = 0;

	for (int i = 0; i < 1000; i++) {
		ASSERT_EQ(t, syscall2(__NR_clock_gettime, clock, &s), 0);
		ASSERT_EQ(t, vgettime(clock, &v), 0);
		ASSERT_TRUE(t, last <= ts_ns(&s) && ts_ns(&s) <= ts_ns(&v));
		ASSERT_TRUE(t, v.tv_nsec >= 0 && v.tv_nsec < 1000000000L);
		last = ts_ns(&v);
	}
}

SELFTEST(vdso, clock_gettime_agrees_with_the_syscall_for_each_reader)
{
	clock_gettime_fn vgettime = vdso_clock_gettime();
	int readers = 0;

	ASSERT_TRUE(t, vgettime != NULL);
	for (long mode = BENCH_CLOCK_SYSCALL; mode <= BENCH_CLOCK_PERCPU; mode++) {
		if (syscall2(__NR_entrylab_bench, BENCH_CLOCK, mode))
			continue;
		readers++;
		check_interleaved(t, vgettime, CLOCK_MONOTONIC);
		check_interleaved(t, vgettime, CLOCK_REALTIME);
	}
	syscall1(__NR_entrylab_bench, BENCH_END);
	/* The system call, the stable reader, and the per-CPU one if the CPU has RDTSCP. */
	EXPECT_EQ(t, readers, cpuid(0x80000001).edx & BIT(27) ? 3 : 2);
}

/* The vDSO's answer to a clock it does not read (CPU time, an unknown one) is the kernel's. */
SELFTEST(vdso, other_clocks_reach_the_kernel)
{
	clock_gettime_fn vgettime = vdso_clock_gettime();
	long before = syscall1(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS);
	struct kernel_timespec ts = { 0, 0 };

	ASSERT_TRUE(t, vgettime != NULL);
	EXPECT_EQ(t, vgettime(99, &ts), -EINVAL);
	EXPECT_EQ(t, vgettime(CLOCK_PROCESS_CPUTIME_ID, &ts), 0);
	EXPECT_TRUE(t, ts.tv_sec > 0 || ts.tv_nsec > 0);	/* this process has run */
	EXPECT_EQ(t, syscall1(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS) - before, 2L);
}

/* One ns for every clock the kernel keeps, as the system call says; unknown ones are its. */
SELFTEST(vdso, clock_getres_agrees_with_the_syscall)
{
	int (*vgetres)(int clock, struct kernel_timespec *res) = vdso_sym("__vdso_clock_getres");
	struct kernel_timespec v = { -1, -1 }, s = { -2, -2 };

	ASSERT_TRUE(t, vgetres != NULL);
	for (int clock = CLOCK_REALTIME; clock <= CLOCK_BOOTTIME; clock++) {
		EXPECT_EQ(t, (long)vgetres(clock, &v), syscall2(__NR_clock_getres, clock, &s));
		EXPECT_EQ(t, v.tv_sec, s.tv_sec);
		EXPECT_EQ(t, v.tv_nsec, s.tv_nsec);
	}
	EXPECT_EQ(t, vgetres(CLOCK_MONOTONIC, NULL), 0);
	EXPECT_EQ(t, vgetres(99, &v), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_clock_getres, CLOCK_MONOTONIC, &s), 0L);
	EXPECT_EQ(t, s.tv_sec, 0L);
	EXPECT_EQ(t, s.tv_nsec, 1L);
}

SELFTEST(vdso, gettimeofday_time_and_getcpu)
{
	long (*vgtod)(void *tv, void *tz) = vdso_sym("__vdso_gettimeofday");
	long (*vtime)(long *t) = vdso_sym("__vdso_time");
	long (*vgetcpu)(unsigned int *cpu, unsigned int *node, void *cache) =
		vdso_sym("__vdso_getcpu");
	struct kernel_timeval tv;
	unsigned int cpu = 99, node = 99, scpu = 98;
	unsigned long here, all = 0;
	long t1, t2;

	ASSERT_TRUE(t, vgtod && vtime && vgetcpu);
	t1 = syscall1(__NR_time, NULL);
	EXPECT_EQ(t, vgtod(&tv, NULL), 0L);
	EXPECT_EQ(t, vtime(&t2), t2);
	EXPECT_TRUE(t, t1 <= tv.tv_sec && tv.tv_sec <= t2 &&
		    tv.tv_usec >= 0 && tv.tv_usec < 1000000);
	EXPECT_LE(t, t2, syscall1(__NR_time, NULL));
	/* Pinned, so the two answers are about one CPU. */
	syscall3(__NR_sched_getaffinity, 0, sizeof(all), &all);
	syscall3(__NR_getcpu, &scpu, NULL, NULL);
	here = 1UL << scpu;
	ASSERT_EQ(t, syscall3(__NR_sched_setaffinity, 0, sizeof(here), &here), 0);
	EXPECT_EQ(t, vgetcpu(&cpu, &node, NULL), 0L);
	EXPECT_EQ(t, cpu, scpu);
	EXPECT_EQ(t, node, 0U);
	syscall3(__NR_sched_setaffinity, 0, sizeof(all), &all);
}

static unsigned long write_target;

static void write_it(void)
{
	*(volatile u8 *)write_target = 1;
}

/*
 * The vDSO's length: mprotect() to what it is already is refused (-EINVAL) for
 * a part of it, a special mapping not being split, and done for the whole.
 */
static unsigned long vdso_len(unsigned long vdso)
{
	unsigned long len = PAGE_SIZE;

	while (syscall3(__NR_mprotect, vdso, len, PROT_READ | PROT_EXEC) == -EINVAL &&
	       len < 64 * PAGE_SIZE)
		len += PAGE_SIZE;
	return len;
}

/* A child: its vDSO made writable, written, dropped back to the kernel's by MADV_DONTNEED. */
static int write_own_vdso(void)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), len = vdso_len(vdso);

	if (syscall3(__NR_mprotect, vdso, len, PROT_READ | PROT_WRITE | PROT_EXEC))
		return 1;
	*(volatile u8 *)(vdso + 1) = 'X';
	if (*(volatile u8 *)(vdso + 1) != 'X')
		return 2;
	if (syscall3(__NR_madvise, vdso, len, MADV_DONTNEED) ||
	    memcmp((void *)vdso, "\177ELF", 4))
		return 3;
	*(volatile u8 *)(vdso + 1) = 'Y';	/* a copy again, left for exit to free */
	return *(volatile u8 *)(vdso + 1) == 'Y' ? 0 : 4;
}

/*
 * As Linux's special mappings: the vvar page (one page below the vDSO, vdso.lds)
 * never becomes writable or executable (no VM_MAYWRITE, VM_MAYEXEC: -EACCES),
 * nor does MADV_DONTNEED reach it (-EINVAL); the vDSO may be made writable, whole
 * only (-EINVAL for a part), and a write then lands in a private copy: the
 * kernel's pages, every other process's vDSO, are never written.
 */
SELFTEST(vdso, vvar_stays_read_only_and_the_vdso_copies_on_write)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), vvar = vdso - PAGE_SIZE;
	unsigned long len = vdso_len(vdso);

	EXPECT_EQ(t, syscall3(__NR_mprotect, vvar, PAGE_SIZE, PROT_READ | PROT_WRITE), -EACCES);
	EXPECT_EQ(t, syscall3(__NR_mprotect, vvar, PAGE_SIZE, PROT_READ | PROT_EXEC), -EACCES);
	EXPECT_EQ(t, syscall3(__NR_mprotect, vvar, PAGE_SIZE, PROT_READ), 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_DONTNEED), -EINVAL);
	if (len > PAGE_SIZE)
		EXPECT_EQ(t, syscall3(__NR_mprotect, vdso, PAGE_SIZE, PROT_READ | PROT_WRITE),
			  -EINVAL);
	write_target = vvar;
	EXPECT_TRUE(t, faults(write_it));
	EXPECT_EQ(t, caught.code, SEGV_ACCERR);
	write_target = vdso;
	EXPECT_TRUE(t, faults(write_it));
	EXPECT_EQ(t, caught.code, SEGV_ACCERR);
	/* The kernel's copy_to_user() cannot write there either. */
	EXPECT_EQ(t, syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, vvar), -EFAULT);
	EXPECT_EQ(t, in_child(write_own_vdso), 0);
	EXPECT_EQ(t, memcmp((void *)vdso, "\177ELF", 4), 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, vdso, len, MADV_DONTNEED), 0);
	EXPECT_EQ(t, memcmp((void *)vdso, "\177ELF", 4), 0);
}

static long move(unsigned long from, unsigned long len, unsigned long to)
{
	return syscall5(__NR_mremap, from, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, to);
}

/*
 * What CRIU does: move the vvar page and the vDSO, each whole, to a new place
 * (two adjacent pages reserved first), call the vDSO there, and move them back.
 * A part of either or a new size is refused (-EINVAL), and so are both in one call
 * and growing (-EFAULT: Linux's vma_to_resize()).
 */
SELFTEST(vdso, mremap_moves_it_whole_and_it_still_works)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), vvar = vdso - PAGE_SIZE;
	unsigned long off = (unsigned long)vdso_clock_gettime() - vdso;
	unsigned long len = PAGE_SIZE, dest;
	struct kernel_timespec a, b;

	ASSERT_TRUE(t, vdso_clock_gettime() != NULL);
	while (move(vdso, len, vdso + 64 * PAGE_SIZE) == -EINVAL && len < 64 * PAGE_SIZE)
		len += PAGE_SIZE;	/* the vDSO's size, found as test_mremap_vdso does */
	ASSERT_EQ(t, move(vdso + 64 * PAGE_SIZE, len, vdso), (long)vdso);
	dest = syscall6(__NR_mmap, 0, len + PAGE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	ASSERT_TRUE(t, dest < TASK_SIZE_MAX);
	EXPECT_EQ(t, move(vvar, len + PAGE_SIZE, dest), -EFAULT);	/* two mappings */
	EXPECT_EQ(t, syscall5(__NR_mremap, vdso, len, len + PAGE_SIZE, MREMAP_MAYMOVE, 0),
		  -EFAULT);					/* VM_DONTEXPAND */
	ASSERT_EQ(t, move(vvar, PAGE_SIZE, dest), (long)dest);
	ASSERT_EQ(t, move(vdso, len, dest + PAGE_SIZE), (long)(dest + PAGE_SIZE));
	EXPECT_EQ(t, ((clock_gettime_fn)(dest + PAGE_SIZE + off))(CLOCK_MONOTONIC, &a), 0);
	syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, &b);
	EXPECT_LE(t, ts_ns(&a), ts_ns(&b));
	EXPECT_GT(t, ts_ns(&a), 0L);
	ASSERT_EQ(t, move(dest, PAGE_SIZE, vvar), (long)vvar);
	ASSERT_EQ(t, move(dest + PAGE_SIZE, len, vdso), (long)vdso);
	EXPECT_EQ(t, vdso_clock_gettime()(CLOCK_MONOTONIC, &a), 0);
}

/* fork() shares the pages; the child's vDSO works, and the parent's after it exits. */
SELFTEST(vdso, works_in_a_forked_child)
{
	clock_gettime_fn vgettime = vdso_clock_gettime();
	struct kernel_timespec ts;
	int status = -1;
	long pid;

	ASSERT_TRUE(t, vgettime != NULL);
	pid = syscall0(__NR_fork);
	if (pid == 0)
		exit(vgettime(CLOCK_MONOTONIC, &ts) == 0 && ts_ns(&ts) > 0 ? 0 : 1);
	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), pid);
	EXPECT_EQ(t, status, 0);
	EXPECT_EQ(t, vgettime(CLOCK_MONOTONIC, &ts), 0);
}

/*
 * CLOCK_MONOTONIC through the vDSO never goes back: not in one thread's reads, nor
 * in reads taken in turn under one lock by threads on every CPU (the shared-list
 * check of Linux's timers/threadtest), for about a second. The stable reader once
 * kept the record's fields from before its retry loop (the vDSO declared the page
 * const), so a read that raced CPU 0's rebase came out one tick back.
 */
#define CLOCK_THREADS	4

static volatile int clock_lock;
static long clock_shared_last, clock_backwards, clock_reads_left;

static int read_clock_in_turn(void *arg)
{
	clock_gettime_fn get = (clock_gettime_fn)arg;
	struct kernel_timespec ts;
	long mine = 0;

	while (__atomic_sub_fetch(&clock_reads_left, 1, __ATOMIC_RELAXED) > 0) {
		get(CLOCK_MONOTONIC, &ts);
		if (ts_ns(&ts) < mine)
			__atomic_add_fetch(&clock_backwards, 1, __ATOMIC_RELAXED);
		mine = ts_ns(&ts);
		while (__atomic_exchange_n(&clock_lock, 1, __ATOMIC_ACQUIRE))
			asm volatile("pause");
		get(CLOCK_MONOTONIC, &ts);
		if (ts_ns(&ts) < clock_shared_last)
			clock_backwards++;
		clock_shared_last = ts_ns(&ts);
		__atomic_store_n(&clock_lock, 0, __ATOMIC_RELEASE);
	}
	return 0;
}

SELFTEST(vdso, clock_monotonic_never_goes_back_across_threads)
{
	clock_gettime_fn get = vdso_clock_gettime();
	struct thread th[CLOCK_THREADS - 1];

	ASSERT_TRUE(t, get != NULL);
	clock_backwards = clock_shared_last = 0;
	clock_reads_left = 2000000;
	for (int i = 0; i < CLOCK_THREADS - 1; i++)
		ASSERT_TRUE(t, thread_start(&th[i], read_clock_in_turn, (void *)get) > 0);
	read_clock_in_turn((void *)get);
	for (int i = 0; i < CLOCK_THREADS - 1; i++)
		thread_join(&th[i]);
	EXPECT_EQ(t, clock_backwards, 0L);
}

/* A fork child's vDSO after MADV_WIPEONFORK: its pages again, and its clock works. */
static int vdso_works(void)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR);
	struct kernel_timespec ts = { 0, 0 };

	return !memcmp((void *)vdso, "\177ELF", 4) &&
	       !vdso_clock_gettime()(CLOCK_MONOTONIC, &ts) && ts_ns(&ts) > 0 ? 0 : 1;
}

/*
 * MADV_WIPEONFORK on the vDSO and the vvar page: Linux takes the advice for a
 * special mapping whole (it has no file) and refuses a split of one (-EINVAL);
 * a fork child then finds the vDSO's and the vvar's pages again, not zeros
 * (Linux 6.12 answers the same; fails with -EINVAL for the advice).
 */
SELFTEST(vdso, wipeonfork_takes_special_mappings_whole)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), vvar = vdso - PAGE_SIZE;
	unsigned long len = vdso_len(vdso);

	if (len > PAGE_SIZE)
		EXPECT_EQ(t, syscall3(__NR_madvise, vdso, PAGE_SIZE, MADV_WIPEONFORK), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, vdso, len, MADV_WIPEONFORK), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_WIPEONFORK), 0L);
	EXPECT_EQ(t, in_child(vdso_works), 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE + len, MADV_KEEPONFORK), 0L);
	EXPECT_EQ(t, in_child(vdso_works), 0);
}
