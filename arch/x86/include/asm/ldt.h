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

/* Linux's LDT_empty(): what a program writes to clear an entry. */
static inline bool user_desc_empty(const struct user_desc *d)
{
	return !d->base_addr && !d->limit && !d->contents && d->read_exec_only && !d->seg_32bit &&
	       !d->limit_in_pages && d->seg_not_present && !d->useable;
}

/* Linux's LDT_zero(): all zero, which old programs wrote to mean "no segment" too. */
static inline bool user_desc_zero(const struct user_desc *d)
{
	return !d->base_addr && !d->limit && !d->contents && !d->read_exec_only && !d->seg_32bit &&
	       !d->limit_in_pages && !d->seg_not_present && !d->useable;
}

/*
 * Linux's fill_ldt(): a descriptor for an LDT or TLS entry, always DPL 3 and
 * accessed (so it never needs writing), never L. oldmode: modify_ldt()'s
 * func 1, which ignores the available bit.
 */
static inline u64 user_desc_to_desc(const struct user_desc *d, bool oldmode)
{
	u64 type = (d->read_exec_only ^ 1) << 1 | d->contents << 2 | 1;

	return (d->limit & 0xffff) | (u64)(d->base_addr & 0xffffff) << 16 | type << 40 |
	       1UL << 44 | 3UL << 45 | (u64)(d->seg_not_present ^ 1) << 47 |
	       (u64)((d->limit >> 16) & 0xf) << 48 | (u64)(oldmode ? 0 : d->useable) << 52 |
	       (u64)d->seg_32bit << 54 | (u64)d->limit_in_pages << 55 |
	       (u64)(d->base_addr >> 24) << 56;
}

/* Linux's fill_user_desc(): entry idx read back; a null descriptor reads as LDT_empty. */
static inline void desc_to_user_desc(struct user_desc *d, unsigned int idx, u64 desc)
{
	*d = (struct user_desc){
		.entry_number = idx,
		.base_addr = (u32)(((desc >> 16) & 0xffffff) | ((desc >> 56) << 24)),
		.limit = (u32)((desc & 0xffff) | ((desc >> 48) & 0xf) << 16),
		.seg_32bit = desc >> 54 & 1, .contents = desc >> 42 & 3,
		.read_exec_only = !(desc >> 41 & 1), .limit_in_pages = desc >> 55 & 1,
		.seg_not_present = !(desc >> 47 & 1), .useable = desc >> 52 & 1,
		.lm = desc >> 53 & 1,
	};
}

struct mm;

/* IRQs off: this CPU's LDTR describes mm's LDT, or none (mm NULL: a kernel thread, idle). */
void switch_ldt_irqoff(const struct mm *mm);
/* fork(), parent->lock held: child gets a copy of parent's LDT. 0, or -ENOMEM. */
int ldt_dup_locked(struct mm *child, const struct mm *parent);
/* The mm's last user is gone: no CPU can have its LDT loaded. */
void ldt_free(struct mm *mm);

#endif
