/* SPDX-License-Identifier: GPL-2.0 */
/* Time: the TSC since boot, and the wall clock the RTC gave at boot. */
#ifndef _ENTRYLAB_TIME_H
#define _ENTRYLAB_TIME_H

#include <compiler.h>

#define NSEC_PER_SEC	1000000000UL

/* The TSC when kmain() started: CLOCK_MONOTONIC counts from here. */
extern u64 boot_tsc;

/* arch/x86/rtc.c: seconds since 1970 from the CMOS clock; 0 if it has none. */
u64 rtc_read_seconds(void);
/* Days from 1970-01-01 to a Gregorian date. */
long days_from_civil(long y, unsigned int m, unsigned int d);

/* kernel/time.c: after tsc_init(). */
void time_init(void);
u64 ktime_get_ns(void);		/* monotonic, since boot */
u64 ktime_get_real_ns(void);	/* wall clock, since the epoch */

#endif
