// SPDX-License-Identifier: GPL-2.0
/*
 * The C half of the entries that are not SYSCALL: interrupts and exceptions,
 * whose IDT stubs (entry/entry_irq.asm, and INT $0x80's in entry_64_compat.asm)
 * call do_interrupt(), and a new task's first return to user mode
 * (ret_from_fork()). Each runs with IRQs off on the task's kernel stack, with the
 * interrupted state in *regs.
 *
 * do_interrupt() calls irqentry_enter() first and irqentry_exit() last: from user
 * mode they are the syscall path's inlined hooks, in the default variant, so
 * context tracking and RCU see every transition, and a signal raised by a fault
 * (or a reschedule requested by the timer) is acted on before the return. In
 * between, handle_vector() sends each vector to its handler: the tick to
 * kernel/time/time.c, the IPIs to arch/x86/smp.c, the page fault to
 * arch/x86/mm/fault.c, any other exception from ring 3 to the fault-to-signal
 * table (user_exception(), arch/x86/traps.c), and one from ring 0 to a fixup or
 * an oops, unless it is the exit's own IRETQ faulting: fixup_bad_iret() below.
 * NMI, #MC, #DF and a #DB from ring 0 never come here: they take the paranoid
 * entry (entry/paranoid.c).
 */
#include <asm/debugreg.h>
#include <asm/fred.h>
#include <asm/mitigations.h>
#include <asm/percpu.h>
#include <asm/traps.h>
#include <entry-common.h>
#include <rseq.h>
#include <sched.h>
#include <smp.h>
#include <string.h>
#include <time.h>
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

void do_interrupt(struct pt_regs *regs, unsigned long vector);

/* entry_irq.asm: the IRETQ of the return path, and a way back to it (or to ERETU). */
void __noreturn return_to_user_irqoff(struct pt_regs *regs);
/* entry_fred.asm: the ERETU of FRED's return paths, plain and mitigated. */
extern const char fred_eretu[], fred_eretu_mitigated[];

/**
 * syscall_return_to_user - finish a system call whose entry's way back is gone
 * @regs: the caller's registers, ax its result
 *
 * For a call that switched how events are delivered (fred_switch(), arch/x86/fred.c):
 * the stub that entered it would leave by the other mode's instructions (SWAPGS and
 * SYSRET, or ERETU), so its exit hooks run here, as the stub's C half would run
 * them, and the return is the current mode's (ERETU or IRETQ), from the same pt_regs
 * at the top of the task's stack. IRQs on; does not return.
 */
void __noreturn syscall_return_to_user(struct pt_regs *regs)
{
	syscall_exit_to_user_mode(regs);	/* IRQs off from here */
	vtime_user_enter_irqoff();
	return_to_user_irqoff(regs);
}

/*
 * Where the IRETQ to ring 3 reads its frame: at the top of the task's stack, or
 * with PTI at the top of the entry stack, where return_via_iret copied it.
 */
static unsigned long iret_frame_to_user(void)
{
	return mitigation_on(MIT_PTI) ? this_cpu()->tss.rsp[0] - sizeof(struct iret_frame) :
					(unsigned long)&current->regs->ip;
}

/*
 * The user's frame that the return to ring 3 faulted on, or NULL if @regs is
 * another fault: the IRETQ's five words, or ERETU's, which it reads from the top
 * of the task's stack, RSP at the error code (pt_regs->orig_ax) below them.
 */
static const struct iret_frame *bad_return_frame(const struct pt_regs *regs,
						 unsigned long vector)
{
	if (vector >= NR_EXCEPTION_VECTORS || !(IRET_FAULT_VECTORS & BIT(vector)))
		return NULL;
	if (regs->ip == (unsigned long)irq_return_iret && regs->sp == iret_frame_to_user())
		return (const struct iret_frame *)regs->sp;
	if ((regs->ip == (unsigned long)fred_eretu ||
	     regs->ip == (unsigned long)fred_eretu_mitigated) &&
	    regs->sp == (unsigned long)&current->regs->orig_ax)
		return (const struct iret_frame *)&current->regs->ip;
	return NULL;
}

