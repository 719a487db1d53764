// SPDX-License-Identifier: GPL-2.0
/*
 * Identity and small system calls, with Linux x86-64 semantics. Arguments arrive in
 * regs->di, si, dx, r10, r8, r9. Every user pointer goes through copy_*_user(),
 * so a bad one yields -EFAULT and never a kernel fault.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <capability.h>
#include <errno.h>
#include <pmm.h>
#include <printk.h>
#include <resource.h>
#include <sched.h>
#include <seccomp.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>
#include <uapi/prctl.h>
#include <uapi/sysinfo.h>
#include <user_layout.h>
#include <user_namespace.h>

long sys_getpid(struct pt_regs *regs)
{
	return current->tgid;
}

long sys_gettid(struct pt_regs *regs)
{
	return current->pid;
}

/*
 * The parent process as our pid namespace numbers it; 0 for a process the
 * kernel started (init), and for the init of a namespace, whose parent is
 * outside it, as on Linux.
 */
long sys_getppid(struct pt_regs *regs)
{
	struct task *parent;
	unsigned long flags;
	long ppid;

	tasklist_lock(&flags);
	parent = current->group_leader->parent;
	ppid = parent ? task_tgid_vnr(parent) : 0;
	tasklist_unlock(flags);
	return ppid;
}

/*
 * getuid(), getgid(), geteuid(), getegid(): entrylab has no users, so every
 * task runs as user and group 0, what Linux's pid 1 sees, with root's
 * capabilities (kernel/capability.c); in a user namespace of its own, where no
 * map can be written, 0 shows as the overflow uid (include/user_namespace.h).
 */
long sys_getuid(struct pt_regs *regs)
{
	return from_kuid_current();
}

/* Where to store 0 (and wake a futex waiter) when this thread exits: pthread_join(). */
long sys_set_tid_address(struct pt_regs *regs)
{
	current->clear_child_tid = (int __user *)regs->di;
	return current->pid;
}

/*
 * set_robust_list(head, len): glibc registers each thread's list of robust
 * mutexes. entrylab accepts it and keeps nothing: a thread that dies holding a
 * robust mutex leaves it held (Linux would mark it FUTEX_OWNER_DIED).
 */
long sys_set_robust_list(struct pt_regs *regs)
{
	return regs->si == 3 * sizeof(long) ? 0 : -EINVAL;
}

long sys_sched_yield(struct pt_regs *regs)
{
	set_tsk_thread_flag(current, TIF_NEED_RESCHED);	/* acted on by the exit work loop */
	return 0;
}

struct new_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65];
};

long sys_uname(struct pt_regs *regs)
{
	static const struct new_utsname uts = {
		.sysname = "entrylab", .nodename = "entrylab", .release = "0.1.0",
		.version = "#1 entrylab teaching kernel", .machine = "x86_64",
		.domainname = "(none)",
	};

	if (copy_to_user((void __user *)regs->di, &uts, sizeof(uts)))
		return -EFAULT;
	return 0;
}

/* sysinfo(info): the uptime, memory in pages, and the number of threads. */
long sys_sysinfo(struct pt_regs *regs)
{
	struct sysinfo info = {
		.uptime = ktime_get_ns() / 1000000000,
		.totalram = pmm_total_frames(),
		.freeram = pmm_free_frames(),
		.mem_unit = PAGE_SIZE,
	};
	unsigned long flags;
	unsigned int i;
	struct task *t;

	tasklist_lock(&flags);
	for_each_task(t, i)
		info.procs++;
	tasklist_unlock(flags);
	return copy_to_user((void __user *)regs->di, &info, sizeof(info)) ? -EFAULT : 0;
}

/*
 * prctl(option, arg2, arg3, arg4, arg5): the options entrylab has. Linux's rules
 * for their unused arguments: nonzero is -EINVAL, so that a later meaning for
 * them cannot be mistaken for today's. Any other option is -EINVAL, as Linux's
 * answer for one it does not know.
 */
long sys_prctl(struct pt_regs *regs)
{
	unsigned long arg2 = regs->si, arg3 = regs->dx, arg4 = regs->r10, arg5 = regs->r8;

	switch ((int)regs->di) {
	case PR_SET_NO_NEW_PRIVS:
		if (arg2 != 1 || arg3 || arg4 || arg5)
			return -EINVAL;
		current->no_new_privs = true;
		return 0;
	case PR_GET_NO_NEW_PRIVS:
		if (arg2 || arg3 || arg4 || arg5)
			return -EINVAL;
		return current->no_new_privs;
	case PR_GET_SECCOMP:
		return prctl_get_seccomp();
	case PR_SET_SECCOMP:
		return prctl_set_seccomp(arg2, arg3);
	case PR_CAPBSET_READ:
	case PR_CAPBSET_DROP:
		return prctl_capbset(regs->di, arg2);
	case PR_SET_SYSCALL_USER_DISPATCH:
		return set_syscall_user_dispatch(arg2, arg3, arg4, (char __user *)arg5);
	}
	return -EINVAL;
}
