/* SPDX-License-Identifier: GPL-2.0 */
/* Time: the TSC since boot, and the wall clock the RTC gave at boot. */
#ifndef _ENTRYLAB_TIME_H
#define _ENTRYLAB_TIME_H

#include <compiler.h>
#include <math64.h>
#include <threads.h>

#define NSEC_PER_SEC	1000000000UL
#define NSEC_PER_MSEC	1000000UL
#define NSEC_PER_USEC	1000UL
#define USEC_PER_SEC	1000000L

/* Linux's clock ids; MONOTONIC_RAW, BOOTTIME and the COARSE ones read the same clocks here. */
#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_PROCESS_CPUTIME_ID	2
#define CLOCK_THREAD_CPUTIME_ID	3
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7
#define CLOCK_TAI		11

/*
 * What a clock id reads here, CLOCK_MONOTONIC or CLOCK_REALTIME, or -1 for a clock
 * entrylab does not keep (the CPU-time clocks, a bad id). The kernel's system calls
 * and the vDSO both ask this.
 */
static __always_inline int clock_base(int clock)
{
	switch (clock) {
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
		return CLOCK_MONOTONIC;
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_TAI:		/* TAI - UTC is 0 until adjtimex() sets it, as on Linux */
		return CLOCK_REALTIME;
	default:
		return -1;
	}
}

/* Every clock here reads the TSC, converted to whole ns: that is its resolution. */
#define CLOCK_RESOLUTION_NS	1

/*
 * The layouts clock_gettime(), gettimeofday() and the vDSO write. Fixed-width, as
 * Linux's __kernel_timespec: the i386 *_time64 calls and the 32-bit vDSO write
 * the same one.
 */
struct kernel_timespec {
	s64 tv_sec;
	s64 tv_nsec;
};

/*
 * The i386 calls older than Linux 5.1's *_time64 ones write a 32-bit time_t (kernel/compat.c,
 * and the 32-bit vDSO).
 */
struct old_timespec32 {
	s32 tv_sec;
	s32 tv_nsec;
};

struct old_timeval32 {
	s32 tv_sec;
	s32 tv_usec;
};

/* A timer's setting, as timer_settime() and timerfd_settime() take it. */
struct itimerspec {
	struct kernel_timespec it_interval, it_value;
};

struct kernel_timeval {
	s64 tv_sec;
	s64 tv_usec;
};

struct kernel_timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

static __always_inline bool timespec_valid(const struct kernel_timespec *ts)
{
	return ts->tv_sec >= 0 && ts->tv_nsec >= 0 && (unsigned long)ts->tv_nsec < NSEC_PER_SEC;
}

/* ns as the layouts the calls write (the 32-bit vDSO's too: no libgcc division). */
static __always_inline struct kernel_timespec ns_to_timespec(u64 ns)
{
	u32 nsec;
	u64 sec = div_u64_rem(ns, NSEC_PER_SEC, &nsec);

	return (struct kernel_timespec){ sec, nsec };
}

/* Clock ticks (clock_t) as times() and SIGCHLD's si_utime count them: Linux's USER_HZ. */
#define USER_HZ		100
static __always_inline long ns_to_clock_t(u64 ns)
{
	return ns / (NSEC_PER_SEC / USER_HZ);
}

static __always_inline struct kernel_timeval ns_to_timeval(u64 ns)
{
	u32 nsec;
	u64 sec = div_u64_rem(ns, NSEC_PER_SEC, &nsec);

	return (struct kernel_timeval){ sec, nsec / NSEC_PER_USEC };
}

/* The clocks' end, as Linux's: no time is later. */
#define KTIME_MAX	((u64)__LONG_MAX__)

/* Saturates instead of wrapping: a sleep of 2^63 ns is "for ever" either way. */
static __always_inline u64 timespec_to_ns(const struct kernel_timespec *ts)
{
	if ((u64)ts->tv_sec >= KTIME_MAX / NSEC_PER_SEC)
		return KTIME_MAX;
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static __always_inline u64 timeval_to_ns(const struct kernel_timeval *tv)
{
	struct kernel_timespec ts = { tv->tv_sec, tv->tv_usec * (long)NSEC_PER_USEC };

	return timespec_to_ns(&ts);
}

/*
 * kernel/time/time.c: a timeout (a duration, or a time) as a CLOCK_MONOTONIC deadline;
 * the user_ form reads it first, in the call's layout (time32: i386's old one).
 */
long timespec_to_deadline(const struct kernel_timespec *ts, bool absolute, bool realtime,
			  u64 *deadline);
long user_timespec_to_deadline(const void __user *uts, bool time32, bool absolute, bool realtime,
			       u64 *deadline);
/* A user's struct timespec in the call's layout: 0 or -EFAULT. */
long get_user_timespec(struct kernel_timespec *ts, const void __user *uts, bool time32);
long put_user_timespec(const struct kernel_timespec *ts, void __user *uts, bool time32);

/* The TSC when kmain() started: CLOCK_MONOTONIC counts from here. */
extern u64 boot_tsc;

/* arch/x86/drivers/rtc.c: seconds since 1970 from the CMOS clock; 0 if it has none. */
u64 rtc_read_seconds(void);
/* Days from 1970-01-01 to a Gregorian date. */
long days_from_civil(long y, unsigned int m, unsigned int d);

/* kernel/time/time.c: after tsc_init(). */
void time_init(void);
u64 ktime_get_ns(void);		/* monotonic, since boot */
/* The CPUs' TSCs are not one clock: no TSC reader from now on (kernel/time/time.c). */
void tsc_mark_unstable(const char *why);
/* arch/x86/tsc_sync.c: is each CPU's TSC CPU 0's? Boot CPU, all CPUs online. */
void tsc_sync_check(void);
u64 ktime_get_real_ns(void);	/* wall clock, since the epoch */
/* A TSC interval in ns at the clock's rate (CPU-time accounting: include/cputime.h). */
u64 tsc_delta_to_ns(u64 cycles);

struct pt_regs;
/* The LAPIC timer's vector, IRQs off (kernel/time/time.c). */
void timer_interrupt(struct pt_regs *regs);
/* The ticks each CPU took, and how many of them interrupted ring 3: its own to write. */
struct tick_count {
	unsigned long ticks;
	unsigned long user_ticks;
};
extern struct tick_count tick_counts[NR_CPUS];

#endif
