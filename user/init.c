// SPDX-License-Identifier: GPL-2.0
/*
 * init: entrylab's default ring-3 program, the syscall benchmark (bench/user/bench.c).
 *
 *   init [iters=N] [reps=R] [rows=boot]
 *				N syscalls per timed loop (default 10000, at most
 *				2^32), R repetitions (default 5, at most 64);
 *				rows=boot: kill, invalid and getpid in the boot's
 *				entry variant only (a mitigation table cell)
 *
 * A bad or unknown argument gets one warning naming the value used instead. Any
 * other static x86-64 ELF can be init instead (make run INIT=path); the kernel's
 * self-tests never depend on which one is.
 */
#include <bench.h>
#include <libc.h>

int main(int argc, char **argv)
{
	static struct cmdline args;
	struct bench_args b;

	cmdline_parse_argv(&args, "init", argc, argv);
	bench_parse_args(&args, &b);
	cmdline_warn_unknown(&args);
	if (b.boot_row)
		return run_benchmark(&b);
	return run_benchmark(&b) || run_process_benchmark(&b) || run_clock_benchmark(&b) ||
	       run_filter_benchmark(&b);
}
