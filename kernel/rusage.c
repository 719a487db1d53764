// SPDX-License-Identifier: GPL-2.0
/*
 * Resource usage: getrusage(2), times(2), and the rusage wait4() and waitid()
 * give for a reaped child, from the CPU times kernel/sched/cputime.c keeps. The
 * times are all entrylab keeps: every other field of a struct rusage is 0
 * (Linux's maxrss, fault and switch counts), which no caller can mistake for
 * a failure.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <cputime.h>
#include <errno.h>
#include <resource.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>

#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_THREAD	1

struct rusage {
	struct kernel_timeval ru_utime, ru_stime;
	long ru_rest[14];		/* maxrss ... nivcsw: not kept */
};

struct tms {
	long tms_utime, tms_stime, tms_cutime, tms_cstime;
};

/* In the caller's ABI: i386's struct rusage has 32-bit longs (include/compat.h). */
long put_rusage(void __user *ru, u64 utime, u64 stime)
{
	struct kernel_timeval ut = ns_to_timeval(utime), st = ns_to_timeval(stime);
	struct compat_rusage r32;
	struct rusage r;

	if (in_ia32_syscall()) {
		memset(&r32, 0, sizeof(r32));
		r32.ru_utime = (struct old_timeval32){ ut.tv_sec, ut.tv_usec };
		r32.ru_stime = (struct old_timeval32){ st.tv_sec, st.tv_usec };
		return copy_to_user(ru, &r32, sizeof(r32)) ? -EFAULT : 0;
	}
	memset(&r, 0, sizeof(r));
	r.ru_utime = ut;
	r.ru_stime = st;
	return copy_to_user(ru, &r, sizeof(r)) ? -EFAULT : 0;
}

/* getrusage(who, usage): the process's, its waited-for children's, or the thread's. */
long sys_getrusage(struct pt_regs *regs)
{
	int who = (int)regs->di;
	struct task_cputime ct;
	unsigned long flags;

	if (who != RUSAGE_SELF && who != RUSAGE_CHILDREN && who != RUSAGE_THREAD)
		return -EINVAL;
	tasklist_lock(&flags);
	if (who == RUSAGE_CHILDREN)
		ct = (struct task_cputime){ 0, current->signal->cutime, current->signal->cstime };
	else
		task_cputime(current, who == RUSAGE_SELF, &ct);
	tasklist_unlock(flags);
	return put_rusage((void __user *)regs->si, ct.utime, ct.stime);
}

/*
 * times(buf): the process's and its waited-for children's user and system
 * times in clock ticks (sysconf(_SC_CLK_TCK): 100), and the ticks since boot,
 * which only differences give meaning to. buf may be NULL.
 */
long sys_times(struct pt_regs *regs)
{
	struct task_cputime ct;
	unsigned long flags;
	struct tms t;

	if (regs->di) {
		tasklist_lock(&flags);
		task_cputime(current, true, &ct);
		t = (struct tms){ ns_to_clock_t(ct.utime), ns_to_clock_t(ct.stime),
				  ns_to_clock_t(current->signal->cutime),
				  ns_to_clock_t(current->signal->cstime) };
		tasklist_unlock(flags);
		if (copy_to_user((void __user *)regs->di, &t, sizeof(t)))
			return -EFAULT;
	}
	return ns_to_clock_t(ktime_get_ns());
}
