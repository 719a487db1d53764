/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GDT layout, Linux's (user space hard-codes its selectors: 0x33 for 64-bit
 * code, 0x2b for data, 0x23 for 32-bit code; Linux's selftests far-jump to them).
 * SYSCALL loads CS = STAR[47:32] and SS = CS + 8; 64-bit SYSRET loads CS =
 * STAR[63:48] + 16 and SS = STAR[63:48] + 8. So kernel data must follow kernel
 * code, and user data must sit between 32-bit and 64-bit user code. Entry 1 is
 * Linux's 32-bit kernel code segment, which entrylab never uses: it stays null.
 */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL_CS	2
#define GDT_ENTRY_KERNEL_DS	3
#define GDT_ENTRY_USER32_CS	4	/* compat mode: 32-bit code, no 32-bit syscalls */
#define GDT_ENTRY_USER_DS	5
#define GDT_ENTRY_USER_CS	6
#define GDT_ENTRY_TSS		8	/* 16 bytes: occupies entries 8 and 9 */
#define GDT_ENTRY_LDT		10	/* 16 bytes: the running process's LDT (asm/ldt.h), or null */
#define GDT_ENTRIES		12

#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)
#define __USER32_CS		(GDT_ENTRY_USER32_CS * 8 + 3)
#define __USER_DS		(GDT_ENTRY_USER_DS * 8 + 3)
#define __USER_CS		(GDT_ENTRY_USER_CS * 8 + 3)
#define __TSS_SEL		(GDT_ENTRY_TSS * 8)
#define __LDT_SEL		(GDT_ENTRY_LDT * 8)
#define SEGMENT_TI_LDT		4	/* a selector's table bit: the LDT, not the GDT */

/* LAR's access-rights word: a descriptor's bits 8-23, whatever its table. */
#define AR_TYPE_MASK		(7 << 9)	/* type, less the accessed bit */
#define AR_TYPE_RWDATA		(1 << 9)
#define AR_TYPE_RWDATA_EXPDOWN	(3 << 9)
#define AR_S			(1 << 12)	/* code or data, not a system descriptor */
#define AR_DPL3			(3 << 13)
#define AR_DPL_MASK		(3 << 13)
#define AR_P			(1 << 15)

#endif
