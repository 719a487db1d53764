// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall benchmark, run by init (user/init.c) and, shortened, by the entry
 * self-tests through the probe program (user/probe.c).
 *
 * It is the classic one: getpid() once, then kill(pid, SIGWINCH) in a loop between
 * two RDTSC reads; SIGWINCH is ignored by default, so each call is a full syscall
 * that delivers nothing. Beside it, the invalid-syscall loop of the 2023 s390
 * series (number -1), a getpid() loop, and the kill loop again with a SIGWINCH
 * handler installed: each call then also delivers one signal (a frame on the
 * stack, the handler, rt_sigreturn, an IRET). An empty loop measured the same way
 * is subtracted. The fault ops are the other everyday entry, a #PF from ring 3:
 * a read, or a write, of each page of a fresh anonymous mapping, less the same
 * loop over the pages once touched (fault_delta()). Every repetition measures
 * every entry variant in turn, so slow drift in the machine cannot favour one
 * variant. The kernel (bench/bench.c)
 * switches variants, masks the timer and prints the table.
 */
#include <asm/page.h>
#include <bench.h>
#include <elf.h>
#include <errno.h>
#include <libc.h>
#include <time.h>
#include <uapi/bench.h>
#include <uapi/futex.h>
#include <uapi/mman.h>
#include <uapi/rseq.h>
#include <uapi/sched.h>
#include <vvar.h>

/*
 * What a loop is timed by: the TSC, or a performance counter, by the ECX value
 * RDPMC takes for it (BENCH_PMU: the kernel programs the counters and lets ring
 * 3 read them between BENCH_BEGIN and BENCH_END). Both reads are ordered after
 * every earlier instruction, as rdtsc_ordered().
 */
#define TSC_COUNTER	(-1L)

static inline u64 read_counter(long counter)
{
	u32 lo, hi;

	if (counter == TSC_COUNTER)
		return rdtsc_ordered();
	asm volatile("lfence; rdpmc" : "=a"(lo), "=d"(hi) : "c"((u32)counter) : "memory");
	return ((u64)hi << 32) | lo;
}

#define COUNTED_LOOP(counter, iters, body)				\
	({								\
		u64 _t0 = read_counter(counter);			\
		for (u64 _i = 0; _i < (iters); _i++) {			\
			body;						\
		}							\
		read_counter(counter) - _t0;				\
	})
#define TIMED_LOOP(iters, body)	COUNTED_LOOP(TSC_COUNTER, iters, body)

/* The loop body of every measurement: one syscall, or nothing (the baseline). */
noinline u64 time_syscalls(long counter, u64 iters, long nr, long a0, long a1)
{
	return COUNTED_LOOP(counter, iters, syscall2(nr, a0, a1));
}

noinline u64 time_empty(long counter, u64 iters, long nr, long a0, long a1)
{
	/* The same register set-up as a syscall, minus the SYSCALL instruction. */
	return COUNTED_LOOP(counter, iters, ({
		long ret;
		register long rdi asm("rdi") = a0;
		register long rsi asm("rsi") = a1;
		asm volatile("" : "=a"(ret) : "a"(nr), "r"(rdi), "r"(rsi) : "rcx", "r11", "memory");
	}));
}

/*
 * Counter k of the PMU (0: core cycles, 1: instructions retired) over the loop,
 * less the empty loop's; each difference modulo the counters' width.
 */
static u64 pmu_mask(const struct bench_pmu *p)
{
	return p->width >= 64 ? ~0ULL : (1ULL << p->width) - 1;
}

static long pmu_counter(const struct bench_pmu *p, int k)
{
	return k ? p->rdpmc_instructions : p->rdpmc_cycles;
}

static long long pmu_delta(const struct bench_pmu *p, int k, u64 iters, long nr, long a0, long a1)
{
	long counter = pmu_counter(p, k);
	u64 mask = pmu_mask(p);
	u64 base = time_empty(counter, iters, nr, a0, a1) & mask;
	u64 t = time_syscalls(counter, iters, nr, a0, a1) & mask;

	return (long long)(t - base);
}

