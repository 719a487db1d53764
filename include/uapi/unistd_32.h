/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i386 system call numbers of the calls entrylab answers through int $0x80
 * (entry/syscall_32.c): Linux's arch/x86/entry/syscalls/syscall_32.tbl, whose
 * numbers are not the x86-64 ones.
 */
#ifndef _UAPI_ENTRYLAB_UNISTD_32_H
#define _UAPI_ENTRYLAB_UNISTD_32_H

#define __NR_ia32_restart_syscall 0
#define __NR_ia32_exit		1
#define __NR_ia32_write		4
#define __NR_ia32_getpid	20
#define __NR_ia32_pause		29
#define __NR_ia32_kill		37
#define __NR_ia32_getppid	64
#define __NR_ia32_modify_ldt	123
#define __NR_ia32_sched_yield	158
#define __NR_ia32_gettid	224
#define __NR_ia32_tkill		238
#define __NR_ia32_exit_group	252
#define __NR_ia32_tgkill	270
#define __NR_ia32_clock_nanosleep_time64 407

#define IA32_NR_syscalls	408

#endif
