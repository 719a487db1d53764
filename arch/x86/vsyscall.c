// SPDX-License-Identifier: GPL-2.0
/*
 * The vsyscall page, in Linux's default mode today (vsyscall=xonly, Linux's
 * arch/x86/entry/vsyscall/vsyscall_64.c).
 *
 * Before the vDSO, x86-64 programs called three functions at fixed addresses in
 * the kernel half: gettimeofday at 0xffffffffff600000, time at +0x400, getcpu at
 * +0x800. Old static binaries still do. Nothing is mapped there: a call faults
 * as an instruction fetch from ring 3, and the page fault handler emulates the
 * function: the syscall it stands for, then the RET that would have ended it.
 * Reads of the page fault as any kernel address does (Linux's xonly: the page's
 * old contents were a gadget collection at a fixed address), so there is nothing
 * for ptrace or process_vm_readv() to read either. A call anywhere else in the
 * page, or with a stack that holds no return address, is SIGSEGV; so is a bad
 * pointer argument, which the syscall answers -EFAULT.
 */
#include <asm/traps.h>
#include <asm/uaccess.h>
#include <asm/vsyscall.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <syscalls.h>
#include <uapi/unistd.h>

/* The syscall each entry point stands for: VSYSCALL_ADDR + 0x000, + 0x400, + 0x800. */
static const int vsyscall_nr[] = { __NR_gettimeofday, __NR_time, __NR_getcpu };

bool emulate_vsyscall(struct pt_regs *regs, unsigned long addr, unsigned long err)
{
	unsigned long off = addr - VSYSCALL_ADDR, caller;
	long ret;

	if (!(err & X86_PF_INSTR) || addr != regs->ip)
		return false;			/* a read or write: the plain fault */
	if (off & 0x3ff || off / 0x400 >= ARRAY_SIZE(vsyscall_nr) ||
	    copy_from_user(&caller, (const void __user *)regs->sp, sizeof(caller))) {
		force_sig_fault(SIGSEGV, SI_KERNEL, 0, X86_TRAP_PF, err);
		return true;			/* inside a function, or no stack */
	}
	regs->orig_ax = vsyscall_nr[off / 0x400];
	ret = sys_call_table[regs->orig_ax](regs);
	regs->orig_ax = -1UL;			/* nothing to restart: it is done */
	if (ret == -EFAULT) {
		force_sig_fault(SIGSEGV, SI_KERNEL, 0, X86_TRAP_PF, err);
		return true;			/* Linux: "vsyscall fault (exploit attempt?)" */
	}
	regs->ax = ret;
	regs->ip = caller;			/* and the RET */
	regs->sp += 8;
	return true;
}
