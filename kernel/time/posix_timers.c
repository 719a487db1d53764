// SPDX-License-Identifier: GPL-2.0
/*
 * POSIX timers (timer_create(2) and its calls), and the expiry of every timer
 * of include/timers.h, as Linux's kernel/time/posix-timers.c and
 * posix-cpu-timers.c behave for a program:
 *
 *   - a timer runs on CLOCK_REALTIME (TAI: the same here), CLOCK_MONOTONIC
 *     (BOOTTIME: the same here) or a CPU-time clock: the process's, a thread's of it, or one of
 *     clock_getcpuclockid()'s (include/cputime.h);
 *   - when it expires it sends its signal (SIGEV_SIGNAL or SIGEV_THREAD to
 *     the process, SIGEV_THREAD_ID to one of its threads; SIGEV_NONE sends
 *     nothing) with si_code SI_TIMER, the timer's id and its sigval, and is
 *     re-armed by its interval; expiries while that signal is still pending
 *     are counted, not sent: the signal, once taken, reports them (si_overrun,
 *     at most INT_MAX), and so does timer_getoverrun();
 *   - a signal the process ignores is not sent; one it came to ignore while
 *     pending is taken back, and the timer waits until the signal is no
 *     longer ignored, then sends it again with the overruns of the wait
 *     (Linux since 6.13);
 *   - a timer deleted or set anew takes back its signal if that is still
 *     pending, as Linux does since 6.13 (6.12's selftests check it);
 *   - each timer counts against RLIMIT_SIGPENDING while it exists, for the
 *     signal Linux allocates with it (timer_create() says -EAGAIN at the
 *     limit); its signal, when sent, is not counted again;
 *   - execve() and the process's end delete its timers.
 *
 * There are no kernel timers: CPU 0's tick looks at every armed timer, which
 * gives them its 10 ms resolution (Linux's CPU-time timers are checked at the
 * tick too). Everything here is under sched_lock, which the tick takes as the
 * calls do; a count of armed timers lets the tick skip the walk when there are
 * none.
 */
#include <asm/uaccess.h>
#include <cputime.h>
#include <errno.h>
#include <kernel.h>
#include <pmm.h>
#include <sched.h>
#include <signal.h>
#include <syscalls.h>
#include <time.h>
#include <timers.h>

#define SIGEV_SIGNAL		0
#define SIGEV_NONE		1
#define SIGEV_THREAD		2
#define SIGEV_THREAD_ID		4
#define TIMER_ABSTIME		1

/* Linux's struct sigevent (64 bytes). */
struct sigevent {
	unsigned long sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int pad[12];
		int tid;
	};
};

static unsigned long nr_armed;	/* under sched_lock */

struct process_timers *process_timers_locked(struct signal_struct *sig)
{
	_Static_assert(sizeof(struct process_timers) <= PAGE_SIZE, "the timers outgrew their page");
	if (!sig->timers)
		sig->timers = alloc_page_object();
	return sig->timers;
}

u64 timer_clock_now_locked(struct task *leader, const struct k_itimer *k)
{
	struct task *self = find_task_by_pid_ns_locked(k->tid, task_pid_ns(leader));
	u64 ns;

	if (clock_base(k->clock) == CLOCK_REALTIME)
		return ktime_get_real_ns();
	if (!is_cpu_clock(k->clock))
		return ktime_get_ns();
	/* A thread's clock ends with the thread; the process's goes on with another. */
	if (!self || self->signal != leader->signal)
		self = k->clock == CLOCK_THREAD_CPUTIME_ID ? NULL : leader;
	if (!self || cpu_clock_sample_locked(k->clock, self, &ns))
		return 0;
	return ns;
}

void timer_arm_locked(struct k_itimer *k, u64 expires, u64 interval)
{
	if (!k->armed)
		nr_armed++;
	k->armed = true;
	k->expires = MIN(expires, KTIME_MAX);
	k->interval = interval;
}

void timer_disarm_locked(struct k_itimer *k)
{
	if (k->armed)
		nr_armed--;
	k->armed = false;
}

/* The three interval timers' signals, ITIMER_REAL's first. */
static const int itimer_signals[NR_ITIMERS] = { SIGALRM, SIGVTALRM, SIGPROF };

/*
 * An armed periodic timer that expired at or before now moves past now, each
 * interval it skips an overrun (Linux's hrtimer_forward()).
 */
static void timer_forward_locked(struct k_itimer *k, u64 now)
{
	u64 missed;

	if (!k->armed || !k->interval || now < k->expires)
		return;
	missed = (now - k->expires) / k->interval;
	k->expires = MIN(k->expires + (missed + 1) * k->interval, KTIME_MAX);
	k->overrun += missed;
}

