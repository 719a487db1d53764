// SPDX-License-Identifier: GPL-2.0
/*
 * do_syscall_64(): the C half of the SYSCALL entry (entry/entry_64.asm).
 *
 * The Makefile compiles this file once per entry variant (include/entry-variants.h);
 * every symbol here carries the variant's name, e.g. do_syscall_64_irqoff_inline,
 * which the matching stub entry_SYSCALL_64_irqoff_inline calls; and once more
 * with ENTRY_FRED as do_syscall_64_fred, the default variant's hooks without the
 * SYSRET decision: a FRED SYSCALL event returns by ERETU (entry/fred.c).
 */
#include <compiler.h>
#include <asm/entry-common.h>
#include <entry-common.h>
#include <syscall_table.h>
#include <vtime.h>

#ifndef ENTRY_VARIANT
#error "entry/common.c is built once per variant: the Makefile defines ENTRY_VARIANT"
#endif

#define do_syscall_64	ENTRY_SYM(do_syscall_64)
#define do_syscall_64_vtime	ENTRY_SYM(do_syscall_64_vtime)

#ifdef ENTRY_FRED
void do_syscall_64(struct pt_regs *regs, int nr);
#else
bool do_syscall_64(struct pt_regs *regs, int nr);
#endif

/* The syscall itself, between the entry and exit hooks: inlined into both callers below. */
static __always_inline bool __do_syscall_64(struct pt_regs *regs, int nr)
{
	unsigned int unr;

	nr = syscall_enter_from_user_mode(regs, nr);
	unr = nr;
	if (likely(unr < NR_syscalls)) {
		unr = array_index_nospec(unr, NR_syscalls);
		regs->ax = sys_call_table[unr](regs);
	}

	syscall_exit_to_user_mode(regs);
	return syscall_can_sysret(regs);
}

/*
 * The same on a CPU that measures user and system time at each crossing
 * (include/cputime.h): the time since the last crossing was the user's, the
 * syscall's is the system's. Out of line, so the sampling CPUs' path carries
 * nothing of it but the test that picks it. The exit's check is the CPU it
 * returns from: a switch inside the call may have moved the task.
 */
static noinline bool do_syscall_64_vtime(struct pt_regs *regs, int nr)
{
	bool sysret;

	__vtime_user_exit();
	sysret = __do_syscall_64(regs, nr);
	vtime_user_enter_irqoff();
	return sysret;
}

#ifdef ENTRY_FRED
/**
 * do_syscall_64 - run one system call that FRED delivered (do_syscall_64_fred)
 * @regs: the user's registers; orig_ax the number, ax preset to -ENOSYS
 * @nr: the syscall number, as below
 *
 * Called from fred_entry_from_user() with IRQs off, on the task's kernel stack.
 * Returns with IRQs off; ERETU restores whatever @regs holds, so there is
 * nothing to decide.
 */
void do_syscall_64(struct pt_regs *regs, int nr)
{
	if (unlikely(vtime_exact_irqoff()))
		do_syscall_64_vtime(regs, nr);
	else
		__do_syscall_64(regs, nr);
}
#else
/**
 * do_syscall_64 - run one system call
 * @regs: the user's registers; ax is preset to -ENOSYS
 * @nr: the syscall number: the low 32 bits of the user's RAX, as on Linux
 *
 * Called by the entry stub with IRQs off, on the task's kernel stack, GS
 * swapped. The number is an int, as Linux's: the upper 32 bits of RAX are
 * ignored, and a negative number, one with the x32 bit (2^30) set or one past
 * the table is -ENOSYS (docs/entry.md, "The dispatch").
 *
 * Returns true if the exit may use SYSRET, false if it must use IRET; IRQs are
 * off either way.
 */
bool do_syscall_64(struct pt_regs *regs, int nr)
{
	if (unlikely(vtime_exact_irqoff()))
		return do_syscall_64_vtime(regs, nr);
	return __do_syscall_64(regs, nr);
}
#endif
