// SPDX-License-Identifier: GPL-2.0
/*
 * ptrace(2): the tracer's requests, and the tracee's stops (include/ptrace.h).
 *
 * Attaching: PTRACE_TRACEME makes the parent the tracer; PTRACE_ATTACH and
 * PTRACE_SEIZE make the caller the tracer of another process's thread, ATTACH
 * with a SIGSTOP that stops it at once. Every other request needs a tracee that
 * is stopped for this tracer: it sleeps in ptrace_stop(), off every CPU, so its
 * pt_regs, FPU image, segments and debug registers sit in memory untouched
 * until a resuming request (CONT, SYSCALL, SYSEMU, SINGLESTEP, DETACH) wakes it
 * with the signal to deliver.
 *
 * Left out of Linux's: the fork, exec, clone and exit events (their PTRACE_O_TRACE*
 * options are refused; TRACESECCOMP's stop is kernel/seccomp/seccomp.c's),
 * PTRACE_LISTEN and group-stop (entrylab has no job control: SIGSTOP stops only
 * a traced task), and the tracee's exit is reported to its parent alone: a
 * tracer that is not the parent sees it vanish (-ECHILD). As on Linux, a traced
 * task is sent the signals it ignores too, so that its tracer sees them;
 * do_signal() drops them after the tracer's word.
 */
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <capability.h>
#include <compat.h>
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <ptrace.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <syscalls.h>
#include <user_namespace.h>
#include <wait.h>

#define PTRACE_O_SUPPORTED	(PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACESECCOMP | \
				 PTRACE_O_EXITKILL | PTRACE_O_SUSPEND_SECCOMP)

/*
 * Options a tracer may set (SETOPTIONS, SEIZE): 0, -EINVAL for one unknown, or
 * -EPERM for PTRACE_O_SUSPEND_SECCOMP unless the tracer has CAP_SYS_ADMIN and
 * is neither confined by seccomp nor exempt from it as a tracee itself, as
 * Linux's ptrace_setoptions() rules.
 */
static long ptrace_check_options(unsigned long options)
{
	if (options & ~PTRACE_O_SUPPORTED)
		return -EINVAL;
	if ((options & PTRACE_O_SUSPEND_SECCOMP) &&
	    (!capable(CAP_SYS_ADMIN) || current->seccomp_mode != SECCOMP_MODE_DISABLED ||
	     (READ_ONCE(current->ptrace.options) & PTRACE_O_SUSPEND_SECCOMP)))
		return -EPERM;
	return 0;
}

/**
 * ptrace_stop - stop current for its tracer until it resumes us
 * @code: what the tracer's wait reports (WSTOPSIG and the event above it)
 * @signo: the stop's signal, for PTRACE_GETSIGINFO
 * @info: its siginfo
 * @message: what PTRACE_GETEVENTMSG reads during the stop
 * @untraced: what to return when there is no tracer (anymore)
 *
 * IRQs on, no lock held. Returns the signal the tracer resumed us with (0:
 * none), or 0 when a SIGKILL ended the stop. The tracer learns of the stop from
 * its wait and from SIGCHLD (CLD_TRAPPED), as on Linux.
 */
static int ptrace_stop(int code, int signo, const struct ksiginfo *info, unsigned long message,
		       int untraced)
{
	struct task *t = current;
	struct ptrace_state *pt = &t->ptrace;
	struct ksiginfo chld = { .code = CLD_TRAPPED, .status = code & 0x7f };
	unsigned long flags;
	int resume;

	tasklist_lock(&flags);
	if (!pt->tracer || fatal_signal_pending(t)) {
		tasklist_unlock(flags);
		return untraced;
	}
	pt->code = code;
	pt->signo = signo;
	pt->info = *info;
	pt->message = message;
	pt->reported = false;
	pt->stopped = true;
	chld.pid = task_pid_nr_ns(t, task_pid_ns(pt->tracer));
	send_signal(pt->tracer, SIGCHLD, &chld, true);
	wake_up_locked(pt->tracer->signal);	/* its wait4(), asleep in do_wait() */
	tasklist_unlock(flags);

	/*
	 * TASK_TRACED: no other signal wakes us, so we stay off every CPU while the
	 * tracer reads and writes our state (a woken tracee would switch in and out,
	 * saving its FPU and segments back over the tracer's writes). The tracer's
	 * resume ends the stop; SIGKILL too, unless a request holds our state.
	 */
	for (;;) {
		prepare_to_stop_traced(pt);
		if (!READ_ONCE(pt->stopped) || (fatal_signal_pending(t) && !READ_ONCE(pt->frozen)))
			break;
		schedule();
	}
	finish_sleep();

	tasklist_lock(&flags);
	resume = pt->stopped ? 0 : pt->code;
	pt->stopped = false;
	pt->signo = 0;
	/* The tracer changed our syscall work; a switch copies it, but we may not have switched. */
	syscall_work_load_this_cpu(t);
	tasklist_unlock(flags);
	return resume;
}

