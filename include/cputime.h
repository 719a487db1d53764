/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU time (kernel/sched/cputime.c), as Linux keeps it: each task's run time,
 * measured from the TSC at every switch (what the CPU-time clocks read), and
 * its split into user and system time, which Linux does one of two ways and
 * entrylab too, chosen per CPU:
 *
 *  - sampled: the tick charges its whole period to the task it interrupts,
 *    user or system by the mode it interrupted (Linux's default,
 *    TICK_CPU_ACCOUNTING). It costs the syscall path nothing, and cannot work
 *    on a nohz_full CPU, whose tick stops while its task runs in user mode;
 *  - exact: each crossing between user and kernel mode charges the time since
 *    the last one (Linux's VIRT_CPU_ACCOUNTING_GEN, which context tracking was
 *    first built for, on the nohz_full CPUs). It costs two TSC reads per
 *    syscall. On nohz_full CPUs always, on every CPU with cputime=exact. The
 *    entry code's part is include/vtime.h.
 *
 * As Linux's cputime_adjust(), the reported split is scaled so that user +
 * system equals the run time.
 */
#ifndef _ENTRYLAB_CPUTIME_H
#define _ENTRYLAB_CPUTIME_H

#include <asm/apic.h>
#include <compiler.h>
#include <time.h>
#include <vtime.h>

struct task;
struct pt_regs;

/* The tick, IRQs off: on a sampling CPU, its period goes to the task it interrupted. */
void cputime_tick_irqoff(const struct pt_regs *regs);
/* context_switch(), IRQs off: prev's run (and system) time up to now. */
void cputime_switch_irqoff(struct task *prev);
/*
 * After nohz_full_init(): every CPU's clocks start, each from its own TSC,
 * exact where nohz_full, everywhere with the boot switch cputime=exact
 * (cputime=sampled, the default, samples the others).
 */
void cputime_init(void);

/* Does this CPU account exactly as booted (cputime=exact, or nohz_full)? */
bool vtime_boot_exact(void);
/*
 * The benchmark's switch, on the benchmark's CPU: exact accounting forced on
 * here, or back as booted. The next crossing counts from now. Forcing it on
 * needs vtime_exact_key on first (vtime_key_select()).
 */
void vtime_select_this_cpu(bool exact);
/*
 * The key behind every CPU's flag (include/vtime.h): on for @exact, or back as
 * booted (on if some CPU boots exact). Process context, IRQs on: it rewrites the
 * text with the other CPUs held (static_key_set()); false if they could not be.
 */
bool vtime_key_select(bool exact);

struct task_cputime {
	u64 sum_exec_runtime, utime, stime;	/* ns */
};

/*
 * sched_lock held: t's times, with the run it is in now; its process's (live
 * and gone threads) with process; the user/system split scaled to the run time.
 */
void task_cputime(struct task *t, bool process, struct task_cputime *ct);
/*
 * sched_lock held: t's times as charged, the split unscaled (what the tick or
 * the crossings gave).
 */
void task_cputime_raw_locked(const struct task *t, struct task_cputime *ct);
/* do_exit(), sched_lock held: current's times join its process's, for good. */
void cputime_exit_locked(struct task *t);
/* sched_lock held: child's process times and its waited-for children's (RUSAGE_BOTH). */
void child_cputime_locked(struct task *child, struct task_cputime *ct);
/* wait(), sched_lock held: a reaped child's times (child_cputime_locked()'s) join ours. */
void cputime_reap_locked(const struct task_cputime *child);

/*
 * A CPU-time clock's value (clock_gettime) or resolution (clock_getres), in ns:
 * CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, or a clock of another
 * process or of a thread of ours, encoded as Linux's clock_getcpuclockid() and
 * pthread_getcpuclockid() make it (negative: the pid, and which time). 0, or
 * -EINVAL for a clock that names no such task.
 */
long cpu_clock_get(int clock, bool resolution, u64 *ns);
/* sched_lock held: clock's value, with self the thread its "0" names (a timer's). */
long cpu_clock_sample_locked(int clock, struct task *self, u64 *ns);
/*
 * Whether clock_nanosleep() sleeps on CPU-time clock clock, as Linux's
 * posix_cpu_nsleep(): not on a thread clock of the caller itself.
 */
bool cpu_clock_sleeps(int clock);
/* The tick's period: the user and system split moves by it. */
#define TICK_NSEC	(NSEC_PER_SEC / TIMER_HZ)
/* Is clock one of them? */
static inline bool is_cpu_clock(int clock)
{
	return clock < 0 || clock == CLOCK_PROCESS_CPUTIME_ID || clock == CLOCK_THREAD_CPUTIME_ID;
}

#endif
