/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel text symbols for oops backtraces. The Makefile links the kernel once
 * without the table, lists its text symbols with nm into build/ksyms.c and links
 * again: the table lives in .rodata, after .text, so no text address moves.
 */
#ifndef _ENTRYLAB_KSYMS_H
#define _ENTRYLAB_KSYMS_H

#include <compiler.h>

struct ksym {
	unsigned long addr;
	const char *name;
};

extern const struct ksym ksyms[];
extern const unsigned int ksyms_count;

/* The function containing addr and addr's offset in it, or NULL. */
const char *ksym_lookup(unsigned long addr, unsigned long *offset);

#endif
