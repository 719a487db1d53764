// SPDX-License-Identifier: GPL-2.0
/*
 * Pid and user namespaces (include/pid_namespace.h, include/user_namespace.h):
 * what a task in a new pid namespace sees of itself and of the world, its init's
 * duties and its end, and a user namespace as the scope of capabilities. Every
 * namespace is made in a forked child: the suite's own process stays where it is.
 */
#include <uapi/ptrace.h>
#include <uapi/resource.h>
#include <uapi/sched.h>
#include "harness.h"

#define CLONE_THREAD_FLAGS	(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM)

/*
 * The first child after unshare(CLONE_NEWPID) runs fn as the namespace's init:
 * its wait status, which wait4() gives with the child's number as we see it.
 */
static int in_new_pid_ns(int (*fn)(void), long *init_pid)
{
	int status = -1;
	long pid;

	if (syscall1(__NR_unshare, CLONE_NEWPID))
		return 100 << 8;
	pid = fork();
	if (pid == 0)
		exit(fn());
	*init_pid = pid;
	if (pid <= 0 || syscall4(__NR_wait4, pid, &status, 0, NULL) != pid)
		return 101 << 8;
	return status;
}

/* In the new namespace: pid 1, no parent in sight, and a child numbered 2. */
static int init_sees_itself(void)
{
	long pid;

	if (syscall0(__NR_getpid) != 1 || syscall0(__NR_gettid) != 1)
		return 1;
	if (syscall0(__NR_getppid) != 0)
		return 2;		/* the parent is outside the namespace */
	pid = fork();
	if (pid == 0)
		exit(syscall0(__NR_getppid) == 1 && syscall0(__NR_getpid) == 2 ? 7 : 1);
	if (pid != 2 || wait_status(pid) != 7 << 8)
		return 3;
	return 9;
}

/*
 * unshare(CLONE_NEWPID) leaves the caller's own pid alone and numbers its next
 * child 1 in the new namespace; the parent sees that child by its own number,
 * in fork()'s result, wait4()'s and SIGCHLD's si_pid (each fails when the
 * child's own-namespace number leaks out). A second namespace before the first
 * is entered, and a thread when children go elsewhere, are -EINVAL.
 */
static volatile int sigchld_pid;

static void on_sigchld(int sig, struct kernel_siginfo *si, void *uc)
{
	sigchld_pid = si->sigchld.pid;
}

static int new_pid_ns(void)
{
	long me = syscall0(__NR_getpid), init;
	int status;

	sigaction(SIGCHLD, (unsigned long)on_sigchld, SA_SIGINFO | SA_RESTART, 0, NULL);
	status = in_new_pid_ns(init_sees_itself, &init);
	if (status != 9 << 8)
		return status >> 8 ? status >> 8 : 10;
	if (syscall0(__NR_getpid) != me || init <= 1)
		return 11;
	if (sigchld_pid != init)
		return 12;
	if (syscall1(__NR_unshare, CLONE_NEWPID) != -EINVAL)
		return 13;
	if (syscall5(__NR_clone, CLONE_THREAD_FLAGS, 0, 0, 0, 0) != -EINVAL)
		return 14;
	return 0;
}

SELFTEST(namespaces, a_new_pid_namespace_numbers_from_one)
{
	EXPECT_EQ(t, in_child(new_pid_ns), 0);
}

/* The init's side: a grandchild orphaned in the namespace becomes its child. */
static int init_reaps_orphans(void)
{
	long pid = fork(), orphan;
	int status = -1;

	if (pid == 0) {
		if (fork() == 0) {
			for (int i = 0; i < 200 && syscall0(__NR_getppid) != 1; i++)
				nap_ms(5);
			exit(syscall0(__NR_getppid) == 1 ? 9 : 1);
		}
		exit(0);
	}
	if (wait_status(pid) != 0)
		return 1;
	orphan = syscall4(__NR_wait4, -1, &status, 0, NULL);
	if (orphan != 3 || status != 9 << 8)
		return 2;		/* the initial namespace's init took it */
	/* Only the namespace's own are reached: nobody but us is left in it. */
	if (syscall2(__NR_kill, -1, 0) != -ESRCH)
		return 3;
	return 9;
}

