/* SPDX-License-Identifier: GPL-2.0 */
/* Resource limits (kernel/resource.c): each task's, and the checks that use them. */
#ifndef _ENTRYLAB_RESOURCE_H
#define _ENTRYLAB_RESOURCE_H

#include <compiler.h>
#include <uapi/resource.h>

struct mm;

/* prlimit64()'s work: pid's (0: current's) limit read into *old, and set to *new if given. */
long do_prlimit(int pid, unsigned int resource, const struct rlimit64 *new,
		struct rlimit64 *old);

/* A new task's limits: Linux's defaults for init, where entrylab has the same notion. */
void rlimit_init(struct rlimit64 *rlim);

/* The current task's soft limit. */
unsigned long rlimit(unsigned int resource);

/* A struct rusage at ru with these times in ns, the rest 0 (kernel/rusage.c): 0 or -EFAULT. */
long put_rusage(void __user *ru, u64 utime, u64 stime);

#endif
