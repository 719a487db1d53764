// SPDX-License-Identifier: GPL-2.0
/*
 * probe: the ring-3 half of the kernel's entry self-tests (entry/entry_test.c).
 * grub.cfg loads it as its own boot module ("probe"), so the self-tests never
 * depend on which program is init. Each run does one thing, named by a word:
 *
 *   probe syscalls [n=N]	N getpid() calls (default 1)
 *   probe spin [loops=N]	N loops of pure user code; 0: until killed (the RCU demo)
 *   probe edges		edge syscall numbers: -ENOSYS, or the syscall their low 32 bits name
 *   probe efault		bad pointers all give -EFAULT
 *   probe kill			kill() semantics, ending with kill(self, SIGTERM)
 *   probe bench [iters=N] [reps=R]	the benchmark (bench/user/bench.c), shortened
 *   probe crash=KIND		fault on purpose: ud2, kread, kwrite, noncanon, nx,
 *				int3, div0, cli, hlt
 *   probe exit=N		exit with status N
 *   probe orphans		exit, leaving behind a process in each state a run can
 *				end with: asleep, a zombie no one waits for, a tracee
 *				stopped for a live tracer, a zombie leader whose thread
 *				lives, threads all exiting at once
 *   probe trace op=OP		one kill(getpid(), SIGWINCH), invalid (-1) or getpid()
 *				syscall at the symbol trace_syscall, or one fault-read
 *				(a read of an untouched anonymous page) at trace_fault:
 *				make trace steps it
 *
 * It exits 0 when all is well, 1 when a check failed (it prints which), 2 when it
 * was asked for nothing it knows. Any program can also be booted as init
 * (make run INIT=build/user/probe.elf INIT_ARGS="crash=ud2").
 */
#include <asm/page.h>
#include <bench.h>
#include <errno.h>
#include <libc.h>
#include <syscall_table.h>
#include <uapi/mman.h>
#include <uapi/ptrace.h>
#include <uapi/sched.h>

static int failures;

