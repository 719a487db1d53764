/* SPDX-License-Identifier: GPL-2.0 */
/* seccomp's hooks into the syscall entry work and fork (kernel/seccomp.c). */
#ifndef _ENTRYLAB_SECCOMP_H
#define _ENTRYLAB_SECCOMP_H

#include <compiler.h>
#include <thread_info.h>
#include <uapi/seccomp.h>

struct pt_regs;
struct task;

/* The ABI of t's running syscall, as seccomp_data, siginfo and ptrace name it. */
static inline unsigned int syscall_get_arch(struct task *t)
{
	return task_thread_info(t)->status & TS_COMPAT ? AUDIT_ARCH_I386 : AUDIT_ARCH_X86_64;
}

/*
 * The entry work's seccomp check (SYSCALL_WORK_SECCOMP), IRQs on, after the
 * tracer's entry stop: returns nr, or -1 if the syscall must not run. A
 * syscall strict mode does not allow never returns: the thread is killed.
 */
int __secure_computing(struct pt_regs *regs, int nr);

/* The new task p gets the caller's mode and no_new_privs, and with them its work bit. */
void seccomp_fork(struct task *p);

/* Would the checked program prog allow native call nr whatever its arguments? */
struct sock_filter;
bool filter_constant_allow(const struct sock_filter *prog, int nr);

/* task_free(): the task's reference to its filters. */
struct seccomp_filter;
void seccomp_filter_put(struct seccomp_filter *f);

/* prctl(PR_GET_SECCOMP), prctl(PR_SET_SECCOMP, mode, filter). */
long prctl_get_seccomp(void);
long prctl_set_seccomp(unsigned long mode, unsigned long filter);

#endif
