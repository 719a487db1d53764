/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Capabilities (kernel/capability.c), as Linux's: each thread's effective,
 * permitted and inheritable sets and its bounding set. entrylab has no users:
 * every task runs as uid 0, so, as for Linux's root, a program starts (execve)
 * with every capability its bounding set allows, and may drop them (capset(2),
 * PR_CAPBSET_DROP). The sets hold in the task's user namespace
 * (include/user_namespace.h): a check asks ns_capable() of a namespace, or
 * capable() of the initial one, as Linux's.
 */
#ifndef _ENTRYLAB_CAPABILITY_H
#define _ENTRYLAB_CAPABILITY_H

#include <compiler.h>

/* Linux's numbers for the capabilities entrylab checks (uapi linux/capability.h). */
#define CAP_SETPCAP		8	/* change the bounding set, widen the inheritable one */
#define CAP_SYS_RAWIO		17	/* iopl(), ioperm() */
#define CAP_SYS_PTRACE		19	/* trace a task with capabilities we lack */
#define CAP_SYS_ADMIN		21	/* seccomp without no_new_privs, its ptrace calls */
#define CAP_SYS_RESOURCE	24	/* raise a hard resource limit */
#define CAP_LAST_CAP		40	/* CAP_CHECKPOINT_RESTORE, Linux 6.12's last */
#define CAP_VALID_MASK		((1ULL << (CAP_LAST_CAP + 1)) - 1)

struct task_caps {
	u64 effective, permitted, inheritable, bset;
};

struct task;

/* Whether current has cap in the initial user namespace: ns_capable(&init_user_ns, cap). */
bool capable(int cap);
/* Every capability: the first task's, and a task's in the user namespace it creates. */
void caps_init(struct task *t);
/*
 * execve(): a root program's sets, as Linux computes them (the file's sets
 * full): permitted = inheritable | bounding, effective = permitted; with
 * no_new_privs no more than the permitted set before. In a user namespace
 * other than the initial one uid 0 is unmapped, not root: both sets empty.
 */
void caps_exec(struct task *t);
/* prctl(PR_CAPBSET_READ / PR_CAPBSET_DROP, cap). */
long prctl_capbset(int option, unsigned long cap);

#endif
