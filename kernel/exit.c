// SPDX-License-Identifier: GPL-2.0
/*
 * Ending threads and processes, and waiting for them.
 *
 * A thread exits with exit(); exit_group() and a fatal signal end every thread
 * of the process (do_group_exit() sends each a SIGKILL). Each exiting thread
 * gives up its address space (waking a vfork parent and a pthread_join() on its
 * way) and then its CPU for good. When the last thread of a process is gone, the
 * process is over: its children go to init (or, init gone, to nobody), and its
 * first thread, the group leader, becomes a zombie carrying the wait status
 * until the parent reaps it with wait4() or waitid() (SIGCHLD tells the parent).
 * A parent that ignores SIGCHLD never sees zombies: they are freed at once, as
 * on Linux. Threads other than the leader are never waited for: they are DEAD
 * on exit and freed by the next reap_dead_tasks().
 */
#include <asm/mmu_context.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <cputime.h>
#include <errno.h>
#include <file.h>
#include <futex.h>
#include <kernel.h>
#include <mm.h>
#include <resource.h>
#include <rseq.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <wait.h>

void mm_release(struct task *t, struct mm *mm)
{
	if (t->clear_child_tid) {
		int zero = 0;

		if (!copy_to_user(t->clear_child_tid, &zero, sizeof(zero)))
			futex_wake(mm, (unsigned long)t->clear_child_tid, false, 1,
				   FUTEX_BITSET_MATCH_ANY);
		t->clear_child_tid = NULL;
	}
	if (t->vfork_done) {
		WRITE_ONCE(*t->vfork_done, true);
		wake_up(t->vfork_done);
		t->vfork_done = NULL;		/* the parent's stack: gone once it runs */
	}
}

/*
 * The thread is done with its address space: tell whoever waits for that, then
 * drop it. CR3 moves to the kernel's tables first: the last user frees the
 * tables CR3 points to.
 */
static void exit_mm(struct task *t)
{
	struct mm *mm = t->mm;
	unsigned long flags;

	rseq_mm_release(t);
	mm_release(t, mm);
	/* process_vm_readv() takes a reference to t->mm under the lock: not to a freed one. */
	tasklist_lock(&flags);
	switch_mm_irqoff(NULL);		/* the mm's tables and LDT may be freed next */
	t->mm = NULL;
	tasklist_unlock(flags);
	mm_put(mm);
}

/* sched_lock held: p's process parent, if it reaps zombies (it does not ignore SIGCHLD). */
static bool parent_waits(const struct task *p)
{
	const struct kernel_sigaction *ka;

	if (!p->parent)
		return p->kernel_reaps;
	ka = &p->parent->sighand->action[SIGCHLD - 1];
	return ka->handler != SIG_IGN && !(ka->flags & SA_NOCLDWAIT);
}

/*
 * sched_lock held: t's exit told to the process of to, with sig (0: none). The
 * SIGCHLD carries the user and system time of t's process (of t alone, for a
 * thread), as Linux's do_notify_parent() (waited-for children's are not in it).
 */
static void notify_exit(struct task *t, struct task *to, int sig)
{
	int code = t->exit_code;
	struct task_cputime ct;
	struct ksiginfo info = {
		.code = WTERMSIG(code) ? CLD_KILLED : CLD_EXITED,
		.pid = task_pid_nr_ns(t, task_pid_ns(to)),	/* as the receiver's namespace
								 * numbers it */
		.status = WTERMSIG(code) ? WTERMSIG(code) : WEXITSTATUS(code),
	};

	task_cputime(t, thread_group_leader(t), &ct);
	info.chld.utime = ns_to_clock_t(ct.utime);
	info.chld.stime = ns_to_clock_t(ct.stime);
	if (sig && process_alive(to))
		send_signal(to, sig, &info, true);
	/* A waiter wakes either way: with no zombie left, its wait4() says -ECHILD. */
	wake_up_locked(to->signal);
}

/* sched_lock held: leader's process is over; tell its parent, or free it. */
static void notify_parent(struct task *leader)
{
	leader->state = parent_waits(leader) ? TASK_ZOMBIE : TASK_DEAD;
	pid_ns_task_gone_locked(leader);
	if (!leader->parent)
		return;		/* the kernel polls (task_run_to_exit()) */
	notify_exit(leader, leader->parent,
		    leader->state == TASK_ZOMBIE ? leader->exit_signal : 0);
}

/*
 * Does t's tracer reap t's exit before anyone else (Linux's ptrace_reparented())?
 * A traced thread's exit is always its tracer's; a process's only when the tracer
 * is not its parent, which would be told once either way.
 */
