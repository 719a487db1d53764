/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rseq(2)'s ABI, as Linux's uapi/linux/rseq.h (6.12's fields): the area a thread
 * registers, which the kernel keeps current on every return to user mode after
 * the thread ran somewhere new, and the critical-section descriptor it points at.
 */
#ifndef _UAPI_RSEQ_H
#define _UAPI_RSEQ_H

#include <compiler.h>

#define RSEQ_FLAG_UNREGISTER		BIT(0)	/* rseq(2)'s only flag */
#define RSEQ_CPU_ID_UNINITIALIZED	((u32)-1)	/* cpu_id before the first update */
#define RSEQ_CPU_ID_REGISTRATION_FAILED	((u32)-2)	/* a C library's, on failure */

/* A critical section: [start_ip, start_ip + post_commit_offset), and where to go if cut. */
struct rseq_cs {
	u32 version;			/* 0 */
	u32 flags;			/* 0: the RSEQ_CS_FLAG_NO_RESTART_ON_* bits are gone */
	u64 start_ip;
	u64 post_commit_offset;
	u64 abort_ip;			/* preceded by the 4-byte signature given to rseq(2) */
} __aligned(32);

struct rseq {
	u32 cpu_id_start;		/* the CPU, always a valid number (0 before the first) */
	u32 cpu_id;			/* the CPU, or RSEQ_CPU_ID_* */
	u64 rseq_cs;			/* the struct rseq_cs in progress, or 0 */
	u32 flags;			/* deprecated: ignored */
	u32 node_id;			/* the NUMA node: 0, entrylab has one */
	u32 mm_cid;			/* the concurrency ID: compact in the process */
	char end[];
} __aligned(32);

/* The size rseq(2) takes since Linux 4.18, whatever the features. */
#define ORIG_RSEQ_SIZE			32
/* What this kernel keeps current: AT_RSEQ_FEATURE_SIZE in the aux vector. */
#define RSEQ_FEATURE_SIZE		offsetof(struct rseq, end)

#endif
