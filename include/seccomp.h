/* SPDX-License-Identifier: GPL-2.0 */
/* seccomp's hooks into the syscall entry work and fork (kernel/seccomp/seccomp.c). */
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

/*
 * sched_lock held, p linked into its process by clone(): p gets the caller's
 * mode, filters and no_new_privs, and with them its work bit.
 */
void seccomp_fork_locked(struct task *p);

/* Would the checked program prog allow native call nr whatever its arguments? */
struct sock_filter;
bool filter_constant_allow(const struct sock_filter *prog, int nr);

/*
 * A task stops running the chain f (its exit, or task_free() of one that never
 * ran): each filter whose last user it was tells its listener (POLLHUP), and
 * the task's reference goes (Linux's seccomp_filter_release()).
 */
struct seccomp_filter;
void seccomp_filter_release(struct seccomp_filter *f);
/*
 * do_exit(), sched_lock held: t's chain, taken from it in the same hold that
 * ends it, so that no TSYNC gives a dying thread a filter; released after.
 */
struct seccomp_filter *seccomp_exit_locked(struct task *t);

/*
 * PTRACE_SECCOMP_GET_FILTER: t's filter number off (0 the oldest) copied to
 * data (unless NULL), its length in instructions returned; PTRACE_SECCOMP_GET_METADATA:
 * the struct seccomp_metadata at data (size bytes of it) filled in, its size returned
 * (kernel/seccomp/seccomp_ptrace.c).
 */
long seccomp_get_filter(struct task *t, unsigned long off, void __user *data);
long seccomp_get_metadata(struct task *t, unsigned long size, void __user *data);

/* prctl(PR_GET_SECCOMP), prctl(PR_SET_SECCOMP, mode, filter). */
long prctl_get_seccomp(void);
long prctl_set_seccomp(unsigned long mode, unsigned long filter);

#endif
