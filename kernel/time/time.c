// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks. CLOCK_MONOTONIC (and MONOTONIC_RAW, BOOTTIME: one clock here, nothing
 * suspends) is the TSC since boot, scaled by the calibrated frequency. The wall
 * clock is the RTC's reading at boot plus the same TSC time since then: no NTP,
 * no adjustments, and no settimeofday. Without an RTC the wall clock starts at
 * the epoch, and the banner says so.
 *
 * The timekeeper's state is the vvar page (include/vvar.h) itself: the kernel
 * reads its own clock from the record every process reads through the vDSO, so a
 * system call and the vDSO agree to the nanosecond. CPU 0's tick moves the
 * record's base forward (timekeeping_tick_irqoff()); each CPU writes its own
 * pvclock record once, as it comes up (vclock_init_cpu()).
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <cmdline.h>
#include <cputime.h>
#include <compat.h>
#include <errno.h>
#include <printk.h>
#include <rcu.h>
#include <sched.h>
#include <smp.h>
#include <spinlock.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>
#include <timers.h>
#include <vdso.h>
#include <wait.h>

u64 boot_tsc;
union vvar_storage vvar __aligned(PAGE_SIZE);
/*
 * VCLOCK_SYSCALL here means the TSC is not to be read by the vDSO: tsc=unstable, a
 * guessed rate, or TSCs that disagree between CPUs (arch/x86/tsc_sync.c). Then the
 * kernel's CLOCK_MONOTONIC also clamps to the last value read (ktime_get_ns()).
 */
enum vclock_mode vclock_boot_mode;
static u64 mono_last;

/* Serializes the writers of vvar.data.clock: CPU 0's tick and vclock_set_mode(). */
static DEFINE_SPINLOCK(timekeeper_lock);

static const char *const vclock_mode_names[] = {
	[VCLOCK_SYSCALL] = "syscall",
	[VCLOCK_STABLE] = "stable",
	[VCLOCK_PERCPU] = "percpu",
};

/* timekeeper_lock held: readers that see an odd sequence wait; an even one moved, retry. */
static void vclock_write_begin(struct vdso_clock *c)
{
	WRITE_ONCE(c->seq, c->seq + 1);
	barrier();		/* x86 keeps stores in order: the compiler must too */
}

static void vclock_write_end(struct vdso_clock *c)
{
	barrier();
	WRITE_ONCE(c->seq, c->seq + 1);
}

/*
 * The multiplier: the largest below 2^32 with shift = 32 - s, s >= 0, so that
 * the pvclock records can use the same one with tsc_shift = s (include/vvar.h).
 * At 1 GHz and above s = 0; every halving of the rate below adds one.
 */
static void vclock_set_scale(struct vdso_clock *c, u64 hz)
{
	unsigned int s = 0;
	u64 mult;

	while ((mult = (NSEC_PER_SEC << (32 - s)) / hz) > 0xffffffffUL)	/* 10^9 << 32 < 2^62 */
		s++;
	c->mult = mult;
	c->shift = 32 - s;
	c->max_cycles = (~0UL - (BIT(c->shift) - 1)) / mult;
}

/*
 * Which reader the vDSO uses. The TSC is unusable when nothing measured its rate
 * (tsc_init() guessed) or the command line says tsc=unstable, as on Linux: then
 * the vDSO makes the system call. The per-CPU reader needs RDTSCP's CPU number.
 */
static enum vclock_mode vclock_choose_mode(void)
{
	const char *want = cmdline_str(&boot_cmdline, "vdso_clock", "stable");
	const char *tsc = cmdline_str(&boot_cmdline, "tsc", "");

