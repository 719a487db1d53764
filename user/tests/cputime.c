// SPDX-License-Identifier: GPL-2.0
/*
 * CPU time (kernel/sched/cputime.c, kernel/rusage.c): the CPU-time clocks, their
 * encodings for other tasks, getrusage(2), times(2) and a reaped child's
 * rusage. Bounds only, never a wall-clock figure: a task that spins for a
 * while by CLOCK_MONOTONIC has run most of that while (nothing else runs
 * here), one that sleeps has not.
 */
#include <time.h>
#include <uapi/ptrace.h>
#include <uapi/resource.h>
#include "harness.h"

#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_THREAD	1
#define MS		1000000L
#define TIMER_ABSTIME	1

struct rusage {
	struct { long sec, usec; } utime, stime;
	long rest[14];
};

/* Linux's encodings (clock_getcpuclockid(), pthread_getcpuclockid()). */
static int process_clock(long pid, int which)
{
	return (int)((~pid) << 3) | which;
}

static long clock_ns(int clock)
{
	struct timespec64 ts;
	long err = syscall2(__NR_clock_gettime, clock, &ts);

	return err ? err : ts.sec * 1000000000L + ts.nsec;
}

/*
 * Runs in user mode until CLOCK_MONOTONIC has moved on by ms. The clock is read
 * by a syscall, whose entry and exit under TCG (PTI's CR3 writes flush QEMU's
 * TLB) take far longer than their instructions say: between two reads, about a
 * millisecond of user-mode work, so the tick finds the spin in user mode even on
 * a busy host (with a tenth of that, one boot in a loaded make test sampled 47 ms
 * of user time out of 100).
 */
static void spin_ms(long ms)
{
	long end = clock_ns(CLOCK_MONOTONIC) + ms * MS;

	while (clock_ns(CLOCK_MONOTONIC) < end)
		for (volatile int i = 0; i < 100000; i++)
			;
}

static long rusage_ns(int who, bool user)
{
	struct rusage ru;

	if (syscall2(__NR_getrusage, who, &ru))
		return -1;
	return user ? ru.utime.sec * 1000000000L + ru.utime.usec * 1000 :
		      ru.stime.sec * 1000000000L + ru.stime.usec * 1000;
}

/*
 * A spin is run time, a sleep is not; every encoding of our own clock agrees.
 * The run time read across the sleep is at most the time that passed around
 * those reads less the nap, as the sleeper was off the CPU from arming its
 * timer to its expiry: the bound is that less half the nap for the instructions
 * between arming and switching, not a fixed figure, as under plain TCG the
 * instructions around the sleep take as long as the host leaves QEMU waiting
 * (51 ms once, beside other boots).
 */
SELFTEST(cputime, clocks_count_running_not_sleeping)
{
	long pid = syscall0(__NR_getpid), t0, t1, t2, m1, m2, p, other;
	struct timespec64 nap = { 0, 100 * MS }, res;

	t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	spin_ms(100);
	t1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	EXPECT_GE(t, t1 - t0, 50 * MS);			/* fails with the clocks at 0 */
	m1 = clock_ns(CLOCK_MONOTONIC);
	t1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	syscall2(__NR_nanosleep, &nap, NULL);
	t2 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	m2 = clock_ns(CLOCK_MONOTONIC);
	EXPECT_LT(t, t2 - t1, m2 - m1 - 50 * MS);	/* fails if a sleep counts */
	p = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	EXPECT_GE(t, p, t2);
	EXPECT_GE(t, clock_ns(process_clock(pid, 2)), p);	/* SCHED: the run time */
	EXPECT_GE(t, clock_ns(process_clock(pid, 0)), p / 2);	/* PROF: user + system */
	EXPECT_GE(t, clock_ns(process_clock(0, 2 | 4)), t2);	/* our thread, by tid 0 */
	EXPECT_EQ(t, clock_ns(process_clock(pid, 3)), -EINVAL);	/* no such time */
	EXPECT_EQ(t, clock_ns(process_clock(99999, 2)), -EINVAL);
	other = syscall0(__NR_fork);
	if (other == 0) {
		syscall0(__NR_pause);
		syscall1(__NR_exit, 0);
	}
	EXPECT_GE(t, clock_ns(process_clock(other, 2)), 0L);	/* another process's */
	EXPECT_EQ(t, clock_ns(process_clock(other, 2 | 4)), -EINVAL);	/* not our thread */
	syscall2(__NR_kill, other, SIGKILL);
	wait_status(other);
	EXPECT_EQ(t, syscall2(__NR_clock_getres, CLOCK_THREAD_CPUTIME_ID, &res), 0L);
	EXPECT_EQ(t, res.nsec, 1L);
	EXPECT_EQ(t, syscall2(__NR_clock_getres, process_clock(pid, 0), &res), 0L);
	EXPECT_EQ(t, res.nsec, 10 * MS);			/* the tick's */
}

