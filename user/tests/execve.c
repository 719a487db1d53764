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
#include <uapi/resource.h>
#include <uapi/limits.h>
#include <uapi/sched.h>
#include <uapi/unistd_32.h>
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
	static char long_path[PATH_MAX + 1];
	char *argv[] = { (char *)8, NULL };

	EXPECT_EQ(t, execve((const char *)8, NULL, NULL), -EFAULT);
	EXPECT_EQ(t, execve("/bin/sh", NULL, NULL), -ENOENT);	/* no filesystem */
	EXPECT_EQ(t, execve("", NULL, NULL), -ENOENT);
	memset(long_path, '/', PATH_MAX);
	EXPECT_EQ(t, execve(long_path, NULL, NULL), -ENAMETOOLONG);
	long_path[PATH_MAX - 1] = '\0';
	EXPECT_EQ(t, execve(long_path, (char *const *)8, NULL), -ENOENT);	/* the file first */
	EXPECT_EQ(t, execve(SELF_EXE, (char *const *)8, NULL), -EFAULT);
	EXPECT_EQ(t, execve(SELF_EXE, NULL, (char *const *)8), -EFAULT);
	EXPECT_EQ(t, execve(SELF_EXE, argv, NULL), -EFAULT);
	EXPECT_EQ(t, execve(SELF_EXE, NULL, argv), -EFAULT);
}

/*
 * The runs of the argument tests below: argv[0] ARGS_NAME, or none at all with
 * ARGS_EMPTY the environment. What the new program checks, its exit status 0 if
 * all of it holds:
 *   ARGS_EMPTY, the whole environment: argc 1, argv[0] "" (Linux's since 5.18)
 *   ARGS_NAME "noenv": no environment at all
 *   ARGS_NAME TOTAL N: N more strings of 'a's, TOTAL bytes in all; the
 *   environment ARGS_ENV
 */
#define ARGS_NAME	"execve-args"
#define ARGS_EMPTY	"ENTRYLAB_ARGS=empty"
#define ARGS_ENV	"ENTRYLAB_ARGS=many"

bool execve_args_run(int argc, char **argv)
{
	return (environ[0] && !strcmp(environ[0], ARGS_EMPTY)) ||
	       (argc > 0 && !strcmp(argv[0], ARGS_NAME));
}

int execve_args_main(int argc, char **argv)
{
	long total, n;

	if (environ[0] && !strcmp(environ[0], ARGS_EMPTY))
		return argc == 1 && !argv[0][0] && !argv[1] && !environ[1] ? 0 : 1;
	if (argc == 2 && !strcmp(argv[1], "noenv"))
		return environ[0] ? 2 : 0;
	if (argc < 3 || !environ[0] || strcmp(environ[0], ARGS_ENV) || environ[1])
		return 3;
	total = parse_long(argv[1]);
	n = parse_long(argv[2]);
	if (argc != 3 + n || argv[argc])
		return 4;
	for (int i = 3; i < argc; i++) {
		long len = strlen(argv[i]);

		if (len && (argv[i][0] != 'a' || argv[i][len - 1] != 'a'))
			return 5;
		total -= len;
	}
	return total ? 6 : 0;
}

/* The exit status of a child that runs execve(SELF_EXE, argv, envp), -1 if the exec failed. */
static int exec_status(char *const *argv, char *const *envp, unsigned long rlim_stack)
{
	struct rlimit64 lim = { rlim_stack, rlim_stack };
	long pid = fork(), ret;

	if (pid == 0) {
		if (rlim_stack && syscall4(__NR_prlimit64, 0, RLIMIT_STACK, &lim, NULL))
			exit(98);
		ret = execve(SELF_EXE, argv, envp);
		exit(ret == -E2BIG ? 97 : 99);
	}
	return pid > 0 ? wait_status(pid) : -1;
}

#define EXEC_E2BIG	(97 << 8)	/* exec_status() of an execve() that was -E2BIG */

/*
 * Strings for an ARGS_NAME run of n strings of total bytes (all as long, the
 * last a little longer), in a fresh mapping (munmap() it: *size bytes).
 */
