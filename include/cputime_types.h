/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/system split a thread or a process last reported (include/cputime.h),
 * as Linux's struct prev_cputime: each report is scaled to the run time, and
 * neither part may come out below what was reported before.
 */
#ifndef _ENTRYLAB_CPUTIME_TYPES_H
#define _ENTRYLAB_CPUTIME_TYPES_H

#include <compiler.h>

struct prev_cputime {
	u64 utime, stime;	/* ns */
};

#endif
