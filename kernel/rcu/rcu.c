// SPDX-License-Identifier: GPL-2.0
/*
 * RCU grace periods, fed by the context-tracking tracker (include/rcu.h).
 *
 * A grace period starts by snapshotting every online CPU's two counters and
 * ends when each CPU has been quiescent since its snapshot: its watching counter was
 * even (user mode) or has moved (it went through user mode), or its rcu_qs has
 * moved (a context switch, the idle loop, a tick or IPI that found it in user
 * mode or idle). Callbacks and synchronize_rcu() callers wait for the grace
 * period that started after they asked.
 *
 * Nobody has to run a thread for this: the machine advances whenever someone
 * looks, under rcu_lock. synchronize_rcu() callers look in their wait loop; CPU
 * 0's tick looks when callbacks wait. Callbacks therefore run on CPU 0 or on a
 * synchronize_rcu() caller's CPU, never on a nohz_full CPU: they are offloaded,
 * so queuing one never needs that CPU's tick.
 *
 * A CPU that stays in user mode with the tracker off (rcu_eqs=off) moves neither
 * counter, and with its tick stopped nothing else would: after RCU_FQS_DELAY_US
 * the machine sends it a reschedule IPI, whose handler finds it in user mode and
 * reports for it. With the tracker on that IPI is never needed: docs/smp-rcu.md.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <context_tracking.h>
#include <kernel.h>
#include <rcu.h>
#include <sched.h>
#include <smp.h>
#include <spinlock.h>
#include <string.h>

#define RCU_FQS_DELAY_US	1000	/* before the first IPI, and between two */

/* Taken by CPU 0's tick too: every user holds it with IRQs off. */
static DEFINE_SPINLOCK(rcu_lock);

static struct {
	unsigned long started, completed;	/* in progress iff they differ */
	bool need_another;			/* asked for after this one began */
	unsigned long pending;			/* CPUs yet to report, this period */
	struct rcu_snap snap[NR_CPUS];
	u64 next_fqs_tsc;
	struct rcu_head *cb_head, **cb_tail;	/* FIFO; gp never decreases along it */
	unsigned long fqs_ipis[NR_CPUS];		/* IPIs sent, per CPU */
} rcu = { .cb_tail = &rcu.cb_head };

struct rcu_snap rcu_snapshot(unsigned int cpu)
{
	return (struct rcu_snap){
		.watching = READ_ONCE(per_cpu(cpu, ct.state)) >> CT_RCU_WATCHING_SHIFT,
		.qs = READ_ONCE(per_cpu(cpu, rcu.qs)),
	};
}

bool rcu_quiescent_since(unsigned int cpu, struct rcu_snap snap)
{
	struct rcu_snap now = rcu_snapshot(cpu);

	/* Even: it was in user mode at the snapshot. Moved: it has been since. */
	return !(snap.watching & 1) || now.watching != snap.watching || now.qs != snap.qs;
}

bool rcu_is_watching(void)
{
	return this_cpu_read(ct.state) & CT_RCU_WATCHING;
}

void rcu_irq_from(struct pt_regs *regs)
{
	if (user_mode(regs) || this_cpu_read(sched.idle_halted))
		rcu_qs();
}

/* rcu_lock held. The caller's CPU reports at once if it holds no reference. */
static void gp_start(void)
{
	unsigned int cpu, self = smp_processor_id();

	rcu.started++;
	rcu.need_another = false;
	rcu.pending = 0;
	for_each_online_cpu(cpu) {
		rcu.snap[cpu] = rcu_snapshot(cpu);
		rcu.pending |= BIT(cpu);
	}
	if (!this_cpu_read(irq_depth) && !this_cpu_read(rcu.read_depth))
		rcu.pending &= ~BIT(self);
	rcu.next_fqs_tsc = rdtsc() + tsc_khz * RCU_FQS_DELAY_US / 1000;
}

/* rcu_lock held: the number of the grace period that covers a request made now. */
static unsigned long gp_request(void)
{
	if (rcu.started == rcu.completed) {
		gp_start();
		return rcu.started;
	}
	/* The current period may have snapshotted this CPU already: wait for the next. */
	rcu.need_another = true;
	return rcu.started + 1;
}

