// SPDX-License-Identifier: GPL-2.0
/*
 * execve() of "/proc/self/exe", the one file entrylab has: this very program,
 * run again as "execve-check" (entrytests.c's main()), which checks what a new
 * program must and must not inherit and exits with a bit per failed check. The
 * rest: Linux's errors, the other threads ending, a vfork parent let go at the
 * exec, and a tracer's SIGTRAP.
 */
#include <elf.h>
#include <file.h>
#include <uapi/ldt.h>
#include <uapi/mman.h>
#include <uapi/prctl.h>
#include <uapi/ptrace.h>
#include <uapi/rseq.h>
#include <uapi/sched.h>
#include "harness.h"

#define SELF_EXE		"/proc/self/exe"
#define EXEC_ENV		"ENTRYLAB_EXEC=1"

/* What execve_check_main() found wrong, one bit each: its exit status. */
enum {
	BAD_ARGS	= 1 << 0,	/* argv, or the pid it names is not ours */
	BAD_STRINGS	= 1 << 1,	/* envp is not exactly EXEC_ENV, or AT_EXECFN not
					 * the path */
	BAD_FDS		= 1 << 2,	/* fd 3 (close-on-exec) still open, or fd 4 closed */
	BAD_LDT		= 1 << 3,	/* the old program's LDT is still there */
	BAD_HANDLERS	= 1 << 4,	/* a handler survived, SIG_IGN did not, or the mask
					 * changed */
	BAD_CAPS	= 1 << 5,	/* not root's capabilities again ("nnp": the drop not kept,
					 * "userns": not none) */
	BAD_THREAD	= 1 << 6,	/* altstack, FS base, GS, DS, ES or the rseq area survived,
					 * or a thread lives */
	BAD_SIGNAL	= 1 << 7,	/* "sigusr1": no SIGUSR1 within a second */
};

#define RSEQ_SIG	0x53053053
static struct rseq rseq_area;

/* Raw, as the kernel takes it: pointers the tests pass bad on purpose. */
static long execve(const char *path, char *const *argv, char *const *envp)
{
	return syscall3(__NR_execve, path, argv, envp);
}

/*
 * execve() with TF set by the program itself for just the SYSCALL, as Linux's
 * single_step_syscall sets it: the new program starts with TF clear and must
 * not be killed by a SIGTRAP for the old one's step. If the exec fails, the
 * step is reported here, where SIGTRAP's default action kills the child.
 */
static long execve_with_tf(const char *path, char *const *argv, char *const *envp)
{
	long ret;

	asm volatile("pushfq\n\t"
		     "orq $0x100, (%%rsp)\n\t"
		     "popfq\n\t"
		     "syscall"
		     : "=a"(ret)
		     : "0"((long)__NR_execve), "D"(path), "S"(argv), "d"(envp)
		     : "rcx", "r11", "memory", "cc");
	return ret;
}

static long parse_long(const char *s)
{
	long n = 0;

	while (*s >= '0' && *s <= '9')
		n = n * 10 + (*s++ - '0');
	return n;
}

/*
 * argv: "execve-check" pid tid [sigusr1|nnp|userns|traceme]. pid is the caller's before
 * the exec; tid a thread it had (0: none), which must be gone; with "sigusr1",
 * wait for the SIGUSR1 the parent sends once the exec let it go (blocked across
 * the exec); "nnp" and "userns" say which capabilities to expect, "traceme"
 * that PTRACE_TRACEME is refused.
 */
