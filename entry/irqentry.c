// SPDX-License-Identifier: GPL-2.0
/*
 * The entries that are not SYSCALL: interrupts and exceptions (the IDT stubs of
 * entry/entry_irq.asm call do_interrupt(), which brackets its work with
 * irqentry_enter() and irqentry_exit()), and a new task's first return to user
 * mode (ret_from_fork). They use the same inlined hooks as the syscall path, in
 * the default variant, so context tracking and RCU see every transition.
 */
#include <entry-common.h>

/**
 * irqentry_enter - first C code of an interrupt or exception
 * @regs: the interrupted state
 *
 * IRQs off. From user mode: the CPU enters the kernel, as on a syscall. From
 * kernel mode context tracking already says KERNEL and RCU is watching (an idle
 * CPU reports quiescent states through rcu_qs and keeps rcu_watching odd), so
 * there is nothing to record.
 */
void irqentry_enter(struct pt_regs *regs)
{
	if (user_mode(regs))
		enter_from_user_mode(regs);
}

void irqentry_exit_to_user_mode(struct pt_regs *regs)
{
	exit_to_user_mode_prepare(regs);
	exit_to_user_mode();
}

/**
 * irqentry_exit - last C code of an interrupt or exception
 * @regs: the state to return to; a signal delivered now may have rewritten it
 *
 * IRQs off, and off until the IRETQ. Work (signals, rescheduling) is done only
 * on the way back to user mode: the kernel is not preemptible.
 */
void irqentry_exit(struct pt_regs *regs)
{
	if (user_mode(regs))
		irqentry_exit_to_user_mode(regs);
}

/**
 * ret_from_fork - the C half of a new task's first return to user mode
 * @regs: the task's user registers, as task_start() set them
 *
 * switch_to() "returns" into ret_from_fork_asm on the new task's kernel stack
 * with IRQs off and sched_lock held, which finish_task_switch() releases, as
 * schedule() does after any other switch. A new task leaves through the same exit work as a syscall, but
 * enters user mode for the first time: it has no entry to undo.
 */
void ret_from_fork(struct pt_regs *regs);
void ret_from_fork(struct pt_regs *regs)
{
	finish_task_switch();
	irqentry_exit_to_user_mode(regs);
}
