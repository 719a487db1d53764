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
	[__NR_read]		= sys_read,
	[__NR_write]		= sys_write,
	[__NR_open]		= sys_open,
	[__NR_close]		= sys_close,
	[__NR_stat]		= sys_stat,
	[__NR_fstat]		= sys_fstat,
	[__NR_lstat]		= sys_stat,
	[__NR_poll]		= sys_poll,
	[__NR_lseek]		= sys_lseek,
	[__NR_mmap]		= sys_mmap,
	[__NR_mprotect]		= sys_mprotect,
	[__NR_munmap]		= sys_munmap,
	[__NR_brk]		= sys_brk,
	[__NR_rt_sigaction]	= sys_rt_sigaction,
	[__NR_rt_sigprocmask]	= sys_rt_sigprocmask,
	[__NR_rt_sigreturn]	= sys_rt_sigreturn,
	[__NR_ioctl]		= sys_ioctl,
	[__NR_pread64]		= sys_pread64,
	[__NR_pwrite64]		= sys_pwrite64,
	[__NR_readv]		= sys_readv,
	[__NR_writev]		= sys_writev,
	[__NR_pipe]		= sys_pipe,
	[__NR_sched_yield]	= sys_sched_yield,
	[__NR_mremap]		= sys_mremap,
	[__NR_madvise]		= sys_madvise,
	[__NR_dup]		= sys_dup,
	[__NR_dup2]		= sys_dup2,
	[__NR_pause]		= sys_pause,
	[__NR_nanosleep]	= sys_nanosleep,
	[__NR_getpid]		= sys_getpid,
	[__NR_socketpair]	= sys_socketpair,
	[__NR_clone]		= sys_clone,
	[__NR_fork]		= sys_fork,
	[__NR_vfork]		= sys_vfork,
	[__NR_execve]		= sys_execve,
	[__NR_exit]		= sys_exit,
	[__NR_wait4]		= sys_wait4,
	[__NR_kill]		= sys_kill,
	[__NR_sysinfo]		= sys_sysinfo,
	[__NR_times]		= sys_times,
	[__NR_uname]		= sys_uname,
	[__NR_fcntl]		= sys_fcntl,
	[__NR_ftruncate]	= sys_ftruncate,
	[__NR_gettimeofday]	= sys_gettimeofday,
	[__NR_getrlimit]	= sys_getrlimit,
	[__NR_getrusage]	= sys_getrusage,
	[__NR_ptrace]		= sys_ptrace,
	[__NR_getppid]		= sys_getppid,
	[__NR_getuid]		= sys_getuid,
	[__NR_getgid]		= sys_getuid,
	[__NR_geteuid]		= sys_getuid,
	[__NR_getegid]		= sys_getuid,
	[__NR_capget]		= sys_capget,
	[__NR_capset]		= sys_capset,
	[__NR_rt_sigpending]	= sys_rt_sigpending,
	[__NR_rt_sigtimedwait]	= sys_rt_sigtimedwait,
	[__NR_rt_sigsuspend]	= sys_rt_sigsuspend,
	[__NR_sigaltstack]	= sys_sigaltstack,
	[__NR_modify_ldt]	= sys_modify_ldt,
	[__NR_prctl]		= sys_prctl,
	[__NR_arch_prctl]	= sys_arch_prctl,
	[__NR_setrlimit]	= sys_setrlimit,
	[__NR_iopl]		= sys_iopl,
	[__NR_ioperm]		= sys_ioperm,
	[__NR_gettid]		= sys_gettid,
	[__NR_tkill]		= sys_tkill,
	[__NR_time]		= sys_time,
	[__NR_futex]		= sys_futex,
	[__NR_sched_setaffinity] = sys_sched_setaffinity,
	[__NR_sched_getaffinity] = sys_sched_getaffinity,
	[__NR_epoll_create]	= sys_epoll_create,
	[__NR_set_tid_address]	= sys_set_tid_address,
	[__NR_restart_syscall]	= sys_restart_syscall,
	[__NR_clock_gettime]	= sys_clock_gettime,
	[__NR_clock_getres]	= sys_clock_getres,
	[__NR_clock_nanosleep]	= sys_clock_nanosleep,
	[__NR_exit_group]	= sys_exit_group,
	[__NR_epoll_wait]	= sys_epoll_wait,
	[__NR_epoll_ctl]	= sys_epoll_ctl,
	[__NR_tgkill]		= sys_tgkill,
	[__NR_rt_sigqueueinfo]	= sys_rt_sigqueueinfo,
	[__NR_rt_tgsigqueueinfo] = sys_rt_tgsigqueueinfo,
	[__NR_waitid]		= sys_waitid,
	[__NR_chdir]		= sys_chdir,
	[__NR_openat]		= sys_openat,
	[__NR_newfstatat]	= sys_newfstatat,
	[__NR_ppoll]		= sys_ppoll,
	[__NR_unshare]		= sys_unshare,
	[__NR_set_robust_list]	= sys_set_robust_list,
	[__NR_epoll_pwait]	= sys_epoll_pwait,
	[__NR_eventfd]		= sys_eventfd,
	[__NR_eventfd2]		= sys_eventfd2,
	[__NR_epoll_create1]	= sys_epoll_create1,
	[__NR_dup3]		= sys_dup3,
	[__NR_pipe2]		= sys_pipe2,
	[__NR_prlimit64]	= sys_prlimit64,
	[__NR_getcpu]		= sys_getcpu,
	[__NR_process_vm_readv] = sys_process_vm_readv,
	[__NR_kcmp]		= sys_kcmp,
	[__NR_seccomp]		= sys_seccomp,
	[__NR_getrandom]	= sys_getrandom,
	[__NR_memfd_create]	= sys_memfd_create,
	[__NR_clone3]		= sys_clone3,
	[__NR_epoll_pwait2]	= sys_epoll_pwait2,
	[__NR_entrylab_bench]	= sys_entrylab_bench,
};

/*
 * The calls that read or rewrite all of pt_regs, not only the half the SYSCALL
 * entry always saves: fork and clone copy it, execve and rt_sigreturn replace
 * it. Only entry=asm-fastpath asks (entry/entry_64.asm): its fast path leaves
 * the callee-saved half unwritten, so it sends these to the full path, as
 * Linux's ptregs stubs did.
 */
const u8 sys_call_ptregs[NR_syscalls] = {
	[__NR_rt_sigreturn]	= 1,
	[__NR_clone]		= 1,
	[__NR_fork]		= 1,
	[__NR_vfork]		= 1,
	[__NR_execve]		= 1,
	[__NR_clone3]		= 1,
};