/* Reads of /dev/zero: nearly all of it the kernel's copying. */
static void kernel_work_ms(long ms)
{
	static char buf[1 << 20];
	long fd = syscall4(__NR_openat, -100, "/dev/zero", 0, 0);
	long end = clock_ns(CLOCK_MONOTONIC) + ms * MS;

	while (clock_ns(CLOCK_MONOTONIC) < end)
		syscall3(__NR_read, fd, buf, sizeof(buf));
	syscall1(__NR_close, fd);
}

/*
 * The tick samples user and system time: a spin in user mode is user time,
 * reading /dev/zero system time (each fails with the sampling broken, when
 * all of the run is reported as user time).
 */
SELFTEST(cputime, user_and_system_time_are_told_apart)
{
	long u0 = rusage_ns(RUSAGE_THREAD, true), s0 = rusage_ns(RUSAGE_THREAD, false), u1, s1;

	kernel_work_ms(200);
	u1 = rusage_ns(RUSAGE_THREAD, true);
	s1 = rusage_ns(RUSAGE_THREAD, false);
	EXPECT_GE(t, s1 - s0, 100 * MS);
	EXPECT_LT(t, u1 - u0, s1 - s0);
	spin_ms(200);
	EXPECT_GE(t, rusage_ns(RUSAGE_THREAD, true) - u1, 100 * MS);
	EXPECT_LT(t, rusage_ns(RUSAGE_THREAD, false) - s1, 100 * MS);
}

/*
 * getrusage's user time is the spin; user + system is at most the run time
 * read after; and neither ever goes back, though each report is scaled anew
 * (fails without the last report kept).
 */
SELFTEST(cputime, getrusage_and_times)
{
	long u0 = rusage_ns(RUSAGE_THREAD, true), u1, run;
	long tms[4], before = syscall1(__NR_times, NULL);
	struct rusage ru;

	spin_ms(100);
	EXPECT_EQ(t, syscall2(__NR_getrusage, RUSAGE_THREAD, &ru), 0L);
	run = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	u1 = ru.utime.sec * 1000000000L + ru.utime.usec * 1000;
	EXPECT_GE(t, u1 - u0, 50 * MS);			/* fails with the times at 0 */
	EXPECT_LE(t, u1 + ru.stime.sec * 1000000000L + ru.stime.usec * 1000, run);
	for (int i = 0; i < 100; i++) {			/* never back, whatever the mix */
		long u = rusage_ns(RUSAGE_SELF, true), s = rusage_ns(RUSAGE_SELF, false);

		syscall1(__NR_getppid, 0);
		spin_ms(1);
		EXPECT_GE(t, rusage_ns(RUSAGE_SELF, true), u);
		EXPECT_GE(t, rusage_ns(RUSAGE_SELF, false), s);
	}
	EXPECT_EQ(t, syscall2(__NR_getrusage, 2, tms), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_getrusage, RUSAGE_SELF, 8), -EFAULT);
	EXPECT_GE(t, syscall1(__NR_times, tms) - before, 10L);	/* 100 ticks a second */
	EXPECT_GE(t, tms[0], 5L);
	EXPECT_EQ(t, syscall1(__NR_times, 8), -EFAULT);
}

