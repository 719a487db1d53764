/* SPDX-License-Identifier: GPL-2.0 */
/* Context tracking's per-CPU state (its hooks: include/context_tracking.h). */
#ifndef _ENTRYLAB_CONTEXT_TRACKING_STATE_H
#define _ENTRYLAB_CONTEXT_TRACKING_STATE_H

#include <compiler.h>

enum ctx_state {
	CONTEXT_KERNEL = 0,
	CONTEXT_USER,
};

/*
 * ct.state, context tracking's word, as Linux's ct->state since 6.0: the low
 * byte is where the CPU runs (enum ctx_state, also readable alone as
 * ct.context), the bits above it are RCU's watching counter, odd while RCU must
 * watch the CPU (include/rcu.h). One locked add of CT_RCU_WATCHING + or - a
 * context moves both at once; the byte never borrows from or carries into the
 * counter, as the context only goes between CONTEXT_KERNEL and CONTEXT_USER.
 */
#define CT_RCU_WATCHING_SHIFT	8
#define CT_RCU_WATCHING		(1UL << CT_RCU_WATCHING_SHIFT)

/* This CPU's, in its struct percpu (asm/percpu.h): percpu.ct. */
struct context_tracking {
	union {
		unsigned long state;	/* context and RCU counter: see CT_RCU_WATCHING */
		u8 context;		/* its low byte: enum ctx_state */
	};
	unsigned long warnings;		/* CT_WARN_ON() hits */
};

#endif
