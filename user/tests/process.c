// SPDX-License-Identifier: GPL-2.0
/*
 * Processes: fork, vfork, wait4, waitid, getppid, SIGCHLD, exit statuses, and
 * copy-on-write memory, each checked from both sides. A child reports what it
 * saw through its exit status (0: all as expected, else which check failed).
 */
#include <file.h>
#include <uapi/bench.h>
#include <uapi/mman.h>
#include <uapi/resource.h>
#include <uapi/sched.h>
#include <user_layout.h>
#include "harness.h"

#define WNOHANG		1
#define WEXITED		4
#define P_PID		1
#define P_ALL		0
#define CLD_EXITED	1
#define CLD_KILLED	2

static long wait4(int pid, int *status, int options)
{
	return syscall4(__NR_wait4, pid, status, options, NULL);
}

static void __noreturn child_exit(int status)
{
	syscall1(__NR_exit, status);
	__builtin_unreachable();
}

SELFTEST(process, fork_returns_twice_and_wait4_reaps)
{
	int parent = getpid(), status = -1;
	long pid = fork();

	if (pid == 0)
		child_exit(syscall0(__NR_getppid) == parent && getpid() != parent ? 7 : 1);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, 7 << 8);			/* WIFEXITED, WEXITSTATUS 7 */
	EXPECT_EQ(t, wait4(pid, &status, 0), -ECHILD);	/* reaped: gone */
}

static int cow_value = 1;

/* The child's writes, from user mode and from the kernel (a syscall's output), stay its own. */
SELFTEST(process, fork_memory_is_copied_on_write)
{
	unsigned long heap = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct { long sec, nsec; } *ts = (void *)heap;
	int status = -1;
	long pid;

	ASSERT_TRUE(t, heap < TASK_SIZE_MAX);
	ts->sec = -1;
	pid = fork();
	if (pid == 0) {
		cow_value = 2;
		syscall2(__NR_clock_gettime, 1, ts);	/* copy_to_user() breaks the COW */
		child_exit(cow_value == 2 && ts->sec >= 0 ? 0 : 1);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, 0);
	EXPECT_EQ(t, cow_value, 1);
	EXPECT_EQ(t, ts->sec, -1L);
	cow_value = 3;				/* ours alone again: writable */
	EXPECT_EQ(t, cow_value, 3);
	syscall2(__NR_munmap, heap, PAGE_SIZE);
}

SELFTEST(process, wait4_wnohang_and_echild)
{
	struct { long sec, nsec; } nap = { 0, 20 * 1000 * 1000 };
	int status = -1;
	long pid;

	EXPECT_EQ(t, wait4(-1, &status, WNOHANG), -ECHILD);
	EXPECT_EQ(t, wait4(-1, &status, 0x1000), -EINVAL);	/* an unknown option */
	pid = fork();
	if (pid == 0) {
		syscall2(__NR_nanosleep, &nap, NULL);
		child_exit(3);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(-1, &status, WNOHANG), 0);	/* still sleeping */
	EXPECT_EQ(t, wait4(-1, &status, 0), pid);
	EXPECT_EQ(t, status, 3 << 8);
}

SELFTEST(process, killed_child_reports_its_signal)
{
	int status = -1;
	long pid = fork();

	if (pid == 0) {
		kill(getpid(), SIGUSR1);	/* default action: terminate */
		child_exit(1);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, SIGUSR1);			/* WIFSIGNALED, WTERMSIG */
}

static volatile struct { int count, pid, code, status; } chld;

static void on_sigchld(int sig, struct kernel_siginfo *si, void *uc)
{
	chld.count++;
	chld.pid = si->sigchld.pid;
	chld.code = si->si_code;
	chld.status = si->sigchld.status;
}

SELFTEST(process, sigchld_and_waitid_describe_the_child)
{
	struct kernel_siginfo si;
	long pid;

	chld.count = 0;
	sigaction(SIGCHLD, (unsigned long)on_sigchld, SA_SIGINFO, 0, NULL);
	pid = fork();
	if (pid == 0)
		child_exit(5);
	ASSERT_TRUE(t, pid > 0);
	memset(&si, 0xff, sizeof(si));
	EXPECT_EQ(t, syscall5(__NR_waitid, P_PID, pid, &si, WEXITED, NULL), 0);
	EXPECT_EQ(t, si.si_signo, SIGCHLD);
	EXPECT_EQ(t, si.si_code, CLD_EXITED);
	EXPECT_EQ(t, si.sigchld.pid, (int)pid);
	EXPECT_EQ(t, si.sigchld.status, 5);
	EXPECT_EQ(t, chld.count, 1);
	EXPECT_EQ(t, chld.pid, (int)pid);
	EXPECT_EQ(t, chld.code, CLD_EXITED);
	EXPECT_EQ(t, chld.status, 5);
	/* Without WEXITED (or a stop or continue to wait for): -EINVAL. */
	EXPECT_EQ(t, syscall5(__NR_waitid, P_ALL, 0, &si, 0, NULL), -EINVAL);
	reset_signal(SIGCHLD);
}

