// SPDX-License-Identifier: GPL-2.0
/*
 * entrytests: the ring-3 test suite of the entry path, run as init by make test.
 *
 *   entrytests            every SELFTEST() case in user/tests/, KTAP on stdout
 *   entrytests die=CASE   a case that must end the process; the host runner
 *                         checks the kernel's "init: killed by signal" line
 *
 * The cases use the same SELFTEST()/EXPECT_*() macros and KTAP runner as the
 * kernel's own self-tests (include/selftest.h, lib/selftest.c).
 */
#include <uapi/bench.h>
#include "harness.h"

static void handler(int sig)
{
	raise(sig);	/* with SA_NODEFER: nests until the stack runs out */
}

/* Linux x86-64 has no default restorer: delivery without one kills with SIGSEGV. */
static void die_no_restorer(void)
{
	struct kernel_sigaction sa = { .handler = (unsigned long)handler };

	syscall6(__NR_rt_sigaction, SIGUSR1, (long)&sa, 0, 8, 0, 0);
	raise(SIGUSR1);
}

/* No room for a frame: RSP in an unmapped page when the signal arrives. */
static void die_bad_stack(void)
{
	sigaction(SIGUSR1, (unsigned long)handler, 0, 0, NULL);
	asm volatile("mov %%rsp, %%r12\n\t"
		     "mov $0x10000, %%rsp\n\t"
		     "syscall\n\t"
		     "mov %%r12, %%rsp"
		     : : "a"(__NR_kill), "D"(getpid()), "S"(SIGUSR1)
		     : "rcx", "r11", "r12", "memory");
}

/* A nesting handler on a small alternate stack overflows it: SIGSEGV. */
static void die_altstack_overflow(void)
{
	static u8 small[MINSIGSTKSZ] __aligned(16);
	kernel_stack_t ss = { .ss_sp = small, .ss_size = sizeof(small) };

	sigaltstack(&ss, NULL);
	sigaction(SIGUSR1, (unsigned long)handler, SA_ONSTACK | SA_NODEFER, 0, NULL);
	raise(SIGUSR1);
}

/* A fault with its signal blocked cannot be held back: the default kills. */
static void die_blocked_fault(void)
{
	static volatile int *volatile unmapped = (int *)0x10000;
	kernel_sigset_t set = SIGBIT(SIGSEGV);

	sigaction(SIGSEGV, (unsigned long)handler, 0, 0, NULL);
	sigprocmask(SIG_BLOCK, &set, NULL);
	*unmapped = 1;
}

/*
 * Init dies in the middle of a measurement: the timer stopped, every syscall of
 * this CPU sent to the floor stub, the vDSO on the syscall. The kernel must put
 * all of it back (its "bench: CPU n:" lines say what it found).
 */
static void die_inside_benchmark(void)
{
	long rows = syscall1(__NR_entrylab_bench, BENCH_ROWS), floor = rows - 1;

	while (floor > 0 &&
	       syscall2(__NR_entrylab_bench, BENCH_OPS, floor) != BIT(BENCH_OP_INVALID))
		floor--;
	syscall2(__NR_entrylab_bench, BENCH_CLOCK, BENCH_CLOCK_SYSCALL);
	syscall1(__NR_entrylab_bench, BENCH_BEGIN);
	syscall2(__NR_entrylab_bench, BENCH_SELECT, floor);
	*(volatile int *)0x10000 = 1;
}

static const struct {
	const char *name;
	void (*fn)(void);
} deaths[] = {
	{ "no_restorer", die_no_restorer },
	{ "bad_stack", die_bad_stack },
	{ "altstack_overflow", die_altstack_overflow },
	{ "blocked_fault", die_blocked_fault },
	{ "inside_benchmark", die_inside_benchmark },
};

int main(int argc, char **argv)
{
	static struct cmdline args;
	const char *die;

	if (argc && !strcmp(argv[0], "execve-check"))
		return execve_check_main(argc, argv);	/* execve.c ran us again */
	if (execve_args_run(argc, argv))
		return execve_args_main(argc, argv);
	cmdline_parse_argv(&args, "entrytests", argc, argv);
	die = cmdline_str(&args, "die", NULL);
	cmdline_warn_unknown(&args);
	if (!die)
		return selftests_run() ? 0 : 1;
	for (unsigned int i = 0; i < ARRAY_SIZE(deaths); i++) {
		if (strcmp(die, deaths[i].name))
			continue;
		printf("entrytests: die=%s\n", die);
		deaths[i].fn();
		printf("entrytests: die=%s survived\n", die);
		return 1;
	}
	printf("entrytests: unknown case %s\n", die);
	return 2;
}
