/* SPDX-License-Identifier: GPL-2.0 */
/* Signals: Linux x86-64 numbers and default actions. */
#ifndef _ENTRYLAB_SIGNAL_H
#define _ENTRYLAB_SIGNAL_H

#include <compiler.h>
#include <cputime_types.h>

#include <spinlock.h>
#include <uapi/resource.h>
#include <uapi/signal.h>

#define sigmask(sig)	(1UL << ((sig) - 1))

typedef kernel_sigset_t sigset_t;

/* What a pending signal carries until it is delivered (one per signal number). */
struct ksiginfo {
	int code;		/* si_code */
	int pid;		/* sender, for SI_USER, SI_TKILL and SIGCHLD */
	int status;		/* SIGCHLD: the exit status or the killing signal */
	bool charged;		/* counted against RLIMIT_SIGPENDING (kernel/signal.c) */
	bool timer;		/* sent by a POSIX timer, which holds the count for it */
	unsigned long addr;	/* si_addr, for faults; SIGSYS: si_call_addr */
	union {
		struct {
			unsigned long trapno;	/* the vector, for faults */
			unsigned long err;	/* the CPU's error code, for faults */
		};
		struct {			/* SIGSYS: SYS_SECCOMP, SYS_USER_DISPATCH */
			int syscall;
			unsigned int arch;
			int data;		/* si_errno: SECCOMP_RET_DATA */
		} sys;
		unsigned long value;		/* a negative si_code's: sigqueue()'s sigval */
		struct {			/* SIGCHLD for an exit: the process's times */
			long utime, stime;	/* clock ticks (include/time.h) */
		} chld;
	};
};

/*
 * A set of pending signals with what each carries. A standard signal is kept
 * once: a second instance sent while one is pending merges into it. A
 * real-time one queues: its oldest instance is in info[], the younger ones
 * wait in queue, oldest first, in entries of a pool that all share
 * (kernel/signal.c, SIGQUEUE_MAX entries), each instance counted against the
 * target's RLIMIT_SIGPENDING (SIGKILL's and a POSIX timer's aside).
 */
struct sigqueue;
struct sigpending {
	sigset_t set;
	struct ksiginfo info[_NSIG];
	struct sigqueue *queue;
};

#define SIGQUEUE_MAX	1024

/*
 * The handlers, as Linux's sighand_struct: one page, shared by the threads of a
 * process (CLONE_SIGHAND). Its lock guards every task's signal state that senders
 * touch: each sharer's private pending set and TIF_SIGPENDING, the process's
 * shared pending set, the blocked masks and the actions. A sender holds
 * sched_lock first (it keeps the target alive and lets the wake-up change its
 * state), then this lock.
 */
struct sighand {
	spinlock_t lock;
	int refs;
	struct kernel_sigaction action[_NSIG];
};

/*
 * What the threads of one process share beyond the handlers, as Linux's
 * signal_struct: the process-directed pending set, how the process is ending,
 * and its resource limits. Under sched_lock except where noted.
 */
struct signal_struct {
	int refs;			/* tasks pointing here */
	int live;			/* threads that have not exited yet */
	struct sigpending shared_pending;	/* kill(): any thread may take it (siglock) */
	bool group_exit;		/* exit_group() or a fatal signal: all threads go */
	struct task *group_exec_task;	/* ... but this one, whose execve() killed them */
	int group_exit_code;		/* then: the wait status every thread exits with */
	struct rlimit64 rlim[RLIM_NLIMITS];	/* getrlimit(), prlimit64() */
	/*
	 * CPU time in ns (kernel/sched/cputime.c), under sched_lock: the threads that
	 * are gone, and the children waited for with their own waited-for ones.
	 */
	u64 sum_exec_runtime, utime, stime;
	struct prev_cputime prev_cputime;	/* the process's split last reported */
	u64 cutime, cstime;
	struct process_timers *timers;	/* setitimer() and timer_create() (include/timers.h) */
	bool boot_program;		/* started by the kernel from a boot module
					 * (init, a probe) */
	/*
	 * Where its threads' capabilities hold (include/user_namespace.h): the
	 * process's, as only a single-threaded process may change it, as on Linux.
	 */
	struct user_namespace *user_ns;
};

/* Per-task signal state: what only this thread has (tgkill(), its faults, its mask). */
/* The kernel's own sigaction flag (never a program's): the action was set by an i386 call. */
#define SA_IA32_ABI	0x02000000

struct sigstate {
	struct sigpending pending;
	sigset_t blocked;
	sigset_t saved_mask;		/* rt_sigsuspend(): restored after the delivery */
	bool restore_mask;		/* ... is set */
	kernel_stack_t altstack;	/* sigaltstack(); ss_flags SS_DISABLE when unset */
};

struct task;

/*
 * The most stack a signal delivery takes on this CPU, by Linux's formula
 * (arch/x86/signal.c): the FPU image, whose size XCR0 sets, the i386 x87 state, and the
 * largest frame, with their alignment. Programs learn it from the AT_MINSIGSTKSZ auxv
 * entry, as on Linux, to size alternate stacks.
 */
unsigned long sigframe_max_size(void);
/* arch/x86/signal_ia32.c: the larger i386 frame's size, struct sigframe_ia32's. */
unsigned long ia32_sigframe_max_size(void);

const char *signal_name(int sig);
struct sighand *sighand_alloc(void);
void sighand_get(struct sighand *sh);
void sighand_put(struct sighand *sh);
/*
 * execve(): every handler back to SIG_DFL (SIG_IGN stays), flags and masks
 * cleared, no alternate stack. t's sighand, if shared, is first copied into spare
 * (from sighand_alloc()); the one of the two t does not keep is put.
 */