bool tracer_reaps_exit(const struct task *t)
{
	return !thread_group_leader(t) || t->parent != t->ptrace.tracer->group_leader;
}

void release_exited_tracee_locked(struct task *c)
{
	c->ptrace.tracer = NULL;
	if (!thread_group_leader(c)) {
		c->state = TASK_DEAD;
		pid_ns_task_gone_locked(c);
	} else if (!c->signal->live) {
		notify_parent(c);
	}
	/* else a leader whose threads live on: the last one's exit tells the parent */
}

/*
 * sched_lock held: the whole process ends with code. Every other thread gets a
 * SIGKILL, which it acts on at its next return to user mode (woken if asleep).
 * The first caller's code wins, and so does its place for the exit report when
 * it is a thread of the process ending itself; the kernel ending orphans at the
 * end of a run (kill_orphans()) has no user registers, and reports none.
 */
static void zap_process_locked(struct task *p, int code)
{
	struct signal_struct *sig = p->signal;
	struct ksiginfo info = { .code = SI_KERNEL };

	if (sig->group_exit)
		return;
	sig->group_exit = true;
	sig->group_exit_code = code;
	if (current->signal == sig) {
		p->group_leader->exit_ip = current->regs->ip;
		p->group_leader->fault_addr = current->fault_addr;
	}
	send_signal(p, SIGKILL, &info, true);
}

/*
 * sched_lock held: the children of a process that is over go to the init of
 * its pid namespace, or to nobody if that init is over: the run is ending (or
 * the namespace is, and none is left), and they are killed now, not when the
 * kernel's end-of-run loop gets the CPU (kill_orphans()), which a child
 * spinning in user mode would keep from it. A child already a zombie is
 * announced to its new parent, or freed.
 */
static void forget_original_parent(struct task *leader)
{
	struct task *init = find_process_by_pid_ns_locked(1, task_pid_ns(leader)), *c;
	unsigned int i;

	if (init == leader || (init && !process_alive(init)))
		init = NULL;
	for_each_task(c, i) {
		if (c->real_parent && c->real_parent->signal == leader->signal)
			c->real_parent = init;
		if (c->parent != leader || !thread_group_leader(c))
			continue;
		c->parent = init;
		if (c->state == TASK_ZOMBIE && !c->signal->live && !c->ptrace.tracer)
			notify_parent(c);
		else if (!init && process_alive(c))
			zap_process_locked(c, W_EXITCODE(0, SIGKILL));
	}
}

/*
 * sched_lock held: t is exiting. The tasks it forked, and their threads, get
 * another thread of its process that is not exiting as the one that forked
 * them (Linux's find_alive_thread()); with none, the leader, which stays until
 * forget_original_parent() gives them the new parent.
 */
static void forget_forking_thread_locked(struct task *t)
{
	struct task *heir = t->group_leader, *c;
	unsigned int i;

	for_each_task(c, i) {
		if (c->signal == t->signal && !c->exiting) {
			heir = c;
			break;
		}
	}
	for_each_task(c, i)
		if (c->real_parent == t)
			c->real_parent = heir;
}

/* sched_lock held: current has exited; the process is over if it was the last thread. */
static void exit_notify(struct task *t)
{
	struct signal_struct *sig = t->signal;
	struct task *leader = t->group_leader;

	forget_forking_thread_locked(t);
	sig->live--;
	/* A thread still traced is its tracer's to reap (exit_ptrace_locked() kept the link). */
	t->state = thread_group_leader(t) || t->ptrace.tracer ? TASK_ZOMBIE : TASK_DEAD;
	pid_ns_task_gone_locked(t);
	if (!thread_group_leader(t) && t->ptrace.tracer)
		notify_exit(t, t->ptrace.tracer, SIGCHLD);
	if (sig->group_exec_task)
		wake_up_locked(&sig->group_exec_task);	/* de_thread() counts us */
	if (sig->live)
		return;		/* a leader waits as a zombie for its last thread */
	if (sig->group_exit)
		leader->exit_code = sig->group_exit_code;
	forget_original_parent(leader);
	if (leader->ptrace.tracer)
		notify_exit(leader, leader->ptrace.tracer, SIGCHLD);	/* its tracer first */
	else
		notify_parent(leader);
}

/* Has every task of ns but those of the process sig ended and been reaped? */
static bool pid_ns_empty_but(const struct pid_namespace *ns, const struct signal_struct *sig)
{
	bool empty = true;
	unsigned long flags;
	struct task *c;
	unsigned int i;

	tasklist_lock(&flags);
	for_each_task(c, i)
		if (c->signal != sig && c->state != TASK_DEAD && task_pid_nr_ns(c, ns))
			empty = false;
	tasklist_unlock(flags);
	return empty;
}