static int orphans_in_ns(void)
{
	long init;
	int status = in_new_pid_ns(init_reaps_orphans, &init);

	return status == 9 << 8 ? 0 : status >> 8 ? status >> 8 : 10;
}

SELFTEST(namespaces, orphans_go_to_the_namespace_init)
{
	EXPECT_EQ(t, in_child(orphans_in_ns), 0);
}

static long outside_pid;

/*
 * The init's side: a process outside the namespace is out of sight, and a
 * default-acting signal from inside does not reach the init.
 */
static int init_is_shielded(void)
{
	long pid;

	if (syscall2(__NR_kill, outside_pid, 0) != -ESRCH)
		return 1;
	pid = fork();
	if (pid == 0)
		exit(syscall2(__NR_kill, 1, SIGTERM) == 0 ? 7 : 1);
	if (wait_status(pid) != 7 << 8)
		return 2;
	syscall1(__NR_pause, 0);	/* until the SIGKILL from outside */
	return 3;
}

/*
 * The parent's side: the init survived its child's SIGTERM (fails when the
 * shield is dropped), and takes a SIGKILL from the namespace above.
 */
static int shielded_init(void)
{
	long init;

	outside_pid = syscall0(__NR_getpid);
	if (syscall1(__NR_unshare, CLONE_NEWPID))
		return 1;
	init = fork();
	if (init == 0)
		exit(init_is_shielded());
	nap_ms(100);
	if (syscall2(__NR_kill, init, SIGKILL))
		return 2;
	return wait_status(init) == SIGKILL ? 0 : 3;
}

SELFTEST(namespaces, a_namespace_init_takes_no_default_signal_from_inside)
{
	EXPECT_EQ(t, in_child(shielded_init), 0);
}

/* The init's side: a child that would sleep forever, holding a pipe's write end. */
static int pipe_fds[2];

static int init_leaves_a_sleeper(void)
{
	if (fork() == 0) {
		syscall1(__NR_close, pipe_fds[0]);
		syscall1(__NR_pause, 0);
		exit(1);
	}
	syscall1(__NR_close, pipe_fds[1]);
	return 5;
}

/*
 * The init's exit ends the namespace: its sleeper is killed and reaped before
 * the init's own wait status is given (the pipe's last writer is gone: EOF, not
 * -EAGAIN, which it is with the kill skipped), and no task may enter any more.
 */
static int ns_ends_with_init(void)
{
	long init;
	char c;

	if (syscall2(__NR_pipe2, pipe_fds, 04000))	/* O_NONBLOCK */
		return 1;
	if (in_new_pid_ns(init_leaves_a_sleeper, &init) != 5 << 8)
		return 2;
	syscall1(__NR_close, pipe_fds[1]);
	if (fd_read(pipe_fds[0], &c, 1) != 0)
		return 3;
	if (fork() != -ENOMEM)
		return 4;
	return 0;
}

SELFTEST(namespaces, the_init_ending_ends_the_namespace)
{
	EXPECT_EQ(t, in_child(ns_ends_with_init), 0);
}

/*
 * The init traces a grandchild (pid 3, its child's child: a tracer not its
 * parent reaps its exit) and exits while the tracee lives.
 */
static int init_traces_a_grandchild(void)
{
	long pid = fork();

	if (pid == 0) {
		if (fork() == 0)
			syscall1(__NR_pause, 0);
		syscall1(__NR_pause, 0);
		exit(1);
	}
	for (int i = 0; i < 100; i++) {
		if (!syscall4(__NR_ptrace, PTRACE_SEIZE, 3, 0, 0))
			return 5;
		nap_ms(10);
	}
	return 1;
}

static int ns_ends_with_a_tracing_init(void)
{
	int status = -1;
	long init;

	if (syscall1(__NR_unshare, CLONE_NEWPID))
		return 1;
	init = fork();
	if (init == 0)
		exit(init_traces_a_grandchild());
	for (int i = 0; i < 300; i++) {
		if (syscall4(__NR_wait4, init, &status, 1 /* WNOHANG */, NULL) == init)
			return status == 5 << 8 ? 0 : 2;
		nap_ms(10);
	}
	return 3;		/* the init never ended (it is left behind) */
}

