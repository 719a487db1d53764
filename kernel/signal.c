// SPDX-License-Identifier: GPL-2.0
/*
 * Signals: sending, the signal syscalls, and delivery by the exit-work loop.
 *
 * A signal whose action is "ignore" is discarded when it is sent, so it never
 * makes the return path slow: kill(getpid(), SIGWINCH) costs one syscall and no
 * exit work. Any other signal is marked pending with its siginfo; if it is not
 * blocked, TIF_SIGPENDING sends the next return to user mode through
 * do_signal(), which either runs the default action or builds a handler frame
 * (arch/x86/signal.c). Standard and real-time signals alike are kept once each:
 * a second instance sent while one is pending is merged into it. Stop signals
 * have no job control to serve yet and are treated as ignored.
 */
#include <asm/ptrace.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <smp.h>
#include <string.h>
#include <syscalls.h>

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
#define SIG_UNBLOCKABLE	(sigmask(SIGKILL) | sigmask(SIGSTOP))

static bool sig_default_ignored(int sig)
{
	return SIG_DEFAULT_IGNORE & sigmask(sig);
}

bool sig_ignored(struct task *t, int sig)
{
	unsigned long handler = t->sig.sighand->action[sig - 1].handler;

	if (sig == SIGKILL)
		return false;
	return handler == SIG_IGN || (handler == SIG_DFL && sig_default_ignored(sig));
}

/* t->sig.lock held. */
void recalc_sigpending(struct task *t)
{
	if (t->sig.pending & ~t->sig.blocked)
		set_tsk_thread_flag(t, TIF_SIGPENDING);
	else
		clear_tsk_thread_flag(t, TIF_SIGPENDING);
}

/*
 * A task running on another CPU only looks at its flags when it enters the
 * kernel: a reschedule IPI makes it enter now (Linux's kick_process()).
 */
static void signal_wake_up(struct task *t)
{
	int cpu = READ_ONCE(t->on_cpu);

	if (cpu >= 0 && (unsigned int)cpu != smp_processor_id())
		smp_send_reschedule(cpu);
}

void send_signal(struct task *t, int sig, int code, int sender)
{
	unsigned long flags;

	if (sig_ignored(t, sig))
		return;		/* the common benchmark case: nothing to store */
	spin_lock_irqsave(&t->sig.lock, flags);
	if (!(t->sig.pending & sigmask(sig)))
		t->sig.info[sig - 1] = (struct ksiginfo){ .code = code, .pid = sender };
	t->sig.pending |= sigmask(sig);
	recalc_sigpending(t);
	spin_unlock_irqrestore(&t->sig.lock, flags);
	signal_wake_up(t);
}

/*
 * A synchronous fault: returning to the faulting instruction without handling
 * it would fault forever, so a blocked or ignored signal reverts to the default.
 */
void force_sig_fault(int sig, int code, unsigned long addr, unsigned long trapno,
		     unsigned long err)
{
	struct task *t = current;
	struct kernel_sigaction *ka = &t->sig.sighand->action[sig - 1];
	struct ksiginfo info = { .code = code, .addr = addr, .trapno = trapno, .err = err };
	unsigned long flags;

	spin_lock_irqsave(&t->sig.lock, flags);
	if ((t->sig.blocked & sigmask(sig)) || ka->handler == SIG_IGN) {
		ka->handler = SIG_DFL;
		t->sig.blocked &= ~sigmask(sig);
	}
	t->fault_addr = addr;
	t->sig.info[sig - 1] = info;
	t->sig.pending |= sigmask(sig);
	recalc_sigpending(t);
	spin_unlock_irqrestore(&t->sig.lock, flags);
}

/* Lowest-numbered pending, unblocked signal, removed from the pending set. */
static int dequeue_signal(struct task *t, struct ksiginfo *info)
{
	unsigned long flags;
	sigset_t ready;
	int sig = 0;

	spin_lock_irqsave(&t->sig.lock, flags);
	ready = t->sig.pending & ~t->sig.blocked;
	if (ready) {
		sig = __builtin_ctzl(ready) + 1;
		t->sig.pending &= ~sigmask(sig);
		*info = t->sig.info[sig - 1];
		recalc_sigpending(t);
	}
	spin_unlock_irqrestore(&t->sig.lock, flags);
	return sig;
}

/* The task's own change of its blocked mask, under the lock senders take. */
void set_blocked(struct task *t, sigset_t blocked)
{
	unsigned long flags;

	spin_lock_irqsave(&t->sig.lock, flags);
	t->sig.blocked = blocked & ~SIG_UNBLOCKABLE;
	recalc_sigpending(t);	/* an unblocked signal is delivered on return */
	spin_unlock_irqrestore(&t->sig.lock, flags);
}

/**
 * do_signal - deliver one pending signal of the current task
 * @regs: the user registers the task will return with
 *
 * Called from the exit work loop with IRQs on; the loop calls again while
 * signals remain, so several pending signals nest their frames as on Linux.
 * A handler gets a frame on the user stack (or its alternate stack); without a
 * handler the default action terminates the task. A frame that cannot be
 * written kills the task with SIGSEGV.
 */
