// SPDX-License-Identifier: GPL-2.0
/*
 * The demonstration of why the syscall path does context tracking at all
 * (docs/smp-rcu.md). A ring-3 program spins on another CPU, pinned there, with
 * that CPU's tick stopped if it is nohz_full; this CPU runs grace periods and
 * times each one. Counted on the spinning CPU: every tick and IPI it takes.
 *
 *  - Tracker on: the CPU's rcu_watching is even while it runs user code, so each
 *    grace period sees it quiescent from its snapshot alone. No interrupt.
 *  - Tracker off: nothing on that CPU moves a counter; after RCU_FQS_DELAY_US the
 *    grace-period machine sends it an IPI, which finds it in user mode. At least
 *    one interrupt per grace period, and the delay in every latency.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <cmdline.h>
#include <context_tracking.h>
#include <init.h>
#include <printk.h>
#include <rcu.h>
#include <rcu_demo.h>
#include <sched.h>
#include <signal.h>
#include <smp.h>
#include <string.h>
#include <time.h>

#define SETTLE_MS	2000	/* for the spinner to reach user mode and its tick to stop */

static unsigned long interrupts_on(unsigned int cpu)
{
	return READ_ONCE(tick_counts[cpu].ticks) + READ_ONCE(per_cpu(cpu, ipis));
}

static bool spinning(const struct task *t, unsigned int cpu)
{
	return READ_ONCE(t->on_cpu) == (int)cpu &&
	       READ_ONCE(per_cpu(cpu, ct.context)) == CONTEXT_USER &&
	       (!per_cpu(cpu, sched.nohz_full) || READ_ONCE(per_cpu(cpu, sched.tick_stopped)));
}

static void sort_u64(u64 *a, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++)
		for (unsigned int j = i; j && a[j - 1] > a[j]; j--) {
			u64 tmp = a[j];

			a[j] = a[j - 1];
			a[j - 1] = tmp;
		}
}

/* Grace periods timed one by one; the spinning CPU's interrupts and RCU IPIs counted. */
static void measure(unsigned int cpu, unsigned int n, struct rcu_demo_result *res)
{
	static u64 latency[RCU_DEMO_MAX_GPS];
	struct rcu_stats before, after;
	unsigned long ints = interrupts_on(cpu);
	bool stopped = READ_ONCE(per_cpu(cpu, sched.tick_stopped));

	rcu_get_stats(&before);
	for (unsigned int i = 0; i < n; i++) {
		u64 t0 = rdtsc();

		synchronize_rcu();
		latency[i] = rdtsc() - t0;
	}
	res->interrupts = interrupts_on(cpu) - ints;
	rcu_get_stats(&after);
	res->rcu_ipis = after.fqs_ipis[cpu] - before.fqs_ipis[cpu];
	res->tick_stopped = stopped && READ_ONCE(per_cpu(cpu, sched.tick_stopped));
	res->grace_periods = n;
	sort_u64(latency, n);
	res->latency_ns_median = tsc_to_ns(latency[n / 2]);
	res->latency_ns_max = tsc_to_ns(latency[n - 1]);
}

const char *rcu_demo_measure(unsigned int cpu, bool eqs, unsigned int n,
			     struct rcu_demo_result *res)
{
	const struct boot_module *m = boot_module("probe");
	bool saved = rcu_eqs_on();
	struct user_result ur;
	const char *err;
	struct task *t;
	u64 deadline;

	memset(res, 0, sizeof(*res));
	if (!m)
		return "no probe module (the spinning program)";
	if (cpu == smp_processor_id() || cpu >= NR_CPUS || !cpu_online(cpu))
		return "needs a second online CPU";
	if (!context_tracking_on())
		return "context_tracking=off: nothing tells RCU a CPU runs user code";
	if (!n || n > RCU_DEMO_MAX_GPS)
		return "grace periods out of range";
	trackers_switch(true, eqs);
	t = start_user_program(m, "probe spin loops=0", BIT(cpu), &err);
	if (!t) {
		trackers_switch(true, saved);
		return err;
	}
	deadline = rdtsc() + tsc_khz * SETTLE_MS;
	while (!spinning(t, cpu) && rdtsc() < deadline)
		cpu_relax();
	if (spinning(t, cpu))
		measure(cpu, n, res);
	else
		err = "the program did not settle in user mode on its CPU";
	send_sig_kernel(t, SIGKILL);
	finish_user_program(t, &ur);
	trackers_switch(true, saved);
	if (!err && ur.signal != SIGKILL)
		err = "the spinning program ended on its own";
	return err;
}

