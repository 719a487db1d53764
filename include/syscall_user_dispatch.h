/* SPDX-License-Identifier: GPL-2.0 */
/* Syscall User Dispatch: the task's setting and its hooks (entry/syscall_user_dispatch.c). */
#ifndef _ENTRYLAB_SYSCALL_USER_DISPATCH_H
#define _ENTRYLAB_SYSCALL_USER_DISPATCH_H

#include <compiler.h>

struct pt_regs;
struct task;

/*
 * What prctl(PR_SET_SYSCALL_USER_DISPATCH) set; the task's own, cleared by fork
 * and execve as Linux clears it. The work bit SYSCALL_WORK_SYSCALL_USER_DISPATCH
 * says whether it is on.
 */
struct syscall_user_dispatch {
	char __user *selector;	/* the byte that says allow or block; NULL: always block */
	unsigned long offset;	/* the range [offset, offset + len) of return addresses */
	unsigned long len;
	unsigned int mode;	/* PR_SYS_DISPATCH_EXCLUSIVE_ON or _INCLUSIVE_ON */
};

/*
 * The entry work's first check, IRQs on: true if the syscall is dispatched to
 * user space (a SIGSYS is queued, or a bad selector kills the process) and must
 * not run.
 */
bool syscall_user_dispatch(struct pt_regs *regs);

/* execve(): the new program starts without dispatch. */
void syscall_user_dispatch_clear(struct task *t);

/* prctl(PR_SET_SYSCALL_USER_DISPATCH, mode, offset, len, selector) for current. */
long set_syscall_user_dispatch(unsigned long mode, unsigned long offset, unsigned long len,
			       char __user *selector);

/* PTRACE_GET/SET_SYSCALL_USER_DISPATCH_CONFIG on the stopped tracee t. */
long syscall_user_dispatch_get_config(struct task *t, unsigned long size, void __user *data);
long syscall_user_dispatch_set_config(struct task *t, unsigned long size,
				      const void __user *data);

#endif
