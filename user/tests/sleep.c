// SPDX-License-Identifier: GPL-2.0
/*
 * Blocking syscalls and what a signal does to them: nanosleep, clock_nanosleep,
 * pause, rt_sigsuspend, rt_sigtimedwait, and a blocking wait4 with and without
 * SA_RESTART. The signal comes from a child process, so the caller really is
 * asleep when it arrives.
 */
#include "harness.h"

#define CLOCK_MONOTONIC		1
#define CLOCK_THREAD_CPUTIME_ID	3
#define CLOCK_MONOTONIC_COARSE	6
#define TIMER_ABSTIME		1

static long now_ns(void)
{
	struct timespec64 ts;

	syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, &ts);
	return ts.sec * 1000000000L + ts.nsec;
}

static volatile int handled;

static void count_signal(int sig)
{
	handled++;
}

SELFTEST(sleep, nanosleep_sleeps_at_least_the_time)
{
	struct timespec64 ts = { 0, 30 * 1000000L }, bad = { 0, 1000000000L };
	long start = now_ns();

	EXPECT_EQ(t, syscall2(__NR_nanosleep, &ts, NULL), 0);
	EXPECT_TRUE(t, now_ns() - start >= 30 * 1000000L);
	EXPECT_EQ(t, syscall2(__NR_nanosleep, &bad, NULL), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_nanosleep, 0x10000, NULL), -EFAULT);
}

SELFTEST(sleep, clock_nanosleep_absolute_and_bad_clock)
{
	struct timespec64 past = { 0, 1 }, ts = { 0, 1000 };

	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, &past, NULL),
		  0);
	/* Clocks Linux has no sleep for: a thread's CPU time, the raw and coarse clocks. */
	for (int clock = CLOCK_THREAD_CPUTIME_ID; clock <= CLOCK_MONOTONIC_COARSE; clock++)
		EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, clock, 0, &ts, NULL), -EOPNOTSUPP);
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, 10, 0, &ts, NULL),
		  -EINVAL);	/* no clock */
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, -2, 0, &ts, NULL),
		  -EINVAL);	/* our thread's */
}

/* A handled signal ends the sleep with -EINTR and the time left: never a restart. */
SELFTEST(sleep, handled_signal_interrupts_nanosleep)
{
	struct timespec64 ts = { 10, 0 }, left = { -1, -1 };
	long pid;

	handled = 0;
	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	pid = signal_later(SIGUSR1, 20, 0);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall2(__NR_nanosleep, &ts, &left), -EINTR);
	EXPECT_EQ(t, handled, 1);
	EXPECT_TRUE(t, left.sec >= 8 && left.sec < 10);
	wait_status(pid);
	reset_signal(SIGUSR1);
}

/* wait4 is -ERESTARTSYS: SA_RESTART runs the handler and waits on; without, -EINTR. */
SELFTEST(sleep, sa_restart_decides_for_wait4)
{
	int status = -1;
	long pid;

	handled = 0;
	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	pid = signal_later(SIGUSR1, 20, 6);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), pid);
	EXPECT_EQ(t, handled, 1);
	EXPECT_EQ(t, status, 6 << 8);

	sigaction(SIGUSR1, (unsigned long)count_signal, 0, 0, NULL);
	pid = signal_later(SIGUSR1, 20, 0);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), -EINTR);
	EXPECT_EQ(t, handled, 2);
	EXPECT_EQ(t, wait_status(pid), 0);
	reset_signal(SIGUSR1);
}

SELFTEST(sleep, pause_returns_eintr_after_a_handler)
{
	long pid;

	handled = 0;
	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	pid = signal_later(SIGUSR1, 20, 0);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall0(__NR_pause), -EINTR);	/* SA_RESTART or not */
	EXPECT_EQ(t, handled, 1);
	wait_status(pid);
	reset_signal(SIGUSR1);
}

/* The handler runs with the temporary mask; the old one is back afterwards. */
SELFTEST(sleep, rt_sigsuspend_swaps_the_mask)
{
	kernel_sigset_t usr1 = 1UL << (SIGUSR1 - 1), none = 0, now = 0;
	long pid;

	handled = 0;
	sigaction(SIGUSR1, (unsigned long)count_signal, 0, 0, NULL);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	pid = signal_later(SIGUSR1, 20, 0);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall2(__NR_rt_sigsuspend, &none, sizeof(none)), -EINTR);
	EXPECT_EQ(t, handled, 1);
	sigprocmask(SIG_BLOCK, NULL, &now);
	EXPECT_EQ(t, now & usr1, usr1);
	EXPECT_EQ(t, syscall2(__NR_rt_sigsuspend, &none, 4), -EINVAL);
	sigprocmask(SIG_UNBLOCK, &usr1, NULL);
	wait_status(pid);
	reset_signal(SIGUSR1);
}

SELFTEST(sleep, rt_sigtimedwait_takes_a_blocked_signal)
{
	kernel_sigset_t usr1 = 1UL << (SIGUSR1 - 1);
	struct timespec64 soon = { 0, 10 * 1000000L };
	struct kernel_siginfo si;
	long pid;

	sigprocmask(SIG_BLOCK, &usr1, NULL);
	EXPECT_EQ(t, syscall4(__NR_rt_sigtimedwait, &usr1, NULL, &soon, 8), -EAGAIN);
	kill(getpid(), SIGUSR1);
	EXPECT_EQ(t, syscall4(__NR_rt_sigtimedwait, &usr1, &si, NULL, 8), SIGUSR1);
	EXPECT_EQ(t, si.si_signo, SIGUSR1);
	EXPECT_EQ(t, si.si_code, SI_USER);
	EXPECT_EQ(t, si.kill.pid, getpid());
	pid = signal_later(SIGUSR1, 20, 0);		/* one that has to be waited for */
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_rt_sigtimedwait, &usr1, NULL, NULL, 8), SIGUSR1);
	EXPECT_EQ(t, syscall4(__NR_rt_sigtimedwait, &usr1, NULL, NULL, 4), -EINVAL);
	sigprocmask(SIG_UNBLOCK, &usr1, NULL);
	wait_status(pid);
}

/* restart_syscall() with nothing to restart: -EINTR, as on Linux. */
SELFTEST(sleep, stray_restart_syscall_is_eintr)
{
	EXPECT_EQ(t, syscall0(__NR_restart_syscall), -EINTR);
}
