/* SPDX-License-Identifier: GPL-2.0 */
/*
 * prctl(2)'s options entrylab has (Linux's uapi/linux/prctl.h), arch_prctl(2)'s
 * codes and the AT_HWCAP2 bits (Linux's asm/prctl.h and asm/hwcap2.h).
 */
#ifndef _UAPI_PRCTL_H
#define _UAPI_PRCTL_H

#define PR_GET_SECCOMP		21
#define PR_SET_SECCOMP		22
#define PR_CAPBSET_READ		23
#define PR_CAPBSET_DROP		24
#define PR_SET_NO_NEW_PRIVS	38
#define PR_GET_NO_NEW_PRIVS	39
#define PR_SET_SYSCALL_USER_DISPATCH	59
#define PR_SYS_DISPATCH_OFF		0
#define PR_SYS_DISPATCH_EXCLUSIVE_ON	1	/* dispatch calls from outside the range */
#define PR_SYS_DISPATCH_ON		PR_SYS_DISPATCH_EXCLUSIVE_ON	/* its 5.11 name */
#define PR_SYS_DISPATCH_INCLUSIVE_ON	2	/* dispatch calls from inside it (6.17) */
#define SYSCALL_DISPATCH_FILTER_ALLOW	0	/* the selector's two values */
#define SYSCALL_DISPATCH_FILTER_BLOCK	1

#define ARCH_SET_GS		0x1001
#define ARCH_SET_FS		0x1002
#define ARCH_GET_FS		0x1003
#define ARCH_GET_GS		0x1004

#define HWCAP2_FSGSBASE		(1 << 1)	/* RDFSBASE and friends work in ring 3 */

#endif
