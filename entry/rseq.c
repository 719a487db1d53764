// SPDX-License-Identifier: GPL-2.0
/*
 * rseq's part of the way back to user mode (include/rseq.h says who raises the
 * events): write the IDs the task runs with into its area, and abort a critical
 * section the task was interrupted in. Linux 6.19 does this with IRQs off after
 * the exit work loop, faults disabled, and falls back to a slow path when the
 * area is not mapped; entrylab's kernel is not preemptible and its exit work
 * loop re-reads the flags with IRQs off after every piece of work, so the work
 * runs in the loop, with IRQs on, where a user access may fault: a switch while
 * it runs raises TIF_RSEQ again and the loop comes back.
 */
#include <asm/uaccess.h>
#include <entry-common.h>
#include <rseq.h>
#include <signal.h>
#include <smp.h>
#include <uapi/rseq.h>
#include <uapi/signal.h>

/**
 * rseq_abort_cs - abort the critical section the user was interrupted in, if any
 * @t: current, with an area registered
 * @regs: the user's registers, ip where it was interrupted
 *
 * IRQs on. As Linux 6.19 without CONFIG_DEBUG_RSEQ, only what protects the
 * kernel and the program is checked: the abort IP is a user address, and the
 * four bytes before it hold the signature registered with the area (an attacker
 * who can write the descriptor cannot send the IP to any gadget). Whatever else
 * is wrong with a descriptor is the program's problem. The area's rseq_cs is
 * cleared either way: the section ended, or was left.
 *
 * Return: false if the area, the descriptor or the signature cannot be read, or
 * the abort IP is invalid.
 */
static bool rseq_abort_cs(struct task *t, struct pt_regs *regs)
{
	struct rseq __user *area = t->rseq.usrptr;
	const u64 zero = 0;
	struct rseq_cs cs;
	u64 csaddr;
	u32 sig;

	if (copy_from_user(&csaddr, &area->rseq_cs, sizeof(csaddr)))
		return false;
	if (!csaddr)
		return true;
	if (csaddr >= TASK_SIZE_MAX || copy_from_user(&cs, (void __user *)csaddr, sizeof(cs)))
		return false;
	if (regs->ip - cs.start_ip < cs.post_commit_offset) {
		if (cs.abort_ip >= TASK_SIZE_MAX || cs.abort_ip < sizeof(sig) ||
		    copy_from_user(&sig, (void __user *)(cs.abort_ip - sizeof(sig)), sizeof(sig)) ||
		    sig != t->rseq.sig)
			return false;
		regs->ip = cs.abort_ip;
	}
	return !copy_to_user(&area->rseq_cs, &zero, sizeof(zero));
}

/*
 * The IDs into the area: cpu_id_start and cpu_id side by side, node_id and
 * mm_cid side by side, so two copies. The CPU cannot change under us: the
 * kernel is not preemptible and nothing here sleeps.
 */
static bool rseq_write_ids(struct task *t)
{
	struct rseq __user *area = t->rseq.usrptr;
	u32 cpu = smp_processor_id();
	u32 cpus[2] = { cpu, cpu }, node_cid[2] = { 0, t->rseq.cid };

	if (copy_to_user(&area->cpu_id_start, cpus, sizeof(cpus)) ||
	    copy_to_user(&area->node_id, node_cid, sizeof(node_cid)))
		return false;
	t->rseq.cpu_id = cpu;
	t->rseq.mm_cid = t->rseq.cid;
	return true;
}

/* The events, taken and cleared at once: an IPI may raise them meanwhile. */
static struct rseq_event rseq_take_events(struct task *t)
{
	struct rseq_event ev;

	local_irq_disable();
	clear_tsk_thread_flag(t, TIF_RSEQ);
	ev = t->rseq.event;
	t->rseq.event.events = 0;
	local_irq_enable();
	return ev;
}

static void rseq_fail(void)
{
	force_sig_fault(SIGSEGV, SI_KERNEL, 0, 0, 0);
}

/**
 * rseq_exit_work - bring the rseq area up to date before returning to user mode
 * @regs: the user's registers, as they will be restored
 *
 * IRQs on, TIF_RSEQ seen. The IDs are written only if they changed; the
 * critical section is looked at only if the task was interrupted in user mode
 * (a syscall is never made inside one). An area that cannot be written is a
 * SIGSEGV, as on Linux.
 */
void rseq_exit_work(struct pt_regs *regs)
{
	struct task *t = current;
	struct rseq_event ev = rseq_take_events(t);

	if (!ev.sched_switch || !t->rseq.event.has_rseq)
		return;
	if ((ev.ids_changed && !rseq_write_ids(t)) || (ev.user_irq && !rseq_abort_cs(t, regs)))
		rseq_fail();
}

bool __rseq_signal_deliver(struct pt_regs *regs)
{
	struct task *t = current;

	return rseq_write_ids(t) && rseq_abort_cs(t, regs);
}

/*
 * IRQs off, in the IPI's handler. Interrupted in user mode, the task has
 * user_irq set, and its interrupt exit does the work; interrupted in the
 * kernel, it is in no critical section.
 */
void rseq_preempt_irqoff(void)
{
	struct task *t = current;

	if (t->rseq.event.has_rseq & t->rseq.event.user_irq) {
		t->rseq.event.sched_switch = 1;
		set_tsk_thread_flag(t, TIF_RSEQ);
	}
}