static int spinner(void)
{
	spin_ms(100);
	return 0;
}

/*
 * A child's times reach its parent when reaped, and not before: wait4's rusage
 * and RUSAGE_CHILDREN.
 */
static int reaper(void)
{
	long pid = syscall0(__NR_fork);
	struct rusage ru;
	int status;

	if (pid == 0)
		syscall1(__NR_exit, spinner());
	if (rusage_ns(RUSAGE_CHILDREN, true) != 0)
		return 1;
	if (syscall4(__NR_wait4, pid, &status, 0, &ru) != pid)
		return 2;
	if (ru.utime.sec * 1000000000L + ru.utime.usec * 1000 < 50 * MS)
		return 3;
	if (rusage_ns(RUSAGE_CHILDREN, true) < 50 * MS)
		return 4;
	return rusage_ns(RUSAGE_SELF, true) < 50 * MS ? 9 : 5;	/* ours are not its */
}

SELFTEST(cputime, children_count_once_reaped)
{
	EXPECT_EQ(t, in_child(reaper), 9 << 8);
}

static volatile long chld_utime = -1, chld_stime = -1;

static void on_sigchld(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	chld_utime = si->sigchld.utime;
	chld_stime = si->sigchld.stime;
}

/* An exit's SIGCHLD carries the child's user and system time, in clock ticks (100 a second). */
SELFTEST(cputime, sigchld_carries_the_childs_times)
{
	long pid;

	sigaction(SIGCHLD, (unsigned long)on_sigchld, SA_SIGINFO, 0, NULL);
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, spinner());
	wait_status(pid);			/* the handler has run when this returns */
	EXPECT_GE(t, chld_utime, 5L);		/* 100 ms of spinning: about 10 */
	EXPECT_GE(t, chld_stime, 0L);
	EXPECT_LE(t, chld_utime + chld_stime, 100L);
	reset_signal(SIGCHLD);
}

static volatile int spinning;

static int spin_until_told(void *arg)
{
	while (spinning)
		;
	return 0;
}

static void count_signal(int sig)
{
}

/*
 * clock_nanosleep() on our process's CPU clock returns once the process has run
 * that long, while another thread spins (fails with -EINVAL: no such sleep),
 * relative and absolute, by CLOCK_PROCESS_CPUTIME_ID and by our pid; on the
 * spinning thread's clock too. A handled signal ends it with -EINTR and the time
 * left. Our own thread's clock is -EINVAL, as Linux's, and so is a missing pid.
 */
SELFTEST(cputime, clock_nanosleep_on_cpu_clocks)
{
	struct timespec64 rel = { 0, 50 * MS }, abs, left = { -1, -1 }, ten = { 10, 0 };
	long pid = getpid(), tid = syscall0(__NR_gettid), start, sender;
	struct thread th;

	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, process_clock(tid, 2 | 4), 0, &rel, NULL),
		  -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, process_clock(99999, 2), 0, &rel, NULL),
		  -EINVAL);
	spinning = 1;
	tid = thread_start(&th, spin_until_told, NULL);
	ASSERT_TRUE(t, tid > 0);
	start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, CLOCK_PROCESS_CPUTIME_ID, 0, &rel, NULL), 0L);
	EXPECT_GE(t, clock_ns(CLOCK_PROCESS_CPUTIME_ID), start + 50 * MS);
	start = clock_ns(process_clock(pid, 2)) + 50 * MS;
	abs = (struct timespec64){ start / 1000000000L, start % 1000000000L };
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, process_clock(pid, 2), TIMER_ABSTIME, &abs,
			      NULL), 0L);
	EXPECT_GE(t, clock_ns(CLOCK_PROCESS_CPUTIME_ID), start);
	start = clock_ns(process_clock(tid, 2 | 4));
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, process_clock(tid, 2 | 4), 0, &rel, NULL), 0L);
	EXPECT_GE(t, clock_ns(process_clock(tid, 2 | 4)), start + 50 * MS);
	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	sender = signal_later(SIGUSR1, 30, 0);
	ASSERT_TRUE(t, sender > 0);
	EXPECT_EQ(t, syscall4(__NR_clock_nanosleep, CLOCK_PROCESS_CPUTIME_ID, 0, &ten, &left),
		  -EINTR);
	EXPECT_TRUE(t, left.sec >= 8 && left.sec < 10);
	wait_status(sender);
	reset_signal(SIGUSR1);
	spinning = 0;
	thread_join(&th);
}

