/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i386 system call numbers of the calls entrylab answers through int $0x80
 * (entry/syscall_32.c): Linux's arch/x86/entry/syscalls/syscall_32.tbl, whose
 * numbers are not the x86-64 ones.
 */
#ifndef _UAPI_ENTRYLAB_UNISTD_32_H
#define _UAPI_ENTRYLAB_UNISTD_32_H

#define __NR_ia32_restart_syscall	0
#define __NR_ia32_exit			1
#define __NR_ia32_fork			2
#define __NR_ia32_read			3
#define __NR_ia32_write			4
#define __NR_ia32_open			5
#define __NR_ia32_close			6
#define __NR_ia32_waitpid		7
#define __NR_ia32_execve		11
#define __NR_ia32_time			13
#define __NR_ia32_lseek			19
#define __NR_ia32_getpid		20
#define __NR_ia32_getuid		24
#define __NR_ia32_ptrace		26
#define __NR_ia32_pause			29
#define __NR_ia32_kill			37
#define __NR_ia32_dup			41
#define __NR_ia32_pipe			42
#define __NR_ia32_brk			45
#define __NR_ia32_getgid		47
#define __NR_ia32_geteuid		49
#define __NR_ia32_getegid		50
#define __NR_ia32_ioctl			54
#define __NR_ia32_dup2			63
#define __NR_ia32_getppid		64
#define __NR_ia32_sigaction		67
#define __NR_ia32_setrlimit		75
#define __NR_ia32_getrusage		77
#define __NR_ia32_gettimeofday		78
#define __NR_ia32_munmap		91
#define __NR_ia32_ioperm		101
#define __NR_ia32_iopl			110
#define __NR_ia32_wait4			114
#define __NR_ia32_sigreturn		119
#define __NR_ia32_clone			120
#define __NR_ia32_uname			122
#define __NR_ia32_modify_ldt		123
#define __NR_ia32_mprotect		125
#define __NR_ia32__llseek		140
#define __NR_ia32_readv			145
#define __NR_ia32_writev		146
#define __NR_ia32_sched_yield		158
#define __NR_ia32_nanosleep		162
#define __NR_ia32_mremap		163
#define __NR_ia32_prctl			172
#define __NR_ia32_rt_sigreturn		173
#define __NR_ia32_rt_sigaction		174
#define __NR_ia32_rt_sigprocmask	175
#define __NR_ia32_rt_sigpending		176
#define __NR_ia32_rt_sigsuspend		179
#define __NR_ia32_sigaltstack		186
#define __NR_ia32_vfork			190
#define __NR_ia32_ugetrlimit		191
#define __NR_ia32_mmap2			192
#define __NR_ia32_stat64		195
#define __NR_ia32_lstat64		196
#define __NR_ia32_fstat64		197
#define __NR_ia32_getuid32		199
#define __NR_ia32_getgid32		200
#define __NR_ia32_geteuid32		201
#define __NR_ia32_getegid32		202
#define __NR_ia32_madvise		219
#define __NR_ia32_fcntl64		221
#define __NR_ia32_gettid		224
#define __NR_ia32_tkill			238
#define __NR_ia32_futex			240
#define __NR_ia32_sched_setaffinity	241
#define __NR_ia32_sched_getaffinity	242
#define __NR_ia32_set_thread_area	243
#define __NR_ia32_get_thread_area	244
#define __NR_ia32_exit_group		252
#define __NR_ia32_set_tid_address	258
#define __NR_ia32_clock_gettime		265
#define __NR_ia32_clock_getres		266
#define __NR_ia32_clock_nanosleep	267
#define __NR_ia32_tgkill		270
#define __NR_ia32_waitid		284
#define __NR_ia32_openat		295
#define __NR_ia32_fstatat64		300
#define __NR_ia32_set_robust_list	311
#define __NR_ia32_getcpu		318
#define __NR_ia32_eventfd2		328
#define __NR_ia32_epoll_create1		329
#define __NR_ia32_dup3			330
#define __NR_ia32_pipe2			331
#define __NR_ia32_prlimit64		340
#define __NR_ia32_seccomp		354
#define __NR_ia32_getrandom		355
#define __NR_ia32_memfd_create		356
#define __NR_ia32_membarrier		375
#define __NR_ia32_rseq			386
#define __NR_ia32_clock_gettime64	403
#define __NR_ia32_clock_getres_time64	406
#define __NR_ia32_clock_nanosleep_time64 407
#define __NR_ia32_futex_time64		422
#define __NR_ia32_clone3		435
#define __NR_ia32_entrylab_bench	511	/* not Linux: as __NR_entrylab_bench */

#define IA32_NR_syscalls		512

#endif
