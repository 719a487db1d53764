/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86 half of static keys (include/jump_label.h), as Linux's
 * arch/x86/include/asm/jump_label.h: a branch site is one 5-byte instruction in
 * the text, a NOP (0f 1f 44 00 00) that falls through or a JMP rel32 (e9) to the
 * other way, chosen when the key changes (kernel/jump_label.c). Each site leaves a
 * record in the __jump_table section: where the instruction is, where its JMP
 * goes, and which key, with the branch's sense in the key pointer's low bit.
 */
#ifndef _ASM_X86_JUMP_LABEL_H
#define _ASM_X86_JUMP_LABEL_H

#include <compiler.h>

#define JUMP_LABEL_NOP_SIZE	5
/* The 5-byte NOP Intel recommends (nopl 0x0(%rax,%rax,1)): one instruction. */
#define JUMP_LABEL_NOP5		0x0f, 0x1f, 0x44, 0x00, 0x00
#define JUMP_LABEL_JMP32	0xe9

struct static_key;

/* One site: all absolute addresses, as the kernel never moves once linked. */
struct jump_entry {
	unsigned long code;	/* the 5-byte instruction */
	unsigned long target;	/* where its JMP goes */
	unsigned long key;	/* struct static_key *, | 1 when the branch is taken while on */
};

#define __JUMP_TABLE_ENTRY(key, label, branch)				\
	".pushsection __jump_table, \"a\"\n\t"				\
	".balign 8\n\t"							\
	".quad 1b, %l[" #label "], %c" #key " + %c" #branch "\n\t"	\
	".popsection\n\t"

/*
 * A site that is a NOP as built: false, unless the key turns it into the JMP to
 * l_yes. @branch is the low bit the record carries (jump_entry_type()).
 */
static __always_inline bool arch_static_branch(struct static_key *key, bool branch)
{
	asm goto("1: .byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n\t"
		 __JUMP_TABLE_ENTRY(0, l_yes, 1)
		 : : "i"(key), "i"(branch) : : l_yes);
	return false;
l_yes:
	return true;
}

/* The same, a JMP as built. jmp.d32: the assembler must not pick the short form. */
static __always_inline bool arch_static_branch_jump(struct static_key *key, bool branch)
{
	asm goto("1: jmp.d32 %l[l_yes]\n\t"
		 __JUMP_TABLE_ENTRY(0, l_yes, 1)
		 : : "i"(key), "i"(branch) : : l_yes);
	return false;
l_yes:
	return true;
}

#endif
