// SPDX-License-Identifier: GPL-2.0
/* Context tracking and RCU-tracker switches, and the cold CT_WARN_ON() path. */
#include <cmdline.h>
#include <context_tracking.h>
#include <printk.h>
#include <rcu.h>

bool context_tracking_on = true;
bool rcu_eqs_on = true;

#define CT_WARN_PRINT_MAX 5

/**
 * trackers_set - switch context tracking and the RCU tracker
 * @ct: context tracking on
 * @rcu: the RCU tracker on; it is fed by context tracking, so without @ct
 *	 nothing would move its counter and it stays off
 *
 * Returns false when @rcu was asked for and @ct rules it out. At boot, and later
 * only while no CPU runs user code (the benchmark's task is in the kernel on the
 * only CPU; the RCU demonstration runs between programs): the tracker's counter
 * must be odd on every CPU in the kernel and even in user mode, and a CPU in user
 * mode when the tracker turned would keep the wrong parity. (An idle CPU
 * remembers whether it made its counter even, and undoes exactly that: see
 * rcu_idle_exit().) The state says KERNEL either way, so the next return to user
 * mode starts consistent.
 */
bool trackers_set(bool ct, bool rcu)
{
	context_tracking_on = ct;
	rcu_eqs_on = rcu && ct;
	return rcu_eqs_on == rcu;
}

void context_tracking_init(void)
{
	if (!trackers_set(cmdline_bool(&boot_cmdline, "context_tracking", true),
			  cmdline_bool(&boot_cmdline, "rcu_eqs", true)) &&
	    cmdline_flag(&boot_cmdline, "rcu_eqs"))
		printk("cmdline: warning: rcu_eqs=on needs context tracking: "
		       "context_tracking=off turns the RCU tracker off too\n");
}

bool ct_warn_expected;

unsigned long ct_warnings_total(void)
{
	unsigned long sum = 0;

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		sum += READ_ONCE(per_cpu(cpu, ct.warnings));
	return sum;
}

void ct_warn(const char *file, int line, const char *cond)
{
	if (ct_warn_expected) {
		/* A self-test provoked it on purpose: a KTAP diagnostic, not an alarm. */
		ct_warn_expected = false;
		printk("    # expected CT_WARN_ON: %s:%d: %s\n", file, line, cond);
		this_cpu_inc(ct.warnings);
		return;
	}
	if (this_cpu_inc(ct.warnings) < CT_WARN_PRINT_MAX)
		printk("CT_WARN_ON: %s:%d: %s (state %d)\n", file, line, cond, ct_state());
}
