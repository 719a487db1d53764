/* SPDX-License-Identifier: GPL-2.0 */
/* Resource limits, as Linux x86-64 numbers them (getrlimit(2), prlimit64(2)). */
#ifndef _UAPI_ENTRYLAB_RESOURCE_H
#define _UAPI_ENTRYLAB_RESOURCE_H

#define RLIMIT_CPU		0
#define RLIMIT_FSIZE		1
#define RLIMIT_DATA		2	/* the heap (brk) */
#define RLIMIT_STACK		3
#define RLIMIT_CORE		4
#define RLIMIT_RSS		5
#define RLIMIT_NPROC		6
#define RLIMIT_NOFILE		7
#define RLIMIT_MEMLOCK		8
#define RLIMIT_AS		9	/* all mapped user memory */
#define RLIMIT_LOCKS		10
#define RLIMIT_SIGPENDING	11
#define RLIMIT_MSGQUEUE		12
#define RLIMIT_NICE		13
#define RLIMIT_RTPRIO		14
#define RLIMIT_RTTIME		15
#define RLIM_NLIMITS		16

#define RLIM_INFINITY		(~0UL)

/* getrlimit()'s struct rlimit and prlimit64()'s struct rlimit64: the same on x86-64. */
struct rlimit64 {
	unsigned long cur;	/* the soft limit, what is enforced */
	unsigned long max;	/* the hard limit, the ceiling for cur */
};

#endif