/*
 * An init that traces a task of its namespace lets it go before the namespace
 * is torn down, as Linux's exit does: the tracee is killed and reaped, not left
 * a zombie for the exiting tracer, for which the init would wait for ever.
 */
SELFTEST(namespaces, an_init_tracing_a_task_of_its_namespace_ends_it)
{
	EXPECT_EQ(t, in_child(ns_ends_with_a_tracing_init), 0);
}

/* The depth at which unshare(CLONE_NEWPID) failed with -ENOSPC (99: another error). */
static int nest(int level)
{
	long ret = syscall1(__NR_unshare, CLONE_NEWPID), pid;

	if (ret)
		return ret == -ENOSPC ? level : 99;
	pid = fork();
	if (pid == 0)
		exit(nest(level + 1));
	return pid > 0 ? wait_status(pid) >> 8 : 98;
}

/* Linux's 32 levels below the initial namespace; a 33rd is -ENOSPC. */
static int nested_pid_ns(void)
{
	return nest(0) == 32 ? 0 : 1;
}

SELFTEST(namespaces, pid_namespaces_nest_32_deep)
{
	EXPECT_EQ(t, in_child(nested_pid_ns), 0);
}

/*
 * In a user namespace of its own a task has every capability, and none in the
 * initial one: iopl() and a raised hard limit are -EPERM there (both succeed
 * when capabilities are not scoped), while what Linux checks in the caller's
 * namespace (a filter without no_new_privs, a new pid namespace) is allowed.
 * Its uid shows as the overflow uid: no map can be written.
 */
static int user_ns_scopes_caps(void)
{
	struct rlimit64 lim;
	struct caps c;

	c = (struct caps){ CAP_ALL & ~BIT(CAP_SYS_ADMIN), CAP_ALL, 0 };
	if (caps_set(&c) || filter_allow_all() != -EACCES)
		return 1;
	if (syscall1(__NR_unshare, CLONE_NEWPID) != -EPERM)
		return 2;
	if (syscall1(__NR_unshare, CLONE_NEWUSER))
		return 3;
	if (caps_get(0, &c) || c.effective != CAP_ALL || syscall0(__NR_getuid) != 65534)
		return 4;
	if (syscall1(__NR_iopl, 3) != -EPERM)
		return 5;
	if (syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, NULL, &lim))
		return 6;
	lim.max++;
	if (syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &lim, NULL) != -EPERM)
		return 7;
	if (filter_allow_all() || syscall1(__NR_unshare, CLONE_NEWPID))
		return 8;
	return 0;
}

SELFTEST(namespaces, a_user_namespace_scopes_capabilities)
{
	EXPECT_EQ(t, in_child(user_ns_scopes_caps), 0);
}

/* A thread of a multithreaded process may not enter a user namespace alone. */
static int sleeper(void *arg)
{
	nap_ms(200);
	return 0;
}

static int user_ns_single_threaded(void)
{
	struct thread th;
	long ret;

	if (thread_start(&th, sleeper, NULL) <= 0)
		return 1;
	ret = syscall1(__NR_unshare, CLONE_NEWUSER);
	thread_join(&th);
	if (ret != -EINVAL)
		return 2;
	/* The joined thread's last steps may follow the join's wake-up by a little. */
	for (int i = 0; i < 100 && syscall1(__NR_unshare, CLONE_NEWUSER); i++)
		nap_ms(1);
	return caps_get(0, &(struct caps){ 0 }) == 0 && syscall0(__NR_getuid) == 65534 ? 0 : 3;
}

SELFTEST(namespaces, only_a_single_threaded_process_enters_a_user_namespace)
{
	EXPECT_EQ(t, in_child(user_ns_single_threaded), 0);
}

/* unshare(CLONE_NEWUSER) moves the caller itself: Linux's 33 levels, then -EUSERS. */
static int nested_user_ns(void)
{
	long ret = 0;
	int levels = 0;

	while (levels < 40 && !(ret = syscall1(__NR_unshare, CLONE_NEWUSER)))
		levels++;
	return levels == 33 && ret == -EUSERS ? 0 : 1;
}

SELFTEST(namespaces, user_namespaces_nest_33_deep)
{
	EXPECT_EQ(t, in_child(nested_user_ns), 0);
}
