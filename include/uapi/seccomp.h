/* SPDX-License-Identifier: GPL-2.0 */
/* seccomp(2)'s operations and modes, as Linux's uapi/linux/seccomp.h. */
#ifndef _UAPI_SECCOMP_H
#define _UAPI_SECCOMP_H

/* A task's mode: prctl(PR_GET_SECCOMP) returns it. */
#define SECCOMP_MODE_DISABLED	0
#define SECCOMP_MODE_STRICT	1	/* read, write, exit and rt_sigreturn; anything else kills */
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

#endif