/* Ignoring SIGCHLD: children are never zombies, and wait finds none (Linux's rule). */
SELFTEST(process, ignored_sigchld_reaps_automatically)
{
	int status;
	long pid;

	sigaction(SIGCHLD, SIG_IGN, 0, 0, NULL);
	pid = fork();
	if (pid == 0)
		child_exit(0);
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), -ECHILD);
	reset_signal(SIGCHLD);
}

static volatile int vfork_flag;

/* vfork: the child runs in our memory, and we run again only once it has exited. */
SELFTEST(process, vfork_shares_memory_and_waits)
{
	int status = -1;
	long pid;

	vfork_flag = 0;
	pid = syscall0(__NR_vfork);
	if (pid == 0) {
		vfork_flag = 42;
		child_exit(0);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, vfork_flag, 42);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, 0);
}

/* A child whose parent exits goes to init (this program, when it is init). */
SELFTEST(process, orphan_is_reparented_to_init)
{
	struct { long sec, nsec; } nap = { 0, 5 * 1000 * 1000 };
	int status = -1;
	long pid;

	if (getpid() != 1)
		SKIP(t, "needs the suite to run as init");
	pid = fork();
	if (pid == 0) {
		long grandchild = fork();

		if (grandchild == 0) {
			for (int i = 0; i < 200 && syscall0(__NR_getppid) != 1; i++)
				syscall2(__NR_nanosleep, &nap, NULL);
			child_exit(syscall0(__NR_getppid) == 1 ? 9 : 1);
		}
		child_exit(grandchild > 0 ? 0 : 2);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, 0);
	pid = wait4(-1, &status, 0);			/* the grandchild, now ours */
	EXPECT_TRUE(t, pid > 0);
	EXPECT_EQ(t, status, 9 << 8);
}

