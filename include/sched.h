/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasks. A task is a user program: its address space, its kernel stack (with its
 * struct pt_regs at the top), its thread flags and its signal state. The boot
 * CPU's own context (kmain) is the idle task: it runs whenever no user task can,
 * and it is where a run continues when a task ends.
 */
#ifndef _ENTRYLAB_SCHED_H
#define _ENTRYLAB_SCHED_H

#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <signal.h>

#define KERNEL_STACK_PAGES	4
#define KERNEL_STACK_SIZE	(KERNEL_STACK_PAGES * PAGE_SIZE)

/* Thread flags: work to do before returning to user mode. */
#define TIF_SIGPENDING		0	/* a signal is pending and not blocked */
#define TIF_NEED_RESCHED	1	/* schedule() before returning */
#define TIF_NOTIFY_RESUME	2	/* reserved: callbacks on return (none yet) */
#define TIF_SINGLESTEP		3	/* a syscall was made with TF set: report its step */
#define _TIF_SIGPENDING		BIT(TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	BIT(TIF_NEED_RESCHED)
#define _TIF_NOTIFY_RESUME	BIT(TIF_NOTIFY_RESUME)
#define _TIF_SINGLESTEP		BIT(TIF_SINGLESTEP)
#define EXIT_TO_USER_MODE_WORK	(_TIF_SIGPENDING | _TIF_NEED_RESCHED | _TIF_NOTIFY_RESUME | \
				 _TIF_SINGLESTEP)

enum task_state {
	TASK_RUNNING,		/* runnable or running */
	TASK_DEAD,		/* exited; waiting for its parent to reap it */
};

struct mm {
	pte_t *pml4;		/* upper half shared with kernel_pml4 */
	unsigned long brk_start, brk;		/* heap: [brk_start, brk) */
	unsigned long mmap_base;		/* next anonymous mapping goes below it */
};

/* Maps [start, end) zero-filled with flags; a shared page keeps the union (exec.c). */
int mm_map_zeroed(struct mm *mm, unsigned long start, unsigned long end, u64 flags);

struct task {
	int pid;
	char name[16];
	enum task_state state;
	unsigned long flags;		/* TIF_*: set from any context, read with IRQs off */
	void *stack;			/* KERNEL_STACK_SIZE bytes, direct-mapped */
	struct pt_regs *regs;		/* user registers at the top of the stack */
	unsigned long ksp;		/* saved kernel RSP while switched out */
	unsigned long fs_base;		/* arch_prctl(ARCH_SET_FS) */
	unsigned long fault_addr;	/* si_addr of the last forced fault signal */
	struct mm mm;
	struct sigstate sig;
	/* User FPU/SSE state while switched out (FXSAVE format). */
	u8 fpu[512] __aligned(16);
	/* How it ended: exit status, or the signal that killed it and where. */
	int exit_status;
	int exit_signal;
	unsigned long exit_ip;
};

static __always_inline struct task *current_task(void)
{
	return this_cpu_read(current_task);
}
#define current current_task()

static __always_inline void set_task_flag(struct task *t, int flag)
{
	asm volatile("lock btsq %1, %0" : "+m"(t->flags) : "Ir"((long)flag) : "memory");
}

static __always_inline void clear_task_flag(struct task *t, int flag)
{
	asm volatile("lock btrq %1, %0" : "+m"(t->flags) : "Ir"((long)flag) : "memory");
}

void sched_init(void);
void schedule(void);
struct task *task_create(const char *name);
void task_free(struct task *t);
void task_start(struct task *t, unsigned long ip, unsigned long sp);
/* Runs t until it ends; returns with t dead, to be freed with task_free(). */
void task_run_to_exit(struct task *t);
struct task *find_task(int pid);
void __noreturn do_exit(int status, int signal);

/* arch/x86/switch_to.asm */
void switch_to(unsigned long *prev_ksp, unsigned long next_ksp);
void ret_from_fork(void);

#endif
