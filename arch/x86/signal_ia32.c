// SPDX-License-Identifier: GPL-2.0
/*
 * i386 signal frames, in Linux's layouts (arch/x86/kernel/signal_32.c), and the
 * two i386 returns from them, sigreturn and rt_sigreturn.
 *
 * A handler set through an i386 call (SA_IA32_ABI, kernel/signal.c) gets one
 * of these, built below the interrupted ESP (i386 has no red zone) or at the
 * top of the alternate stack:
 *
 *   FXSAVE or XSAVE image, as the 64-bit frame's   64-byte aligned
 *   struct fregs_state: the x87 state as FSAVE     112 bytes, sc.fpstate
 *   struct sigframe_ia32 (no SA_SIGINFO)           ESP at pretcode, with
 *   or struct rt_sigframe_ia32                     (ESP + 4) 16-byte aligned
 *
 * and enters the handler in compat mode as if called by the restorer: the
 * signal on the stack and in EAX, and for SA_SIGINFO &info in EDX and &uc in
 * ECX (-mregparm=3 handlers), DS and ES the flat data segment. The restorer
 * pops the frame's first words and calls sigreturn (119) or rt_sigreturn (173),
 * which find the frame at ESP - 8 or ESP - 4.
 *
 * A handler without SA_RESTORER returns to the 32-bit vDSO's __kernel_sigreturn
 * or __kernel_rt_sigreturn (arch/x86/vdso/vdso32.asm), or, in a process whose
 * vDSO was unmapped, to the frame's retcode, Linux's fallback: "popl %eax; movl
 * $119, %eax; int $0x80" or "movl $173, %eax; int $0x80" (the stack is not
 * executable, so that return faults, as on Linux).
 */
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/segregs.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <mm.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/unistd_32.h>
#include <vdso.h>

/* i386's struct sigcontext: 88 bytes. */
struct sigcontext_32 {
	u16 gs, __gsh, fs, __fsh, es, __esh, ds, __dsh;
	u32 di, si, bp, sp, bx, dx, cx, ax;
	u32 trapno, err, ip;
	u16 cs, __csh;
	u32 flags, sp_at_signal;
	u16 ss, __ssh;
	u32 fpstate;			/* user address of the struct fregs_state, or 0 */
	u32 oldmask, cr2;
};

struct ucontext_ia32 {
	u32 uc_flags;
	u32 uc_link;
	compat_stack_t uc_stack;
	struct sigcontext_32 uc_mcontext;
	u32 uc_sigmask[2];		/* restored by rt_sigreturn */
};

struct sigframe_ia32 {
	u32 pretcode;
	int sig;
	struct sigcontext_32 sc;
	/* Where the FPU image once was: kept, so that extramask stays where programs look. */
	u8 fpstate_unused[sizeof(struct fregs_state) + FXSAVE_SIZE];
	u32 extramask[1];		/* the blocked mask's upper half */
	u8 retcode[8];
};

struct rt_sigframe_ia32 {
	u32 pretcode;
	int sig;
	u32 pinfo;
	u32 puc;
	struct compat_siginfo info;
	struct ucontext_ia32 uc;
	u8 retcode[8];
};

_Static_assert(sizeof(struct sigcontext_32) == 88, "i386 struct sigcontext is 88 bytes");
_Static_assert(sizeof(struct fregs_state) == 112, "struct fregs_state is 112 bytes");
_Static_assert(sizeof(struct compat_siginfo) == 128, "i386 siginfo_t is 128 bytes");
_Static_assert(sizeof(struct sigframe_ia32) == 732, "Linux's struct sigframe_ia32 is 732 bytes");

unsigned long ia32_sigframe_max_size(void)
{
	return MAX(sizeof(struct sigframe_ia32), sizeof(struct rt_sigframe_ia32));
}

/* A selector as ring 3 may hold it: null ones (0-3) as they are, others at RPL 3. */
static u16 fixup_rpl(u16 sel)
{
	return sel <= 3 ? sel : sel | 3;
}

static void fill_sigcontext_32(struct sigcontext_32 *sc, const struct pt_regs *regs,
			       const struct ksiginfo *info, sigset_t oldmask, unsigned long fp)
{
	*sc = (struct sigcontext_32){
		.gs = savesegment(gs), .fs = savesegment(fs),
		.es = savesegment(es), .ds = savesegment(ds),
		.di = regs->di, .si = regs->si, .bp = regs->bp, .sp = regs->sp,
		.bx = regs->bx, .dx = regs->dx, .cx = regs->cx, .ax = regs->ax,
		.trapno = info->trapno, .err = info->err, .ip = regs->ip, .cs = regs->cs,
		.flags = regs->flags, .sp_at_signal = regs->sp, .ss = regs->ss,
		.fpstate = fp, .oldmask = oldmask, .cr2 = info->addr,
	};
}

