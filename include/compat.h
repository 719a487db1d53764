/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i386 ABI as a 64-bit kernel meets it (Linux's compat types): an i386
 * program's pointers and longs are 32 bits, its time_t of the old calls too, so
 * the structures that hold them have layouts of their own, which the compat
 * calls (kernel/compat.c, arch/x86/sys_ia32.c, arch/x86/signal_ia32.c) convert.
 * A structure of fixed-width fields (struct user_desc, statx, clone_args,
 * rlimit64, sigset_t) means the same in both, and its call is shared.
 */
#ifndef _ENTRYLAB_COMPAT_H
#define _ENTRYLAB_COMPAT_H

#include <compiler.h>
#include <thread_info.h>
#include <time.h>

typedef u32 compat_uptr_t;
typedef s32 compat_long_t;
typedef u32 compat_ulong_t;

/* Is current in an i386 system call (int $0x80), rather than an x86-64 one? */
static __always_inline bool in_ia32_syscall(void)
{
	return task_thread_info(current)->status & TS_COMPAT;
}

/* An i386 pointer: zero-extended, so it can only reach the low 4 GiB. */
static __always_inline void __user *compat_ptr(compat_uptr_t p)
{
	return (void __user *)(unsigned long)p;
}

/* A buffer of readv() and writev(): two 32-bit words (include/uapi/uio.h has x86-64's). */
struct compat_iovec {
	compat_uptr_t iov_base;
	compat_ulong_t iov_len;
};

struct compat_sigaction {
	compat_uptr_t handler;
	u32 flags;
	compat_uptr_t restorer;
	u32 mask[2];			/* sigset_t, in two words */
};

/* sigaction(2), i386's oldest: a one-word mask, the flags after it. */
struct compat_old_sigaction {
	compat_uptr_t handler;
	u32 mask;
	u32 flags;
	compat_uptr_t restorer;
};

typedef struct {
	compat_uptr_t ss_sp;
	int ss_flags;
	u32 ss_size;
} compat_stack_t;

struct compat_rlimit {
	u32 rlim_cur, rlim_max;
};

struct compat_rusage {
	struct old_timeval32 ru_utime, ru_stime;
	compat_long_t ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap;
	compat_long_t ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw;
	compat_long_t ru_nivcsw;
};

/* i386's struct stat64 (stat64, lstat64, fstat64, fstatat64): packed, 96 bytes. */
struct stat64 {
	u64 st_dev;
	u8 __pad0[4];
	u32 __st_ino;
	u32 st_mode, st_nlink, st_uid, st_gid;
	u64 st_rdev;
	u8 __pad3[4];
	s64 st_size;
	u32 st_blksize;
	u64 st_blocks;
	u32 st_atime, st_atime_nsec, st_mtime, st_mtime_nsec, st_ctime, st_ctime_nsec;
	u64 st_ino;
} __packed;

/* i386's siginfo_t: 128 bytes, the union at offset 12 (include/uapi/signal.h has x86-64's). */
struct compat_siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	union {
		struct {
			int pid;
			unsigned int uid;
		} kill;
		struct {
			int pid;
			unsigned int uid;
			compat_ulong_t value;
		} rt;
		struct {
			int tid;
			int overrun;
			compat_ulong_t value;
		} timer;
		struct {
			compat_uptr_t addr;
		} fault;
		struct {
			compat_uptr_t call_addr;
			int syscall;
			unsigned int arch;
		} sigsys;
		struct {
			int pid;
			unsigned int uid;
			int status;
			compat_long_t utime, stime;
		} sigchld;
		char __size[116];
	};
};

#endif