/* sched_lock held: the tracer let go of t, which runs on with sig (0: none). */
static void ptrace_release_locked(struct task *t, int sig)
{
	struct ptrace_state *pt = &t->ptrace;

	clear_syscall_work(t, SYSCALL_WORK_SYSCALL_TRACE);
	clear_syscall_work(t, SYSCALL_WORK_SYSCALL_EMU);
	clear_syscall_work(t, SYSCALL_WORK_SYSCALL_EXIT_TRAP);
	if (pt->forced_tf)
		t->regs->flags &= ~X86_EFLAGS_TF;
	*pt = (struct ptrace_state){ .code = sig };	/* stopped is false: it may go */
	wake_up_traced_locked(t);
}

int ptrace_signal(int sig, struct ksiginfo *info)
{
	struct task *t = current;
	unsigned long flags;
	int new = ptrace_stop(sig, sig, info, 0, sig);

	if (!new || new == sig)
		return new;
	/* The tracer chose another signal: it is from the tracer now, as on Linux. */
	*info = (struct ksiginfo){ .code = SI_USER };
	if (!(t->sig.blocked & sigmask(new)))
		return new;
	tasklist_lock(&flags);
	send_signal(t, new, info, false);	/* blocked: pending until unblocked */
	tasklist_unlock(flags);
	return 0;
}

void ptrace_interrupt_stop(void)
{
	struct ksiginfo info = { .code = SIGTRAP | PTRACE_EVENT_STOP << 8, .pid = current->pid };

	WRITE_ONCE(current->ptrace.interrupt, false);
	ptrace_stop(SIGTRAP | PTRACE_EVENT_STOP << 8, SIGTRAP, &info, 0, 0);
}

/*
 * A stop that is no signal's, code SIGTRAP and more, its siginfo naming the
 * stopped thread (Linux's ptrace_do_notify()): a signal to resume with is sent.
 */
static void ptrace_notify(int code, unsigned long message)
{
	struct task *t = current;
	struct ksiginfo info = { .code = code, .pid = t->pid };
	unsigned long flags;
	int sig = ptrace_stop(code, SIGTRAP, &info, message, 0);

	if (!sig)
		return;
	info = (struct ksiginfo){ .code = SI_KERNEL };
	tasklist_lock(&flags);
	send_signal(t, sig, &info, false);
	tasklist_unlock(flags);
}

/* A syscall stop: SIGTRAP, with 0x80 under TRACESYSGOOD, the message saying entry or exit. */
static void ptrace_report_syscall(unsigned long message)
{
	ptrace_notify(SIGTRAP | (current->ptrace.options & PTRACE_O_TRACESYSGOOD ? 0x80 : 0),
		      message);
}

bool ptrace_report_syscall_entry(struct pt_regs *regs)
{
	ptrace_report_syscall(PTRACE_EVENTMSG_SYSCALL_ENTRY);
	return fatal_signal_pending(current);
}

void ptrace_report_syscall_exit(struct pt_regs *regs)
{
	ptrace_report_syscall(PTRACE_EVENTMSG_SYSCALL_EXIT);
}

bool ptrace_event_enabled(int event)
{
	return READ_ONCE(current->ptrace.tracer) &&
	       (READ_ONCE(current->ptrace.options) & BIT(event));
}

bool ptrace_event(int event, unsigned long message)
{
	ptrace_notify(SIGTRAP | event << 8, message);
	return fatal_signal_pending(current);
}

