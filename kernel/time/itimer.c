// SPDX-License-Identifier: GPL-2.0
/*
 * The interval timers, getitimer(2)/setitimer(2), and alarm(2), as Linux's
 * kernel/time/itimer.c: each process has three, each a timer of
 * include/timers.h on its own clock with its own signal, sent with SI_KERNEL:
 *
 *   ITIMER_REAL     CLOCK_MONOTONIC (wall time)          SIGALRM
 *   ITIMER_VIRTUAL  the process's user time               SIGVTALRM
 *   ITIMER_PROF     its user and system time              SIGPROF
 *
 * fork() gives the child none; execve() keeps them. alarm(s) is ITIMER_REAL
 * for s seconds, no interval, and returns what was left of the last, rounded
 * to the nearest second (and at least 1 if any was left), as Linux's. A time
 * too long for the clock saturates at its end (KTIME_MAX): it never comes.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <sched.h>
#include <syscalls.h>
#include <time.h>
#include <timers.h>

#define ITIMER_REAL	0
#define ITIMER_VIRTUAL	1
#define ITIMER_PROF	2

struct itimerval {
	struct kernel_timeval it_interval, it_value;
};

/* The clocks: CLOCK_MONOTONIC, and our process's VIRT and PROF CPU-time clocks (cputime.h). */
static const int itimer_clocks[NR_ITIMERS] = {
	CLOCK_MONOTONIC, (int)(~0U << 3 | 1), (int)(~0U << 3),
};

/* sched_lock held: itimer which's setting now. */
static void itimer_get_locked(int which, struct itimerval *v)
{
	struct process_timers *pt = current->signal->timers;
	const struct k_itimer *k = pt ? &pt->itimer[which] : NULL;
	u64 left = 0, now;

	*v = (struct itimerval){ 0 };
	if (!k || !k->armed)
		return;
	now = timer_clock_now_locked(current->group_leader, k);
	left = k->expires > now ? k->expires - now : NSEC_PER_USEC;	/* due: not 0 (off) */
	v->it_value = ns_to_timeval(left);
	v->it_interval = ns_to_timeval(k->interval);
}

/* sched_lock held: itimer which set to new (a value of 0: off); -ENOMEM. */
static long itimer_set_locked(int which, const struct itimerval *new)
{
	u64 value = timeval_to_ns(&new->it_value), interval = timeval_to_ns(&new->it_interval);
	struct process_timers *pt = process_timers_locked(current->signal);
	struct k_itimer *k;

	if (!pt)
		return -ENOMEM;
	k = &pt->itimer[which];
	*k = (struct k_itimer){ .armed = k->armed, .clock = itimer_clocks[which],
				.tid = current->pid };
	if (!value)
		timer_disarm_locked(k);
	else
		timer_arm_locked(k, timer_clock_now_locked(current->group_leader, k) + value,
				 interval);
	return 0;
}

static bool timeval_valid(const struct kernel_timeval *tv)
{
	return tv->tv_sec >= 0 && tv->tv_usec >= 0 && (u64)tv->tv_usec < USEC_PER_SEC;
}

/* getitimer(which, curr) */
long sys_getitimer(struct pt_regs *regs)
{
	struct itimerval v;
	unsigned long flags;

	if (regs->di > ITIMER_PROF)
		return -EINVAL;
	tasklist_lock(&flags);
	itimer_get_locked(regs->di, &v);
	tasklist_unlock(flags);
	return copy_to_user((void __user *)regs->si, &v, sizeof(v)) ? -EFAULT : 0;
}

/* setitimer(which, new, old): new NULL turns it off, as Linux still allows. */
long sys_setitimer(struct pt_regs *regs)
{
	struct itimerval new = { 0 }, old;
	unsigned long flags;
	long err;

	if (regs->di > ITIMER_PROF)
		return -EINVAL;
	if (regs->si && copy_from_user(&new, (const void __user *)regs->si, sizeof(new)))
		return -EFAULT;
	if (!timeval_valid(&new.it_value) || !timeval_valid(&new.it_interval))
		return -EINVAL;
	tasklist_lock(&flags);
	itimer_get_locked(regs->di, &old);
	err = itimer_set_locked(regs->di, &new);
	tasklist_unlock(flags);
	if (!err && regs->dx && copy_to_user((void __user *)regs->dx, &old, sizeof(old)))
		return -EFAULT;
	return err;
}

/* alarm(seconds) */
long sys_alarm(struct pt_regs *regs)
{
	struct itimerval new = { .it_value.tv_sec = (unsigned int)regs->di }, old;
	unsigned long flags;
	long err;

	tasklist_lock(&flags);
	itimer_get_locked(ITIMER_REAL, &old);
	err = itimer_set_locked(ITIMER_REAL, &new);
	tasklist_unlock(flags);
	if (err)
		return err;
	if (!old.it_value.tv_sec && !old.it_value.tv_usec)
		return 0;
	/* An unsigned int, as Linux's alarm_setitimer(): a longer setitimer()'s is cut. */
	return (unsigned int)(old.it_value.tv_sec +
			      (old.it_value.tv_usec >= 500000 || !old.it_value.tv_sec));
}
