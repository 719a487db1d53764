// SPDX-License-Identifier: GPL-2.0
/* Self-tests of what a context switch loads into the segment registers (process.c). */
#include <asm/cpufeature.h>
#include <asm/fsgsbase.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <sched.h>
#include <selftest.h>

static u16 read_ss(void)
{
	u16 ss;

	asm volatile("mov %%ss, %0" : "=r"(ss));
	return ss;
}

/*
 * An interrupt from ring 3 leaves SS null. Where SYSRET keeps a null SS's
 * attributes (AMD), the switch to the task that returns next must load a good
 * one: round-trip the current task's segments with SS null and look.
 */
SELFTEST(context_switch, replaces_a_null_ss_for_amds_sysret)
{
	unsigned long flags;
	u16 ss;

	if (!boot_cpu.sysret_ss_attrs)
		SKIP(t, "not an AMD CPU: SYSRET loads SS's attributes");
	local_irq_save(flags);
	save_user_segments_irqoff(current);
	asm volatile("mov %0, %%ss" : : "r"(0));
	load_user_segments_irqoff(current);
	ss = read_ss();
	asm volatile("mov %0, %%ss" : : "r"(__KERNEL_DS));
	local_irq_restore(flags);
	EXPECT_EQ(t, ss, __KERNEL_DS);
}
