// SPDX-License-Identifier: GPL-2.0
/*
 * do_interrupt(): the C side of every IDT entry (entry/entry_irq.asm). Runs with
 * IRQs off on the kernel stack, with the interrupted state in *regs.
 *
 * From user mode, interrupts and exceptions go through the same hooks as a
 * syscall: enter_from_user_mode() first, prepare_exit_to_usermode() last, so
 * context tracking and RCU see every transition, and a signal raised by a fault
 * (or a reschedule requested by the timer) is acted on before the return.
 */
#include <asm/apic.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <entry-common.h>
#include <kernel.h>
#include <signal.h>

void kernel_exception(struct pt_regs *regs, unsigned long vector);
void do_interrupt(struct pt_regs *regs, unsigned long vector);
void sched_tick(void);

static void timer_interrupt(struct pt_regs *regs)
{
	this_cpu_inc(timer_ticks);
	if (user_mode(regs)) {
		this_cpu_inc(user_ticks);
		sched_tick();
	}
	lapic_eoi();
}

/* A fault in ring 3 becomes a signal, as on Linux. */
static void user_exception(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case X86_TRAP_DE:
	case X86_TRAP_MF:
	case X86_TRAP_XF:
		force_sig_fault(SIGFPE, regs->ip);
		break;
	case X86_TRAP_DB:
	case X86_TRAP_BP:
		force_sig_fault(SIGTRAP, regs->ip);
		break;
	case X86_TRAP_UD:
		force_sig_fault(SIGILL, regs->ip);
		break;
	case X86_TRAP_PF:
		force_sig_fault(SIGSEGV, read_cr2());
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
	case X86_TRAP_AC:
		force_sig_fault(SIGBUS, regs->ip);
		break;
	case X86_TRAP_OF:
	case X86_TRAP_BR:
	case X86_TRAP_GP:
		force_sig_fault(SIGSEGV, 0);	/* si_addr 0, as Linux reports #GP */
		break;
	default:
		/* NMI, #DF, #MC and reserved vectors are the machine's problem. */
		oops(regs, vector, "unexpected exception from user mode");
	}
}

static void handle_vector(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case IRQ_VECTOR_TIMER:
		timer_interrupt(regs);
		return;
	case IRQ_VECTOR_SPURIOUS:
		return;		/* no EOI for a spurious interrupt */
	}
	if (user_mode(regs))
		user_exception(regs, vector);
	else
		kernel_exception(regs, vector);
}

void do_interrupt(struct pt_regs *regs, unsigned long vector)
{
	if (!user_mode(regs)) {
		handle_vector(regs, vector);
		return;
	}
	irqentry_enter_from_user_mode(regs);
	handle_vector(regs, vector);
	irqentry_exit_to_user_mode(regs);
}
