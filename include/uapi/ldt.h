/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modify_ldt(2)'s and set_thread_area(2)'s segment description: Linux's uapi
 * asm/ldt.h. Every field is 32 bits wide or a bit field of one word, so i386 and
 * x86-64 programs lay it out alike (int $0x80's set_thread_area takes it as is).
 */
#ifndef _UAPI_ENTRYLAB_LDT_H
#define _UAPI_ENTRYLAB_LDT_H

#define LDT_ENTRIES	8192	/* the most an LDT holds: a 16-bit selector's 13-bit index */
#define LDT_ENTRY_SIZE	8

struct user_desc {
	unsigned int entry_number;
	unsigned int base_addr;
	unsigned int limit;
	unsigned int seg_32bit:1;
	unsigned int contents:2;	/* 0 data, 1 expand-down data, 2 code */
	unsigned int read_exec_only:1;
	unsigned int limit_in_pages:1;
	unsigned int seg_not_present:1;
	unsigned int useable:1;
	unsigned int lm:1;		/* 64-bit code: refused, as on Linux */
};

#endif
