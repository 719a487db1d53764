/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/system split a thread or a process last reported (include/cputime.h),
 * as Linux's struct prev_cputime: each report is scaled to the run time, and
 * neither part may come out below what was reported before; and each CPU's part.
 */
#ifndef _ENTRYLAB_CPUTIME_TYPES_H
#define _ENTRYLAB_CPUTIME_TYPES_H

#include <compiler.h>

struct prev_cputime {
	u64 utime, stime;	/* ns */
};

/* This CPU's part of the accounting, in its struct percpu (asm/percpu.h): percpu.cputime. */
struct cputime_percpu {
	bool exact;		/* CPU time measured at each crossing (include/cputime.h) */
	u64 exec_start;		/* TSC when current began running here */
	u64 vtime_start;	/* exact: TSC at the last user/kernel crossing */
};

#endif