/*
 * The fault ops (BENCH_FAULT_OPS): one load from (or store to) each of pages pages
 * at p, one page apart, between two counter reads. Over a fresh mapping each
 * access is a #PF from ring 3; over the same pages again it is the loop alone.
 */
static noinline u64 touch_pages(long counter, char *p, u64 pages, bool write)
{
	return COUNTED_LOOP(counter, pages, ({
		char *page = p + _i * PAGE_SIZE;

		if (write)
			asm volatile("movb $1, (%0)" : : "r"(page) : "memory");
		else
			asm volatile("movb (%0), %%al" : : "r"(page) : "rax", "memory");
	}));
}

static u64 fault_pages(u64 iters)
{
	return iters < BENCH_FAULT_MAX_PAGES ? iters : BENCH_FAULT_MAX_PAGES;
}

/*
 * Counter over the fault op's loop (fault-read: a read of each page, which maps
 * the shared zero page; fault-write: a write, which gets a zeroed frame) on a
 * private anonymous mapping made for it, less the same loop over the same pages
 * once touched: the #PF round trip alone, into *delta. The mapping is made,
 * written once and emptied by MADV_DONTNEED outside the timed loops, so that its
 * page tables are in place, as for a program's memory once in use: each timed
 * fault maps a page, none allocates a table (munmap() frees them, as Linux's).
 * Each reading is taken modulo mask (a PMU counter's width). False when the
 * mapping could not be made.
 */