/*
 * sched_lock held: the thread a process-directed timer signal is offered to
 * first: one of the process's that is running now (the tick's current, or on
 * another CPU), else the leader. Linux prefers the current thread since 6.3: a
 * CPU-time timer then interrupts the thread using the CPU, not a sleeper.
 */
static struct task *timer_group_target_locked(struct task *leader)
{
	unsigned int i;
	struct task *t;

	if (current->signal == leader->signal)
		return current;
	for_each_task(t, i)
		if (t->signal == leader->signal && READ_ONCE(t->on_cpu) >= 0)
			return t;
	return leader;
}

/*
 * k of leader's process has expired at now: its signal, and the next expiry.
 * A periodic POSIX timer whose signal is sent waits for it to be taken, as
 * Linux's: then it moves on, the intervals that passed meanwhile its overruns
 * (posix_timer_dequeued()). One whose signal goes nowhere moves on at once.
 */
static void timer_fire_locked(struct task *leader, struct k_itimer *k, u64 now)
{
	struct process_timers *pt = leader->signal->timers;
	struct ksiginfo info = { .code = SI_TIMER, .pid = k->id, .value = k->value, .timer = true };
	struct task *target = timer_group_target_locked(leader);

	if (!k->interval)
		timer_disarm_locked(k);
	if (k >= pt->itimer && k < pt->itimer + NR_ITIMERS) {
		timer_forward_locked(k, now);
		info = (struct ksiginfo){ .code = SI_KERNEL };	/* as Linux's itimers send */
		send_signal(leader, itimer_signals[k - pt->itimer], &info, true);
		return;
	}
	if (k->notify == SIGEV_THREAD_ID) {
		target = find_task_by_pid_ns_locked(k->tid, task_pid_ns(leader));
		if (target && target->signal != leader->signal)
			target = NULL;		/* its thread is gone */
	}
	if (k->notify == SIGEV_NONE || !target || signal_ignored(target, k->signo) ||
	    send_signal(target, k->signo, &info, k->notify != SIGEV_THREAD_ID))
		timer_forward_locked(k, now);
	else
		k->queued = true;
}

/* leader's process's armed timers that have expired, fired. */
static void process_timers_tick_locked(struct task *leader)
{
	struct process_timers *pt = leader->signal->timers;

	for (unsigned int i = 0; i < NR_ITIMERS + POSIX_TIMERS_MAX; i++) {
		struct k_itimer *k = i < NR_ITIMERS ? &pt->itimer[i] : &pt->posix[i - NR_ITIMERS];
		u64 now;

		if (!k->armed || k->queued)
			continue;
		now = timer_clock_now_locked(leader, k);
		if (now >= k->expires)
			timer_fire_locked(leader, k, now);
	}
}

void timers_tick(void)
{
	unsigned long flags;
	unsigned int i;
	struct task *t;

	if (!READ_ONCE(nr_armed))
		return;
	tasklist_lock(&flags);
	for_each_task(t, i)		/* a task still being made may have no signal_struct yet */
		if (t->state != TASK_NEW && thread_group_leader(t) && t->signal &&
		    t->signal->timers && t->signal->live)
			process_timers_tick_locked(t);
	tasklist_unlock(flags);
}

void posix_timers_exec(struct signal_struct *sig)
{
	unsigned long flags;

	tasklist_lock(&flags);
	if (sig->timers) {
		for (unsigned int i = 0; i < POSIX_TIMERS_MAX; i++) {
			timer_disarm_locked(&sig->timers->posix[i]);
			sigpending_uncharge(sig->timers->posix[i].used);
			sig->timers->posix[i] = (struct k_itimer){ 0 };
		}
	}
	tasklist_unlock(flags);
}

void timers_free(struct signal_struct *sig)
{
	unsigned long flags;

	if (!sig->timers)
		return;
	tasklist_lock(&flags);
	for (unsigned int i = 0; i < NR_ITIMERS; i++)
		timer_disarm_locked(&sig->timers->itimer[i]);
	for (unsigned int i = 0; i < POSIX_TIMERS_MAX; i++) {
		timer_disarm_locked(&sig->timers->posix[i]);
		sigpending_uncharge(sig->timers->posix[i].used);
	}
	tasklist_unlock(flags);
	free_page_object(sig->timers);
	sig->timers = NULL;
}

