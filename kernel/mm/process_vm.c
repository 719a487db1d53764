// SPDX-License-Identifier: GPL-2.0
/*
 * process_vm_readv(2): read another process's memory without ptrace's stops, as
 * Linux's mm/process_vm_access.c. Debuggers and profilers use it. Another
 * process's memory needs the right to trace it (ptrace_may_access_locked()):
 * -EPERM without, as on Linux.
 *
 * The remote pages are reached through the target's regions and page tables
 * (access_remote_vm(), under its mm->lock: an untouched page is faulted in as
 * the target's own read would), a page at a time into a bounce buffer, then
 * copied to the caller's buffers. The transfer stops at the first
 * page that is not there to read, or the first local buffer that faults: the
 * bytes moved so far are the result, or -EFAULT when there are none. Kernel
 * addresses are never there: the vsyscall page included, which entrylab emulates
 * execute-only. process_vm_writev() is left out (-ENOSYS).
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <ptrace.h>
#include <sched.h>
#include <syscalls.h>
#include <uio.h>

/* An iovec array in user memory, walked one element at a time. */
struct iov_cursor {
	const struct iovec __user *uiov;
	unsigned long n, i;		/* elements; the current one */
	struct iovec cur;		/* what is left of it */
};

/* The next non-empty piece: false at the end. The array was read once already. */
static bool iov_next(struct iov_cursor *c)
{
	while (!c->cur.iov_len) {
		if (c->i == c->n || get_iovec(c->uiov, c->i, &c->cur))
			return false;
		c->i++;
	}
	return true;
}

static void iov_advance(struct iov_cursor *c, size_t n)
{
	c->cur.iov_base = (u8 __user *)c->cur.iov_base + n;
	c->cur.iov_len -= n;
}

/* Up to a page of remote bytes at c's position into the caller's buffers. */
static long read_some(struct mm *mm, struct iov_cursor *remote, struct iov_cursor *local,
		      u8 *bounce)
{
	unsigned long addr = (unsigned long)remote->cur.iov_base;
	size_t n = MIN(remote->cur.iov_len, PAGE_SIZE - (addr & ~PAGE_MASK)), moved = 0;

	if (access_remote_vm(mm, addr, bounce, n, 0))
		return 0;
	while (moved < n && iov_next(local)) {
		size_t chunk = MIN(n - moved, local->cur.iov_len);

		if (copy_to_user(local->cur.iov_base, bounce + moved, chunk))
			break;
		iov_advance(local, chunk);
		moved += chunk;
	}
	iov_advance(remote, moved);
	return moved;
}

/* Are all n lengths of a checked array 0? */
static bool iov_empty(const struct iovec __user *uiov, unsigned long n)
{
	struct iovec v;

	for (unsigned long i = 0; i < n; i++)
		if (get_iovec(uiov, i, &v) || v.iov_len)
			return false;
	return true;
}

/*
 * process_vm_readv(pid, local_iov, liovcnt, remote_iov, riovcnt, flags), in
 * Linux's order: the flags, the local array, and nothing to move is 0 before the
 * remote array is read; then the remote array, and nothing to move is 0 before
 * the pid is looked up or the right to trace it checked.
 */
long sys_process_vm_readv(struct pt_regs *regs)
{
	struct iov_cursor local = { .uiov = (const struct iovec __user *)regs->si, .n = regs->dx };
	struct iov_cursor remote = { .uiov = (const struct iovec __user *)regs->r10,
				     .n = regs->r8 };
	struct mm *mm = NULL;
	unsigned long flags;
	phys_addr_t bounce;
	struct task *t;
	bool faulted = false;
	long done = 0, n;

	if (regs->r9)
		return -EINVAL;			/* no flags are defined */
	/* The local buffers are ours: user memory; the remote ones are the target's. */
	n = iovec_check(local.uiov, local.n, true);
	if (n || iov_empty(local.uiov, local.n))
		return n;
	n = iovec_check(remote.uiov, remote.n, false);
	if (n || iov_empty(remote.uiov, remote.n))
		return n;
	tasklist_lock(&flags);
	t = find_task_by_vpid_locked((int)regs->di);
	/* Our own mm (a vfork child's parent's too) needs no right: Linux's mm_access(). */
	if (t && t->mm && t->mm != current->mm && !ptrace_may_access_locked(t)) {
		tasklist_unlock(flags);
		return -EPERM;
	}
	if (t && t->mm) {
		mm = t->mm;
		mm_get(mm);
	}
	tasklist_unlock(flags);
	if (!mm)
		return -ESRCH;
	bounce = alloc_frame();
	if (!bounce) {
		mm_put(mm);
		return -ENOMEM;
	}
	while (iov_next(&remote) && iov_next(&local)) {
		n = read_some(mm, &remote, &local, phys_to_virt(bounce));
		if (!n) {
			faulted = true;
			break;
		}
		done += n;
	}
	free_frame(bounce);
	mm_put(mm);
	return done ? done : faulted ? -EFAULT : 0;
}
