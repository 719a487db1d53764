/* SPDX-License-Identifier: GPL-2.0 */
/* The syscall benchmark (user/bench.c), shared by init and the probe program. */
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

#endif
