// SPDX-License-Identifier: GPL-2.0
/*
 * Timers (kernel/time/itimer.c, kernel/time/posix_timers.c): alarm() and the interval
 * timers, a POSIX timer's signal and its siginfo, the calls' refusals, and
 * what fork() does not pass on. Expiries are waited for with rt_sigtimedwait()
 * on a blocked signal: no handler, and no figure of time asserted.
 */
#include <time.h>
#include <uapi/poll.h>
#include <uapi/sched.h>
#include "harness.h"

#define ITIMER_REAL	0
#define ITIMER_PROF	2
#define SIGEV_SIGNAL	0
#define SIGEV_NONE	1
#define SIGEV_THREAD	2
#define SIGEV_THREAD_ID	4
#define TIMER_ABSTIME	1
#define TIMERS_MAX	32		/* per process: include/timers.h */

struct itimerval {
	struct { long sec, usec; } interval, value;
};

struct sigevent {
	unsigned long value;
	int signo, notify;
	int tid, pad[11];
};

static long timer_create(int clock, struct sigevent *ev, int *id)
{
	return syscall3(__NR_timer_create, clock, ev, id);
}

static long timer_settime(int id, long flags, long ms, long interval_ms)
{
	struct itimerspec its = { { interval_ms / 1000, interval_ms % 1000 * 1000000L },
				  { ms / 1000, ms % 1000 * 1000000L } };

	return syscall4(__NR_timer_settime, id, flags, &its, NULL);
}

/* sig, blocked, once it comes (or -EAGAIN after a second), with its siginfo. */
static long wait_for(int sig, struct kernel_siginfo *si)
{
	kernel_sigset_t set = SIGBIT(sig);
	struct timespec64 second = { 1, 0 };

	return syscall4(__NR_rt_sigtimedwait, &set, si, &second, sizeof(set));
}

/* alarm() says what was left, rounded; setitimer's errors; ITIMER_REAL sends SIGALRM. */
SELFTEST(timers, alarm_and_itimer_real)
{
	kernel_sigset_t alrm = SIGBIT(SIGALRM);
	struct itimerval v = { { 0, 0 }, { 0, 20000 } }, old;
	struct kernel_siginfo si;

	sigprocmask(SIG_BLOCK, &alrm, NULL);
	EXPECT_EQ(t, syscall1(__NR_alarm, 5), 0L);
	EXPECT_EQ(t, syscall1(__NR_alarm, 0), 5L);		/* 4.99... rounds to 5 */
	EXPECT_EQ(t, syscall2(__NR_getitimer, ITIMER_REAL, &old), 0L);
	EXPECT_EQ(t, old.value.sec | old.value.usec, 0L);	/* alarm(0) turned it off */
	EXPECT_EQ(t, syscall3(__NR_setitimer, ITIMER_REAL, &v, NULL), 0L);
	EXPECT_EQ(t, wait_for(SIGALRM, &si), (long)SIGALRM);	/* fails if it never fires */
	EXPECT_EQ(t, si.si_code, SI_KERNEL);
	EXPECT_EQ(t, syscall2(__NR_getitimer, ITIMER_REAL, &old), 0L);
	EXPECT_EQ(t, old.value.sec | old.value.usec, 0L);	/* one shot: off now */
	EXPECT_EQ(t, syscall3(__NR_setitimer, 3, &v, NULL), -EINVAL);
	v.value.usec = 1000000;
	EXPECT_EQ(t, syscall3(__NR_setitimer, ITIMER_PROF, &v, NULL), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_setitimer, ITIMER_PROF, 8, NULL), -EFAULT);
	EXPECT_EQ(t, syscall2(__NR_getitimer, ITIMER_REAL, 8), -EFAULT);
	sigprocmask(SIG_UNBLOCK, &alrm, NULL);
}

/*
 * A POSIX timer's signal says SI_TIMER, the timer's id and its value; a
 * periodic one's expiries while it waits are its overruns (fails with each
 * expiry sent, or none counted); timer_gettime() sees a one-shot fired.
 */
