// SPDX-License-Identifier: GPL-2.0
/*
 * The ptrace requests that read and change the syscall a tracee is stopped in
 * (kernel/ptrace.c calls them; the tracee is stopped and frozen):
 * PTRACE_GETEVENTMSG, PTRACE_GET_SYSCALL_INFO (Linux 5.3) and
 * PTRACE_SET_SYSCALL_INFO (Linux 6.16), which let a tracer such as strace know
 * which stop it is in and what the call is without decoding the registers of
 * each ABI itself.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <kernel.h>
#include <sched.h>
#include <seccomp.h>
#include <syscalls.h>

/* The stop t is in, from its siginfo and event message, as Linux tells them apart. */
static unsigned int syscall_info_op(const struct task *t)
{
	const struct ptrace_state *pt = &t->ptrace;

	if (!pt->signo)
		return PTRACE_SYSCALL_INFO_NONE;
	switch (pt->info.code) {
	case SIGTRAP | 0x80:		/* a syscall stop: only under PTRACE_O_TRACESYSGOOD */
		if (pt->message == PTRACE_EVENTMSG_SYSCALL_ENTRY)
			return PTRACE_SYSCALL_INFO_ENTRY;
		if (pt->message == PTRACE_EVENTMSG_SYSCALL_EXIT)
			return PTRACE_SYSCALL_INFO_EXIT;
		return PTRACE_SYSCALL_INFO_NONE;
	case SIGTRAP | PTRACE_EVENT_SECCOMP << 8:
		return PTRACE_SYSCALL_INFO_SECCOMP;
	default:
		return PTRACE_SYSCALL_INFO_NONE;
	}
}

/**
 * ptrace_get_syscall_info - PTRACE_GET_SYSCALL_INFO
 * @t: the stopped tracee
 * @size: the tracer's buffer size
 * @data: the tracer's buffer
 *
 * Returns the size of what means something for this stop: up to the union for
 * a stop that is no syscall stop, the number and the arguments at an entry (and
 * the filter's data at a seccomp stop), the result at an exit, whose is_error is
 * Linux's: a value in the errno range. At most size bytes are copied.
 */
static long ptrace_get_syscall_info(struct task *t, unsigned long size, void __user *data)
{
	struct pt_regs *regs = t->regs;
	bool compat = task_thread_info(t)->status & TS_COMPAT;
	struct ptrace_syscall_info info = {
		.op = syscall_info_op(t),
		.arch = syscall_get_arch(t),
		.instruction_pointer = regs->ip,
		.stack_pointer = regs->sp,
	};
	unsigned long actual = offsetof(struct ptrace_syscall_info, entry);

	switch (info.op) {
	case PTRACE_SYSCALL_INFO_SECCOMP:
		info.seccomp.ret_data = t->ptrace.message;
		actual = offsetof(struct ptrace_syscall_info, seccomp.reserved2);
		fallthrough;
	case PTRACE_SYSCALL_INFO_ENTRY:
		/* The int the dispatcher runs (Linux's syscall_get_nr()), sign-extended. */
		info.entry.nr = (int)regs->orig_ax;
		for (int i = 0; i < 6; i++)	/* whole registers, for int $0x80 too */
			info.entry.args[i] = *syscall_arg_reg(regs, compat, i);
		if (info.op == PTRACE_SYSCALL_INFO_ENTRY)
			actual = offsetof(struct ptrace_syscall_info, entry.args[6]);
		break;
	case PTRACE_SYSCALL_INFO_EXIT: {
		/* An i386 call's error is its 32-bit value; a result is the whole register. */
		long err = compat ? (s32)regs->ax : (long)regs->ax;

		info.exit.is_error = err < 0 && err >= -MAX_ERRNO;
		info.exit.rval = info.exit.is_error ? err : (long)regs->ax;
		actual = offsetof(struct ptrace_syscall_info, exit.is_error) + 1;
		break;
	}
	}
	if (copy_to_user(data, &info, size < actual ? size : actual))
		return -EFAULT;
	return actual;
}

/**
 * ptrace_set_syscall_info - PTRACE_SET_SYSCALL_INFO
 * @t: the stopped tracee
 * @size: the tracer's buffer size, at least the structure's
 * @data: what to change
 *
 * Linux 6.16's rules: flags and reserved are 0, op is the stop's own (a stop
 * cannot be turned into another kind), the number fits an int (-ERANGE). At
 * an entry or seccomp stop the number and, unless it is -1 (run nothing, keep
 * the result the tracer leaves), the arguments are set; at an exit, the result.
 */
static long ptrace_set_syscall_info(struct task *t, unsigned long size, const void __user *data)
{
	struct pt_regs *regs = t->regs;
	bool compat = task_thread_info(t)->status & TS_COMPAT;
	struct ptrace_syscall_info info;
	int nr;

	if (size < sizeof(info))
		return -EINVAL;
	if (copy_from_user(&info, data, sizeof(info)))
		return -EFAULT;
	if (info.flags || info.reserved || info.op != syscall_info_op(t))
		return -EINVAL;
	switch (info.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
	case PTRACE_SYSCALL_INFO_SECCOMP:	/* entry is seccomp's first part; ret_data
						 * is ignored */
		nr = (int)info.entry.nr;
		if ((u64)(long)nr != info.entry.nr)
			return -ERANGE;
		regs->orig_ax = nr;
		if (nr != -1)
			for (int i = 0; i < 6; i++)
				*syscall_arg_reg(regs, compat, i) = info.entry.args[i];
		return 0;
	case PTRACE_SYSCALL_INFO_EXIT:
		regs->ax = info.exit.rval;
		return 0;
	default:
		return -EINVAL;
	}
}

long ptrace_syscall_request(struct task *t, long request, unsigned long addr, unsigned long data)
{
	switch (request) {
	case PTRACE_GETEVENTMSG:	/* an unsigned long: 32 bits for an i386 tracer */
		return copy_to_user((void __user *)data, &t->ptrace.message,
				    in_ia32_syscall() ? sizeof(u32) : sizeof(long)) ? -EFAULT : 0;
	case PTRACE_GET_SYSCALL_INFO:
		return ptrace_get_syscall_info(t, addr, (void __user *)data);
	case PTRACE_SET_SYSCALL_INFO:
		return ptrace_set_syscall_info(t, addr, (const void __user *)data);
	case PTRACE_GET_SYSCALL_USER_DISPATCH_CONFIG:
		return syscall_user_dispatch_get_config(t, addr, (void __user *)data);
	case PTRACE_SET_SYSCALL_USER_DISPATCH_CONFIG:
		return syscall_user_dispatch_set_config(t, addr, (const void __user *)data);
	default:
		return arch_ptrace(t, request, addr, data);
	}
}
