/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86's part of the syscall exit: the rule for returning by SYSRET rather than
 * IRET. It is the x86 hardware's rule, not the generic entry's, so it lives here
 * (Linux keeps it in arch/x86/entry/common.c); entry/common.c's do_syscall_64()
 * returns its answer to the stub.
 */
#ifndef _ASM_X86_ENTRY_COMMON_H
#define _ASM_X86_ENTRY_COMMON_H

#include <asm/page.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <compiler.h>

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
 *  - neither RF nor TF is set: SYSRET cannot restore RF. It can restore TF, but
 *    unlike IRET, a TF set by SYSRET traps at once, before the first user
 *    instruction has run; after IRET that instruction runs first and then traps,
 *    which is the one step per instruction a debugger expects.
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

#endif
