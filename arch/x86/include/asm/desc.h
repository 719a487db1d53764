/* SPDX-License-Identifier: GPL-2.0 */
/* Descriptor tables: GDT, 64-bit TSS and IDT. */
#ifndef _ASM_X86_DESC_H
#define _ASM_X86_DESC_H

#include <asm/desc_defs.h>
#include <asm/segment.h>
#include <compiler.h>

/*
 * Interrupt Stack Table slots (1-based, as the IDT gate encodes them): Linux's
 * assignment. Each of these vectors may arrive where the kernel stack cannot be
 * trusted (a double fault on an overflowed stack; an NMI, #MC or #DB at the first
 * instruction of the SYSCALL stub, with RSP still the user's), so the CPU
 * switches to its own stack whatever the privilege level.
 */
#define IST_DOUBLE_FAULT	1
#define IST_NMI			2
#define IST_DEBUG		3
#define IST_MACHINE_CHECK	4
_Static_assert(IST_MACHINE_CHECK == IST_STACKS, "a stack per slot (asm/desc_defs.h)");

/* iomap_base: the bitmap's offset; or past the TSS's limit, which denies every port. */
#define IO_BITMAP_OFFSET_VALID		offsetof(struct tss, io_bitmap)
#define IO_BITMAP_OFFSET_INVALID	sizeof(struct tss)

/*
 * A 16-byte system descriptor (an LDT: type 2, or a 64-bit TSS: type 9), present,
 * DPL 0, byte-granular limit, at d[0] and d[1] of a GDT.
 */
static inline void pack_system_desc(u64 d[2], unsigned long base, u32 limit, unsigned int type)
{
	d[0] = (limit & 0xffff) | ((base & 0xffffff) << 16) | ((0x80UL | type) << 40) |
	       ((u64)((limit >> 16) & 0xf) << 48) | (((base >> 24) & 0xff) << 56);
	d[1] = base >> 32;
}
#define DESC_LDT	0x2
#define DESC_TSS	0x9	/* 64-bit TSS, available */

struct desc_ptr {
	u16 size;
	u64 address;
} __packed;

void gdt_init_cpu(void);
void idt_init(void);
void idt_load(void);
/* The IDT's page, for the page-table isolation's user tables (arch/x86/mm/pti.c). */
const void *idt_page(void);

#endif
