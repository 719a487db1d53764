// SPDX-License-Identifier: GPL-2.0
/*
 * The i386 system call ABI through int $0x80 (entry/entry_64_compat.asm), from
 * i386 programs in compat mode and from 64-bit programs alike: Linux's
 * do_int80_emulation(); and through SYSENTER and compat SYSCALL, the fast
 * entries of the vDSO's __kernel_vsyscall, made into int $0x80 calls
 * (do_fast_syscall_32()). The number is EAX, the arguments EBX, ECX, EDX, ESI,
 * EDI and EBP, the result EAX, and the numbers are i386's
 * (include/uapi/unistd_32.h: getpid is 20, not 39).
 *
 * It is a system call like any other from the entry path's point of view: the
 * same enter and exit hooks, the same syscall work (a tracer stops it and sees
 * the i386 number in orig_ax), the same restart rules (int $0x80 is two bytes
 * long, as SYSCALL is). Only the way back differs: it came through the IDT, so it
 * leaves by IRET.
 *
 * TS_COMPAT is set while it runs (in_ia32_syscall(), include/compat.h): a call
 * whose structures hold longs or pointers reads and writes them in i386's
 * layout by it, and a signal handler it sets gets i386 frames.
 */
#include <asm/traps.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <entry-common.h>
#include <errno.h>
#include <mm.h>
#include <sched.h>
#include <syscalls.h>
#include <uapi/unistd_32.h>
#include <vdso.h>
#include <vtime.h>

/*
 * The calls, one line each: X(i386 number, handler). The i386 numbers are not the
 * x86-64 ones: restart_syscall is 0 here, so a restart keeps the entry's ABI
 * (get_nr_restart_syscall() in arch/x86/signal.c reads TS_COMPAT for it). The
 * handler is the x86-64 call's where the arguments and structures mean the same
 * in both ABIs, or read the ABI themselves (in_ia32_syscall(): stat's layout,
 * for one); compat_sys_*
 * (kernel/compat.c, and the time32 ones beside their x86-64 calls) where an
 * i386 structure differs; sys_ia32_* (arch/x86/sys_ia32.c, signal_ia32.c) where
 * the arguments do. Every other number is -ENOSYS.
 */
