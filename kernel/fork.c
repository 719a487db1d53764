// SPDX-License-Identifier: GPL-2.0
/*
 * Creating processes and threads: fork(), vfork(), clone() and clone3(), all
 * one function, copy_process(), steered by the clone flags as on Linux.
 *
 *   fork()            a new process: a copy-on-write copy of the address space
 *                     (kernel/mm/mm.c), copies of the handlers and limits.
 *   vfork()           a new process sharing the parent's address space; the
 *                     parent sleeps until the child execs or exits.
 *                     CLONE_VM | CLONE_VFORK.
 *   pthread_create()  glibc's clone3(CLONE_VM | CLONE_FS | CLONE_FILES |
 *                     CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | CLONE_SETTLS
 *                     | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID): a new thread
 *                     of the caller's process, on the stack it was given.
 *
 * The child starts as a copy of the caller's registers at its SYSCALL, with RAX
 * 0, and leaves through ret_from_fork: the exit path every return to user mode
 * takes, so it runs the exit work (a pending signal, for one) first.
 *
 * Of Linux's namespaces entrylab has the user and the pid namespace
 * (include/user_namespace.h, include/pid_namespace.h): CLONE_NEWUSER and
 * CLONE_NEWPID make new ones for the child, or with unshare() for the caller
 * (the pid namespace for its children: it keeps its own pid).
 */
#include <asm/fsgsbase.h>
#include <asm/io_bitmap.h>
#include <asm/msr.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <file.h>
#include <mm.h>
#include <rseq.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/sched.h>
#include <user_namespace.h>
#include <wait.h>

#define CLONE_NAMESPACES	(CLONE_NEWTIME | CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | \
				 CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)

/*
 * What entrylab does: CLONE_FILES shares the descriptor table (without it the
 * child gets a copy); CLONE_FS and CLONE_SYSVSEM share what it does not have (a
 * cwd that can change, semaphores), so they are accepted as shared;
 * CLONE_PTRACE, CLONE_UNTRACED, CLONE_DETACHED and CLONE_IO ask nothing it
 * would do differently. The other namespaces, pidfds, cgroups and the rest:
 * -EINVAL, Linux's answer when built without them.
 */
#define CLONE_SUPPORTED	(CSIGNAL | CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |  \
			 CLONE_PTRACE | CLONE_VFORK | CLONE_PARENT | CLONE_THREAD |	\
			 CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID |		\
			 CLONE_CHILD_CLEARTID | CLONE_DETACHED | CLONE_UNTRACED |	\
			 CLONE_CHILD_SETTID | CLONE_IO | CLONE_NEWUSER | CLONE_NEWPID)

struct kernel_clone_args {
	unsigned long flags;
	int exit_signal;
	unsigned long stack;		/* 0: the caller's RSP */
	unsigned long tls;
	int __user *parent_tid;
	int __user *child_tid;
};

/*
 * Linux's rules, in its order: each sharing needs the one below it, and a thread
 * is in its process's namespaces (no new one, nor one unshare() made for the
 * caller's children).
 */
static long check_clone_flags(unsigned long flags)
{
	if (flags & ~CLONE_SUPPORTED)
		return -EINVAL;
	if ((flags & (CLONE_NEWUSER | CLONE_FS)) == (CLONE_NEWUSER | CLONE_FS))
		return -EINVAL;
	if ((flags & CLONE_THREAD) && !(flags & CLONE_SIGHAND))
		return -EINVAL;
	if ((flags & CLONE_SIGHAND) && !(flags & CLONE_VM))
		return -EINVAL;
	if ((flags & CLONE_PARENT) && current->tgid == 1)
		return -EINVAL;		/* an init has no parent to give a sibling */
	if ((flags & CLONE_THREAD) && ((flags & (CLONE_NEWUSER | CLONE_NEWPID)) ||
				       current->pid_ns_for_children != task_pid_ns(current)))
		return -EINVAL;
	return 0;
}

/*
 * The namespaces a clone() or unshare() asks for (Linux's copy_creds() and
 * copy_namespaces(), or unshare_userns() and unshare_nsproxy_namespaces()):
 * *user and *pid are current's, or new ones, with a reference each for the
 * caller. A new pid namespace needs CAP_SYS_ADMIN in the user namespace that
 * will own it (-EPERM), and is made only by a task whose children are in its
 * own namespace: after unshare(CLONE_NEWPID) another is -EINVAL, as on Linux.
 */
static long create_namespaces(unsigned long flags, struct user_namespace **user,
			      struct pid_namespace **pid)
{
	int err = 0;

