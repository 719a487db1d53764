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

#endif
