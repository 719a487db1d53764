/* SPDX-License-Identifier: GPL-2.0 */
/* The scheduler's per-CPU part (kernel/sched/): the idle task, the switch, nohz_full. */
#ifndef _ENTRYLAB_SCHED_TYPES_H
#define _ENTRYLAB_SCHED_TYPES_H

#include <compiler.h>

/* This CPU's, in its struct percpu (asm/percpu.h): percpu.sched. */
struct sched_percpu {
	struct task *idle_task;
	struct task *prev_task;		/* schedule(): the task just switched away from */
	bool idle_halted;		/* the idle loop waits for an interrupt */
	bool idle_eqs;			/* ... with rcu_watching made even for it */
	bool nohz_full;			/* nohz_full= names this CPU */
	bool tick_stopped;		/* nohz_full: the tick is off right now */
};

#endif
