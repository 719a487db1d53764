// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 half of ptrace: a stopped tracee's registers as struct
 * user_regs_struct (PTRACE_GETREGS, SETREGS, PEEKUSER and POKEUSER of the
 * registers), its FXSAVE image (GETFPREGS, SETFPREGS) and its debug registers
 * (u_debugreg, arch/x86/hw_breakpoint.c).
 *
 * The tracee is off every CPU (kernel/ptrace.c waits for that), so its registers
 * are all in memory: the general ones in its pt_regs, FS and GS in task->thread.segs,
 * the FPU in task->thread.fpu, and its next switch in loads what the tracer wrote. A
 * write is checked as Linux checks it where the CPU would otherwise fault in the
 * kernel or run ring 3 with kernel privileges: CS and SS must be the GDT's user
 * selectors, the data selectors null or RPL 3, the bases user addresses, and the
 * flags only those sigreturn may set too. DS, ES, FS and GS are the task's
 * saved selectors (task->thread.segs), loaded at its next switch in. An i386 tracer
 * sees them through arch/x86/ptrace_ia32.c.
 */
#include <asm/debugreg.h>
#include <asm/fpu.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <ptrace.h>
#include <sched.h>
#include <string.h>

#define REG(field)	(offsetof(struct user_regs_struct, field) / sizeof(unsigned long))

/* user_regs_struct begins with struct pt_regs, word for word, as on Linux. */
_Static_assert(offsetof(struct user_regs_struct, ss) == offsetof(struct pt_regs, ss),
	       "user_regs_struct must start with pt_regs' layout");
_Static_assert(sizeof(struct user_regs_struct) == 27 * sizeof(unsigned long),
	       "user_regs_struct is Linux's 27 words");

unsigned long ptrace_getreg(struct task *t, unsigned int n)
{
	switch (n) {
	case REG(fs_base):
		return t->thread.segs.fsbase;
	case REG(gs_base):
		return t->thread.segs.gsbase;
	case REG(fs):
		return t->thread.segs.fsindex;
	case REG(gs):
		return t->thread.segs.gsindex;
	case REG(ds):
		return t->thread.segs.dsindex;
	case REG(es):
		return t->thread.segs.esindex;
	default:
		return ((unsigned long *)t->regs)[n];
	}
}

/* Linux's rule for a data selector a tracer writes: null, or RPL 3. */
static bool user_selector_ok(unsigned long sel)
{
	return sel <= 0xffff && (sel == 0 || (sel & 3) == 3);
}

int ptrace_putreg(struct task *t, unsigned int n, unsigned long val)
{
	struct pt_regs *regs = t->regs;

	switch (n) {
	case REG(cs):
		if (val != __USER_CS && val != __USER32_CS)
			return -EIO;
		break;
	case REG(ss):
		if (val != __USER_DS)
			return -EIO;
		break;
	case REG(flags):
		regs->flags = (regs->flags & ~FIX_EFLAGS) | (val & FIX_EFLAGS);
		t->ptrace.forced_tf = false;	/* TF is the tracer's choice now */
		return 0;
	case REG(fs_base):
	case REG(gs_base):
		if (val >= TASK_SIZE_MAX)
			return -EIO;
		*(n == REG(fs_base) ? &t->thread.segs.fsbase : &t->thread.segs.gsbase) = val;
		return 0;
	case REG(fs):
	case REG(gs):
		if (!user_selector_ok(val))
			return -EIO;
		/* Loaded at the switch in; one that names no usable segment loads as null. */
		*(n == REG(fs) ? &t->thread.segs.fsindex : &t->thread.segs.gsindex) = val;
		return 0;
	case REG(ds):
	case REG(es):
		if (!user_selector_ok(val))
			return -EIO;
		*(n == REG(ds) ? &t->thread.segs.dsindex : &t->thread.segs.esindex) = val;
		return 0;
	}
	((unsigned long *)regs)[n] = val;
	return 0;
}

static long peek_user(struct task *t, unsigned long addr, unsigned long data)
{
	unsigned long val = 0;

	if ((addr & 7) || addr >= USER_STRUCT_SIZE)
		return -EIO;
	if (addr < sizeof(struct user_regs_struct))
		val = ptrace_getreg(t, addr / sizeof(long));
	else if (addr >= USER_DEBUGREG_OFFSET)
		ptrace_get_debugreg(t, (addr - USER_DEBUGREG_OFFSET) / sizeof(long), &val);
	return copy_to_user((void __user *)data, &val, sizeof(val)) ? -EFAULT : 0;
}

static long poke_user(struct task *t, unsigned long addr, unsigned long data)
{
	if ((addr & 7) || addr >= USER_STRUCT_SIZE)
		return -EIO;
	if (addr < sizeof(struct user_regs_struct))
		return ptrace_putreg(t, addr / sizeof(long), data);
	if (addr >= USER_DEBUGREG_OFFSET)
		return ptrace_set_debugreg(t, (addr - USER_DEBUGREG_OFFSET) / sizeof(long), data);
	return -EIO;
}

static long get_regs(struct task *t, unsigned long data)
{
	unsigned long regs[sizeof(struct user_regs_struct) / sizeof(long)];

	for (unsigned int n = 0; n < ARRAY_SIZE(regs); n++)
		regs[n] = ptrace_getreg(t, n);
	return copy_to_user((void __user *)data, regs, sizeof(regs)) ? -EFAULT : 0;
}

/* In order, as Linux: a refused value stops there, with the ones before it written. */
static long set_regs(struct task *t, unsigned long data)
{
	unsigned long regs[sizeof(struct user_regs_struct) / sizeof(long)];
	int ret = 0;

	if (copy_from_user(regs, (const void __user *)data, sizeof(regs)))
		return -EFAULT;
	for (unsigned int n = 0; n < ARRAY_SIZE(regs) && !ret; n++)
		ret = ptrace_putreg(t, n, regs[n]);
	return ret;
}

long ptrace_get_fxsave(struct task *t, unsigned long data)
{
	fpu_image_fill_init(t->thread.fpu);
	return copy_to_user((void __user *)data, t->thread.fpu, FXSAVE_SIZE) ? -EFAULT : 0;
}

long ptrace_set_fxsave(struct task *t, unsigned long data)
{
	u8 fpu[FXSAVE_SIZE] __aligned(16);

	if (copy_from_user(fpu, (const void __user *)data, sizeof(fpu)))
		return -EFAULT;
	*(u32 *)&fpu[24] &= mxcsr_feature_mask();	/* MXCSR: FXRSTOR would #GP */
	memcpy(t->thread.fpu, fpu, sizeof(fpu));
	fpu_fxsave_area_written(t->thread.fpu);
	return 0;
}

long arch_ptrace(struct task *t, long request, unsigned long addr, unsigned long data)
{
	if (in_ia32_syscall())
		return compat_arch_ptrace(t, request, addr, data);
	switch (request) {
	case PTRACE_PEEKUSR:
		return peek_user(t, addr, data);
	case PTRACE_POKEUSR:
		return poke_user(t, addr, data);
	case PTRACE_GETREGS:
		return get_regs(t, data);
	case PTRACE_SETREGS:
		return set_regs(t, data);
	case PTRACE_GETFPREGS:
		return ptrace_get_fxsave(t, data);
	case PTRACE_SETFPREGS:
		return ptrace_set_fxsave(t, data);
	default:
		return -EIO;
	}
}
