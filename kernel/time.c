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
#include <sched.h>
#include <syscalls.h>
#include <time.h>

#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_MONOTONIC_RAW	4
#define CLOCK_REALTIME_COARSE	5
#define CLOCK_MONOTONIC_COARSE	6
#define CLOCK_BOOTTIME		7

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

#define TIMER_ABSTIME	1

/*
 * Sleeps until deadline (ns on CLOCK_MONOTONIC) or a signal. Interrupted, it
 * stores the time left at rmtp (if given) and asks for a restart through
 * restart_syscall(), which resumes the same sleep with the same deadline.
 */
static long do_nanosleep(u64 deadline, void __user *rmtp);

static long nanosleep_restart(struct restart_block *rb)
{
	return do_nanosleep(rb->deadline, rb->rmtp);
}

static long do_nanosleep(u64 deadline, void __user *rmtp)
{
	struct task *t = current;
	struct kernel_timespec left;
	u64 now;

	if (sleep_event(&t->restart, deadline, false) != -ERESTARTSYS)
		return 0;
	now = ktime_get_ns();
	if (rmtp) {
		u64 ns = deadline > now ? deadline - now : 0;

		left = (struct kernel_timespec){ ns / NSEC_PER_SEC, ns % NSEC_PER_SEC };
		if (copy_to_user(rmtp, &left, sizeof(left)))
			return -EFAULT;
	}
	t->restart = (struct restart_block){
		.fn = nanosleep_restart, .deadline = deadline, .rmtp = rmtp,
	};
	return -ERESTART_RESTARTBLOCK;
}

/**
 * timespec_to_deadline - a user's timeout as a deadline for sleep_event()
 * @uts: a duration, or (@absolute) a time on CLOCK_MONOTONIC or (@realtime)
 *	 CLOCK_REALTIME
 *
 * Stores the deadline in CLOCK_MONOTONIC ns, never 0 (which means "none"): a
 * time already past is 1. Returns 0, -EFAULT or -EINVAL.
 */
long timespec_to_deadline(const struct kernel_timespec __user *uts, bool absolute, bool realtime,
			  u64 *deadline)
{
	struct kernel_timespec ts;
	u64 ns, now = ktime_get_ns();

	if (copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	if (!timespec_valid(&ts))
		return -EINVAL;
	ns = timespec_to_ns(&ts);
	if (!absolute)
		ns = now + ns;
	else if (realtime)
		ns = ns > ktime_get_real_ns() - now ? ns - (ktime_get_real_ns() - now) : 0;
	*deadline = MAX(ns, 1UL);
	return 0;
}

long sys_nanosleep(struct pt_regs *regs)
{
	u64 deadline;
	long err = timespec_to_deadline((const void __user *)regs->di, false, false, &deadline);

	return err ? err : do_nanosleep(deadline, (void __user *)regs->si);
}

/*
 * clock_nanosleep(clock, flags, req, rem). An absolute sleep interrupted by a
 * signal without handler restarts as it was (-ERESTARTNOHAND), and never writes
 * rem: its deadline does not move.
 */
long sys_clock_nanosleep(struct pt_regs *regs)
{
	int clock = (int)regs->di, flags = (int)regs->si;
	bool absolute = flags & TIMER_ABSTIME;
	u64 deadline;
	long err;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
		break;
	default:
		return -EINVAL;
	}
	err = timespec_to_deadline((const void __user *)regs->dx, absolute,
				   clock == CLOCK_REALTIME, &deadline);
	if (err)
		return err;
	if (!absolute)
		return do_nanosleep(deadline, (void __user *)regs->r10);
	if (sleep_event(&current->restart, deadline, false) == -ERESTARTSYS)
		return -ERESTARTNOHAND;
	return 0;
}

static long no_restart(struct restart_block *rb)
{
	return -EINTR;
}

/*
 * restart_syscall(): what the exit path makes a task call after a signal
 * without handler interrupted a sleep with a deadline. Only once: a stray call
 * is -EINTR, as on Linux.
 */
long sys_restart_syscall(struct pt_regs *regs)
{
	struct restart_block *rb = &current->restart;
	long (*fn)(struct restart_block *rb) = rb->fn ? rb->fn : no_restart;

	rb->fn = no_restart;
	return fn(rb);
}
