/* SPDX-License-Identifier: GPL-2.0 */
/* seccomp(2)'s operations and modes, as Linux's uapi/linux/seccomp.h. */
#ifndef _UAPI_SECCOMP_H
#define _UAPI_SECCOMP_H

/* A task's mode: prctl(PR_GET_SECCOMP) returns it. */
#define SECCOMP_MODE_DISABLED	0
#define SECCOMP_MODE_STRICT	1	/* read, write, exit and rt_sigreturn; anything
					 * else kills */
#define SECCOMP_MODE_FILTER	2	/* classic BPF filters decide */

/* seccomp(2)'s operations. */
#define SECCOMP_SET_MODE_STRICT		0
#define SECCOMP_SET_MODE_FILTER		1
#define SECCOMP_GET_ACTION_AVAIL	2
#define SECCOMP_GET_NOTIF_SIZES		3

/* SECCOMP_SET_MODE_FILTER's flags. */
#define SECCOMP_FILTER_FLAG_TSYNC		(1UL << 0)
#define SECCOMP_FILTER_FLAG_LOG			(1UL << 1)
#define SECCOMP_FILTER_FLAG_SPEC_ALLOW		(1UL << 2)
#define SECCOMP_FILTER_FLAG_NEW_LISTENER	(1UL << 3)
#define SECCOMP_FILTER_FLAG_TSYNC_ESRCH		(1UL << 4)
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV	(1UL << 5)

/*
 * A filter's result: the action in the upper 16 bits, data below. The lowest
 * action (compared as a signed number) of all the task's filters wins.
 */
#define SECCOMP_RET_KILL_PROCESS	0x80000000U	/* the whole process, SIGSYS */
#define SECCOMP_RET_KILL_THREAD		0x00000000U	/* this thread */
#define SECCOMP_RET_TRAP		0x00030000U	/* SIGSYS with the syscall's siginfo */
#define SECCOMP_RET_ERRNO		0x00050000U	/* -data, nothing run */
#define SECCOMP_RET_USER_NOTIF		0x7fc00000U	/* ask the listener */
#define SECCOMP_RET_TRACE		0x7ff00000U	/* ask the tracer */
#define SECCOMP_RET_LOG			0x7ffc0000U	/* run it, and log it */
#define SECCOMP_RET_ALLOW		0x7fff0000U	/* run it */
#define SECCOMP_RET_ACTION_FULL		0xffff0000U
#define SECCOMP_RET_ACTION		0x7fff0000U
#define SECCOMP_RET_DATA		0x0000ffffU

/* What a filter reads: 64 bytes, 32-bit aligned loads only. */
struct seccomp_data {
	int nr;
	unsigned int arch;		/* AUDIT_ARCH_X86_64, or AUDIT_ARCH_I386 for int $0x80 */
	unsigned long long instruction_pointer;
	unsigned long long args[6];
};

#define AUDIT_ARCH_X86_64	0xc000003eU
#define AUDIT_ARCH_I386		0x40000003U

/* SECCOMP_GET_NOTIF_SIZES: the listener's structures, as Linux 6.12's. */
struct seccomp_notif_sizes {
	unsigned short seccomp_notif;
	unsigned short seccomp_notif_resp;
	unsigned short seccomp_data;
};

/* A notification, as SECCOMP_IOCTL_NOTIF_RECV gives it (80 bytes). */
struct seccomp_notif {
	unsigned long long id;		/* unique for the listener's life */
	unsigned int pid;		/* the thread that made the call */
	unsigned int flags;
	struct seccomp_data data;
};

/* The listener's answer (SECCOMP_IOCTL_NOTIF_SEND, 24 bytes). */
struct seccomp_notif_resp {
	unsigned long long id;
	long long val;			/* the call's result ... */
	int error;			/* ... unless this (a negative errno) is not 0 */
	unsigned int flags;
};
#define SECCOMP_USER_NOTIF_FLAG_CONTINUE	(1UL << 0)	/* run the call after all */

/* SECCOMP_IOCTL_NOTIF_ADDFD: a descriptor of the listener's into the notifying task. */
struct seccomp_notif_addfd {
	unsigned long long id;
	unsigned int flags;
	unsigned int srcfd;		/* the listener's fd */
	unsigned int newfd;		/* with SETFD: the number to use */
	unsigned int newfd_flags;	/* O_CLOEXEC */
};
#define SECCOMP_ADDFD_FLAG_SETFD	(1UL << 0)	/* at newfd, closing what was there */
#define SECCOMP_ADDFD_FLAG_SEND		(1UL << 1)	/* and answer with the fd, atomically */

/* SECCOMP_IOCTL_NOTIF_SET_FLAGS: a scheduling hint, accepted. */
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP	(1UL << 0)

/* The listener's ioctls: _IOWR('!', 0, ...) and on, as Linux's. */
#define SECCOMP_IOCTL_NOTIF_RECV		0xc0502100U
#define SECCOMP_IOCTL_NOTIF_SEND		0xc0182101U
#define SECCOMP_IOCTL_NOTIF_ID_VALID		0x40082102U
#define SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR	0x80082102U	/* Linux 5.0's _IOR, still taken */
#define SECCOMP_IOCTL_NOTIF_ADDFD		0x40182103U
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS		0x40082104U

/*
 * An ioctl command's argument size (bits 16-29, as Linux's _IOC_SIZE), and its
 * type and number alone (Linux's EA_IOCTL(): without the size and direction).
 */
#define IOC_SIZE(cmd)			(((cmd) >> 16) & 0x3fffU)
#define IOC_TYPE_NR(cmd)		((cmd) & 0xffffU)

#endif