	if (*tsc && strcmp(tsc, "unstable"))
		printk("cmdline: tsc=%s is not unstable, ignored\n", tsc);
	if (tsc_khz_guessed || !strcmp(tsc, "unstable")) {
		printk("vdso: the TSC is not usable (%s): clock_gettime() makes the system call\n",
		       tsc_khz_guessed ? "its rate is a guess" : "tsc=unstable");
		return VCLOCK_SYSCALL;
	}
	if (!strcmp(want, "percpu") && boot_cpu.rdtscp)
		return VCLOCK_PERCPU;
	if (!strcmp(want, "percpu"))
		printk("vdso: vdso_clock=percpu needs RDTSCP, using stable\n");
	else if (strcmp(want, "stable"))
		printk("cmdline: vdso_clock=%s is not stable or percpu, using stable\n", want);
	return VCLOCK_STABLE;
}

/* After tsc_init(), on the boot CPU, before any other CPU or process runs. */
void time_init(void)
{
	struct vdso_clock *c = &vvar.data.clock;
	u64 rtc_seconds;

	_Static_assert(sizeof(struct vvar_page) <= PAGE_SIZE, "the vvar page outgrew its page");
	vclock_set_scale(c, tsc_khz * 1000);
	c->cycle_last = boot_tsc;
	rtc_seconds = rtc_read_seconds();
	/* Wraps when the RTC is at the epoch: real = mono + offset is still right mod 2^64. */
	c->real_offset_ns = rtc_seconds * NSEC_PER_SEC - vclock_ns_at(c, rdtsc());
	if (!rtc_seconds)
		printk("entrylab: no valid date in the RTC: the wall clock starts at 1970\n");
	c->getcpu_rdtscp = boot_cpu.rdtscp;
	vclock_boot_mode = vclock_choose_mode();
	c->vclock_mode = vclock_boot_mode;
	vclock_init_cpu(0);
	printk("vdso: clock reader %s, %u ns per 2^%u TSC ticks\n",
	       vclock_mode_names[vclock_boot_mode], c->mult, c->shift);
}

/*
 * This CPU's pvclock record and its RDTSCP CPU number. The records never need
 * rewriting: the TSCs are synchronized and their rate is fixed, so every record
 * describes the same clock from the same start (PVCLOCK_TSC_STABLE_BIT). The
 * reader that uses them cannot know that; the version protocol is KVM's.
 */
void vclock_init_cpu(unsigned int cpu)
{
	struct pvclock_vcpu_time_info *p = &vvar.data.percpu[cpu].pvti;
	const struct vdso_clock *c = &vvar.data.clock;

	if (boot_cpu.rdtscp)
		wrmsr(MSR_TSC_AUX, cpu);
	WRITE_ONCE(p->version, p->version + 1);
	barrier();
	p->tsc_timestamp = boot_tsc;
	p->system_time = 0;
	p->tsc_to_system_mul = c->mult;
	p->tsc_shift = 32 - c->shift;
	p->flags = PVCLOCK_TSC_STABLE_BIT;
	barrier();
	WRITE_ONCE(p->version, p->version + 1);
}

/*
 * CPU 0's tick, IRQs off: CLOCK_MONOTONIC at this TSC becomes the new base, the
 * fraction of a nanosecond kept, so no reading changes by it. It keeps the
 * readers' delta * mult within 64 bits (max_cycles: seconds at any rate).
 */
void timekeeping_tick_irqoff(void)
{
	struct vdso_clock *c = &vvar.data.clock;
	unsigned __int128 v;
	u64 now = rdtsc();

	spin_lock(&timekeeper_lock);
	if (now > c->cycle_last) {
		v = (unsigned __int128)(now - c->cycle_last) * c->mult + c->mono_frac;
		vclock_write_begin(c);
		c->mono_ns += (u64)(v >> c->shift);
		c->mono_frac = (u64)v & (BIT(c->shift) - 1);
		c->cycle_last = now;
		vclock_write_end(c);
	}
	spin_unlock(&timekeeper_lock);
}

