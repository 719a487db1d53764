/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User namespaces (kernel/user_namespace.c), as Linux's for a system where
 * every task is uid 0. A namespace is a scope for capabilities: a task holds
 * its capabilities in its own user namespace, and every capability in each
 * namespace created below it (by uid 0, as every namespace here is: Linux's
 * owner rule), and none in the namespaces above. unshare(CLONE_NEWUSER) and
 * clone(CLONE_NEWUSER) put a task in a new one, with every capability there and
 * none outside it. No uid map can be written (entrylab has no /proc/PID/uid_map),
 * so inside a new namespace uid 0 shows as the overflow uid, 65534.
 */
#ifndef _ENTRYLAB_USER_NAMESPACE_H
#define _ENTRYLAB_USER_NAMESPACE_H

#include <compiler.h>

/* Linux's depth limit: a namespace below one deeper than this is -EUSERS (33 levels). */
#define MAX_USER_NS_LEVEL	32
#define OVERFLOW_UID		65534	/* an unmapped uid or gid, as Linux shows it */

struct user_namespace {
	struct user_namespace *parent;	/* NULL: the initial namespace */
	unsigned int level;		/* 0: the initial namespace */
	int refs;			/* tasks, and namespaces it owns or parents */
};

extern struct user_namespace init_user_ns;

struct task;

/*
 * Whether t has cap in ns: Linux's cap_capable() (security/commoncap.c). Another
 * task's sets are read under sched_lock.
 */
bool has_ns_capability(const struct task *t, const struct user_namespace *ns, int cap);
/* has_ns_capability(current, ns, cap) */
bool ns_capable(const struct user_namespace *ns, int cap);
/* A new namespace below current's, or NULL with *err -EUSERS or -ENOMEM. */
struct user_namespace *create_user_ns(int *err);
void get_user_ns(struct user_namespace *ns);
void put_user_ns(struct user_namespace *ns);
/*
 * t's process (t alone: single-threaded) enters ns, a new one it made: every
 * capability there, nothing inheritable.
 */
void set_user_ns(struct task *t, struct user_namespace *ns);
/* The uid (or gid) 0 as current's namespace shows it: 0, or OVERFLOW_UID without a map. */
int from_kuid_current(void);

#endif
