/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GDT layout. SYSCALL loads CS = STAR[47:32] and SS = CS + 8; 64-bit SYSRET loads
 * CS = STAR[63:48] + 16 and SS = STAR[63:48] + 8. So the kernel data segment must
 * follow kernel code, and user data must sit between the (unused) 32-bit user code
 * slot and 64-bit user code. Linux orders its GDT the same way for the same reason.
 */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL_CS	1
#define GDT_ENTRY_KERNEL_DS	2
#define GDT_ENTRY_USER32_CS	3	/* SYSRET base only: compat mode is not supported */
#define GDT_ENTRY_USER_DS	4
#define GDT_ENTRY_USER_CS	5
#define GDT_ENTRY_TSS		6	/* 16 bytes: occupies entries 6 and 7 */
#define GDT_ENTRIES		8

#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)
#define __USER32_CS		(GDT_ENTRY_USER32_CS * 8 + 3)
#define __USER_DS		(GDT_ENTRY_USER_DS * 8 + 3)
#define __USER_CS		(GDT_ENTRY_USER_CS * 8 + 3)
#define __TSS_SEL		(GDT_ENTRY_TSS * 8)

#endif