SELFTEST(timers, posix_timer_siginfo_and_overruns)
{
	struct sigevent ev = { .value = 0x1234, .signo = SIGUSR2, .notify = SIGEV_SIGNAL };
	kernel_sigset_t usr2 = SIGBIT(SIGUSR2);
	struct kernel_siginfo si;
	struct itimerspec its;
	int id = -1;

	sigprocmask(SIG_BLOCK, &usr2, NULL);
	ASSERT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), 0L);
	EXPECT_EQ(t, timer_settime(id, 0, 20, 0), 0L);
	EXPECT_EQ(t, wait_for(SIGUSR2, &si), (long)SIGUSR2);
	EXPECT_EQ(t, si.si_code, SI_TIMER);
	EXPECT_EQ(t, si.timer.tid, id);
	EXPECT_EQ(t, si.timer.value, 0x1234UL);
	EXPECT_EQ(t, si.timer.overrun, 0);
	EXPECT_EQ(t, syscall2(__NR_timer_gettime, id, &its), 0L);
	EXPECT_EQ(t, its.it_value.tv_sec | its.it_value.tv_nsec, 0L);
	EXPECT_EQ(t, timer_settime(id, 0, 10, 10), 0L);	/* every 10 ms */
	nap_ms(200);					/* the signal waits, blocked */
	EXPECT_EQ(t, wait_for(SIGUSR2, &si), (long)SIGUSR2);
	EXPECT_GE(t, si.timer.overrun, 5);
	EXPECT_EQ(t, syscall1(__NR_timer_getoverrun, id), (long)si.timer.overrun);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, id), 0L);
	sigprocmask(SIG_UNBLOCK, &usr2, NULL);
}

/*
 * Overruns past INT_MAX read as INT_MAX, in si_overrun and from
 * timer_getoverrun(), as Linux's (fails with the count wrapped): a timer on
 * CLOCK_REALTIME due at 1970's first nanosecond and every microsecond since.
 */
SELFTEST(timers, overruns_saturate_at_int_max)
{
	struct sigevent ev = { .signo = SIGUSR2, .notify = SIGEV_SIGNAL };
	struct itimerspec its = { { 0, 1000 }, { 0, 1 } };
	kernel_sigset_t usr2 = SIGBIT(SIGUSR2);
	struct kernel_siginfo si;
	int id = -1;

	sigprocmask(SIG_BLOCK, &usr2, NULL);
	ASSERT_EQ(t, timer_create(CLOCK_REALTIME, &ev, &id), 0L);
	EXPECT_EQ(t, syscall4(__NR_timer_settime, id, TIMER_ABSTIME, &its, NULL), 0L);
	EXPECT_EQ(t, wait_for(SIGUSR2, &si), (long)SIGUSR2);
	EXPECT_EQ(t, si.timer.overrun, __INT_MAX__);
	EXPECT_EQ(t, syscall1(__NR_timer_getoverrun, id), (long)__INT_MAX__);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, id), 0L);
	sigprocmask(SIG_UNBLOCK, &usr2, NULL);
}

/*
 * Timers set longer than the clock can count never fire, and report the time
 * to the clock's end, as Linux's (fails with the nanoseconds wrapped: the
 * interval timer fired within 0.3 s); the longest alarm() is no exception.
 */