/**
 * fixup_bad_iret - the IRETQ (or FRED's ERETU) to user mode itself faulted
 * @regs: the kernel-mode #GP/#SS/#NP frame, taken at irq_return_iret (fred_eretu)
 * @bad: the user's frame it faulted on (bad_return_frame())
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
static void __noreturn fixup_bad_iret(struct pt_regs *regs, unsigned long vector,
				     const struct iret_frame *bad)
{
	struct pt_regs *user = current->regs;
	unsigned long err = regs->orig_ax;
	struct iret_frame frame;

	/* The frames may overlap: regs below user on the same stack, or at it. */
	memcpy(&frame, bad, sizeof(frame));
	/*
	 * The ERETU that faulted was an NMI's from ring 3 (a ring-3 LDT change made
	 * its frame bad meanwhile), the one that was to unblock NMIs: unblock them now,
	 * as Linux's ex_handler_eretu() does, since the exit work below may kill the
	 * task or switch away and never reach the ERETU that replaces it. An IRETQ
	 * frame has no such bit.
	 */
	if (frame.ss & FRED_SSX_NMI)
		fred_unblock_nmis_irqoff();
	memmove(user, regs, offsetof(struct pt_regs, orig_ax));
	user->orig_ax = err;
	memcpy(&user->ip, &frame, sizeof(frame));
	/* ERETU's words: the selectors alone, as C sees them (entry/fred.c). */
	user->cs &= FRED_SEL_MASK;
	user->ss &= FRED_SEL_MASK;
	vtime_user_exit_irqoff();
	enter_from_user_mode(user);
	user_exception(user, vector);
	user->orig_ax = -1UL;		/* no syscall to restart */
	irqentry_exit_to_user_mode_irqoff(user);
	return_to_user_irqoff(user);
}

/*
 * @fred: a constant in each caller. The IDT's entry reads CR2 and DR6 where they
 * are used, as before FRED; FRED's frame brings them as @data.
 */
static __always_inline void handle_vector(struct pt_regs *regs, unsigned long vector,
					  bool fred, unsigned long data)
{
	const struct iret_frame *bad;

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
		do_page_fault(regs, fred ? data : read_cr2());	/* arch/x86/mm/fault.c */
	else if (vector == X86_TRAP_DB && user_mode(regs))
		user_debug_exception(regs, fred ? data : read_and_clear_dr6());
	else if (user_mode(regs))
		user_exception(regs, vector);
	else if ((bad = bad_return_frame(regs, vector)))
		fixup_bad_iret(regs, vector, bad);
	else
		kernel_exception(regs, vector);
}

static __always_inline void __do_interrupt(struct pt_regs *regs, unsigned long vector,
					   bool fred, unsigned long data)
{
	bool irq = vector >= NR_EXCEPTION_VECTORS;
	irqentry_state_t state;

	/*
	 * Not an interrupt but a system call: the syscall hooks, not these (Linux's
	 * int80_emulation).
	 */
	if (vector == IA32_SYSCALL_VECTOR) {
		do_int80_syscall_32(regs);
		return;
	}
	state = irqentry_enter(regs);

	if (irq)
		this_cpu_inc(irq_depth);	/* lockdep-lite and RCU ask "in a handler?" */
	handle_vector(regs, vector, fred, data);
	if (irq)
		this_cpu_dec(irq_depth);
	/* The error code has been used: from user mode, say "no syscall to restart". */
	if (user_mode(regs))
		regs->orig_ax = -1UL;
	irqentry_exit(regs, state);
}

/* The IDT stubs' C half. */
void do_interrupt(struct pt_regs *regs, unsigned long vector)
{
	__do_interrupt(regs, vector, false, 0);
}

/**
 * do_interrupt_event - an interrupt or exception that FRED delivered
 * @regs: the interrupted state
 * @vector: the IDT's vector (an unassigned IRQ is IRQ_VECTOR_SPURIOUS)
 * @data: the frame's event data: CR2 for a #PF; for a #DB, DR6's conditions in
 *	DR6's bit positions (B0-B3, BS: the ones the handlers read; DR6's reserved
 *	bits, which read_and_clear_dr6() returns set, are clear here), else 0
 */
void do_interrupt_event(struct pt_regs *regs, unsigned long vector, unsigned long data)
{
	__do_interrupt(regs, vector, true, data);
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
