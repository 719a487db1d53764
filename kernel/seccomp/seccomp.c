// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp: a task restricts the system calls it and its descendants may make,
 * for good. The check runs in the syscall entry work (entry/work.c), reached
 * through the one test of the syscall-work word that every syscall makes:
 * SYSCALL_WORK_SECCOMP is set on a task once it has a mode and never cleared, so
 * a task without seccomp pays nothing for it.
 *
 * Modes (include/uapi/seccomp.h), as Linux's:
 *  - SECCOMP_MODE_STRICT: read, write, exit and rt_sigreturn only (an i386
 *    call: read, write, exit and sigreturn, by i386's numbers); any other
 *    syscall kills the thread with SIGKILL before it runs. Set by
 *    seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL) or prctl(PR_SET_SECCOMP, 1).
 *  - SECCOMP_MODE_FILTER: classic BPF programs (kernel/seccomp/bpf_filter.c) over the
 *    call's struct seccomp_data, each returning an action; filters stack, the
 *    newest first, and the lowest action of all wins.
 * The mode and the filters are inherited by fork and clone and kept by execve;
 * a task in one mode cannot switch to the other (-EINVAL).
 *
 * As on Linux, a task may install a filter if it has no_new_privs
 * (prctl(PR_SET_NO_NEW_PRIVS)) or CAP_SYS_ADMIN (include/capability.h: a
 * program starts with root's capabilities and may drop them), -EACCES
 * otherwise. no_new_privs itself can only be set, and is kept the same way;
 * at execve it keeps a program from gaining capabilities it had dropped.
 * A tracer with CAP_SYS_ADMIN may suspend a tracee's seccomp
 * (PTRACE_O_SUSPEND_SECCOMP) and read its filters (kernel/seccomp/seccomp_ptrace.c).
 *
 * Linux 5.11's constant-action bitmap: at attach time each filter is emulated
 * for every syscall number with only the number and the architecture known; a
 * number it allows without reading anything else is set in its bitmap, ANDed
 * with the older filters'. Such a call then costs one bit test, not a run of
 * every filter (native calls only: int $0x80's run the filters).
 *
 * SECCOMP_FILTER_FLAG_TSYNC gives the new filter to every thread of the
 * process at once, or to none: each other thread must have no filter or a
 * chain the caller's extends (seccomp_can_sync_threads_locked()).
 *
 * SECCOMP_FILTER_FLAG_NEW_LISTENER gives the new filter a listener, which
 * answers the calls it returns SECCOMP_RET_USER_NOTIF for (kernel/seccomp/seccomp_notify.c);
 * without one such a call is -ENOSYS.
 */
#include <bpf_filter.h>
#include <capability.h>
#include <compat.h>
#include <errno.h>
#include <file.h>
#include <asm/uaccess.h>
#include <pmm.h>
#include <ptrace.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <smp.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/seccomp.h>
#include <uapi/unistd.h>
#include <uapi/unistd_32.h>
#include <user_namespace.h>

#include "seccomp_filter.h"

/* All filters' instructions along a task's chain, each with a 4-instruction penalty. */
#define MAX_INSNS_PER_PATH	32768
#define FILTER_PENALTY		4

static bool allow_test(const unsigned long *allow, int nr)
{
	return allow[nr / 64] & (1UL << (nr % 64));
}

/*
 * Strict mode's whole list (Linux's mode1_syscalls), by the ABI of the call:
 * an int $0x80 call is judged by i386's numbers (mode1_syscalls_32).
 */
static bool strict_allows(int nr)
{
	if (in_ia32_syscall())
		return nr == __NR_ia32_read || nr == __NR_ia32_write || nr == __NR_ia32_exit ||
		       nr == __NR_ia32_sigreturn;
	return nr == __NR_read || nr == __NR_write || nr == __NR_exit || nr == __NR_rt_sigreturn;
}

/* A task starts running f's chain: a reference, and a user. */
static void filter_use(struct seccomp_filter *f)
{
	if (f) {
		__atomic_add_fetch(&f->refs, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&f->users, 1, __ATOMIC_RELAXED);
	}
}

void seccomp_filter_release(struct seccomp_filter *f)
{
	for (struct seccomp_filter *w = f; w && !__atomic_sub_fetch(&w->users, 1, __ATOMIC_ACQ_REL);
	     w = w->prev)
		seccomp_notify_orphaned(w);
	seccomp_filter_put(f);
}

void seccomp_filter_put(struct seccomp_filter *f)
{
	while (f && !__atomic_sub_fetch(&f->refs, 1, __ATOMIC_ACQ_REL)) {
		struct seccomp_filter *prev = f->prev;

		free_frames(virt_to_phys(f), f->frames);
		f = prev;
	}
}

/* What the filters read: the call as it would run, its argument registers whole. */
static void populate_data(struct pt_regs *regs, int nr, struct seccomp_data *sd)
{
	bool compat = task_thread_info(current)->status & TS_COMPAT;

	*sd = (struct seccomp_data){
		.nr = nr,
		.arch = syscall_get_arch(current),
		.instruction_pointer = regs->ip,
	};
#pragma GCC unroll 6
	for (int i = 0; i < 6; i++)
		sd->args[i] = *syscall_arg_reg(regs, compat, i);
}

/*
 * Every filter, newest first; the lowest action wins, compared signed
 * (KILL_PROCESS lowest), and *match is the filter that returned it.
 */
static u32 run_filters(const struct seccomp_data *sd, struct seccomp_filter **match)
{
	u32 ret = SECCOMP_RET_ALLOW;

	for (struct seccomp_filter *f = current->seccomp_filter; f; f = f->prev) {
		u32 cur = bpf_filter_run(f->prog, sd);

		if ((s32)(cur & SECCOMP_RET_ACTION_FULL) < (s32)(ret & SECCOMP_RET_ACTION_FULL)) {
			ret = cur;
			*match = f;
		}
	}
	return ret;
}

/**
 * filter_constant_allow - does prog allow native syscall nr whatever its arguments?
 * @prog: a checked program
 * @nr: the syscall number
 *
 * Runs the program with A known, as Linux's seccomp_is_const_allow() does: a load
 * of the number or the architecture, the constant jumps and an AND of A keep it
 * known; any other instruction (a load of an argument or of the IP, X, scratch
 * words) makes the answer "not constant", so false.
 */
bool filter_constant_allow(const struct sock_filter *prog, int nr)
{
	u32 A = 0;

	for (const struct sock_filter *f = prog;; f++) {
		bool taken;

		switch (f->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (f->k == offsetof(struct seccomp_data, nr))
				A = nr;
			else if (f->k == offsetof(struct seccomp_data, arch))
				A = AUDIT_ARCH_X86_64;
			else
				return false;
			continue;
		case BPF_ALU | BPF_AND | BPF_K:
			A &= f->k;
			continue;
		case BPF_JMP | BPF_JA:
			f += f->k;
			continue;
		case BPF_JMP | BPF_JEQ | BPF_K: taken = A == f->k; break;
		case BPF_JMP | BPF_JGE | BPF_K: taken = A >= f->k; break;
		case BPF_JMP | BPF_JGT | BPF_K: taken = A > f->k; break;
		case BPF_JMP | BPF_JSET | BPF_K: taken = A & f->k; break;
		case BPF_RET | BPF_K:
			return f->k == SECCOMP_RET_ALLOW;
		default:
			return false;
		}
		f += taken ? f->jt : f->jf;
	}
}

/* The new filter f's bitmap, on top of prev's (NULL: every number allowed so far). */
static void prepare_allow_bitmap(struct seccomp_filter *f, const struct seccomp_filter *prev)
{
	for (int nr = 0; nr < NR_syscalls; nr++)
		if ((!prev || allow_test(prev->allow, nr)) && filter_constant_allow(f->prog, nr))
			f->allow[nr / 64] |= 1UL << (nr % 64);
}

/**
 * seccomp_filter_decide - the filters' verdict on the call about to run
 * @regs: the user's registers
 * @nr: the call's number
 * @recheck: the call was changed at a PTRACE_EVENT_SECCOMP stop: no second stop
 *
 * Returns nr, or -1 to skip the call with regs->ax as the action left it.
 * SECCOMP_RET_TRACE stops for a tracer that asked (PTRACE_O_TRACESECCOMP), with
 * the filter's data as the event message; the tracer may change the call or
 * skip it (number -1), and a changed call is judged again (Linux 4.8), with a
 * second TRACE then allowing it. Without such a tracer the call is -ENOSYS.
 */
static int seccomp_filter_decide(struct pt_regs *regs, int nr, bool recheck)
{
	struct seccomp_filter *match = NULL;
	struct seccomp_data sd;
	u32 ret, data;

	/* Allowed by every filter whatever the arguments: one bit test. */
	if ((unsigned int)nr < NR_syscalls && !(task_thread_info(current)->status & TS_COMPAT) &&
	    allow_test(current->seccomp_filter->allow, nr))
		return nr;
	populate_data(regs, nr, &sd);
	ret = run_filters(&sd, &match);
	data = ret & SECCOMP_RET_DATA;
	switch (ret & SECCOMP_RET_ACTION_FULL) {
	case SECCOMP_RET_ALLOW:
	case SECCOMP_RET_LOG:
		return nr;
	case SECCOMP_RET_ERRNO:
		regs->ax = -(long)(data > MAX_ERRNO ? MAX_ERRNO : data);
		return -1;
	case SECCOMP_RET_TRAP:
		regs->ax = regs->orig_ax;	/* the registers as at the call (Linux's
						 * rollback) */
		force_sig_sigsys(SYS_SECCOMP, nr, sd.arch, data, regs->ip);
		return -1;
	case SECCOMP_RET_TRACE:
		if (recheck)
			return nr;
		if (!ptrace_event_enabled(PTRACE_EVENT_SECCOMP)) {
			regs->ax = -ENOSYS;
			return -1;
		}
		/* A SIGKILL during the stop: skip the call, whatever the tracer did. */
		if (ptrace_event(PTRACE_EVENT_SECCOMP, data))
			return -1;
		/* Exit work reads the word again: a PTRACE_SYSCALL resume gets its exit stop. */
		set_tsk_thread_flag(current, TIF_SYSCALL_EXIT_STOP);
		nr = (int)regs->orig_ax;
		if (nr < 0)
			return -1;
		return seccomp_filter_decide(regs, nr, true);
	case SECCOMP_RET_USER_NOTIF:
		return seccomp_user_notify(match, &sd, regs, nr);
	case SECCOMP_RET_KILL_THREAD:
		if (current->signal->live > 1)
			do_exit(SIGSYS);
		fallthrough;
	default:			/* KILL_PROCESS, and any action Linux does not know */
		do_group_exit(SIGSYS);
	}
}

int __secure_computing(struct pt_regs *regs, int nr)
{
	/* A checkpointing tracer (CRIU) with CAP_SYS_ADMIN suspended it: it runs its calls. */
	if (READ_ONCE(current->ptrace.options) & PTRACE_O_SUSPEND_SECCOMP)
		return nr;
	switch (current->seccomp_mode) {
	case SECCOMP_MODE_STRICT:
		if (!strict_allows(nr))
			do_exit(SIGKILL);	/* this thread, as Linux's do_exit(SIGKILL) */
		return nr;
	case SECCOMP_MODE_FILTER:
		return seccomp_filter_decide(regs, nr, false);
	default:
		return nr;
	}
}

struct seccomp_filter *seccomp_exit_locked(struct task *t)
{
	struct seccomp_filter *f = t->seccomp_filter;

	WRITE_ONCE(t->seccomp_filter, NULL);
	return f;
}

void seccomp_fork_locked(struct task *p)
{
	p->seccomp_mode = current->seccomp_mode;
	p->no_new_privs = current->no_new_privs;
	p->seccomp_filter = current->seccomp_filter;
	filter_use(p->seccomp_filter);
	if (p->seccomp_mode != SECCOMP_MODE_DISABLED)
		set_syscall_work(p, SYSCALL_WORK_SECCOMP);
}

/*
 * sched_lock held, which TSYNC holds while it checks and sets the other
 * threads' modes: the caller enters mode for good, its next syscall checked.
 */
static long seccomp_set_mode_locked(int mode)
{
	struct task *t = current;

	if (t->seccomp_mode != SECCOMP_MODE_DISABLED && t->seccomp_mode != mode)
		return -EINVAL;
	WRITE_ONCE(t->seccomp_mode, mode);
	set_syscall_work(t, SYSCALL_WORK_SECCOMP);
	return 0;
}

static long seccomp_set_mode_strict(void)
{
	unsigned long flags;
	long ret;

	tasklist_lock(&flags);
	ret = seccomp_set_mode_locked(SECCOMP_MODE_STRICT);
	tasklist_unlock(flags);
	syscall_work_load_this_cpu(current);
	return ret;
}

/* An i386 caller's struct sock_fprog: a 32-bit pointer. */
struct compat_sock_fprog {
	u16 len;
	compat_uptr_t filter;
};

/* The caller's struct sock_fprog, in its ABI's layout: 0 or -EFAULT. */
static long get_user_fprog(struct sock_fprog *fprog, const void __user *uprog)
{
	struct compat_sock_fprog fprog32;

	if (!in_ia32_syscall())
		return copy_from_user(fprog, uprog, sizeof(*fprog)) ? -EFAULT : 0;
	if (copy_from_user(&fprog32, uprog, sizeof(fprog32)))
		return -EFAULT;
	*fprog = (struct sock_fprog){ .len = fprog32.len, .filter = compat_ptr(fprog32.filter) };
	return 0;
}

/* A checked copy of the user's struct sock_fprog, or an ERR_PTR-style errno in *err. */
static struct seccomp_filter *prepare_filter(const void __user *uprog, bool log, long *err)
{
	struct sock_fprog fprog;
	struct seccomp_filter *f;
	unsigned int frames;
	phys_addr_t pa;

	*err = get_user_fprog(&fprog, uprog);
	if (*err)
		return NULL;
	*err = -EINVAL;
	if (!fprog.len || fprog.len > BPF_MAXINSNS)
		return NULL;
	/* Linux's order: the sock_fprog is read and sized before the privilege check. */
	*err = -EACCES;
	if (!current->no_new_privs && !ns_capable(current->signal->user_ns, CAP_SYS_ADMIN))
		return NULL;
	frames = (sizeof(*f) + 2 * fprog.len * sizeof(struct sock_filter) + PAGE_SIZE - 1) /
		 PAGE_SIZE;
	*err = -ENOMEM;
	pa = alloc_frames(frames);
	if (!pa)
		return NULL;
	f = phys_to_virt(pa);
	*f = (struct seccomp_filter){ .refs = 1, .users = 1, .frames = frames, .log = log,
				      .notify_lock = SPINLOCK_INIT(seccomp_notify_lock),
				      .len = fprog.len };
	*err = -EFAULT;
	if (copy_from_user(f->prog, (const void __user *)fprog.filter,
			   fprog.len * sizeof(struct sock_filter)))
		goto fail;
	memcpy(f->prog + f->len, f->prog, f->len * sizeof(struct sock_filter));
	*err = -EINVAL;
	if (!bpf_filter_check(f->prog, f->len, sizeof(struct seccomp_data)))
		goto fail;
	return f;
fail:
	free_frames(pa, frames);
	return NULL;
}

/* Is older NULL or a filter of newer's chain (newer itself included)? */
static bool is_ancestor(const struct seccomp_filter *older, const struct seccomp_filter *newer)
{
	for (; newer; newer = newer->prev)
		if (newer == older)
			return true;
	return !older;
}

/*
 * sched_lock held: is t another thread of current's process that may make a
 * syscall? A live one, or one clone() linked that has not started yet (it took
 * its seccomp state at the link, under this lock: a sync after that must give
 * it the filter too). Not one in do_exit(), as Linux skips PF_EXITING: it
 * makes no syscall again, and its filter, freed on its way out, must not
 * refuse a sync (a thread leader that ended with pthread_exit() wakes its
 * joiner before it drops its filter).
 */
static bool is_other_thread_locked(const struct task *t)
{
	if (t == current || t->signal != current->signal || t->exiting)
		return false;
	/* A new task is its own leader until link_task() makes it a thread. */
	return task_alive(t) || (t->state == TASK_NEW && t->group_leader == current->group_leader);
}

#define for_each_other_thread_locked(t, i)				\
	for_each_task(t, i)						\
		if (is_other_thread_locked(t))

/*
 * sched_lock held: 0 if every other thread of the process can take the
 * caller's chain (it has no filter, or its chain is one the caller's extends,
 * and it is not in strict mode), else the first one's tid, which TSYNC returns,
 * or -ESRCH with TSYNC_ESRCH (Linux's seccomp_can_sync_threads()).
 */
static long seccomp_can_sync_threads_locked(unsigned long flags)
{
	struct task *t;
	unsigned int i;

	for_each_other_thread_locked(t, i)
		if (t->seccomp_mode == SECCOMP_MODE_STRICT ||
		    !is_ancestor(t->seccomp_filter, current->seccomp_filter))
			return flags & SECCOMP_FILTER_FLAG_TSYNC_ESRCH ? -ESRCH : t->pid;
	return 0;
}

/* The IPI of a sync: this CPU's copy of its running task's work word, reloaded. */
static void reload_syscall_work(void *unused)
{
	syscall_work_load_this_cpu(current);
}

/*
 * sched_lock held, the checks passed: every other thread takes the caller's
 * chain, mode and no_new_privs (Linux's seccomp_sync_threads()). The chain is
 * published before the mode and the mode before the work bit (x86 keeps
 * stores in order), so a thread that sees the bit finds both. A thread's old
 * chain is part of the new one, which keeps a user and a reference on it, so
 * dropping the thread's frees nothing and orphans nothing here. Returns the
 * CPUs running one of them, whose copy of the word is stale.
 */
static unsigned long seccomp_sync_threads_locked(void)
{
	unsigned long running = 0;
	struct task *t;
	unsigned int i;

	for_each_other_thread_locked(t, i) {
		struct seccomp_filter *old = t->seccomp_filter;
		int cpu = READ_ONCE(t->on_cpu);

		filter_use(current->seccomp_filter);
		WRITE_ONCE(t->seccomp_filter, current->seccomp_filter);
		if (old)
			__atomic_sub_fetch(&old->users, 1, __ATOMIC_RELAXED);
		seccomp_filter_put(old);
		if (current->no_new_privs)
			t->no_new_privs = true;
		WRITE_ONCE(t->seccomp_mode, SECCOMP_MODE_FILTER);
		set_syscall_work(t, SYSCALL_WORK_SECCOMP);
		if (cpu >= 0 && cpu != (int)smp_processor_id())
			running |= BIT(cpu);
	}
	return running;
}

/* Has a filter of f's chain a listener (open or not)? A chain gets one at most. */
static bool chain_has_listener(struct seccomp_filter *f)
{
	for (; f; f = f->prev)
		if (READ_ONCE(f->notify.open))
			return true;
	return false;
}

/*
 * The caller's new filter f on top of its chain; with TSYNC on every thread's
 * too, or on none (the first thread that cannot take it named by its tid, or
 * -ESRCH with TSYNC_ESRCH). A thread running on another CPU is sent an IPI
 * that reloads that CPU's copy of the work word, so that its next syscall is
 * checked, not the one after its next switch.
 */
static long seccomp_attach_filter(struct seccomp_filter *f, unsigned long flags)
{
	unsigned long running = 0, cpus;
	unsigned long irqflags, total = 0;
	long ret = 0;

	tasklist_lock(&irqflags);
	/* Under the lock: another thread's TSYNC may have replaced the chain meanwhile. */
	for (const struct seccomp_filter *w = current->seccomp_filter; w; w = w->prev)
		total += w->len + FILTER_PENALTY;
	if ((flags & SECCOMP_FILTER_FLAG_NEW_LISTENER) &&
	    chain_has_listener(current->seccomp_filter))
		ret = -EBUSY;
	else if (total + f->len > MAX_INSNS_PER_PATH)
		ret = -ENOMEM;
	else if (flags & SECCOMP_FILTER_FLAG_TSYNC)
		ret = seccomp_can_sync_threads_locked(flags);
	if (!ret) {
		prepare_allow_bitmap(f, current->seccomp_filter);
		f->prev = current->seccomp_filter;	/* the caller's reference moves to f */
		WRITE_ONCE(current->seccomp_filter, f);
		seccomp_set_mode_locked(SECCOMP_MODE_FILTER);
		if (flags & SECCOMP_FILTER_FLAG_TSYNC)
			running = seccomp_sync_threads_locked();
	}
	tasklist_unlock(irqflags);
	if (ret) {
		seccomp_filter_put(f);
		return ret;
	}
	syscall_work_load_this_cpu(current);
	for (cpus = running; cpus; cpus &= cpus - 1)
		smp_call_function_single(__builtin_ctzl(cpus), reload_syscall_work, NULL, true);
	return 0;
}

/*
 * NEW_LISTENER, as Linux's: a reserved fd and f's listener file in *file, to be
 * installed close-on-exec only once f is attached (so that no fd shortage can
 * follow a success, and no thread sees the listener of a filter that failed).
 * The fd, or -errno with f put.
 */
static long seccomp_new_listener(struct seccomp_filter *f, unsigned long flags,
				 struct file **file)
{
	long fd = fd_reserve();

	if (fd >= 0) {
		*file = seccomp_listener_open(f, flags & SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV);
		if (!*file) {
			fd_unreserve(fd);
			fd = -ENOMEM;
		}
	}
	if (fd < 0)
		seccomp_filter_put(f);
	return fd;
}

static long seccomp_set_mode_filter(unsigned long flags, const void __user *uprog)
{
	const unsigned long known = SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_LOG |
				    SECCOMP_FILTER_FLAG_SPEC_ALLOW |
				    SECCOMP_FILTER_FLAG_NEW_LISTENER |
				    SECCOMP_FILTER_FLAG_TSYNC_ESRCH |
				    SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
	struct task *t = current;
	struct file *file = NULL;
	struct seccomp_filter *f;
	long err, listener = -1;

	if (flags & ~known)
		return -EINVAL;
	/* A listener's fd and TSYNC's tid could not be told apart: TSYNC_ESRCH must say. */
	if ((flags & SECCOMP_FILTER_FLAG_TSYNC) && (flags & SECCOMP_FILTER_FLAG_NEW_LISTENER) &&
	    !(flags & SECCOMP_FILTER_FLAG_TSYNC_ESRCH))
		return -EINVAL;
	if ((flags & SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV) &&
	    !(flags & SECCOMP_FILTER_FLAG_NEW_LISTENER))
		return -EINVAL;
	if (t->seccomp_mode == SECCOMP_MODE_STRICT)
		return -EINVAL;
	f = prepare_filter(uprog, flags & SECCOMP_FILTER_FLAG_LOG, &err);
	if (!f)
		return err;
	if (flags & SECCOMP_FILTER_FLAG_NEW_LISTENER) {
		listener = seccomp_new_listener(f, flags, &file);
		if (listener < 0)
			return listener;
	}
	err = seccomp_attach_filter(f, flags);
	if (listener < 0)
		return err;
	if (err)
		fd_unreserve(listener);
	else
		fd_install_reserved(listener, file, true);
	file_put(file);		/* the table's reference, if any, keeps it; else f goes with it */
	return err ? err : listener;
}

/* SECCOMP_GET_ACTION_AVAIL: 0 for an action this kernel knows, -EOPNOTSUPP else. */
static long seccomp_get_action_avail(const void __user *uaction)
{
	u32 action;

	if (copy_from_user(&action, uaction, sizeof(action)))
		return -EFAULT;
	switch (action) {
	case SECCOMP_RET_KILL_PROCESS: case SECCOMP_RET_KILL_THREAD: case SECCOMP_RET_TRAP:
	case SECCOMP_RET_ERRNO: case SECCOMP_RET_USER_NOTIF: case SECCOMP_RET_TRACE:
	case SECCOMP_RET_LOG: case SECCOMP_RET_ALLOW:
		return 0;
	}
	return -EOPNOTSUPP;
}

static long seccomp_get_notif_sizes(void __user *usizes)
{
	struct seccomp_notif_sizes sizes = {
		.seccomp_notif = sizeof(struct seccomp_notif),
		.seccomp_notif_resp = sizeof(struct seccomp_notif_resp),
		.seccomp_data = sizeof(struct seccomp_data)
	};

	return copy_to_user(usizes, &sizes, sizeof(sizes)) ? -EFAULT : 0;
}

long prctl_get_seccomp(void)
{
	return current->seccomp_mode;
}

long prctl_set_seccomp(unsigned long mode, unsigned long filter)
{
	switch (mode) {
	case SECCOMP_MODE_STRICT:
		return seccomp_set_mode_strict();
	case SECCOMP_MODE_FILTER:
		return seccomp_set_mode_filter(0, (const void __user *)filter);
	}
	return -EINVAL;
}

/* seccomp(op, flags, uargs) */
long sys_seccomp(struct pt_regs *regs)
{
	unsigned int op = regs->di;
	unsigned long flags = (unsigned int)regs->si;
	void __user *uargs = (void __user *)regs->dx;

	switch (op) {
	case SECCOMP_SET_MODE_STRICT:
		if (flags || uargs)
			return -EINVAL;
		return seccomp_set_mode_strict();
	case SECCOMP_SET_MODE_FILTER:
		return seccomp_set_mode_filter(flags, uargs);
	case SECCOMP_GET_ACTION_AVAIL:
		return flags ? -EINVAL : seccomp_get_action_avail(uargs);
	case SECCOMP_GET_NOTIF_SIZES:
		return flags ? -EINVAL : seccomp_get_notif_sizes(uargs);
	}
	return -EINVAL;
}
