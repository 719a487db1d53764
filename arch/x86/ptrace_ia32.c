// SPDX-License-Identifier: GPL-2.0
/*
 * ptrace from an i386 tracer (Linux's compat_arch_ptrace()): the tracee's
 * registers as i386's struct user_regs_struct (seventeen 32-bit words, for
 * PTRACE_GETREGS, SETREGS, and PEEKUSER and POKEUSER at their offsets in i386's
 * struct user), its x87 state as FSAVE lays it out (GETFPREGS, SETFPREGS) and
 * its FXSAVE image (GETFPXREGS, SETFPXREGS). Every register goes through the
 * 64-bit tracer's getreg() and putreg() (arch/x86/ptrace.c), so the same
 * checks hold; a 32-bit value is zero-extended, except orig_eax, sign-extended
 * so that -1 still means "no syscall to restart" (and a syscall's ax is read
 * as an int by syscall_restart() while the tracee is in an i386 call).
 */
#include <asm/debugreg.h>
#include <asm/fpu.h>
#include <asm/ldt.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <mm.h>
#include <ptrace.h>
#include <sched.h>
#include <string.h>

#define REG(field)	(offsetof(struct user_regs_struct, field) / sizeof(unsigned long))

/* i386's struct user_regs_struct, word by word: each one's x86-64 register. */
static const u8 regs32[] = {
	REG(bx), REG(cx), REG(dx), REG(si), REG(di), REG(bp), REG(ax), REG(ds), REG(es),
	REG(fs), REG(gs), REG(orig_ax), REG(ip), REG(cs), REG(flags), REG(sp), REG(ss),
};
#define NR_REGS32		ARRAY_SIZE(regs32)
#define REG32_ORIG_EAX		11
/* i386's struct user: the registers first, the debug registers at 252. */
#define USER32_DEBUGREG_OFFSET	252
#define USER32_STRUCT_SIZE	284
/* i386's struct user_i387_struct: struct fregs_state without status and magic. */
#define USER32_I387_SIZE	offsetof(struct fregs_state, status)

static u32 getreg32(struct task *t, unsigned int n)
{
	return ptrace_getreg(t, regs32[n]);
}

/*
 * The base of the descriptor sel names in t's LDT or TLS entries (Linux's
 * x86_fsgsbase_read_task()).
 */
static unsigned long descriptor_base(struct task *t, u16 sel)
{
	unsigned int idx = sel >> 3;
	unsigned long flags;
	u64 desc = 0;

	if (sel & SEGMENT_TI_LDT) {
		spin_lock_irqsave(&t->mm->lock, flags);
		if (t->mm->ldt && idx < t->mm->ldt->nr_entries)
			desc = t->mm->ldt->entries[idx];
		spin_unlock_irqrestore(&t->mm->lock, flags);
	} else if (idx >= GDT_ENTRY_TLS_MIN && idx <= GDT_ENTRY_TLS_MAX) {
		desc = t->thread.tls.desc[idx - GDT_ENTRY_TLS_MIN];
	}
	return ((desc >> 16) & 0xffffff) | ((desc >> 56) << 24);
}

/*
 * An i386 tracer has no fs_base or gs_base to write: a write of FS or GS sets
 * the base its descriptor gives, as the tracee would load it (Linux's putreg32()),
 * so that PTRACE_SETREGS puts a saved state back whole.
 */
static int putreg32(struct task *t, unsigned int n, u32 val)
{
	int ret = ptrace_putreg(t, regs32[n],
				n == REG32_ORIG_EAX ? (unsigned long)(long)(s32)val : val);

	if (!ret && regs32[n] == REG(fs))
		t->thread.segs.fsbase = descriptor_base(t, val);
	else if (!ret && regs32[n] == REG(gs))
		t->thread.segs.gsbase = descriptor_base(t, val);
	return ret;
}

static long peek_user32(struct task *t, u32 addr, u32 data)
{
	unsigned long dr = 0;
	u32 val = 0;

	if ((addr & 3) || addr >= USER32_STRUCT_SIZE)
		return -EIO;
	if (addr < NR_REGS32 * sizeof(u32)) {
		val = getreg32(t, addr / sizeof(u32));
	} else if (addr >= USER32_DEBUGREG_OFFSET) {
		ptrace_get_debugreg(t, (addr - USER32_DEBUGREG_OFFSET) / sizeof(u32), &dr);
		val = dr;
	}
	return copy_to_user(compat_ptr(data), &val, sizeof(val)) ? -EFAULT : 0;
}

static long poke_user32(struct task *t, u32 addr, u32 data)
{
	if ((addr & 3) || addr >= USER32_STRUCT_SIZE)
		return -EIO;
	if (addr < NR_REGS32 * sizeof(u32))
		return putreg32(t, addr / sizeof(u32), data);
	if (addr >= USER32_DEBUGREG_OFFSET)
		return ptrace_set_debugreg(t, (addr - USER32_DEBUGREG_OFFSET) / sizeof(u32), data);
	return -EIO;
}

static long get_regs32(struct task *t, u32 data)
{
	u32 regs[NR_REGS32];

	for (unsigned int n = 0; n < NR_REGS32; n++)
		regs[n] = getreg32(t, n);
	return copy_to_user(compat_ptr(data), regs, sizeof(regs)) ? -EFAULT : 0;
}

/* In order, as Linux: a refused value stops there, with the ones before it written. */
static long set_regs32(struct task *t, u32 data)
{
	u32 regs[NR_REGS32];
	int ret = 0;

	if (copy_from_user(regs, compat_ptr(data), sizeof(regs)))
		return -EFAULT;
	for (unsigned int n = 0; n < NR_REGS32 && !ret; n++)
		ret = putreg32(t, n, regs[n]);
	return ret;
}

static long get_fpregs32(struct task *t, u32 data)
{
	struct fregs_state env;

	fpu_image_fill_init(t->thread.fpu);
	fregs_from_fxsr(&env, t->thread.fpu, t->regs->cs, t->thread.segs.dsindex);
	return copy_to_user(compat_ptr(data), &env, USER32_I387_SIZE) ? -EFAULT : 0;
}

static long set_fpregs32(struct task *t, u32 data)
{
	struct fregs_state env;

	if (copy_from_user(&env, compat_ptr(data), USER32_I387_SIZE))
		return -EFAULT;
	fpu_image_fill_init(t->thread.fpu);	/* the XMM registers become live below */
	fxsr_from_fregs(t->thread.fpu, &env);
	fpu_fxsave_area_written(t->thread.fpu);
	return 0;
}

long compat_arch_ptrace(struct task *t, long request, unsigned long addr, unsigned long data)
{
	switch (request) {
	case PTRACE_PEEKUSR:
		return peek_user32(t, addr, data);
	case PTRACE_POKEUSR:
		return poke_user32(t, addr, data);
	case PTRACE_GETREGS:
		return get_regs32(t, data);
	case PTRACE_SETREGS:
		return set_regs32(t, data);
	case PTRACE_GETFPREGS:
		return get_fpregs32(t, data);
	case PTRACE_SETFPREGS:
		return set_fpregs32(t, data);
	case PTRACE_GETFPXREGS:
		return ptrace_get_fxsave(t, data);
	case PTRACE_SETFPXREGS:
		return ptrace_set_fxsave(t, data);
	default:
		return -EIO;
	}
}