/* Where the handler returns: its restorer, the vDSO's trampoline, or the frame's retcode. */
static u32 restorer(const struct kernel_sigaction *ka, unsigned long vdso_offset,
		    unsigned long retcode)
{
	if (ka->flags & SA_RESTORER)
		return ka->restorer;
	/* A 64-bit program's vDSO (a handler set by int $0x80) has no such trampoline. */
	if (current->mm->ia32 && current->mm->vdso)
		return current->mm->vdso + vdso_offset;
	return retcode;
}

/* The FPU image at buf_fx and the FSAVE view of it just below, at buf_fx - 112. */
static bool save_fpu_ia32(unsigned long buf_fx, const struct pt_regs *regs)
{
	struct fregs_state env;

	if (!fpu_save_sigframe((void __user *)buf_fx))
		return false;
	fregs_from_fxsr(&env, current->thread.fpu, regs->cs, savesegment(ds));
	return !copy_to_user((void __user *)(buf_fx - sizeof(env)), &env, sizeof(env));
}

bool ia32_setup_frame(struct pt_regs *regs, int sig, const struct ksiginfo *info,
		      const struct kernel_sigaction *ka, sigset_t oldmask)
{
	/* popl %eax; movl $__NR_ia32_sigreturn, %eax; int $0x80 */
	static const u8 code[8] = { 0x58, 0xb8, __NR_ia32_sigreturn, 0, 0, 0, 0xcd, 0x80 };
	/* movl $__NR_ia32_rt_sigreturn, %eax; int $0x80 */
	static const u8 rt_code[8] = { 0xb8, __NR_ia32_rt_sigreturn, 0, 0, 0, 0xcd, 0x80, 0 };
	bool rt = ka->flags & SA_SIGINFO, onstack;
	union {
		struct sigframe_ia32 f;
		struct rt_sigframe_ia32 rt;
	} frame;
	size_t size = rt ? sizeof(frame.rt) : sizeof(frame.f);
	struct task *t = current;
	unsigned long buf_fx, fp, frame_addr, flags;
	struct sigcontext_32 *sc;

	buf_fx = ALIGN_DOWN(sigframe_top(regs, ka, 0, &onstack) - fpu_sigframe_size(), 64);
	fp = buf_fx - sizeof(struct fregs_state);
	/* The i386 ABI's alignment at a function's entry: (ESP + 4) % 16 == 0. */
	frame_addr = ((fp - size + 4) & -16UL) - 4;
	if (!sigframe_fits(frame_addr, onstack) || frame_addr >= COMPAT_TASK_SIZE)
		return false;

	memset(&frame, 0, sizeof(frame));
	if (rt) {
		frame.rt.sig = sig;
		frame.rt.pinfo = frame_addr + offsetof(struct rt_sigframe_ia32, info);
		frame.rt.puc = frame_addr + offsetof(struct rt_sigframe_ia32, uc);
		fill_compat_siginfo(&frame.rt.info, sig, info);
		frame.rt.uc.uc_flags = fpu_config.xsave ? UC_FP_XSTATE : 0;
		frame.rt.uc.uc_stack = (compat_stack_t){
			.ss_sp = (u32)(unsigned long)t->sig.altstack.ss_sp,
			.ss_flags = altstack_flags(t, regs->sp),
			.ss_size = t->sig.altstack.ss_size,
		};
		frame.rt.uc.uc_sigmask[0] = oldmask;
		frame.rt.uc.uc_sigmask[1] = oldmask >> 32;
		memcpy(frame.rt.retcode, rt_code, sizeof(rt_code));
		frame.rt.pretcode = restorer(ka, vdso32_sym.rt_sigreturn,
			frame_addr + offsetof(struct rt_sigframe_ia32, retcode));
		sc = &frame.rt.uc.uc_mcontext;
	} else {
		frame.f.sig = sig;
		frame.f.extramask[0] = oldmask >> 32;
		memcpy(frame.f.retcode, code, sizeof(code));
		frame.f.pretcode = restorer(ka, vdso32_sym.sigreturn,
					    frame_addr + offsetof(struct sigframe_ia32, retcode));
		sc = &frame.f.sc;
	}
	fill_sigcontext_32(sc, regs, info, oldmask, fp);
	/*
	 * The frame keeps it for the return to restore; until then a nested signal
	 * cannot use it.
	 */
	if (t->sig.altstack.ss_flags & SS_AUTODISARM)
		t->sig.altstack = (kernel_stack_t){ .ss_flags = SS_DISABLE };

	/* The live FPU registers are the interrupted code's: the kernel uses none. */
	if (!save_fpu_ia32(buf_fx, regs) ||
	    copy_to_user((void __user *)frame_addr, &frame, size))
		return false;

	regs->ip = (u32)ka->handler;
	regs->sp = frame_addr;
	regs->ax = sig;
	regs->dx = rt ? frame.rt.pinfo : 0;
	regs->cx = rt ? frame.rt.puc : 0;
	regs->flags &= ~(X86_EFLAGS_DF | X86_EFLAGS_RF | X86_EFLAGS_TF);
	regs->cs = __USER32_CS;
	regs->ss = __USER_DS;
	local_irq_save(flags);
	loadsegment(ds, __USER_DS);
	loadsegment(es, __USER_DS);
	local_irq_restore(flags);
	fpu_reset_user_state();
	return true;
}

