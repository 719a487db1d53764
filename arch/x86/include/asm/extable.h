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

/*
 * The self-tests' probe: runs insn, one instruction without operands, with a
 * fixup that resumes after it; true if it faulted (the vector is then in this
 * CPU's fixup_vector).
 */
#define insn_faults(insn) ({						\
	int __faulted;							\
									\
	asm volatile("	movl $0, %0\n"					\
		     "1:	" insn "\n"					\
		     "	jmp 3f\n"					\
		     "2:	movl $1, %0\n"					\
		     "3:\n"						\
		     _ASM_EXTABLE(1b, 2b)				\
		     : "=r"(__faulted) : : "memory");			\
	__faulted;							\
})

struct pt_regs;
bool fixup_exception(struct pt_regs *regs, unsigned long vector);

#endif
