// SPDX-License-Identifier: GPL-2.0
/*
 * Every syscall that takes a pointer, given each kind of bad pointer: -EFAULT,
 * and nothing written (Linux's syscall_arg_fault test, generalised). The
 * straddling pointer starts in a mapped page filled with 0x5a and runs past
 * TASK_SIZE_MAX: a kernel that wrote first and checked later would change it.
 */
#include <uapi/bench.h>
#include "harness.h"

#define NR_BAD 5

static unsigned long bad[NR_BAD];
static const kernel_sigset_t no_signals;

static void setup(struct test *t)
{
	ASSERT_EQ(t, map_top_page(false), TASK_SIZE_MAX - PAGE_SIZE);
	bad[0] = 0xffffffff80100000UL;		/* kernel text */
	bad[1] = 0xffff888000100000UL;		/* kernel direct map */
	bad[2] = 0x0000800000000000UL;		/* non-canonical */
	bad[3] = 0x10000UL;			/* never mapped */
	bad[4] = TASK_SIZE_MAX - 4;		/* straddles TASK_SIZE_MAX: every object is
						 * >= 8 bytes */
}

static bool top_page_untouched(void)
{
	const u8 *p = (const u8 *)(TASK_SIZE_MAX - 64);

	for (int i = 0; i < 64; i++)
		if (p[i] != 0x5a)
			return false;
	return true;
}

