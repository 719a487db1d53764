// SPDX-License-Identifier: GPL-2.0
/*
 * The grace-period side of the RCU tracker (include/rcu.h): snapshot a CPU's
 * rcu_watching counter, and later ask whether that CPU has been quiescent since.
 * The counter itself moves in context tracking's user_enter/user_exit hooks.
 */
#include <asm/percpu.h>
#include <rcu.h>

unsigned long rcu_snapshot(unsigned int cpu)
{
	return READ_ONCE(percpu_areas[cpu].rcu_watching);
}

bool rcu_quiescent_since(unsigned int cpu, unsigned long snap)
{
	/* Even: it was in user mode at the snapshot. Moved: it has been since. */
	return !(snap & 1) || READ_ONCE(percpu_areas[cpu].rcu_watching) != snap;
}

bool rcu_is_watching(void)
{
	return this_cpu_read(rcu_watching) & 1;
}
