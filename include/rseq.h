/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Restartable sequences (rseq(2), Linux 4.18), with the exit path of Linux 6.19
 * ("rseq: Optimize exit to user space"). A thread registers a struct rseq
 * (uapi/rseq.h) in its TLS. The kernel keeps the area's CPU and concurrency IDs
 * current, and when the thread was interrupted in user mode inside a critical
 * section (the struct rseq_cs its area points at) and then preempted, migrated
 * or sent a signal, moves its IP to the section's abort handler, so per-CPU data
 * can be updated without atomic instructions.
 *
 * Who sets what (include/rseq_types.h):
 *   user_irq      irqentry_enter() from user mode: rseq_note_user_irq_entry();
 *   ids_changed   the context switch to the task, when it runs on another CPU or
 *                 holds another concurrency ID than its area says;
 *   sched_switch  the same switch, when either is set: it raises TIF_RSEQ.
 * A task that entered by a syscall and slept runs on where it was with nothing
 * to do: a syscall is never made inside a critical section, and its IDs are
 * unchanged. TIF_RSEQ is one more bit in the thread flags the exit tests once
 * anyway, so a return with no event costs nothing more; the work behind it is
 * rseq_exit_work() (entry/rseq.c). The interrupt exit clears the events itself
 * (one store): an interrupt that did not lead to a switch leaves user_irq set.
 */
#ifndef _ENTRYLAB_RSEQ_H
#define _ENTRYLAB_RSEQ_H

#include <sched.h>

struct pt_regs;

/* irqentry_enter() from user mode, IRQs off: a critical section may have been cut. */
static __always_inline void rseq_note_user_irq_entry(void)
{
	current->rseq.event.user_irq = 1;
}

/* The last step of an interrupt's return to user mode, IRQs off: no event outlives it. */
static __always_inline void rseq_irqentry_exit_to_user_mode(void)
{
	current->rseq.event.events = 0;
}

/* kernel/rseq.c, sched_lock held: the concurrency IDs a switch gives and takes back. */
void rseq_switch_out_locked(struct task *prev);
void rseq_switch_in_locked(struct task *next, unsigned int cpu);

/**
 * rseq_switch_irqoff - the context switch's part
 * @prev: the task leaving this CPU
 * @next: the task about to run here
 * @cpu: this CPU
 *
 * IRQs off, sched_lock held. Two tests for tasks without rseq.
 */
static __always_inline void rseq_switch_irqoff(struct task *prev, struct task *next,
					       unsigned int cpu)
{
	if (unlikely(prev->rseq.event.has_rseq))
		rseq_switch_out_locked(prev);
	if (unlikely(next->rseq.event.has_rseq))
		rseq_switch_in_locked(next, cpu);
}

/* entry/rseq.c: the exit work behind TIF_RSEQ, IRQs on. */
void rseq_exit_work(struct pt_regs *regs);
/* entry/rseq.c: the IDs written and the section aborted, for a signal about to be delivered. */
bool __rseq_signal_deliver(struct pt_regs *regs);

/**
 * rseq_signal_deliver - a signal's part, before its frame is built
 * @regs: the user's registers, which the frame will save
 *
 * IRQs on. A critical section the task was interrupted in (from user mode) is
 * aborted first, so the frame saves the abort IP and the handler returns there.
 * A task that entered by a syscall is in none: one test (the '&' spares a branch).
 *
 * Return: false if the area or the section could not be read or is invalid
 * (the caller kills with SIGSEGV).
 */
static __always_inline bool rseq_signal_deliver(struct pt_regs *regs)
{
	if (likely(!(current->rseq.event.has_rseq & current->rseq.event.user_irq)))
		return true;
	return __rseq_signal_deliver(regs);
}
/* membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ)'s IPI: as if preempted here. */
void rseq_preempt_irqoff(void);

/* fork and clone: a child sharing the memory starts unregistered, a copy keeps it. */
void rseq_fork(struct task *p, bool shares_mm);
/* The task leaves its address space (exit, execve): its registration goes with it. */
void rseq_mm_release(struct task *t);

#endif
