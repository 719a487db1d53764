/* SPDX-License-Identifier: GPL-2.0 */
/* Signals: Linux x86-64 numbers and default actions. */
#ifndef _ENTRYLAB_SIGNAL_H
#define _ENTRYLAB_SIGNAL_H

#include <compiler.h>

#include <spinlock.h>
#include <uapi/signal.h>

#define sigmask(sig)	(1UL << ((sig) - 1))

typedef kernel_sigset_t sigset_t;

/* What a pending signal carries until it is delivered (one per signal number). */
struct ksiginfo {
	int code;		/* si_code */
	int pid;		/* sender, for SI_USER and SI_TKILL */
	unsigned long addr;	/* si_addr, for faults */
	unsigned long trapno;	/* the vector, for faults */
	unsigned long err;	/* the CPU's error code, for faults */
};

/* The handlers: one page, as Linux's sighand_struct (shared by threads, one day). */
struct sighand {
	struct kernel_sigaction action[_NSIG];
};

/* Per-task signal state. */
/*
 * pending, info[] and the task's TIF_SIGPENDING change under lock: a sender on
 * another CPU and the task itself (dequeuing, changing its mask) must not lose
 * each other's update. blocked and sighand change only in the task itself, under
 * the lock too, because senders read them.
 */
struct sigstate {
	spinlock_t lock;
	sigset_t pending;
	sigset_t blocked;
	struct sighand *sighand;
	struct ksiginfo info[_NSIG];
	kernel_stack_t altstack;	/* sigaltstack(); ss_flags SS_DISABLE when unset */
};

struct task;

/*
 * The most stack a signal delivery takes (arch/x86/signal.c checks it): the
 * FXSAVE image and the rt_sigframe, with their alignment. Programs learn it from
 * the AT_MINSIGSTKSZ auxv entry, as on Linux, to size alternate stacks.
 */
#define SIGFRAME_MAX	1152

const char *signal_name(int sig);
/* The task's own new blocked mask (SIGKILL and SIGSTOP stay unblocked). */
void set_blocked(struct task *t, sigset_t blocked);
bool sig_ignored(struct task *t, int sig);
/*
 * Marks sig pending on t, with si_code code from pid sender, unless t ignores it,
 * and sets TIF_SIGPENDING if it is deliverable.
 */
void send_signal(struct task *t, int sig, int code, int sender);
/* A fault in user mode: the signal cannot be ignored or blocked away. */
void force_sig_fault(int sig, int code, unsigned long addr, unsigned long trapno,
		     unsigned long err);
struct pt_regs;
void do_signal(struct pt_regs *regs);
void recalc_sigpending(struct task *t);

/* arch/x86/signal.c: the frame on the user stack. false: it could not be written. */
bool setup_rt_frame(struct pt_regs *regs, int sig, const struct ksiginfo *info,
		    const struct kernel_sigaction *ka, sigset_t oldmask);
bool on_sig_stack(const struct task *t, unsigned long sp);

#endif
