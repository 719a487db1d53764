// SPDX-License-Identifier: GPL-2.0
/*
 * What a CPU does when it has nothing to run, and when it has exactly one user
 * task: the idle loop (halted until an interrupt, an extended quiescent state for
 * RCU) and nohz_full (the tick stopped while the only task runs in user mode).
 * Both exist so that a CPU nobody needs is left alone: no tick, no IPI, no grace
 * period waiting for it.
 */
#include <asm/apic.h>
#include <asm/fred.h>
#include <asm/idle.h>
#include <asm/irqflags.h>
#include <cmdline.h>
#include <printk.h>
#include <rcu.h>
#include <sched.h>
#include <smp.h>

/*
 * A halted CPU holds no RCU reference. With the tracker on it says so the way
 * user mode does, by making its watching counter even: no grace period waits for it or
 * wakes it (interrupts that do arrive watch for their duration: irqentry_enter()).
 * With the tracker off, the counter stays still and the tick or an RCU IPI that
 * finds the CPU halted reports for it (rcu_irq_from()).
 */
static void rcu_idle_enter(void)
{
	bool eqs = rcu_eqs_enabled();

	this_cpu_write(sched.idle_halted, true);
	this_cpu_write(sched.idle_eqs, eqs);	/* what to undo, whatever the switch says */
	if (eqs)
		rcu_watching_inc();	/* odd -> even */
}

static void rcu_idle_exit(void)
{
	if (this_cpu_read(sched.idle_eqs))
		rcu_watching_inc();	/* even -> odd */
	this_cpu_write(sched.idle_eqs, false);
	this_cpu_write(sched.idle_halted, false);
}

/**
 * cpu_idle_once - what an idle task does each time round: run a task, or halt
 *
 * Halts until an interrupt, with the usual race closed: IRQs are off from the
 * check until the CPU waits, so an IPI sent after the check wakes it rather than
 * arriving before it (safe_halt_irqoff()). IRQs on, on return.
 */
void cpu_idle_once(void)
{
	local_irq_disable();
	fred_switch_if_pending_irqoff();	/* no event's frame here to return through */
	rcu_qs();
	if (sched_work_here()) {
		schedule();
	} else {
		rcu_idle_enter();
		safe_halt_irqoff();
		rcu_idle_exit();
	}
	local_irq_enable();
}

/* What an AP runs when no task can. */
void __noreturn cpu_idle_loop(void)
{
	for (;;)
		cpu_idle_once();
}

/*
 * nohz_full: on a CPU that nohz_full= names, the tick is stopped while the one
 * task that can run there is in user mode, and restarted as soon as that is no
 * longer so (the CPU schedules, or another task could run there: sched_kick()
 * sends an IPI). RCU needs no tick: with the tracker on, context tracking reports
 * the CPU quiescent (with it off, RCU sends an IPI when it must), and callbacks
 * are never run on it (kernel/rcu/rcu.c). IRQs off.
 */
void tick_nohz_update_irqoff(bool in_user)
{
	bool stop;

	if (!this_cpu_read(sched.nohz_full))
		return;
	stop = in_user && !is_idle_task(current) && !sched_work_here();
	if (stop && !this_cpu_read(sched.tick_stopped)) {
		lapic_timer_stop();
		this_cpu_write(sched.tick_stopped, true);
	} else if (!stop && this_cpu_read(sched.tick_stopped)) {
		lapic_timer_start(TIMER_HZ);
		this_cpu_write(sched.tick_stopped, false);
	}
}

void nohz_full_init(void)
{
	unsigned long mask;
	unsigned int cpu;

	if (!cmdline_cpulist(&boot_cmdline, "nohz_full", &mask))
		return;
	if (mask & BIT(0)) {
		printk("cmdline: warning: nohz_full: CPU 0 keeps its tick (it runs RCU's "
		       "grace-period machine and the callbacks): dropped\n");
		mask &= ~BIT(0);
	}
	for (cpu = 1; cpu < 64; cpu++) {
		if (!(mask & BIT(cpu)) || cpu_online(cpu))
			continue;
		printk("cmdline: warning: nohz_full: CPU %u is not online: dropped\n", cpu);
		mask &= ~BIT(cpu);
	}
	for_each_online_cpu(cpu) {
		if (!(mask & BIT(cpu)))
			continue;
		per_cpu(cpu, sched.nohz_full) = true;
		printk("nohz_full: CPU %u stops its tick while one task runs there in user mode\n",
		       cpu);
	}
}