	*user = current->signal->user_ns;
	*pid = current->pid_ns_for_children;
	if (!(flags & CLONE_NEWUSER))
		get_user_ns(*user);
	else if (!(*user = create_user_ns(&err)))
		return err;
	if (!(flags & CLONE_NEWPID)) {
		get_pid_ns(*pid);
		return 0;
	}
	if (!ns_capable(*user, CAP_SYS_ADMIN))
		err = -EPERM;
	else if (current->pid_ns_for_children != task_pid_ns(current))
		err = -EINVAL;
	else
		*pid = create_pid_ns(*user, &err);
	if (err)
		put_user_ns(*user);
	return err;
}

/* The child's share of its parent's process: its own, or the parent's (threads). */
static int copy_process_state(struct task *p, const struct kernel_clone_args *args)
{
	struct task *cur = current;
	unsigned long flags;

	if (args->flags & CLONE_VM) {
		mm_get(cur->mm);
		p->mm = cur->mm;
	} else if (!(p->mm = mm_dup(cur->mm))) {
		return -ENOMEM;
	}
	if (args->flags & CLONE_SIGHAND) {
		sighand_get(cur->sighand);
		p->sighand = cur->sighand;
	} else if ((p->sighand = sighand_alloc())) {
		memcpy(p->sighand->action, cur->sighand->action, sizeof(p->sighand->action));
	} else {
		return -ENOMEM;
	}
	if (args->flags & CLONE_FILES) {
		files_get(cur->files);
		p->files = cur->files;
	} else if (!(p->files = files_dup(cur->files))) {
		return -ENOMEM;
	}
	if (args->flags & CLONE_THREAD) {
		signal_get(cur->signal);
		p->signal = cur->signal;
		return 0;
	}
	if (!(p->signal = signal_alloc()))
		return -ENOMEM;
	tasklist_lock(&flags);
	memcpy(p->signal->rlim, cur->signal->rlim, sizeof(p->signal->rlim));
	tasklist_unlock(flags);
	return 0;
}

/*
 * The new task's registers: the caller's, returning 0, on its new stack if one
 * was given, with its new TLS, and TF only if the caller set it itself (Linux's
 * user_disable_single_step() in copy_process()). The caller's FPU state too (live in the FPU: the
 * kernel uses none).
 */
static int copy_thread(struct task *p, const struct kernel_clone_args *args)
{
	struct task *cur = current;

	*p->regs = *cur->regs;
	p->regs->ax = 0;
	/* A tracer's single step is the tracer's: the untraced child does not step. */
	if (cur->ptrace.forced_tf)
		p->regs->flags &= ~X86_EFLAGS_TF;
	if (args->stack)
		p->regs->sp = args->stack;
	copy_user_segments(p);
	rseq_fork(p, args->flags & CLONE_VM);
	/* An i386 caller's TLS is a struct user_desc for a TLS descriptor, as set_thread_area's. */
	if ((args->flags & CLONE_SETTLS) && in_ia32_syscall()) {
		int err = do_set_thread_area(p, compat_ptr(args->tls), false);

		if (err)
			return err;
	} else if (args->flags & CLONE_SETTLS) {
		p->thread.segs.fsbase = args->tls;
		p->thread.segs.fsindex = 0;
	}
	fpu_save(p->thread.fpu);	/* ours, live in the registers: the child starts with it */
	p->cpus_allowed = cur->cpus_allowed;
	p->caps = cur->caps;
	p->sig.blocked = cur->sig.blocked;
	/* A thread or vfork child runs on another stack: no alternate stack of ours. */
	if ((args->flags & (CLONE_VM | CLONE_VFORK)) != CLONE_VM)
		p->sig.altstack = cur->sig.altstack;
	return 0;
}

/*
 * sched_lock held: the new task joins its family. A thread joins the process
 * unless the process is ending; a process becomes a child of the caller's
 * process (or, CLONE_PARENT, of its parent).
 */