void exit_ptrace_locked(struct task *t)
{
	struct ksiginfo kill = { .code = SI_KERNEL };
	struct task *c;
	unsigned int i;

	for_each_task(c, i) {
		if (c->ptrace.tracer != t)
			continue;
		if (c->state == TASK_ZOMBIE) {
			release_exited_tracee_locked(c);	/* its exit, never reaped */
			continue;
		}
		if (c->ptrace.options & PTRACE_O_EXITKILL)
			send_signal(c, SIGKILL, &kill, true);
		ptrace_release_locked(c, 0);
	}
	if (t->ptrace.tracer) {
		struct task *tracer = t->ptrace.tracer;

		/* Kept, exit_notify() tells the tracer; dropped, its wait may now say -ECHILD. */
		t->ptrace = (struct ptrace_state){ .tracer = tracer_reaps_exit(t) ? tracer : NULL };
		if (!t->ptrace.tracer)
			wake_up_locked(tracer->signal);
	}
}

/*
 * sched_lock held: may tracer trace t, as far as capabilities go? Linux's
 * cap_ptrace_access_check() and cap_ptrace_traceme() with real credentials: in
 * the same user namespace, when t's permitted set is within the tracer's; else
 * with CAP_SYS_PTRACE in t's namespace. (Linux's uid rule before it passes for
 * every pair here: every task is uid 0; entrylab has no non-dumpable mm.)
 */
static bool ptrace_caps_allow(const struct task *tracer, const struct task *t)
{
	if (tracer->signal->user_ns == t->signal->user_ns &&
	    !(t->caps.permitted & ~tracer->caps.permitted))
		return true;
	return has_ns_capability(tracer, t->signal->user_ns, CAP_SYS_PTRACE);
}

bool ptrace_may_access_locked(const struct task *t)
{
	return t->signal == current->signal || ptrace_caps_allow(current, t);
}

/*
 * PTRACE_TRACEME: the tracer is the thread that forked us, as Linux's
 * real_parent, not its process's leader: that thread's wait sees our stops,
 * and its exit lets us go (exit_ptrace_locked()).
 */
static long ptrace_traceme(void)
{
	struct task *t = current, *parent;
	unsigned long flags;
	long ret = 0;

	tasklist_lock(&flags);
	parent = t->real_parent;
	if (t->ptrace.tracer || !parent || !ptrace_caps_allow(parent, t))
		ret = -EPERM;		/* traced already, started by the kernel, or refused */
	else if (!parent->exiting)	/* else it let its tracees go already: as if at once */
		t->ptrace.tracer = parent;
	tasklist_unlock(flags);
	return ret;
}

static long ptrace_attach(int pid, bool seize, unsigned long addr, unsigned long options)
{
	struct ksiginfo stop = { .code = SI_USER, .pid = current->tgid };
	unsigned long flags;
	struct task *t;
	long ret = 0;

	if (seize && addr)
		return -EINVAL;
	if (seize && (ret = ptrace_check_options(options)))
		return ret;
	tasklist_lock(&flags);
	t = find_task_by_vpid_locked(pid);
	if (!t)
		ret = -ESRCH;
	else if (t->signal == current->signal || t->ptrace.tracer || !process_alive(t) ||
		 !ptrace_may_access_locked(t))
		ret = -EPERM;		/* ourselves, traced already, dying, or not ours to trace */
	else
		stop.pid = task_tgid_nr_ns(current, task_pid_ns(t));
	if (!ret) {
		t->ptrace = (struct ptrace_state){ .tracer = current, .seized = seize,
						   .options = seize ? options : 0 };
		if (!seize)
			send_signal(t, SIGSTOP, &stop, false);
	}
	tasklist_unlock(flags);
	return ret;
}

/* sched_lock held: the thread pid if we trace it, else NULL. */
static struct task *find_tracee_locked(int pid)
{
	struct task *t = find_task_by_vpid_locked(pid);

	if (!t || !t->ptrace.tracer || t->ptrace.tracer->group_leader != current->group_leader)
		return NULL;
	return t;
}

/*
 * The tracee pid, traced by us and stopped, frozen in its stop so that a SIGKILL
 * cannot end it under the request: ptrace_unfreeze() after, unless the request
 * resumed it.
 */
static struct task *ptrace_get_stopped_tracee(int pid)
{
	unsigned long flags;
	struct task *t;