SELFTEST(process, clone_flag_rules)
{
	/* CLONE_THREAD without CLONE_SIGHAND, CLONE_SIGHAND without CLONE_VM */
	EXPECT_EQ(t, syscall5(__NR_clone, CLONE_THREAD, 0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall5(__NR_clone, CLONE_SIGHAND, 0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall5(__NR_clone, CLONE_NEWNET, 0, 0, 0, 0), -EINVAL);
	/* A thread in a new namespace; a new user namespace sharing CLONE_FS */
	EXPECT_EQ(t, syscall5(__NR_clone, CLONE_NEWPID | CLONE_THREAD | CLONE_SIGHAND | CLONE_VM,
			      0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall5(__NR_clone, CLONE_NEWUSER | CLONE_FS, 0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_clone3, NULL, 8), -EINVAL);		/* too small */
	EXPECT_EQ(t, syscall2(__NR_clone3, 0x10000, 88), -EFAULT);
}

/* clone3(args, size); a child that should not have been made ends at once. */
static long clone3_or_exit(const u64 *args, unsigned long size)
{
	long pid = syscall2(__NR_clone3, args, size);

	if (pid == 0)
		child_exit(0);
	return pid;
}

/* clone3()'s size and flag rules, in Linux's order (copy_clone_args_from_user()). */
SELFTEST(process, clone3_size_and_flag_rules)
{
	static u64 args[PAGE_SIZE / 8 + 1];

	args[4] = SIGCHLD;					/* exit_signal */
	EXPECT_EQ(t, clone3_or_exit(args, PAGE_SIZE + 1), -E2BIG);
	EXPECT_EQ(t, syscall2(__NR_clone3, NULL, PAGE_SIZE + 1), -E2BIG);
	EXPECT_EQ(t, syscall2(__NR_clone3, args, -1L), -E2BIG);
	EXPECT_EQ(t, syscall2(__NR_clone3, args, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_clone3, args, 63), -EINVAL);
	args[200] = 1;						/* past the struct we know */
	EXPECT_EQ(t, syscall2(__NR_clone3, args, PAGE_SIZE), -E2BIG);
	args[200] = 0;
	args[0] = CLONE_DETACHED;				/* flags */
	EXPECT_EQ(t, clone3_or_exit(args, 88), -EINVAL);
	args[0] = 0;
	args[5] = USER_STACK_TOP;				/* stack, stack_size */
	args[6] = -USER_STACK_TOP;
	EXPECT_EQ(t, clone3_or_exit(args, 88), -EINVAL);
	args[5] = args[6] = 0;
	args[4] = 1UL << 32 | SIGCHLD;
	EXPECT_EQ(t, clone3_or_exit(args, 88), -EINVAL);
}

/*
 * unshare(CLONE_FILES) in a child made with CLONE_FILES: from then on its
 * table is its own copy (kcmp says so), and its close() leaves ours alone.
 * The namespaces entrylab does not build are -EINVAL, as are unknown flags.
 */
SELFTEST(process, unshare_files_and_refusals)
{
	long me = syscall0(__NR_getpid), fd = syscall1(__NR_dup, 0), pid;
	int status;

	ASSERT_TRUE(t, fd > 2);
	pid = syscall5(__NR_clone, CLONE_FILES | SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		long shared = syscall5(__NR_kcmp, syscall0(__NR_getppid), syscall0(__NR_getpid),
				       2, 0, 0);		/* KCMP_FILES */

		if (shared || syscall1(__NR_unshare, CLONE_FILES))
			child_exit(1);
		if (syscall5(__NR_kcmp, syscall0(__NR_getppid), syscall0(__NR_getpid),
			     2, 0, 0) == 0)
			child_exit(2);
		child_exit(syscall1(__NR_close, fd) ? 3 : 9);
	}
	ASSERT_TRUE(t, pid > 0);
	status = wait_status(pid);
	EXPECT_EQ(t, status, 9 << 8);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFD), 0L);	/* fails with the table shared */
	EXPECT_EQ(t, syscall5(__NR_kcmp, me, me, 2, 0, 0), 0L);
	EXPECT_EQ(t, syscall1(__NR_unshare, CLONE_NEWNET), -EINVAL);
	EXPECT_EQ(t, syscall1(__NR_unshare, CLONE_NEWNS), -EINVAL);
	EXPECT_EQ(t, syscall1(__NR_unshare, CLONE_PIDFD), -EINVAL);	/* no unshare flag */
	EXPECT_EQ(t, syscall1(__NR_unshare, CLONE_VM | CLONE_SIGHAND | CLONE_THREAD | CLONE_FS |
			      CLONE_SYSVSEM), 0L);
	syscall1(__NR_close, fd);
}

/*
 * A fork bomb meets Linux's threads-max: fork() says -EAGAIN once that many tasks
 * are alive, far more than the 240 a fixed table once held, and the kernel stays
 * up. RLIMIT_NPROC's default is half of threads-max, as Linux's init_task has it,
 * so the count fork stopped at is twice the limit (or one more, threads-max being
 * odd). Every child waits in pause() until killed; then each is reaped.
 */
SELFTEST(process, fork_bomb_stops_at_threads_max)
{
	struct rlimit64 nproc;
	int n = 0, alive, status;
	size_t size;
	long *pids, pid = 0;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NPROC, &nproc), 0L);
	EXPECT_EQ(t, nproc.max, nproc.cur);
	size = (nproc.cur * 2 + 1) * sizeof(*pids);
	pids = (long *)syscall6(__NR_mmap, 0, size, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(t, (long)pids > 0);
	/* Every child made is in pids[], to be killed and reaped below. */
	while (n < (int)(nproc.cur * 2 + 1) && n < TASKS_TRIED_MAX) {
		pid = fork();
		if (pid == 0) {
			syscall0(__NR_pause);
			child_exit(1);
		}
		if (pid < 0)
			break;
		pids[n++] = pid;
	}
	alive = threads_alive();
	EXPECT_TRUE(t, n > 240);
	if (n < TASKS_TRIED_MAX) {
		EXPECT_EQ(t, pid, -EAGAIN);
		EXPECT_TRUE(t, alive == (int)nproc.cur * 2 || alive == (int)nproc.cur * 2 + 1);
	}
	for (int i = 0; i < n; i++) {
		kill(pids[i], SIGKILL);
		EXPECT_EQ(t, wait4(pids[i], &status, 0), pids[i]);
		EXPECT_EQ(t, status, SIGKILL);
	}
	syscall2(__NR_munmap, (long)pids, size);
	pid = fork();				/* room again */
	if (pid == 0)
		child_exit(0);
	EXPECT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
}

/*
 * The benchmark's control call changes the machine (a CPU's LSTAR, its tick, the
 * vDSO's clock reader): a child of init may read the rows but change nothing.
 * The child reports the first check that failed; init itself still may.
 */
SELFTEST(process, only_init_controls_the_benchmark)
{
	static const long denied[] = { BENCH_SELECT, BENCH_BEGIN, BENCH_END, BENCH_CLOCK,
				       BENCH_REPORT };
	int status = -1;
	long pid;

	if (getpid() != 1)
		SKIP(t, "needs the suite to run as init");
	pid = fork();
	if (pid == 0) {
		for (unsigned int i = 0; i < ARRAY_SIZE(denied); i++)
			if (syscall2(__NR_entrylab_bench, denied[i], 0) != -EPERM)
				child_exit(1 + i);
		/* Some row measures something: the first ones, or with FRED its own. */
		for (long v = syscall1(__NR_entrylab_bench, BENCH_ROWS) - 1; v >= 0; v--)
			if (syscall2(__NR_entrylab_bench, BENCH_OPS, v) > 0)
				child_exit(0);
		child_exit(10);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait4(pid, &status, 0), pid);
	EXPECT_EQ(t, status, 0);
	EXPECT_EQ(t, syscall2(__NR_entrylab_bench, BENCH_CLOCK, BENCH_CLOCK_STABLE), 0L);
	EXPECT_EQ(t, syscall1(__NR_entrylab_bench, BENCH_END), 0L);
}