#define IA32_SYSCALLS(X)						\
	X(__NR_ia32_restart_syscall,		sys_restart_syscall)	\
	X(__NR_ia32_exit,			sys_exit)		\
	X(__NR_ia32_fork,			sys_fork)		\
	X(__NR_ia32_read,			sys_read)		\
	X(__NR_ia32_write,			sys_write)		\
	X(__NR_ia32_open,			sys_open)		\
	X(__NR_ia32_close,			sys_close)		\
	X(__NR_ia32_waitpid,			sys_ia32_waitpid)	\
	X(__NR_ia32_execve,			sys_execve)		\
	X(__NR_ia32_time,			sys_time)		\
	X(__NR_ia32_lseek,			sys_ia32_lseek)		\
	X(__NR_ia32_getpid,			sys_getpid)		\
	X(__NR_ia32_getuid,			sys_getuid)		\
	X(__NR_ia32_ptrace,			sys_ptrace)		\
	X(__NR_ia32_pause,			sys_pause)		\
	X(__NR_ia32_kill,			sys_kill)		\
	X(__NR_ia32_dup,			sys_dup)		\
	X(__NR_ia32_pipe,			sys_pipe)		\
	X(__NR_ia32_brk,			sys_brk)		\
	X(__NR_ia32_getgid,			sys_getuid)		\
	X(__NR_ia32_geteuid,			sys_getuid)		\
	X(__NR_ia32_getegid,			sys_getuid)		\
	X(__NR_ia32_ioctl,			sys_ioctl)		\
	X(__NR_ia32_dup2,			sys_dup2)		\
	X(__NR_ia32_getppid,			sys_getppid)		\
	X(__NR_ia32_sigaction,			compat_sys_sigaction)	\
	X(__NR_ia32_setrlimit,			compat_sys_setrlimit)	\
	X(__NR_ia32_getrusage,			sys_getrusage)		\
	X(__NR_ia32_gettimeofday,		sys_gettimeofday)	\
	X(__NR_ia32_munmap,			sys_munmap)		\
	X(__NR_ia32_ioperm,			sys_ioperm)		\
	X(__NR_ia32_iopl,			sys_iopl)		\
	X(__NR_ia32_wait4,			sys_wait4)		\
	X(__NR_ia32_sigreturn,			sys_ia32_sigreturn)	\
	X(__NR_ia32_clone,			sys_ia32_clone)		\
	X(__NR_ia32_uname,			sys_uname)		\
	X(__NR_ia32_modify_ldt,			sys_modify_ldt)		\
	X(__NR_ia32_mprotect,			sys_mprotect)		\
	X(__NR_ia32__llseek,			sys_ia32_llseek)	\
	X(__NR_ia32_readv,			sys_readv)		\
	X(__NR_ia32_writev,			sys_writev)		\
	X(__NR_ia32_sched_yield,		sys_sched_yield)	\
	X(__NR_ia32_nanosleep,			compat_sys_nanosleep)	\
	X(__NR_ia32_mremap,			sys_mremap)		\
	X(__NR_ia32_prctl,			sys_prctl)		\
	X(__NR_ia32_rt_sigreturn,		sys_ia32_rt_sigreturn)	\
	X(__NR_ia32_rt_sigaction,		compat_sys_rt_sigaction) \
	X(__NR_ia32_rt_sigprocmask,		sys_rt_sigprocmask)	\
	X(__NR_ia32_rt_sigpending,		sys_rt_sigpending)	\
	X(__NR_ia32_rt_sigsuspend,		sys_rt_sigsuspend)	\
	X(__NR_ia32_sigaltstack,		compat_sys_sigaltstack)	\
	X(__NR_ia32_vfork,			sys_vfork)		\
	X(__NR_ia32_ugetrlimit,			compat_sys_getrlimit)	\
	X(__NR_ia32_mmap2,			sys_ia32_mmap2)		\
	X(__NR_ia32_stat64,			sys_stat)		\
	X(__NR_ia32_lstat64,			sys_stat)		\
	X(__NR_ia32_fstat64,			sys_fstat)		\
	X(__NR_ia32_getuid32,			sys_getuid)		\
	X(__NR_ia32_getgid32,			sys_getuid)		\
	X(__NR_ia32_geteuid32,			sys_getuid)		\
	X(__NR_ia32_getegid32,			sys_getuid)		\
	X(__NR_ia32_madvise,			sys_madvise)		\
	X(__NR_ia32_fcntl64,			sys_fcntl)		\
	X(__NR_ia32_gettid,			sys_gettid)		\
	X(__NR_ia32_tkill,			sys_tkill)		\
	X(__NR_ia32_futex,			compat_sys_futex)	\
	X(__NR_ia32_sched_setaffinity,		sys_sched_setaffinity)	\
	X(__NR_ia32_sched_getaffinity,		sys_sched_getaffinity)	\
	X(__NR_ia32_set_thread_area,		sys_set_thread_area)	\
	X(__NR_ia32_get_thread_area,		sys_get_thread_area)	\
	X(__NR_ia32_exit_group,			sys_exit_group)		\
	X(__NR_ia32_set_tid_address,		sys_set_tid_address)	\
	X(__NR_ia32_clock_gettime,		compat_sys_clock_gettime) \
	X(__NR_ia32_clock_getres,		compat_sys_clock_getres) \
	X(__NR_ia32_clock_nanosleep,		compat_sys_clock_nanosleep) \
	X(__NR_ia32_tgkill,			sys_tgkill)		\
	X(__NR_ia32_waitid,			sys_waitid)		\
	X(__NR_ia32_openat,			sys_openat)		\
	X(__NR_ia32_fstatat64,			sys_newfstatat)		\
	X(__NR_ia32_set_robust_list,		compat_sys_set_robust_list) \
	X(__NR_ia32_getcpu,			sys_getcpu)		\
	X(__NR_ia32_eventfd2,			sys_eventfd2)		\
	X(__NR_ia32_epoll_create1,		sys_epoll_create1)	\
	X(__NR_ia32_dup3,			sys_dup3)		\
	X(__NR_ia32_pipe2,			sys_pipe2)		\
	X(__NR_ia32_prlimit64,			sys_prlimit64)		\
	X(__NR_ia32_seccomp,			sys_seccomp)		\
	X(__NR_ia32_getrandom,			sys_getrandom)		\
	X(__NR_ia32_memfd_create,		sys_memfd_create)	\
	X(__NR_ia32_membarrier,			sys_membarrier)		\
	X(__NR_ia32_rseq,			sys_rseq)		\
	X(__NR_ia32_clock_gettime64,		sys_clock_gettime)	\
	X(__NR_ia32_clock_getres_time64,	sys_clock_getres)	\
	X(__NR_ia32_clock_nanosleep_time64,	sys_clock_nanosleep)	\
	X(__NR_ia32_futex_time64,		sys_futex)		\
	X(__NR_ia32_clone3,			sys_clone3)		\
	X(__NR_ia32_entrylab_bench,		sys_entrylab_bench)

