// SPDX-License-Identifier: GPL-2.0
/*
 * do_interrupt(): the C side of every IDT entry (entry/entry_irq.asm). Runs with
 * IRQs off on the kernel stack, with the interrupted state in *regs.
 *
 * The tick and the IPIs are handled here, the page fault in arch/x86/mm/fault.c,
 * every other exception from ring 3 becomes a signal here, and one from ring 0
 * goes to kernel_exception() (arch/x86/traps.c: a fixup, or an oops). NMI, #MC,
 * #DF and a #DB from ring 0 never come here: they take the paranoid entry to
 * do_paranoid() (arch/x86/traps.c).
 *
 * irqentry_enter() first and irqentry_exit() last (entry/irqentry.c): from user
 * mode they are the syscall path's hooks, so context tracking and RCU see every
 * transition, and a signal raised by a fault (or a reschedule requested by the
 * timer) is acted on before the return.
 */
#include <asm/apic.h>
#include <asm/debugreg.h>
#include <asm/io_bitmap.h>
#include <asm/mitigations.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <entry-common.h>
#include <kernel.h>
#include <mm.h>
#include <rcu.h>
#include <sched.h>
#include <signal.h>
#include <smp.h>
#include <string.h>
#include <vdso.h>

void do_interrupt(struct pt_regs *regs, unsigned long vector);

/*
 * The tick: preemption of user tasks, RCU's quiescent states (and, on CPU 0,
 * the timekeeper's rebase, RCU's grace-period machine and the sleepers'
 * deadlines), and the nohz_full decision to stop ticking.
 */
static void timer_interrupt(struct pt_regs *regs)
{
	this_cpu_inc(timer_ticks);
	rcu_irq_from(regs);
	if (user_mode(regs)) {
		this_cpu_inc(user_ticks);
		sched_tick();
	}
	if (smp_processor_id() == 0) {
		timekeeping_tick_irqoff();
		rcu_tick();
		sleep_timeouts_tick();
	}
	tick_nohz_update(user_mode(regs));
	lapic_eoi();
}

/*
 * #DB from ring 3: a single step (TF), or the task's hardware breakpoints, which
 * the virtual DR6 records for a tracer. An instruction breakpoint fires before
 * its instruction runs: RF in the return flags lets that instruction run once
 * without firing again, as Linux does (IRETQ restores RF; SYSRET cannot, so
 * syscall_can_sysret() refuses it).
 */
static void user_debug_exception(struct pt_regs *regs, unsigned long dr6)
{
	struct task *t = current;
	int code = TRAP_BRKPT;

	if (dr6 & DR6_TRAP_BITS) {
		t->debug.dr6 |= dr6 & DR6_TRAP_BITS;
		if (debugregs_hit_instruction(t, dr6))
			regs->flags |= X86_EFLAGS_RF;
		code = TRAP_HWBKPT;
	}
	if (dr6 & DR6_BS)
		code = TRAP_TRACE;
	force_sig_fault(SIGTRAP, code, regs->ip, X86_TRAP_DB, 0);
}

/* A fault in ring 3 becomes a signal, with the si_code and si_addr Linux gives. */
static void user_exception(struct pt_regs *regs, unsigned long vector)
{
	unsigned long err = regs->orig_ax;

	switch (vector) {
	case X86_TRAP_DE:
		force_sig_fault(SIGFPE, FPE_INTDIV, regs->ip, vector, err);
		break;
	case X86_TRAP_MF:
	case X86_TRAP_XF:
		force_sig_fault(SIGFPE, SI_KERNEL, regs->ip, vector, err);
		break;
	case X86_TRAP_DB:
		user_debug_exception(regs, read_and_clear_dr6());
		break;
	case X86_TRAP_BP:
		force_sig_fault(SIGTRAP, SI_KERNEL, 0, vector, 0);
		break;
	case X86_TRAP_UD:
		force_sig_fault(SIGILL, ILL_ILLOPN, regs->ip, vector, 0);
		break;
	case X86_TRAP_AC:
		force_sig_fault(SIGBUS, BUS_ADRALN, regs->ip, vector, err);
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
		force_sig_fault(SIGBUS, SI_KERNEL, 0, vector, err);
		break;
	case X86_TRAP_GP:
		if (fixup_iopl_exception(regs))
			break;		/* CLI or STI under iopl(3): a NOP */
		fallthrough;
	case X86_TRAP_OF:
	case X86_TRAP_BR:
		/* Privileged instructions, non-canonical addresses: si_addr 0, as Linux. */
		force_sig_fault(SIGSEGV, SI_KERNEL, 0, vector, err);
		break;
	default:
		/* Reserved vectors (NMI, #DF and #MC take the paranoid entry). */
		oops(regs, vector, "unexpected exception from user mode");
	}
}

