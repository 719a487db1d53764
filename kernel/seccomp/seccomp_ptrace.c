// SPDX-License-Identifier: GPL-2.0
/*
 * A tracer's look at its tracee's filters, as Linux's seccomp_get_filter() and
 * seccomp_get_metadata(): PTRACE_SECCOMP_GET_FILTER copies out one filter's
 * classic BPF program as it was attached, PTRACE_SECCOMP_GET_METADATA its flags.
 * Checkpoint/restore tools (CRIU) read a process's chain this way to rebuild it.
 *
 * Both need CAP_SYS_ADMIN in a tracer not itself confined by seccomp (-EACCES
 * otherwise: a confined tracer could read a policy meant to be secret from it).
 * Filters are numbered from the oldest, 0; past the newest is -ENOENT, and a
 * tracee with no filters -EINVAL. The tracee is stopped, but another of its
 * threads may give it a filter (TSYNC) meanwhile: the chain is read under the
 * task-table lock, which TSYNC holds, and the filter kept by a reference.
 */
#include <asm/uaccess.h>
#include <capability.h>
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include "seccomp_filter.h"

struct seccomp_metadata {
	u64 filter_off;		/* in: which filter, 0 the oldest */
	u64 flags;		/* out: SECCOMP_FILTER_FLAG_LOG, if it was attached with it */
};

/* t's filter number off into *out, with a reference (seccomp_filter_put() it): 0 or -errno. */
static long get_nth_filter(struct task *t, unsigned long off, struct seccomp_filter **out)
{
	struct seccomp_filter *f;
	unsigned long count = 0, flags;
	long ret = -EINVAL;

	if (!capable(CAP_SYS_ADMIN) || current->seccomp_mode != SECCOMP_MODE_DISABLED)
		return -EACCES;
	tasklist_lock(&flags);
	if (t->seccomp_mode == SECCOMP_MODE_FILTER) {
		for (f = t->seccomp_filter; f; f = f->prev)
			count++;
		ret = off < count ? 0 : -ENOENT;
	}
	if (!ret) {
		f = t->seccomp_filter;			/* the newest: number count - 1 */
		for (unsigned long n = count - 1; n > off; n--)
			f = f->prev;
		__atomic_add_fetch(&f->refs, 1, __ATOMIC_RELAXED);
		*out = f;
	}
	tasklist_unlock(flags);
	return ret;
}

long seccomp_get_filter(struct task *t, unsigned long off, void __user *data)
{
	struct seccomp_filter *f;
	long ret = get_nth_filter(t, off, &f);

	if (ret)
		return ret;
	ret = f->len;			/* instructions; data NULL asks only that */
	if (data && copy_to_user(data, filter_orig_prog(f), f->len * sizeof(f->prog[0])))
		ret = -EFAULT;
	seccomp_filter_put(f);
	return ret;
}

long seccomp_get_metadata(struct task *t, unsigned long size, void __user *data)
{
	struct seccomp_metadata md = { 0 };
	struct seccomp_filter *f;
	long ret;

	size = MIN(size, sizeof(md));
	if (size < sizeof(md.filter_off))
		return -EINVAL;
	if (copy_from_user(&md.filter_off, data, sizeof(md.filter_off)))
		return -EFAULT;
	ret = get_nth_filter(t, md.filter_off, &f);
	if (ret)
		return ret;
	if (f->log)
		md.flags |= SECCOMP_FILTER_FLAG_LOG;
	seccomp_filter_put(f);
	return copy_to_user(data, &md, size) ? -EFAULT : (long)size;
}
