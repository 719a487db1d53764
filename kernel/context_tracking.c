// SPDX-License-Identifier: GPL-2.0
/* Context tracking and RCU-tracker switches, and the cold CT_WARN_ON() path. */
#include <cmdline.h>
#include <context_tracking.h>
#include <printk.h>
#include <rcu.h>

bool context_tracking_on = true;
bool rcu_eqs_on = true;

#define CT_WARN_PRINT_MAX 5

void context_tracking_init(void)
{
	context_tracking_on = cmdline_bool(&boot_cmdline, "context_tracking", true);
	rcu_eqs_on = cmdline_bool(&boot_cmdline, "rcu_eqs", true) && context_tracking_on;
}

bool ct_warn_expected;

void ct_warn(const char *file, int line, const char *cond)
{
	if (ct_warn_expected) {
		/* A self-test provoked it on purpose: a KTAP diagnostic, not an alarm. */
		ct_warn_expected = false;
		printk("    # expected CT_WARN_ON: %s:%d: %s\n", file, line, cond);
		this_cpu_inc(ct_warnings);
		return;
	}
	if (this_cpu_inc(ct_warnings) < CT_WARN_PRINT_MAX)
		printk("CT_WARN_ON: %s:%d: %s (state %d)\n", file, line, cond, ct_state());
}

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