/*
 * Run i386 call nr. The handlers read their arguments where the x86-64 ABI puts
 * them, so they get a copy of regs with the i386 argument registers moved there,
 * zero-extended from 32 bits: what Linux's __ia32_sys_* wrappers do call by call.
 * A call that rewrites the user's registers (execve, the sigreturns) does so in
 * current->regs, the real ones.
 *
 * A switch of direct calls, not a table of pointers, as Linux's ia32_sys_call()
 * since 6.9: an indirect call is what branch-target and branch-history injection
 * steer, and this file is built without retpolines. The Makefile builds it with
 * -fno-jump-tables, so the switch is compares and direct calls only (make test's
 * int80-dispatch-has-no-indirect-branch reads the object to hold it there).
 */
static long ia32_sys_call(const struct pt_regs *regs, unsigned int nr)
{
	struct pt_regs args = *regs;

	args.di = (u32)regs->bx;
	args.si = (u32)regs->cx;
	args.dx = (u32)regs->dx;
	args.r10 = (u32)regs->si;
	args.r8 = (u32)regs->di;
	args.r9 = (u32)regs->bp;
	switch (nr) {
#define IA32_CASE(nr, handler)	case nr: return handler(&args);
	IA32_SYSCALLS(IA32_CASE)
#undef IA32_CASE
	default:
		return sys_ni_syscall(&args);
	}
}

/* The call itself: a number past the table leaves ax at -ENOSYS. */
static __always_inline void ia32_dispatch(struct pt_regs *regs, int nr)
{
	unsigned int unr = nr;

	if (likely(unr < IA32_NR_syscalls))
		regs->ax = ia32_sys_call(regs, array_index_nospec(unr, IA32_NR_syscalls));
}

/*
 * An i386 call's bracket, for all three entries: TS_COMPAT (the ABI its calls
 * and a restart read) from before the entry work until after the exit work, and
 * the exact CPU-time accounting's crossings.
 */
static __always_inline void ia32_call_begin(void)
{
	task_thread_info(current)->status |= TS_COMPAT;
	vtime_user_exit_irqoff();
}

static __always_inline void ia32_call_end(void)
{
	task_thread_info(current)->status &= ~TS_COMPAT;
	vtime_user_enter_irqoff();
}

/**
 * do_int80_syscall_32 - an int $0x80 system call
 * @regs: the user's registers; ax holds the number, orig_ax -1 (the IDT entry's)
 *
 * IRQs off, GS swapped, on the task's kernel stack, as for any vector from ring 3.
 * Returns with IRQs off, ready for the IRET. The number is set up as the SYSCALL
 * entry sets it (orig_ax = the number, ax = -ENOSYS) before anything can look:
 * the tracer at the entry stop, a signal's restart in the exit work.
 */
