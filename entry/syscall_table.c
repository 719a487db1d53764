// SPDX-License-Identifier: GPL-2.0
/*
 * The system call table. Every slot not named below is sys_ni_syscall, so a gap
 * behaves exactly like a number past the end: -ENOSYS.
 */
#include <errno.h>
#include <syscalls.h>

long sys_ni_syscall(struct pt_regs *regs)
{
	return -ENOSYS;
}

/* The range default is meant to be overridden below, as in Linux's table. */
#pragma GCC diagnostic ignored "-Woverride-init"

const sys_call_ptr_t sys_call_table[NR_syscalls] = {
	[0 ... NR_syscalls - 1]	= sys_ni_syscall,
	[__NR_write]		= sys_write,
	[__NR_mmap]		= sys_mmap,
	[__NR_mprotect]		= sys_mprotect,
	[__NR_munmap]		= sys_munmap,
	[__NR_brk]		= sys_brk,
	[__NR_rt_sigaction]	= sys_rt_sigaction,
	[__NR_rt_sigprocmask]	= sys_rt_sigprocmask,
	[__NR_rt_sigreturn]	= sys_rt_sigreturn,
	[__NR_writev]		= sys_writev,
	[__NR_sched_yield]	= sys_sched_yield,
	[__NR_getpid]		= sys_getpid,
	[__NR_exit]		= sys_exit,
	[__NR_kill]		= sys_kill,
	[__NR_uname]		= sys_uname,
	[__NR_gettimeofday]	= sys_gettimeofday,
	[__NR_getrlimit]	= sys_getrlimit,
	[__NR_rt_sigpending]	= sys_rt_sigpending,
	[__NR_sigaltstack]	= sys_sigaltstack,
	[__NR_arch_prctl]	= sys_arch_prctl,
	[__NR_setrlimit]	= sys_setrlimit,
	[__NR_gettid]		= sys_getpid,	/* one thread per process */
	[__NR_tkill]		= sys_tkill,
	[__NR_time]		= sys_time,
	[__NR_sched_setaffinity] = sys_sched_setaffinity,
	[__NR_sched_getaffinity] = sys_sched_getaffinity,
	[__NR_set_tid_address]	= sys_set_tid_address,
	[__NR_clock_gettime]	= sys_clock_gettime,
	[__NR_exit_group]	= sys_exit_group,
	[__NR_tgkill]		= sys_tgkill,
	[__NR_getcpu]		= sys_getcpu,
	[__NR_prlimit64]	= sys_prlimit64,
	[__NR_getrandom]	= sys_getrandom,
	[__NR_entrylab_bench]	= sys_entrylab_bench,
};
