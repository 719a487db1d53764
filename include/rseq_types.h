/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A task's restartable-sequences state (include/rseq.h), as Linux 6.19's
 * struct rseq_data: the registered area, and the events that say what its
 * next return to user mode must do with it.
 */
#ifndef _ENTRYLAB_RSEQ_TYPES_H
#define _ENTRYLAB_RSEQ_TYPES_H

#include <compiler.h>

struct rseq;

/*
 * Each event is a byte of its own, so that setting one is a plain store and
 * the exit clears them all with one (events = 0); has_rseq stays outside.
 */
struct rseq_event {
	union {
		u32 events;
		struct {
			u8 sched_switch;	/* TIF_RSEQ was raised: the exit must look */
			u8 ids_changed;		/* CPU or concurrency ID not as written */
			u8 user_irq;		/* entered by an interrupt from user mode */
		};
	};
	u8 has_rseq;				/* an area is registered */
};

struct rseq_state {
	struct rseq __user *usrptr;	/* the registered area, or NULL */
	u32 len;			/* its length, as registered */
	u32 sig;			/* the signature before every abort handler */
	struct rseq_event event;
	u32 cpu_id;			/* the CPU last written to the area */
	u32 mm_cid;			/* the concurrency ID last written */
	u32 cid;			/* the one it holds while on a CPU, or MM_CID_UNSET */
};

#define MM_CID_UNSET	((u32)-1)

#endif