	tasklist_lock(&flags);
	t = find_tracee_locked(pid);
	if (t && !t->ptrace.stopped)
		t = NULL;
	if (t)
		t->ptrace.frozen = true;
	tasklist_unlock(flags);
	/* A stop just made may still be on its way off its CPU: its registers are not ours yet. */
	while (t && READ_ONCE(t->on_cpu) >= 0)
		cpu_relax();
	return t;
}

static void ptrace_unfreeze(struct task *t)
{
	unsigned long flags;

	tasklist_lock(&flags);
	if (t->ptrace.frozen) {
		t->ptrace.frozen = false;
		/*
		 * Only for a SIGKILL that came meanwhile: a tracee woken for nothing
		 * would run its switch in and out, which loads and saves back what
		 * the tracer wrote (a selector that names no segment comes back null).
		 */
		if (fatal_signal_pending(t))
			wake_up_traced_locked(t);
	}
	tasklist_unlock(flags);
}

static bool is_resume_request(long request)
{
	return request == PTRACE_CONT || request == PTRACE_SYSCALL || request == PTRACE_SYSEMU ||
	       request == PTRACE_SINGLESTEP || request == PTRACE_DETACH;
}

static long ptrace_resume(struct task *t, long request, unsigned long data)
{
	struct ptrace_state *pt = &t->ptrace;
	unsigned long flags;

	if (data > _NSIG)
		return -EIO;
	/*
	 * What the next syscalls stop for, and the exit of the one stopped in at its
	 * entry, if any: its exit work reads the word again (entry/work.c), so it has
	 * an exit stop only under PTRACE_SYSCALL, and a step reported at its exit
	 * under PTRACE_SINGLESTEP. Whether it runs at all was decided at the entry.
	 */
	assign_syscall_work(t, SYSCALL_WORK_SYSCALL_TRACE, request == PTRACE_SYSCALL);
	assign_syscall_work(t, SYSCALL_WORK_SYSCALL_EMU, request == PTRACE_SYSEMU);
	assign_syscall_work(t, SYSCALL_WORK_SYSCALL_EXIT_TRAP, request == PTRACE_SINGLESTEP);
	if (request == PTRACE_SINGLESTEP && !(t->regs->flags & X86_EFLAGS_TF)) {
		t->regs->flags |= X86_EFLAGS_TF;
		pt->forced_tf = true;
	} else if (request != PTRACE_SINGLESTEP && pt->forced_tf) {
		t->regs->flags &= ~X86_EFLAGS_TF;
		pt->forced_tf = false;
	}
	tasklist_lock(&flags);
	if (request == PTRACE_DETACH) {
		ptrace_release_locked(t, data);
	} else {
		pt->code = data;
		pt->stopped = false;
		pt->frozen = false;
		wake_up_traced_locked(t);
	}
	tasklist_unlock(flags);
	return 0;
}

/*
 * sched_lock held. PTRACE_INTERRUPT: a seized tracee stops at its next return to
 * user mode, woken for it if asleep; PTRACE_KILL: it gets a SIGKILL. Neither
 * needs it stopped.
 */
static long ptrace_interrupt_or_kill_locked(struct task *t, long request)
{
	struct ksiginfo kill = { .code = SI_KERNEL };
	unsigned long flags;

	if (request == PTRACE_KILL) {
		send_signal(t, SIGKILL, &kill, true);
		return 0;
	}
	if (!t->ptrace.seized)
		return -EIO;
	spin_lock_irqsave(&t->sighand->lock, flags);
	t->ptrace.interrupt = true;
	recalc_sigpending(t);
	signal_wake_up_locked(t);
	spin_unlock_irqrestore(&t->sighand->lock, flags);
	return 0;
}

/* A word of the tracee's memory: the tracer's word, 32 bits for an i386 tracer. */
static long ptrace_peek_poke_data(struct task *t, long request, unsigned long addr,
				  unsigned long data)
{
	size_t size = in_ia32_syscall() ? sizeof(u32) : sizeof(long);
	unsigned long word = 0;

	if (request == PTRACE_POKETEXT || request == PTRACE_POKEDATA)
		return access_remote_vm(t->mm, addr, &data, size, FOLL_WRITE | FOLL_FORCE) ?
		       -EIO : 0;
	if (access_remote_vm(t->mm, addr, &word, size, FOLL_FORCE))
		return -EIO;
	return copy_to_user((void __user *)data, &word, size) ? -EFAULT : 0;
}

