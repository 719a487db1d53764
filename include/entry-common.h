/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic entry and exit work around every syscall, interrupt and exception
 * from user mode. Everything here runs with IRQs off.
 *
 *   enter_from_user_mode()      first C code after the entry stub: the CPU is in
 *                               the kernel now, tell context tracking (and RCU).
 *   prepare_exit_to_usermode()  last C code before the exit stub: do pending work
 *                               (signals, rescheduling) until none is left, then
 *                               tell context tracking we are leaving.
 *
 * Both are static __always_inline: the 2016 x86 patch "Inline
 * enter_from_user_mode" and the 2023 "entry: inline syscall enter/exit functions"
 * measured what a call costs on this path. Only the loop that does the work,
 * exit_to_user_mode_loop(), is out of line: it is the slow path.
 *
 * Entry variants. entry/common.c is compiled once per variant with
 *   ENTRY_HOOKS_IRQSAVE=1  hooks use user_exit()/user_enter() (pushf; cli; popf)
 *                          instead of the _irqoff forms: the design before 2016;
 *   ENTRY_HOOKS_OUTLINE=1  the two hooks are noinline, external functions:
 *                          the design before the inlining patches;
 *   ENTRY_VARIANT=name     suffix of every symbol the variant defines.
 * Any other file that includes this header gets the default, irqoff and inline.
 */
#ifndef _ENTRYLAB_ENTRY_COMMON_H
#define _ENTRYLAB_ENTRY_COMMON_H

#include <asm/irqflags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <context_tracking.h>
#include <sched.h>

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
#define prepare_exit_to_usermode ENTRY_SYM(prepare_exit_to_usermode)
void enter_from_user_mode(struct pt_regs *regs);
void prepare_exit_to_usermode(struct pt_regs *regs);
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
 * IRQs are off, GS is the kernel's, we are on the task's kernel stack.
 */
__entry_hook void enter_from_user_mode(struct pt_regs *regs)
{
	CT_WARN_ON(ct_state() != CONTEXT_USER);
	entry_user_exit();
}

/**
 * prepare_exit_to_usermode - finish all work before returning to user mode
 * @regs: the user's registers, as they will be restored
 *
 * IRQs are off and stay off from the last check of the thread flags to the
 * return instruction: an interrupt that sets a flag after the check would
 * otherwise be missed until the next entry.
 */
__entry_hook void prepare_exit_to_usermode(struct pt_regs *regs)
{
	unsigned long ti_work = READ_ONCE(current->flags);

	if (unlikely(ti_work & EXIT_TO_USER_MODE_WORK))
		exit_to_user_mode_loop(regs, ti_work);
	entry_user_enter();
}

/**
 * syscall_can_sysret - may this return to user mode use SYSRET?
 * @regs: the registers SYSRET would return with
 *
 * SYSRET reloads RIP from RCX and RFLAGS from R11 and sets CS/SS to fixed
 * selectors, without any of IRET's checks. It is only equivalent to IRET when:
 *  - RCX == RIP and R11 == RFLAGS: anything that rewrote regs (signal delivery,
 *    rt_sigreturn, ptrace) must return through IRET;
 *  - CS and SS are the SYSRET selectors;
 *  - RIP < TASK_SIZE_MAX: on Intel CPUs SYSRET with a non-canonical RCX raises #GP
 *    in ring 0 after the user RSP is live (CVE-2012-0217). Anything at or above
 *    TASK_SIZE_MAX is either non-canonical or in the unmapped top page;
 *  - neither RF nor TF is set: SYSRET cannot restore RF, and a TF restored by
 *    SYSRET would trap on the first user instruction with the wrong frame.
 */
static __always_inline bool syscall_can_sysret(const struct pt_regs *regs)
{
	if (unlikely(regs->cx != regs->ip || regs->r11 != regs->flags))
		return false;
	if (unlikely(regs->cs != __USER_CS || regs->ss != __USER_DS))
		return false;
	if (unlikely(regs->ip >= TASK_SIZE_MAX))
		return false;
	if (unlikely(regs->flags & (X86_EFLAGS_RF | X86_EFLAGS_TF)))
		return false;
	return true;
}

/* Interrupts and exceptions from user mode: the same hooks, the default build. */
static __always_inline void irqentry_enter_from_user_mode(struct pt_regs *regs)
{
	enter_from_user_mode(regs);
}

static __always_inline void irqentry_exit_to_user_mode(struct pt_regs *regs)
{
	prepare_exit_to_usermode(regs);
}

#endif