/* entry/entry_irq.asm: the IRETQ of the return path, and a way back to it. */
void __noreturn return_to_user(struct pt_regs *regs);

/*
 * Where the IRETQ to ring 3 reads its frame: at the top of the task's stack, or
 * with PTI at the top of the entry stack, where return_via_iret copied it.
 */
static unsigned long iret_frame_to_user(void)
{
	return mitigation_on(MIT_PTI) ? this_cpu()->tss.rsp[0] - 5 * sizeof(unsigned long) :
					(unsigned long)&current->regs->ip;
}

static bool is_bad_iret(const struct pt_regs *regs, unsigned long vector)
{
	return (vector == X86_TRAP_GP || vector == X86_TRAP_SS || vector == X86_TRAP_NP) &&
	       regs->ip == (unsigned long)irq_return_iret && regs->sp == iret_frame_to_user();
}

/**
 * fixup_bad_iret - the IRETQ to user mode itself faulted
 * @regs: the kernel-mode #GP/#SS/#NP frame, taken at irq_return_iret
 *
 * IRETQ raises #GP in ring 0 when the return address is non-canonical (a
 * sigreturn can ask for one) or a selector in the frame is refused (a sigreturn
 * to a kernel or an LDT data segment as CS; a null SS in the entry self-test), #NP
 * or #SS when its segment is not present. At that moment the general registers
 * already hold the user's values (POP_REGS ran), so they are in @regs, and the
 * user's IRET frame is intact at @regs->sp: &current->regs->ip, or with PTI the
 * entry stack's copy (and @regs is then current->regs itself: the PTI entry moved
 * the fault's frame to the top of the task stack). Rebuild the user's pt_regs at
 * current->regs, then treat the fault as one from user mode, at the
 * instruction the IRETQ was going to: the context tracking state already says
 * USER, so enter properly, queue the vector's signal (SIGSEGV for #GP, SIGBUS for
 * #NP and #SS) with the CPU's error code, often the refused selector, do the exit
 * work (a handler frame, or death), and return through IRETQ again.
 */
static void __noreturn fixup_bad_iret(struct pt_regs *regs, unsigned long vector)
{
	struct pt_regs *user = current->regs;
	unsigned long err = regs->orig_ax, frame[5];

	/* The frames may overlap: regs below user on the same stack, or at it. */
	memcpy(frame, (const void *)regs->sp, sizeof(frame));
	memmove(user, regs, offsetof(struct pt_regs, orig_ax));
	user->orig_ax = err;
	memcpy(&user->ip, frame, sizeof(frame));
	enter_from_user_mode(user);
	user_exception(user, vector);
	user->orig_ax = -1UL;		/* no syscall to restart */
	irqentry_exit_to_user_mode(user);
	return_to_user(user);
}

static void handle_vector(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case IRQ_VECTOR_TIMER:
		timer_interrupt(regs);
		return;
	case IRQ_VECTOR_RESCHEDULE:
	case IRQ_VECTOR_CALL_FUNCTION:
	case IRQ_VECTOR_STOP:
		smp_handle_ipi(regs, vector);
		return;
	case IRQ_VECTOR_SPURIOUS:
		return;		/* no EOI for a spurious interrupt */
	}
	if (vector == X86_TRAP_PF)
		do_page_fault(regs);		/* arch/x86/mm/fault.c */
	else if (user_mode(regs))
		user_exception(regs, vector);
	else if (is_bad_iret(regs, vector))
		fixup_bad_iret(regs, vector);
	else
		kernel_exception(regs, vector);
}

void do_interrupt(struct pt_regs *regs, unsigned long vector)
{
	bool irq = vector >= NR_EXCEPTION_VECTORS;
	irqentry_state_t state;

	/* Not an interrupt but a system call: the syscall hooks, not these (Linux's int80_emulation). */
	if (vector == IA32_SYSCALL_VECTOR) {
		do_int80_syscall_32(regs);
		return;
	}
	state = irqentry_enter(regs);

	if (irq)
		this_cpu_inc(irq_depth);	/* lockdep-lite and RCU ask "in a handler?" */
	handle_vector(regs, vector);
	if (irq)
		this_cpu_dec(irq_depth);
	/* The error code has been used: from user mode, say "no syscall to restart". */
	if (user_mode(regs))
		regs->orig_ax = -1UL;
	irqentry_exit(regs, state);
}
