/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Thread flags: work that must be done before the task returns to user mode. As in
 * Linux, they live in struct thread_info (the first member of struct task), not in a
 * field called "flags" of the task itself: Linux's task->flags holds PF_* bits.
 * Any context may set a flag (an interrupt, another task, another CPU), so
 * every change is a locked bit operation; the exit path reads them with IRQs off.
 */
#ifndef _ENTRYLAB_THREAD_INFO_H
#define _ENTRYLAB_THREAD_INFO_H

#include <compiler.h>

#define TIF_SIGPENDING		0	/* a signal is pending and not blocked */
#define TIF_NEED_RESCHED	1	/* schedule() before returning */
#define TIF_SINGLESTEP		2	/* a syscall was made with TF set: report its step */
#define TIF_IO_BITMAP		3	/* has port access: its I/O bitmap goes into the TSS */
#define _TIF_SIGPENDING		BIT(TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	BIT(TIF_NEED_RESCHED)
#define _TIF_SINGLESTEP		BIT(TIF_SINGLESTEP)
#define _TIF_IO_BITMAP		BIT(TIF_IO_BITMAP)

/* What exit_to_user_mode_loop() acts on; any of these bits means "not yet". */
#define EXIT_TO_USER_MODE_WORK	(_TIF_SIGPENDING | _TIF_NEED_RESCHED | _TIF_SINGLESTEP)
/*
 * What sends a return to user mode down the slow path: the work, and state that
 * only a task which asked for it has, installed after the work with IRQs off (the
 * I/O bitmap; Linux's arch_exit_to_user_mode_prepare()). One test either way.
 */
#define EXIT_TO_USER_MODE_SLOW	(EXIT_TO_USER_MODE_WORK | _TIF_IO_BITMAP)

struct thread_info {
	unsigned long flags;	/* TIF_* */
};

static __always_inline void set_ti_thread_flag(struct thread_info *ti, int flag)
{
	asm volatile("lock btsq %1, %0" : "+m"(ti->flags) : "Ir"((long)flag) : "memory");
}

static __always_inline void clear_ti_thread_flag(struct thread_info *ti, int flag)
{
	asm volatile("lock btrq %1, %0" : "+m"(ti->flags) : "Ir"((long)flag) : "memory");
}

#endif