/* The vDSO's reader from now on (the benchmark switches it); -EINVAL if this machine lacks it. */
int vclock_set_mode(enum vclock_mode mode)
{
	struct vdso_clock *c = &vvar.data.clock;
	unsigned long flags;

	if (mode > VCLOCK_PERCPU)
		return -EINVAL;
	/* An unusable TSC stays unused; the per-CPU reader needs RDTSCP's CPU number. */
	if (mode != VCLOCK_SYSCALL &&
	    (vclock_boot_mode == VCLOCK_SYSCALL || (mode == VCLOCK_PERCPU && !boot_cpu.rdtscp)))
		return -EINVAL;
	spin_lock_irqsave(&timekeeper_lock, flags);
	vclock_write_begin(c);
	c->vclock_mode = mode;
	vclock_write_end(c);
	spin_unlock_irqrestore(&timekeeper_lock, flags);
	return 0;
}


void tsc_mark_unstable(const char *why)
{
	printk("tsc: unstable (%s): clock_gettime() makes the system call, and CLOCK_MONOTONIC "
	       "never goes below the last value read on any CPU\n", why);
	vclock_set_mode(VCLOCK_SYSCALL);
	WRITE_ONCE(vclock_boot_mode, VCLOCK_SYSCALL);	/* and no TSC reader from now on */
}

/*
 * CLOCK_MONOTONIC. With TSCs that disagree, a CPU behind the one that rebased the
 * record reads an earlier time: then the largest value any CPU has returned is
 * kept, and nothing below it is returned (Linux falls back to a clocksource all
 * CPUs share instead; entrylab has none but the TSC).
 */
u64 ktime_get_ns(void)
{
	u64 ns = vclock_read_stable(&vvar.data.clock), last;

	if (likely(READ_ONCE(vclock_boot_mode) != VCLOCK_SYSCALL))
		return ns;
	last = __atomic_load_n(&mono_last, __ATOMIC_RELAXED);
	do {
		if (ns <= last)
			return last;
	} while (!__atomic_compare_exchange_n(&mono_last, &last, ns, false, __ATOMIC_SEQ_CST,
					      __ATOMIC_RELAXED));
	return ns;
}

u64 tsc_delta_to_ns(u64 cycles)
{
	const struct vdso_clock *c = &vvar.data.clock;

	return mul_u64_u32_shr(cycles, c->mult, c->shift);
}

u64 ktime_get_real_ns(void)
{
	return ktime_get_ns() + READ_ONCE(vvar.data.clock.real_offset_ns);
}

/*
 * A user's struct timespec, in the call's layout: x86-64's (and i386's *_time64
 * calls'), or, time32, the old i386 one with a 32-bit time_t (include/compat.h).
 * An i386 *_time64 call's tv_nsec is 32 bits and padding, which its C library
 * may leave unset: the padding is dropped, as Linux's get_timespec64() does.
 */
long get_user_timespec(struct kernel_timespec *ts, const void __user *uts, bool time32)
{
	struct old_timespec32 ts32;

	if (!time32) {
		if (copy_from_user(ts, uts, sizeof(*ts)))
			return -EFAULT;
		if (in_ia32_syscall())
			ts->tv_nsec = (u32)ts->tv_nsec;
		return 0;
	}
	if (copy_from_user(&ts32, uts, sizeof(ts32)))
		return -EFAULT;
	*ts = (struct kernel_timespec){ ts32.tv_sec, ts32.tv_nsec };
	return 0;
}

long put_user_timespec(const struct kernel_timespec *ts, void __user *uts, bool time32)
{
	struct old_timespec32 ts32 = { ts->tv_sec, ts->tv_nsec };

	if (!time32)
		return copy_to_user(uts, ts, sizeof(*ts)) ? -EFAULT : 0;
	return copy_to_user(uts, &ts32, sizeof(ts32)) ? -EFAULT : 0;
}

