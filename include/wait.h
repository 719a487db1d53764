/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleeping and waking (kernel/sched/core.c), as Linux's wait queues but with a
 * channel in the task (xv6's sleep/wakeup): prepare_to_sleep() marks current
 * asleep on chan; the caller then checks its condition and calls schedule() only
 * if it still must wait. A waker changes the condition first, then wakes the
 * channel: whichever order the two CPUs run in, the sleeper sees the condition
 * or is woken.
 */
#ifndef _ENTRYLAB_WAIT_H
#define _ENTRYLAB_WAIT_H

#include <compiler.h>
#include <errno.h>
#include <sched.h>
#include <time.h>

void prepare_to_sleep(const void *chan, u64 deadline);
void finish_sleep(void);
void wake_up(const void *chan);
/* sched_lock held: wake_up(). */
void wake_up_locked(const void *chan);
/* Wakes up to nr sleepers for which match() is true (WAKE_ALL: all); returns how many. */
#define WAKE_ALL	(-1)
int wake_up_match(bool (*match)(struct task *t, const void *arg), const void *arg, int nr);
/* CPU 0's tick: wake every sleeper whose deadline has passed. */
void sleep_timeouts_tick(void);

/**
 * __sleep_event - sleep on chan until cond holds or interrupted does
 * @chan: what the waker will name in wake_up()
 * @deadline: ktime_get_ns() value to give up at, or 0
 * @cond: re-evaluated after every wake-up
 * @interrupted: what ends the sleep early: signal_pending(current) for
 *	sleep_event(), fatal_signal_pending(current) for sleep_event_killable(),
 *	which sleeps on through any other signal (a sender's wake-up included)
 *
 * Returns 0 when cond held, -ERESTARTSYS when interrupted, -ETIMEDOUT when the
 * deadline passed.
 */
#define __sleep_event(chan, deadline, cond, interrupted)		\
({									\
	u64 __deadline = (deadline);					\
	long __ret = 0;							\
	for (;;) {							\
		prepare_to_sleep(chan, __deadline);			\
		if (cond)						\
			break;						\
		if (interrupted) {					\
			__ret = -ERESTARTSYS;				\
			break;						\
		}							\
		if (__deadline && ktime_get_ns() >= __deadline) {	\
			__ret = -ETIMEDOUT;				\
			break;						\
		}							\
		schedule();						\
	}								\
	finish_sleep();							\
	__ret;								\
})
#define sleep_event(chan, deadline, cond) \
	__sleep_event(chan, deadline, cond, signal_pending(current))
#define sleep_event_killable(chan, deadline, cond) \
	__sleep_event(chan, deadline, cond, fatal_signal_pending(current))

/*
 * A channel that counts its sleepers, so that a waker finding none skips
 * wake_up()'s walk of the task table: what a pipe, an eventfd and the pollers
 * sleep on, woken on every change whether anyone waits or not. The sleeper
 * counts itself before it tests cond; the waker changes the condition, then (a
 * full barrier between) reads the count: one of the two sees the other.
 */
struct wait_chan {
	int sleepers;
};

#define __wait_chan_sleep(wc, deadline, cond, interrupted)		\
({									\
	long __r;							\
	__atomic_add_fetch(&(wc)->sleepers, 1, __ATOMIC_SEQ_CST);	\
	__r = __sleep_event(wc, deadline, cond, interrupted);		\
	__atomic_sub_fetch(&(wc)->sleepers, 1, __ATOMIC_SEQ_CST);	\
	__r;								\
})
#define wait_chan_sleep(wc, deadline, cond) \
	__wait_chan_sleep(wc, deadline, cond, signal_pending(current))
#define wait_chan_sleep_killable(wc, deadline, cond) \
	__wait_chan_sleep(wc, deadline, cond, fatal_signal_pending(current))

static __always_inline void wait_chan_wake(struct wait_chan *wc)
{
	smp_mb();			/* the condition's change before the count's read */
	if (READ_ONCE(wc->sleepers))
		wake_up(wc);
}

#endif
