// SPDX-License-Identifier: GPL-2.0
/*
 * init: entrylab's ring-3 program, chosen by its arguments.
 *
 *   init [iters=N] [reps=R]   the syscall benchmark (the default)
 *   init probe=syscalls n=N   N getpid() calls, then exit 0 (kernel self-tests)
 *   init probe=spin loops=N   N loops of pure user code, then exit 0
 *   init probe=edges          edge syscall numbers all give -ENOSYS
 *   init probe=efault         bad pointers all give -EFAULT
 *   init probe=kill           kill() semantics, ending with kill(self, SIGTERM)
 *                             (probes exit 0 when all is well, else 1)
 *   init crash=KIND           fault on purpose: ud2, kread, kwrite, noncanon, nx,
 *                             int3, div0, cli, hlt
 *   init exit=N               exit with status N
 *
 * The benchmark is the classic one: getpid() once, then kill(pid, SIGWINCH) in a
 * loop between two RDTSC reads; SIGWINCH is ignored by default, so each call is a
 * full syscall that delivers nothing. Beside it, the invalid-syscall loop of the
 * 2023 s390 series (number -1), a getpid() loop, and the kill loop again with a
 * SIGWINCH handler installed: each call then also delivers one signal (a frame on
 * the stack, the handler, rt_sigreturn, an IRET). An empty loop measured the
 * same way is subtracted. Every repetition measures every entry variant in turn,
 * so slow drift in the machine cannot favour one variant.
 */
#include <errno.h>
#include <libc.h>
#include <uapi/bench.h>

#define MAX_REPS 64

#define TIMED_LOOP(iters, body)						\
	({								\
		u64 _t0 = rdtsc_ordered();				\
		for (u64 _i = 0; _i < (iters); _i++) {			\
			body;						\
		}							\
		rdtsc_ordered() - _t0;					\
	})

/* The loop body of every measurement: one syscall, or nothing (the baseline). */
static noinline u64 time_syscalls(u64 iters, long nr, long a0, long a1)
{
	return TIMED_LOOP(iters, syscall2(nr, a0, a1));
}

