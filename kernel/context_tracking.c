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
	rcu_eqs_on = cmdline_bool(&boot_cmdline, "rcu_eqs", true);
	/* The tracker is fed by context tracking: without it, nothing moves the counter. */
	if (rcu_eqs_on && !context_tracking_on) {
		if (cmdline_flag(&boot_cmdline, "rcu_eqs"))
			printk("cmdline: warning: rcu_eqs=on needs context tracking: "
			       "context_tracking=off turns the RCU tracker off too\n");
		rcu_eqs_on = false;
	}
}

/*
 * For the benchmark's rows, on one CPU, from a syscall: the calling task is in
 * the kernel, so the state says KERNEL and RCU watches whether tracking goes on
 * or off, and the next return to user mode starts from a consistent state.
 */
void context_tracking_set(bool on)
{
	context_tracking_on = on;
	if (!on)
		rcu_eqs_on = false;
}

bool ct_warn_expected;

unsigned long ct_warnings_total(void)
{
	unsigned long sum = 0;

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		sum += READ_ONCE(per_cpu(cpu, ct_warnings));
	return sum;
}

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
