// SPDX-License-Identifier: GPL-2.0
/*
 * do_syscall_64(): the C half of the SYSCALL entry (entry/entry_64.asm).
 *
 * The Makefile compiles this file once per entry variant (include/entry-variants.h);
 * every symbol here carries the variant's name, e.g. do_syscall_64_irqoff_inline,
 * which the matching stub entry_SYSCALL_64_irqoff_inline calls.
 */
#include <compiler.h>
#include <asm/entry-common.h>
#include <entry-common.h>
#include <syscalls.h>

#ifndef ENTRY_VARIANT
#error "entry/common.c is built once per variant: the Makefile defines ENTRY_VARIANT"
#endif

#define do_syscall_64	ENTRY_SYM(do_syscall_64)

bool do_syscall_64(struct pt_regs *regs, int nr);

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