void zap_pid_ns_processes(struct pid_namespace *ns)
{
	struct task *self = current, *c;
	unsigned long flags, sigflags;
	unsigned int i;

	tasklist_lock(&flags);
	ns->adding = false;
	/* Our children are freed as they end, as Linux's init ignores SIGCHLD here. */
	spin_lock_irqsave(&self->sighand->lock, sigflags);
	self->sighand->action[SIGCHLD - 1].handler = SIG_IGN;
	spin_unlock_irqrestore(&self->sighand->lock, sigflags);
	for_each_task(c, i) {
		if (c->signal == self->signal || !c->signal || !task_pid_nr_ns(c, ns) ||
		    !thread_group_leader(c))
			continue;
		if (c->parent == self->group_leader && c->state == TASK_ZOMBIE &&
		    !c->signal->live && !c->ptrace.tracer) {
			c->state = TASK_DEAD;
			pid_ns_task_gone_locked(c);
		} else if (process_alive(c)) {
			zap_process_locked(c, W_EXITCODE(0, SIGKILL));
		}
	}
	tasklist_unlock(flags);
	/* Not interruptible: a SIGKILL of ours is why we are here. */
	__sleep_event(ns, 0, pid_ns_empty_but(ns, self->signal), false);
}

/*
 * sched_lock held: is t the last live thread of the init of a pid namespace
 * (not the initial one, whose init ends the run)? Its exit ends the namespace.
 */
static bool ends_pid_ns_locked(const struct task *t)
{
	return t->tgid == 1 && task_pid_ns(t) != &init_pid_ns && t->signal->live == 1;
}

/**
 * do_exit - end the current thread
 * @code: its wait status, W_EXITCODE(status, signal)
 *
 * Its kernel stack is freed by whoever reaps it, later: we are running on it.
 */
void __noreturn do_exit(int code)
{
	struct task *t = current;
	struct seccomp_filter *filter;
	struct files *files;
	unsigned long flags;

	t->exit_code = code;
	t->exit_ip = t->regs->ip;
	tasklist_lock(&flags);
	t->exiting = true;		/* before exit_mm() wakes a pthread_join() */
	tasklist_unlock(flags);
	exit_mm(t);
	tasklist_lock(&flags);		/* kcmp() reads t->files under it */
	files = t->files;
	t->files = NULL;
	tasklist_unlock(flags);
	files_put(files);		/* its descriptors closed, if it was the last user */
	tasklist_lock(&flags);
	/*
	 * Our tracees let go first, as Linux's exit_notify(): a namespace's init
	 * waits below for each task of it to be reaped, and a tracee's exit is
	 * reaped by its tracer, which would be this very init.
	 */
	exit_ptrace_locked(t);
	/* Checked where live drops: of two threads exiting at once, one sees it last. */
	if (ends_pid_ns_locked(t)) {
		tasklist_unlock(flags);
		zap_pid_ns_processes(task_pid_ns(t));
		tasklist_lock(&flags);
	}
	cputime_exit_locked(t);
	filter = seccomp_exit_locked(t);
	exit_notify(t);
	tasklist_unlock(flags);
	seccomp_filter_release(filter);	/* a listener hears its filter's last user go */
	schedule();
	panic("do_exit: dead task %d was scheduled again", t->pid);
}

void __noreturn do_group_exit(int code)
{
	struct signal_struct *sig = current->signal;
	unsigned long flags;

	tasklist_lock(&flags);
	zap_process_locked(current, code);
	code = sig->group_exit_code;
	tasklist_unlock(flags);
	do_exit(code);
}

int de_thread(void)
{
	struct task *t = current, *other;
	struct signal_struct *sig = t->signal;
	struct ksiginfo info = { .code = SI_KERNEL };
	unsigned long flags;
	unsigned int i;

	tasklist_lock(&flags);
	if (sig->group_exit) {
		tasklist_unlock(flags);
		return -EAGAIN;
	}
	if (sig->live == 1) {
		tasklist_unlock(flags);
		return 0;
	}
	/* do_signal() ends each on its way out; zap_process_locked() now does nothing. */
	sig->group_exit = true;
	sig->group_exit_code = W_EXITCODE(0, SIGKILL);
	sig->group_exec_task = t;
	for_each_task(other, i)
		if (other != t && other->signal == sig && task_alive(other))
			send_signal(other, SIGKILL, &info, false);
	while (sig->live > 1) {
		tasklist_unlock(flags);
		prepare_to_sleep(&sig->group_exec_task, 0);
		if (READ_ONCE(sig->live) > 1)
			schedule();
		finish_sleep();
		tasklist_lock(&flags);
	}
	sig->group_exit = false;
	sig->group_exec_task = NULL;
	tasklist_unlock(flags);
	return 0;
}

