/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GDT layout, Linux's (user space hard-codes its selectors: 0x33 for 64-bit
 * code, 0x2b for data, 0x23 for 32-bit code, 0x63 for glibc i386's TLS).
 * SYSCALL loads CS = STAR[47:32] and SS = CS + 8; 64-bit SYSRET loads CS =
 * STAR[63:48] + 16 and SS = STAR[63:48] + 8: kernel data follows kernel code,
 * user data sits between 32-bit and 64-bit user code. Entry 1 (Linux's 32-bit
 * kernel code) and entry 15 (its CPU-number segment) stay null here.
 */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL_CS	2
#define GDT_ENTRY_KERNEL_DS	3
#define GDT_ENTRY_USER32_CS	4	/* compat mode: 32-bit code (i386 programs) */
#define GDT_ENTRY_USER_DS	5
#define GDT_ENTRY_USER_CS	6
#define GDT_ENTRY_TSS		8	/* 16 bytes: occupies entries 8 and 9 */
#define GDT_ENTRY_LDT		10	/* 16 bytes: the running process's LDT (asm/ldt.h),
					 * or null */
#define GDT_ENTRY_TLS_MIN	12	/* 3 entries: the running task's TLS (arch/x86/tls.c) */
#define GDT_ENTRIES		16

#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)
#define __USER32_CS		(GDT_ENTRY_USER32_CS * 8 + 3)
#define __USER_DS		(GDT_ENTRY_USER_DS * 8 + 3)
#define __USER_CS		(GDT_ENTRY_USER_CS * 8 + 3)
#define __TSS_SEL		(GDT_ENTRY_TSS * 8)
#define __LDT_SEL		(GDT_ENTRY_LDT * 8)
#define SEGMENT_TI_LDT		4	/* a selector's table bit: the LDT, not the GDT */

#endif