int execve_check_main(int argc, char **argv)
{
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	struct kernel_sigaction usr1, usr2;
	kernel_sigset_t blocked;
	kernel_stack_t alt;
	struct caps caps;
	u64 want_caps = CAP_ALL;
	unsigned long fsbase = 1;
	unsigned short gs, ds, es;
	u64 ldt[1];
	int bad = 0;

	if (argc < 3 || parse_long(argv[1]) != getpid())
		bad |= BAD_ARGS;
	if (!environ[0] || strcmp(environ[0], EXEC_ENV) || environ[1] || !execfn ||
	    strcmp(execfn, SELF_EXE))
		bad |= BAD_STRINGS;
	if (syscall3(__NR_fcntl, 3, F_GETFD, 0) != -EBADF || syscall3(__NR_fcntl, 4, F_GETFD, 0))
		bad |= BAD_FDS;
	if (syscall3(__NR_modify_ldt, 0, ldt, sizeof(ldt)) != 0)
		bad |= BAD_LDT;
	sigaction(SIGUSR1, SIG_DFL, 0, 0, &usr1);	/* reads the action while resetting it */
	sigaction(SIGUSR2, SIG_IGN, 0, 0, &usr2);
	if (usr1.handler != SIG_DFL || usr2.handler != SIG_IGN)
		bad |= BAD_HANDLERS;
	sigprocmask(SIG_BLOCK, NULL, &blocked);
	if (!(blocked & SIGBIT(SIGWINCH)))
		bad |= BAD_HANDLERS;
	sigaltstack(NULL, &alt);
	syscall2(__NR_arch_prctl, ARCH_GET_FS, &fsbase);
	asm volatile("mov %%gs, %0; mov %%ds, %1; mov %%es, %2" : "=r"(gs), "=r"(ds), "=r"(es));
	if (!(alt.ss_flags & SS_DISABLE) || fsbase || gs || ds || es ||
	    (argc > 2 && parse_long(argv[2]) &&
	     syscall3(__NR_tgkill, getpid(), parse_long(argv[2]), 0) != -ESRCH))
		bad |= BAD_THREAD;
	/*
	 * The old program dropped CAP_SYS_ADMIN: root gets it back, unless
	 * no_new_privs; in a user namespace with no uid map uid 0 is not root.
	 */
	if (argc > 3 && !strcmp(argv[3], "nnp"))
		want_caps = CAP_ALL & ~BIT(CAP_SYS_ADMIN);
	else if (argc > 3 && !strcmp(argv[3], "userns"))
		want_caps = 0;
	if (caps_get(0, &caps) || caps.permitted != caps.effective || caps.permitted != want_caps)
		bad |= BAD_CAPS;
	/* "traceme": the parent has none of our capabilities now, nor CAP_SYS_PTRACE. */
	if (argc > 3 && !strcmp(argv[3], "traceme") &&
	    syscall4(__NR_ptrace, PTRACE_TRACEME, 0, 0, 0) != -EPERM)
		bad |= BAD_CAPS;
	if (syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area), RSEQ_FLAG_UNREGISTER, RSEQ_SIG) !=
	    -EINVAL)
		bad |= BAD_THREAD;		/* -EINVAL: nothing to unregister */
	if (argc > 3 && !strcmp(argv[3], "sigusr1")) {
		kernel_sigset_t set = SIGBIT(SIGUSR1);
		struct timespec64 second = { 1, 0 };

		if (syscall4(__NR_rt_sigtimedwait, &set, NULL, &second, sizeof(set)) != SIGUSR1)
			bad |= BAD_SIGNAL;
	}
	return bad;
}

static void noop_handler(int sig)
{
}

/* The child's side: state a new program must not see, then execve_check_main(). */
static void __noreturn exec_checker(int tid, const char *extra)
{
	static char pid_s[16], tid_s[16];
	static char *argv[] = { "execve-check", pid_s, tid_s, NULL, NULL };
	static char *envp[] = { EXEC_ENV, NULL };
	static u8 alt[8192];
	kernel_stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };
	struct user_desc d = { .entry_number = 0, .limit = 0xfffff, .seg_32bit = 1 };
	kernel_sigset_t set = SIGBIT(SIGWINCH) | (extra ? SIGBIT(SIGUSR1) : 0);
	struct caps caps = { CAP_ALL & ~BIT(CAP_SYS_ADMIN), CAP_ALL & ~BIT(CAP_SYS_ADMIN), 0 };

	snprintf(pid_s, sizeof(pid_s), "%d", getpid());
	snprintf(tid_s, sizeof(tid_s), "%d", tid);
	argv[3] = (char *)extra;
	syscall3(__NR_modify_ldt, 0x11, &d, sizeof(d));
	asm volatile("mov %0, %%gs" : : "r"(7));	/* LDT entry 0 */
	sigaction(SIGUSR1, (unsigned long)noop_handler, 0, 0, NULL);
	sigaction(SIGUSR2, SIG_IGN, 0, 0, NULL);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigaltstack(&ss, NULL);
	syscall2(__NR_arch_prctl, ARCH_SET_FS, 0x1000);
	syscall4(__NR_rseq, &rseq_area, sizeof(rseq_area), 0, RSEQ_SIG);
	if (extra && !strcmp(extra, "userns"))
		syscall1(__NR_unshare, CLONE_NEWUSER);
	caps_set(&caps);
	if (extra && !strcmp(extra, "nnp"))
		syscall5(__NR_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	syscall3(__NR_dup3, 0, 3, O_CLOEXEC);
	syscall3(__NR_dup3, 0, 4, 0);
	asm volatile("mov %0, %%ds; mov %0, %%es" : : "r"(__USER_DS));
	execve_with_tf(SELF_EXE, argv, envp);
	syscall1(__NR_exit, 99);			/* the exec failed */
	__builtin_unreachable();
}

/* The wait status of a child that ran the checker with extra: 0 if every check held. */
static int checker_status(const char *extra)
{
	long pid = syscall0(__NR_fork);

	if (pid == 0)
		exec_checker(0, extra);
	return pid > 0 ? wait_status(pid) : -1;
}

/*
 * A fresh program with the strings given: its argv, envp and AT_EXECFN; no LDT
 * and no rseq area, handlers back to SIG_DFL but SIG_IGN kept, the mask kept, no
 * alternate stack,
 * FS, GS, DS and ES reset, close-on-exec fds closed and the others kept, and the
 * single step the old program set TF for not reported to the new one (killing
 * it with SIGTRAP). Each check failing sets its own bit of the status.
 */
