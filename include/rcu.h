/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU extended-quiescent-state tracking, fed by context tracking.
 *
 * Each CPU has a counter, RCU's watching counter, that is odd while RCU must
 * watch the CPU (it runs kernel code and may hold RCU read-side references) and
 * even while it runs user code, where it cannot. It is the upper bits of the
 * CPU's ct.state word (context_tracking_state.h), below which context tracking
 * keeps the context. Entering and leaving user mode each add one, with a fully ordered
 * atomic RMW (lock add), so another CPU that snapshots the counter sees every
 * kernel access before the increment. A grace period needs
 * each CPU to have been quiescent once since the period began: a CPU whose
 * snapshot was even was quiescent already, and one whose counter has moved since
 * has passed through user mode. A CPU in user mode for seconds never delays a
 * grace period and never needs an interrupt. This is the mechanism of Linux's
 * dynticks counter (now the RCU-watching bit of ct->state).
 *
 * rcu_eqs=off turns the tracker off, to measure what it costs per syscall and
 * to show what it buys: a CPU in user mode must then be found there by an
 * interrupt (kernel/rcu/rcu.c). docs/smp-rcu.md has the numbers.
 */
#ifndef _ENTRYLAB_RCU_H
#define _ENTRYLAB_RCU_H

#include <asm/percpu.h>
#include <jump_label.h>

/*
 * The tracker on or off, a static key (include/jump_label.h): on the entry path a
 * NOP while on. Set at boot; changed only by trackers_set()
 * (kernel/context_tracking.c), between benchmark or demo runs.
 */
DECLARE_STATIC_KEY_TRUE(rcu_eqs_key);

/* On by default: the test lays out the tracker's increment on the straight path. */
static __always_inline bool rcu_eqs_enabled(void)
{
	return static_branch_likely(&rcu_eqs_key);
}

/* The same as a plain read, for code that is not hot. */
static inline bool rcu_eqs_on(void)
{
	return static_key_enabled(&rcu_eqs_key);
}

/*
 * A locked add to this CPU's ct.state word: delta is CT_RCU_WATCHING, and for
 * context tracking's merged transitions the context's change with it.
 */
static __always_inline void ct_state_add(unsigned long delta)
{
	this_cpu_add_locked(ct.state, delta);
}

/* The counter alone: the split tracker, the idle loop, interrupts from idle. */
static __always_inline void rcu_watching_inc(void)
{
	ct_state_add(CT_RCU_WATCHING);
}

/* The split state's half of a transition (context_tracking.h, CT_STATE_SPLIT). */
static __always_inline void rcu_user_enter(void)
{
	if (rcu_eqs_enabled())
		rcu_watching_inc();	/* odd -> even: RCU stops watching */
}

static __always_inline void rcu_user_exit(void)
{
	if (rcu_eqs_enabled())
		rcu_watching_inc();	/* even -> odd: RCU watches again */
}

/*
 * The other quiescent states, for CPUs that stay in the kernel or in user mode
 * without the tracker: rcu_qs counts them. A CPU reports one when it passes
 * through schedule(), when its idle loop runs, and when a tick or an IPI finds
 * it in user mode or halted in idle. Never inside rcu_read_lock(): those are the
 * places that hold no RCU reference. The lock prefix orders every earlier access
 * before the report, as for rcu_watching.
 */
static __always_inline void rcu_qs(void)
{
	this_cpu_inc_locked(rcu.qs);
}

/*
 * Read-side critical sections. The kernel is not preemptible, so a reader needs
 * no more than to not pass a quiescent state: it must not call schedule() or
 * return to user mode inside one. The depth is kept to check exactly that.
 */
static __always_inline void rcu_read_lock(void)
{
	this_cpu_inc(rcu.read_depth);
	barrier();
}

static __always_inline void rcu_read_unlock(void)
{
	barrier();
	this_cpu_dec(rcu.read_depth);
}

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
	unsigned long gp;		/* the grace period it waits for */
};

/* The grace-period side: snapshot a CPU, later ask if it has been quiescent. */
struct rcu_snap {
	unsigned long watching;		/* the watching counter then: even = in user mode */
	unsigned long qs;		/* rcu_qs then */
};

struct rcu_snap rcu_snapshot(unsigned int cpu);
bool rcu_quiescent_since(unsigned int cpu, struct rcu_snap snap);
bool rcu_is_watching(void);

struct pt_regs;
/* A tick or an IPI interrupted this CPU: a quiescent state if in user mode or idle. */
void rcu_irq_from(struct pt_regs *regs);
/* CPU 0's tick: advance the grace-period machine if anything waits for it. */
void rcu_tick(void);

/* Process context, IRQs on, outside any reader: returns after a full grace period. */
void synchronize_rcu(void);
/* Any context: func(head) runs after a grace period, on CPU 0 or a caller of the above. */
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
/* Process context, IRQs on: returns after every callback queued before it has run. */
void rcu_barrier(void);

/* Counters for the self-tests and the demonstration. */
struct rcu_stats {
	unsigned long completed;	/* grace periods ended */
	unsigned long fqs_ipis[NR_CPUS];	/* IPIs sent to force a quiescent state */
};
void rcu_get_stats(struct rcu_stats *out);

#endif
