// SPDX-License-Identifier: GPL-2.0
/*
 * Structure offsets for the NASM code, generated at build time so the assembly
 * and the C structs cannot drift apart. The Makefile compiles this file to
 * assembly and turns each "->NAME value" marker into "%define NAME value" in
 * build/asm-offsets.inc. It is never linked.
 */
#include <asm/percpu.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <entry-variants.h>
#include <errno.h>
#include <syscalls.h>

#define DEFINE(sym, val)	asm volatile("\n.ascii \"->" #sym " %c0\"" : : "i"(val))
#define DEFINE_TEXT(sym, text)	asm volatile("\n.ascii \"->" #sym " " text "\"")
#define OFFSET(sym, str, mem)	DEFINE(sym, offsetof(struct str, mem))
#define VARIANT_NAME(name, what) ", " #name

void asm_offsets(void);
void asm_offsets(void)
{
	OFFSET(PT_ORIG_AX, pt_regs, orig_ax);
	OFFSET(PT_SP, pt_regs, sp);

	OFFSET(PERCPU_user_rsp, percpu, user_rsp);
	OFFSET(PERCPU_top_of_stack, percpu, top_of_stack);

	DEFINE(__USER_CS, __USER_CS);
	DEFINE(__USER_DS, __USER_DS);
	DEFINE(ENOSYS, ENOSYS);
	DEFINE(__NR_entrylab_bench, __NR_entrylab_bench);

	/* ", irqsave_outline, irqsave_inline, ...": a list for FOR_EACH (calling.inc). */
	DEFINE_TEXT(ENTRY_VARIANT_NAMES, ENTRY_VARIANTS(VARIANT_NAME));
	DEFINE_TEXT(ENTRY_SYSCALL_64_DEFAULT, "entry_SYSCALL_64_" __stringify(ENTRY_VARIANT_DEFAULT));
}
