// SPDX-License-Identifier: GPL-2.0
/*
 * kcmp(2), as Linux's kernel/kcmp.c: whether two tasks share a kernel object,
 * the way checkpoint/restore tools and tests tell a passed descriptor from a
 * look-alike. The answer orders the two objects: 0 the same, 1 the first
 * below, 2 above. Linux scrambles the order with per-boot cookies so it leaks
 * nothing of where its objects lie; entrylab's kernel has no address layout to
 * hide (no KASLR), so the order is the addresses'.
 *
 * The objects entrylab has: an open file (KCMP_FILE), the address space
 * (KCMP_VM), the descriptor table (KCMP_FILES) and the signal handlers
 * (KCMP_SIGHAND). It has no fs_struct, io_context, System V semaphores or
 * epoll target lookup to compare: those are -EOPNOTSUPP, Linux's answer for an
 * object its build left out. Both tasks must be ones the caller may trace
 * (ptrace_may_access_locked(), Linux's PTRACE_MODE_READ_REALCREDS): -EPERM.
 */
#include <errno.h>
#include <file.h>
#include <ptrace.h>
#include <sched.h>
#include <syscalls.h>
#include <uapi/kcmp.h>

static long kcmp_order(const void *a, const void *b)
{
	return a == b ? 0 : a < b ? 1 : 2;
}

/* kcmp(pid1, pid2, type, idx1, idx2) */
long sys_kcmp(struct pt_regs *regs)
{
	unsigned long type = regs->dx, flags;
	struct task *t1, *t2;
	struct file *f1, *f2;
	long ret;

	tasklist_lock(&flags);
	t1 = find_task_by_vpid_locked(regs->di);
	t2 = find_task_by_vpid_locked(regs->si);
	if (!t1 || !t2 || !ptrace_may_access_locked(t1) || !ptrace_may_access_locked(t2)) {
		tasklist_unlock(flags);
		return !t1 || !t2 ? -ESRCH : -EPERM;
	}
	switch (type) {
	case KCMP_FILE:
		f1 = fget_task_locked(t1, regs->r10);
		f2 = fget_task_locked(t2, regs->r8);
		ret = f1 && f2 ? kcmp_order(f1, f2) : -EBADF;
		tasklist_unlock(flags);
		if (f1)
			file_put(f1);
		if (f2)
			file_put(f2);
		return ret;
	case KCMP_VM:
		ret = kcmp_order(t1->mm, t2->mm);
		break;
	case KCMP_FILES:
		ret = kcmp_order(t1->files, t2->files);
		break;
	case KCMP_SIGHAND:
		ret = kcmp_order(t1->sighand, t2->sighand);
		break;
	default:
		ret = type < KCMP_TYPES ? -EOPNOTSUPP : -EINVAL;
	}
	tasklist_unlock(flags);
	return ret;
}
