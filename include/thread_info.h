/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Thread flags: work that must be done before the task returns to user mode. As in
 * Linux, they live in struct thread_info (the first member of struct task), not in a
 * field called "flags" of the task itself: Linux's task->flags holds PF_* bits.
 * Any context may set a flag (an interrupt, another task, another CPU), so
 * every change is a locked bit operation; the exit path reads them with IRQs off.
 *
 * This header is all the entry path needs of a task: current, its flags and its
 * syscall work, without struct task (include/sched.h), whose first member struct
 * thread_info is, so that a task pointer is a thread_info pointer.
 */
#ifndef _ENTRYLAB_THREAD_INFO_H
#define _ENTRYLAB_THREAD_INFO_H

#include <asm/bitops.h>
#include <asm/percpu.h>
#include <compiler.h>

#define TIF_SIGPENDING		0	/* a signal is pending and not blocked */
#define TIF_NEED_RESCHED	1	/* schedule() before returning */
#define TIF_SINGLESTEP		2	/* a syscall was made with TF set: report its step */
#define TIF_IO_BITMAP		3	/* has port access: its I/O bitmap goes into the TSS */
#define TIF_SYSCALL_EXIT_STOP	4	/* the syscall that ran stops for the tracer at its exit */
#define TIF_RSEQ		5	/* the rseq area needs updating (include/rseq.h) */
#define _TIF_SIGPENDING		BIT(TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	BIT(TIF_NEED_RESCHED)
#define _TIF_SINGLESTEP		BIT(TIF_SINGLESTEP)
#define _TIF_IO_BITMAP		BIT(TIF_IO_BITMAP)
#define _TIF_SYSCALL_EXIT_STOP	BIT(TIF_SYSCALL_EXIT_STOP)
#define _TIF_RSEQ		BIT(TIF_RSEQ)

/* What exit_to_user_mode_loop() acts on; any of these bits means "not yet". */
#define EXIT_TO_USER_MODE_WORK	(_TIF_SIGPENDING | _TIF_NEED_RESCHED | _TIF_SINGLESTEP | \
				 _TIF_SYSCALL_EXIT_STOP | _TIF_RSEQ)
/*
 * What sends a return to user mode down the slow path: the work, and state that
 * only a task which asked for it has, installed after the work with IRQs off (the
 * I/O bitmap; Linux's arch_exit_to_user_mode_prepare()). One test either way.
 */
#define EXIT_TO_USER_MODE_SLOW	(EXIT_TO_USER_MODE_WORK | _TIF_IO_BITMAP)

/*
 * Syscall work (Linux's SYSCALL_WORK_*, a word of its own since 5.11): what a
 * syscall's entry does before it runs, for a tracer. The entry tests the word
 * once, for the SYSCALL_WORK_ENTER bits; the exit has nothing to test: the entry
 * work sets TIF_SYSCALL_EXIT_STOP, which sends that syscall's return down the
 * exit work loop (entry/work.c), which reads the word again there: the tracer
 * may have changed it at the entry stop.
 */
#define SYSCALL_WORK_SYSCALL_TRACE	0	/* PTRACE_SYSCALL: stop at entry and exit */
#define SYSCALL_WORK_SYSCALL_EMU	1	/* PTRACE_SYSEMU: stop at entry, run nothing */
#define SYSCALL_WORK_SYSCALL_EXIT_TRAP	2	/* PTRACE_SINGLESTEP: a step is reported at exit */
#define SYSCALL_WORK_SECCOMP		3	/* seccomp: every syscall is checked
						 * (kernel/seccomp/seccomp.c) */
#define SYSCALL_WORK_SYSCALL_USER_DISPATCH 4	/* prctl(PR_SET_SYSCALL_USER_DISPATCH) is on */
#define SYSCALL_WORK_ENTER		(BIT(SYSCALL_WORK_SYSCALL_TRACE) | \
					 BIT(SYSCALL_WORK_SYSCALL_EMU) | \
					 BIT(SYSCALL_WORK_SECCOMP) | \
					 BIT(SYSCALL_WORK_SYSCALL_USER_DISPATCH))

/*
 * Status (Linux's thread_info->status): what only the task itself writes, so no
 * locked operations. TS_COMPAT: an i386 system call is running (int $0x80), set
 * from its entry until after its exit work, which restarts it by i386 numbers.
 */
#define TS_COMPAT		BIT(0)

struct thread_info {
	unsigned long flags;		/* TIF_* */
	unsigned long syscall_work;	/* SYSCALL_WORK_* */
	unsigned long status;		/* TS_*: the task's own */
};

#define set_ti_thread_flag(ti, flag)	set_bit(flag, &(ti)->flags)
#define clear_ti_thread_flag(ti, flag)	clear_bit(flag, &(ti)->flags)

struct task;

/* The task running on this CPU: one load through GS, valid with IRQs on or off. */
static __always_inline struct task *current_task(void)
{
	return this_cpu_read(current_task);
}
#define current current_task()

#define task_thread_info(t)		((struct thread_info *)(t))
#define set_tsk_thread_flag(t, flag)	set_ti_thread_flag(task_thread_info(t), flag)
#define clear_tsk_thread_flag(t, flag)	clear_ti_thread_flag(task_thread_info(t), flag)
/*
 * The syscall work is written in the task's word; the entry tests this CPU's copy
 * of the running task's (percpu syscall_work), which two places refresh: the
 * context switch, and the end of a ptrace stop (kernel/ptrace.c), where the
 * tracer's writes happen. A writer to a task that may be running on another CPU
 * without stopping it (seccomp's TSYNC, say) must refresh that CPU's copy too,
 * or the task does not see its new work until its next switch.
 */
#define set_syscall_work(t, work)	set_bit(work, &task_thread_info(t)->syscall_work)
#define clear_syscall_work(t, work)	clear_bit(work, &task_thread_info(t)->syscall_work)
#define assign_syscall_work(t, work, on) \
	((on) ? set_syscall_work(t, work) : clear_syscall_work(t, work))
/* This CPU's copy of t's word, t running here: after a switch to it or a change to it. */
#define syscall_work_load_this_cpu(t) \
	this_cpu_write(syscall_work, task_thread_info(t)->syscall_work)

/* The current task's TIF_* flags; the exit path reads them with IRQs off. */
static __always_inline unsigned long read_thread_flags(void)
{
	return READ_ONCE(task_thread_info(current)->flags);
}

#endif