SELFTEST(timers, too_long_to_fire)
{
	struct itimerval v = { { __LONG_MAX__, 999999 }, { __LONG_MAX__, 999999 } }, old;
	struct itimerspec its = { { __LONG_MAX__, 999999999 }, { __LONG_MAX__, 999999999 } };
	struct sigevent ev = { .signo = SIGUSR2, .notify = SIGEV_SIGNAL };
	kernel_sigset_t mask = SIGBIT(SIGALRM) | SIGBIT(SIGUSR2), pending;
	struct timespec64 none = { 0, 0 };
	int id = -1;
	long fd;

	sigprocmask(SIG_BLOCK, &mask, NULL);
	EXPECT_EQ(t, syscall3(__NR_setitimer, ITIMER_REAL, &v, NULL), 0L);
	ASSERT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), 0L);
	EXPECT_EQ(t, syscall4(__NR_timer_settime, id, 0, &its, NULL), 0L);
	nap_ms(500);
	EXPECT_EQ(t, syscall2(__NR_rt_sigpending, &pending, sizeof(pending)), 0L);
	EXPECT_EQ(t, pending & mask, 0UL);
	EXPECT_EQ(t, syscall2(__NR_getitimer, ITIMER_REAL, &old), 0L);
	EXPECT_GE(t, old.value.sec, 9223372036L - 100000);	/* KTIME_MAX less the uptime */
	EXPECT_LT(t, old.value.sec, 9223372036L);
	EXPECT_EQ(t, old.interval.sec, 9223372036L);		/* KTIME_MAX */
	EXPECT_EQ(t, old.interval.usec, 854775L);
	EXPECT_EQ(t, syscall2(__NR_timer_gettime, id, &its), 0L);
	EXPECT_GE(t, its.it_value.tv_sec, 9223372036L - 100000);
	EXPECT_LT(t, its.it_value.tv_sec, 9223372036L);
	EXPECT_EQ(t, its.it_interval.tv_sec, 9223372036L);
	EXPECT_EQ(t, its.it_interval.tv_nsec, 854775807L);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, id), 0L);
	fd = syscall2(__NR_timerfd_create, CLOCK_MONOTONIC, 0);
	ASSERT_TRUE(t, fd >= 0);
	its = (struct itimerspec){ { __LONG_MAX__, 999999999 }, { __LONG_MAX__, 999999999 } };
	EXPECT_EQ(t, syscall4(__NR_timerfd_settime, fd, 0, &its, NULL), 0L);
	EXPECT_EQ(t, syscall2(__NR_timerfd_gettime, fd, &its), 0L);
	EXPECT_GE(t, its.it_value.tv_sec, 9223372036L - 100000);
	EXPECT_LT(t, its.it_value.tv_sec, 9223372036L);
	EXPECT_EQ(t, its.it_interval.tv_sec, 9223372036L);
	syscall1(__NR_close, fd);
	EXPECT_LE(t, syscall1(__NR_alarm, 0), 0xffffffffL);	/* an unsigned int, as Linux's */
	EXPECT_EQ(t, syscall1(__NR_alarm, 0xffffffffU), 0L);
	EXPECT_EQ(t, syscall1(__NR_alarm, 0), 0xffffffffL);
	while (syscall4(__NR_rt_sigtimedwait, &mask, NULL, &none, sizeof(mask)) > 0)
		;
	sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

static int child_has_no_timers(void *id)
{
	struct itimerspec its;
	struct itimerval v;

	if (syscall2(__NR_timer_gettime, *(int *)id, &its) != -EINVAL)
		return 1;
	if (syscall2(__NR_getitimer, ITIMER_REAL, &v) || v.value.sec || v.value.usec)
		return 2;
	return 9;
}

static int fork_child_has_no_timers(void)
{
	struct sigevent ev = { .signo = SIGUSR2, .notify = SIGEV_NONE };
	int id = -1;
	long pid;

	if (timer_create(CLOCK_MONOTONIC, &ev, &id) || timer_settime(id, 0, 60000, 0) ||
	    syscall1(__NR_alarm, 60))
		return 1;
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, child_has_no_timers(&id));
	return wait_status(pid) == 9 << 8 ? 9 : 2;
}

/* Linux's refusals; 32 timers a process; fork() passes on neither kind of timer. */
SELFTEST(timers, posix_timer_rules)
{
	struct sigevent ev = { .signo = SIGUSR2, .notify = SIGEV_SIGNAL };
	struct itimerspec its = { { 0, 0 }, { 0, 1000000000L } };
	int ids[TIMERS_MAX], id, n = 0;

	EXPECT_EQ(t, timer_create(99, &ev, &id), -EINVAL);
	ev.notify = SIGEV_THREAD;	/* the C library's thread: a signal to the kernel */
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), 0L);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, id), 0L);
	ev.signo = 0;
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), -EINVAL);
	ev.notify = SIGEV_SIGNAL;
	ev.signo = 65;
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), -EINVAL);
	ev = (struct sigevent){ .signo = SIGUSR2, .notify = SIGEV_THREAD_ID, .tid = 99999 };
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, &ev, &id), -EINVAL);
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, (struct sigevent *)8, &id), -EFAULT);
	EXPECT_EQ(t, syscall4(__NR_timer_settime, 77, 0, &its, NULL), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_timer_gettime, 77, &its), -EINVAL);
	EXPECT_EQ(t, syscall1(__NR_timer_getoverrun, 77), -EINVAL);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, 77), -EINVAL);
	while (n < TIMERS_MAX && !timer_create(CLOCK_MONOTONIC, NULL, &ids[n]))
		n++;
	EXPECT_EQ(t, n, TIMERS_MAX);
	EXPECT_EQ(t, timer_create(CLOCK_MONOTONIC, NULL, &id), -EAGAIN);
	EXPECT_EQ(t, syscall4(__NR_timer_settime, ids[0], 0, &its, NULL), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_timer_settime, ids[0], 2, &its, NULL), -EINVAL);
	while (n)
		EXPECT_EQ(t, syscall1(__NR_timer_delete, ids[--n]), 0L);
	EXPECT_EQ(t, in_child(fork_child_has_no_timers), 9 << 8);
}

