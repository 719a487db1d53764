/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasks. A task is one thread of a user program: its kernel stack (with its
 * struct pt_regs at the top), its thread flags and its signal state, and the
 * address space, handlers and process state it shares with the other threads of
 * its process. Each CPU has an idle task that runs whenever no user task can
 * there; the boot CPU's is its own context (kmain), where a run continues when a
 * task ends.
 */
#ifndef _ENTRYLAB_SCHED_H
#define _ENTRYLAB_SCHED_H

#include <asm/page.h>
#include <asm/switch_to.h>
#include <capability.h>
#include <cputime_types.h>
#include <pid_namespace.h>
#include <ptrace.h>
#include <rseq_types.h>
#include <signal.h>
#include <syscall_user_dispatch.h>
#include <thread_info.h>
#include <uapi/futex.h>

/* threads-max's bounds, Linux's (kernel/fork.c): a tid must fit a futex word's tid bits. */
#define MIN_THREADS		20
#define MAX_THREADS		FUTEX_TID_MASK
#define PID_MAX			32768	/* pids and tids are below it: Linux's default pid_max */
#define RESERVED_PIDS		300	/* where the count resumes after PID_MAX, as on Linux */
#define KERNEL_STACK_PAGES	4
#define KERNEL_STACK_SIZE	(KERNEL_STACK_PAGES * PAGE_SIZE)

/*
 * A task's life: TASK_NEW from task_create() to its start; RUNNING (runnable, or
 * running) and INTERRUPTIBLE (asleep) while alive; then, having exited, a
 * ZOMBIE if someone will wait for it (a process's first thread), or DEAD, to be
 * freed by whoever next looks (other threads, and children nobody waits for).
 */
enum task_state {
	TASK_NEW,
	TASK_RUNNING,
	TASK_INTERRUPTIBLE,	/* asleep until woken, signalled or its deadline passes */
	TASK_TRACED,		/* in a ptrace stop: only its tracer or a SIGKILL wakes it */
	TASK_ZOMBIE,		/* exited; its parent (or the kernel) will reap it */
	TASK_DEAD,		/* exited; nobody waits: freed once off its CPU */
};

/* restart_syscall(): how to resume a sleep a signal interrupted (nanosleep). */
struct pollfd;

struct restart_block {
	long (*fn)(struct restart_block *rb);
	u64 deadline;			/* CLOCK_MONOTONIC ns */
	void __user *rmtp;		/* nanosleep: where the time left goes */
	unsigned long uaddr;		/* futex wait: the word, its value, the bitset */
	u32 val, bitset;		/* val: also a CPU-time clock_nanosleep()'s clock */
	struct pollfd __user *ufds;	/* poll: the array and its length */
	unsigned int nfds;
	bool private;			/* futex wait: FUTEX_PRIVATE_FLAG */
	bool time32;			/* nanosleep: rmtp is i386's old struct timespec */
};

/*
 * One thread. A process is the thread group of its first thread (the group
 * leader): its threads share mm, sighand and signal, and its pid is the
 * leader's, the tgid of every member.
 */
