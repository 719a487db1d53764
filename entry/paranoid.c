// SPDX-License-Identifier: GPL-2.0
/*
 * do_paranoid(): the C half of the paranoid entry (entry/entry_irq.asm), for the
 * vectors that can arrive at any instruction and run on an IST stack of their own:
 * NMI, #MC, #DF, and #DB from ring 0. And the one #DF it recovers from: espfix64's
 * IRETQ faulting on a read-only ministack (arch/x86/espfix.c builds the aliases).
 */
#include <asm/debugreg.h>
#include <asm/espfix.h>
#include <asm/percpu.h>
#include <asm/segment.h>
#include <asm/traps.h>
#include <sched.h>
#include <string.h>

/* entry/entry_64_compat.asm: the SYSENTER stub's instructions, where TF may be set. */
extern const char entry_SYSENTER_compat[], entry_SYSENTER_compat_end[];

/**
 * espfix_fixup_double_fault - a #DF that is an IRETQ's fault on a ministack
 * @regs: the #DF frame, on its IST stack; IRQs off, GS_BASE ours
 *
 * The IRETQ at irq_return_iret on a ministack alias faulted, and the CPU could
 * not push that fault's frame on the read-only alias. Nothing is lost but the
 * fault's vector and error code: the general registers are the user's (the
 * paranoid exit restores them), and the IRET frame is intact at @regs->sp. The
 * task's kernel stack is empty, as on any return to user mode, so write there
 * the frame the CPU pushes for a #GP from ring 3 (error code 0) and return from
 * the #DF into the #GP stub with RSP on it: the #GP is then handled as the
 * user's fault at the address the IRETQ was going to, on the user's GS_BASE,
 * which the paranoid exit gives back and the #GP entry swaps by CS.
 *
 * Return: true if @regs now leads to that #GP.
 */
bool espfix_fixup_double_fault(struct pt_regs *regs)
{
	const struct iret_frame *frame = (const struct iret_frame *)regs->sp;
	struct pt_regs *gp = (struct pt_regs *)this_cpu()->tss.rsp[0] - 1;

	if (regs->cs != __KERNEL_CS || regs->ip != (unsigned long)irq_return_iret ||
	    regs->sp - ESPFIX_BASE_ADDR >= (1UL << 32))
		return false;
	memcpy(&gp->ip, frame, sizeof(*frame));
	gp->orig_ax = 0;		/* the error code the #DF replaced */
	regs->ip = exception_stubs[X86_TRAP_GP];
	regs->sp = (unsigned long)&gp->orig_ax;
	return true;
}

/**
 * do_paranoid - the C side of the paranoid entry (entry/entry_irq.asm)
 * @regs: the interrupted state, on the vector's IST stack
 * @vector: NMI, #MC, #DF, or #DB from ring 0
 *
 * IRQs off, GS_BASE ours (the entry made it so, and undoes that afterwards).
 * None of these goes through irqentry_enter()/irqentry_exit(): they may land
 * with a lock held or RCU not watching, so nothing here takes a lock, sleeps,
 * does exit work or reads RCU-protected data, except an oops, which ends the run.
 */
void do_paranoid(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case X86_TRAP_NMI:
		do_nmi(regs);
		return;
	case X86_TRAP_DB:
		kernel_debug_exception(regs, read_and_clear_dr6());
		return;
	case X86_TRAP_DF:
		if (espfix_fixup_double_fault(regs))
			return;
		oops(regs, vector, NULL);	/* any other #DF: the machine state is lost */
	default:
		oops(regs, vector, NULL);	/* #MC: the machine state is lost */
	}
}

/**
 * kernel_debug_exception - a #DB in ring 0
 * @regs: the interrupted state; IRQs off, GS_BASE ours
 * @dr6: DR6 as read_and_clear_dr6() gives it (the IDT's entry), or FRED's event data;
 *	only B0-B3 are read, the same in both
 */
void kernel_debug_exception(struct pt_regs *regs, unsigned long dr6)
{
	/*
	 * In ring 0, the remains of ring 3's debugging: a data breakpoint
	 * on a user address hit by copy_from_user(), or one hit by a MOV SS
	 * that held the #DB back until the first instruction of the SYSCALL
	 * stub (CVE-2018-8897: that is why #DB has an IST stack). As Linux,
	 * the condition goes into the task's virtual DR6 for its tracer,
	 * and no signal: ring 3 did not touch the bytes. The kernel never
	 * sets TF, but if it did, the step would trap again and again: it
	 * is cleared. current is safe to read: the entry made GS ours.
	 */
	current->thread.debug.dr6 |= dr6 & debugregs_enabled(current);
	/*
	 * A SYSENTER made with TF set: SYSENTER does not clear TF, so the
	 * stub traps after each instruction until it clears TF itself,
	 * having saved the user's flags first. Those steps are ignored, TF
	 * left as it is (Linux's is_sysenter_singlestep()).
	 */
	if (regs->ip - (unsigned long)entry_SYSENTER_compat <
	    (unsigned long)entry_SYSENTER_compat_end - (unsigned long)entry_SYSENTER_compat)
		return;
	regs->flags &= ~X86_EFLAGS_TF;
}
