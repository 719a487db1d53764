/* SPDX-License-Identifier: GPL-2.0 */
/* What each CPU's area holds of the descriptor tables (asm/percpu.h): its TSS and IST stacks. */
#ifndef _ASM_X86_DESC_DEFS_H
#define _ASM_X86_DESC_DEFS_H

#include <compiler.h>

#define IST_STACKS		4	/* one per slot of asm/desc.h */
#define IST_STACK_SIZE		(4 * 4096)

#define IO_BITMAP_BITS		65536	/* every port */
#define IO_BITMAP_BYTES		(IO_BITMAP_BITS / 8)

struct tss {
	u32 reserved0;
	u64 rsp[3];		/* rsp[0]: stack loaded on a ring 3 -> ring 0 transition */
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;		/* IO_BITMAP_OFFSET_VALID or _INVALID (arch/x86/ioport.c) */
	/*
	 * The I/O permission bitmap ring 3 port I/O is checked against: bit n clear
	 * allows port n. The CPU may read a byte past the last port's, which must
	 * have every bit set.
	 */
	u8 io_bitmap[IO_BITMAP_BYTES + 1];
} __packed;

#endif