void do_int80_syscall_32(struct pt_regs *regs)
{
	int nr;

	if (unlikely(!user_mode(regs)))
		oops(regs, IA32_SYSCALL_VECTOR, "int $0x80 in the kernel");
	regs->orig_ax = (u32)regs->ax;
	regs->ax = -ENOSYS;
	ia32_call_begin();
	nr = syscall_enter_from_user_mode(regs, (int)regs->orig_ax);
	ia32_dispatch(regs, nr);
	syscall_exit_to_user_mode(regs);
	ia32_call_end();	/* after the exit work, whose signal delivery may restart
				 * the call */
}

/**
 * do_fast_syscall_32 - a SYSENTER or compat SYSCALL system call, made as int $0x80
 * @regs: the user's registers, sp the user's ESP; orig_ax the number, ax -ENOSYS
 *
 * Both instructions come from the vDSO's __kernel_vsyscall, which pushed ECX, EDX
 * and the caller's EBP (argument 6) and then entered. From here the call is made
 * as if by the int $0x80 at the end of __kernel_vsyscall: ip is the landing pad
 * right after it, so a restart goes back two bytes to the int $0x80 and a tracer
 * or signal handler sees a plain int $0x80 call (Linux's do_fast_syscall_32()).
 * Argument 6 is read from the user's stack with IRQs on, before the syscall work,
 * so that a tracer sees it: a bad stack ends the call with -EFAULT.
 *
 * Returns true if the return may use SYSRETL: still to the landing pad, user CS
 * and SS, no RF, TF or VM; then cx and r11 are set to what SYSRETL takes, the
 * return address and the flags (the landing pad pops the caller's ECX).
 */
static bool do_fast_syscall_32(struct pt_regs *regs)
{
	unsigned long landing_pad = current->mm->vdso + vdso32_sym.int80_landing_pad;
	int nr = (int)regs->orig_ax;
	u32 arg6;

	regs->ip = landing_pad;
	ia32_call_begin();
	syscall_enter_from_user_mode_prepare(regs);
	if (unlikely(copy_from_user(&arg6, compat_ptr(regs->sp), sizeof(arg6)))) {
		/* No call ran: no syscall exit work, so no step over it to report either. */
		regs->ax = -EFAULT;
		clear_tsk_thread_flag(current, TIF_SINGLESTEP);
		local_irq_disable();
		irqentry_exit_to_user_mode_irqoff(regs);
		ia32_call_end();
		return false;
	}
	regs->bp = arg6;
	nr = syscall_enter_from_user_mode_work(regs, nr);
	ia32_dispatch(regs, nr);
	syscall_exit_to_user_mode(regs);
	ia32_call_end();

	if (unlikely(regs->ip != landing_pad || regs->cs != __USER32_CS ||
		     regs->ss != __USER_DS ||
		     (regs->flags & (X86_EFLAGS_RF | X86_EFLAGS_TF | X86_EFLAGS_VM))))
		return false;
	regs->cx = regs->ip;
	regs->r11 = regs->flags;
	return true;
}

/*
 * SYSENTER (entry_SYSENTER_compat): the user's ESP is in EBP, where
 * __kernel_vsyscall put it, and IF was set in user mode (SYSENTER cleared it).
 */
bool do_SYSENTER_32(struct pt_regs *regs)
{
	regs->sp = (u32)regs->bp;
	regs->flags |= X86_EFLAGS_IF;
	return do_fast_syscall_32(regs);
}

/*
 * SYSCALL from compat mode (entry_SYSCALL_compat): SYSCALL overwrote ECX, so
 * __kernel_vsyscall passed argument 2 in EBP; ESP's upper half is not the user's.
 */
bool do_SYSCALL_32(struct pt_regs *regs)
{
	regs->cx = regs->bp;
	regs->sp = (u32)regs->sp;
	return do_fast_syscall_32(regs);
}
