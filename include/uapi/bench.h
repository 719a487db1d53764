/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark's control call, shared by the kernel (kernel/bench.c) and the
 * benchmark program (user/init.c):
 *
 *   syscall(__NR_entrylab_bench, BENCH_VARIANTS)            number of entry variants
 *   syscall(__NR_entrylab_bench, BENCH_SELECT, v)           LSTAR := variant v
 *   syscall(__NR_entrylab_bench, BENCH_BEGIN)               stop the timer tick
 *   syscall(__NR_entrylab_bench, BENCH_END)                 restart it, back to entry=
 *   syscall(__NR_entrylab_bench, BENCH_REPORT, v, op, iters, &result)
 *
 * Ticks are RDTSC deltas measured in ring 3, with the empty loop subtracted.
 * REPORT refuses (-EINVAL) iters of 0 or above 2^32, reps of 0 or above 1024,
 * and tick counts beyond +-2^40.
 */
#ifndef _UAPI_ENTRYLAB_BENCH_H
#define _UAPI_ENTRYLAB_BENCH_H

#include <uapi/unistd.h>

enum bench_cmd {
	BENCH_VARIANTS,
	BENCH_SELECT,
	BENCH_BEGIN,
	BENCH_END,
	BENCH_REPORT,
};

enum bench_op {
	BENCH_OP_KILL,		/* kill(getpid(), SIGWINCH): ignored, discarded */
	BENCH_OP_INVALID,	/* syscall(-1): -ENOSYS */
	BENCH_OP_GETPID,
	BENCH_OP_KILL_HANDLED,	/* kill(getpid(), SIGWINCH) with a handler: one delivery */
	BENCH_NR_OPS,
};

struct bench_result {
	long long min_ticks;	/* over the repetitions, whole loop */
	long long median_ticks;
	unsigned long reps;
};

#endif
