// SPDX-License-Identifier: GPL-2.0
/*
 * The x86-64 signal frame, in Linux's layout, and rt_sigreturn.
 *
 * Delivery builds, below the interrupted RSP minus the 128-byte red zone (or at
 * the top of the alternate stack):
 *
 *   FXSAVE image of the interrupted FPU/SSE state   512 bytes, 64-byte aligned
 *   struct rt_sigframe: pretcode, ucontext, siginfo  RSP at pretcode, with
 *                                                    (RSP + 8) 16-byte aligned
 *
 * then enters the handler as if called by sa_restorer: RDI = signal, RSI =
 * &siginfo, RDX = &ucontext, RAX = 0, DF and TF clear, a fresh FPU state. The
 * handler's "ret" pops pretcode and runs the restorer, which calls rt_sigreturn.
 * Since that rewrites pt_regs, the return to user mode goes through IRET.
 */
#include <asm/fpu.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/unistd.h>
#include <uapi/unistd_32.h>

#define RED_ZONE	128

/* LAR's access-rights word: a descriptor's bits 8-23, whatever its table. */
#define AR_TYPE_MASK		(7 << 9)	/* type, less the accessed bit */
#define AR_TYPE_RWDATA		(1 << 9)
#define AR_TYPE_RWDATA_EXPDOWN	(3 << 9)
#define AR_S			(1 << 12)	/* code or data, not a system descriptor */
#define AR_DPL3			(3 << 13)
#define AR_DPL_MASK		(3 << 13)
#define AR_P			(1 << 15)

/* Is sp inside t's alternate stack (Linux's __on_sig_stack())? */
static bool in_altstack(const struct task *t, unsigned long sp)
{
	const kernel_stack_t *ss = &t->sig.altstack;

	return !(ss->ss_flags & SS_DISABLE) && sp > (unsigned long)ss->ss_sp &&
	       sp - (unsigned long)ss->ss_sp <= ss->ss_size;
}

/*
 * An SS_AUTODISARM stack is disarmed while a handler runs on it, so by
 * construction no code runs on it while it is armed: as Linux, a stack pointer
 * that looks inside it (corrupted user state) does not count.
 */
bool on_sig_stack(const struct task *t, unsigned long sp)
{
	return !(t->sig.altstack.ss_flags & SS_AUTODISARM) && in_altstack(t, sp);
}

unsigned int altstack_flags(const struct task *t, unsigned long sp)
{
	unsigned int flags = t->sig.altstack.ss_flags;

	return (flags & SS_DISABLE ? SS_DISABLE : on_sig_stack(t, sp) ? SS_ONSTACK : 0) |
	       (flags & SS_AUTODISARM);
}

static void fill_sigcontext(struct kernel_sigcontext *sc, const struct pt_regs *regs,
			    const struct ksiginfo *info, sigset_t oldmask, unsigned long fp)
{
	*sc = (struct kernel_sigcontext){
		.r8 = regs->r8, .r9 = regs->r9, .r10 = regs->r10, .r11 = regs->r11,
		.r12 = regs->r12, .r13 = regs->r13, .r14 = regs->r14, .r15 = regs->r15,
		.di = regs->di, .si = regs->si, .bp = regs->bp, .bx = regs->bx,
		.dx = regs->dx, .ax = regs->ax, .cx = regs->cx, .sp = regs->sp,
		.ip = regs->ip, .flags = regs->flags, .cs = regs->cs, .ss = regs->ss,
		.err = info->err, .trapno = info->trapno, .oldmask = oldmask,
		.cr2 = info->addr, .fpstate = fp,
	};
}

/*
 * An SS that the return to a 64-bit handler or context can load (Linux's
 * force_valid_ss()): the one there if LAR finds a present DPL 3 read-write data
 * segment in this task's GDT or LDT, else __USER_DS. 64-bit mode uses no part of
 * SS but its validity, and DOSEMU reads the interrupted SS back from the register
 * in its handler, so a valid one stays.
 */
static void force_valid_ss(struct pt_regs *regs)
{
	u32 ar;

	asm volatile("lar %w1, %0\n\t"
		     "jz 1f\n\t"
		     "xorl %0, %0\n"		/* no such descriptor */
		     "1:"
		     : "=r"(ar) : "r"((u16)regs->ss));
	ar &= AR_DPL_MASK | AR_S | AR_P | AR_TYPE_MASK;
	if (ar != (AR_DPL3 | AR_S | AR_P | AR_TYPE_RWDATA) &&
	    ar != (AR_DPL3 | AR_S | AR_P | AR_TYPE_RWDATA_EXPDOWN))
		regs->ss = __USER_DS;
}

unsigned long sigframe_top(const struct pt_regs *regs, const struct kernel_sigaction *ka,
			   unsigned long red_zone, bool *onstack)
{
	struct task *t = current;

	*onstack = on_sig_stack(t, regs->sp);
	if ((ka->flags & SA_ONSTACK) && !*onstack && !(t->sig.altstack.ss_flags & SS_DISABLE)) {
		*onstack = true;
		return (unsigned long)t->sig.altstack.ss_sp + t->sig.altstack.ss_size;
	}
	return regs->sp - red_zone;
}