void posix_timer_dequeued(int sig, struct ksiginfo *info)
{
	struct process_timers *pt;
	unsigned long flags;

	tasklist_lock(&flags);
	pt = current->signal->timers;
	/* Queued by the timer, not an SI_TIMER of rt_sigqueueinfo()'s that names it. */
	if (pt && info->pid >= 0 && info->pid < POSIX_TIMERS_MAX &&
	    pt->posix[info->pid].queued && pt->posix[info->pid].signo == sig) {
		struct k_itimer *k = &pt->posix[info->pid];

		timer_forward_locked(k, timer_clock_now_locked(current->group_leader, k));
		info->status = MIN(k->overrun, (u64)__INT_MAX__);	/* si_overrun */
		k->overrun_last = k->overrun;
		k->overrun = 0;
		k->queued = false;
	}
	tasklist_unlock(flags);
}

/*
 * sched_lock held: k's signal, if it is pending still, goes: a timer deleted
 * or set anew sends nothing of its past (Linux since 6.13).
 */
static void timer_unqueue_locked(struct k_itimer *k)
{
	struct task *t = k->notify == SIGEV_THREAD_ID ? find_task_by_vpid_locked(k->tid) : current;

	if (k->queued && t && t->signal == current->signal)
		flush_timer_signal(t, k->notify != SIGEV_THREAD_ID, k->signo, k->id);
	k->queued = false;
}

void posix_timers_unignored_locked(struct task *t, int sig)
{
	struct process_timers *pt = t->signal->timers;

	for (unsigned int i = 0; pt && i < POSIX_TIMERS_MAX; i++) {
		struct k_itimer *k = &pt->posix[i];
		struct ksiginfo info = { .code = SI_TIMER, .pid = k->id, .value = k->value,
					 .timer = true };
		bool group = k->notify != SIGEV_THREAD_ID;
		struct task *target = group ? t :
				      find_task_by_pid_ns_locked(k->tid, task_pid_ns(t));

		if (!k->queued || k->signo != sig)
			continue;
		if (target && target->signal == t->signal) {
			flush_timer_signal(target, group, sig, k->id);	/* one instance, not two */
			k->queued = !send_signal(target, sig, &info, group);
		} else {
			k->queued = false;	/* its thread is gone: it runs on, sending
						 * nothing */
		}
	}
}

/* sched_lock held: the caller's process's timer id, or NULL. */
static struct k_itimer *timer_find_locked(long id)
{
	struct process_timers *pt = current->signal->timers;

	if (!pt || id < 0 || id >= POSIX_TIMERS_MAX || !pt->posix[id].used)
		return NULL;
	return &pt->posix[id];
}

/* A clock a timer can run on: 0, or -EINVAL. */
static long timer_clock_valid(int clock)
{
	u64 ns;

	if (clock == CLOCK_REALTIME || clock == CLOCK_MONOTONIC || clock == CLOCK_BOOTTIME ||
	    clock == CLOCK_TAI)
		return 0;
	return is_cpu_clock(clock) ? cpu_clock_get(clock, true, &ns) : -EINVAL;
}

/*
 * timer_create(clock, sevp, timerid): a disarmed timer; sevp NULL means
 * SIGALRM to the process with the timer's id as its value. SIGEV_THREAD is
 * the C library's (glibc creates the thread and asks for SIGEV_THREAD_ID), and
 * to the kernel the same as SIGEV_SIGNAL, as Linux's good_sigevent() takes it.
 * -EAGAIN when all POSIX_TIMERS_MAX are in use, or when one more would pass
 * RLIMIT_SIGPENDING (Linux's sigqueue_alloc() for the timer's signal).
 */
long sys_timer_create(struct pt_regs *regs)
{
	struct sigevent ev = { .sigev_signo = SIGALRM, .sigev_notify = SIGEV_SIGNAL };
	int clock = (int)regs->di, id = -1;
	struct process_timers *pt;
	unsigned long flags;
	struct k_itimer *k;
	long err;

	err = timer_clock_valid(clock);
	if (err)
		return err;
	if (regs->si && copy_from_user(&ev, (const void __user *)regs->si, sizeof(ev)))
		return -EFAULT;
	if ((ev.sigev_notify != SIGEV_SIGNAL && ev.sigev_notify != SIGEV_NONE &&
	     ev.sigev_notify != SIGEV_THREAD &&
	     ev.sigev_notify != (SIGEV_SIGNAL | SIGEV_THREAD_ID)) ||
	    (ev.sigev_notify != SIGEV_NONE && (ev.sigev_signo <= 0 || ev.sigev_signo > _NSIG)))
		return -EINVAL;
	tasklist_lock(&flags);
	err = -EINVAL;
	if (ev.sigev_notify & SIGEV_THREAD_ID) {
		struct task *t = find_task_by_vpid_locked(ev.tid);

		if (!t || t->signal != current->signal)
			goto out;
	}
	err = -EAGAIN;
	pt = process_timers_locked(current->signal);
	for (unsigned int i = 0; pt && i < POSIX_TIMERS_MAX && id < 0; i++)
		if (!pt->posix[i].used)
			id = i;
	if (id < 0 || !sigpending_charge(current, false))
		goto out;
	k = &pt->posix[id];
	*k = (struct k_itimer){
		.used = true, .id = id, .clock = clock, .signo = ev.sigev_signo,
		.notify = ev.sigev_notify,
		.tid = ev.sigev_notify & SIGEV_THREAD_ID ? ev.tid : current->pid,
		.value = regs->si ? ev.sigev_value : (unsigned long)id,
	};
	err = 0;
out:
	tasklist_unlock(flags);
	if (!err && copy_to_user((void __user *)regs->dx, &id, sizeof(id))) {
		tasklist_lock(&flags);
		*k = (struct k_itimer){ 0 };
		tasklist_unlock(flags);
		sigpending_uncharge(true);
		return -EFAULT;
	}
	return err;
}

