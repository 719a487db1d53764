// SPDX-License-Identifier: GPL-2.0
/*
 * Identity, I/O and small system calls, with Linux x86-64 semantics. Arguments arrive in
 * regs->di, si, dx, r10, r8, r9. Every user pointer goes through copy_*_user(),
 * so a bad one yields -EFAULT and never a kernel fault.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <pmm.h>
#include <printk.h>
#include <resource.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/uio.h>
#include <user_layout.h>

/* fd 1 and 2 are the console; there are no other files. */
static long do_write(unsigned long fd, const char __user *buf, unsigned long count)
{
	unsigned long done = 0;
	char chunk[256];

	if (fd != 1 && fd != 2)
		return -EBADF;
	if (!access_ok(buf, count))
		return -EFAULT;
	while (done < count) {
		unsigned long n = MIN(count - done, sizeof(chunk));
		unsigned long left = copy_from_user(chunk, buf + done, n);

		console_write(chunk, n - left);
		done += n - left;
		if (left)
			return done ? (long)done : -EFAULT;
	}
	return done;
}

long sys_write(struct pt_regs *regs)
{
	return do_write(regs->di, (const char __user *)regs->si, regs->dx);
}

long sys_writev(struct pt_regs *regs)
{
	const struct iovec __user *uiov = (const struct iovec __user *)regs->si;
	unsigned long n = regs->dx;
	long total = 0;

	if (n > UIO_MAXIOV)
		return -EINVAL;
	for (unsigned long i = 0; i < n; i++) {
		struct iovec iov;
		long ret;

		if (copy_from_user(&iov, &uiov[i], sizeof(iov)))
			return total ? total : -EFAULT;
		ret = do_write(regs->di, iov.iov_base, iov.iov_len);
		if (ret < 0)
			return total ? total : ret;
		total += ret;
		if ((unsigned long)ret < iov.iov_len)
			break;
	}
	return total;
}

long sys_getpid(struct pt_regs *regs)
{
	return current->tgid;
}

long sys_gettid(struct pt_regs *regs)
{
	return current->pid;
}

/* The parent process; 0 for a process the kernel started (init), as on Linux. */
long sys_getppid(struct pt_regs *regs)
{
	unsigned long flags;
	long ppid;

	tasklist_lock(&flags);
	ppid = current->group_leader->parent ? current->group_leader->parent->tgid : 0;
	tasklist_unlock(flags);
	return ppid;
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

