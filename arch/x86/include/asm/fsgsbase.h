/* SPDX-License-Identifier: GPL-2.0 */
/* A task's segment registers in ring 3: selectors, and FS's and GS's bases (arch/x86/process.c). */
#ifndef _ASM_X86_FSGSBASE_H
#define _ASM_X86_FSGSBASE_H

#include <compiler.h>

struct task;

/* What ring 3 last had in DS, ES, FS and GS; live in the CPU while the task runs. */
struct user_segments {
	unsigned long fsbase, gsbase;
	u16 dsindex, esindex, fsindex, gsindex;
};

/* IRQs off, at a context switch: prev's live FS/GS into its task, next's out of it. */
void save_user_segments_irqoff(struct task *prev);
void load_user_segments_irqoff(const struct task *next);
/* fork and clone: the caller's live FS/GS, read into its task first, go to the child. */
void copy_user_segments(struct task *child);

#endif
