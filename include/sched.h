/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasks. A task is a user program: its address space, its kernel stack (with its
 * struct pt_regs at the top), its thread flags and its signal state. Each CPU has
 * an idle task that runs whenever no user task can there; the boot CPU's is its
 * own context (kmain), where a run continues when a task ends.
 */
#ifndef _ENTRYLAB_SCHED_H
#define _ENTRYLAB_SCHED_H

#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <signal.h>
#include <thread_info.h>
#include <uapi/resource.h>

#define MAX_TASKS		16	/* tasks at once: the task table's size */
#define KERNEL_STACK_PAGES	4
#define KERNEL_STACK_SIZE	(KERNEL_STACK_PAGES * PAGE_SIZE)

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
	struct thread_info thread_info;	/* first, as in Linux: TIF_* work flags */
	int pid;
	char name[16];
	enum task_state state;
	void *stack;			/* KERNEL_STACK_SIZE bytes, direct-mapped */
	struct pt_regs *regs;		/* user registers at the top of the stack */
	unsigned long ksp;		/* saved kernel RSP while switched out */
	int on_cpu;			/* CPU running it (or leaving it), else -1 */
	unsigned long cpus_allowed;	/* sched_setaffinity(): bit n = CPU n */
	unsigned long fs_base;		/* arch_prctl(ARCH_SET_FS) */
	unsigned long fault_addr;	/* si_addr of the last forced fault signal */
	struct mm mm;
	struct sigstate sig;
	struct rlimit64 rlim[RLIM_NLIMITS];	/* getrlimit(), prlimit64() */
	/* User FPU/SSE state while switched out (FXSAVE format). */
	u8 fpu[512] __aligned(16);
	/* How it ended: exit status, or the signal that killed it and where. */
	int exit_status;
	int exit_signal;
	unsigned long exit_ip;
};

/* Each CPU's idle task has pid 0, as in Linux; user tasks start at 1. */
static __always_inline bool is_idle_task(const struct task *t)
{
	return t->pid == 0;
}

static __always_inline struct task *current_task(void)
{
	return this_cpu_read(current_task);
}
#define current current_task()

#define task_thread_info(t)		(&(t)->thread_info)
#define set_tsk_thread_flag(t, flag)	set_ti_thread_flag(task_thread_info(t), flag)
#define clear_tsk_thread_flag(t, flag)	clear_ti_thread_flag(task_thread_info(t), flag)

/* The current task's TIF_* flags; the exit path reads them with IRQs off. */
static __always_inline unsigned long read_thread_flags(void)
{
	return READ_ONCE(current->thread_info.flags);
}

void sched_init(void);
void sched_init_ap(void);
void schedule(void);
void finish_task_switch(void);
bool sched_work_here(void);
void sched_kick(struct task *t);
void sched_tick(void);
void sched_ipi(struct pt_regs *regs);
void sched_setaffinity_task(struct task *t, unsigned long mask);
struct task *task_create(const char *name);
void task_free(struct task *t);
void task_start(struct task *t, unsigned long ip, unsigned long sp);
/* Runs t until it ends; returns with t dead, to be freed with task_free(). */
void task_run_to_exit(struct task *t);
/* The running task with that pid, with the task table locked; or NULL, unlocked. */
struct task *find_task_lock(int pid, unsigned long *flags);
void find_task_unlock(unsigned long flags);
void __noreturn do_exit(int status, int signal);

/* kernel/idle.c */
void __noreturn cpu_idle_loop(void);
/* IRQs off: stop or restart this CPU's tick if it is nohz_full. */
void tick_nohz_update(bool in_user);
/* nohz_full=<cpu list>, after smp_init(). */
void nohz_full_init(void);

/* arch/x86/switch_to.asm */
void switch_to(unsigned long *prev_ksp, unsigned long next_ksp);
/* entry/entry_64.asm: where a new task's first switch_to() returns to. */
void ret_from_fork_asm(void);

#endif