static long clock_gettime_common(struct pt_regs *regs, bool time32)
{
	int clock = (int)regs->di;
	struct kernel_timespec ts;
	long err;
	u64 ns;

	current->clock_syscalls++;
	switch (clock_base(clock)) {
	case CLOCK_MONOTONIC:
		ns = ktime_get_ns();
		break;
	case CLOCK_REALTIME:
		ns = ktime_get_real_ns();
		break;
	default:
		err = is_cpu_clock(clock) ? cpu_clock_get(clock, false, &ns) : -EINVAL;
		if (err)
			return err;
	}
	ts.tv_sec = ns / NSEC_PER_SEC;
	ts.tv_nsec = ns % NSEC_PER_SEC;
	return put_user_timespec(&ts, (void __user *)regs->si, time32);
}

long sys_clock_gettime(struct pt_regs *regs)
{
	return clock_gettime_common(regs, false);
}

long compat_sys_clock_gettime(struct pt_regs *regs)
{
	return clock_gettime_common(regs, true);
}

/* clock_getres(clock, res): res may be NULL (then only the id is checked). */
static long clock_getres_common(struct pt_regs *regs, bool time32)
{
	struct kernel_timespec res = { 0, CLOCK_RESOLUTION_NS };
	int clock = (int)regs->di;
	u64 ns;

	current->clock_syscalls++;
	if (clock_base(clock) < 0) {
		long err = is_cpu_clock(clock) ? cpu_clock_get(clock, true, &ns) : -EINVAL;

		if (err)
			return err;
		res.tv_nsec = ns;
	}
	return regs->si ? put_user_timespec(&res, (void __user *)regs->si, time32) : 0;
}

long sys_clock_getres(struct pt_regs *regs)
{
	return clock_getres_common(regs, false);
}

long compat_sys_clock_getres(struct pt_regs *regs)
{
	return clock_getres_common(regs, true);
}

/* gettimeofday(tv, tz): either may be NULL; the time zone is always UTC. */
long sys_gettimeofday(struct pt_regs *regs)
{
	u64 ns = ktime_get_real_ns();
	struct kernel_timeval tv = ns_to_timeval(ns);
	struct old_timeval32 tv32 = { tv.tv_sec, tv.tv_usec };
	struct kernel_timezone tz = { 0, 0 };
	bool time32 = in_ia32_syscall();

	current->clock_syscalls++;
	if (regs->di && copy_to_user((void __user *)regs->di, time32 ? (void *)&tv32 : (void *)&tv,
				     time32 ? sizeof(tv32) : sizeof(tv)))
		return -EFAULT;
	if (regs->si && copy_to_user((void __user *)regs->si, &tz, sizeof(tz)))
		return -EFAULT;
	return 0;
}

/* time(tloc): the seconds, also stored at tloc unless it is NULL (an i386 caller's: 32 bits). */
long sys_time(struct pt_regs *regs)
{
	s64 now = ktime_get_real_ns() / NSEC_PER_SEC;

	current->clock_syscalls++;
	if (regs->di && copy_to_user((void __user *)regs->di, &now,
				     in_ia32_syscall() ? sizeof(s32) : sizeof(now)))
		return -EFAULT;
	return now;
}

#define TIMER_ABSTIME	1

/*
 * Sleeps until deadline (ns on CLOCK_MONOTONIC) or a signal. Interrupted, it
 * stores the time left at rmtp (if given, in the call's layout) and asks for a
 * restart through restart_syscall(), which resumes the same sleep with the same
 * deadline.
 */
/*
 * A relative sleep a signal interrupted at now (on its clock): the time left to
 * rb.deadline at rb.rmtp, and rb as current's restart block, by which the sleep goes on.
 */
static long nanosleep_interrupted(struct restart_block rb, u64 now)
{
	struct kernel_timespec left;

	if (rb.rmtp) {
		left = ns_to_timespec(rb.deadline > now ? rb.deadline - now : 0);
		if (put_user_timespec(&left, rb.rmtp, rb.time32))
			return -EFAULT;
	}
	current->restart = rb;
	return -ERESTART_RESTARTBLOCK;
}

