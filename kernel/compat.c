// SPDX-License-Identifier: GPL-2.0
/*
 * The i386 system calls whose structures hold pointers, longs or a 32-bit
 * time_t (include/compat.h), as Linux's compat_sys_* calls: each reads the i386
 * layout, does the x86-64 call's work, and writes the i386 layout back. Their
 * arguments arrive where the x86-64 ABI puts them (entry/syscall_32.c moves
 * them), zero-extended. The time32 calls are kernel/time/time.c's and
 * kernel/futex/core.c's, beside the calls they share their work with.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <resource.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>

/* do_sigaction() with i386's struct sigaction in and out (kernel copies; either NULL). */
static long do_compat_sigaction(int sig, const struct compat_sigaction *act,
				struct compat_sigaction *oact)
{
	struct kernel_sigaction new, old;
	long err;

	if (act)
		new = (struct kernel_sigaction){
			.handler = act->handler, .flags = act->flags, .restorer = act->restorer,
			.mask = act->mask[0] | (u64)act->mask[1] << 32,
		};
	err = do_sigaction(sig, act ? &new : NULL, oact ? &old : NULL);
	if (!err && oact)
		*oact = (struct compat_sigaction){
			.handler = old.handler, .flags = old.flags, .restorer = old.restorer,
			.mask = { (u32)old.mask, (u32)(old.mask >> 32) },
		};
	return err;
}

/* rt_sigaction(sig, act, oact, sigsetsize) with i386's struct sigaction. */
long compat_sys_rt_sigaction(struct pt_regs *regs)
{
	const struct compat_sigaction __user *uact = compat_ptr(regs->si);
	struct compat_sigaction __user *uoact = compat_ptr(regs->dx);
	struct compat_sigaction a, oa;
	long err;

	if (regs->r10 != sizeof(sigset_t))
		return -EINVAL;
	if (uact && copy_from_user(&a, uact, sizeof(a)))
		return -EFAULT;
	err = do_compat_sigaction((int)regs->di, uact ? &a : NULL, uoact ? &oa : NULL);
	if (!err && uoact && copy_to_user(uoact, &oa, sizeof(oa)))
		return -EFAULT;
	return err;
}

/*
 * sigaction(sig, act, oact): i386's first form, whose mask is the first 32
 * signals; a new mask's others are clear, as on Linux.
 */
long compat_sys_sigaction(struct pt_regs *regs)
{
	const struct compat_old_sigaction __user *uact = compat_ptr(regs->si);
	struct compat_old_sigaction __user *uoact = compat_ptr(regs->dx);
	struct compat_sigaction a, oa;
	struct compat_old_sigaction o;
	long err;

	if (uact) {
		if (copy_from_user(&o, uact, sizeof(o)))
			return -EFAULT;
		a = (struct compat_sigaction){ o.handler, o.flags, o.restorer, { o.mask, 0 } };
	}
	err = do_compat_sigaction((int)regs->di, uact ? &a : NULL, uoact ? &oa : NULL);
	if (err || !uoact)
		return err;
	o = (struct compat_old_sigaction){ oa.handler, oa.mask[0], oa.flags, oa.restorer };
	return copy_to_user(uoact, &o, sizeof(o)) ? -EFAULT : 0;
}

/* sigaltstack(ss, old) with i386's stack_t. */
long compat_sys_sigaltstack(struct pt_regs *regs)
{
	const compat_stack_t __user *uss = compat_ptr(regs->di);
	compat_stack_t __user *uold = compat_ptr(regs->si);
	kernel_stack_t ss, old;
	compat_stack_t s32;
	int err;

	if (uss) {
		if (copy_from_user(&s32, uss, sizeof(s32)))
			return -EFAULT;
		ss = (kernel_stack_t){ .ss_sp = compat_ptr(s32.ss_sp), .ss_flags = s32.ss_flags,
				       .ss_size = s32.ss_size };
	}
	err = do_sigaltstack(uss ? &ss : NULL, &old, regs->sp);
	if (err || !uold)
		return err;
	s32 = (compat_stack_t){ .ss_sp = (u32)(unsigned long)old.ss_sp, .ss_flags = old.ss_flags,
				.ss_size = old.ss_size };
	return copy_to_user(uold, &s32, sizeof(s32)) ? -EFAULT : 0;
}

/* A limit as i386's 32-bit rlim_t: anything past it reads as RLIM_INFINITY, as Linux's. */
static u32 rlim_to_compat(u64 v)
{
	return v >= 0xffffffffUL ? 0xffffffffU : v;
}

static u64 rlim_from_compat(u32 v)
{
	return v == 0xffffffffU ? RLIM_INFINITY : v;
}

/* ugetrlimit(resource, rlim) */
long compat_sys_getrlimit(struct pt_regs *regs)
{
	struct rlimit64 old;
	struct compat_rlimit r;
	long err = do_prlimit(0, regs->di, NULL, &old);

	if (err)
		return err;
	r = (struct compat_rlimit){ rlim_to_compat(old.cur), rlim_to_compat(old.max) };
	return copy_to_user(compat_ptr(regs->si), &r, sizeof(r)) ? -EFAULT : 0;
}

/* setrlimit(resource, rlim) */
long compat_sys_setrlimit(struct pt_regs *regs)
{
	struct rlimit64 new, old;
	struct compat_rlimit r;

	if (copy_from_user(&r, compat_ptr(regs->si), sizeof(r)))
		return -EFAULT;
	new = (struct rlimit64){ rlim_from_compat(r.rlim_cur), rlim_from_compat(r.rlim_max) };
	return do_prlimit(0, regs->di, &new, &old);
}

/* set_robust_list(head, len): i386's list head is three 32-bit words. */
long compat_sys_set_robust_list(struct pt_regs *regs)
{
	return regs->si == 3 * sizeof(compat_uptr_t) ? 0 : -EINVAL;
}
