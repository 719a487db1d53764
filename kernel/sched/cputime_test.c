// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of CPU-time accounting (kernel/sched/cputime.c) on the CPU they run on:
 * with exact accounting, each crossing charges exactly the TSC interval since
 * the last one, user time on the way in and system time on the way out.
 * (Sampling is the ring-3 suite's: these run as the idle task, which the tick
 * never charges.)
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/timex.h>
#include <cputime.h>
#include <sched.h>
#include <selftest.h>
#include <time.h>

/* Spins until the TSC has moved on by at least ticks. */
static void spin_tsc(u64 ticks)
{
	u64 end = get_cycles() + ticks;

	while (get_cycles() < end)
		cpu_relax();
}

SELFTEST(vtime, exact_crossings_charge_the_tsc_interval)
{
	struct task *me = current;
	u64 u0, s0, start, exit, enter;
	unsigned long flags;

	local_irq_save(flags);
	vtime_select_this_cpu(true);
	start = this_cpu_read(cputime.vtime_start);
	u0 = me->utime;
	s0 = me->stime;
	spin_tsc(tsc_khz);			/* a millisecond "in user mode" */
	__vtime_user_exit();
	exit = this_cpu_read(cputime.vtime_start);
	spin_tsc(tsc_khz);			/* one "in the kernel" */
	__vtime_user_enter();
	enter = this_cpu_read(cputime.vtime_start);
	vtime_select_this_cpu(false);
	local_irq_restore(flags);
	EXPECT_GE(t, exit - start, (u64)tsc_khz);
	EXPECT_EQ(t, me->utime - u0, tsc_delta_to_ns(exit - start));
	EXPECT_GE(t, enter - exit, (u64)tsc_khz);
	EXPECT_EQ(t, me->stime - s0, tsc_delta_to_ns(enter - exit));
}