long sys_exit(struct pt_regs *regs)
{
	do_exit(W_EXITCODE((int)regs->di, 0));
}

long sys_exit_group(struct pt_regs *regs)
{
	do_group_exit(W_EXITCODE((int)regs->di, 0));
}

/*
 * The end of a run: kill every process no one will reap, and free them all,
 * waiting for each dead task to have left its CPU (on another CPU it may still
 * be finishing its last schedule()): the resource check comes next.
 */
void kill_orphans(void)
{
	for (;;) {
		unsigned long flags;
		bool left = false;
		struct task *p;
		unsigned int i;

		tasklist_lock(&flags);
		for_each_task(p, i) {
			/* Dead but still leaving its CPU: freed by a later reap_dead_tasks(). */
			if (p->state == TASK_DEAD) {
				left = true;
				continue;
			}
			if (!thread_group_leader(p) || p->parent || p->kernel_reaps ||
			    p->state == TASK_NEW)
				continue;
			left = true;
			if (process_alive(p))
				zap_process_locked(p, W_EXITCODE(0, SIGKILL));
		}
		tasklist_unlock(flags);
		reap_dead_tasks();
		if (!left)
			return;
		schedule();
		cpu_relax();
	}
}

#define WNOHANG		0x00000001
#define WUNTRACED	0x00000002
#define WEXITED		0x00000004
#define WCONTINUED	0x00000008
#define WNOWAIT		0x01000000
#define __WNOTHREAD	0x20000000
#define __WALL		0x40000000
#define __WCLONE	0x80000000

#define P_ALL		0
#define P_PID		1
#define P_PGID		2

struct wait_result {
	int pid;
	int code;	/* wait status */
	int stop;	/* a ptrace stop's code (WSTOPSIG and event); 0: an exit */
	struct task_cputime times;	/* an exit's: the child's and its waited-for children's */
};

/*
 * Does child c match wait4()'s pid argument, a number in our pid namespace? Each
 * process leads its own group.
 */
static bool wait_matches(const struct task *c, int pid)
{
	if (pid > 0)
		return task_pid_vnr(c) == pid;
	if (pid == -1 || pid == 0 || pid == -current->tgid)
		return true;	/* any child; our group has our children in it */
	return false;
}

/*
 * sched_lock held: c is a tracee of ours, stopped and not yet reported; that is
 * what a tracer's wait sees first, whatever its options, as on Linux.
 */
static bool wait_ptrace_stop(struct task *c, int options, struct wait_result *res)
{
	if (!c->ptrace.stopped || c->ptrace.reported)
		return false;
	res->pid = task_pid_vnr(c);
	res->stop = c->ptrace.code;
	res->code = c->ptrace.code << 8 | 0x7f;
	child_cputime_locked(c, &res->times);
	if (!(options & WNOWAIT))
		c->ptrace.reported = true;
	return true;
}

/*
 * sched_lock held: c is a tracee of ours whose exit is ours to reap first
 * (tracer_reaps_exit()): a thread that has exited, or a leader whose whole
 * process has. Reaping it lets it go, to its parent or to be freed; the parent
 * adds its CPU time to its children's, not the tracer.
 */
static bool wait_traced_exit(struct task *c, int options, struct wait_result *res)
{
	if (c->state != TASK_ZOMBIE || !(options & WEXITED) ||
	    (thread_group_leader(c) && c->signal->live))
		return false;
	res->pid = task_pid_vnr(c);
	res->code = c->exit_code;
	res->stop = 0;
	child_cputime_locked(c, &res->times);
	if (!(options & WNOWAIT))
		release_exited_tracee_locked(c);
	return true;
}

/*
 * One look at the children and tracees: 0 and *res when a tracee's stop or exit, or a
 * zombie child was found (reaped unless WNOWAIT: it becomes DEAD and
 * reap_dead_tasks() frees it), -EAGAIN when there are some but none is done,
 * -ECHILD when there are none. Exits are looked for under WEXITED only.
 */