bool sigframe_fits(unsigned long frame_addr, bool onstack)
{
	return !onstack || in_altstack(current, frame_addr);
}

#define FRAME_ALIGNMENT		16UL
#define MAX_FRAME_PADDING	(FRAME_ALIGNMENT - 1)
#define MAX_XSAVE_PADDING	63UL	/* the FPU image is 64-byte aligned */

/*
 * Linux's get_sigframe_size(), with IA32 emulation as Debian builds it: the largest
 * frame of any ABI (MAX_FRAME_SIGINFO_UCTXT_SIZE, i386's struct sigframe_ia32) and its
 * alignment, the FPU image as fpu__get_fpstate_size() counts it (with XSAVE its MAGIC2,
 * and with FXSR the i386 frame's struct fregs_state, for a 64-bit process too) and its
 * alignment, rounded up to 16. The same for a 64-bit and an i386 process; both frames
 * setup_rt_frame() and ia32_setup_frame() build fit in it (the i386 one exactly, at
 * its worst alignment).
 */
unsigned long sigframe_max_size(void)
{
	unsigned long frame = MAX(sizeof(struct rt_sigframe), ia32_sigframe_max_size());
	unsigned long fpstate = fpu_sigframe_size() + sizeof(struct fregs_state);

	return ALIGN_UP(frame + MAX_FRAME_PADDING + fpstate + MAX_XSAVE_PADDING,
			FRAME_ALIGNMENT);
}

bool setup_rt_frame(struct pt_regs *regs, int sig, const struct ksiginfo *info,
		    const struct kernel_sigaction *ka, sigset_t oldmask)
{
	struct task *t = current;
	unsigned long sp, fp, frame_addr;
	struct rt_sigframe frame;
	bool onstack;

	/* A handler set through int $0x80 gets the i386 frame, whatever mode it interrupted. */
	if (ka->flags & SA_IA32_ABI)
		return ia32_setup_frame(regs, sig, info, ka, oldmask);
	/* Linux x86-64 has no default trampoline: without a restorer, no return. */
	if (!(ka->flags & SA_RESTORER))
		return false;
	sp = sigframe_top(regs, ka, RED_ZONE, &onstack);
	fp = ALIGN_DOWN(sp - fpu_sigframe_size(), 64);
	frame_addr = ALIGN_DOWN(fp - sizeof(frame), 16) - 8;
	if (!sigframe_fits(frame_addr, onstack))
		return false;	/* the alternate stack overflowed */

	memset(&frame, 0, sizeof(frame));
	frame.pretcode = ka->restorer;
	/* As Linux: SS in the frame is restored exactly only for a 64-bit context. */
	frame.uc.uc_flags = UC_SIGCONTEXT_SS | (user_64bit_mode(regs) ? UC_STRICT_RESTORE_SS : 0) |
			    (fpu_config.xsave ? UC_FP_XSTATE : 0);
	frame.uc.uc_stack = t->sig.altstack;
	frame.uc.uc_stack.ss_flags = altstack_flags(t, regs->sp);
	/*
	 * The frame keeps it for rt_sigreturn to restore; until then a nested signal
	 * cannot use it.
	 */
	if (t->sig.altstack.ss_flags & SS_AUTODISARM)
		t->sig.altstack = (kernel_stack_t){ .ss_flags = SS_DISABLE };
	fill_sigcontext(&frame.uc.uc_mcontext, regs, info, oldmask, fp);
	frame.uc.uc_sigmask = oldmask;
	fill_siginfo(&frame.info, sig, info);

	/* The live FPU registers are the interrupted code's: the kernel uses none. */
	if (!fpu_save_sigframe((void __user *)fp) ||
	    copy_to_user((void __user *)frame_addr, &frame, sizeof(frame)))
		return false;

	regs->ip = ka->handler;
	regs->sp = frame_addr;
	regs->di = sig;
	regs->si = frame_addr + offsetof(struct rt_sigframe, info);
	regs->dx = frame_addr + offsetof(struct rt_sigframe, uc);
	regs->ax = 0;
	regs->flags &= ~(X86_EFLAGS_DF | X86_EFLAGS_RF | X86_EFLAGS_TF);
	/* The handler runs in 64-bit mode, whatever mode the interrupted code was in. */
	regs->cs = __USER_CS;
	if (unlikely(regs->ss != __USER_DS))
		force_valid_ss(regs);
	fpu_reset_user_state();
	return true;
}

/* restart_syscall()'s number in the ABI of the call being restarted (Linux's). */
static unsigned long get_nr_restart_syscall(void)
{
	return task_thread_info(current)->status & TS_COMPAT ? __NR_ia32_restart_syscall :
								 __NR_restart_syscall;
}