static long do_nanosleep(u64 deadline, void __user *rmtp, bool time32);

static long nanosleep_restart(struct restart_block *rb)
{
	return do_nanosleep(rb->deadline, rb->rmtp, rb->time32);
}

static long do_nanosleep(u64 deadline, void __user *rmtp, bool time32)
{
	if (sleep_event(&current->restart, deadline, false) != -ERESTARTSYS)
		return 0;
	return nanosleep_interrupted((struct restart_block){
		.fn = nanosleep_restart, .deadline = deadline, .rmtp = rmtp, .time32 = time32,
	}, ktime_get_ns());
}

/**
 * timespec_to_deadline - a timeout as a deadline for sleep_event()
 * @ts: a duration, or (@absolute) a time on CLOCK_MONOTONIC or (@realtime)
 *	CLOCK_REALTIME
 *
 * Stores the deadline in CLOCK_MONOTONIC ns, never 0 (which means "none"): a
 * time already past is 1. Returns 0 or -EINVAL.
 */
long timespec_to_deadline(const struct kernel_timespec *ts, bool absolute, bool realtime,
			  u64 *deadline)
{
	u64 ns, now = ktime_get_ns();

	if (!timespec_valid(ts))
		return -EINVAL;
	ns = timespec_to_ns(ts);
	if (!absolute)
		ns = now + ns;
	else if (realtime)
		ns = ns > ktime_get_real_ns() - now ? ns - (ktime_get_real_ns() - now) : 0;
	*deadline = MAX(ns, 1UL);
	return 0;
}

long user_timespec_to_deadline(const void __user *uts, bool time32, bool absolute, bool realtime,
			       u64 *deadline)
{
	struct kernel_timespec ts;

	return get_user_timespec(&ts, uts, time32) ? : timespec_to_deadline(&ts, absolute, realtime,
									    deadline);
}

static long nanosleep_common(struct pt_regs *regs, bool time32)
{
	u64 deadline;
	long err = user_timespec_to_deadline((const void __user *)regs->di, time32, false, false,
					     &deadline);

	return err ? err : do_nanosleep(deadline, (void __user *)regs->si, time32);
}

long sys_nanosleep(struct pt_regs *regs)
{
	return nanosleep_common(regs, false);
}

long compat_sys_nanosleep(struct pt_regs *regs)
{
	return nanosleep_common(regs, true);
}

/*
 * Sleeps until CPU-time clock clock reaches deadline (its ns), or a signal, as
 * Linux's posix_cpu_nsleep(). The clock moves with the tick's accounting, and
 * the sleeper reads it once a tick, as the tick looks at a CPU-time timer
 * (kernel/time/posix_timers.c). While the clock names no task (its process gone)
 * the sleep goes on, as Linux's timer then never fires. Interrupted, a relative
 * sleep stores the time left at rmtp and goes on by its restart block, to the
 * same deadline; interrupted again, it stores the time left again, as Linux's
 * posix_cpu_nsleep_restart() keeps the call's rmtp. An absolute sleep restarts
 * as it was (-ERESTARTNOHAND) and leaves rmtp alone.
 */
static long cpu_nanosleep(int clock, u64 deadline, bool absolute, void __user *rmtp,
			  bool time32);

static long cpu_nanosleep_restart(struct restart_block *rb)
{
	return cpu_nanosleep((int)rb->val, rb->deadline, false, rb->rmtp, rb->time32);
}