struct task {
	struct thread_info thread_info;	/* first, as in Linux: TIF_* work flags */
	int pid;			/* thread ID in its own pid namespace: gettid() */
	int tgid;			/* process ID there: getpid(), the leader's pid */
	/*
	 * Below the initial pid namespace (include/pid_namespace.h): which one,
	 * and its numbers in those above; NULL in the initial one. Where its
	 * children's pids will be: its own, or a new one after unshare(CLONE_NEWPID).
	 */
	struct pid_numbers *ns_pids;
	struct pid_namespace *pid_ns_for_children;
	char name[16];
	enum task_state state;		/* under sched_lock */
	int on_cpu;			/* CPU running it (or leaving it), else -1 */
	void *stack;			/* KERNEL_STACK_SIZE bytes, direct-mapped */
	struct pt_regs *regs;		/* user registers at the top of the stack */
	unsigned long cpus_allowed;	/* sched_setaffinity(): bit n = CPU n */
	unsigned long fault_addr;	/* si_addr of the last forced fault signal */
	struct mm *mm;			/* NULL for idle tasks and once exited; changes under
					 * sched_lock (another task reads it under it) */
	/* Family, under sched_lock. */
	struct task *group_leader;	/* the process's first thread (maybe itself) */
	struct task *parent;		/* the parent process's leader; NULL: the kernel */
	/*
	 * The thread that forked it (Linux's real_parent; for a thread, the
	 * process's), which PTRACE_TRACEME makes the tracer: when that thread
	 * exits, another live one of its process, or once the process is over,
	 * the new parent. NULL: the kernel.
	 */
	struct task *real_parent;
	struct ptrace_state ptrace;	/* its tracer, if any (kernel/ptrace.c) */
	/*
	 * The task's own, inherited by fork and clone, kept by execve, never undone
	 * (kernel/seccomp/seccomp.c): SECCOMP_MODE_*, and prctl(PR_SET_NO_NEW_PRIVS).
	 */
	struct seccomp_filter *seccomp_filter;	/* the newest; each points to the older */
	u8 seccomp_mode;
	bool no_new_privs;
	/* Family, packed here: started by the kernel, which waits for it. */
	bool kernel_reaps;
	/* In do_exit(), under sched_lock: Linux's PF_EXITING. Packed here too. */
	bool exiting;
	/* Packed here too: FUTEX_WAIT_BITSET's mask, in a futex wait. */
	u32 futex_bitset;
	struct syscall_user_dispatch dispatch;	/* the task's own: not inherited, not kept */
	/* Sleeping (kernel/sched/core.c): what it waits for besides a signal. */
	const void *wait_chan;
	u64 wait_deadline;		/* ktime_get_ns() at which to wake; 0: never */
	bool *vfork_done;		/* CLONE_VFORK: set (and woken) when mm is released */
	int __user *set_child_tid;	/* CLONE_CHILD_SETTID: written on the first return */
	int __user *clear_child_tid;	/* set_tid_address(): zeroed and woken at exit */
	struct restart_block restart;
	struct sigstate sig;
	struct sighand *sighand;
	struct signal_struct *signal;
	struct files *files;		/* its descriptors (include/file.h); NULL once exited */
	/* How it ended: a wait status (exit code << 8, or the signal), and where. */
	int exit_code;
	int exit_signal;		/* to the parent when the process ends; 0: none */
	unsigned long exit_ip;
	/*
	 * CPU time in ns (kernel/sched/cputime.c): run time, measured at every switch
	 * (CLOCK_THREAD_CPUTIME_ID), and its user and system parts, sampled by the
	 * tick or measured at every crossing (include/cputime.h). The task's own
	 * CPU writes them; others read them under sched_lock.
	 */
	u64 sum_exec_runtime, utime, stime;
	struct prev_cputime prev_cputime;	/* the split last reported: it never goes back */
	/* The clock calls that reached the kernel: the vDSO test counts them (uapi/bench.h). */
	unsigned long clock_syscalls;
	struct task_caps caps;		/* its capabilities, in signal->user_ns */
	/* Its rseq(2) area and events (include/rseq.h): its own, or under sched_lock. */
	struct rseq_state rseq;
	/* Its x86 state while switched out (asm/switch_to.h). Last: the FPU image's alignment. */
	struct thread_struct thread;
};
/* t's pid namespace: where t->pid is. */
static __always_inline struct pid_namespace *task_pid_ns(const struct task *t)
{
	return t->ns_pids ? t->ns_pids->ns : &init_pid_ns;
}

/* task_thread_info() (include/thread_info.h) is a cast: the flags come first. */
_Static_assert(offsetof(struct task, thread_info) == 0, "thread_info first in struct task");

/* Linux's wait status encoding (what WIFEXITED() and friends decode). */
#define W_EXITCODE(status, sig)	(((status) & 0xff) << 8 | (sig))
#define WEXITSTATUS(code)	(((code) >> 8) & 0xff)
#define WTERMSIG(code)		((code) & 0x7f)

/* Each CPU's idle task has pid 0, as in Linux; user tasks start at 1. */
static __always_inline bool is_idle_task(const struct task *t)
{
	return t->pid == 0;
}

static __always_inline bool thread_group_leader(const struct task *t)
{
	return t->group_leader == t;
}

static __always_inline bool signal_pending(const struct task *t)
{
	return READ_ONCE(t->thread_info.flags) & _TIF_SIGPENDING;
}

