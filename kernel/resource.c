// SPDX-License-Identifier: GPL-2.0
/*
 * Resource limits: getrlimit(2), setrlimit(2) and prlimit64(2), with Linux's
 * numbers, defaults and errors. Each process has its own, shared by its threads.
 * What is enforced: RLIMIT_AS (mmap and brk fail with -ENOMEM past it),
 * RLIMIT_DATA (brk does not grow past it), RLIMIT_STACK (the stack grows down
 * to it on faults, at most USER_STACK_MAX: include/user_layout.h says why its
 * default is smaller than Linux's) and RLIMIT_SIGPENDING (kernel/signal.c
 * counts the pending signals and the POSIX timers against it). The others are
 * kept and reported; RLIMIT_NPROC's default is Linux's, half of threads-max
 * (init_task's in kernel/fork.c's fork_init()).
 */
#include <asm/uaccess.h>
#include <capability.h>
#include <errno.h>
#include <file.h>
#include <mm.h>
#include <resource.h>
#include <sched.h>
#include <syscalls.h>
#include <user_layout.h>

void rlimit_init(struct rlimit64 *rlim)
{
	for (unsigned int i = 0; i < RLIM_NLIMITS; i++)
		rlim[i] = (struct rlimit64){ RLIM_INFINITY, RLIM_INFINITY };
	rlim[RLIMIT_STACK].cur = USER_STACK_MAX;
	rlim[RLIMIT_CORE].cur = 0;
	rlim[RLIMIT_NPROC] = (struct rlimit64){ max_threads / 2, max_threads / 2 };
	rlim[RLIMIT_NOFILE] = (struct rlimit64){ 1024, 4096 };
	rlim[RLIMIT_MEMLOCK] = (struct rlimit64){ 8UL << 20, 8UL << 20 };
	/* Pending signals and timers (kernel/signal.c): a set of each number's, and the pool. */
	rlim[RLIMIT_SIGPENDING] = (struct rlimit64){ _NSIG + SIGQUEUE_MAX, _NSIG + SIGQUEUE_MAX };
	rlim[RLIMIT_MSGQUEUE] = (struct rlimit64){ 819200, 819200 };
	rlim[RLIMIT_NICE] = (struct rlimit64){ 0, 0 };
	rlim[RLIMIT_RTPRIO] = (struct rlimit64){ 0, 0 };
}

unsigned long rlimit(unsigned int resource)
{
	return READ_ONCE(current->signal->rlim[resource].cur);
}

/*
 * Limits are per process, shared by its threads. They change under the task
 * list's lock, so that another process cannot end meanwhile, and so that two
 * threads setting one limit do not tear it. Returns the old limit in *old.
 */
long do_prlimit(int pid, unsigned int resource, const struct rlimit64 *new,
		struct rlimit64 *old)
{
	unsigned long flags;
	struct task *t;

	if (resource >= RLIM_NLIMITS || (new && new->cur > new->max))
		return -EINVAL;
	if (new && resource == RLIMIT_NOFILE && new->max > NR_OPEN_MAX)
		return -EPERM;
	if (pid < 0)
		return -ESRCH;
	tasklist_lock(&flags);
	t = pid ? find_process_by_vpid_locked(pid) : current;
	if (!t) {
		tasklist_unlock(flags);
		return -ESRCH;
	}
	*old = t->signal->rlim[resource];
	if (new && new->max > old->max && !capable(CAP_SYS_RESOURCE)) {
		tasklist_unlock(flags);
		return -EPERM;			/* only the privileged raise a hard limit */
	}
	if (new)
		t->signal->rlim[resource] = *new;
	tasklist_unlock(flags);
	return 0;
}

long sys_prlimit64(struct pt_regs *regs)
{
	const void __user *unew = (const void __user *)regs->dx;
	void __user *uold = (void __user *)regs->r10;
	struct rlimit64 new, old;
	long err;

	if (unew && copy_from_user(&new, unew, sizeof(new)))
		return -EFAULT;
	err = do_prlimit((int)regs->di, regs->si, unew ? &new : NULL, &old);
	if (!err && uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return err;
}

long sys_getrlimit(struct pt_regs *regs)
{
	struct rlimit64 old;
	long err = do_prlimit(0, regs->di, NULL, &old);

	if (!err && copy_to_user((void __user *)regs->si, &old, sizeof(old)))
		return -EFAULT;
	return err;
}

long sys_setrlimit(struct pt_regs *regs)
{
	struct rlimit64 new, old;

	if (copy_from_user(&new, (const void __user *)regs->si, sizeof(new)))
		return -EFAULT;
	return do_prlimit(0, regs->di, &new, &old);
}