static int cpu_sleep_ready[2];
static int cpu_sleep_clock;

/*
 * Sleeps a second of cpu_sleep_clock, ended by a handled SIGUSR1: 0 if that is
 * -EINTR and the time left plus what the clock moved meanwhile make the second.
 */
static int sleep_a_cpu_second(void)
{
	struct timespec64 one = { 1, 0 }, left = { -1, -1 };
	long start, sum, ret;

	sigaction(SIGUSR1, (unsigned long)count_signal, 0, 0, NULL);
	fd_write(cpu_sleep_ready[1], "r", 1);
	start = clock_ns(cpu_sleep_clock);
	ret = syscall4(__NR_clock_nanosleep, cpu_sleep_clock, 0, &one, &left);
	sum = clock_ns(cpu_sleep_clock) - start + left.sec * 1000000000L + left.nsec;
	if (ret != -EINTR)
		return 1;
	return sum < 950 * MS ? 2 : sum > 1150 * MS ? 3 : 0;
}

/*
 * A relative sleep on another process's CPU clock, stopped by its tracer
 * (PTRACE_INTERRUPT: no handler, the sleep goes on by restart_syscall()) and
 * then ended by a handled signal, writes the time left at that second
 * interruption, as the first did (fails with 3: the first one's left).
 */
SELFTEST(cputime, restarted_cpu_clock_sleep_reports_the_time_left)
{
	long spinner = syscall0(__NR_fork), sleeper;
	char c;

	if (spinner == 0)
		for (;;)
			;
	ASSERT_TRUE(t, spinner > 0);
	cpu_sleep_clock = process_clock(spinner, 2);
	ASSERT_EQ(t, syscall2(__NR_pipe2, cpu_sleep_ready, 0), 0L);
	sleeper = syscall0(__NR_fork);
	if (sleeper == 0)
		syscall1(__NR_exit, sleep_a_cpu_second());
	ASSERT_TRUE(t, sleeper > 0);
	fd_read(cpu_sleep_ready[0], &c, 1);
	EXPECT_EQ(t, syscall4(__NR_ptrace, PTRACE_SEIZE, sleeper, 0, 0), 0L);
	nap_ms(100);
	EXPECT_EQ(t, syscall4(__NR_ptrace, PTRACE_INTERRUPT, sleeper, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(sleeper) & 0xff, WSTOPPED_CODE);
	EXPECT_EQ(t, syscall4(__NR_ptrace, PTRACE_CONT, sleeper, 0, 0), 0L);
	nap_ms(400);
	kill(sleeper, SIGUSR1);
	EXPECT_EQ(t, wait_status(sleeper), SIGUSR1 << 8 | WSTOPPED_CODE);
	EXPECT_EQ(t, syscall4(__NR_ptrace, PTRACE_CONT, sleeper, 0, SIGUSR1), 0L);
	EXPECT_EQ(t, wait_status(sleeper), 0);
	kill(spinner, SIGKILL);
	EXPECT_EQ(t, wait_status(spinner), SIGKILL);
	close_pair(cpu_sleep_ready);
}