static bool fault_delta(long counter, u64 mask, u64 pages, int op, long long *delta)
{
	bool write = op == BENCH_OP_FAULT_WRITE;
	long len = pages * PAGE_SIZE;
	long p = syscall6(__NR_mmap, 0, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u64 t, base;

	if (p < 0 && p > -4096)
		return false;
	touch_pages(counter, (char *)p, pages, true);
	syscall3(__NR_madvise, p, len, MADV_DONTNEED);
	t = touch_pages(counter, (char *)p, pages, write) & mask;
	base = touch_pages(counter, (char *)p, pages, write) & mask;
	syscall2(__NR_munmap, p, len);
	*delta = (long long)(t - base);
	return true;
}

static void sort(long long *v, u64 n)
{
	for (u64 i = 1; i < n; i++)
		for (u64 j = i; j > 0 && v[j - 1] > v[j]; j--) {
			long long tmp = v[j];

			v[j] = v[j - 1];
			v[j - 1] = tmp;
		}
}

/*
 * The area of the rseq row and of yield-pingpong-rseq, registered as glibc
 * registers every thread's.
 */
#define RSEQ_SIG	0x53053053
static struct rseq rseq_area;

#define OP_NAME(id, name)	[BENCH_OP_##id] = name,
static const char *const op_names[BENCH_NR_OPS] = { BENCH_OPS_LIST(OP_NAME) };

static void winch_handler(int sig)
{
}

void bench_parse_args(struct cmdline *args, struct bench_args *b)
{
	b->iters = cmdline_u64_range(args, "iters", 10000, 1, BENCH_MAX_ITERS);
	b->reps = cmdline_u64_range(args, "reps", 5, 1, BENCH_MAX_REPS);
	b->boot_row = !strcmp(cmdline_str(args, "rows", "all"), "boot");
}

int run_benchmark(const struct bench_args *b)
{
	static long long ticks[BENCH_MAX_ROWS][BENCH_NR_OPS][BENCH_MAX_REPS];
	/* With a PMU: core cycles [0] and instructions retired [1], as ticks. */
	static long long counts[2][BENCH_MAX_ROWS][BENCH_NR_OPS][BENCH_MAX_REPS];
	long nvar = syscall1(__NR_entrylab_bench, BENCH_ROWS);
	struct bench_pmu pmu;
	bool have_pmu;
	long serves[BENCH_MAX_ROWS];
	u64 pages = fault_pages(b->iters);
	long unmapped = 0;	/* the fault ops whose mapping could not be made */
	int pid = getpid();
	struct {
		long nr, a0, a1;
	} ops[BENCH_NR_OPS] = {
		[BENCH_OP_KILL] = { __NR_kill, pid, SIGWINCH },
		[BENCH_OP_INVALID] = { -1, 0, 0 },
		[BENCH_OP_GETPID] = { __NR_getpid, 0, 0 },
		[BENCH_OP_KILL_HANDLED] = { __NR_kill, pid, SIGWINCH },
	};

	if (nvar <= 0 || nvar > BENCH_MAX_ROWS) {
		printf("bench: the kernel offers %ld rows, expected 1..%d\n", nvar,
		       BENCH_MAX_ROWS);
		return 1;
	}
	for (long v = 0; v < nvar; v++)
		serves[v] = syscall2(__NR_entrylab_bench, BENCH_OPS, v);
	if (b->boot_row) {	/* the mitigation table's cells (scripts/bench_mitigations.py) */
		long boot = syscall1(__NR_entrylab_bench, BENCH_BOOT_ROW);

		for (long v = 0; v < nvar; v++)
			serves[v] = v == boot ? serves[v] & ~(BIT(BENCH_OP_KILL_HANDLED) |
							      BENCH_FAULT_OPS) : 0;
	}
	printf("bench: %lu iterations x %lu repetitions x %ld rows; the fault ops over %lu "
	       "pages\n", (unsigned long)b->iters, (unsigned long)b->reps, nvar,
	       (unsigned long)pages);
	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	have_pmu = !syscall2(__NR_entrylab_bench, BENCH_PMU, &pmu);
	for (u64 r = 0; r < b->reps; r++) {
		for (long v = 0; v < nvar; v++) {
			long err = serves[v] ? syscall2(__NR_entrylab_bench, BENCH_SELECT, v) : 0;

			/*
			 * A row the kernel could not switch to (another CPU or task busy:
			 * -EBUSY) would measure the previous row's path under its name.
			 */
			if (err) {
				printf("bench: row %ld not measured: BENCH_SELECT: error %ld\n", v,
				       err);
				serves[v] = 0;
			}
			if (serves[v] & BENCH_ROW_RSEQ)
				syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area), 0, RSEQ_SIG);
			for (int op = 0; op < BENCH_NR_OPS; op++) {
				u64 base, t;

				if (!(serves[v] & BIT(op)))
					continue;
				if (BENCH_FAULT_OPS & BIT(op)) {
					bool ok = fault_delta(TSC_COUNTER, ~0ULL, pages, op,
							      &ticks[v][op][r]);

					for (int k = 0; ok && have_pmu && k < 2; k++)
						ok = fault_delta(pmu_counter(&pmu, k),
								 pmu_mask(&pmu), pages, op,
								 &counts[k][v][op][r]);
					if (!ok)
						unmapped |= BIT(op);
					continue;
				}
				if (op == BENCH_OP_KILL_HANDLED)
					sigaction(SIGWINCH, (unsigned long)winch_handler, 0, 0,
						  NULL);
				base = time_empty(TSC_COUNTER, b->iters, ops[op].nr, ops[op].a0,
						  ops[op].a1);
				t = time_syscalls(TSC_COUNTER, b->iters, ops[op].nr, ops[op].a0,
						  ops[op].a1);
				ticks[v][op][r] = (long long)(t - base);
				for (int k = 0; have_pmu && k < 2; k++)
					counts[k][v][op][r] = pmu_delta(&pmu, k, b->iters,
						ops[op].nr, ops[op].a0, ops[op].a1);
				sigaction(SIGWINCH, SIG_DFL, 0, 0, NULL);
			}
			if (serves[v] & BENCH_ROW_RSEQ)
				syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area),
					 RSEQ_FLAG_UNREGISTER, RSEQ_SIG);
		}
	}
	syscall1(__NR_entrylab_bench, BENCH_END);

	for (long v = 0; v < nvar; v++) {
		for (int op = 0; op < BENCH_NR_OPS; op++) {
			struct bench_result res;

			if (!(serves[v] & BIT(op)))
				continue;
			if (unmapped & BIT(op)) {
				printf("bench: %s: no mapping of %lu pages to fault on: not "
				       "measured\n", op_names[op], (unsigned long)pages);
				continue;
			}
			sort(ticks[v][op], b->reps);
			res.min_ticks = ticks[v][op][0];
			res.median_ticks = ticks[v][op][b->reps / 2];
			res.reps = b->reps;
			res.min_cycles = res.min_instructions = -1;
			if (have_pmu) {
				sort(counts[0][v][op], b->reps);
				sort(counts[1][v][op], b->reps);
				res.min_cycles = counts[0][v][op][0];
				res.min_instructions = counts[1][v][op][0];
			}
			if (syscall5(__NR_entrylab_bench, BENCH_REPORT, v, op,
				     BENCH_FAULT_OPS & BIT(op) ? pages : b->iters, &res)) {
				printf("bench: the kernel refused the result of variant %ld "
				       "op %d\n",
				       v, op);
				return 1;
			}
		}
	}
	return 0;
}