static long link_task(struct task *p, const struct kernel_clone_args *args)
{
	struct task *cur = current;

	if (cur->signal->group_exit || signal_pending(cur))
		return -ERESTARTNOINTR;	/* let the signal act first, then fork again */
	p->parent = args->flags & CLONE_PARENT ? cur->group_leader->parent :
						  cur->group_leader;
	p->real_parent = args->flags & (CLONE_PARENT | CLONE_THREAD) ? cur->real_parent : cur;
	p->kernel_reaps = false;
	if (!pid_ns_adding_locked(task_pid_ns(p)))
		return -ENOMEM;		/* its namespace's init has ended: Linux's answer */
	/*
	 * Under the lock TSYNC holds, as p becomes one of its targets: p takes
	 * the chain a sync left, or a later sync gives p its filter.
	 */
	seccomp_fork_locked(p);
	if (args->flags & CLONE_THREAD) {
		p->tgid = cur->tgid;
		p->group_leader = cur->group_leader;
		p->parent = cur->parent;
		p->signal->live++;
		return 0;
	}
	p->exit_signal = args->exit_signal;
	return 0;
}

/**
 * copy_process - fork(), vfork(), clone() and clone3()
 * @args: the decoded arguments
 *
 * Returns the child's thread ID in the caller, or an error; the child returns 0
 * from the same syscall on its first run.
 */
static long copy_process(const struct kernel_clone_args *args)
{
	struct user_namespace *user_ns;
	struct pid_namespace *pid_ns;
	bool vfork_done = false;
	unsigned long flags;
	struct task *p;
	long err;
	int pid;

	err = check_clone_flags(args->flags) ? : create_namespaces(args->flags, &user_ns, &pid_ns);
	if (err)
		return err;
	p = task_create(current->name, pid_ns, &pid);	/* pid: the error, if none */
	put_pid_ns(pid_ns);		/* the task holds its own */
	if (!p) {
		put_user_ns(user_ns);
		return pid;
	}
	err = copy_process_state(p, args);
	if (err)
		goto free;
	if (!(args->flags & CLONE_THREAD)) {
		p->signal->user_ns = user_ns;	/* the new process's reference now */
		user_ns = NULL;
	}
	err = copy_thread(p, args) ? : io_bitmap_copy(p, current);
	if (err)
		goto free;
	if (args->flags & CLONE_NEWUSER)
		caps_init(p);		/* every capability in its new namespace */
	pid = task_pid_vnr(p);		/* its number as the caller sees it */
	if (args->flags & CLONE_CHILD_SETTID)
		p->set_child_tid = args->child_tid;
	if (args->flags & CLONE_CHILD_CLEARTID)
		p->clear_child_tid = args->child_tid;
	if ((args->flags & CLONE_PARENT_SETTID) &&
	    copy_to_user(args->parent_tid, &pid, sizeof(pid))) {
		err = -EFAULT;
		goto free;
	}
	if (args->flags & CLONE_VFORK)
		p->vfork_done = &vfork_done;
	tasklist_lock(&flags);
	err = link_task(p, args);
	tasklist_unlock(flags);
	if (err)
		goto free;
	task_wake_new(p);		/* p may be gone as soon as it runs: pid is ours */
	put_user_ns(user_ns);		/* a thread's: its process has it */
	/*
	 * vfork: the child runs on our stack and in our memory until it exits. A
	 * signal wakes us but does not end the wait.
	 */
	while ((args->flags & CLONE_VFORK) && !READ_ONCE(vfork_done)) {
		prepare_to_sleep(&vfork_done, 0);
		if (!READ_ONCE(vfork_done))
			schedule();
		finish_sleep();
	}
	return pid;

free:
	put_user_ns(user_ns);
	task_free(p);
	return err;
}

/* The child's first step in its own context: CLONE_CHILD_SETTID writes its tid. */
void schedule_tail(void)
{
	struct task *t = current;

	if (!t->set_child_tid)
		return;
	local_irq_enable();	/* the write may fault (copy-on-write) */
	if (copy_to_user(t->set_child_tid, &t->pid, sizeof(t->pid)))
		t->set_child_tid = NULL;	/* as Linux: a bad pointer is not an error */
	local_irq_disable();
}

/* clone(flags, stack, parent_tid, child_tid, tls): x86-64's argument order. */
long sys_clone(struct pt_regs *regs)
{
	struct kernel_clone_args args = {
		.flags = regs->di & ~CSIGNAL, .exit_signal = regs->di & CSIGNAL,
		.stack = regs->si, .parent_tid = (int __user *)regs->dx,
		.child_tid = (int __user *)regs->r10, .tls = regs->r8,
	};

	if (args.exit_signal > _NSIG)
		return -EINVAL;
	return copy_process(&args);
}

long sys_fork(struct pt_regs *regs)
{
	struct kernel_clone_args args = { .exit_signal = SIGCHLD };

	return copy_process(&args);
}

long sys_vfork(struct pt_regs *regs)
{
	struct kernel_clone_args args = {
		.flags = CLONE_VM | CLONE_VFORK, .exit_signal = SIGCHLD,
	};

	return copy_process(&args);
}