/**
 * syscall_restart - finish a syscall that a signal interrupted
 * @regs: the user registers; regs->ax holds the syscall's result
 * @ka: the handler that is about to run, or NULL if none runs
 *
 * Only for a return from a syscall (orig_ax is its number; every other entry
 * sets it to -1) whose result is an -ERESTART* code (errno.h). A restart
 * rewinds RIP over the 2-byte SYSCALL instruction and puts the number back into
 * RAX, so the task runs it again as it returns (after the handler, if one
 * runs: the handler's frame saves the rewound registers). The return then uses
 * IRET: RCX no longer equals RIP.
 */
void syscall_restart(struct pt_regs *regs, const struct kernel_sigaction *ka)
{
	/* An i386 call's number and result are ints, whatever an i386 tracer wrote above them. */
	bool compat = task_thread_info(current)->status & TS_COMPAT;
	long ax = compat ? (int)regs->ax : (long)regs->ax;

	if ((compat ? (int)regs->orig_ax : (long)regs->orig_ax) < 0)
		return;
	switch (ax) {
	case -ERESTART_RESTARTBLOCK:
		if (!ka) {
			regs->ax = get_nr_restart_syscall();
			regs->ip -= 2;
			return;
		}
		regs->ax = -EINTR;
		return;
	case -ERESTARTNOHAND:
		if (ka) {
			regs->ax = -EINTR;
			return;
		}
		break;
	case -ERESTARTSYS:
		if (ka && !(ka->flags & SA_RESTART)) {
			regs->ax = -EINTR;
			return;
		}
		break;
	case -ERESTARTNOINTR:
		break;
	default:
		return;
	}
	regs->ax = regs->orig_ax;
	regs->ip -= 2;
}

/**
 * sys_rt_sigreturn - resume the context a signal interrupted
 * @regs: on entry, the restorer's registers; RSP points just above pretcode
 *
 * Everything restored comes from user memory, so it is checked where the CPU
 * would not check it: only the flags in FIX_EFLAGS come from the frame (never IF,
 * IOPL, NT, VM), MXCSR loses its reserved bits, and CS and SS come back with RPL
 * 3, as on Linux: a compat-mode CS, or an LDT segment, works, and one the IRET
 * refuses (a kernel segment, a data segment as CS, one not present) faults on
 * that IRET, which fixup_bad_iret() turns into the signal for the fault. A frame
 * without UC_STRICT_RESTORE_SS (one saved in compat mode, or a handler that
 * cleared it) returning to 64-bit mode gets a valid SS in place of a bad one,
 * for DOSEMU. RIP comes back as given. A frame saved at a syscall's return holds
 * RCX == RIP and R11 == RFLAGS, as SYSCALL left them, so the return may well take
 * SYSRET; what keeps a bad RIP from SYSRET is syscall_can_sysret()'s TASK_SIZE_MAX
 * check: at or above it the return takes IRET, which faults on a non-canonical
 * RIP, and the fault becomes a SIGSEGV.
 *
 * The FPU image comes last, as on Linux: one the CPU refuses (a corrupt XSAVE
 * header) leaves the FPU reset and the task with SIGSEGV, but its general
 * registers restored, so a SIGSEGV handler that returns goes back to the
 * interrupted code.
 *
 * Returns the restored RAX, which the syscall path stores into regs->ax.
 */
long sys_rt_sigreturn(struct pt_regs *regs)
{
	unsigned long frame_addr = regs->sp - sizeof(unsigned long);
	struct kernel_ucontext uc;
	struct kernel_sigcontext *sc = &uc.uc_mcontext;
	struct task *t = current;

	if (copy_from_user(&uc, (const void __user *)(frame_addr +
			   offsetof(struct rt_sigframe, uc)), sizeof(uc)))
		goto badframe;
	set_blocked(t, uc.uc_sigmask);

	regs->r8 = sc->r8, regs->r9 = sc->r9, regs->r10 = sc->r10, regs->r11 = sc->r11;
	regs->r12 = sc->r12, regs->r13 = sc->r13, regs->r14 = sc->r14, regs->r15 = sc->r15;
	regs->di = sc->di, regs->si = sc->si, regs->bp = sc->bp, regs->bx = sc->bx;
	regs->dx = sc->dx, regs->ax = sc->ax, regs->cx = sc->cx, regs->sp = sc->sp;
	regs->ip = sc->ip;
	regs->flags = (regs->flags & ~FIX_EFLAGS) | (sc->flags & FIX_EFLAGS);
	regs->cs = sc->cs | 3;
	regs->ss = sc->ss | 3;
	if (unlikely(!(uc.uc_flags & UC_STRICT_RESTORE_SS) && user_64bit_mode(regs)))
		force_valid_ss(regs);
	regs->orig_ax = -1UL;	/* no syscall to restart */
	t->restart.fn = NULL;	/* nor a sleep the handler interrupted: restart_syscall() */

	if (!sc->fpstate)
		fpu_reset_user_state();
	else if (!fpu_restore_sigframe((const void __user *)sc->fpstate, NULL))
		goto badframe;

	/* As Linux: the frame's sigaltstack settings come back too; errors ignored. */
	do_sigaltstack(&uc.uc_stack, NULL, regs->sp);
	return regs->ax;

badframe:
	force_sig_fault(SIGSEGV, SI_KERNEL, 0, 0, 0);
	return regs->ax;
}