#define EXPECT_EFAULT_ALL(t, call)						\
	do {									\
		setup(t);							\
		for (int i = 0; i < NR_BAD; i++) {				\
			unsigned long p = bad[i];				\
			long ret = (call);					\
			if (ret != -EFAULT)					\
				test_fail(t, __FILE__, __LINE__, "%s with %lx: %ld", \
					  #call, p, ret);			\
		}								\
		EXPECT_TRUE(t, top_page_untouched());				\
		syscall2(__NR_munmap, TASK_SIZE_MAX - PAGE_SIZE, PAGE_SIZE);	\
		sigprocmask(SIG_SETMASK, &no_signals, NULL);			\
	} while (0)

SELFTEST(efault, write)
{
	EXPECT_EFAULT_ALL(t, syscall3(__NR_write, 1, p, 16));
}

SELFTEST(efault, writev_iovec)
{
	EXPECT_EFAULT_ALL(t, syscall3(__NR_writev, 1, p, 1));
}

SELFTEST(efault, writev_buffer)
{
	struct {
		unsigned long base, len;
	} iov;

	EXPECT_EFAULT_ALL(t, (iov.base = p, iov.len = 16, syscall3(__NR_writev, 1, &iov, 1)));
}

SELFTEST(efault, uname)
{
	EXPECT_EFAULT_ALL(t, syscall1(__NR_uname, p));
}

SELFTEST(efault, clock_gettime)
{
	EXPECT_EFAULT_ALL(t, syscall2(__NR_clock_gettime, 1, p));
}

SELFTEST(efault, clock_getres)
{
	EXPECT_EFAULT_ALL(t, syscall2(__NR_clock_getres, 1, p));
}

SELFTEST(efault, arch_prctl_get_fs)
{
	EXPECT_EFAULT_ALL(t, syscall2(__NR_arch_prctl, 0x1003, p));
}

SELFTEST(efault, rt_sigaction)
{
	EXPECT_EFAULT_ALL(t, syscall6(__NR_rt_sigaction, SIGUSR1, p, 0, 8, 0, 0));
	EXPECT_EFAULT_ALL(t, syscall6(__NR_rt_sigaction, SIGUSR1, 0, p, 8, 0, 0));
}

SELFTEST(efault, rt_sigprocmask)
{
	EXPECT_EFAULT_ALL(t, syscall6(__NR_rt_sigprocmask, SIG_BLOCK, p, 0, 8, 0, 0));
	EXPECT_EFAULT_ALL(t, syscall6(__NR_rt_sigprocmask, SIG_BLOCK, 0, p, 8, 0, 0));
}

SELFTEST(efault, rt_sigpending)
{
	EXPECT_EFAULT_ALL(t, syscall2(__NR_rt_sigpending, p, 8));
}

SELFTEST(efault, sigaltstack)
{
	EXPECT_EFAULT_ALL(t, syscall2(__NR_sigaltstack, p, 0));
	EXPECT_EFAULT_ALL(t, syscall2(__NR_sigaltstack, 0, p));
}

SELFTEST(efault, sched_setaffinity)
{
	EXPECT_EFAULT_ALL(t, syscall3(__NR_sched_setaffinity, 0, 8, p));
}

SELFTEST(efault, sched_getaffinity)
{
	EXPECT_EFAULT_ALL(t, syscall3(__NR_sched_getaffinity, 0, 8, p));
}

SELFTEST(efault, getrandom)
{
	EXPECT_EFAULT_ALL(t, syscall3(__NR_getrandom, p, 16, 0));
}

SELFTEST(efault, bench_report)
{
	EXPECT_EFAULT_ALL(t, syscall5(__NR_entrylab_bench, BENCH_REPORT, 0, 0, 1, p));
}

/*
 * Buffer and length: the range must be user memory over the whole length, or
 * the call is -EFAULT with nothing moved, as Linux's access_ok() before the
 * count's clamp to MAX_RW_COUNT: a range ending exactly at TASK_SIZE_MAX is
 * fine, one byte more is not, nor a length that wraps, nor 2^62 bytes from a
 * small buffer (which a clamp-first kernel would answer with what is mapped).
 */
struct pipe_pair {
	int r, w;
};

static bool pipe_empty(const struct pipe_pair *p)
{
	char c;

	return syscall3(__NR_read, p->r, &c, 1) == -EAGAIN;
}

#define O_NONBLOCK	04000

SELFTEST(efault, ranges_past_the_top_are_refused_whole)
{
	static char small[16] = "0123456789abcdef";
	const unsigned long top16 = TASK_SIZE_MAX - 16;
	struct { unsigned long base, len; } iov[2];
	struct pipe_pair p;
	int fds[2];
	char got[17];

	ASSERT_EQ(t, map_top_page(false), TASK_SIZE_MAX - PAGE_SIZE);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, O_NONBLOCK), 0L);
	p.r = fds[0];
	p.w = fds[1];

	EXPECT_EQ(t, syscall3(__NR_write, p.w, small, 1UL << 62), -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_write, p.w, small, -1UL), -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_write, p.w, top16, 17), -EFAULT);
	EXPECT_TRUE(t, pipe_empty(&p));
	EXPECT_EQ(t, syscall3(__NR_write, p.w, top16, 16), 16L);	/* ends at the top */
	EXPECT_EQ(t, syscall3(__NR_read, p.r, top16, 17), -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_read, p.r, got, 16), 16L);		/* still all there */
	EXPECT_EQ(t, syscall3(__NR_read, p.r, small, 1UL << 62), -EFAULT);	/* empty, but first
										 * the range */

	/* One bad segment fails the whole vector: nothing of the good one moves. */
	iov[0].base = (unsigned long)small, iov[0].len = 16;
	iov[1].base = top16, iov[1].len = 17;
	EXPECT_EQ(t, syscall3(__NR_writev, p.w, iov, 2), -EFAULT);
	EXPECT_TRUE(t, pipe_empty(&p));
	iov[1].len = 16;
	EXPECT_EQ(t, syscall3(__NR_writev, p.w, iov, 2), 32L);
	EXPECT_EQ(t, syscall3(__NR_read, p.r, got, 16), 16L);
	EXPECT_EQ(t, syscall3(__NR_read, p.r, got, 16), 16L);
	iov[1].len = 1UL << 62;
	EXPECT_EQ(t, syscall6(__NR_process_vm_readv, getpid(), (long)iov, 2, (long)iov, 1, 0),
		  -EFAULT);

	syscall1(__NR_close, p.r);
	syscall1(__NR_close, p.w);
	syscall2(__NR_munmap, TASK_SIZE_MAX - PAGE_SIZE, PAGE_SIZE);
}

/* pread64 and pwrite64 check the range before the offset's file is touched. */
SELFTEST(efault, positioned_ranges_past_the_top_are_refused_whole)
{
	static char small[16];
	long null = syscall3(__NR_open, "/dev/null", 2 /* O_RDWR */, 0);

	ASSERT_TRUE(t, null >= 0);
	EXPECT_EQ(t, syscall4(__NR_pwrite64, null, small, 1UL << 62, 0), -EFAULT);
	EXPECT_EQ(t, syscall4(__NR_pread64, null, small, -1UL, 0), -EFAULT);
	EXPECT_EQ(t, syscall4(__NR_pwrite64, null, small, sizeof(small), 0), (long)sizeof(small));
	syscall1(__NR_close, null);
}
