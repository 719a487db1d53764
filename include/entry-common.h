/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic entry and exit work around every syscall, interrupt and exception
 * from user mode. The names are Linux's generic-entry names (kernel/entry/ and
 * include/linux/entry-common.h since 5.9):
 *
 *   enter_from_user_mode()          first C code after the entry stub, IRQs off:
 *                                   the CPU is in the kernel now, tell context
 *                                   tracking (and through it RCU).
 *   syscall_enter_from_user_mode()  the same for a syscall, then IRQs on and the
 *                                   syscall entry work.
 *   exit_to_user_mode_prepare()     IRQs off: do pending work (signals,
 *                                   rescheduling) until none is left.
 *   exit_to_user_mode()             the very last step: tell context tracking.
 *   syscall_exit_to_user_mode()     IRQs off, then the two above.
 *   irqentry_enter/irqentry_exit()  the same hooks for interrupts and exceptions,
 *                                   from user or kernel mode (entry/irq.c).
 *
 * The 2016 x86 patches that entrylab measures used the older x86 names: their
 * enter_from_user_mode() is this one, their prepare_exit_to_usermode() is
 * exit_to_user_mode_prepare() + exit_to_user_mode() here (docs/entry.md).
 *
 * The hooks are static __always_inline: the 2016 x86 patch "Inline
 * enter_from_user_mode" and the 2023 "entry: inline syscall enter/exit functions"
 * measured what a call costs on this path. Only the loop that does the work,
 * exit_to_user_mode_loop(), is out of line: it is the slow path.
 *
 * Entry variants (include/entry-variants.h). entry/common.c is compiled once per
 * variant with
 *   ENTRY_HOOKS_IRQSAVE=1  context tracking through user_exit()/user_enter()
 *                          (pushf; cli; popf) instead of the _irqoff forms;
 *   ENTRY_HOOKS_OUTLINE=1  enter_from_user_mode() and syscall_exit_to_user_mode()
 *                          are noinline, external functions;
 *   CT_STATE_SPLIT=1       context tracking's state changes by a store and a
 *                          locked add, not one locked add (context_tracking.h);
 *   ENTRY_VARIANT=name     suffix of every symbol the variant defines.
 * Any other file that includes this header gets the default, irqoff and inline.
 */
#ifndef _ENTRYLAB_ENTRY_COMMON_H
#define _ENTRYLAB_ENTRY_COMMON_H

#include <asm/irqflags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <context_tracking.h>
#include <thread_info.h>

#ifndef ENTRY_HOOKS_IRQSAVE
#define ENTRY_HOOKS_IRQSAVE 0
#endif
#ifndef ENTRY_HOOKS_OUTLINE
#define ENTRY_HOOKS_OUTLINE 0
#endif

/* ENTRY_SYM(do_syscall_64) -> do_syscall_64_irqoff_inline in that variant. */
#define __ENTRY_SYM(n, v)	n##_##v
#define ___ENTRY_SYM(n, v)	__ENTRY_SYM(n, v)
#define ENTRY_SYM(n)		___ENTRY_SYM(n, ENTRY_VARIANT)

#if ENTRY_HOOKS_OUTLINE
#define __entry_hook		noinline
#define enter_from_user_mode	ENTRY_SYM(enter_from_user_mode)
#define syscall_exit_to_user_mode ENTRY_SYM(syscall_exit_to_user_mode)
void enter_from_user_mode(struct pt_regs *regs);
void syscall_exit_to_user_mode(struct pt_regs *regs);
#else
#define __entry_hook		static __always_inline
#endif

#if ENTRY_HOOKS_IRQSAVE
#define entry_user_exit()	user_exit()
#define entry_user_enter()	user_enter()
#else
#define entry_user_exit()	user_exit_irqoff()
#define entry_user_enter()	user_enter_irqoff()
#endif

/* The slow path: runs with IRQs enabled around each piece of work. */
void exit_to_user_mode_loop(struct pt_regs *regs, unsigned long ti_work);

/**
 * enter_from_user_mode - establish kernel state after entering from user mode
 * @regs: the user's registers
 *
 * IRQs are off, GS is the kernel's, we are on the task's kernel stack. The hook
 * also checks that context tracking agrees we came from user mode
 * (__ct_user_exit()).
 */
