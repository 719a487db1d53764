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
#define _TIF_SIGPENDING		BIT(TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	BIT(TIF_NEED_RESCHED)
#define _TIF_SINGLESTEP		BIT(TIF_SINGLESTEP)

/* What exit_to_user_mode_loop() acts on; any of these bits means "not yet". */
#define EXIT_TO_USER_MODE_WORK	(_TIF_SIGPENDING | _TIF_NEED_RESCHED | _TIF_SINGLESTEP)

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
