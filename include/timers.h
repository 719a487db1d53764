/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A process's timers (kernel/time/posix_timers.c, kernel/time/itimer.c): the three
 * interval timers of setitimer(2) and alarm(2), and the POSIX timers of
 * timer_create(2), on the wall clock, the monotonic clock or a CPU-time clock.
 * They expire on CPU 0's tick (a 10 ms resolution), which sends their signals.
 */
#ifndef _ENTRYLAB_TIMERS_H
#define _ENTRYLAB_TIMERS_H

#include <compiler.h>

struct ksiginfo;
struct signal_struct;
struct task;

/* A timer, as Linux's struct k_itimer: its clock, its signal, when it expires. */
struct k_itimer {
	bool used;
	bool armed;
	bool queued;		/* its signal is pending, not yet taken: expiries are overruns */
	int id;			/* timer_create()'s id: the index in the process's table */
	int clock;		/* CLOCK_*, or a CPU-time clock id (include/cputime.h) */
	int notify;		/* SIGEV_SIGNAL (or SIGEV_THREAD), SIGEV_NONE, SIGEV_THREAD_ID */
	int signo;
	int tid;		/* SIGEV_THREAD_ID: the thread to signal, in its pid namespace */
	unsigned long value;	/* the sigval the signal carries */
	u64 expires;		/* on the clock, ns */
	u64 interval;		/* ns; 0: one shot */
	/* Counted in full; reported no more than INT_MAX, as Linux's timer_overrun_to_int(). */
	u64 overrun;		/* expiries since the queued signal was sent */
	u64 overrun_last;	/* what the last signal taken reported (timer_getoverrun) */
};

#define POSIX_TIMERS_MAX	32	/* per process: timer_create() then says -EAGAIN */
#define NR_ITIMERS		3	/* ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF */

/* A process's timers: one page, made at its first timer. Under sched_lock. */
struct process_timers {
	struct k_itimer itimer[NR_ITIMERS];
	struct k_itimer posix[POSIX_TIMERS_MAX];
};

/* CPU 0's tick, IRQs off: every armed timer whose clock has passed its expiry fires. */
void timers_tick(void);
/* The same for the timerfds (kernel/fs/timerfd.c): their counts grow, their readers wake. */
void timerfd_tick(void);
/* sched_lock held: sig's timers made, or NULL: no memory. */
struct process_timers *process_timers_locked(struct signal_struct *sig);
/* sched_lock held: the clock's time for k, a timer of the process of leader. */
u64 timer_clock_now_locked(struct task *leader, const struct k_itimer *k);
/*
 * sched_lock held: k armed to expire at expires (its clock's ns; past KTIME_MAX:
 * never, as Linux's saturating hrtimers), every interval after.
 */
void timer_arm_locked(struct k_itimer *k, u64 expires, u64 interval);
void timer_disarm_locked(struct k_itimer *k);
/* execve(): the POSIX timers go, the interval timers stay (Linux's exit_itimers()). */
void posix_timers_exec(struct signal_struct *sig);
/* The process's last reference: all its timers go. */
void timers_free(struct signal_struct *sig);
/*
 * rt_sigaction(), sched_lock held: sig of t's process is no longer ignored;
 * each timer whose signal the ignoring took back sends it again.
 */
void posix_timers_unignored_locked(struct task *t, int sig);
/*
 * A timer's signal was taken (dequeue_signal()): its overruns since it was
 * sent go into info (si_overrun), and the timer may send again.
 */
void posix_timer_dequeued(int sig, struct ksiginfo *info);

#endif
