/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU extended-quiescent-state tracking, fed by context tracking.
 *
 * Each CPU has a counter, rcu_watching, that is odd while RCU must watch the CPU
 * (it runs kernel code and may hold RCU read-side references) and even while it
 * runs user code, where it cannot. Entering and leaving user mode each add one,
 * with a fully ordered atomic RMW (lock xadd), so another CPU that snapshots the
 * counter sees every kernel access before the increment. A grace period needs
 * each CPU to have been quiescent once since the period began: a CPU whose
 * snapshot was even was quiescent already, and one whose counter has moved since
 * has passed through user mode. A CPU in user mode for seconds never delays a
 * grace period and never needs an interrupt. This is the mechanism of Linux's
 * dynticks counter (now the RCU-watching bit of ct->state).
 *
 * rcu_eqs=off turns the tracker off, to measure what it costs per syscall.
 */
#ifndef _ENTRYLAB_RCU_H
#define _ENTRYLAB_RCU_H

#include <asm/percpu.h>

/* Set once at boot, like context_tracking_on (see context_tracking.h). */
extern bool rcu_eqs_on;

static __always_inline void rcu_watching_inc(void)
{
	asm volatile("lock incq %%gs:%c0"
		     : : "i"(offsetof(struct percpu, rcu_watching)) : "memory", "cc");
}

/* likely(): the tracker is on by default; keep its increment on the straight path. */
static __always_inline void rcu_user_enter(void)
{
	if (likely(rcu_eqs_on))
		rcu_watching_inc();	/* odd -> even: RCU stops watching */
}

static __always_inline void rcu_user_exit(void)
{
	if (likely(rcu_eqs_on))
		rcu_watching_inc();	/* even -> odd: RCU watches again */
}

/* The grace-period side: snapshot a CPU, later ask if it has been quiescent. */
unsigned long rcu_snapshot(unsigned int cpu);
bool rcu_quiescent_since(unsigned int cpu, unsigned long snap);
bool rcu_is_watching(void);

#endif
