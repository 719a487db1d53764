// SPDX-License-Identifier: GPL-2.0
/*
 * The entries that are not SYSCALL: interrupts and exceptions (the IDT stubs of
 * entry/entry_irq.asm call do_interrupt(), which brackets its work with
 * irqentry_enter() and irqentry_exit()), and a new task's first return to user
 * mode (ret_from_fork). They use the same inlined hooks as the syscall path, in
 * the default variant, so context tracking and RCU see every transition.
 */
#include <entry-common.h>
#include <rseq.h>
#include <sched.h>
#include <vtime.h>

/**
 * irqentry_enter - first C code of an interrupt or exception
 * @regs: the interrupted state
 *
 * IRQs off. From user mode: the CPU enters the kernel, as on a syscall. From
 * kernel mode context tracking already says KERNEL; RCU is watching, unless the
 * interrupt woke the idle loop from its extended quiescent state (rcu_idle_enter()
 * in kernel/sched/idle.c): then the handler, which may use RCU, makes it watch, and
 * irqentry_exit() puts the CPU back in the quiescent state. As Linux's
 * ct_irq_enter() does, and for the same reason: an idle CPU delays no grace period.
 */
irqentry_state_t irqentry_enter(struct pt_regs *regs)
{
	irqentry_state_t state = { .exit_rcu = false };

	/*
	 * Not "!rcu_is_watching()" alone: the other kernel-mode entry that finds RCU
	 * not watching is a fault on the IRETQ to user mode, after the exit hooks,
	 * and fixup_bad_iret() enters from user mode properly for that one.
	 */
	if (user_mode(regs)) {
		vtime_user_exit_irqoff();
		enter_from_user_mode(regs);
		rseq_note_user_irq_entry();
	} else if (this_cpu_read(sched.idle_eqs) && !rcu_is_watching()) {
		rcu_watching_inc();	/* even -> odd: RCU watches the handler */
		state.exit_rcu = true;
	}
	return state;
}

void irqentry_exit_to_user_mode_irqoff(struct pt_regs *regs)
{
	exit_to_user_mode_prepare(regs);
	rseq_irqentry_exit_to_user_mode();
	exit_to_user_mode();
	vtime_user_enter_irqoff();
}

/**
 * irqentry_exit - last C code of an interrupt or exception
 * @regs: the state to return to; a signal delivered now may have rewritten it
 *
 * IRQs off, and off until the IRETQ. Work (signals, rescheduling) is done only
 * on the way back to user mode: the kernel is not preemptible.
 */
void irqentry_exit(struct pt_regs *regs, irqentry_state_t state)
{
	if (user_mode(regs))
		irqentry_exit_to_user_mode_irqoff(regs);
	else if (state.exit_rcu)
		rcu_watching_inc();	/* odd -> even: back to idle's quiescent state */
}

/**
 * ret_from_fork - the C half of a new task's first return to user mode
 * @regs: the task's user registers, as task_start() set them
 *
 * switch_to() "returns" into ret_from_fork_asm on the new task's kernel stack
 * with IRQs off and sched_lock held, which finish_task_switch() releases, as
 * schedule() does after any other switch. A new task leaves through the same
 * exit work as a syscall, but enters user mode for the first time: it has no
 * entry to undo.
 */
void ret_from_fork(struct pt_regs *regs);
void ret_from_fork(struct pt_regs *regs)
{
	finish_task_switch();
	schedule_tail();
	irqentry_exit_to_user_mode_irqoff(regs);
}
