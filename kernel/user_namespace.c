// SPDX-License-Identifier: GPL-2.0
/*
 * User namespaces (include/user_namespace.h), as Linux's kernel/user_namespace.c
 * and the namespace walk of security/commoncap.c's cap_capable(), for a system
 * where every task, and so every namespace's owner, is uid 0.
 */
#include <capability.h>
#include <errno.h>
#include <pmm.h>
#include <sched.h>
#include <user_namespace.h>

struct user_namespace init_user_ns = { .refs = 1 };

/*
 * Linux's cap_capable(): in its own namespace a task has what its effective set
 * says; in a namespace below, what the owner of each namespace on the way has
 * (everything: the owner is uid 0, as the task is, so a task reaching a child
 * of its own namespace has every capability there); above or beside, nothing.
 */
bool has_ns_capability(const struct task *t, const struct user_namespace *ns, int cap)
{
	const struct user_namespace *own = t->signal->user_ns;

	for (;;) {
		if (ns == own)
			return t->caps.effective & BIT(cap);
		if (ns->level <= own->level)
			return false;
		if (ns->parent == own)
			return true;	/* the owner's, uid 0: ours */
		ns = ns->parent;
	}
}

bool ns_capable(const struct user_namespace *ns, int cap)
{
	return has_ns_capability(current, ns, cap);
}

void get_user_ns(struct user_namespace *ns)
{
	__atomic_add_fetch(&ns->refs, 1, __ATOMIC_RELAXED);
}

void put_user_ns(struct user_namespace *ns)
{
	while (ns && !__atomic_sub_fetch(&ns->refs, 1, __ATOMIC_ACQ_REL)) {
		struct user_namespace *parent = ns->parent;

		free_page_object(ns);
		ns = parent;
	}
}

struct user_namespace *create_user_ns(int *err)
{
	struct user_namespace *parent = current->signal->user_ns, *ns;

	if (parent->level > MAX_USER_NS_LEVEL) {
		*err = -EUSERS;
		return NULL;
	}
	_Static_assert(sizeof(*ns) <= PAGE_SIZE, "a user namespace fits its page");
	ns = alloc_page_object();
	if (!ns) {
		*err = -ENOMEM;
		return NULL;
	}
	*ns = (struct user_namespace){ .parent = parent, .level = parent->level + 1, .refs = 1 };
	get_user_ns(parent);
	return ns;
}

/* Linux's set_cred_user_ns(): the full set in the new namespace, the old one's dropped. */
void set_user_ns(struct task *t, struct user_namespace *ns)
{
	unsigned long flags;
	struct user_namespace *old;

	tasklist_lock(&flags);		/* capget() reads another task's sets under it */
	old = t->signal->user_ns;
	t->signal->user_ns = ns;
	caps_init(t);
	tasklist_unlock(flags);
	put_user_ns(old);
}

int from_kuid_current(void)
{
	return current->signal->user_ns == &init_user_ns ? 0 : OVERFLOW_UID;
}