/*
 * The process table: a context switch through the exit path, measured like a
 * syscall. Each operation is a whole round trip, timed in the caller:
 *
 *   fork-wait           fork(); the child exit(0)s at once; wait4() reaps it
 *   thread-create-join  clone() a thread as pthread_create() does (CLONE_VM ...
 *                       CLONE_CHILD_CLEARTID); it returns at once; futex-wait
 *                       until the kernel clears its tid word
 *   yield-pingpong      sched_yield() with a second process pinned to the same
 *                       CPU yielding back: two switches per call
 *   yield-pingpong-rseq the same, both with an rseq area registered: what the
 *                       switch costs a task with one (a concurrency ID given
 *                       back and taken again; nothing to write, Linux 6.19's rule)
 *   pipe-pingpong       a byte to the partner through one pipe and back through
 *                       another, each side asleep in read() meanwhile (lmbench's
 *                       lat_pipe): two switches, two wake-ups
 *   eventfd-epoll       the same with an eventfd each way, each side asleep in
 *                       epoll_wait() on its own eventfd, then reading it: the
 *                       wake-up path an event loop (Go's, for one) takes
 *
 * These cost thousands of instructions, so they run iters / 100 times (at least
 * once) per repetition, in the default entry variant, the timer masked. The pipe
 * and eventfd rows make one round trip untimed first: the partner's first
 * touches after its fork (copy-on-write faults) belong to no round trip, and
 * with few of them (make test's iters=1000) they had put the pipe above eventfd.
 */
#define THREAD_FLAGS	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | \
			 CLONE_SYSVSEM | CLONE_CHILD_CLEARTID)

enum { PROC_FORK_WAIT, PROC_THREAD, PROC_YIELD, PROC_YIELD_RSEQ, PROC_PIPE, PROC_EVENTFD_EPOLL,
       NR_PROC_OPS };

static const char *const proc_names[NR_PROC_OPS] = {
	[PROC_FORK_WAIT] = "fork-wait",
	[PROC_THREAD] = "thread-create-join",
	[PROC_YIELD] = "yield-pingpong",
	[PROC_YIELD_RSEQ] = "yield-pingpong-rseq",
	[PROC_PIPE] = "pipe-pingpong",
	[PROC_EVENTFD_EPOLL] = "eventfd-epoll",
};

static int thread_returns(void *arg)
{
	return 0;
}

static noinline u64 time_fork_wait(u64 iters)
{
	return TIMED_LOOP(iters, ({
		long pid = syscall0(__NR_fork);

		if (pid == 0)
			syscall1(__NR_exit, 0);
		syscall4(__NR_wait4, pid, NULL, 0, NULL);
	}));
}

static noinline u64 time_thread(u64 iters)
{
	static u8 stack[16384] __aligned(16);
	static volatile int tid_word;

	return TIMED_LOOP(iters, ({
		int v;

		tid_word = 1;
		clone_thread(THREAD_FLAGS, stack + sizeof(stack), NULL, (int *)&tid_word, 0,
			     thread_returns, NULL);
		while ((v = tid_word) != 0)
			syscall4(__NR_futex, &tid_word, FUTEX_WAIT, v, NULL);
	}));
}

/*
 * A partner process pinned with the caller to the caller's CPU, running
 * partner(fds) until killed; *all gets the caller's old affinity for
 * end_partner(). The partner has run once when this returns.
 */
