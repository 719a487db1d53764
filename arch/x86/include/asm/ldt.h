/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A process's local descriptor table (arch/x86/ldt.c): segments of its own that
 * ring 3 loads with selectors whose TI bit is set (index << 3 | 4 | 3), made with
 * modify_ldt(2). 64-bit code ignores most of a segment, but 32-bit code (compat
 * mode, a far call away) and the selector loads themselves do not.
 */
#ifndef _ASM_X86_LDT_H
#define _ASM_X86_LDT_H

#include <compiler.h>
#include <uapi/ldt.h>

/*
 * Never changed once installed: modify_ldt() builds a new one and swaps the
 * pointer, so a CPU that loaded this one keeps valid descriptors until told.
 */
struct ldt {
	u64 *entries;			/* nr_entries descriptors, physically contiguous */
	unsigned int nr_entries;
};

struct mm;

/* IRQs off: this CPU's LDTR describes mm's LDT, or none (mm NULL: a kernel thread, idle). */
void switch_ldt_irqoff(const struct mm *mm);
/* fork(), parent->lock held: child gets a copy of parent's LDT. 0, or -ENOMEM. */
int ldt_dup_locked(struct mm *child, const struct mm *parent);
/* The mm's last user is gone: no CPU can have its LDT loaded. */
void ldt_free(struct mm *mm);

#endif