static long wait_scan(int pid, int options, struct wait_result *res)
{
	struct task *self = current->group_leader, *c;
	long ret = -ECHILD;
	unsigned long flags;
	unsigned int i;

	tasklist_lock(&flags);
	for_each_task(c, i) {
		if (c->ptrace.tracer && c->ptrace.tracer->group_leader == self &&
		    wait_matches(c, pid)) {
			ret = -EAGAIN;
			if (wait_ptrace_stop(c, options, res) ||
			    wait_traced_exit(c, options, res)) {
				ret = 0;
				break;
			}
		}
		if (c->parent != self || !thread_group_leader(c) || c->state == TASK_DEAD ||
		    !wait_matches(c, pid))
			continue;
		ret = -EAGAIN;
		/* A zombie still traced is its tracer's first: it comes to us after. */
		if (c->state != TASK_ZOMBIE || c->signal->live || c->ptrace.tracer ||
		    !(options & WEXITED))
			continue;
		res->pid = task_pid_vnr(c);
		res->code = c->exit_code;
		res->stop = 0;
		child_cputime_locked(c, &res->times);
		if (!(options & WNOWAIT)) {
			c->state = TASK_DEAD;
			pid_ns_task_gone_locked(c);
			cputime_reap_locked(&res->times);
		}
		ret = 0;
		break;
	}
	tasklist_unlock(flags);
	if (!ret)
		reap_dead_tasks();
	return ret;
}

/* Waits for a child to end: 0 with *res, 0 with res->pid 0 (WNOHANG), or an error. */
static long do_wait(int pid, int options, struct wait_result *res)
{
	long found = -EAGAIN, ret;

	res->pid = 0;
	ret = sleep_event(current->signal, 0,
			  (found = wait_scan(pid, options, res)) != -EAGAIN || (options & WNOHANG));
	if (ret)
		return ret;		/* -ERESTARTSYS: a signal came first */
	return found == -EAGAIN ? 0 : found;	/* WNOHANG with children still running */
}

/* A reaped child's struct rusage at ru (if not NULL): its times, as getrusage(2) gives them. */
static long child_rusage(void __user *ru, const struct task_cputime *times)
{
	return ru ? put_rusage(ru, times->utime, times->stime) : 0;
}

long sys_wait4(struct pt_regs *regs)
{
	int pid = (int)regs->di, options = (int)regs->dx;
	struct wait_result res;
	long ret;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WALL | __WCLONE))
		return -EINVAL;
	if (pid == INT_MIN)
		return -ESRCH;
	ret = do_wait(pid, options | WEXITED, &res);
	if (ret < 0)
		return ret;
	if (res.pid && regs->si && copy_to_user((void __user *)regs->si, &res.code, sizeof(int)))
		return -EFAULT;
	if (res.pid && child_rusage((void __user *)regs->r10, &res.times))
		return -EFAULT;
	return res.pid;
}

/*
 * waitid(idtype, id, infop, options, rusage): exits under WEXITED, and a tracee's
 * stops whatever the options (CLD_TRAPPED), as on Linux. WSTOPPED and WCONTINUED
 * find nothing else: entrylab has no job control.
 */
long sys_waitid(struct pt_regs *regs)
{
	int idtype = (int)regs->di, id = (int)regs->si, options = (int)regs->r10;
	struct wait_result res;
	struct ksiginfo info;
	long ret;

	if (options & ~(WNOHANG | WNOWAIT | WEXITED | WUNTRACED | WCONTINUED |
			__WNOTHREAD | __WALL | __WCLONE))
		return -EINVAL;
	if (!(options & (WEXITED | WUNTRACED | WCONTINUED)))
		return -EINVAL;
	switch (idtype) {
	case P_ALL:
		id = -1;
		break;
	case P_PID:
		if (id <= 0)
			return -EINVAL;
		break;
	case P_PGID:
		if (id < 0)
			return -EINVAL;
		id = id ? -id : 0;
		break;
	default:
		return -EINVAL;
	}
	ret = do_wait(id, options, &res);
	if (ret < 0)
		return ret;
	if (res.pid && res.stop) {
		info = (struct ksiginfo){ .code = CLD_TRAPPED, .pid = res.pid, .status = res.stop };
	} else if (res.pid) {
		info = (struct ksiginfo){
			.code = WTERMSIG(res.code) ? CLD_KILLED : CLD_EXITED, .pid = res.pid,
			.status = WTERMSIG(res.code) ? WTERMSIG(res.code) : WEXITSTATUS(res.code),
		};
	}
	/* No child ready (WNOHANG): zeros, in the caller's layout. */
	if (regs->dx && put_siginfo((void __user *)regs->dx, SIGCHLD, res.pid ? &info : NULL))
		return -EFAULT;
	if (res.pid && child_rusage((void __user *)regs->r8, &res.times))
		return -EFAULT;
	return 0;
}
