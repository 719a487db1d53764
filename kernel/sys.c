// SPDX-License-Identifier: GPL-2.0
/*
 * Process and I/O system calls, with Linux x86-64 semantics. Arguments arrive in
 * regs->di, si, dx, r10, r8, r9. Every user pointer goes through copy_*_user(),
 * so a bad one yields -EFAULT and never a kernel fault.
 */
#include <asm/apic.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <pmm.h>
#include <printk.h>
#include <resource.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
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

struct iovec {
	void __user *iov_base;
	unsigned long iov_len;
};

#define UIO_MAXIOV 1024

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
	return current->pid;
}

/* No threads, so nobody to wake on exit: just the thread ID, which is the PID. */
long sys_set_tid_address(struct pt_regs *regs)
{
	return current->pid;
}

long sys_sched_yield(struct pt_regs *regs)
{
	set_tsk_thread_flag(current, TIF_NEED_RESCHED);	/* acted on by the exit work loop */
	return 0;
}

long sys_exit(struct pt_regs *regs)
{
	do_exit((int)regs->di, 0);
}

long sys_exit_group(struct pt_regs *regs)
{
	do_exit((int)regs->di, 0);	/* one thread per process: same as exit */
}

/*
 * sig (0: only "does it exist?") to the task with this pid, > 0. The caller's own
 * pid, the benchmark's case, needs no lookup and no lock.
 */
static __always_inline long signal_pid(int pid, int sig, int code)
{
	unsigned long flags;
	struct task *t;

	if (pid == current->pid) {
		if (sig)
			send_signal(current, sig, code, current->pid);
		return 0;
	}
	t = find_task_lock(pid, &flags);
	if (!t)
		return -ESRCH;
	if (sig)
		send_signal(t, sig, code, current->pid);
	find_task_unlock(flags);
	return 0;
}

long sys_kill(struct pt_regs *regs)
{
	int pid = (int)regs->di, sig = (int)regs->si;

	if (sig < 0 || sig > _NSIG)
		return -EINVAL;
	if (pid <= 0 && (pid == 0 || -pid == current->pid))
		pid = current->pid;	/* our process group: each process leads its own */
	else if (pid < 0)
		return -ESRCH;		/* -1 (all but init) and other groups: nobody */
	return signal_pid(pid, sig, SI_USER);
}

/*
 * tgkill(tgid, tid, sig) and tkill(tid, sig): a signal for one thread. Every
 * process has one thread, whose tid is its pid, so a thread group other than the
 * thread's own is -ESRCH. The signal says SI_TKILL, as on Linux; glibc's raise()
 * and abort() send theirs this way.
 */
static long signal_thread(int tgid, int tid, int sig)
{
	if (tid <= 0 || sig < 0 || sig > _NSIG)
		return -EINVAL;
	if (tgid != tid)
		return -ESRCH;
	return signal_pid(tid, sig, SI_TKILL);
}

long sys_tgkill(struct pt_regs *regs)
{
	if ((int)regs->di <= 0)
		return -EINVAL;
	return signal_thread((int)regs->di, (int)regs->si, (int)regs->dx);
}