/*
 * The registers the frame holds back into regs: the i386 ones (R8-R15 stay
 * what they are), CS and SS at RPL 3 (a bad one faults on the IRET, as for the
 * 64-bit frame), the flags in FIX_EFLAGS, and the data segment registers where
 * the handler changed them. Then the FPU, as the 64-bit return does it.
 */
static bool restore_sigcontext_32(struct pt_regs *regs, const struct sigcontext_32 *sc)
{
	struct fregs_state env;
	unsigned long flags;

	regs->bx = sc->bx, regs->cx = sc->cx, regs->dx = sc->dx, regs->si = sc->si;
	regs->di = sc->di, regs->bp = sc->bp, regs->ax = sc->ax, regs->sp = sc->sp;
	regs->ip = sc->ip;
	regs->cs = sc->cs | 3;
	regs->ss = sc->ss | 3;
	regs->flags = (regs->flags & ~FIX_EFLAGS) | (sc->flags & FIX_EFLAGS);
	regs->orig_ax = -1UL;		/* no syscall to restart */
	current->restart.fn = NULL;	/* nor a sleep the handler interrupted */

	local_irq_save(flags);
	if (savesegment(gs) != fixup_rpl(sc->gs))
		load_gs_index_irqoff(fixup_rpl(sc->gs));
	if (savesegment(fs) != fixup_rpl(sc->fs))
		loadsegment(fs, fixup_rpl(sc->fs));
	if (savesegment(ds) != fixup_rpl(sc->ds))
		loadsegment(ds, fixup_rpl(sc->ds));
	if (savesegment(es) != fixup_rpl(sc->es))
		loadsegment(es, fixup_rpl(sc->es));
	local_irq_restore(flags);

	if (!sc->fpstate) {
		fpu_reset_user_state();
		return true;
	}
	if (copy_from_user(&env, compat_ptr(sc->fpstate), sizeof(env)))
		return false;
	return fpu_restore_sigframe(compat_ptr(sc->fpstate + sizeof(env)), &env);
}

/*
 * sigreturn(): the restorer popped pretcode and sig, so the frame starts 8
 * bytes below ESP. Works on current's own pt_regs, whatever the table passes.
 * Returns the restored EAX.
 */
long sys_ia32_sigreturn(struct pt_regs *unused)
{
	struct pt_regs *regs = current->regs;
	unsigned long frame_addr = (u32)(regs->sp - 8);
	struct sigframe_ia32 frame;

	if (copy_from_user(&frame, (const void __user *)frame_addr, sizeof(frame)))
		goto badframe;
	set_blocked(current, frame.sc.oldmask | (u64)frame.extramask[0] << 32);
	if (!restore_sigcontext_32(regs, &frame.sc))
		goto badframe;
	return regs->ax;

badframe:
	force_sig_fault(SIGSEGV, SI_KERNEL, 0, 0, 0);
	return regs->ax;
}

/* rt_sigreturn(): the restorer popped pretcode; the frame starts 4 bytes below ESP. */
long sys_ia32_rt_sigreturn(struct pt_regs *unused)
{
	struct pt_regs *regs = current->regs;
	unsigned long frame_addr = (u32)(regs->sp - 4);
	struct rt_sigframe_ia32 frame;
	kernel_stack_t ss;

	if (copy_from_user(&frame, (const void __user *)frame_addr, sizeof(frame)))
		goto badframe;
	set_blocked(current, frame.uc.uc_sigmask[0] | (u64)frame.uc.uc_sigmask[1] << 32);
	if (!restore_sigcontext_32(regs, &frame.uc.uc_mcontext))
		goto badframe;
	/* As Linux: the frame's sigaltstack settings come back too; errors ignored. */
	ss = (kernel_stack_t){ .ss_sp = compat_ptr(frame.uc.uc_stack.ss_sp),
			       .ss_flags = frame.uc.uc_stack.ss_flags,
			       .ss_size = frame.uc.uc_stack.ss_size };
	do_sigaltstack(&ss, NULL, regs->sp);
	return regs->ax;

badframe:
	force_sig_fault(SIGSEGV, SI_KERNEL, 0, 0, 0);
	return regs->ax;
}