static char **many_args(long total, long n, size_t *size)
{
	long per = total / n, last = total - per * (n - 1);
	size_t words = 3 + n + 1, bytes = words * sizeof(char *) + last + 1 + 64;
	char **argv;
	char *fill, *nums;

	*size = ALIGN_UP(bytes, PAGE_SIZE);
	argv = (char **)syscall6(__NR_mmap, 0, *size, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if ((long)argv < 0)
		return NULL;
	fill = (char *)(argv + words);
	nums = fill + last + 1;
	memset(fill, 'a', last);
	snprintf(nums, 32, "%ld", total);
	snprintf(nums + 32, 32, "%ld", n);
	argv[0] = ARGS_NAME;
	argv[1] = nums;
	argv[2] = nums + 32;
	for (long i = 0; i < n; i++)
		argv[3 + i] = i == n - 1 ? fill : fill + last - per;
	return argv;
}

/*
 * Linux's bprm_stack_limits(): the strings (the path's too) and a pointer for
 * each of argv and envp (argv[0] always counted) may take a quarter of
 * RLIMIT_STACK, but no more than 6 MiB, and always 128 KiB (ARG_MAX).
 */
static unsigned long args_limit(unsigned long rlim_stack)
{
	return MAX(MIN(6UL << 20, rlim_stack / 4), (unsigned long)ARG_MAX);
}

/* Bytes an ARGS_NAME run of n strings of total bytes takes of args_limit(). */
static unsigned long args_bytes(long total, long n)
{
	char nums[32];
	unsigned long bytes = sizeof(SELF_EXE) + sizeof(ARGS_NAME) + sizeof(ARGS_ENV);

	bytes += snprintf(nums, sizeof(nums), "%ld", total) + 1;
	bytes += snprintf(nums, sizeof(nums), "%ld", n) + 1;
	return bytes + total + n + (3 + n + 1) * sizeof(char *);
}

/* The total of n strings that makes an ARGS_NAME run take exactly limit bytes. */
static long args_to_fill(unsigned long limit, long n)
{
	long total = limit - args_bytes(0, n);

	while (args_bytes(total, n) > limit)
		total--;
	return total;
}

/* An ARGS_NAME run of n strings of total bytes: its exit status (exec_status()). */
static int many_args_status(long total, long n, unsigned long rlim_stack)
{
	static char *envp[] = { ARGS_ENV, NULL };
	size_t size;
	char **argv = many_args(total, n, &size);
	int status;

	if (!argv)
		return -1;
	status = exec_status(argv, envp, rlim_stack);
	syscall2(__NR_munmap, argv, size);
	return status;
}

/*
 * execve() without argv, or with an empty one, gives the program argc 1 and an
 * empty argv[0], as Linux since 5.18; without envp, no environment. The i386
 * entry's the same, with its 32-bit pointers.
 */
SELFTEST(execve, no_argv_is_one_empty_string)
{
	static char *envp[] = { ARGS_EMPTY, NULL }, *none[] = { NULL };
	static char *noenv[] = { ARGS_NAME, "noenv", NULL };
	static u32 envp32[2], none32[1];
	long pid;

	EXPECT_EQ(t, exec_status(NULL, envp, 0), 0);
	EXPECT_EQ(t, exec_status(none, envp, 0), 0);
	EXPECT_EQ(t, exec_status(noenv, NULL, 0), 0);
	envp32[0] = (u32)(unsigned long)envp[0];
	ASSERT_TRUE(t, (unsigned long)envp[0] < 1UL << 32 && (unsigned long)envp32 < 1UL << 32);
	for (int i = 0; i < 2; i++) {
		struct gprs in = { .rax = __NR_ia32_execve, .rbx = (unsigned long)SELF_EXE,
				   .rcx = i ? (unsigned long)none32 : 0,
				   .rdx = (unsigned long)envp32 }, out;

		pid = fork();
		if (pid == 0) {
			int80_gprs(&in, &out);
			exit(99);
		}
		EXPECT_EQ(t, wait_status(pid), 0);
	}
}

/*
 * Long argument lists run up to Linux's limits, and a byte more is -E2BIG: 100
 * strings of 150 bytes; all of them exactly at args_limit() under RLIMIT_STACK's
 * default and under 8 MiB (2 MiB of strings); one string of MAX_ARG_STRLEN
 * bytes with its NUL (one more is -E2BIG even where the total would fit).
 */
SELFTEST(execve, long_argument_lists_to_linux_limits)
{
	static const unsigned long rlims[] = { 0 /* the default */, 64UL << 10, 8UL << 20 };
	struct rlimit64 lim;

	ASSERT_EQ(t, syscall4(__NR_prlimit64, 0, RLIMIT_STACK, NULL, &lim), 0L);
	EXPECT_EQ(t, many_args_status(97 * 150, 97, 0), 0);	/* 100 strings of 150 */
	EXPECT_EQ(t, many_args_status(10000, 1000, 0), 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(rlims); i++) {
		unsigned long limit = args_limit(rlims[i] ? rlims[i] : lim.cur);
		long n = limit / (MAX_ARG_STRLEN - 64) + 1, total = args_to_fill(limit, n);

		EXPECT_EQ(t, args_bytes(total, n), limit);
		EXPECT_TRUE(t, total - total / n * (n - 1) < MAX_ARG_STRLEN);
		EXPECT_EQ(t, many_args_status(total, n, rlims[i]), 0);
		EXPECT_EQ(t, many_args_status(total + 1, n, rlims[i]), EXEC_E2BIG);
	}
	/* One string: MAX_ARG_STRLEN bytes with its NUL, not one more; so by default. */
	EXPECT_EQ(t, lim.cur, 8UL << 20);
	EXPECT_EQ(t, many_args_status(MAX_ARG_STRLEN - 1, 1, 0), 0);
	EXPECT_EQ(t, many_args_status(MAX_ARG_STRLEN - 1, 1, 8UL << 20), 0);
	EXPECT_EQ(t, many_args_status(MAX_ARG_STRLEN, 1, 8UL << 20), EXEC_E2BIG);
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
