/*
 * The benchmark's ops (bench/user/bench.c, run_benchmark()) as a stock
 * static glibc program, to be booted as pid 1 of another kernel: Debian's Linux
 * by scripts/bench_linux.py (make compare), under the same QEMU icount as make
 * bench ICOUNT=1, where a TSC delta is a number of instructions.
 *
 *   syscall-loop ROW [iters=N] [reps=N] [settle=S]
 *
 * iters= and reps= default to 10000 and 5, as init's (BENCH_ARGS). It first sleeps
 * settle= seconds (default 1): Debian's 6.12 runs some kernel thread for a while
 * after it starts pid 1 (it logs nothing), and measured at once every loop
 * shares the CPU with it (settle=0 under icount: getpid 702 instructions per call,
 * kill 2642, the invalid syscall's median 606; after a second, about 300, 1440 and 205).
 *
 * Per repetition, each op in BENCH_OPS_LIST's order: the empty loop, then the
 * loop of ITERS calls, both between two lfence; rdtsc reads, with the same loop
 * body as bench.c's time_syscalls() and time_empty() (user/lib/syscall.h's
 * syscall6()), the first subtracted from the second. Per op, the minimum and the
 * median over the repetitions, per call, as one line in make bench's format
 * (bench/bench.c prints it; scripts/bench_mitigations.py's CELL reads it):
 *
 *   bench variant=ROW op=kill iters=10000 ticks_per_call=X median=Y reps=5
 *
 * Then the fault ops, as bench.c's fault_delta(): per repetition and op,
 * min(ITERS, BENCH_FAULT_MAX_PAGES) pages of a fresh private anonymous mapping,
 * written once and emptied by MADV_DONTNEED untimed (their page tables stay: no
 * timed fault allocates one), then a read (fault-read: the shared zero page
 * mapped) or a write (fault-write: a zeroed frame) of each page, less the same
 * loop again over the pages now mapped; their lines carry the pages as iters=, as
 * make bench's do. MADV_NOHUGEPAGE keeps every fault a 4 KiB one (Linux's
 * transparent huge pages would map a huge zero page or frame).
 *
 * Where Linux differs from entrylab's benchmark: nothing masks the timer
 * (entrylab's BENCH_BEGIN does): a tick that lands in a loop is in its figure,
 * which the minimum over the repetitions keeps out only when some repetition had
 * none.
 * The same on both: SIGWINCH's default action is to ignore it, so with no
 * handler kill() discards it at send time (Linux's sig_ignored(); as pid 1 every
 * default-action signal is dropped there too); syscall number -1 is past the
 * end of Linux's table as of entrylab's, -ENOSYS (checked before timing). On
 * Linux -1 is also the number that calls no handler at all: its entry stores
 * -ENOSYS in pt_regs first and do_syscall_64() calls sys_ni_syscall() for any
 * other invalid number but not for -1 (the number seccomp and ptrace use to skip
 * a call), so another invalid number would cost Linux one call more.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>
#include <uapi/bench.h>
#include "../../user/lib/syscall.h"

#define OP_NAME(id, name)	[BENCH_OP_##id] = name,
static const char *const op_names[BENCH_NR_OPS] = { BENCH_OPS_LIST(OP_NAME) };

static inline uint64_t rdtsc_ordered(void)
{
	uint32_t lo, hi;

	asm volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/* bench.c's time_syscalls(): iters calls nr(a0, a1) between two TSC reads. */
static __attribute__((noinline)) uint64_t time_syscalls(uint64_t iters, long nr, long a0,
							long a1)
{
	uint64_t t0 = rdtsc_ordered();

	for (uint64_t i = 0; i < iters; i++)
		syscall2(nr, a0, a1);
	return rdtsc_ordered() - t0;
}

/* bench.c's time_empty(): the same register set-up, without the SYSCALL. */
static __attribute__((noinline)) uint64_t time_empty(uint64_t iters, long nr, long a0, long a1)
{
	uint64_t t0 = rdtsc_ordered();

	for (uint64_t i = 0; i < iters; i++) {
		long ret;
		register long rdi asm("rdi") = a0;
		register long rsi asm("rsi") = a1;

		asm volatile("" : "=a"(ret) : "a"(nr), "r"(rdi), "r"(rsi) : "rcx", "r11", "memory");
	}
	return rdtsc_ordered() - t0;
}

/* bench.c's touch_pages(): one load from (or store to) each page, between two TSC reads. */
static __attribute__((noinline)) uint64_t touch_pages(char *p, uint64_t pages, int write)
{
	uint64_t t0 = rdtsc_ordered();

	for (uint64_t i = 0; i < pages; i++) {
		char *page = p + i * 4096;

		if (write)
			asm volatile("movb $1, (%0)" : : "r"(page) : "memory");
		else
			asm volatile("movb (%0), %%al" : : "r"(page) : "rax", "memory");
	}
	return rdtsc_ordered() - t0;
}