#define MS		1000000UL
#define TFD_NONBLOCK	0x800
#define TFD_TIMER_ABSTIME	1

static long timerfd_set(long fd, long flags, u64 value_ns, u64 interval_ns)
{
	struct itimerspec its = { { interval_ns / 1000000000, interval_ns % 1000000000 },
				  { value_ns / 1000000000, value_ns % 1000000000 } };

	return syscall4(__NR_timerfd_settime, fd, flags, &its, NULL);
}

static u64 clock_now_ns(int clock)
{
	struct timespec64 ts;

	syscall2(__NR_clock_gettime, clock, &ts);
	return ts.sec * 1000000000UL + ts.nsec;
}

/*
 * A periodic timerfd counts its expiries until read (fails if the count is not
 * reset), poll() says when there is one, gettime reports the time left and the
 * interval, 0 disarms; an absolute one on CLOCK_REALTIME wakes a blocking read
 * once, at its time.
 */
SELFTEST(timers, timerfd_counts_expiries_and_wakes_readers)
{
	long fd = syscall2(__NR_timerfd_create, CLOCK_MONOTONIC, TFD_NONBLOCK);
	long rt = syscall2(__NR_timerfd_create, CLOCK_REALTIME, 0);
	struct pollfd p = { (int)fd, POLLIN, 0 };
	struct itimerspec its;
	u64 n = 0, start;

	ASSERT_TRUE(t, fd >= 0 && rt >= 0);
	EXPECT_EQ(t, fd_read(fd, &n, sizeof(n)), -EAGAIN);
	EXPECT_EQ(t, syscall3(__NR_poll, &p, 1, 0), 0L);
	EXPECT_EQ(t, timerfd_set(fd, 0, 20 * MS, 20 * MS), 0L);
	EXPECT_EQ(t, syscall3(__NR_poll, &p, 1, 1000), 1L);
	EXPECT_EQ(t, p.revents, (short)POLLIN);
	nap_ms(100);
	EXPECT_EQ(t, fd_read(fd, &n, sizeof(n)), 8L);
	EXPECT_TRUE(t, n >= 4 && n <= 12);		/* 100 ms and more at 20 ms each */
	EXPECT_EQ(t, fd_read(fd, &n, sizeof(n)), -EAGAIN);	/* taken: 0 again */
	EXPECT_EQ(t, syscall2(__NR_timerfd_gettime, fd, &its), 0L);
	EXPECT_EQ(t, its.it_interval.tv_nsec, (long)(20 * MS));
	EXPECT_TRUE(t, its.it_value.tv_sec == 0 && its.it_value.tv_nsec > 0 &&
		    its.it_value.tv_nsec <= (long)(20 * MS));
	EXPECT_EQ(t, timerfd_set(fd, 0, 0, 0), 0L);
	EXPECT_EQ(t, syscall2(__NR_timerfd_gettime, fd, &its), 0L);
	EXPECT_EQ(t, its.it_value.tv_sec | its.it_value.tv_nsec, 0L);
	start = clock_now_ns(CLOCK_REALTIME);
	EXPECT_EQ(t, timerfd_set(rt, TFD_TIMER_ABSTIME, start + 30 * MS, 0), 0L);
	EXPECT_EQ(t, fd_read(rt, &n, sizeof(n)), 8L);	/* blocks until then */
	EXPECT_EQ(t, n, 1UL);
	EXPECT_GE(t, clock_now_ns(CLOCK_REALTIME), start + 30 * MS);
	syscall1(__NR_close, fd);
	syscall1(__NR_close, rt);
}

