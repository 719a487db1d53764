// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks. CLOCK_MONOTONIC (and MONOTONIC_RAW, BOOTTIME: one clock here, nothing
 * suspends) is the TSC since boot, converted with the calibrated frequency. The
 * wall clock is the RTC's reading at boot plus the same TSC time since then: no
 * NTP, no adjustments, and no settimeofday. Without an RTC the wall clock starts
 * at the epoch, and the banner says so.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <printk.h>
#include <syscalls.h>
#include <time.h>

#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7

struct kernel_timespec {
	s64 tv_sec;
	long tv_nsec;
};

struct kernel_timeval {
	s64 tv_sec;
	s64 tv_usec;
};

struct kernel_timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

u64 boot_tsc;
static u64 rtc_seconds, rtc_tsc;	/* the RTC's reading, and the TSC when it was taken */

void time_init(void)
{
	rtc_seconds = rtc_read_seconds();
	rtc_tsc = rdtsc();
	if (!rtc_seconds)
		printk("entrylab: no valid date in the RTC: the wall clock starts at 1970\n");
}

u64 ktime_get_ns(void)
{
	return tsc_to_ns(rdtsc() - boot_tsc);
}

u64 ktime_get_real_ns(void)
{
	return rtc_seconds * NSEC_PER_SEC + tsc_to_ns(rdtsc() - rtc_tsc);
}

long sys_clock_gettime(struct pt_regs *regs)
{
	struct kernel_timespec ts;
	u64 ns;

	switch (regs->di) {
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
		ns = ktime_get_ns();
		break;
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
		ns = ktime_get_real_ns();
		break;
	default:
		return -EINVAL;
	}
	ts.tv_sec = ns / NSEC_PER_SEC;
	ts.tv_nsec = ns % NSEC_PER_SEC;
	if (copy_to_user((void __user *)regs->si, &ts, sizeof(ts)))
		return -EFAULT;
	return 0;
}

/* gettimeofday(tv, tz): either may be NULL; the time zone is always UTC. */
long sys_gettimeofday(struct pt_regs *regs)
{
	u64 ns = ktime_get_real_ns();
	struct kernel_timeval tv = { ns / NSEC_PER_SEC, ns % NSEC_PER_SEC / 1000 };
	struct kernel_timezone tz = { 0, 0 };

	if (regs->di && copy_to_user((void __user *)regs->di, &tv, sizeof(tv)))
		return -EFAULT;
	if (regs->si && copy_to_user((void __user *)regs->si, &tz, sizeof(tz)))
		return -EFAULT;
	return 0;
}

/* time(tloc): the seconds, also stored at tloc unless it is NULL. */
long sys_time(struct pt_regs *regs)
{
	s64 now = ktime_get_real_ns() / NSEC_PER_SEC;

	if (regs->di && copy_to_user((void __user *)regs->di, &now, sizeof(now)))
		return -EFAULT;
	return now;
}