static long start_partner(void (*partner)(const long *fds), const long *fds, unsigned long *all)
{
	unsigned long here;
	unsigned int cpu = 0;
	long pid;

	syscall3(__NR_getcpu, &cpu, NULL, NULL);
	syscall3(__NR_sched_getaffinity, 0, sizeof(*all), all);
	here = 1UL << cpu;
	syscall3(__NR_sched_setaffinity, 0, sizeof(here), &here);
	pid = syscall0(__NR_fork);		/* inherits the one-CPU affinity */
	if (pid == 0)
		for (;;)
			partner(fds);
	syscall0(__NR_sched_yield);
	return pid;
}

static void end_partner(long pid, unsigned long all)
{
	kill(pid, SIGKILL);
	syscall4(__NR_wait4, pid, NULL, 0, NULL);
	syscall3(__NR_sched_setaffinity, 0, sizeof(all), &all);
}

static void close_fds(const long *fds, int n)
{
	for (int i = 0; i < n; i++)
		syscall1(__NR_close, fds[i]);
}

static void yield_back(const long *fds)
{
	syscall0(__NR_sched_yield);
}

static noinline u64 time_yield(u64 iters)
{
	unsigned long all = 0;
	long pid = start_partner(yield_back, NULL, &all);
	u64 t = TIMED_LOOP(iters, syscall0(__NR_sched_yield));

	end_partner(pid, all);
	return t;
}

/* The partner, forked once the area is registered, keeps the registration. */
static noinline u64 time_yield_rseq(u64 iters)
{
	u64 t;

	syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area), 0, RSEQ_SIG);
	t = time_yield(iters);
	syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area), RSEQ_FLAG_UNREGISTER, RSEQ_SIG);
	return t;
}

/* fds: the pipe to the partner (read, write), then the one back. */
static void pipe_back(const long *fds)
{
	char c;

	syscall3(__NR_read, fds[0], &c, 1);
	syscall3(__NR_write, fds[3], &c, 1);
}

static void pipe_round_trip(const long *fds)
{
	char c = 'x';

	syscall3(__NR_write, fds[1], &c, 1);
	syscall3(__NR_read, fds[2], &c, 1);
}

static noinline u64 time_pipe(u64 iters)
{
	int to[2], back[2];
	unsigned long all = 0;
	long fds[4], pid;
	u64 t;

	syscall2(__NR_pipe2, to, 0);
	syscall2(__NR_pipe2, back, 0);
	fds[0] = to[0], fds[1] = to[1], fds[2] = back[0], fds[3] = back[1];
	pid = start_partner(pipe_back, fds, &all);
	pipe_round_trip(fds);		/* untimed: it pays the partner's first touches */
	t = TIMED_LOOP(iters, pipe_round_trip(fds));
	end_partner(pid, all);
	close_fds(fds, 4);
	return t;
}

#define EPOLL_CTL_ADD	1
#define EPOLLIN		1

/* An epoll watching efd for input. */
static long epoll_on(long efd)
{
	struct {
		u32 events;
		u64 data;
	} __packed ev = { EPOLLIN, 0 };
	long ep = syscall1(__NR_epoll_create1, 0);

	syscall4(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, efd, &ev);
	return ep;
}

/* Wait on ep, then take efd's count. */
static void wait_and_take(long ep, long efd)
{
	u8 ev[12];
	u64 v;

	syscall4(__NR_epoll_wait, ep, ev, 1, -1);
	syscall3(__NR_read, efd, &v, sizeof(v));
}

/* fds: the partner's eventfd and epoll, then the caller's. */
static void eventfd_back(const long *fds)
{
	u64 one = 1;

	wait_and_take(fds[1], fds[0]);
	syscall3(__NR_write, fds[2], &one, sizeof(one));
}

static void eventfd_round_trip(const long *fds)
{
	u64 one = 1;

	syscall3(__NR_write, fds[0], &one, sizeof(one));
	wait_and_take(fds[3], fds[2]);
}