unsigned int rcu_demo_cpu(void)
{
	unsigned int cpu, best = 0;

	for_each_online_cpu(cpu)
		if (cpu && (per_cpu(cpu, sched.nohz_full) || !per_cpu(best, sched.nohz_full)))
			best = cpu;
	return best;
}

/* Microseconds with one decimal, from nanoseconds: "%lu.%lu" arguments. */
#define US(ns)	(unsigned long)((ns) / 1000), (unsigned long)((ns) % 1000 / 100)

static void print_row(bool eqs, const struct rcu_demo_result *r)
{
	printk("rcu-demo: %-7s %13u %9lu.%lu %9lu.%lu %12lu %8lu\n", eqs ? "on" : "off",
	       r->grace_periods, US(r->latency_ns_median), US(r->latency_ns_max),
	       r->interrupts, r->rcu_ipis);
}

/**
 * rcu_demo_run - the rcu_demo=N boot: N grace periods with the tracker on, then off
 *
 * Prints a table and one machine line per setting. Returns whether the outcome is
 * the one the design promises: with the tracker on, no RCU IPI (and, on a nohz_full
 * CPU, no interrupt at all); with it off, at least one interrupt per grace period.
 */
bool rcu_demo_run(void)
{
	unsigned int n = cmdline_u64_range(&boot_cmdline, "rcu_demo", 100, 1, RCU_DEMO_MAX_GPS);
	unsigned int cpu = rcu_demo_cpu();
	struct rcu_demo_result res[2];
	bool ok = true;

	if (!cpu) {
		printk("rcu-demo: needs two or more CPUs (make rcu-demo SMP=2)\n");
		return false;
	}
	printk("rcu-demo: a ring-3 loop spins on CPU %u (%s); CPU 0 runs %u synchronize_rcu() "
	       "per setting\n", cpu, per_cpu(cpu, sched.nohz_full) ? "nohz_full: its tick stops" :
	       "not nohz_full: its tick keeps interrupting it", n);
	for (int i = 0; i < 2; i++) {
		const char *err = rcu_demo_measure(cpu, i == 0, n, &res[i]);

		if (err) {
			printk("rcu-demo: rcu_eqs=%s: %s\n", i == 0 ? "on" : "off", err);
			return false;
		}
	}
	printk("rcu-demo: tracker grace periods  median us     max us  interrupts RCU IPIs"
	       "  (on CPU %u)\n", cpu);
	print_row(true, &res[0]);
	print_row(false, &res[1]);
	for (int i = 0; i < 2; i++)
		printk("rcu-demo rcu_eqs=%s grace_periods=%u gp_latency_us_median=%lu.%lu "
		       "gp_latency_us_max=%lu.%lu interrupts_on_nohz_cpu=%lu\n",
		       i == 0 ? "on" : "off",
		       res[i].grace_periods, US(res[i].latency_ns_median),
		       US(res[i].latency_ns_max), res[i].interrupts);
	if (res[0].rcu_ipis || (per_cpu(cpu, sched.nohz_full) && res[0].interrupts)) {
		printk("rcu-demo: FAILED: with the tracker on, CPU %u was interrupted\n", cpu);
		ok = false;
	}
	if (res[1].interrupts < res[1].grace_periods) {
		printk("rcu-demo: FAILED: with the tracker off, fewer interrupts than grace "
		       "periods on CPU %u\n", cpu);
		ok = false;
	}
	return ok;
}
