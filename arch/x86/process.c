// SPDX-License-Identifier: GPL-2.0
/*
 * The segment registers as ring 3 sees them: the DS, ES, FS and GS selectors and
 * the FS and GS bases of a task, kept across context switches, the bases set by
 * arch_prctl(2) (Linux's arch/x86/kernel/process_64.c).
 *
 * In 64-bit mode %fs: and %gs: addressing adds a base that lives in MSRs:
 * MSR_FS_BASE, and for GS, while the kernel runs, MSR_KERNEL_GS_BASE (the entry's
 * SWAPGS put the user's there). Ring 3 changes them three ways:
 *  - arch_prctl(ARCH_SET_FS or ARCH_SET_GS): the kernel writes the base and a
 *    null selector;
 *  - MOV to %fs or %gs: the selector, and the base from its descriptor (0 for
 *    every descriptor in entrylab's GDT, what modify_ldt() set for one of the
 *    process's LDT; a null selector gives 0 on Intel CPUs and under QEMU, and
 *    leaves the base on AMD's);
 *  - with CR4.FSGSBASE, WRFSBASE and WRGSBASE, which the kernel never hears of.
 * So the CPU, not struct task, holds the truth while a task runs: a switch away
 * reads the selectors and both bases back (RDFSBASE when it works, RDMSR
 * otherwise), and a switch in loads the selectors (only if the CPU's or the
 * task's is not null: a selector load is slow) and then writes both bases, which
 * a selector load may have changed. Linux skips the RDMSRs without FSGSBASE by
 * reasoning about which of the three happened; entrylab reads what is there.
 *
 * Also here, as in Linux: the x86 half of a context switch (__switch_to()) and a
 * new task's first frame, the registers a new program starts with
 * (start_thread()) and the thread state execve() resets (flush_thread()). The
 * TLS descriptors a selector may name are arch/x86/tls.c's.
 */
#include <asm/cpufeature.h>
#include <asm/debugreg.h>
#include <asm/extable.h>
#include <asm/fpu.h>
#include <asm/fsgsbase.h>
#include <asm/io_bitmap.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/segment.h>
#include <asm/segregs.h>
#include <asm/switch_to.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <mm.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/prctl.h>

static unsigned long read_fsbase(void)
{
	unsigned long base;

	if (!boot_cpu.fsgsbase)
		return rdmsr(MSR_FS_BASE);
	asm volatile("rdfsbase %0" : "=r"(base));
	return base;
}

static void write_fsbase(unsigned long base)
{
	if (boot_cpu.fsgsbase)
		asm volatile("wrfsbase %0" : : "r"(base) : "memory");
	else
		wrmsr(MSR_FS_BASE, base);
}

void save_user_segments_irqoff(struct task *prev)
{
	struct user_segments *s = &prev->thread.segs;

	s->dsindex = savesegment(ds);
	s->esindex = savesegment(es);
	s->fsindex = savesegment(fs);
	s->gsindex = savesegment(gs);
	s->fsbase = read_fsbase();
	s->gsbase = rdmsr(MSR_KERNEL_GS_BASE);	/* the user's, since the entry's SWAPGS */
}

void load_user_segments_irqoff(const struct task *next)
{
	const struct user_segments *s = &next->thread.segs;

	/*
	 * 64-bit code ignores DS and ES, but compat-mode code addresses through them
	 * and ring 3 can read them: each task has its own. As for FS and GS, a load
	 * only when the CPU's or the task's is not null.
	 */
	if (savesegment(ds) | s->dsindex)
		loadsegment(ds, s->dsindex);
	if (savesegment(es) | s->esindex)
		loadsegment(es, s->esindex);
	if (savesegment(fs) | s->fsindex)
		loadsegment(fs, s->fsindex);
	if (savesegment(gs) | s->gsindex)
		load_gs_index_irqoff(s->gsindex);
	/*
	 * AMD's SYSRET sets SS's selector but not its cached attributes, so after an
	 * interrupt from ring 3 left SS null, a SYSRET would give ring 3 an unusable
	 * SS. Only an interrupt nulls SS (SYSCALL loads a good one), and a task that
	 * entered by one reaches a SYSRET only through a switch: reload SS here, as
	 * Linux's __switch_to does for X86_BUG_SYSRET_SS_ATTRS.
	 */
	if (boot_cpu.sysret_ss_attrs && savesegment(ss) != __KERNEL_DS)
		loadsegment(ss, __KERNEL_DS);
	write_fsbase(s->fsbase);
	wrmsr(MSR_KERNEL_GS_BASE, s->gsbase);
}

/* arch/x86/switch_to.asm: saves prev's kernel RSP in *prev_sp and runs on next_sp. */
void switch_to(unsigned long *prev_sp, unsigned long next_sp);
/* entry/entry_64.asm: where a new task's first switch_to() returns to. */
void ret_from_fork_asm(void);

