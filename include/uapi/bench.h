/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark's control call, shared by the kernel (bench/bench.c) and the
 * benchmark program (user/init.c):
 *
 *   syscall(__NR_entrylab_bench, BENCH_ROWS)                number of rows
 *   syscall(__NR_entrylab_bench, BENCH_OPS, v)              mask of the ops row v can measure,
 *                                                           and BENCH_ROW_RSEQ if the program
 *                                                           measures it with an rseq area
 *                                                           registered
 *   syscall(__NR_entrylab_bench, BENCH_SELECT, v)           switch to row v: LSTAR, trackers
 *   syscall(__NR_entrylab_bench, BENCH_BEGIN)               stop the timer tick
 *   syscall(__NR_entrylab_bench, BENCH_END)                 restart it, back to the boot's row
 *   syscall(__NR_entrylab_bench, BENCH_REPORT, v, op, iters, &result)
 *   syscall(__NR_entrylab_bench, BENCH_CLOCK, mode)         the vDSO's clock reader until
 *                                                           BENCH_END (enum bench_clock)
 *   syscall(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS)      clock_gettime, clock_getres,
 *                                                           gettimeofday, time and getcpu
 *                                                           calls this thread made
 *   syscall(__NR_entrylab_bench, BENCH_BOOT_ROW)            the row of the boot's variant
 *   syscall(__NR_entrylab_bench, BENCH_PMU, &pmu)           after BENCH_BEGIN: the RDPMC
 *                                                           counters for core cycles and
 *                                                           instructions (-ENODEV: none)
 *   syscall(__NR_entrylab_bench, BENCH_NS)                  1 if ticks convert to ns (a
 *                                                           measured TSC rate, no icount)
 *
 * A row is an entry variant with context tracking and the RCU tracker on or off,
 * CPU time measured exactly or sampled, an rseq area registered or not
 * (bench/bench.c). Ticks are RDTSC deltas measured in ring 3, with the empty
 * loop subtracted; for the fault ops, the same loop over the pages it has just
 * touched.
 * SELECT, BEGIN, END, CLOCK and REPORT are -EPERM except in the programs the kernel
 * starts from boot modules (init's threads, the self-tests' probe): not in their children.
 * REPORT refuses (-EINVAL) iters of 0 or above BENCH_MAX_ITERS, reps of 0 or above
 * BENCH_MAX_REPS, and tick counts beyond +-2^40. tests/run.py reads the op names
 * from BENCH_OPS_LIST.
 */
#ifndef _UAPI_ENTRYLAB_BENCH_H
#define _UAPI_ENTRYLAB_BENCH_H

#include <uapi/unistd.h>

enum bench_cmd {
	BENCH_ROWS,
	BENCH_OPS,
	BENCH_SELECT,
	BENCH_BEGIN,
	BENCH_END,
	BENCH_REPORT,
	BENCH_CLOCK,
	BENCH_CLOCK_SYSCALLS,
	BENCH_BOOT_ROW,
	BENCH_PMU,
	BENCH_NS,
	BENCH_NR_CMDS,		/* the first number that is no command: -EINVAL */
};

/* BENCH_PMU: what ring 3 passes to RDPMC (ECX) for each count, and their width. */
struct bench_pmu {
	unsigned int rdpmc_cycles;	/* core cycles, unhalted */
	unsigned int rdpmc_instructions;	/* instructions retired */
	unsigned int width;		/* bits: the difference of two reads is taken
					 * modulo 2^width */
};

/* BENCH_CLOCK's modes: the values of the kernel's enum vclock_mode (include/vvar.h). */
enum bench_clock {
	BENCH_CLOCK_SYSCALL,	/* the vDSO makes the system call */
	BENCH_CLOCK_STABLE,	/* one record under a seqcount (2014) */
	BENCH_CLOCK_PERCPU,	/* this CPU's pvclock record, migration-checked (before) */
};

/* BENCH_OP(id, "its name in the tables"), in table order. */
#define BENCH_OPS_LIST(BENCH_OP)						\
	BENCH_OP(KILL, "kill")		/* kill(getpid(), SIGWINCH): ignored */	\
	BENCH_OP(INVALID, "invalid")	/* syscall(-1): -ENOSYS */		\
	BENCH_OP(GETPID, "getpid")						\
	BENCH_OP(KILL_HANDLED, "kill-handled")	/* with a handler: one delivery */	\
	BENCH_OP(FAULT_READ, "fault-read")	/* a read of an untouched anonymous	\
						 * page: the zero page mapped */	\
	BENCH_OP(FAULT_WRITE, "fault-write")	/* the first write to one: a frame	\
						 * zeroed and mapped */

#define BENCH_OP_ENUM(id, name)	BENCH_OP_##id,
enum bench_op {
	BENCH_OPS_LIST(BENCH_OP_ENUM)
	BENCH_NR_OPS,
};
#undef BENCH_OP_ENUM

/* The ops that are a #PF from ring 3, not a syscall: one per page of a fresh mapping. */
#define BENCH_FAULT_OPS		((1L << BENCH_OP_FAULT_READ) | (1L << BENCH_OP_FAULT_WRITE))
/*
 * Most pages a fault op touches per loop, whatever iters= asks: 64 MiB of frames
 * for fault-write, in a guest of 256 MiB (scripts/qemu.sh).
 */
#define BENCH_FAULT_MAX_PAGES	16384

#define BENCH_MAX_ROWS		16		/* table size on both sides */
#define BENCH_ROW_RSEQ		(1L << 32)	/* BENCH_OPS: register an rseq area first */
#define BENCH_MAX_ITERS		(1UL << 32)
#define BENCH_MAX_REPS		64

struct bench_result {
	long long min_ticks;	/* over the repetitions, whole loop */
	long long median_ticks;
	unsigned long reps;
	/* With a PMU (BENCH_PMU), the minimum over the repetitions; -1 without. */
	long long min_cycles, min_instructions;
};

#endif
