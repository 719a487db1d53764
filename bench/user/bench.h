/* SPDX-License-Identifier: GPL-2.0 */
/* The syscall benchmark (bench/user/bench.c), shared by init and the probe program. */
#ifndef _USER_BENCH_H
#define _USER_BENCH_H

#include <cmdline.h>
#include <compiler.h>

struct bench_args {
	u64 iters;	/* syscalls per timed loop */
	u64 reps;	/* repetitions of every loop; min and median are reported */
	bool boot_row;	/* rows=boot: the boot's row alone, kill/invalid/getpid alone */
};

/* iters= and reps=, each warned about and clamped when out of range. */
void bench_parse_args(struct cmdline *args, struct bench_args *b);
/* Measures every entry variant; 0, or 1 when the kernel refused (it says why). */
int run_benchmark(const struct bench_args *b);
/* fork+wait, thread create+join and a yield ping-pong: a table of their own. */
int run_process_benchmark(const struct bench_args *b);
/* clock_gettime() by the system call and by each vDSO reader: the clock table. */
int run_clock_benchmark(const struct bench_args *b);
/* getpid under seccomp filters and Syscall User Dispatch (bench/user/bench_filters.c). */
int run_filter_benchmark(const struct bench_args *b);

/*
 * What the tables share (bench/user/bench.c): iters syscalls nr(a0, a1) timed by the
 * TSC (counter -1) or a PMU counter, and the same loop without the SYSCALL, which
 * every figure has subtracted; x / n with two decimals after prefix; a table
 * cell: the repetitions sorted, their minimum and median.
 */
u64 time_syscalls(long counter, u64 iters, long nr, long a0, long a1);
u64 time_empty(long counter, u64 iters, long nr, long a0, long a1);
void print_ratio(const char *prefix, long long x, u64 n);
void print_min_median(long long *v, u64 reps, u64 n);

#endif
