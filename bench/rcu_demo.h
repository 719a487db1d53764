/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the RCU tracker buys, measured: a ring-3 program spins on one CPU while
 * this CPU runs grace periods. With the tracker on, the spinning CPU is seen
 * quiescent without being disturbed; with it off, each grace period needs an
 * interrupt there. Used by the rcu_demo= boot (make rcu-demo) and the rcu
 * self-tests.
 */
#ifndef _ENTRYLAB_RCU_DEMO_H
#define _ENTRYLAB_RCU_DEMO_H

#include <compiler.h>

#define RCU_DEMO_MAX_GPS	1000

struct rcu_demo_result {
	unsigned int grace_periods;
	u64 latency_ns_median, latency_ns_max;
	unsigned long interrupts;	/* ticks + IPIs on the spinning CPU, during the GPs */
	unsigned long rcu_ipis;		/* of which RCU sent to force a quiescent state */
	bool tick_stopped;		/* the spinning CPU's tick was off throughout */
};

/**
 * rcu_demo_measure - grace periods while a user program spins on @cpu
 * @cpu: not this CPU; best a nohz_full one
 * @eqs: the tracker on (true) or off for this measurement
 * @n: grace periods, at most RCU_DEMO_MAX_GPS
 * @res: the outcome
 *
 * Process context on the boot CPU, with no user program running anywhere (the
 * tracker can only be switched then). Returns NULL, or why it could not measure.
 */
const char *rcu_demo_measure(unsigned int cpu, bool eqs, unsigned int n,
			     struct rcu_demo_result *res);

/* Where to spin: the highest-numbered nohz_full CPU, else the highest other one, else 0. */
unsigned int rcu_demo_cpu(void);

/* The rcu_demo=N boot: both measurements, a table and a machine line each. */
bool rcu_demo_run(void);

#endif