static noinline u64 time_empty(u64 iters, long nr, long a0, long a1)
{
	/* The same register set-up as a syscall, minus the SYSCALL instruction. */
	return TIMED_LOOP(iters, ({
		long ret;
		register long rdi asm("rdi") = a0;
		register long rsi asm("rsi") = a1;
		asm volatile("" : "=a"(ret) : "a"(nr), "r"(rdi), "r"(rsi) : "rcx", "r11", "memory");
	}));
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

static void winch_handler(int sig)
{
}

static int run_benchmark(int argc, char **argv)
{
	u64 iters = arg_u64(argc, argv, "iters", 10000);
	u64 reps = MIN(arg_u64(argc, argv, "reps", 5), (u64)MAX_REPS);
	long nvar = syscall1(__NR_entrylab_bench, BENCH_VARIANTS);
	static long long ticks[8][BENCH_NR_OPS][MAX_REPS];
	int pid = getpid();
	struct {
		long nr, a0, a1;
	} ops[BENCH_NR_OPS] = {
		[BENCH_OP_KILL] = { __NR_kill, pid, SIGWINCH },
		[BENCH_OP_INVALID] = { -1, 0, 0 },
		[BENCH_OP_GETPID] = { __NR_getpid, 0, 0 },
		[BENCH_OP_KILL_HANDLED] = { __NR_kill, pid, SIGWINCH },
	};

	if (nvar <= 0 || nvar > 8 || !iters || !reps) {
		printf("init: benchmark unavailable (variants %ld, iters %lu, reps %lu)\n", nvar,
		       (unsigned long)iters, (unsigned long)reps);
		return 1;
	}
	printf("init: benchmark: %lu iterations x %lu repetitions x %ld entry variants\n",
	       (unsigned long)iters, (unsigned long)reps, nvar);
	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	for (u64 r = 0; r < reps; r++) {
		for (long v = 0; v < nvar; v++) {
			bool floor = v == nvar - 1;	/* the floor serves "invalid" only */

			syscall2(__NR_entrylab_bench, BENCH_SELECT, v);
			for (int op = 0; op < BENCH_NR_OPS; op++) {
				u64 base, t;

				if (floor && op != BENCH_OP_INVALID)
					continue;
				if (op == BENCH_OP_KILL_HANDLED)
					sigaction(SIGWINCH, (unsigned long)winch_handler, 0, 0, NULL);
				base = time_empty(iters, ops[op].nr, ops[op].a0, ops[op].a1);
				t = time_syscalls(iters, ops[op].nr, ops[op].a0, ops[op].a1);
				ticks[v][op][r] = (long long)(t - base);
				sigaction(SIGWINCH, SIG_DFL, 0, 0, NULL);
			}
		}
	}
	syscall1(__NR_entrylab_bench, BENCH_END);

	for (long v = 0; v < nvar; v++) {
		for (int op = 0; op < BENCH_NR_OPS; op++) {
			struct bench_result res;

			if (v == nvar - 1 && op != BENCH_OP_INVALID)
				continue;
			sort(ticks[v][op], reps);
			res.min_ticks = ticks[v][op][0];
			res.median_ticks = ticks[v][op][reps / 2];
			res.reps = reps;
			syscall5(__NR_entrylab_bench, BENCH_REPORT, v, op, iters, &res);
		}
	}
	return 0;
}

static int failures;

#define CHECK(expr, expect)							\
	do {									\
		long _got = (long)(expr), _want = (long)(expect);		\
		if (_got != _want) {						\
			printf("init: probe: %s = %ld, expected %ld\n", #expr, _got, _want); \
			failures++;						\
		}								\
	} while (0)

static void probe_edges(void)
{
	CHECK(syscall0(-1), -ENOSYS);
	CHECK(syscall0((1L << 32) + __NR_getpid), -ENOSYS);	/* must not alias getpid */
	CHECK(syscall0(1L << 63), -ENOSYS);
	CHECK(syscall0(NR_syscalls), -ENOSYS);			/* first past the table */
	CHECK(syscall0(NR_syscalls - 2), -ENOSYS);		/* a gap in the table */
	CHECK(syscall0(__NR_getpid) > 0, 1);
}

static void probe_efault(void)
{
	static const long bad[] = {
		0xffffffff80100000L,		/* kernel text */
		0xffff888000100000L,		/* kernel direct map */
		0x0000800000000000L,		/* non-canonical */
		0x10000L,			/* unmapped user page */
		0x00007ffffffff000L - 8,	/* straddles TASK_SIZE_MAX */
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		CHECK(write(1, (const void *)bad[i], 16), -EFAULT);
		CHECK(syscall1(__NR_uname, bad[i]), -EFAULT);
		CHECK(syscall2(__NR_clock_gettime, 1, bad[i]), -EFAULT);
	}
}

static void probe_kill(void)
{
	int pid = getpid();

	CHECK(kill(pid + 1000, 0), -ESRCH);
	CHECK(kill(-1, SIGTERM), -ESRCH);	/* everyone but init: nobody */
	CHECK(kill(pid, 0), 0);			/* existence check */
	CHECK(kill(pid, 65), -EINVAL);
	CHECK(kill(pid, -1), -EINVAL);
	CHECK(kill(pid, SIGWINCH), 0);		/* ignored by default: discarded */
	CHECK(kill(pid, SIGCHLD), 0);
	CHECK(kill(0, SIGURG), 0);		/* our process group */
	if (failures)
		return;
	kill(pid, SIGTERM);			/* default action: terminate, now */
	printf("init: probe: survived SIGTERM\n");
	failures++;
}

static void probe_syscalls(int argc, char **argv)
{
	for (u64 n = arg_u64(argc, argv, "n", 1); n; n--)
		getpid();
}

static void probe_spin(int argc, char **argv)
{
	for (u64 n = arg_u64(argc, argv, "loops", 1000000); n; n--)
		asm volatile("" ::: "memory");
}

static int probe(int argc, char **argv, const char *what)
{
	if (!strcmp(what, "syscalls"))
		probe_syscalls(argc, argv);
	else if (!strcmp(what, "spin"))
		probe_spin(argc, argv);
	else if (!strcmp(what, "edges"))
		probe_edges();
	else if (!strcmp(what, "efault"))
		probe_efault();
	else if (!strcmp(what, "kill"))
		probe_kill();
	else {
		printf("init: unknown probe '%s'\n", what);
		return 2;
	}
	return failures ? 1 : 0;
}

static char nx_data[16] = { (char)0xc3 };	/* "ret" in a non-executable page */

static void crash_ud2(void)	{ asm volatile("ud2"); }
static void crash_int3(void)	{ asm volatile("int3"); }
static void crash_cli(void)	{ asm volatile("cli"); }
static void crash_hlt(void)	{ asm volatile("hlt"); }
static void crash_kread(void)	{ (void)*(volatile long *)0xffffffff80100000UL; }
static void crash_kwrite(void)	{ *(volatile long *)0xffff888000100000UL = 1; }
static void crash_noncanon(void) { ((void (*)(void))0x0000800000000000UL)(); }
static void crash_nx(void)	{ ((void (*)(void))nx_data)(); }

static void crash_div0(void)
{
	asm volatile("xor %%ecx, %%ecx; div %%ecx" ::: "eax", "ecx", "edx");
}

static int crash(const char *kind)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} kinds[] = {
		{ "ud2", crash_ud2 }, { "int3", crash_int3 }, { "cli", crash_cli },
		{ "hlt", crash_hlt }, { "kread", crash_kread }, { "kwrite", crash_kwrite },
		{ "noncanon", crash_noncanon }, { "nx", crash_nx }, { "div0", crash_div0 },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (strcmp(kind, kinds[i].name))
			continue;
		kinds[i].fn();
		printf("init: crash=%s did not fault\n", kind);
		return 1;
	}
	printf("init: unknown crash '%s'\n", kind);
	return 2;
}

int main(int argc, char **argv)
{
	const char *v;

	if ((v = arg_str(argc, argv, "probe")))
		return probe(argc, argv, v);
	if ((v = arg_str(argc, argv, "crash")))
		return crash(v);
	if ((v = arg_str(argc, argv, "exit")))
		return (int)arg_u64(argc, argv, "exit", 0);
	return run_benchmark(argc, argv);
}