/*
 * clone3(args, size): the same with a struct, which may grow. A larger struct
 * than ours is accepted if the part we do not know is zero (else -E2BIG, as is
 * a size past a page); features we do not have (CLONE_PIDFD, set_tid, cgroup)
 * are -EINVAL, as are CLONE_DETACHED and a stack past the user address space.
 */
long sys_clone3(struct pt_regs *regs)
{
	const u8 __user *uargs = (const u8 __user *)regs->di;
	unsigned long size = regs->si;
	struct kernel_clone_args args;
	struct clone_args ca;
	long err;

	if (size > PAGE_SIZE)
		return -E2BIG;
	if (size < CLONE_ARGS_SIZE_VER0)
		return -EINVAL;
	err = copy_struct_from_user(&ca, sizeof(ca), uargs, size);
	if (err)
		return err;
	/* pidfd is read only with CLONE_PIDFD, which is unsupported: glibc fills it anyway. */
	if (ca.exit_signal > _NSIG || ca.set_tid || ca.set_tid_size || ca.cgroup || ca.flags >> 32)
		return -EINVAL;
	/* Bits clone3() keeps for other uses, as Linux's clone3_args_valid(). */
	if (ca.flags & (CSIGNAL | CLONE_DETACHED))
		return -EINVAL;
	if ((ca.stack == 0) != (ca.stack_size == 0) ||
	    (ca.stack && !access_ok((void __user *)ca.stack, ca.stack_size)))
		return -EINVAL;
	args = (struct kernel_clone_args){
		.flags = ca.flags, .exit_signal = ca.exit_signal,
		.stack = ca.stack ? ca.stack + ca.stack_size : 0, .tls = ca.tls,
		.parent_tid = (int __user *)ca.parent_tid,
		.child_tid = (int __user *)ca.child_tid,
	};
	if ((args.flags & (CLONE_THREAD | CLONE_PARENT)) && args.exit_signal)
		return -EINVAL;
	return copy_process(&args);
}

/*
 * unshare(flags): stop sharing with the rest of the process what flags names,
 * as Linux's ksys_unshare(). CLONE_FILES gives the caller a copy of its
 * descriptor table. CLONE_FS and CLONE_SYSVSEM name what entrylab does not
 * share (a cwd that can change, semaphores): nothing to do. CLONE_THREAD,
 * CLONE_SIGHAND and CLONE_VM can only be "unshared" when nothing shares them,
 * else -EINVAL, Linux's rule. CLONE_NEWUSER puts the caller in a new user
 * namespace, which only a single-threaded process may do (it implies
 * CLONE_THREAD); CLONE_NEWPID makes a new pid namespace for its children. The
 * other namespaces are -EINVAL, what Linux answers when built without them.
 */
long sys_unshare(struct pt_regs *regs)
{
	unsigned long flags = regs->di;
	struct user_namespace *user_ns;
	struct pid_namespace *pid_ns;
	struct task *t = current;
	long err;

	if (flags & ~(CLONE_THREAD | CLONE_FS | CLONE_SIGHAND | CLONE_VM | CLONE_FILES |
		      CLONE_SYSVSEM | CLONE_NAMESPACES))
		return -EINVAL;
	if (flags & CLONE_NAMESPACES & ~(CLONE_NEWUSER | CLONE_NEWPID))
		return -EINVAL;
	if (flags & CLONE_NEWUSER)
		flags |= CLONE_THREAD | CLONE_FS;
	if ((flags & (CLONE_THREAD | CLONE_SIGHAND | CLONE_VM)) && READ_ONCE(t->signal->live) > 1)
		return -EINVAL;
	if ((flags & (CLONE_SIGHAND | CLONE_VM)) && READ_ONCE(t->sighand->refs) > 1)
		return -EINVAL;
	if ((flags & CLONE_VM) && READ_ONCE(t->mm->users) > 1)
		return -EINVAL;
	err = create_namespaces(flags, &user_ns, &pid_ns);
	if (err)
		return err;
	if (flags & CLONE_FILES)
		err = files_unshare(t);
	if (err || !(flags & CLONE_NEWUSER))
		put_user_ns(user_ns);
	else
		set_user_ns(t, user_ns);
	if (err || !(flags & CLONE_NEWPID)) {
		put_pid_ns(pid_ns);
	} else {
		put_pid_ns(t->pid_ns_for_children);
		t->pid_ns_for_children = pid_ns;
	}
	return err;
}