/* Linux's refusals. */
SELFTEST(timers, timerfd_rules)
{
	long fd = syscall2(__NR_timerfd_create, CLOCK_MONOTONIC, TFD_NONBLOCK);
	struct itimerspec bad = { { 0, 0 }, { 0, 1000000000L } };
	u32 small;

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall2(__NR_timerfd_create, CLOCK_PROCESS_CPUTIME_ID, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_timerfd_create, 8, 0), -EINVAL);	/* REALTIME_ALARM */
	EXPECT_EQ(t, syscall2(__NR_timerfd_create, CLOCK_MONOTONIC, 1), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_timerfd_settime, fd, 0, &bad, NULL), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_timerfd_settime, fd, 4, &bad, NULL), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_timerfd_settime, fd, 0, NULL, NULL), -EFAULT);
	EXPECT_EQ(t, timerfd_set(0, 0, MS, 0), -EINVAL);		/* the console */
	EXPECT_EQ(t, timerfd_set(999, 0, MS, 0), -EBADF);
	EXPECT_EQ(t, syscall2(__NR_timerfd_gettime, fd, NULL), -EFAULT);
	EXPECT_EQ(t, fd_read(fd, &small, sizeof(small)), -EINVAL);
	syscall1(__NR_close, fd);
}

#define WNOHANG			1
#define CPUCLOCK_SCHED		2
#define MAKE_PROCESS_CPUCLOCK(pid, which)	((int)(~(unsigned int)(pid) << 3) | (which))

/*
 * In a new pid namespace's init: a timer on the CPU clock of our child, named
 * by its pid here, armed when the child has run 30 ms and sleeps, to expire at
 * 10 ms of its time, passed. The tick that fires it runs in another task (the
 * idle task, or the suite spinning outside the namespace), where that number
 * names nothing or another process.
 */
static int cpu_timer_in_a_pid_namespace(void)
{
	struct sigevent ev = { .signo = SIGUSR2, .notify = SIGEV_SIGNAL };
	kernel_sigset_t usr2 = SIGBIT(SIGUSR2);
	struct kernel_siginfo si;
	int fds[2], id, ret = 9;
	char c;
	long pid;

	sigprocmask(SIG_BLOCK, &usr2, NULL);
	if (syscall2(__NR_pipe2, fds, 0))
		return 1;
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		while (clock_now_ns(CLOCK_PROCESS_CPUTIME_ID) < 30 * MS)
			;
		fd_write(fds[1], "x", 1);
		syscall0(__NR_pause);
		syscall1(__NR_exit, 0);
	}
	if (fd_read(fds[0], &c, 1) != 1 ||
	    timer_create(MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED), &ev, &id))
		ret = 2;
	else if (timer_settime(id, TIMER_ABSTIME, 10, 0))
		ret = 3;
	else if (wait_for(SIGUSR2, &si) != SIGUSR2)
		ret = 4;			/* the tick looked in its own namespace */
	syscall2(__NR_kill, pid, SIGKILL);
	wait_status(pid);
	return ret;
}

/* The namespace is made in a child, so that the suite's process stays where it is. */
static int cpu_timer_in_a_new_pid_namespace(void)
{
	long pid;

	if (syscall1(__NR_unshare, CLONE_NEWPID))
		return 1;
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, cpu_timer_in_a_pid_namespace());
	return wait_status(pid) >> 8;
}

/*
 * A timer on another process's CPU clock finds that process by its pid in the
 * timer owner's namespace, whatever task the tick interrupted (fails with the
 * signal never sent: the idle task's namespace has no such pid). We spin
 * meanwhile, so that the ticks run in a task outside that namespace.
 */
SELFTEST(timers, cpu_timer_follows_its_pid_in_the_owners_namespace)
{
	long pid = syscall0(__NR_fork);
	int status = -1;

	if (pid == 0)
		syscall1(__NR_exit, cpu_timer_in_a_new_pid_namespace());
	ASSERT_TRUE(t, pid > 0);
	while (syscall4(__NR_wait4, pid, &status, WNOHANG, NULL) == 0)
		;
	EXPECT_EQ(t, status, 9 << 8);
}