static long cpu_nanosleep(int clock, u64 deadline, bool absolute, void __user *rmtp,
			  bool time32)
{
	u64 now = 0;

	for (;;) {			/* a deadline passed beats a signal, as Linux's */
		if (!cpu_clock_get(clock, false, &now) && now >= deadline)
			return 0;
		if (signal_pending(current))
			break;
		sleep_event(&current->restart, ktime_get_ns() + TICK_NSEC, false);
	}
	if (absolute)
		return -ERESTARTNOHAND;
	return nanosleep_interrupted((struct restart_block){
		.fn = cpu_nanosleep_restart, .deadline = deadline, .rmtp = rmtp, .time32 = time32,
		.val = clock,
	}, now);
}

/*
 * clock_nanosleep() on a CPU-time clock: -EINVAL for a thread clock of the
 * caller's own (posix_cpu_nsleep()'s rule) or one that names no task, else the
 * sleep, from a deadline in the clock's own ns.
 */
static long clock_nanosleep_cpu(int clock, bool absolute, const void __user *req,
				void __user *rmtp, bool time32)
{
	struct kernel_timespec ts;
	u64 now;

	if (get_user_timespec(&ts, req, time32))
		return -EFAULT;
	if (!timespec_valid(&ts) || !cpu_clock_sleeps(clock) || cpu_clock_get(clock, false, &now))
		return -EINVAL;
	return cpu_nanosleep(clock, absolute ? timespec_to_ns(&ts) : now + timespec_to_ns(&ts),
			     absolute, rmtp, time32);
}

/*
 * clock_nanosleep(clock, flags, req, rem). An absolute sleep interrupted by a
 * signal without handler restarts as it was (-ERESTARTNOHAND), and never writes
 * rem: its deadline does not move. The process CPU-time clocks, and another
 * thread's, are slept on until they reach the time.
 */
static long clock_nanosleep_common(struct pt_regs *regs, bool time32)
{
	int clock = (int)regs->di, flags = (int)regs->si;
	bool absolute = flags & TIMER_ABSTIME;
	u64 deadline;
	long err;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_TAI:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
		break;
	case CLOCK_THREAD_CPUTIME_ID:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return -EOPNOTSUPP;	/* clocks Linux has no sleep for */
	default:
		if (!is_cpu_clock(clock))
			return -EINVAL;
		return clock_nanosleep_cpu(clock, absolute, (const void __user *)regs->dx,
					   (void __user *)regs->r10, time32);
	}
	err = user_timespec_to_deadline((const void __user *)regs->dx, time32, absolute,
					clock_base(clock) == CLOCK_REALTIME, &deadline);
	if (err)
		return err;
	if (!absolute)
		return do_nanosleep(deadline, (void __user *)regs->r10, time32);
	if (sleep_event(&current->restart, deadline, false) == -ERESTARTSYS)
		return -ERESTARTNOHAND;
	return 0;
}

long sys_clock_nanosleep(struct pt_regs *regs)
{
	return clock_nanosleep_common(regs, false);
}

long compat_sys_clock_nanosleep(struct pt_regs *regs)
{
	return clock_nanosleep_common(regs, true);
}

/*
 * The tick, from do_interrupt() (entry/irq.c) with IRQs off: sampled CPU time,
 * preemption (at the task's next return to user mode), RCU's quiescent states
 * (and, on CPU 0, the timekeeper's rebase, RCU's grace-period machine and the
 * sleepers' deadlines), and the nohz_full decision to stop ticking.
 */
struct tick_count tick_counts[NR_CPUS];

void timer_interrupt(struct pt_regs *regs)
{
	struct tick_count *count = &tick_counts[smp_processor_id()];

	count->ticks++;
	rcu_irq_from(regs);
	cputime_tick_irqoff(regs);
	if (user_mode(regs))
		count->user_ticks++;
	if (smp_processor_id() == 0) {
		timekeeping_tick_irqoff();
		rcu_tick();
		sleep_timeouts_tick();
		timers_tick();
		timerfd_tick();
	}
	sched_tick();		/* after the wake-ups: a task this tick woke runs now */
	tick_nohz_update_irqoff(user_mode(regs));
	lapic_eoi();
}
