/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pid namespaces (kernel/pid_namespace.c), as Linux's. A task has a number in
 * its own pid namespace and in each namespace above it, and none in the rest:
 * a namespace sees its own tasks and its descendants', never its ancestors' or
 * siblings'. The first task of a new namespace is its pid 1, its init: orphans
 * in the namespace go to it, signals from inside with no handler do not reach
 * it, and when it ends every task in the namespace is killed and no new one can
 * enter (fork: -ENOMEM).
 *
 * struct task keeps its number in its own namespace in ->pid (->tgid: its
 * leader's), what gettid() and getpid() return with one load. A task below the
 * initial namespace also has a struct pid_numbers: which namespace, and its
 * numbers in those above. Every pid given to or taken from user space is a
 * number in the caller's namespace: task_pid_vnr(), find_task_by_vpid_locked().
 */
#ifndef _ENTRYLAB_PID_NAMESPACE_H
#define _ENTRYLAB_PID_NAMESPACE_H

#include <compiler.h>

#define MAX_PID_NS_LEVEL	32	/* Linux's depth limit: deeper is -ENOSPC */

struct user_namespace;
struct task;

struct pid_namespace {
	struct pid_namespace *parent;	/* NULL: the initial namespace */
	struct user_namespace *user_ns;	/* whose CAP_SYS_ADMIN governs it */
	unsigned int level;		/* 0: the initial namespace */
	int last_pid;			/* the number last given here, under sched_lock */
	/* false once its init has ended: no task may enter (Linux's PIDNS_ADDING). */
	bool adding;
	int refs;			/* tasks in it or forking into it, child namespaces */
};

extern struct pid_namespace init_pid_ns;

/* A task's place below the initial namespace (a page of its own: task_create()). */
struct pid_numbers {
	struct pid_namespace *ns;	/* its own namespace, where task->pid is */
	int outer[MAX_PID_NS_LEVEL];	/* its number in each namespace above, by level */
};

/* t's number in ns, 0 if ns cannot see t. */
int task_pid_nr_ns(const struct task *t, const struct pid_namespace *ns);
/* The same for t's process (its leader's number). */
int task_tgid_nr_ns(const struct task *t, const struct pid_namespace *ns);
/* t's thread and process numbers as current sees them (0: it cannot). */
int task_pid_vnr(const struct task *t);
int task_tgid_vnr(const struct task *t);
/*
 * sched_lock held: numbers for t, new, in ns and every namespace above it (the
 * first task of a namespace is its pid 1), into t->ns_pids below the initial
 * namespace. The caller holds ns's reference for t.
 */
void alloc_pid_locked(struct task *t, struct pid_namespace *ns);
/* sched_lock held: may a task still enter ns (its init and every one above live)? */
bool pid_ns_adding_locked(const struct pid_namespace *ns);
/* A new namespace below current's, owned by user_ns; NULL with *err -ENOSPC or -ENOMEM. */
struct pid_namespace *create_pid_ns(struct user_namespace *user_ns, int *err);
void get_pid_ns(struct pid_namespace *ns);
void put_pid_ns(struct pid_namespace *ns);
/*
 * Called by the last thread of a namespace's init, as it exits (kernel/exit.c):
 * no task may enter any more, every other one in the namespace is killed, and
 * the init waits until each is reaped (Linux's zap_pid_ns_processes()). IRQs
 * on, no lock held.
 */
void zap_pid_ns_processes(struct pid_namespace *ns);
/* sched_lock held: t is reaped, or is freed: wakes the init of a dying namespace of t's. */
void pid_ns_task_gone_locked(const struct task *t);

#endif