static noinline u64 time_eventfd_epoll(u64 iters)
{
	unsigned long all = 0;
	long fds[4], pid;
	u64 t;

	fds[0] = syscall2(__NR_eventfd2, 0, 0);
	fds[1] = epoll_on(fds[0]);
	fds[2] = syscall2(__NR_eventfd2, 0, 0);
	fds[3] = epoll_on(fds[2]);
	pid = start_partner(eventfd_back, fds, &all);
	eventfd_round_trip(fds);	/* untimed, as the pipe's first */
	t = TIMED_LOOP(iters, eventfd_round_trip(fds));
	end_partner(pid, all);
	close_fds(fds, 4);
	return t;
}

/*
 * "12.34" for x / n, with two decimals; "-12.34" for a negative x (a figure less
 * the empty loop's, where the TSC follows host time: plain TCG).
 */
void print_ratio(const char *prefix, long long x, u64 n)
{
	u64 hundredths = (x < 0 ? -(u64)x : (u64)x) * 100 / n;

	printf("%s%s%lu.%02lu", prefix, x < 0 ? "-" : "", (unsigned long)(hundredths / 100),
	       (unsigned long)(hundredths % 100));
}

/* A table cell: the reps figures v sorted, then " min median", each per n. */
void print_min_median(long long *v, u64 reps, u64 n)
{
	sort(v, reps);
	print_ratio(" ", v[0], n);
	print_ratio(" ", v[reps / 2], n);
}

int run_process_benchmark(const struct bench_args *b)
{
	static long long ticks[NR_PROC_OPS][BENCH_MAX_REPS];
	u64 (*const timed[NR_PROC_OPS])(u64) = {
		[PROC_FORK_WAIT] = time_fork_wait,
		[PROC_THREAD] = time_thread,
		[PROC_YIELD] = time_yield,
		[PROC_YIELD_RSEQ] = time_yield_rseq,
		[PROC_PIPE] = time_pipe,
		[PROC_EVENTFD_EPOLL] = time_eventfd_epoll,
	};
	u64 iters = b->iters / 100 ? b->iters / 100 : 1;

	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	for (u64 r = 0; r < b->reps; r++)
		for (int op = 0; op < NR_PROC_OPS; op++)
			ticks[op][r] = (long long)timed[op](iters);
	syscall1(__NR_entrylab_bench, BENCH_END);

	printf("bench: processes: %lu round trips x %lu repetitions, default entry variant, "
	       "ticks per round trip (min, median)\n", (unsigned long)iters,
	       (unsigned long)b->reps);
	for (int op = 0; op < NR_PROC_OPS; op++) {
		printf("bench: %-20s", proc_names[op]);
		print_min_median(ticks[op], b->reps, iters);
		printf("\n");
	}
	for (int op = 0; op < NR_PROC_OPS; op++) {
		printf("bench proc=%s iters=%lu", proc_names[op], (unsigned long)iters);
		print_ratio(" ticks_per_op=", ticks[op][0], iters);
		print_ratio(" median=", ticks[op][b->reps / 2], iters);
		printf(" reps=%lu\n", (unsigned long)b->reps);
	}
	return 0;
}

/*
 * The clock table: clock_gettime(CLOCK_MONOTONIC) by the system call, and
 * through the vDSO with each reader (BENCH_CLOCK switches the vvar page's mode;
 * BENCH_END restores the boot's): the stable record under its seqcount (2014),
 * and this CPU's pvclock record checked against migration with two RDTSCPs
 * (before). The empty loop is subtracted, as in the entry table. A reader the
 * machine lacks (no RDTSCP, or an unusable TSC) is reported as such.
 */
enum { CLOCK_ROW_SYSCALL, CLOCK_ROW_STABLE, CLOCK_ROW_PERCPU, NR_CLOCK_ROWS };

static const char *const clock_names[NR_CLOCK_ROWS] = {
	[CLOCK_ROW_SYSCALL] = "syscall",
	[CLOCK_ROW_STABLE] = "vdso-stable",
	[CLOCK_ROW_PERCPU] = "vdso-percpu",
};

static const long clock_modes[NR_CLOCK_ROWS] = {
	[CLOCK_ROW_STABLE] = BENCH_CLOCK_STABLE,
	[CLOCK_ROW_PERCPU] = BENCH_CLOCK_PERCPU,
};

