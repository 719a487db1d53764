// SPDX-License-Identifier: GPL-2.0
/* Context tracking and RCU-tracker switches, and the cold CT_WARN_ON() path. */
#include <cmdline.h>
#include <context_tracking.h>
#include <printk.h>
#include <rcu.h>
#include <smp.h>

DEFINE_STATIC_KEY_TRUE(context_tracking_key);
DEFINE_STATIC_KEY_TRUE(rcu_eqs_key);

#define CT_WARN_PRINT_MAX 5

/**
 * trackers_set - switch context tracking and the RCU tracker
 * @ct: context tracking on
 * @rcu: the RCU tracker on; it is fed by context tracking, so without @ct
 *	 nothing would move its counter and it stays off
 *
 * Returns false when @rcu was asked for and @ct rules it out. Both are static keys:
 * this rewrites their sites in the text (kernel/jump_label.c), so it runs only where
 * no other CPU can run them: at boot before the others start, or with them held
 * (trackers_switch()). And only while no CPU runs user code or an entry or exit
 * hook: the
 * tracker's counter must be odd on every CPU in the kernel and even in user mode,
 * and a CPU in user mode when the tracker turned would keep the wrong parity. (An
 * idle CPU remembers whether it made its counter even, and undoes exactly that:
 * see rcu_idle_exit().) The state says KERNEL either way, so the next return to
 * user mode starts consistent.
 */
bool trackers_set(bool ct, bool rcu)
{
	bool eqs = rcu && ct;

	static_key_set_others_held(&rcu_eqs_key.key, eqs);
	static_key_set_others_held(&context_tracking_key.key, ct);
	return eqs == rcu;
}

struct trackers {
	bool ct, rcu, ok;
};

static void trackers_set_held(void *arg)
{
	struct trackers *t = arg;

	t->ok = trackers_set(t->ct, t->rcu);
}

/**
 * trackers_switch - trackers_set() on a running machine
 * @ct: context tracking on
 * @rcu: the RCU tracker on
 *
 * The caller is in the kernel; every other CPU is held in an interrupt handler, in
 * the kernel with IRQs off (smp_call_with_others_held()), while the switches turn,
 * so no CPU is in user mode or between an entry hook and its exit hook: each
 * returns to user mode through the new setting. IRQs on, not in an interrupt.
 *
 * Return: false if the switches were not turned as asked (@rcu without @ct, or a CPU
 * that could not be held).
 */
bool trackers_switch(bool ct, bool rcu)
{
	struct trackers t = { ct, rcu, false };

	return smp_call_with_others_held(trackers_set_held, &t) && t.ok;
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