long sys_tkill(struct pt_regs *regs)
{
	return signal_thread((int)regs->di, (int)regs->di, (int)regs->si);
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

#define ARCH_SET_FS	0x1002
#define ARCH_GET_FS	0x1003

long sys_arch_prctl(struct pt_regs *regs)
{
	unsigned long addr = regs->si;

	switch (regs->di) {
	case ARCH_SET_FS:
		if (addr >= TASK_SIZE_MAX)
			return -EPERM;
		current->fs_base = addr;
		wrmsr(MSR_FS_BASE, addr);
		return 0;
	case ARCH_GET_FS:
		if (copy_to_user((void __user *)addr, &current->fs_base, sizeof(unsigned long)))
			return -EFAULT;
		return 0;
	}
	return -EINVAL;
}

/*
 * The heap: mm->brk is the break as the program set it (unaligned, as Linux
 * keeps it); pages are mapped up to ALIGN_UP(brk). The request is range-checked
 * before it is rounded: rounding ~0UL up wraps to 0, which would look like a
 * shrink of the heap down to address 0.
 */
long sys_brk(struct pt_regs *regs)
{
	struct mm *mm = &current->mm;
	unsigned long req = regs->di, old_end = ALIGN_UP(mm->brk, PAGE_SIZE), new_end;

	if (req < mm->brk_start || req - mm->brk_start > USER_HEAP_MAX ||
	    req - mm->brk_start > rlimit(RLIMIT_DATA))
		return mm->brk;
	new_end = ALIGN_UP(req, PAGE_SIZE);
	if (new_end > old_end && (rlimit_as_exceeded(mm, new_end - old_end) ||
				  mm_map_zeroed(mm, old_end, new_end, _PAGE_RW | _PAGE_NX)))
		return mm->brk;
	if (new_end < old_end)
		unmap_free_range(mm->pml4, new_end, old_end);
	mm->brk = req;
	return req;
}

#define PROT_READ	0x1
#define PROT_WRITE	0x2
#define PROT_EXEC	0x4
#define PROT_ALL	(PROT_READ | PROT_WRITE | PROT_EXEC)
#define MAP_PRIVATE	0x02
#define MAP_FIXED	0x10
#define MAP_ANONYMOUS	0x20
#define MAP_STACK	0x20000	/* a hint (the memory is for a stack): nothing to do */

static u64 prot_to_pte(unsigned long prot)
{
	return (prot & PROT_WRITE ? _PAGE_RW : 0) | (prot & PROT_EXEC ? 0 : _PAGE_NX);
}

/*
 * Private anonymous memory only: there are no files to map. PROT_NONE is refused
 * (-EINVAL): an x86 page cannot be present yet inaccessible, and entrylab has no
 * software "protnone" bit as Linux does.
 */
long sys_mmap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), replaced = 0;
	unsigned long prot = regs->dx, flags = regs->r10;
	struct mm *mm = &current->mm;

	const unsigned long required = MAP_PRIVATE | MAP_ANONYMOUS;

	if (!regs->si || !len || (flags & ~(required | MAP_FIXED | MAP_STACK)) ||
	    (flags & required) != required || !(prot & PROT_ALL))
		return -EINVAL;
	if (flags & MAP_FIXED) {
		if ((addr & ~PAGE_MASK) || addr < USER_MIN_ADDR || !access_ok((void *)addr, len))
			return -EINVAL;
		for (unsigned long va = addr; va < addr + len; va += PAGE_SIZE)
			replaced += translate(mm->pml4, va, NULL, NULL) ? PAGE_SIZE : 0;
	} else if (len > mm->mmap_base - USER_SEGMENT_LIMIT) {
		return -ENOMEM;
	}
	/* Checked before anything changes: a refused MAP_FIXED keeps what was there. */
	if (rlimit_as_exceeded(mm, len - replaced))
		return -ENOMEM;
	if (flags & MAP_FIXED) {
		unmap_free_range(mm->pml4, addr, addr + len);
	} else {
		addr = mm->mmap_base - len;
		mm->mmap_base = addr;
	}
	if (mm_map_zeroed(mm, addr, addr + len, prot_to_pte(prot))) {
		unmap_free_range(mm->pml4, addr, addr + len);
		return -ENOMEM;
	}
	return addr;
}

long sys_munmap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE);

	if ((addr & ~PAGE_MASK) || !len || !access_ok((void *)addr, len))
		return -EINVAL;
	unmap_free_range(current->mm.pml4, addr, addr + len);
	return 0;
}

long sys_mprotect(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), prot = regs->dx;
	struct mm *mm = &current->mm;

	if ((addr & ~PAGE_MASK) || (prot & ~PROT_ALL) || !prot ||
	    !access_ok((void __user *)addr, len))
		return -EINVAL;	/* PROT_NONE too: see sys_mmap() */
	for (unsigned long va = addr; va < addr + len; va += PAGE_SIZE)
		if (!translate(mm->pml4, va, NULL, NULL))
			return -ENOMEM;	/* as Linux: the whole range must be mapped */
	for (unsigned long va = addr; va < addr + len; va += PAGE_SIZE)
		protect_page(mm->pml4, va, prot_to_pte(prot) | _PAGE_USER);
	return 0;
}