SELFTEST(execve, self_exe_starts_a_fresh_program)
{
	EXPECT_EQ(t, checker_status(NULL), 0);
}

/* With no_new_privs, the capability the old program dropped stays dropped. */
SELFTEST(execve, no_new_privs_keeps_capabilities_dropped)
{
	EXPECT_EQ(t, checker_status("nnp"), 0);
}

/*
 * In a user namespace with no uid map (none can be written) uid 0 is not root:
 * the new program has no permitted or effective capability, as on Linux.
 */
SELFTEST(execve, user_namespace_without_a_root_gives_no_capabilities)
{
	EXPECT_EQ(t, checker_status("userns"), 0);
}

static int traceme_to_a_parent_without_capabilities(void)
{
	struct caps none = { 0 };
	long pid;

	if (caps_set(&none))
		return 99;
	pid = syscall0(__NR_fork);
	if (pid == 0)
		exec_checker(0, "traceme");
	return pid > 0 && wait_status(pid) == 0 ? 0 : 1;
}

/*
 * PTRACE_TRACEME asks Linux's ptrace rule of the parent: a program that got
 * back root's capabilities at the exec cannot be traced by a parent without
 * them (-EPERM).
 */
SELFTEST(execve, traceme_needs_the_parent_to_hold_our_capabilities)
{
	EXPECT_EQ(t, in_child(traceme_to_a_parent_without_capabilities), 0);
}

/* Linux's answers, and the caller carries on after each. */
SELFTEST(execve, errors)
{
	static char long_string[PAGE_SIZE + 1];
	char *argv[EXEC_MAX_ARGS + 2];
	char *big[] = { long_string, NULL };

	EXPECT_EQ(t, execve((const char *)8, NULL, NULL), -EFAULT);
	EXPECT_EQ(t, execve("/bin/sh", NULL, NULL), -ENOENT);	/* no filesystem */
	EXPECT_EQ(t, execve("", NULL, NULL), -ENOENT);
	EXPECT_EQ(t, execve(SELF_EXE, (char *const *)8, NULL), -EFAULT);
	argv[0] = (char *)8;
	argv[1] = NULL;
	EXPECT_EQ(t, execve(SELF_EXE, argv, NULL), -EFAULT);
	for (unsigned int i = 0; i < EXEC_MAX_ARGS + 1; i++)
		argv[i] = "x";
	argv[EXEC_MAX_ARGS + 1] = NULL;
	EXPECT_EQ(t, execve(SELF_EXE, argv, NULL), -E2BIG);
	memset(long_string, 'x', PAGE_SIZE);
	EXPECT_EQ(t, execve(SELF_EXE, big, NULL), -E2BIG);
}

static int sleep_long(void *arg)
{
	struct timespec64 ts = { 60, 0 };

	*(volatile int *)arg = syscall0(__NR_gettid);
	syscall2(__NR_nanosleep, &ts, NULL);
	return 0;
}

#define CLONE_THREAD_FLAGS	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD)

/* A process with a thread asleep execs: the thread ends, the new program runs alone. */
SELFTEST(execve, other_threads_end)
{
	static volatile int tid;
	long pid = syscall0(__NR_fork);

	if (pid == 0) {
		unsigned long stack = syscall6(__NR_mmap, 0, 16 * PAGE_SIZE, PROT_READ | PROT_WRITE,
					       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		tid = 0;
		clone_thread(CLONE_THREAD_FLAGS, (void *)(stack + 16 * PAGE_SIZE), NULL, NULL, 0,
			     sleep_long, (void *)&tid);
		while (!tid)
			syscall0(__NR_sched_yield);
		exec_checker(tid, NULL);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/*
 * vfork: the parent runs again when the child execs, not when it exits. The new
 * program waits a second for the parent's SIGUSR1, which the parent can send
 * only once it runs: if the exec did not let it go, the child gives up first.
 */
SELFTEST(execve, vfork_parent_resumes_at_the_exec)
{
	long pid = syscall0(__NR_vfork);

	if (pid == 0)
		exec_checker(0, "sigusr1");
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, kill(pid, SIGUSR1), 0);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* A traced process's exec stops it with SIGTRAP before the new program's first step. */
SELFTEST(execve, tracee_stops_with_sigtrap)
{
	long pid = syscall0(__NR_fork);
	int status;

	if (pid == 0) {
		syscall4(__NR_ptrace, PTRACE_TRACEME, 0, 0, 0);
		exec_checker(0, NULL);
	}
	ASSERT_TRUE(t, pid > 0);
	status = wait_status(pid);
	EXPECT_EQ(t, status & 0xff, WSTOPPED_CODE);
	EXPECT_EQ(t, (status >> 8) & 0xff, SIGTRAP);
	EXPECT_EQ(t, syscall4(__NR_ptrace, PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}
