// SPDX-License-Identifier: GPL-2.0
/*
 * The C halves of the FRED entries (entry/entry_fred.asm): each event by its type
 * and vector, from the frame's SS word, into the C half the IDT or SYSCALL entry
 * of the same event calls, so that both ways in run the same handlers:
 *
 *   SYSCALL (type OTHER, vector 1, 64-bit mode)  do_syscall_64_fred (entry/common.c)
 *   SYSENTER (type OTHER, vector 2)              do_SYSENTER_32() (entry/syscall_32.c)
 *   int $0x80 (a software interrupt)             do_int80_syscall_32(), by do_interrupt_event()
 *   IRQs, IPIs, exceptions                       do_interrupt_event() (entry/irq.c)
 *   NMI, and #DB, #MC, #DF in ring 0             do_paranoid() (entry/paranoid.c)
 *
 * CR2 and DR6 come from the frame's event data, not the registers. What only the
 * IDT needs has no counterpart here: no SWAPGS and so no guess at GS_BASE, no
 * IST, no IRETQ fault (fixup_bad_iret()), no espfix64, no SYSRET decision.
 *
 * The frame's CS and SS words carry more than the selectors: the stack level
 * the event came from, and what the event was and what ERETU or ERETS is to do
 * about NMI blocking and a software event's single step. C code compares and
 * copies pt_regs->cs and ss as selectors (ptrace, signal frames,
 * user_64bit_mode()), so the entry gives it the selectors alone. From ring 0 the
 * rest is kept in a local while C runs and put back for ERETS; from ring 3 only
 * an NMI's NMI bit is (fred_entry_from_user()).
 */
#include <asm/fred.h>
#include <asm/mitigations.h>
#include <asm/traps.h>
#include <entry-common.h>
#include <errno.h>

void fred_entry_from_user(struct pt_regs *regs, unsigned long ssx);
void fred_entry_from_kernel(struct pt_regs *regs, unsigned long ssx);
/* entry/common.c built with ENTRY_FRED (the Makefile): the default variant's hooks. */
void do_syscall_64_fred(struct pt_regs *regs, int nr);
void do_syscall_64_fred_retpoline(struct pt_regs *regs, int nr);

/*
 * The SS word's bits 63:32 for a 64-bit SYSCALL: vector 1, type OTHER, 64-bit mode,
 * two bytes long (0f 05; a prefixed one takes the slow path, which also knows it).
 */
#define FRED_SSX_SYSCALL_64_HI							\
	((u32)(((unsigned long)FRED_OTHER_SYSCALL << FRED_SSX_VECTOR_SHIFT |		\
		(unsigned long)EVENT_TYPE_OTHER << FRED_SSX_TYPE_SHIFT | FRED_SSX_LM |	\
		2UL << FRED_SSX_INSNLEN_SHIFT) >> 32))

/* A 64-bit system call: the number is pt_regs->ax, its result replaces it. */
static __always_inline void fred_syscall_64(struct pt_regs *regs)
{
	regs->orig_ax = regs->ax;
	regs->ax = -ENOSYS;
	if (mitigation_on(MIT_RETPOLINE))
		do_syscall_64_fred_retpoline(regs, regs->orig_ax);
	else
		do_syscall_64_fred(regs, regs->orig_ax);
}

/*
 * An external interrupt, from either ring, by the vector the IDT names it: the
 * assigned ones, else the spurious one. No error code.
 */
static void fred_irq(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case IRQ_VECTOR_TIMER:
	case IRQ_VECTOR_RESCHEDULE:
	case IRQ_VECTOR_CALL_FUNCTION:
	case IRQ_VECTOR_STOP:
		break;
	default:
		vector = IRQ_VECTOR_SPURIOUS;
	}
	regs->orig_ax = -1UL;
	do_interrupt_event(regs, vector, 0);
}

/* An exception, with the IDT's orig_ax: the error code, or -1 for a vector without. */
static void fred_exception(struct pt_regs *regs, unsigned long vector)
{
	if (!(ERROR_CODE_VECTORS & BIT(vector)))
		regs->orig_ax = -1UL;
	do_interrupt_event(regs, vector, fred_event_data(regs));
}

/*
 * INT n from ring 3. The IDT lets ring 3 raise only its DPL 3 gates: #BP, #OF and
 * the i386 system call; any other n is a #GP at the INT, with the gate's
 * selector-style error code. FRED checks no DPL and delivers every INT n, after
 * the instruction: make it the #GP the IDT gives.
 */