/* rcu_lock held. Returns the callbacks now ready, in order. */
static struct rcu_head *gp_advance(void)
{
	struct rcu_head *ready = NULL, **tail = &ready;
	unsigned int cpu;

	if (rcu.started != rcu.completed) {
		for_each_online_cpu(cpu)
			if ((rcu.pending & BIT(cpu)) && rcu_quiescent_since(cpu, rcu.snap[cpu]))
				rcu.pending &= ~BIT(cpu);
		rcu.pending &= READ_ONCE(cpu_online_mask);	/* a stopped CPU holds nothing */
		if (!rcu.pending) {
			rcu.completed = rcu.started;
		} else if (rdtsc() >= rcu.next_fqs_tsc) {
			for_each_online_cpu(cpu) {
				if (!(rcu.pending & BIT(cpu)) || cpu == smp_processor_id())
					continue;
				rcu.fqs_ipis[cpu]++;
				smp_send_reschedule(cpu);
			}
			rcu.next_fqs_tsc = rdtsc() + tsc_khz * RCU_FQS_DELAY_US / 1000;
		}
	}
	if (rcu.started == rcu.completed && rcu.need_another)
		gp_start();
	while (rcu.cb_head && rcu.cb_head->gp <= rcu.completed) {
		*tail = rcu.cb_head;
		tail = &rcu.cb_head->next;
		rcu.cb_head = rcu.cb_head->next;
	}
	*tail = NULL;
	if (!rcu.cb_head)
		rcu.cb_tail = &rcu.cb_head;
	return ready;
}

/* Advances the machine and runs what became ready, outside the lock, IRQs off. */
static void gp_poll(void)
{
	struct rcu_head *ready, *next;
	unsigned long flags;

	spin_lock_irqsave(&rcu_lock, flags);
	ready = gp_advance();
	spin_unlock(&rcu_lock);
	for (; ready; ready = next) {
		next = ready->next;
		ready->func(ready);
	}
	local_irq_restore(flags);
}

void rcu_tick(void)
{
	if (READ_ONCE(rcu.cb_head) || READ_ONCE(rcu.started) != READ_ONCE(rcu.completed))
		gp_poll();
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	unsigned long flags;

	head->func = func;
	head->next = NULL;
	spin_lock_irqsave(&rcu_lock, flags);
	head->gp = gp_request();
	*rcu.cb_tail = head;
	rcu.cb_tail = &head->next;
	spin_unlock_irqrestore(&rcu_lock, flags);
}

struct wait_cb {
	struct rcu_head head;
	bool done;
};

static void wait_cb_done(struct rcu_head *head)
{
	WRITE_ONCE(container_of(head, struct wait_cb, head)->done, true);
}

/*
 * Queues a callback of our own and drives the machine until it has run. Then a
 * full grace period has passed since the call (the callback waited for one), and
 * every callback queued before it has run (they run in queue order): both
 * synchronize_rcu() and rcu_barrier() in one wait.
 */
static void wait_for_own_callback(const char *who)
{
	struct wait_cb w = { .done = false };

	if (irqs_disabled() || this_cpu_read(irq_depth) || this_cpu_read(rcu.read_depth))
		panic("%s: called with IRQs off, from an interrupt or in a reader", who);
	call_rcu(&w.head, wait_cb_done);
	while (!READ_ONCE(w.done)) {
		rcu_qs();		/* this CPU holds no reference while it waits */
		gp_poll();
		cpu_relax();
	}
}

void synchronize_rcu(void)
{
	wait_for_own_callback("synchronize_rcu");
}

void rcu_barrier(void)
{
	wait_for_own_callback("rcu_barrier");
}

void rcu_get_stats(struct rcu_stats *out)
{
	unsigned long flags;

	spin_lock_irqsave(&rcu_lock, flags);
	out->completed = rcu.completed;		/* grace periods are numbered from 1 */
	memcpy(out->fqs_ipis, rcu.fqs_ipis, sizeof(out->fqs_ipis));
	spin_unlock_irqrestore(&rcu_lock, flags);
}

