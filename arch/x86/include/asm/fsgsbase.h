/* SPDX-License-Identifier: GPL-2.0 */
/* A task's segment registers in ring 3: selectors, and FS's and GS's bases (arch/x86/process.c). */
#ifndef _ASM_X86_FSGSBASE_H
#define _ASM_X86_FSGSBASE_H

#include <asm/segment.h>
#include <compiler.h>

struct task;

/* What ring 3 last had in DS, ES, FS and GS; live in the CPU while the task runs. */
struct user_segments {
	unsigned long fsbase, gsbase;
	u16 dsindex, esindex, fsindex, gsindex;
};

/*
 * The task's three TLS descriptors, set_thread_area(2)'s: GDT entries
 * GDT_ENTRY_TLS_MIN on, which every switch to the task writes into its CPU's
 * GDT (arch/x86/tls.c). i386 programs reach their thread's data through one
 * (glibc: %gs = 0x63).
 */
#define GDT_ENTRY_TLS_ENTRIES	3
#define GDT_ENTRY_TLS_MAX	(GDT_ENTRY_TLS_MIN + GDT_ENTRY_TLS_ENTRIES - 1)

struct tls_descs {
	u64 desc[GDT_ENTRY_TLS_ENTRIES];
};

/* IRQs off, at a context switch: prev's live FS/GS into its task, next's out of it. */
void save_user_segments_irqoff(struct task *prev);
void load_user_segments_irqoff(const struct task *next);
/*
 * fork and clone: the caller's live segments, read into its task first, and its
 * TLS go to the child.
 */
void copy_user_segments(struct task *child);
/*
 * IRQs off, at a context switch, before its selectors load: next's TLS
 * descriptors in this CPU's GDT.
 */
void load_tls_irqoff(const struct task *next);
struct user_desc;
/* arch/x86/tls.c: set_thread_area()'s work, for t current or not yet run. */
int do_set_thread_area(struct task *t, struct user_desc __user *u_info, bool can_allocate);

#endif
