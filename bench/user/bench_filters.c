// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall-work table: what a getpid() costs under seccomp filters and
 * Syscall User Dispatch, as Linux's seccomp_benchmark and sud_benchmark measure
 * it. A filter cannot be removed, so each row runs in a child of its own that
 * sets its row up, times its loops, and sends the figures back through a pipe;
 * the parent holds BENCH_BEGIN (no tick) around them all, on one CPU.
 *
 * Rows: no filter; 1 and 2 filters that allow getpid by its number alone, which
 * Linux 5.11's bitmap decides at attach time (one bit test per call); 1, 2 and 4
 * filters that read an argument, so each runs on every call; dispatch on with
 * the selector allowing the call (the cost of the range and selector checks);
 * dispatch on with the selector blocking it: the round trip of the SIGSYS, the
 * handler and rt_sigreturn (allowed from its own range, __restore_rt).
 */
#include <bench.h>
#include <libc.h>
#include <uapi/bench.h>
#include <uapi/filter.h>
#include <uapi/prctl.h>
#include <uapi/seccomp.h>

enum {
	ROW_NONE, ROW_BITMAP_1, ROW_BITMAP_2, ROW_FULL_1, ROW_FULL_2, ROW_FULL_4,
	ROW_DISPATCH_ALLOWED, ROW_DISPATCH_SIGSYS, NR_FILTER_ROWS
};

static const struct {
	const char *name;
	int bitmap, full;	/* filters of each kind */
	bool dispatch;
	char selector;
} rows[NR_FILTER_ROWS] = {
	[ROW_NONE] = { "no-filter" },
	[ROW_BITMAP_1] = { "bitmap-1", .bitmap = 1 },
	[ROW_BITMAP_2] = { "bitmap-2", .bitmap = 2 },
	[ROW_FULL_1] = { "full-1", .full = 1 },
	[ROW_FULL_2] = { "full-2", .full = 2 },
	[ROW_FULL_4] = { "full-4", .full = 4 },
	[ROW_DISPATCH_ALLOWED] = { "dispatch-allowed", .dispatch = true,
				   .selector = SYSCALL_DISPATCH_FILTER_ALLOW },
	[ROW_DISPATCH_SIGSYS] = { "dispatch-sigsys", .dispatch = true,
				  .selector = SYSCALL_DISPATCH_FILTER_BLOCK },
};

static char selector;

/*
 * What the child sends for a repetition it could not time: its row was refused.
 * Any other value is a measurement, negative ones included (under plain TCG the
 * TSC follows host time, and a busy host can make the loop cost less than the
 * empty loop measured before it).
 */
#define REFUSED		(-0x7fffffffffffffffLL - 1)

/* Allows everything without a look at the arguments: the bitmap's case. */
static const struct sock_filter allow_by_number[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

/* Reads the first argument: every call runs it. */
static const struct sock_filter allow_by_argument[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x5ecc0de, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

static bool attach(const struct sock_filter *f, unsigned short len)
{
	struct sock_fprog prog = { .len = len, .filter = (struct sock_filter *)f };

	return !syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

static void on_sigsys(int sig)
{
}

/* In the child: row's filters and dispatch; false if the kernel refused one. */
static bool set_up(int row)
{
	bool ok = !syscall5(__NR_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);

	for (int i = 0; i < rows[row].bitmap; i++)
		ok = ok && attach(allow_by_number, ARRAY_SIZE(allow_by_number));
	for (int i = 0; i < rows[row].full; i++)
		ok = ok && attach(allow_by_argument, ARRAY_SIZE(allow_by_argument));
	if (rows[row].dispatch) {
		selector = SYSCALL_DISPATCH_FILTER_ALLOW;
		ok = ok && !sigaction(SIGSYS, (unsigned long)on_sigsys, 0, 0, NULL) &&
		     !syscall5(__NR_prctl, PR_SET_SYSCALL_USER_DISPATCH,
			       PR_SYS_DISPATCH_EXCLUSIVE_ON, (unsigned long)__restore_rt, 16,
			       &selector);
	}
	return ok;
}

/*
 * Ticks for iters getpid() calls less the empty loop's in a child set up as row,
 * reps times; false if the child could not set the row up.
 */
static bool measure_row(int row, const struct bench_args *b, long long *ticks)
{
	int fds[2];
	long pid;
	int got = 0;

	if (syscall1(__NR_pipe, fds))
		return false;
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		bool ok = set_up(row);

		for (u64 r = 0; r < b->reps; r++) {
			long long t = REFUSED;

			if (ok) {
				u64 base = time_empty(-1, b->iters, __NR_getpid, 0, 0);

				selector = rows[row].selector;
				t = (long long)(time_syscalls(-1, b->iters, __NR_getpid,
							      0, 0) - base);
			}
			/* The selector lets the report through: write and exit are blocked too. */
			selector = SYSCALL_DISPATCH_FILTER_ALLOW;
			write(fds[1], &t, sizeof(t));
		}
		exit(0);
	}
	for (u64 r = 0; pid > 0 && r < b->reps; r++)
		got += syscall3(__NR_read, fds[0], &ticks[r], sizeof(ticks[r])) ==
		       sizeof(ticks[r]) && ticks[r] != REFUSED;
	if (pid > 0)
		syscall4(__NR_wait4, pid, NULL, 0, NULL);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
	return got == (int)b->reps;
}

int run_filter_benchmark(const struct bench_args *b)
{
	static long long ticks[NR_FILTER_ROWS][BENCH_MAX_REPS];
	bool have[NR_FILTER_ROWS];
	long long full2, full4;

	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	for (int row = 0; row < NR_FILTER_ROWS; row++)
		have[row] = measure_row(row, b, ticks[row]);
	syscall1(__NR_entrylab_bench, BENCH_END);

	printf("bench: syscall work: getpid, %lu calls x %lu repetitions, default entry variant, "
	       "ticks per call (min, median)\n", (unsigned long)b->iters, (unsigned long)b->reps);
	for (int row = 0; row < NR_FILTER_ROWS; row++) {
		printf("bench: %-20s", rows[row].name);
		if (!have[row]) {
			printf(" not measured: the kernel refused the set-up\n");
			continue;
		}
		print_min_median(ticks[row], b->reps, b->iters);
		printf("\n");
	}
	for (int row = 0; row < NR_FILTER_ROWS; row++) {
		if (!have[row])
			continue;
		printf("bench filter=%s", rows[row].name);
		print_ratio(" ticks_per_call=", ticks[row][0], b->iters);
		print_ratio(" median=", ticks[row][b->reps / 2], b->iters);
		printf(" iters=%lu reps=%lu\n", (unsigned long)b->iters, (unsigned long)b->reps);
	}
	if (!have[ROW_FULL_2] || !have[ROW_FULL_4])
		return 1;
	/*
	 * What one more filter that runs costs: the slope between the two- and the
	 * four-filter rows (Linux's seccomp_benchmark takes four less three, its
	 * "last 2 diff"), so that the fixed cost of leaving the fast path and of
	 * building seccomp_data, in both rows, drops out.
	 */
	full2 = ticks[ROW_FULL_2][0];
	full4 = ticks[ROW_FULL_4][0];
	if (full4 >= full2) {
		printf("bench filter=per-full-filter");
		print_ratio(" ticks_per_call=", full4 - full2, b->iters * 2);
		printf(" iters=%lu reps=%lu\n", (unsigned long)b->iters, (unsigned long)b->reps);
	}
	return 0;
}
