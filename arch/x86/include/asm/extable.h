/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exception fixup table. An instruction that is allowed to fault in kernel mode
 * (a user-memory access, or a self-test that faults on purpose) is listed here with
 * the address to resume at. The trap handler looks the faulting RIP up before
 * deciding to oops; a hit means "recover", and costs nothing when nothing faults.
 */
#ifndef _ASM_X86_EXTABLE_H
#define _ASM_X86_EXTABLE_H

#include <compiler.h>

struct exception_table_entry {
	unsigned long insn;
	unsigned long fixup;
};

#define _ASM_EXTABLE(from, to)					\
	".pushsection __ex_table, \"a\"\n"			\
	".balign 8\n"						\
	".quad " #from ", " #to "\n"				\
	".popsection\n"

struct pt_regs;
bool fixup_exception(struct pt_regs *regs, unsigned long vector);

#endif
