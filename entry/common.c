// SPDX-License-Identifier: GPL-2.0
/*
 * do_syscall_64(): the C half of the SYSCALL entry (entry/entry_64.asm).
 *
 * The Makefile compiles this file once per entry variant (include/entry-variants.h);
 * every symbol here carries the variant's name, e.g. do_syscall_64_irqoff_inline,
 * which the matching stub entry_SYSCALL_64_irqoff_inline calls.
 */
#include <compiler.h>
#include <entry-common.h>
#include <syscalls.h>

#ifndef ENTRY_VARIANT
#error "entry/common.c is built once per variant: the Makefile defines ENTRY_VARIANT"
#endif

#define do_syscall_64	ENTRY_SYM(do_syscall_64)

bool do_syscall_64(struct pt_regs *regs, unsigned long nr);

/**
 * do_syscall_64 - run one system call
 * @regs: the user's registers; ax is preset to -ENOSYS
 * @nr: the syscall number, all 64 bits of the user's RAX
 *
 * Called by the entry stub with IRQs off, on the task's kernel stack, GS
 * swapped. The number is an unsigned 64-bit value: negative numbers and
 * numbers >= 2^32 are simply out of range (docs/entry.md compares this with
 * Linux, which truncates it to an int).
 *
 * Returns true if the exit may use SYSRET, false if it must use IRET; IRQs are
 * off either way.
 */
bool do_syscall_64(struct pt_regs *regs, unsigned long nr)
{
	nr = syscall_enter_from_user_mode(regs, nr);

	if (likely(nr < NR_syscalls)) {
		nr = array_index_nospec(nr, NR_syscalls);
		regs->ax = sys_call_table[nr](regs);
	}

	syscall_exit_to_user_mode(regs);
	return syscall_can_sysret(regs);
}