#define CHECK(expr, expect)							\
	do {									\
		long _got = (long)(expr), _want = (long)(expect);		\
		if (_got != _want) {						\
			printf("probe: %s = %ld, expected %ld\n", #expr, _got, _want); \
			failures++;						\
		}								\
	} while (0)

static void probe_edges(void)
{
	CHECK(syscall0(-1), -ENOSYS);
	CHECK(syscall0((1L << 32) + __NR_getpid), getpid());	/* upper half ignored */
	CHECK(syscall0(0x40000000L + __NR_getpid), -ENOSYS);	/* the x32 bit */
	CHECK(syscall0((1L << 63) + __NR_tuxcall), -ENOSYS);	/* only the low 32 bits */
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
	printf("probe: survived SIGTERM\n");
	failures++;
}

#define ORPHAN_THREAD_FLAGS	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD)
#define SIGSTOP			19

static int orphan_pipe[2];

static void __noreturn sleep_for_ever(void)
{
	for (;;)
		syscall0(__NR_pause);
}

/* A thread that says it runs, then sleeps until its process is killed. */
static int report_then_sleep(void *arg)
{
	write(orphan_pipe[1], "t", 1);
	sleep_for_ever();
	return 0;
}

/* A thread that spins until its process ends; the leader exits the group meanwhile. */
static int spin_for_ever(void *arg)
{
	for (volatile int forever = 1; forever;)
		;
	return 0;
}

static long fork_child(void)
{
	return syscall0(__NR_fork);
}

/* The child of a tracer: stop for it, and stay stopped. */
static void __noreturn traced_and_stopped(void)
{
	syscall4(__NR_ptrace, PTRACE_TRACEME, 0, 0, 0);
	kill(getpid(), SIGSTOP);
	exit(0);
}

/* A tracer that sees its child stop, says so, and sleeps without resuming it. */
static void __noreturn tracer_of_a_stopped_child(void)
{
	long child = fork_child();
	int status;

	if (child == 0)
		traced_and_stopped();
	syscall4(__NR_wait4, child, &status, 0x40000000 /* __WALL */, 0);
	write(orphan_pipe[1], "s", 1);
	sleep_for_ever();
}

static long start_thread(int (*fn)(void *))
{
	long stack = syscall6(__NR_mmap, 0, 16 * 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return clone_thread(ORPHAN_THREAD_FLAGS, (void *)(stack + 16 * 4096), NULL, NULL, 0,
			    fn, NULL);
}

/*
 * What a test harness that stopped midway leaves at init's exit (Linux's
 * seccomp_bpf left some such): the kernel must kill and free them all without a
 * fault. Each is set up before init exits; the pipe says when.
 */
static void probe_orphans(void)
{
	char c;

	CHECK(syscall2(__NR_pipe2, orphan_pipe, 0), 0);
	if (fork_child() == 0)
		sleep_for_ever();				/* asleep */
	if (fork_child() == 0)
		exit(0);					/* a zombie */
	if (fork_child() == 0)
		tracer_of_a_stopped_child();			/* a stopped tracee */
	CHECK(syscall3(__NR_read, orphan_pipe[0], &c, 1), 1);
	if (fork_child() == 0) {				/* a zombie leader */
		start_thread(report_then_sleep);
		syscall1(__NR_exit, 0);
	}
	CHECK(syscall3(__NR_read, orphan_pipe[0], &c, 1), 1);
	if (fork_child() == 0) {				/* threads mid-exit */
		for (int i = 0; i < 3; i++)
			start_thread(spin_for_ever);
		exit(0);
	}
}

static void probe_syscalls(u64 n)
{
	for (; n; n--)
		getpid();
}

/* loops=0: until a signal ends the program. */
static void probe_spin(u64 loops)
{
	for (u64 i = 0; !loops || i < loops; i++)
		asm volatile("" ::: "memory");
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
		printf("probe: crash=%s did not fault\n", kind);
		return 1;
	}
	printf("probe: unknown crash '%s'\n", kind);
	return 2;
}


/*
 * The benchmark's fault-read (bench/user/bench.c) once: a read of an untouched page
 * of a fresh private anonymous mapping, whose load is the global symbol trace_fault.
 * scripts/trace.py steps from it, through the #PF and the IRETQ back to it (the
 * load runs again, now mapped), to the instruction after it. A page of the
 * benchmark's finds its page table there but for one in 512 (HPAGE_SIZE apart):
 * so the page before the traced one, in the same table, is read first. Of three
 * pages, two neighbours share a table.
 */
static int trace_fault_read(void)
{
	long p = syscall6(__NR_mmap, 0, 3 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long val;

	if (p < 0 && p > -4096) {
		printf("probe: trace op=fault-read: mmap %ld\n", p);
		return 1;
	}
	if (!((p + PAGE_SIZE) & (HPAGE_SIZE - 1)))
		p += PAGE_SIZE;		/* the first page's table is not the second's */
	(void)*(volatile char *)p;
	asm volatile(".globl trace_fault\ntrace_fault:\n\tmovzbl (%1), %k0"
		     : "=r"(val) : "r"(p + PAGE_SIZE) : "memory");
	printf("probe: trace op=fault-read read %ld\n", val);
	return 0;
}

/*
 * One syscall whose SYSCALL instruction is the global symbol trace_syscall:
 * scripts/trace.py breaks there and single-steps until the instruction after it.
 * The same three operations as the benchmark's (bench/user/bench.c).
 */
static int trace_one(const char *op)
{
	long nr = -1, a0 = 0, a1 = 0, ret;

	if (!strcmp(op, "fault-read"))
		return trace_fault_read();
	if (!strcmp(op, "kill")) {
		nr = __NR_kill;
		a0 = getpid();
		a1 = SIGWINCH;
	} else if (!strcmp(op, "getpid")) {
		nr = __NR_getpid;
	} else if (strcmp(op, "invalid")) {
		printf("probe: trace op=%s: not kill, invalid or getpid\n", op);
		return 2;
	}
	{
		register long rdi asm("rdi") = a0;
		register long rsi asm("rsi") = a1;

		asm volatile(".globl trace_syscall\ntrace_syscall:\n\tsyscall"
			     : "=a"(ret) : "a"(nr), "r"(rdi), "r"(rsi) : "rcx", "r11", "memory");
	}
	printf("probe: trace op=%s returned %ld\n", op, ret);
	return 0;
}

int main(int argc, char **argv)
{
	static struct cmdline args;
	struct bench_args b;
	const char *v;
	int ret = 2;

	cmdline_parse_argv(&args, "probe", argc, argv);
	if ((v = cmdline_str(&args, "crash", NULL))) {
		ret = crash(v);
	} else if ((v = cmdline_str(&args, "exit", NULL))) {
		ret = (int)cmdline_u64_range(&args, "exit", 0, 0, 255);
	} else if (cmdline_flag(&args, "syscalls")) {
		probe_syscalls(cmdline_u64(&args, "n", 1));
		ret = 0;
	} else if (cmdline_flag(&args, "spin")) {
		probe_spin(cmdline_u64(&args, "loops", 1000000));
		ret = 0;
	} else if (cmdline_flag(&args, "edges")) {
		probe_edges();
		ret = 0;
	} else if (cmdline_flag(&args, "efault")) {
		probe_efault();
		ret = 0;
	} else if (cmdline_flag(&args, "kill")) {
		probe_kill();
		ret = 0;
	} else if (cmdline_flag(&args, "orphans")) {
		probe_orphans();
		ret = 0;
	} else if ((v = cmdline_str(&args, "op", NULL)) && cmdline_flag(&args, "trace")) {
		ret = trace_one(v);
	} else if (cmdline_flag(&args, "bench")) {
		bench_parse_args(&args, &b);
		ret = run_benchmark(&b);
	}
	cmdline_warn_unknown(&args);
	if (ret == 2)
		printf("probe: nothing to do: see user/probe.c for what it runs\n");
	return failures ? 1 : ret;
}