static noinline u64 time_vdso(u64 iters, int (*vgettime)(int clock, void *ts))
{
	struct kernel_timespec ts;

	return TIMED_LOOP(iters, vgettime(CLOCK_MONOTONIC, &ts));
}

/*
 * "ns_per_call=12.34" from the vvar page's own scale, when ticks are TSC ticks at
 * a measured rate (BENCH_NS): not under icount, where they are instructions.
 */
static void print_clock_ns(const char *prefix, long long ticks, u64 iters)
{
	const struct vdso_clock *c = (const void *)(getauxval(AT_SYSINFO_EHDR) - PAGE_SIZE);
	u64 hundredths;

	if (c->vclock_mode == BENCH_CLOCK_SYSCALL || ticks < 0 ||
	    syscall1(__NR_entrylab_bench, BENCH_NS) != 1)
		return;
	hundredths = (u64)((unsigned __int128)ticks * 100 * c->mult >> c->shift) / iters;
	printf("%s%lu.%02lu", prefix, (unsigned long)(hundredths / 100),
	       (unsigned long)(hundredths % 100));
}

int run_clock_benchmark(const struct bench_args *b)
{
	static long long ticks[NR_CLOCK_ROWS][BENCH_MAX_REPS];
	int (*vgettime)(int clock, void *ts) = vdso_sym("__vdso_clock_gettime");
	bool have[NR_CLOCK_ROWS] = { [CLOCK_ROW_SYSCALL] = true };
	struct kernel_timespec ts;

	if (!vgettime) {
		printf("bench: no vDSO clock_gettime: AT_SYSINFO_EHDR is %#lx\n",
		       getauxval(AT_SYSINFO_EHDR));
		return 1;
	}
	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	for (int row = CLOCK_ROW_STABLE; row < NR_CLOCK_ROWS; row++)
		have[row] = !syscall2(__NR_entrylab_bench, BENCH_CLOCK, clock_modes[row]);
	for (u64 r = 0; r < b->reps; r++) {
		for (int row = 0; row < NR_CLOCK_ROWS; row++) {
			u64 base = time_empty(TSC_COUNTER, b->iters, __NR_clock_gettime,
					      CLOCK_MONOTONIC, (long)&ts), t;

			if (!have[row])
				continue;
			if (row == CLOCK_ROW_SYSCALL) {
				t = time_syscalls(TSC_COUNTER, b->iters, __NR_clock_gettime,
						  CLOCK_MONOTONIC, (long)&ts);
			} else {
				syscall2(__NR_entrylab_bench, BENCH_CLOCK, clock_modes[row]);
				t = time_vdso(b->iters, vgettime);
			}
			ticks[row][r] = (long long)(t - base);
		}
	}
	syscall1(__NR_entrylab_bench, BENCH_END);

	printf("bench: clock_gettime(CLOCK_MONOTONIC): %lu calls x %lu repetitions, ticks per "
	       "call (min, median), ns per call (min, where the TSC's rate is measured)\n",
	       (unsigned long)b->iters,
	       (unsigned long)b->reps);
	for (int row = 0; row < NR_CLOCK_ROWS; row++) {
		printf("bench: %-20s", clock_names[row]);
		if (!have[row]) {
			printf(" unavailable on this machine "
			       "(no RDTSCP, or the TSC is unusable)\n");
			continue;
		}
		print_min_median(ticks[row], b->reps, b->iters);
		print_clock_ns(" ", ticks[row][0], b->iters);
		printf("\n");
	}
	for (int row = 0; row < NR_CLOCK_ROWS; row++) {
		if (!have[row])
			continue;
		printf("bench clock=%s", clock_names[row]);
		print_ratio(" ticks_per_call=", ticks[row][0], b->iters);
		print_ratio(" median=", ticks[row][b->reps / 2], b->iters);
		printf(" iters=%lu reps=%lu", (unsigned long)b->iters, (unsigned long)b->reps);
		print_clock_ns(" ns_per_call=", ticks[row][0], b->iters);
		printf("\n");
	}
	return 0;
}
