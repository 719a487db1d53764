// SPDX-License-Identifier: GPL-2.0
/*
 * Pid namespaces (include/pid_namespace.h), as Linux's kernel/pid.c and
 * kernel/pid_namespace.c: a task's numbers, their translation, and the
 * namespaces' lifetime. Numbers are found by scanning the task table under
 * sched_lock, as every lookup by pid is here (kernel/task.c). How a namespace
 * ends with its init is exit's: zap_pid_ns_processes() in kernel/exit.c.
 */
#include <errno.h>
#include <kernel.h>
#include <pid_namespace.h>
#include <pmm.h>
#include <sched.h>
#include <user_namespace.h>
#include <wait.h>

struct pid_namespace init_pid_ns = {
	.user_ns = &init_user_ns, .adding = true, .refs = 1,
};

/* ns itself, or the namespace above it at level (at most ns->level). */
static const struct pid_namespace *ns_at_level(const struct pid_namespace *ns, unsigned int level)
{
	while (ns->level > level)
		ns = ns->parent;
	return ns;
}

int task_pid_nr_ns(const struct task *t, const struct pid_namespace *ns)
{
	const struct pid_namespace *own = task_pid_ns(t);

	if (own == ns)
		return t->pid;
	if (own->level <= ns->level || ns_at_level(own, ns->level) != ns)
		return 0;
	return t->ns_pids->outer[ns->level];
}

int task_tgid_nr_ns(const struct task *t, const struct pid_namespace *ns)
{
	return task_pid_nr_ns(t->group_leader, ns);
}

int task_pid_vnr(const struct task *t)
{
	return task_pid_nr_ns(t, task_pid_ns(current));
}

int task_tgid_vnr(const struct task *t)
{
	return task_tgid_nr_ns(t, task_pid_ns(current));
}

/* sched_lock held: the task other than self that has nr in ns (any nr: 0), or NULL. */
static struct task *pid_ns_user_locked(const struct pid_namespace *ns, int nr,
				       const struct task *self)
{
	struct task *t;
	unsigned int i;

	for_each_task(t, i) {
		int tnr;

		if (t == self)
			continue;
		tnr = task_pid_nr_ns(t, ns);
		if (tnr && (!nr || tnr == nr))
			return t;
	}
	return NULL;
}

/*
 * The next free number in ns after the last one given, wrapping at PID_MAX to
 * RESERVED_PIDS, as Linux allocates them: a number comes back only after the
 * whole space has gone round, so a program that remembers a tid (a thread map,
 * a pthread handle) never meets a second thread with it. A namespace with no
 * task in it starts over: a new one's first task is its pid 1, and so is init
 * in the initial namespace, started when the self-tests' probes are gone.
 * A free number always exists: the task table has fewer slots than the numbers
 * given out after a wrap (task_table_init()).
 */
static int alloc_nr_locked(struct pid_namespace *ns, const struct task *self)
{
	int nr = pid_ns_user_locked(ns, 0, self) ? ns->last_pid : 0;

	do
		nr = nr + 1 < PID_MAX ? nr + 1 : RESERVED_PIDS;
	while (pid_ns_user_locked(ns, nr, self));
	ns->last_pid = nr;
	return nr;
}

void alloc_pid_locked(struct task *t, struct pid_namespace *ns)
{
	for (unsigned int level = 0; level < ns->level; level++)
		t->ns_pids->outer[level] =
			alloc_nr_locked((struct pid_namespace *)ns_at_level(ns, level), t);
	t->pid = t->tgid = alloc_nr_locked(ns, t);
	if (t->ns_pids)
		t->ns_pids->ns = ns;
}

bool pid_ns_adding_locked(const struct pid_namespace *ns)
{
	for (; ns; ns = ns->parent)
		if (!ns->adding)
			return false;
	return true;
}

void get_pid_ns(struct pid_namespace *ns)
{
	__atomic_add_fetch(&ns->refs, 1, __ATOMIC_RELAXED);
}

void put_pid_ns(struct pid_namespace *ns)
{
	while (ns && !__atomic_sub_fetch(&ns->refs, 1, __ATOMIC_ACQ_REL)) {
		struct pid_namespace *parent = ns->parent;

		put_user_ns(ns->user_ns);
		free_page_object(ns);
		ns = parent;
	}
}

struct pid_namespace *create_pid_ns(struct user_namespace *user_ns, int *err)
{
	struct pid_namespace *parent = task_pid_ns(current), *ns;

	if (parent->level >= MAX_PID_NS_LEVEL) {
		*err = -ENOSPC;
		return NULL;
	}
	_Static_assert(sizeof(*ns) <= PAGE_SIZE, "a pid namespace fits its page");
	ns = alloc_page_object();
	if (!ns) {
		*err = -ENOMEM;
		return NULL;
	}
	*ns = (struct pid_namespace){ .parent = parent, .user_ns = user_ns,
				      .level = parent->level + 1, .adding = true, .refs = 1 };
	get_pid_ns(parent);
	get_user_ns(ns->user_ns);
	return ns;
}

void pid_ns_task_gone_locked(const struct task *t)
{
	for (const struct pid_namespace *ns = task_pid_ns(t); ns->parent; ns = ns->parent)
		if (!ns->adding)
			wake_up_locked(ns);
}
