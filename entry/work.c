// SPDX-License-Identifier: GPL-2.0
/*
 * The exit work loop: the slow path of exit_to_user_mode_prepare(), shared by every
 * entry variant and by interrupts and exceptions from user mode.
 */
#include <entry-common.h>
#include <asm/io_bitmap.h>
#include <asm/traps.h>
#include <signal.h>

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
		if (ti_work & _TIF_SINGLESTEP) {
			/* The step over the SYSCALL itself: trap as the CPU would have. */
			clear_tsk_thread_flag(current, TIF_SINGLESTEP);
			force_sig_fault(SIGTRAP, TRAP_TRACE, regs->ip, X86_TRAP_DB, 0);
		}
		if (ti_work & _TIF_SIGPENDING)
			do_signal(regs);

		local_irq_disable();
		ti_work = read_thread_flags();
	}
	if (ti_work & _TIF_IO_BITMAP)
		tss_update_io_bitmap_irqoff();
}