void flush_signal_handlers(struct task *t, struct sighand *spare);
struct signal_struct *signal_alloc(void);
void signal_get(struct signal_struct *sig);
void signal_put(struct signal_struct *sig);
/* The task's own new blocked mask (SIGKILL and SIGSTOP stay unblocked). */
void set_blocked(struct task *t, sigset_t blocked);
/*
 * ppoll(), epoll_pwait(): current waits with the user's mask (size must be that
 * of sigset_t: -EINVAL; -EFAULT) as its blocked set. Then the old mask comes
 * back at once, or, when the wait was interrupted by a signal about to be
 * delivered, after that delivery (as rt_sigsuspend()'s).
 */
long set_temporary_sigmask(const sigset_t __user *umask, unsigned long size);
void restore_temporary_sigmask(bool interrupted);
/*
 * RLIMIT_SIGPENDING's count (kernel/signal.c): one more for t's user, unless
 * that passes t's limit and override is false (false: refused); and one less,
 * if charged. A POSIX timer holds one while it exists.
 */
bool sigpending_charge(const struct task *t, bool override);
void sigpending_uncharge(bool charged);
/*
 * 0, or -EAGAIN: a real-time signal was not queued (the queue pool empty, or,
 * a negative si_code's, past RLIMIT_SIGPENDING).
 */
int send_signal(struct task *t, int sig, const struct ksiginfo *info, bool group);
/*
 * sched_lock held: the pending instance of sig that POSIX timer id sent goes,
 * from t's process (group) or from t (timer_delete(), timer_settime()).
 */
void flush_timer_signal(struct task *t, bool group, int sig, int id);
/* The pending instances of sig in set go (signal_put(), task_free(), "ignore"). */
void flush_sigpending(struct sigpending *pending, sigset_t set);
/*
 * PTRACE_PEEKSIGINFO: the n-th pending signal of t's own queue or, with shared,
 * of its process's: its number, its siginfo in *out; 0 past the last. Signals
 * come by number, each number's instances oldest first.
 */
int peek_pending_signal(struct task *t, bool shared, unsigned long n, struct ksiginfo *out);
void send_sig_kernel(struct task *p, int sig);
/* Would sig sent to t's process be dropped as ignored? sched_lock held. */
bool signal_ignored(const struct task *t, int sig);
/* A fault in user mode: the signal cannot be ignored or blocked away. */
void force_sig_fault(int sig, int code, unsigned long addr, unsigned long trapno,
		     unsigned long err);
/*
 * SIGSYS for the syscall nr of arch, forced: code SYS_SECCOMP (data: si_errno)
 * or SYS_USER_DISPATCH.
 */
void force_sig_sigsys(int code, int nr, unsigned int arch, int data, unsigned long call_addr);
struct pt_regs;
void do_signal(struct pt_regs *regs);
void recalc_sigpending(struct task *t);
/* sched_lock held, TIF_SIGPENDING set: t acts on it soon, woken if asleep. */
void signal_wake_up_locked(struct task *t);
/* Into a zeroed *out. */
void fill_siginfo(struct kernel_siginfo *out, int sig, const struct ksiginfo *info);
struct compat_siginfo;
/* The same in i386's layout, for an i386 frame (arch/x86/signal_ia32.c). */
void fill_compat_siginfo(struct compat_siginfo *out, int sig, const struct ksiginfo *info);
/*
 * A siginfo at user address to, in the caller's layout (i386's in an i386
 * call); info NULL: zeros.
 */
long put_siginfo(void __user *to, int sig, const struct ksiginfo *info);

/*
 * arch/x86/signal.c: where a frame for ka goes, below the interrupted stack
 * pointer less red_zone or at the top of the alternate stack (*onstack then),
 * and whether one starting at frame_addr still fits the alternate stack.
 */
unsigned long sigframe_top(const struct pt_regs *regs, const struct kernel_sigaction *ka,
			   unsigned long red_zone, bool *onstack);
bool sigframe_fits(unsigned long frame_addr, bool onstack);
/* arch/x86/signal_ia32.c: setup_rt_frame() for a handler an i386 call set. */
bool ia32_setup_frame(struct pt_regs *regs, int sig, const struct ksiginfo *info,
		      const struct kernel_sigaction *ka, sigset_t oldmask);
/* arch/x86/signal.c: the frame on the user stack. false: it could not be written. */
bool setup_rt_frame(struct pt_regs *regs, int sig, const struct ksiginfo *info,
		    const struct kernel_sigaction *ka, sigset_t oldmask);
bool on_sig_stack(const struct task *t, unsigned long sp);
/*
 * sigaltstack()'s work (kernel/signal.c): the old stack to *old, *ss set if
 * given; sp: the user's.
 */
int do_sigaltstack(const kernel_stack_t *ss, kernel_stack_t *old, unsigned long sp);
/* rt_sigaction()'s work (kernel/signal.c): 0, or -EINVAL. */
long do_sigaction(int sig, const struct kernel_sigaction *act, struct kernel_sigaction *oact);
/* The ss_flags sigaltstack() and a signal frame report at sp (Linux's sas_ss_flags() and more). */
unsigned int altstack_flags(const struct task *t, unsigned long sp);
/*
 * arch/x86/signal.c: a syscall interrupted by a signal (regs->ax an -ERESTART*
 * code) is restarted or made to fail with -EINTR; ka is the handler about to
 * run, or NULL when none does.
 */
void syscall_restart(struct pt_regs *regs, const struct kernel_sigaction *ka);

#endif
