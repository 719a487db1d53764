/* SPDX-License-Identifier: GPL-2.0 */
/* System call numbers: Linux x86-64's, plus entrylab's benchmark control call. */
#ifndef _UAPI_ENTRYLAB_UNISTD_H
#define _UAPI_ENTRYLAB_UNISTD_H

#define __NR_read		0
#define __NR_write		1
#define __NR_open		2
#define __NR_close		3
#define __NR_stat		4
#define __NR_fstat		5
#define __NR_lstat		6
#define __NR_poll		7
#define __NR_lseek		8
#define __NR_mmap		9
#define __NR_mprotect		10
#define __NR_munmap		11
#define __NR_brk		12
#define __NR_rt_sigaction	13
#define __NR_rt_sigprocmask	14
#define __NR_rt_sigreturn	15
#define __NR_ioctl		16
#define __NR_pread64		17
#define __NR_pwrite64		18
#define __NR_readv		19
#define __NR_writev		20
#define __NR_pipe		22
#define __NR_sched_yield	24
#define __NR_mremap		25
#define __NR_madvise		28
#define __NR_dup		32
#define __NR_dup2		33
#define __NR_pause		34
#define __NR_nanosleep		35
#define __NR_getpid		39
#define __NR_clone		56
#define __NR_fork		57
#define __NR_vfork		58
#define __NR_execve		59
#define __NR_exit		60
#define __NR_wait4		61
#define __NR_kill		62
#define __NR_uname		63
#define __NR_fcntl		72
#define __NR_gettimeofday	96
#define __NR_getrlimit		97
#define __NR_ptrace		101
#define __NR_getppid		110
#define __NR_capget		125
#define __NR_rt_sigpending	127
#define __NR_rt_sigtimedwait	128
#define __NR_rt_sigsuspend	130
#define __NR_sigaltstack	131
#define __NR_modify_ldt		154
#define __NR_prctl		157
#define __NR_arch_prctl		158
#define __NR_setrlimit		160
#define __NR_iopl		172
#define __NR_ioperm		173
#define __NR_tuxcall		184	/* never implemented, in Linux either: a sure -ENOSYS */
#define __NR_gettid		186
#define __NR_tkill		200
#define __NR_time		201
#define __NR_futex		202
#define __NR_sched_setaffinity	203
#define __NR_sched_getaffinity	204
#define __NR_epoll_create	213
#define __NR_set_tid_address	218
#define __NR_restart_syscall	219
#define __NR_clock_gettime	228
#define __NR_clock_getres	229
#define __NR_clock_nanosleep	230
#define __NR_exit_group		231
#define __NR_epoll_wait		232
#define __NR_epoll_ctl		233
#define __NR_tgkill		234
#define __NR_waitid		247
#define __NR_openat		257
#define __NR_newfstatat		262
#define __NR_ppoll		271
#define __NR_set_robust_list	273
#define __NR_epoll_pwait	281
#define __NR_eventfd		284
#define __NR_eventfd2		290
#define __NR_epoll_create1	291
#define __NR_dup3		292
#define __NR_pipe2		293
#define __NR_prlimit64		302
#define __NR_getcpu		309
#define __NR_process_vm_readv	310
#define __NR_seccomp		317
#define __NR_getrandom		318
#define __NR_clone3		435
#define __NR_epoll_pwait2	441
#define __NR_entrylab_bench	511	/* not Linux: see uapi/bench.h */
#define NR_syscalls		512

#endif