static void fred_int_n_from_user(struct pt_regs *regs, unsigned long ssx)
{
	unsigned long vector = fred_event_vector(ssx);

	if (vector == X86_TRAP_BP || vector == X86_TRAP_OF || vector == IA32_SYSCALL_VECTOR) {
		regs->orig_ax = -1UL;
		do_interrupt_event(regs, vector, 0);
		return;
	}
	regs->ip -= ssx >> FRED_SSX_INSNLEN_SHIFT;	/* at the INT, as a fault */
	regs->flags |= X86_EFLAGS_RF;			/* as a fault's frame has it */
	regs->orig_ax = vector << 3 | 2;		/* the IDT's: this gate, IDT bit */
	do_interrupt_event(regs, X86_TRAP_GP, 0);
}

static noinline void fred_other_event_from_user(struct pt_regs *regs, unsigned long ssx)
{
	unsigned long vector = fred_event_vector(ssx);

	switch (fred_event_type(ssx)) {
	case EVENT_TYPE_EXTINT:
		fred_irq(regs, vector);
		return;
	case EVENT_TYPE_NMI:
		/* As the IDT's nmi_from_user: no hooks, no exit work, on the task's stack. */
		do_paranoid(regs, X86_TRAP_NMI);
		regs->ss |= FRED_SSX_NMI;	/* ERETU unblocks NMIs, as IRETQ does */
		return;
	case EVENT_TYPE_HWEXC:
	case EVENT_TYPE_PRIV_SWEXC:	/* INT1: a #DB */
	case EVENT_TYPE_SWEXC:		/* INT3, INTO */
		fred_exception(regs, vector);
		return;
	case EVENT_TYPE_SWINT:
		fred_int_n_from_user(regs, ssx);
		return;
	case EVENT_TYPE_OTHER:
		if (vector == FRED_OTHER_SYSCALL && (ssx & FRED_SSX_LM)) {
			fred_syscall_64(regs);
			return;
		}
		if (vector == FRED_OTHER_SYSENTER && !(ssx & FRED_SSX_LM)) {
			regs->orig_ax = (u32)regs->ax;
			regs->ax = -ENOSYS;
			do_SYSENTER_32(regs);	/* its SYSRETL decision is not needed: ERETU */
			return;
		}
		break;	/* SYSCALL from compat mode: #UD, as on an Intel CPU without FRED */
	}
	regs->orig_ax = -1UL;
	do_interrupt_event(regs, X86_TRAP_UD, 0);
}

/**
 * fred_entry_from_user - every event from ring 3
 * @regs: the user's registers; orig_ax the error code, ss the frame's word
 * @ssx: that word, which the entry loads for us
 *
 * IRQs off, on the task's kernel stack, GS_BASE ours. A 64-bit SYSCALL is tested
 * first and alone, on the SS word's upper half: it is the one that is counted in
 * instructions. The CS word from ring 3 is its selector alone (the stack level is
 * 0, and the kernel sets no CET). The SS word keeps its selector only, for good:
 * ERETU then neither unblocks NMIs, which an event but an NMI did not block, nor
 * raises the single step a software event's bit asks for, which the syscall exit
 * reports instead, as after SYSRET or IRETQ.
 */
void fred_entry_from_user(struct pt_regs *regs, unsigned long ssx)
{
	regs->ss = ssx & FRED_SEL_MASK;
	if (likely((u32)(ssx >> 32) == FRED_SSX_SYSCALL_64_HI))
		fred_syscall_64(regs);
	else
		fred_other_event_from_user(regs, ssx);
}

/**
 * fred_entry_from_kernel - every event from ring 0
 * @regs: the interrupted state; orig_ax the error code, cs and ss the frame's words
 * @ssx: the SS word, which the entry loads for us
 *
 * IRQs off, on the stack the event's stack level chose: the interrupted one, or
 * for #DB, NMI, #MC and #DF their own (arch/x86/fred.c). Which of those may sleep
 * or take locks is as on the IDT: the paranoid ones may not.
 */
void fred_entry_from_kernel(struct pt_regs *regs, unsigned long ssx)
{
	unsigned long csx = regs->cs;
	unsigned long vector = fred_event_vector(ssx);

	regs->ss = ssx & FRED_SEL_MASK;
	regs->cs = csx & FRED_SEL_MASK;
	switch (fred_event_type(ssx)) {
	case EVENT_TYPE_EXTINT:
		fred_irq(regs, vector);
		break;
	case EVENT_TYPE_NMI:
		do_paranoid(regs, X86_TRAP_NMI);
		break;
	case EVENT_TYPE_HWEXC:
	case EVENT_TYPE_PRIV_SWEXC:
	case EVENT_TYPE_SWEXC:
		if (vector == X86_TRAP_DB)
			kernel_debug_exception(regs, fred_event_data(regs));
		else if (vector == X86_TRAP_MC || vector == X86_TRAP_DF)
			do_paranoid(regs, vector);
		else
			fred_exception(regs, vector);
		break;
	default:
		oops(regs, vector, "FRED: an event of a type ring 0 never raises");
	}
	regs->ss |= ssx & ~FRED_SEL_MASK;
	regs->cs |= csx & ~FRED_SEL_MASK;
}
