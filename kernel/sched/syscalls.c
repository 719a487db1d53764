// SPDX-License-Identifier: GPL-2.0
/*
 * Where a task may run and where it runs: sched_setaffinity(2),
 * sched_getaffinity(2) and getcpu(2), with Linux's arguments and errors. A CPU
 * mask is one unsigned long (NR_CPUS <= 64), Linux's cpumask_size() here.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <sched.h>
#include <smp.h>
#include <syscalls.h>

#define CPUMASK_SIZE	sizeof(unsigned long)

/* pid (a thread ID) 0 is the caller. Returns the task with the task list locked, or NULL. */
static struct task *lock_task(int pid, unsigned long *flags)
{
	struct task *t;

	if (pid < 0)
		return NULL;
	tasklist_lock(flags);
	t = pid ? find_task_by_vpid_locked(pid) : current;
	if (!t)
		tasklist_unlock(*flags);
	return t;
}

/*
 * A length shorter than the mask reads that many bytes into an empty mask; a
 * longer one reads the mask and ignores the rest (Linux's get_user_cpu_mask()).
 * Only online CPUs count: nothing left is -EINVAL.
 */
long sys_sched_setaffinity(struct pt_regs *regs)
{
	const void __user *umask = (const void __user *)regs->dx;
	unsigned long len = regs->si, mask = 0, flags;
	struct task *t;

	if (copy_from_user(&mask, umask, len < CPUMASK_SIZE ? len : CPUMASK_SIZE))
		return -EFAULT;
	t = lock_task((int)regs->di, &flags);
	if (!t)
		return -ESRCH;
	mask &= READ_ONCE(cpu_online_mask);
	if (mask)
		sched_setaffinity_task(t, mask);
	tasklist_unlock(flags);
	return mask ? 0 : -EINVAL;
}

/* Returns the bytes written: the mask's size. Too short or not whole longs: -EINVAL. */
long sys_sched_getaffinity(struct pt_regs *regs)
{
	void __user *umask = (void __user *)regs->dx;
	unsigned long len = regs->si, mask, flags;
	struct task *t;

	if (len * 8 < num_online_cpus() || (len & (sizeof(unsigned long) - 1)))
		return -EINVAL;
	t = lock_task((int)regs->di, &flags);
	if (!t)
		return -ESRCH;
	mask = t->cpus_allowed & READ_ONCE(cpu_online_mask);
	tasklist_unlock(flags);
	if (copy_to_user(umask, &mask, CPUMASK_SIZE))
		return -EFAULT;
	return CPUMASK_SIZE;
}

/* The CPU the caller runs on now (it may move right after), and NUMA node 0. */
long sys_getcpu(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id(), node = 0;

	current->clock_syscalls++;
	if (regs->di && copy_to_user((void __user *)regs->di, &cpu, sizeof(cpu)))
		return -EFAULT;
	if (regs->si && copy_to_user((void __user *)regs->si, &node, sizeof(node)))
		return -EFAULT;
	return 0;
}
