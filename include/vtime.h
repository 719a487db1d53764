/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code's part of exact CPU-time accounting (include/cputime.h): on a
 * CPU that measures user and system time at each crossing between the modes,
 * the crossings. The syscall entry tests the per-CPU flag once and takes an
 * out-of-line path with both (entry/common.c); the other entries call the
 * checking forms below.
 */
#ifndef _ENTRYLAB_VTIME_H
#define _ENTRYLAB_VTIME_H

#include <asm/percpu.h>
#include <compiler.h>
#include <jump_label.h>

/*
 * On while some CPU may account exactly (kernel/sched/cputime.c keeps it so), as
 * Linux's vtime_accounting_enabled_this_cpu() tests its context_tracking_key
 * before the CPU's own flag: where no CPU accounts exactly, the entry path's test
 * is one NOP.
 */
DECLARE_STATIC_KEY_FALSE(vtime_exact_key);

/*
 * Does this CPU measure user and system time at each crossing? IRQs off. Behind
 * the key, one compare with memory and a branch, written out: read as a plain
 * load, GCC keeps the flag in a callee-saved register to reuse its known zero
 * later, and the syscall path pays a push and a pop for it.
 */
static __always_inline bool vtime_exact_irqoff(void)
{
	if (!static_branch_unlikely(&vtime_exact_key))
		return false;
	asm goto("cmpb $0, %%gs:%c0\n\tjne %l[exact]"
		 : : "i"(offsetof(struct percpu, cputime.exact)) : "cc" : exact);
	return false;
exact:
	return true;
}

/*
 * The exact accounting's two crossings, IRQs off, on a vtime_exact CPU: from
 * user mode the time since the last crossing was user time; back to it, system
 * time. Out of line: only the CPUs that account exactly come here.
 */
void __vtime_user_exit(void);
void __vtime_user_enter(void);

/*
 * The crossings as the entries other than SYSCALL's make them (interrupts,
 * exceptions, int $0x80, a new task's first return): first thing from user
 * mode, last thing back to it. The SYSCALL entry tests once for both
 * (entry/common.c).
 */
static __always_inline void vtime_user_exit_irqoff(void)
{
	if (unlikely(vtime_exact_irqoff()))
		__vtime_user_exit();
}

static __always_inline void vtime_user_enter_irqoff(void)
{
	if (unlikely(vtime_exact_irqoff()))
		__vtime_user_enter();
}

#endif