/*
 * sched_lock held: k's remaining time and interval, as timer_gettime() gives
 * them. A periodic timer waiting for its signal to be taken is moved on first,
 * counting its overruns, as Linux's common_timer_get() does.
 */
static void timer_get_locked(struct k_itimer *k, struct itimerspec *its)
{
	u64 now = timer_clock_now_locked(current->group_leader, k), left;

	if (k->queued)
		timer_forward_locked(k, now);
	left = k->armed && k->expires > now ? k->expires - now : k->armed ? 1 : 0;

	its->it_value = ns_to_timespec(left);
	its->it_interval = ns_to_timespec(k->interval);
}

/* timer_gettime(id, curr): the time to the next expiry (0: disarmed), and the interval. */
long sys_timer_gettime(struct pt_regs *regs)
{
	struct itimerspec its;
	unsigned long flags;
	struct k_itimer *k;

	tasklist_lock(&flags);
	k = timer_find_locked(regs->di);
	if (k)
		timer_get_locked(k, &its);
	tasklist_unlock(flags);
	if (!k)
		return -EINVAL;
	return copy_to_user((void __user *)regs->si, &its, sizeof(its)) ? -EFAULT : 0;
}

/*
 * timer_settime(id, flags, new, old): armed to expire after new's value (at it,
 * with TIMER_ABSTIME) and every interval after, or disarmed by a value of 0;
 * the old setting in old. A new setting forgets the overruns counted.
 */
long sys_timer_settime(struct pt_regs *regs)
{
	struct itimerspec new, old;
	unsigned long flags;
	struct k_itimer *k;
	u64 value, now;

	if (copy_from_user(&new, (const void __user *)regs->dx, sizeof(new)))
		return -EFAULT;
	if (!timespec_valid(&new.it_value) || !timespec_valid(&new.it_interval) ||
	    (regs->si & ~TIMER_ABSTIME))
		return -EINVAL;
	value = timespec_to_ns(&new.it_value);
	tasklist_lock(&flags);
	k = timer_find_locked(regs->di);
	if (k) {
		timer_get_locked(k, &old);
		timer_unqueue_locked(k);
		now = timer_clock_now_locked(current->group_leader, k);
		k->overrun = 0;
		if (!value)
			timer_disarm_locked(k);
		else
			timer_arm_locked(k, regs->si & TIMER_ABSTIME ? value : now + value,
					 timespec_to_ns(&new.it_interval));
	}
	tasklist_unlock(flags);
	if (!k)
		return -EINVAL;
	if (regs->r10 && copy_to_user((void __user *)regs->r10, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* timer_getoverrun(id): the overruns the last signal taken reported. */
long sys_timer_getoverrun(struct pt_regs *regs)
{
	unsigned long flags;
	struct k_itimer *k;
	long ret = -EINVAL;

	tasklist_lock(&flags);
	k = timer_find_locked(regs->di);
	if (k)
		ret = MIN(k->overrun_last, (u64)__INT_MAX__);
	tasklist_unlock(flags);
	return ret;
}

/* timer_delete(id): disarmed and gone, with its signal if that is pending still. */
long sys_timer_delete(struct pt_regs *regs)
{
	unsigned long flags;
	struct k_itimer *k;

	tasklist_lock(&flags);
	k = timer_find_locked(regs->di);
	if (k) {
		timer_unqueue_locked(k);
		timer_disarm_locked(k);
		*k = (struct k_itimer){ 0 };
		sigpending_uncharge(true);
	}
	tasklist_unlock(flags);
	return k ? 0 : -EINVAL;
}
