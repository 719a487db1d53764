/* SPDX-License-Identifier: GPL-2.0 */
/* Signals: Linux x86-64 numbers and default actions. */
#ifndef _ENTRYLAB_SIGNAL_H
#define _ENTRYLAB_SIGNAL_H

#include <compiler.h>

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGILL		4
#define SIGTRAP		5
#define SIGABRT		6
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPWR		30
#define SIGSYS		31
#define SIGRTMIN	32
#define _NSIG		64

#define sigmask(sig)	(1UL << ((sig) - 1))

typedef unsigned long sigset_t;

#define SIG_DFL		0UL
#define SIG_IGN		1UL

struct k_sigaction {
	unsigned long handler;	/* SIG_DFL, SIG_IGN or a user address */
	unsigned long flags;
	unsigned long restorer;
	sigset_t mask;
};

/* Per-task signal state. */
struct sigstate {
	sigset_t pending;
	sigset_t blocked;
	struct k_sigaction action[_NSIG];
};

struct task;

const char *signal_name(int sig);
bool sig_default_ignored(int sig);
bool sig_ignored(struct task *t, int sig);
/* Marks sig pending on t (unless ignored) and sets TIF_SIGPENDING if deliverable. */
void send_signal(struct task *t, int sig);
/* A fault in user mode: the signal cannot be ignored or blocked away. */
void force_sig_fault(int sig, unsigned long addr);
struct pt_regs;
void do_signal(struct pt_regs *regs);

#endif
