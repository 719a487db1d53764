// SPDX-License-Identifier: GPL-2.0
/*
 * The i386 system calls whose arguments, not structures, differ from x86-64's
 * (Linux's arch/x86/kernel/sys_ia32.c): the argument order of clone, mmap2's
 * offset in pages, lseek's signed 32-bit offset and _llseek's 64-bit one in
 * two words, waitpid's missing rusage. Each rearranges and
 * calls the x86-64 call's work. Their arguments arrive where the x86-64 ABI puts
 * them (entry/syscall_32.c moves them), zero-extended.
 */
#include <asm/page.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <sched.h>
#include <syscalls.h>

/* mmap2(addr, len, prot, flags, fd, pgoff): the offset counts pages, so files past 4 GiB map. */
long sys_ia32_mmap2(struct pt_regs *regs)
{
	regs->r8 = (s32)regs->r8;		/* fd: -1 for an anonymous mapping */
	regs->r9 <<= PAGE_SHIFT;
	return sys_mmap(regs);
}

/*
 * clone(flags, stack, parent_tid, tls, child_tid): i386 passes tls before
 * child_tid (Linux's CONFIG_CLONE_BACKWARDS); tls is a struct user_desc
 * (kernel/fork.c).
 */
long sys_ia32_clone(struct pt_regs *regs)
{
	unsigned long tls = regs->r10;

	regs->r10 = regs->r8;
	regs->r8 = tls;
	return sys_clone(regs);
}

/* _llseek(fd, offset_high, offset_low, result, whence): the new offset goes to *result. */
long sys_ia32_llseek(struct pt_regs *regs)
{
	u64 __user *result = compat_ptr(regs->r10);
	long off;

	regs->si = regs->si << 32 | (u32)regs->dx;
	regs->dx = regs->r8;
	off = sys_lseek(regs);
	if (off < 0)
		return off;
	return copy_to_user(result, &off, sizeof(u64)) ? -EFAULT : 0;
}

/* lseek(fd, offset, whence): the offset is a signed 32-bit off_t. */
long sys_ia32_lseek(struct pt_regs *regs)
{
	regs->si = (s32)regs->si;
	return sys_lseek(regs);
}

/* waitpid(pid, status, options): wait4() without the rusage. */
long sys_ia32_waitpid(struct pt_regs *regs)
{
	regs->r10 = 0;
	return sys_wait4(regs);
}
