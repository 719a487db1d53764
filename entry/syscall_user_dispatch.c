// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall User Dispatch (Linux 5.11): a program that runs code it did not
 * compile for Linux (Wine running a Windows binary, a binary translator) asks
 * that the system calls that code makes come back to it as SIGSYS, to be
 * emulated, while its own calls still run. Which is which is decided by where
 * the call comes from, a range of return addresses, and by a byte of user
 * memory, the selector, that the program flips as it switches between the two
 * kinds of code, with no system call to do so.
 *
 * It is the first piece of the syscall entry work (entry/work.c), before the
 * tracer's stop and seccomp: a dispatched call is not a Linux call at all (its
 * number and arguments mean what the foreign ABI says), so nothing that judges
 * Linux calls may see it. For the same reason the dispatched call has no exit
 * stop: the tracer's stop, which would arm it, never came.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <entry-common.h>
#include <errno.h>
#include <mm.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <syscall_user_dispatch.h>
#include <vdso.h>
#include <uapi/prctl.h>
#include <uapi/ptrace.h>

/*
 * The 32-bit vDSO's sigreturn or rt_sigreturn, where a handler without
 * SA_RESTORER returns (Linux's arch_syscall_is_vdso_sigreturn()): never
 * dispatched, so that a SIGSYS handler may return with the selector on BLOCK.
 */
static bool is_vdso32_sigreturn(const struct pt_regs *regs)
{
	const struct mm *mm = current->mm;

	return mm->ia32 && in_ia32_syscall() &&
	       (regs->ip == mm->vdso + vdso32_sym.sigreturn_landing_pad ||
		regs->ip == mm->vdso + vdso32_sym.rt_sigreturn_landing_pad);
}

/**
 * syscall_user_dispatch - dispatch the syscall in regs to user space, or not
 * @regs: the user's registers at the syscall, orig_ax its number
 *
 * IRQs on. EXCLUSIVE_ON dispatches calls from outside the range, INCLUSIVE_ON
 * (Linux 6.17) those from inside it; then the selector decides, read at each
 * call (its address was checked at prctl() time): ALLOW runs the call, BLOCK
 * dispatches it, anything else kills the process with SIGSYS, as does a
 * selector that cannot be read now (SIGSEGV). A dispatched call is rolled back
 * (ax holds its number again, as the handler expects to find it) and a SIGSYS
 * with SYS_USER_DISPATCH, the number and the call's return address is forced.
 */
bool syscall_user_dispatch(struct pt_regs *regs)
{
	struct syscall_user_dispatch *sd = &current->dispatch;
	bool in_range = regs->ip - sd->offset < sd->len;
	char state;

	if (in_range != (sd->mode == PR_SYS_DISPATCH_INCLUSIVE_ON))
		return false;
	if (is_vdso32_sigreturn(regs))
		return false;
	if (sd->selector) {
		if (copy_from_user(&state, sd->selector, 1))
			do_group_exit(SIGSEGV);
		if (state == SYSCALL_DISPATCH_FILTER_ALLOW)
			return false;
		if (state != SYSCALL_DISPATCH_FILTER_BLOCK)
			do_group_exit(SIGSYS);
	}
	regs->ax = regs->orig_ax;
	force_sig_sigsys(SYS_USER_DISPATCH, (int)regs->orig_ax, syscall_get_arch(current), 0,
			 regs->ip);
	return true;
}

static long task_set_syscall_user_dispatch(struct task *t, unsigned long mode,
					   unsigned long offset, unsigned long len,
					   char __user *selector)
{
	switch (mode) {
	case PR_SYS_DISPATCH_OFF:
		if (offset || len || selector)
			return -EINVAL;
		break;
	case PR_SYS_DISPATCH_EXCLUSIVE_ON:
	case PR_SYS_DISPATCH_INCLUSIVE_ON:
		/* A range that wraps; an empty one at 0 is "no range", as Linux allows. */
		if (offset && offset + len <= offset)
			return -EINVAL;
		if (selector && !access_ok(selector, 1))
			return -EFAULT;
		break;
	default:
		return -EINVAL;
	}
	t->dispatch = (struct syscall_user_dispatch){ .selector = selector, .offset = offset,
						      .len = len, .mode = mode };
	assign_syscall_work(t, SYSCALL_WORK_SYSCALL_USER_DISPATCH, mode != PR_SYS_DISPATCH_OFF);
	return 0;
}

long set_syscall_user_dispatch(unsigned long mode, unsigned long offset, unsigned long len,
			       char __user *selector)
{
	long ret = task_set_syscall_user_dispatch(current, mode, offset, len, selector);

	syscall_work_load_this_cpu(current);	/* the next syscall is judged */
	return ret;
}

void syscall_user_dispatch_clear(struct task *t)
{
	t->dispatch = (struct syscall_user_dispatch){ 0 };
	clear_syscall_work(t, SYSCALL_WORK_SYSCALL_USER_DISPATCH);
	syscall_work_load_this_cpu(t);
}

long syscall_user_dispatch_get_config(struct task *t, unsigned long size, void __user *data)
{
	const struct syscall_user_dispatch *sd = &t->dispatch;
	bool on = task_thread_info(t)->syscall_work & BIT(SYSCALL_WORK_SYSCALL_USER_DISPATCH);
	struct ptrace_sud_config cfg = {
		.mode = on ? sd->mode : PR_SYS_DISPATCH_OFF,
		.selector = (unsigned long)sd->selector,
		.offset = sd->offset,
		.len = sd->len,
	};

	if (size != sizeof(cfg))
		return -EINVAL;
	return copy_to_user(data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}

/* The tracee is stopped: its CPU copy of the work is refreshed when the stop ends. */
long syscall_user_dispatch_set_config(struct task *t, unsigned long size,
				      const void __user *data)
{
	struct ptrace_sud_config cfg;

	if (size != sizeof(cfg))
		return -EINVAL;
	if (copy_from_user(&cfg, data, sizeof(cfg)))
		return -EFAULT;
	return task_set_syscall_user_dispatch(t, cfg.mode, cfg.offset, cfg.len,
					      (char __user *)cfg.selector);
}
