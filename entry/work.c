// SPDX-License-Identifier: GPL-2.0
/*
 * The exit work loop: the slow path of exit_to_user_mode_prepare(), shared by every
 * entry variant and by interrupts and exceptions from user mode.
 */
#include <entry-common.h>
#include <asm/io_bitmap.h>
#include <asm/traps.h>
#include <errno.h>
#include <ptrace.h>
#include <rseq.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <syscall_table.h>
#include <syscall_user_dispatch.h>

/**
 * syscall_trace_enter - the syscall entry work (Linux's syscall_trace_enter())
 * @regs: the user's registers, as a tracer will see and may change them
 * @nr: the number the user asked for
 *
 * IRQs on. In Linux's order, each on the call the one before left:
 *
 * First Syscall User Dispatch (entry/syscall_user_dispatch.c): a call it sends
 * back to user space as SIGSYS is no Linux call, so neither the tracer nor
 * seccomp sees it.
 *
 * Then the tracer stops us (PTRACE_SYSCALL, PTRACE_SYSEMU) and may
 * rewrite orig_ax: the number that runs is read back from it, so -1 runs nothing
 * and leaves ax as the tracer set it (-ENOSYS unless it did), while a number past
 * the table is -ENOSYS whatever the tracer left in ax. Under PTRACE_SYSEMU
 * nothing runs whatever the number (the tracer emulates the call: Linux's user-mode
 * Linux does) and there is no exit stop. Which of the two applies is decided by the
 * work found on entry, as on Linux: the tracer's resume from this stop does not
 * change it. The stop at the exit comes from the exit work loop;
 * TIF_SYSCALL_EXIT_STOP sends the return there.
 *
 * Then seccomp, on the number the tracer left: a tracer may change the call,
 * and seccomp must judge the call that would run. The word is read again after
 * the stop, as the tracer may have changed it.
 */
int syscall_trace_enter(struct pt_regs *regs, int nr)
{
	/* The task's word is the truth; this CPU's copy may be a detached tracer's leftover. */
	unsigned long work = READ_ONCE(task_thread_info(current)->syscall_work);

	if (!(work & SYSCALL_WORK_ENTER))
		return nr;
	if ((work & BIT(SYSCALL_WORK_SYSCALL_USER_DISPATCH)) && syscall_user_dispatch(regs))
		return -1;
	if (work & (BIT(SYSCALL_WORK_SYSCALL_TRACE) | BIT(SYSCALL_WORK_SYSCALL_EMU))) {
		if (work & BIT(SYSCALL_WORK_SYSCALL_TRACE))
			set_tsk_thread_flag(current, TIF_SYSCALL_EXIT_STOP);
		/* A SIGKILL that came while stopped: the syscall must not run either. */
		if (ptrace_report_syscall_entry(regs) || (work & BIT(SYSCALL_WORK_SYSCALL_EMU)))
			return -1;
		nr = (int)regs->orig_ax;
		if ((unsigned int)nr >= NR_syscalls && nr != -1)
			regs->ax = -ENOSYS;	/* no such call: not the tracer's ax, as on Linux */
		work = READ_ONCE(task_thread_info(current)->syscall_work);
	}
	if (work & BIT(SYSCALL_WORK_SECCOMP))
		nr = __secure_computing(regs, nr);
	return nr;
}

/**
 * exit_to_user_mode_loop - do pending work until none is left
 * @regs: the user's registers (signal delivery may rewrite them)
 * @ti_work: the thread flags as last read, with IRQs off
 *
 * Entered and left with IRQs off. Each piece of work runs with IRQs on; the
 * flags are then re-read with IRQs off, so a flag set by an interrupt during the
 * work is seen before the return to user mode, never after it. Then, still with
 * IRQs off, the state only some tasks carry: the I/O bitmap (arch/x86/ioport.c),
 * which must be this task's in this CPU's TSS when ring 3 runs again.
 */
void exit_to_user_mode_loop(struct pt_regs *regs, unsigned long ti_work)
{
	while (ti_work & EXIT_TO_USER_MODE_WORK) {
		local_irq_enable();

		if (ti_work & _TIF_NEED_RESCHED)
			schedule();
		if (ti_work & _TIF_SYSCALL_EXIT_STOP) {
			/*
			 * Before any signal: the tracer sees the syscall's own result. Its
			 * resume from the entry stop decides (the word is read again): a
			 * PTRACE_SINGLESTEP from there steps over the whole syscall, so
			 * the step is reported here, at its exit, instead of the exit stop
			 * (Linux's report_single_step()).
			 */
			unsigned long work = READ_ONCE(task_thread_info(current)->syscall_work);

			clear_tsk_thread_flag(current, TIF_SYSCALL_EXIT_STOP);
			if (work & BIT(SYSCALL_WORK_SYSCALL_EXIT_TRAP))
				force_sig_fault(SIGTRAP, TRAP_BRKPT, regs->ip, X86_TRAP_DB, 0);
			else if (work & BIT(SYSCALL_WORK_SYSCALL_TRACE))
				ptrace_report_syscall_exit(regs);
		}
		if (ti_work & _TIF_SINGLESTEP) {
			/* The step over the SYSCALL itself: trap as the CPU would have. */
			clear_tsk_thread_flag(current, TIF_SINGLESTEP);
			force_sig_fault(SIGTRAP, TRAP_TRACE, regs->ip, X86_TRAP_DB, 0);
		}
		if (ti_work & _TIF_SIGPENDING)
			do_signal(regs);
		if (ti_work & _TIF_RSEQ)
			rseq_exit_work(regs);	/* last: after any switch, for the IP it
						 * returns to */

		local_irq_disable();
		ti_work = read_thread_flags();
	}
	if (ti_work & _TIF_IO_BITMAP)
		tss_update_io_bitmap_irqoff();
}
