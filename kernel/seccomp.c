// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp: a task restricts the system calls it and its descendants may make,
 * for good. The check runs in the syscall entry work (entry/work.c), reached
 * through the one test of the syscall-work word that every syscall makes:
 * SYSCALL_WORK_SECCOMP is set on a task once it has a mode and never cleared, so
 * a task without seccomp pays nothing for it.
 *
 * Modes (include/uapi/seccomp.h), as Linux's:
 *  - SECCOMP_MODE_STRICT: read, write, exit and rt_sigreturn only; any other
 *    syscall kills the thread with SIGKILL before it runs. Set by
 *    seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL) or prctl(PR_SET_SECCOMP, 1).
 *  - SECCOMP_MODE_FILTER: classic BPF filters. Not built: setting it is -EINVAL,
 *    as on a Linux built without CONFIG_SECCOMP_FILTER.
 * The mode is inherited by fork and clone and kept by execve; a task in one mode
 * cannot switch to the other (-EINVAL). no_new_privs (prctl(PR_SET_NO_NEW_PRIVS))
 * is kept the same way and can only be set: entrylab has no setuid programs or
 * capabilities for it to guard yet, and keeps it for the programs that check it.
 */
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <syscalls.h>
#include <uapi/seccomp.h>

/* Strict mode's whole list (Linux's mode1_syscalls). */
static bool strict_allows(int nr)
{
	return nr == __NR_read || nr == __NR_write || nr == __NR_exit || nr == __NR_rt_sigreturn;
}

int __secure_computing(struct pt_regs *regs, int nr)
{
	switch (current->seccomp_mode) {
	case SECCOMP_MODE_STRICT:
		if (!strict_allows(nr))
			do_exit(SIGKILL);	/* this thread, as Linux's do_exit(SIGKILL) */
		return nr;
	default:
		return nr;
	}
}

void seccomp_fork(struct task *p)
{
	p->seccomp_mode = current->seccomp_mode;
	p->no_new_privs = current->no_new_privs;
	if (p->seccomp_mode != SECCOMP_MODE_DISABLED)
		set_syscall_work(p, SYSCALL_WORK_SECCOMP);
}

/* The caller enters mode for good: its next syscall is checked. */
static long seccomp_set_mode(int mode)
{
	struct task *t = current;

	if (t->seccomp_mode != SECCOMP_MODE_DISABLED && t->seccomp_mode != mode)
		return -EINVAL;
	t->seccomp_mode = mode;
	set_syscall_work(t, SYSCALL_WORK_SECCOMP);
	this_cpu_write(syscall_work, t->thread_info.syscall_work);	/* this CPU's copy */
	return 0;
}

long prctl_get_seccomp(void)
{
	return current->seccomp_mode;
}

long prctl_set_seccomp(unsigned long mode, unsigned long filter)
{
	if (mode == SECCOMP_MODE_STRICT)
		return seccomp_set_mode(SECCOMP_MODE_STRICT);
	return -EINVAL;		/* SECCOMP_MODE_FILTER is not built; anything else is no mode */
}

/* seccomp(op, flags, uargs) */
long sys_seccomp(struct pt_regs *regs)
{
	unsigned int op = regs->di, flags = regs->si;
	const void __user *uargs = (const void __user *)regs->dx;

	switch (op) {
	case SECCOMP_SET_MODE_STRICT:
		if (flags || uargs)
			return -EINVAL;
		return seccomp_set_mode(SECCOMP_MODE_STRICT);
	default:
		return -EINVAL;	/* the filter operations are not built (as without CONFIG_SECCOMP_FILTER) */
	}
}
