// SPDX-License-Identifier: GPL-2.0
/*
 * The i386 system call ABI through int $0x80 (entry/entry_64_compat.asm), which
 * 64-bit programs may use as well: Linux's do_int80_emulation(). The number is
 * EAX, the arguments EBX, ECX, EDX, ESI, EDI and EBP, the result EAX, and the
 * numbers are i386's (include/uapi/unistd_32.h: getpid is 20, not 39).
 *
 * It is a system call like any other from the entry path's point of view: the
 * same enter and exit hooks, the same syscall work (a tracer stops it and sees
 * the i386 number in orig_ax), the same restart rules (int $0x80 is two bytes
 * long, as SYSCALL is). Only the way back differs: it came through the IDT, so it
 * leaves by IRET.
 *
 * entrylab has no 32-bit processes, so the table holds the calls whose arguments
 * mean the same in both ABIs: integers, write()'s bytes, and modify_ldt()'s
 * struct user_desc (32-bit fields only, laid out alike). The others take
 * structures with an i386 layout of their own (Linux's compat_* types and
 * wrappers) and are -ENOSYS here, like every number not in the table.
 */
#include <asm/traps.h>
#include <entry-common.h>
#include <errno.h>
#include <syscalls.h>
#include <uapi/unistd_32.h>
#include <vtime.h>

/*
 * The calls, one line each: X(i386 number, handler). The i386 numbers are not the
 * x86-64 ones: restart_syscall is 0 here, so a restart keeps the entry's ABI
 * (get_nr_restart_syscall() in arch/x86/signal.c reads TS_COMPAT for it).
 */
#define IA32_SYSCALLS(X)						\
	X(__NR_ia32_restart_syscall,		sys_restart_syscall)	\
	X(__NR_ia32_exit,			sys_exit)		\
	X(__NR_ia32_write,			sys_write)		\
	X(__NR_ia32_getpid,			sys_getpid)		\
	X(__NR_ia32_pause,			sys_pause)		\
	X(__NR_ia32_kill,			sys_kill)		\
	X(__NR_ia32_getppid,			sys_getppid)		\
	X(__NR_ia32_modify_ldt,			sys_modify_ldt)		\
	X(__NR_ia32_sched_yield,		sys_sched_yield)	\
	X(__NR_ia32_gettid,			sys_gettid)		\
	X(__NR_ia32_tkill,			sys_tkill)		\
	X(__NR_ia32_exit_group,			sys_exit_group)		\
	X(__NR_ia32_tgkill,			sys_tgkill)		\
	X(__NR_ia32_clock_nanosleep_time64,	sys_clock_nanosleep)

/*
 * Run i386 call nr. The handlers read their arguments where the x86-64 ABI puts
 * them, so they get a copy of regs with the i386 argument registers moved there,
 * zero-extended from 32 bits: what Linux's __ia32_sys_* wrappers do call by call.
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
	unsigned int unr;
	int nr;

	if (unlikely(!user_mode(regs)))
		oops(regs, IA32_SYSCALL_VECTOR, "int $0x80 in the kernel");
	regs->orig_ax = (u32)regs->ax;
	regs->ax = -ENOSYS;
	task_thread_info(current)->status |= TS_COMPAT;
	vtime_user_exit_irqoff();
	nr = syscall_enter_from_user_mode(regs, (int)regs->orig_ax);
	unr = nr;
	if (likely(unr < IA32_NR_syscalls))
		regs->ax = ia32_sys_call(regs, array_index_nospec(unr, IA32_NR_syscalls));
	syscall_exit_to_user_mode(regs);
	/* After the exit work, whose signal delivery may have restarted the call. */
	task_thread_info(current)->status &= ~TS_COMPAT;
	vtime_user_enter_irqoff();
}
