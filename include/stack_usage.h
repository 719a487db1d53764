/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How deep the kernel's stacks have been used (kernel/stack_usage.c): each is
 * filled with STACK_POISON when made, and the deepest word no longer holding it
 * is the deepest use. Linux's CONFIG_DEBUG_STACK_USAGE, with a pattern instead of
 * zeros, so that a zero pushed at the deepest point still counts.
 */
#ifndef _ENTRYLAB_STACK_USAGE_H
#define _ENTRYLAB_STACK_USAGE_H

#include <compiler.h>

#define STACK_POISON	0x57ac6e9d57ac6e9dUL

struct task;

/* boot/head.asm: the boot CPU's stack, above its guard page. */
extern char boot_stack_hh[], boot_stack_hh_top[];

/* Each kind is reported on its own line: the deepest use of any stack of it. */
enum stack_kind {
	STACK_TASK,		/* a task's kernel stack (kernel/task.c) */
	STACK_BOOT,		/* the boot CPU's: kmain, the self-tests, its idle task */
	STACK_IDLE,		/* an AP's idle stack (arch/x86/smpboot.c) */
	STACK_DF,		/* the IST stacks (FRED's stack levels 3, 2 and 1) */
	STACK_NMI,
	STACK_DB,
	STACK_MC,
	NR_STACK_KINDS
};

/* The deepest use seen of one kind: on which stack (a task's pid and comm, or a CPU). */
struct stack_deepest {
	unsigned long used, size;
	int pid;		/* a task stack's owner; -1 for a CPU's stack */
	unsigned int cpu;
	char comm[16];
};

extern const char *const stack_kind_names[NR_STACK_KINDS];

void stack_poison(void *base, unsigned long size);
void stack_poison_below_sp(void *base);
unsigned long stack_used(const void *base, unsigned long size);
void stack_usage_task_gone(const struct task *t);
void stack_usage_scan(struct stack_deepest deepest[NR_STACK_KINDS]);
void stack_usage_print(void);

#endif
