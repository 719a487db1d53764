// SPDX-License-Identifier: GPL-2.0
/*
 * Signals: sending, and the default actions the exit-work loop carries out.
 *
 * A signal whose action is "ignore" is discarded when it is sent, so it never
 * makes the return path slow: kill(getpid(), SIGWINCH) costs one syscall and no
 * exit work. Any other signal is marked pending; if it is not blocked the task's
 * TIF_SIGPENDING flag sends the next return to user mode through do_signal().
 * Stop signals have no job control to serve yet and are treated as ignored.
 */
#include <asm/ptrace.h>
#include <sched.h>
#include <signal.h>

static const char *const signal_names[] = {
	[SIGHUP] = "SIGHUP", [SIGINT] = "SIGINT", [SIGQUIT] = "SIGQUIT",
	[SIGILL] = "SIGILL", [SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
	[SIGBUS] = "SIGBUS", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
	[SIGUSR1] = "SIGUSR1", [SIGSEGV] = "SIGSEGV", [SIGUSR2] = "SIGUSR2",
	[SIGPIPE] = "SIGPIPE", [SIGALRM] = "SIGALRM", [SIGTERM] = "SIGTERM",
	[SIGSTKFLT] = "SIGSTKFLT", [SIGCHLD] = "SIGCHLD", [SIGCONT] = "SIGCONT",
	[SIGSTOP] = "SIGSTOP", [SIGTSTP] = "SIGTSTP", [SIGTTIN] = "SIGTTIN",
	[SIGTTOU] = "SIGTTOU", [SIGURG] = "SIGURG", [SIGXCPU] = "SIGXCPU",
	[SIGXFSZ] = "SIGXFSZ", [SIGVTALRM] = "SIGVTALRM", [SIGPROF] = "SIGPROF",
	[SIGWINCH] = "SIGWINCH", [SIGIO] = "SIGIO", [SIGPWR] = "SIGPWR",
	[SIGSYS] = "SIGSYS",
};

const char *signal_name(int sig)
{
	if (sig > 0 && sig < (int)ARRAY_SIZE(signal_names) && signal_names[sig])
		return signal_names[sig];
	return sig >= SIGRTMIN && sig <= _NSIG ? "SIGRT" : "unknown";
}

#define SIG_DEFAULT_IGNORE (sigmask(SIGCHLD) | sigmask(SIGURG) | sigmask(SIGWINCH) | \
			    sigmask(SIGCONT) | sigmask(SIGSTOP) | sigmask(SIGTSTP) |  \
			    sigmask(SIGTTIN) | sigmask(SIGTTOU))

bool sig_default_ignored(int sig)
{
	return SIG_DEFAULT_IGNORE & sigmask(sig);
}

bool sig_ignored(struct task *t, int sig)
{
	unsigned long handler = t->sig.action[sig - 1].handler;

	if (sig == SIGKILL)
		return false;
	return handler == SIG_IGN || (handler == SIG_DFL && sig_default_ignored(sig));
}

static void recalc_sigpending(struct task *t)
{
	if (t->sig.pending & ~t->sig.blocked)
		set_task_flag(t, TIF_SIGPENDING);
	else
		clear_task_flag(t, TIF_SIGPENDING);
}

void send_signal(struct task *t, int sig)
{
	if (sig_ignored(t, sig))
		return;
	t->sig.pending |= sigmask(sig);
	recalc_sigpending(t);
}

/*
 * A synchronous fault: returning to the faulting instruction without handling
 * it would fault forever, so a blocked or ignored signal reverts to the default.
 */
void force_sig_fault(int sig, unsigned long addr)
{
	struct task *t = current;
	struct k_sigaction *ka = &t->sig.action[sig - 1];

	if ((t->sig.blocked & sigmask(sig)) || ka->handler == SIG_IGN) {
		ka->handler = SIG_DFL;
		t->sig.blocked &= ~sigmask(sig);
	}
	t->fault_addr = addr;
	t->sig.pending |= sigmask(sig);
	recalc_sigpending(t);
}

/* Lowest-numbered pending, unblocked signal, removed from the pending set. */
static int dequeue_signal(struct task *t)
{
	sigset_t ready = t->sig.pending & ~t->sig.blocked;
	int sig;

	if (!ready)
		return 0;
	sig = __builtin_ctzl(ready) + 1;
	t->sig.pending &= ~sigmask(sig);
	recalc_sigpending(t);
	return sig;
}

/**
 * do_signal - act on the pending signals of the current task
 * @regs: the user registers the task will return with
 *
 * Called from the exit work loop with IRQs on. Default actions only: every
 * signal that reaches here (ignored ones never do) terminates the task.
 */
void do_signal(struct pt_regs *regs)
{
	int sig = dequeue_signal(current);

	if (sig)
		do_exit(0, sig);
}
