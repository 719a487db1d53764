/* SPDX-License-Identifier: GPL-2.0 */
/* The legacy vsyscall page, emulated (arch/x86/vsyscall.c). */
#ifndef _ASM_X86_VSYSCALL_H
#define _ASM_X86_VSYSCALL_H

#include <compiler.h>

struct pt_regs;

#define VSYSCALL_ADDR		0xffffffffff600000UL

static __always_inline bool is_vsyscall_vaddr(unsigned long addr)
{
	return (addr & ~0xfffUL) == VSYSCALL_ADDR;
}

/*
 * A ring-3 page fault at addr (error code err) in the vsyscall page: true if it
 * was a call there, now emulated (or answered with SIGSEGV); false for any
 * other access, which faults as usual. IRQs on.
 */
bool emulate_vsyscall(struct pt_regs *regs, unsigned long addr, unsigned long err);

#endif