__entry_hook void enter_from_user_mode(struct pt_regs *regs)
{
	entry_user_exit();
}

/* entry/work.c: the syscall entry work, out of line; returns the number to run (-1: none). */
int syscall_trace_enter(struct pt_regs *regs, int nr);

/**
 * syscall_enter_from_user_mode - enter_from_user_mode(), IRQs on, entry work
 * @regs: the user's registers
 * @nr: the syscall number
 *
 * Returns the number to dispatch, which a tracer may have changed. SYSCALL
 * cleared TF (SFMASK), so the CPU will not report the single step over the
 * SYSCALL instruction itself: note it; the exit work reports it with the user's
 * RIP. Then the one test of the syscall work (a tracer's stop at entry), on
 * this CPU's copy of it: one instruction from GS, where the task's own word
 * would take a load of current first.
 */
static __always_inline void syscall_enter_from_user_mode_prepare(struct pt_regs *regs)
{
	enter_from_user_mode(regs);
	local_irq_enable();
	if (unlikely(regs->flags & X86_EFLAGS_TF))
		set_tsk_thread_flag(current, TIF_SINGLESTEP);
}

static __always_inline int syscall_enter_from_user_mode_work(struct pt_regs *regs, int nr)
{
	if (unlikely(this_cpu_read(syscall_work) & SYSCALL_WORK_ENTER))
		nr = syscall_trace_enter(regs, nr);
	return nr;
}

/* The two halves apart: a caller that reads an argument between them (entry/syscall_32.c). */
static __always_inline int syscall_enter_from_user_mode(struct pt_regs *regs, int nr)
{
	syscall_enter_from_user_mode_prepare(regs);
	return syscall_enter_from_user_mode_work(regs, nr);
}

/**
 * exit_to_user_mode_prepare - finish all work before returning to user mode
 * @regs: the user's registers, as they will be restored
 *
 * IRQs are off and stay off from the last check of the thread flags to the
 * return instruction: an interrupt that sets a flag after the check would
 * otherwise be missed until the next entry.
 */
static __always_inline void exit_to_user_mode_prepare(struct pt_regs *regs)
{
	unsigned long ti_work = read_thread_flags();

	if (unlikely(ti_work & EXIT_TO_USER_MODE_SLOW))
		exit_to_user_mode_loop(regs, ti_work);
}

/* The last step before the return instruction, IRQs off: the CPU is in user mode. */
static __always_inline void exit_to_user_mode(void)
{
	entry_user_enter();
}

/**
 * syscall_exit_to_user_mode - the way back from every syscall
 * @regs: the user's registers; ax holds the result
 *
 * Called with IRQs on, returns with them off, ready for SYSRET or IRET.
 */
__entry_hook void syscall_exit_to_user_mode(struct pt_regs *regs)
{
	local_irq_disable();
	exit_to_user_mode_prepare(regs);
	exit_to_user_mode();
}

/*
 * Interrupts and exceptions (entry/irq.c). irqentry_enter() runs first with
 * IRQs off, irqentry_exit() last; from user mode they are enter_from_user_mode()
 * and exit_to_user_mode_prepare() + exit_to_user_mode(), from kernel mode they
 * leave context tracking alone: the CPU never left the kernel. An interrupt that
 * finds the CPU idle with RCU not watching (the idle loop's extended quiescent
 * state) makes RCU watch for the handler's duration; the state says to undo it.
 */
typedef struct irqentry_state {
	bool exit_rcu;
} irqentry_state_t;

irqentry_state_t irqentry_enter(struct pt_regs *regs);
void irqentry_exit(struct pt_regs *regs, irqentry_state_t state);
/* The exit half alone, for an entry that fixed up its own frame (a bad IRET). */
void irqentry_exit_to_user_mode_irqoff(struct pt_regs *regs);
/* A syscall's exit hooks and the current mode's return, after fred_switch() (entry/irq.c). */
void __noreturn syscall_return_to_user(struct pt_regs *regs);
/* entry/syscall_32.c: int $0x80, a system call that arrives as a vector. */
void do_int80_syscall_32(struct pt_regs *regs);
/* The fast compat entries' C (entry/syscall_32.c): true to leave by SYSRETL. */
bool do_SYSENTER_32(struct pt_regs *regs);
bool do_SYSCALL_32(struct pt_regs *regs);

#endif