/*
 * The kernel never uses FPU or SSE registers (-mgeneral-regs-only), so user FPU
 * state only needs saving here, not on every entry.
 */
void __switch_to(struct task *prev, struct task *next)
{
	bool user = !is_idle_task(next);

	if (!is_idle_task(prev)) {
		fpu_save(prev->thread.fpu);
		save_user_segments_irqoff(prev);
	}
	if (user) {
		fpu_restore(next->thread.fpu);
		set_task_stack_irqoff((unsigned long)(next->regs + 1));
	}
	tss_invalidate_io_bitmap_irqoff();	/* next's ports, if any, on its way out */
	if (unlikely(prev->thread.debug.dr7 | next->thread.debug.dr7))
		switch_debugregs_irqoff(next);	/* breakpoints are per task */
	if (user) {
		/* After the LDT (switch_mm_irqoff()) and the TLS: a selector may name them. */
		load_tls_irqoff(next);
		load_user_segments_irqoff(next);
	}
	switch_to(&prev->thread.sp, next->thread.sp);
}

/* The frame switch_to() pops for a task that has never run: see switch_to.asm. */
struct fork_frame {
	unsigned long r15, r14, r13, r12, bx, bp;
	unsigned long ret_addr;
};

void thread_init_fork_frame(struct task *t)
{
	struct fork_frame *frame = (struct fork_frame *)t->regs - 1;

	memset(frame, 0, sizeof(*frame));
	frame->ret_addr = (unsigned long)ret_from_fork_asm;
	t->thread.sp = (unsigned long)frame;
}

void copy_user_segments(struct task *child)
{
	unsigned long flags;

	local_irq_save(flags);
	save_user_segments_irqoff(current);
	local_irq_restore(flags);
	child->thread.segs = current->thread.segs;
	child->thread.tls = current->thread.tls;
}

void start_thread(struct task *t, unsigned long ip, unsigned long sp)
{
	struct pt_regs *regs = t->regs;
	unsigned long orig_ax = regs->orig_ax, flags;
	bool ia32 = t->mm->ia32;

	memset(regs, 0, sizeof(*regs));
	regs->orig_ax = orig_ax;
	regs->ip = ip;
	regs->sp = sp;
	regs->cs = ia32 ? __USER32_CS : __USER_CS;
	regs->ss = __USER_DS;
	regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	/*
	 * Compat-mode code addresses data through DS and ES, which must then hold
	 * the flat user data segment, as Linux's start_thread_common() loads them;
	 * 64-bit code starts with them null.
	 */
	t->thread.segs.dsindex = t->thread.segs.esindex = ia32 ? __USER_DS : 0;
	if (t != current)
		return;
	local_irq_save(flags);
	loadsegment(ds, t->thread.segs.dsindex);
	loadsegment(es, t->thread.segs.esindex);
	local_irq_restore(flags);
}

void flush_thread(struct task *t)
{
	unsigned long flags;

	local_irq_save(flags);
	memset(&t->thread.segs, 0, sizeof(t->thread.segs));
	memset(&t->thread.tls, 0, sizeof(t->thread.tls));
	load_tls_irqoff(t);
	load_user_segments_irqoff(t);
	memset(&t->thread.debug, 0, sizeof(t->thread.debug));
	switch_debugregs_irqoff(t);
	/* An execve made with TF set steps into no one: the new image's TF is clear. */
	clear_tsk_thread_flag(t, TIF_SINGLESTEP);
	fpu_init_state(t->thread.fpu);
	fpu_reset_user_state();
	local_irq_restore(flags);
}

/*
 * arch_prctl(code, addr): the FS or GS base set (a null selector with it, as
 * Linux), or read. The CPU is written directly, with IRQs off so that no context
 * switch reads it half-changed; struct task catches up at the next switch away.
 * A base in the kernel half is refused: without FSGSBASE the paranoid entry
 * tells the kernel's GS_BASE from the user's by that half.
 */
long sys_arch_prctl(struct pt_regs *regs)
{
	unsigned long code = regs->di, addr = regs->si, base, flags;

	switch (code) {
	case ARCH_SET_FS:
	case ARCH_SET_GS:
		if (addr >= TASK_SIZE_MAX)
			return -EPERM;
		local_irq_save(flags);
		if (code == ARCH_SET_FS) {
			loadsegment(fs, 0);
			write_fsbase(addr);
		} else {
			load_gs_index_irqoff(0);
			wrmsr(MSR_KERNEL_GS_BASE, addr);
		}
		local_irq_restore(flags);
		return 0;
	case ARCH_GET_FS:
		base = read_fsbase();
		break;
	case ARCH_GET_GS:
		base = rdmsr(MSR_KERNEL_GS_BASE);
		break;
	default:
		return -EINVAL;
	}
	if (copy_to_user((void __user *)addr, &base, sizeof(base)))
		return -EFAULT;
	return 0;
}
