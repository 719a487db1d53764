/* SPDX-License-Identifier: GPL-2.0 */
/* RCU's per-CPU part (its readers and quiescent states: include/rcu.h). */
#ifndef _ENTRYLAB_RCU_TYPES_H
#define _ENTRYLAB_RCU_TYPES_H

/* This CPU's, in its struct percpu (asm/percpu.h): percpu.rcu. */
struct rcu_percpu {
	unsigned long qs;		/* quiescent states reported (rcu_qs()) */
	unsigned int read_depth;	/* rcu_read_lock() nesting */
};

#endif