/* A SIGKILL for t, or its process ending: nothing it waits for matters any more. */
static __always_inline bool fatal_signal_pending(const struct task *t)
{
	return (READ_ONCE(t->sig.pending.set) & sigmask(SIGKILL)) ||
	       READ_ONCE(t->signal->group_exit);
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
/*
 * A task with a kernel stack and a pid in ns, and nothing else; not runnable until started.
 * NULL with *err: -EAGAIN at max_threads, -ENOMEM.
 */
struct task *task_create(const char *name, struct pid_namespace *ns, int *err);
/* Linux's threads-max: tasks at once, from the memory free at boot (kernel/task.c). */
extern unsigned int max_threads;
/* Frees an exited task that is off every CPU (or one never started). */
void task_free(struct task *t);
/*
 * A process the kernel starts and waits for (init, the self-tests' programs):
 * empty address space, default handlers and limits, no parent. NULL: no memory.
 */
struct task *task_create_process(const char *name);
void task_start(struct task *t, unsigned long ip, unsigned long sp);
/* Makes a task whose registers are set (fork) runnable, returning to user mode. */
void task_wake_new(struct task *t);
/* Runs until t has exited and left its CPU: then it may be freed. */
void task_run_to_exit(struct task *t);
/* Frees every DEAD task that is off its CPU. */
void reap_dead_tasks(void);

/*
 * The task table and every task's state and family links are under sched_lock,
 * which is also Linux's tasklist_lock here. Always taken with IRQs off.
 */
void tasklist_lock(unsigned long *flags);
void tasklist_unlock(unsigned long flags);
/*
 * sched_lock held: the live thread, or the process (its leader, from its start
 * until reaped), numbered nr in ns, NULL if none: a number the kernel kept with
 * its namespace (a timer's tid, a namespace's init, 1), or a user's, in current's
 * namespace (_vpid).
 */
struct task *find_task_by_pid_ns_locked(int nr, const struct pid_namespace *ns);
struct task *find_process_by_pid_ns_locked(int nr, const struct pid_namespace *ns);
struct task *find_task_by_vpid_locked(int nr);
struct task *find_process_by_vpid_locked(int nr);
/* sched_lock held: for_each task in the table (tasks in creation are skipped). */
struct task *task_table_next_locked(unsigned int *i);
#define for_each_task(t, i)	for (i = 0; ((t) = task_table_next_locked(&(i))); )
static __always_inline bool task_alive(const struct task *t)
{
	return t->state == TASK_RUNNING || t->state == TASK_INTERRUPTIBLE ||
	       t->state == TASK_TRACED;
}

/* A process that can still take signals: a thread lives, and none is ending it. */
static __always_inline bool process_alive(const struct task *p)
{
	return p->signal->live && !p->signal->group_exit;
}

/*
 * prepare_to_sleep() (include/wait.h) for a ptrace stop (TASK_TRACED): no signal
 * but SIGKILL ends it.
 */
void prepare_to_stop_traced(const void *chan);
/* sched_lock held: wakes t if it sleeps (a signal arrived for it). */
void wake_up_task_locked(struct task *t);
/* sched_lock held: wakes t if it is in a ptrace stop (its tracer resumed it, or SIGKILL). */
void wake_up_traced_locked(struct task *t);

/*
 * arch/x86/process.c: a new program's user registers, all zero but these (orig_ax
 * kept), in 64-bit or, for an i386 program (t->mm->ia32), compat mode; t is
 * current (execve) or not yet running.
 */
void start_thread(struct task *t, unsigned long ip, unsigned long sp);
/*
 * execve(), on current with IRQs on: null segment registers with zero bases, no
 * TLS descriptors, no breakpoints, the FPU's initial state (Linux's
 * flush_thread()); ports stay.
 */
void flush_thread(struct task *t);

/* kernel/exit.c */
void __noreturn do_exit(int code);
void __noreturn do_group_exit(int code);
/*
 * t is done with mm, by exit or by execve (current, the mm still loaded):
 * CLONE_CHILD_CLEARTID's word is zeroed and its futex woken, a vfork parent let go.
 */
void mm_release(struct task *t, struct mm *mm);
/*
 * execve() in a process with other threads, from its first one: each other thread
 * gets a SIGKILL that ends only itself, and the caller waits until they are gone.
 * 0, or -EAGAIN if the process is ending anyway.
 */
int de_thread(void);
/* The end of a run: kill and free every process that no one will reap. */
void kill_orphans(void);
/* kernel/fork.c: the child's half of CLONE_CHILD_SETTID, before its first return. */
void schedule_tail(void);

/* kernel/sched/idle.c */
void cpu_idle_once(void);
void __noreturn cpu_idle_loop(void);
/* IRQs off: stop or restart this CPU's tick if it is nohz_full. */
void tick_nohz_update_irqoff(bool in_user);
/* nohz_full=<cpu list>, after smp_init(). */
void nohz_full_init(void);

#endif