/* bench.c's fault_delta(): the fault op's loop over pages less its loop once mapped. */
static long long fault_delta(uint64_t pages, int op)
{
	size_t len = pages * 4096;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int write = op == BENCH_OP_FAULT_WRITE;
	uint64_t t, base;

	if (p == MAP_FAILED || madvise(p, len, MADV_NOHUGEPAGE)) {
		perror("syscall-loop: mmap or madvise");
		exit(1);
	}
	touch_pages(p, pages, 1);
	if (madvise(p, len, MADV_DONTNEED)) {
		perror("syscall-loop: madvise");
		exit(1);
	}
	t = touch_pages(p, pages, write);
	base = touch_pages(p, pages, write);
	munmap(p, len);
	return (long long)(t - base);
}

static void winch_handler(int sig)
{
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* x / n with two decimals, rounded, as make bench prints its figures (bench/bench.c). */
static void print_ratio(const char *prefix, long long x, uint64_t n)
{
	uint64_t hundredths = ((x < 0 ? -(uint64_t)x : (uint64_t)x) * 100 + n / 2) / n;

	printf("%s%s%lu.%02lu", prefix, x < 0 ? "-" : "", (unsigned long)(hundredths / 100),
	       (unsigned long)(hundredths % 100));
}

int main(int argc, char **argv)
{
	static long long ticks[BENCH_NR_OPS][BENCH_MAX_REPS];
	const char *row = argc > 1 ? argv[1] : "linux";
	uint64_t iters = 10000;
	int reps = 5;
	int settle = 1;
	uint64_t pages;
	long pid = getpid();
	struct {
		long nr, a0, a1;
	} ops[] = {
		[BENCH_OP_KILL] = { __NR_kill, pid, SIGWINCH },
		[BENCH_OP_INVALID] = { -1, 0, 0 },
		[BENCH_OP_GETPID] = { __NR_getpid, 0, 0 },
		[BENCH_OP_KILL_HANDLED] = { __NR_kill, pid, SIGWINCH },
	};
	struct sigaction handled = { .sa_handler = winch_handler };
	long r = syscall2(-1, 0, 0);

	for (int i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "iters=", 6))
			iters = strtoull(argv[i] + 6, NULL, 0);
		else if (!strncmp(argv[i], "reps=", 5))
			reps = atoi(argv[i] + 5);
		else if (!strncmp(argv[i], "settle=", 7))
			settle = atoi(argv[i] + 7);
	}
	if (!iters || iters > BENCH_MAX_ITERS || reps < 1 || reps > BENCH_MAX_REPS) {
		fprintf(stderr, "syscall-loop: iters= 1..2^32, reps= 1..%d\n", BENCH_MAX_REPS);
		return 2;
	}
	if (r != -ENOSYS) {
		fprintf(stderr, "syscall-loop: syscall -1 returned %ld, not -ENOSYS\n", r);
		return 1;
	}
	pages = iters < BENCH_FAULT_MAX_PAGES ? iters : BENCH_FAULT_MAX_PAGES;
	sleep(settle);
	for (int rep = 0; rep < reps; rep++) {
		for (int op = 0; op <= BENCH_OP_KILL_HANDLED; op++) {
			uint64_t base, t;

			if (op == BENCH_OP_KILL_HANDLED)
				sigaction(SIGWINCH, &handled, NULL);
			base = time_empty(iters, ops[op].nr, ops[op].a0, ops[op].a1);
			t = time_syscalls(iters, ops[op].nr, ops[op].a0, ops[op].a1);
			ticks[op][rep] = (long long)(t - base);
			signal(SIGWINCH, SIG_DFL);
		}
		ticks[BENCH_OP_FAULT_READ][rep] = fault_delta(pages, BENCH_OP_FAULT_READ);
		ticks[BENCH_OP_FAULT_WRITE][rep] = fault_delta(pages, BENCH_OP_FAULT_WRITE);
	}
	for (int op = 0; op < BENCH_NR_OPS; op++) {
		uint64_t n = BENCH_FAULT_OPS & (1L << op) ? pages : iters;

		qsort(ticks[op], reps, sizeof(ticks[op][0]), cmp);
		printf("bench variant=%s op=%s iters=%lu", row, op_names[op], (unsigned long)n);
		print_ratio(" ticks_per_call=", ticks[op][0], n);
		print_ratio(" median=", ticks[op][reps / 2], n);
		printf(" reps=%d\n", reps);
	}
	/*
	 * Until the UART has sent it: when pid 1 exits, the kernel's panic message goes
	 * out through the console directly and what the tty still held is lost (seen
	 * under Bochs).
	 */
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	return 0;
}
