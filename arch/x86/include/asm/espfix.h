/* SPDX-License-Identifier: GPL-2.0 */
/* espfix64: IRET to a 16-bit stack segment without leaking RSP (arch/x86/espfix.c). */
#ifndef _ASM_X86_ESPFIX_H
#define _ASM_X86_ESPFIX_H

#include <compiler.h>

struct percpu;
struct pt_regs;

/* One PML4 slot of aliases, as Linux's ESPFIX_BASE_ADDR (asm/page.h's layout). */
#define ESPFIX_BASE_ADDR	0xffffff0000000000UL

/* Boot CPU, after paging_init(): the alias tables in the kernel half. */
void espfix_init(void);
/* Any CPU, from percpu_init(): its ministack's two addresses. */
void espfix_init_cpu(struct percpu *pc);
/* #DF: was it an IRET on a ministack faulting? Then it becomes the user's #GP. */
bool espfix_fixup_double_fault(struct pt_regs *regs);

#endif