void do_signal(struct pt_regs *regs)
{
	struct task *t = current;
	struct kernel_sigaction ka;
	struct ksiginfo info;
	int sig = dequeue_signal(t, &info);

	if (!sig)
		return;
	ka = t->sig.sighand->action[sig - 1];
	if (ka.handler == SIG_IGN || (ka.handler == SIG_DFL && sig_default_ignored(sig)))
		return;		/* became ignored while pending */
	if (ka.handler == SIG_DFL)
		do_exit(0, sig);

	if (!setup_rt_frame(regs, sig, &info, &ka, t->sig.blocked)) {
		t->fault_addr = regs->sp;
		do_exit(0, SIGSEGV);
	}
	if (ka.flags & SA_RESETHAND)
		t->sig.sighand->action[sig - 1].handler = SIG_DFL;
	set_blocked(t, t->sig.blocked | ka.mask | (ka.flags & SA_NODEFER ? 0 : sigmask(sig)));
}

long sys_rt_sigaction(struct pt_regs *regs)
{
	int sig = (int)regs->di;
	const struct kernel_sigaction __user *act = (const void __user *)regs->si;
	struct kernel_sigaction __user *oact = (void __user *)regs->dx;
	struct kernel_sigaction *ka, new;

	if (regs->r10 != sizeof(sigset_t) || sig < 1 || sig > _NSIG)
		return -EINVAL;
	if (act && (sig == SIGKILL || sig == SIGSTOP))
		return -EINVAL;
	if (act && copy_from_user(&new, act, sizeof(new)))
		return -EFAULT;
	ka = &current->sig.sighand->action[sig - 1];
	if (oact && copy_to_user(oact, ka, sizeof(*ka)))
		return -EFAULT;
	if (act) {
		unsigned long flags;

		new.mask &= ~SIG_UNBLOCKABLE;
		spin_lock_irqsave(&current->sig.lock, flags);
		*ka = new;
		/* POSIX: setting "ignore" discards a pending instance. */
		if (sig_ignored(current, sig)) {
			current->sig.pending &= ~sigmask(sig);
			recalc_sigpending(current);
		}
		spin_unlock_irqrestore(&current->sig.lock, flags);
	}
	return 0;
}

long sys_rt_sigprocmask(struct pt_regs *regs)
{
	const sigset_t __user *uset = (const void __user *)regs->si;
	sigset_t __user *uold = (void __user *)regs->dx;
	sigset_t set, old = current->sig.blocked;

	if (regs->r10 != sizeof(sigset_t))
		return -EINVAL;
	if (uset) {
		if (copy_from_user(&set, uset, sizeof(set)))
			return -EFAULT;
		switch (regs->di) {
		case SIG_BLOCK:
			set = old | set;
			break;
		case SIG_UNBLOCK:
			set = old & ~set;
			break;
		case SIG_SETMASK:
			break;
		default:
			return -EINVAL;
		}
	}
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	if (uset)
		set_blocked(current, set);
	return 0;
}

/* The pending signals that are blocked: the ones waiting for an unblock. */
long sys_rt_sigpending(struct pt_regs *regs)
{
	sigset_t set = current->sig.pending & current->sig.blocked;

	if (regs->si > sizeof(sigset_t))
		return -EINVAL;
	if (copy_to_user((void __user *)regs->di, &set, regs->si))
		return -EFAULT;
	return 0;
}

int do_sigaltstack(const kernel_stack_t *ss, kernel_stack_t *old, unsigned long sp)
{
	struct task *t = current;

	if (old) {
		*old = t->sig.altstack;
		if (on_sig_stack(t, sp))
			old->ss_flags = SS_ONSTACK;
	}
	if (!ss)
		return 0;
	if (on_sig_stack(t, sp))
		return -EPERM;		/* cannot change the stack we are running on */
	if (ss->ss_flags & ~(SS_DISABLE | SS_ONSTACK))
		return -EINVAL;
	if (ss->ss_flags & SS_DISABLE) {
		t->sig.altstack = (kernel_stack_t){ .ss_flags = SS_DISABLE };
		return 0;
	}
	if (ss->ss_size < MINSIGSTKSZ)
		return -ENOMEM;
	t->sig.altstack = (kernel_stack_t){ .ss_sp = ss->ss_sp, .ss_size = ss->ss_size };
	return 0;
}

long sys_sigaltstack(struct pt_regs *regs)
{
	const kernel_stack_t __user *uss = (const void __user *)regs->di;
	kernel_stack_t __user *uold = (void __user *)regs->si;
	kernel_stack_t ss, old;
	int ret;

	if (uss && copy_from_user(&ss, uss, sizeof(ss)))
		return -EFAULT;
	ret = do_sigaltstack(uss ? &ss : NULL, &old, regs->sp);
	if (!ret && uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return ret;
}