/* The stop's siginfo, in the tracer's layout. */
static long ptrace_getsiginfo(struct task *t, unsigned long data)
{
	if (!t->ptrace.signo)
		return -EINVAL;
	return put_siginfo((void __user *)data, t->ptrace.signo, &t->ptrace.info);
}

/*
 * PTRACE_PEEKSIGINFO: copies up to args.nr pending siginfos of t, from the
 * args.off-th on, to data, in the tracer's layout (an i386 tracer's is i386's,
 * of the same size); how many, or -EFAULT if the first cannot be written. A
 * part written before a fault counts (Linux's rule).
 */
static long ptrace_peeksiginfo(struct task *t, unsigned long addr, unsigned long data)
{
	struct kernel_siginfo __user *out = (struct kernel_siginfo __user *)data;
	struct ptrace_peeksiginfo_args args;
	struct ksiginfo info;
	int i, sig;

	_Static_assert(sizeof(struct compat_siginfo) == sizeof(*out), "one stride for both");
	if (copy_from_user(&args, (const void __user *)addr, sizeof(args)))
		return -EFAULT;
	if ((args.flags & ~PTRACE_PEEKSIGINFO_SHARED) || args.nr < 0)
		return -EINVAL;
	for (i = 0; i < args.nr; i++) {
		sig = peek_pending_signal(t, args.flags & PTRACE_PEEKSIGINFO_SHARED, args.off + i,
					  &info);
		if (!sig)
			break;
		if (put_siginfo(&out[i], sig, &info))
			return i ? i : -EFAULT;
	}
	return i;
}

/* The requests on a tracee that is stopped (all but KILL and INTERRUPT). */
static long ptrace_request(struct task *t, long request, unsigned long addr, unsigned long data)
{
	switch (request) {
	case PTRACE_PEEKTEXT:
	case PTRACE_PEEKDATA:
	case PTRACE_POKETEXT:
	case PTRACE_POKEDATA:
		return ptrace_peek_poke_data(t, request, addr, data);
	case PTRACE_CONT:
	case PTRACE_SYSCALL:
	case PTRACE_SYSEMU:
	case PTRACE_SINGLESTEP:
	case PTRACE_DETACH:
		return ptrace_resume(t, request, data);
	case PTRACE_SETOPTIONS: {
		long ret = ptrace_check_options(data);

		if (!ret)
			t->ptrace.options = data;
		return ret;
	}
	case PTRACE_GETSIGINFO:
		return ptrace_getsiginfo(t, data);
	case PTRACE_PEEKSIGINFO:
		return ptrace_peeksiginfo(t, addr, data);
	case PTRACE_SECCOMP_GET_FILTER:
		return seccomp_get_filter(t, addr, (void __user *)data);
	case PTRACE_SECCOMP_GET_METADATA:
		return seccomp_get_metadata(t, addr, (void __user *)data);
	default:
		return ptrace_syscall_request(t, request, addr, data);
	}
}

/**
 * sys_ptrace - ptrace(request, pid, addr, data)
 *
 * The raw call, not glibc's wrapper: PEEK requests store the word at data and
 * return 0.
 */
long sys_ptrace(struct pt_regs *regs)
{
	long request = regs->di, ret = -ESRCH;
	int pid = (int)regs->si;
	unsigned long addr = regs->dx, data = regs->r10, flags;
	struct task *t;

	switch (request) {
	case PTRACE_TRACEME:
		return ptrace_traceme();
	case PTRACE_ATTACH:
	case PTRACE_SEIZE:
		return ptrace_attach(pid, request == PTRACE_SEIZE, addr, data);
	case PTRACE_KILL:
	case PTRACE_INTERRUPT:
		tasklist_lock(&flags);
		t = find_tracee_locked(pid);
		if (t)
			ret = ptrace_interrupt_or_kill_locked(t, request);
		tasklist_unlock(flags);
		return ret;
	}
	t = ptrace_get_stopped_tracee(pid);
	if (!t)
		return -ESRCH;
	ret = ptrace_request(t, request, addr, data);
	if (ret || !is_resume_request(request))
		ptrace_unfreeze(t);	/* not after a resume: it may be gone already */
	return ret;
}
