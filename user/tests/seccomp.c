// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp's strict and filter modes and prctl's no_new_privs (kernel/seccomp/seccomp.c,
 * kernel/seccomp/bpf_filter.c). All are for good, so each case sets them in a child and
 * reads what became of it from its wait status.
 */
#include <file.h>
#include <uapi/filter.h>
#include <uapi/poll.h>
#include <uapi/prctl.h>
#include <uapi/ptrace.h>
#include <uapi/seccomp.h>
#include <uapi/unistd.h>
#include <uapi/unistd_32.h>
#include "harness.h"

static long prctl(long option, long a2, long a3, long a4, long a5)
{
	return syscall5(__NR_prctl, option, a2, a3, a4, a5);
}

static int strict_then_write_and_exit(void)
{
	static const char dot[] = "";

	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	if (syscall3(__NR_write, 1, dot, 0) != 0)	/* write: allowed */
		return 2;
	return 7;				/* exit: allowed */
}

static int strict_then_getpid(void)
{
	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	syscall0(__NR_getpid);			/* not one of the four: SIGKILL */
	return 3;
}

static int prctl_strict_then_prctl(void)
{
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0))
		return 1;
	prctl(PR_GET_SECCOMP, 0, 0, 0, 0);	/* Linux's man page: SIGKILL in strict mode */
	return 3;
}

SELFTEST(seccomp, strict_mode_allows_read_write_exit)
{
	EXPECT_EQ(t, in_child(strict_then_write_and_exit), 7 << 8);
}

SELFTEST(seccomp, strict_mode_kills_any_other_call)
{
	EXPECT_EQ(t, in_child(strict_then_getpid), SIGKILL);
	EXPECT_EQ(t, in_child(prctl_strict_then_prctl), SIGKILL);
}

static long int80(unsigned long nr, unsigned long bx, unsigned long cx, unsigned long dx)
{
	struct gprs in = { .rax = nr, .rbx = bx, .rcx = cx, .rdx = dx }, out;

	int80_gprs(&in, &out);
	return (long)out.rax;
}

/* int $0x80 is judged by i386's numbers: write is 4, read 3, exit 1. */
static int strict_then_i386_calls(void)
{
	static const char dot[] = "";

	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	if (int80(__NR_ia32_write, 1, (unsigned long)dot, 0) != 0 ||
	    int80(__NR_ia32_read, -1, (unsigned long)dot, 0) != -EBADF)
		return 2;
	int80(__NR_ia32_exit, 7, 0, 0);
	return 3;
}

/* x86-64's exit number is i386's umask: not one of the four. */
static int strict_then_i386_60(void)
{
	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	int80(__NR_exit, 5, 0, 0);
	return 3;
}

SELFTEST(seccomp, strict_mode_judges_int80_by_i386_numbers)
{
	EXPECT_EQ(t, in_child(strict_then_i386_calls), 7 << 8);
	EXPECT_EQ(t, in_child(strict_then_i386_60), SIGKILL);
}

SELFTEST(seccomp, bad_arguments_are_einval)
{
	int x;

	EXPECT_EQ(t, prctl(PR_GET_SECCOMP, 0, 0, 0, 0), (long)SECCOMP_MODE_DISABLED);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 1, 0), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, &x), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_seccomp, 99, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(PR_SET_SECCOMP, 99, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(0x7fff, 0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(PR_GET_SECCOMP, 0, 0, 0, 0), (long)SECCOMP_MODE_DISABLED);
}

static int no_new_privs_rules(void)
{
	long pid;

	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 0)
		return 1;
	if (prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0) != -EINVAL ||	/* only 1 sets it */
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 1, 0, 0) != -EINVAL ||
	    prctl(PR_GET_NO_NEW_PRIVS, 1, 0, 0, 0) != -EINVAL)
		return 2;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
		return 3;
	pid = syscall0(__NR_fork);			/* inherited */
	if (pid == 0)
		syscall1(__NR_exit, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 0 : 4);
	return wait_status(pid) == 0 ? 9 : 5;
}

SELFTEST(seccomp, no_new_privs_is_set_once_and_inherited)
{
	EXPECT_EQ(t, in_child(no_new_privs_rules), 9 << 8);
	EXPECT_EQ(t, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 0L);	/* the child's, not ours */
}

#define LOAD_NR			BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0)	/* seccomp_data.nr */

static long set_filter(const struct sock_filter *insns, unsigned short len)
{
	struct sock_fprog prog = { .len = len, .filter = (struct sock_filter *)insns };

	return syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/* A filter that gives the call nr the result ret and lets every other call run. */
static long filter_one(int nr, unsigned int ret)
{
	const struct sock_filter f[] = {
		LOAD_NR,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, ret),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	return set_filter(f, ARRAY_SIZE(f));
}

/* Without CAP_SYS_ADMIN (root's, dropped here), a filter needs no_new_privs. */
static int filter_without_nnp(void)
{
	struct caps c = { CAP_ALL & ~BIT(CAP_SYS_ADMIN), CAP_ALL, 0 };

	if (caps_set(&c))
		return 1;
	return filter_one(__NR_getppid, SECCOMP_RET_ERRNO | 13) == -EACCES ? 9 : 2;
}

static int filter_errno(void)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    filter_one(__NR_getppid, SECCOMP_RET_ERRNO | 13))
		return 1;
	if (syscall0(__NR_getppid) != -13 || syscall0(__NR_getpid) <= 0)
		return 2;
	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_FILTER ||
	    syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0) != -EINVAL)
		return 3;
	/* A second filter stacks; an ERRNO beyond 4095 is capped, as Linux caps it. */
	if (filter_one(__NR_gettid, SECCOMP_RET_ERRNO | 0xffff) ||
	    syscall0(__NR_gettid) != -4095 || syscall0(__NR_getppid) != -13)
		return 4;
	return 9;
}

/*
 * A filter reads int $0x80's argument registers whole, upper halves too, as
 * Linux's: a 64-bit program may leave bits there that an i386 call ignores.
 */
static int filter_reads_int80_upper_halves(void)
{
	const struct sock_filter f[] = {
		LOAD_NR,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ia32_getpid, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]) + 4),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x1234, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 7),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || set_filter(f, ARRAY_SIZE(f)))
		return 1;
	if (int80(__NR_ia32_getpid, 0x123400000005ul, 0, 0) != -7)
		return 2;
	return int80(__NR_ia32_getpid, 5, 0, 0) == syscall0(__NR_getpid) ? 9 : 3;
}

SELFTEST(seccomp, filter_reads_int80_upper_halves)
{
	EXPECT_EQ(t, in_child(filter_reads_int80_upper_halves), 9 << 8);
}

SELFTEST(seccomp, filter_needs_no_new_privs)
{
	EXPECT_EQ(t, in_child(filter_without_nnp), 9 << 8);
}

SELFTEST(seccomp, filter_errno_stacks_and_locks_the_mode)
{
	EXPECT_EQ(t, in_child(filter_errno), 9 << 8);
}

static volatile struct kernel_siginfo sys_info;

static void on_sigsys(int sig, struct kernel_siginfo *si, void *uc)
{
	sys_info = *si;
}

static int filter_trap(void)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    sigaction(SIGSYS, (unsigned long)on_sigsys, SA_SIGINFO, 0, NULL))
		return 1;
	/* The older filter traps, the newer returns an errno: TRAP is the lower action. */
	if (filter_one(__NR_getppid, SECCOMP_RET_TRAP | 42) ||
	    filter_one(__NR_getppid, SECCOMP_RET_ERRNO | 1))
		return 2;
	if (syscall0(__NR_getppid) != __NR_getppid)	/* not run: RAX as at the call */
		return 3;
	if (sys_info.si_signo != SIGSYS || sys_info.si_code != SYS_SECCOMP ||
	    sys_info.si_errno != 42 || sys_info.sigsys.syscall != __NR_getppid ||
	    sys_info.sigsys.arch != AUDIT_ARCH_X86_64 || !sys_info.sigsys.call_addr)
		return 4;
	return 9;
}

SELFTEST(seccomp, filter_trap_is_sigsys_and_the_lowest_action_wins)
{
	EXPECT_EQ(t, in_child(filter_trap), 9 << 8);
}

static int filter_kill_after_fork(void)
{
	long pid;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    filter_one(__NR_getppid, SECCOMP_RET_KILL_PROCESS))
		return 1;
	pid = syscall0(__NR_fork);		/* the filter is inherited */
	if (pid == 0) {
		syscall0(__NR_getppid);
		syscall1(__NR_exit, 3);
	}
	return wait_status(pid) == SIGSYS ? 9 : 2;
}

SELFTEST(seccomp, filter_kill_process_is_inherited)
{
	EXPECT_EQ(t, in_child(filter_kill_after_fork), 9 << 8);
}

static int filter_validation(void)
{
	static struct sock_filter big[BPF_MAXINSNS + 1];
	const struct sock_filter no_ret[] = { LOAD_NR };
	const struct sock_filter unaligned[] = { BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 2),
						 BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter past_data[] = { BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 64),
						 BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter far_jump[] = { BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 5, 0),
						BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter half_word[] = { BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 0),
						 BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter unstored[] = { BPF_STMT(BPF_LD | BPF_MEM, 3),
						BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter div0[] = { BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 0),
					    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW) };
	const struct sock_filter stored[] = { BPF_STMT(BPF_LD | BPF_IMM, SECCOMP_RET_ALLOW),
					      BPF_STMT(BPF_ST, 3), BPF_STMT(BPF_LDX | BPF_MEM, 3),
					      BPF_STMT(BPF_MISC | BPF_TXA, 0),
					      BPF_STMT(BPF_RET | BPF_A, 0) };
	struct sock_fprog bad_ptr = { .len = 2, .filter = (struct sock_filter *)8 };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 1;
	for (unsigned int i = 0; i < ARRAY_SIZE(big); i++)
		big[i] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	if (set_filter(no_ret, 0) != -EINVAL || set_filter(no_ret, 1) != -EINVAL ||
	    set_filter(unaligned, 2) != -EINVAL || set_filter(past_data, 2) != -EINVAL ||
	    set_filter(far_jump, 2) != -EINVAL || set_filter(half_word, 2) != -EINVAL ||
	    set_filter(unstored, 2) != -EINVAL || set_filter(div0, 2) != -EINVAL ||
	    set_filter(big, BPF_MAXINSNS + 1) != -EINVAL)
		return 2;
	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &bad_ptr) != -EFAULT ||
	    syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, 8) != -EFAULT ||
	    syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 1UL << 30, &bad_ptr) != -EINVAL)
		return 3;
	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_DISABLED)
		return 4;			/* nothing refused was attached */
	if (set_filter(stored, ARRAY_SIZE(stored)) || set_filter(big, BPF_MAXINSNS))
		return 5;
	/* 32,768 instructions along the chain, 4 more counted per filter: the 8th is too many. */
	for (int i = 0; i < 6; i++)
		if (set_filter(big, BPF_MAXINSNS))
			return 6;
	return set_filter(big, BPF_MAXINSNS) == -ENOMEM ? 9 : 7;
}

SELFTEST(seccomp, filter_validator_refuses_what_linux_refuses)
{
	EXPECT_EQ(t, in_child(filter_validation), 9 << 8);
}

SELFTEST(seccomp, action_avail_and_notif_sizes)
{
	static const unsigned int known[] = {
		SECCOMP_RET_KILL_PROCESS, SECCOMP_RET_KILL_THREAD, SECCOMP_RET_TRAP,
		SECCOMP_RET_ERRNO, SECCOMP_RET_USER_NOTIF, SECCOMP_RET_TRACE, SECCOMP_RET_LOG,
		SECCOMP_RET_ALLOW,
	};
	struct seccomp_notif_sizes sizes = { 0 };
	unsigned int bogus = 0x7ffe0000;

	for (unsigned int i = 0; i < ARRAY_SIZE(known); i++)
		EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &known[i]), 0L);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &bogus), -EOPNOTSUPP);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, 8), -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes), 0L);
	EXPECT_EQ(t, sizes.seccomp_data, 64);
}

static long sys_ptrace(long request, long pid, unsigned long addr, unsigned long data)
{
	return syscall4(__NR_ptrace, request, pid, addr, data);
}

/* The traced child: getppid() under a TRACE filter, with and without a tracer that asked. */
static int trace_filter_child(void)
{
	long got;

	if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    filter_one(__NR_getppid, SECCOMP_RET_TRACE | 77))
		return 1;
	raise(SIGSTOP);			/* the tracer sets its options */
	got = syscall0(__NR_getppid);	/* the tracer makes it getpid */
	if (got != getpid())
		return 2;
	got = syscall0(__NR_getppid);	/* the tracer skips it with -1, leaving ax at 5 */
	return got == 5 ? 9 : 3;
}

/* Waits for the next stop of pid; its status, or -1 if it is no stop. */
static int next_stop(long pid)
{
	int status = wait_status(pid);

	return (status & 0xff) == WSTOPPED_CODE ? status >> 8 : -1;
}

/*
 * SECCOMP_RET_TRACE stops a tracer's PTRACE_O_TRACESECCOMP tracee with
 * PTRACE_EVENT_SECCOMP, the filter's data as GETEVENTMSG and the call in
 * GET_SYSCALL_INFO's seccomp op (84 bytes); a call the tracer changes runs as
 * changed (judged again: getpid is allowed), and number -1 skips it with the
 * tracer's ax. Without a tracer that asked, the call is -ENOSYS.
 */
SELFTEST(seccomp, trace_stops_a_tracer_that_asked)
{
	long pid = syscall0(__NR_fork);
	struct ptrace_syscall_info info;
	struct user_regs_struct regs;
	struct kernel_siginfo si;
	unsigned long msg = 0;

	if (pid == 0)
		syscall1(__NR_exit, trace_filter_child());
	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, next_stop(pid), SIGSTOP);
	ASSERT_EQ(t, sys_ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESECCOMP), 0L);
	ASSERT_EQ(t, sys_ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	ASSERT_EQ(t, next_stop(pid), SIGTRAP | PTRACE_EVENT_SECCOMP << 8);
	EXPECT_EQ(t, sys_ptrace(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg), 0L);
	EXPECT_EQ(t, msg, 77UL);
	EXPECT_EQ(t, sys_ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  84L);
	EXPECT_EQ(t, info.op, PTRACE_SYSCALL_INFO_SECCOMP);
	EXPECT_EQ(t, info.seccomp.nr, (unsigned long long)__NR_getppid);
	EXPECT_EQ(t, info.seccomp.ret_data, 77U);
	EXPECT_EQ(t, sys_ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0L);
	EXPECT_EQ(t, si.si_code, SIGTRAP | PTRACE_EVENT_SECCOMP << 8);
	EXPECT_EQ(t, (long)si.kill.pid, pid);		/* the stopped thread, as Linux says */
	info.seccomp.nr = __NR_getpid;
	EXPECT_EQ(t, sys_ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  0L);
	ASSERT_EQ(t, sys_ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	ASSERT_EQ(t, next_stop(pid), SIGTRAP | PTRACE_EVENT_SECCOMP << 8);
	ASSERT_EQ(t, sys_ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), 0L);
	regs.orig_ax = -1UL;
	regs.ax = 5;
	ASSERT_EQ(t, sys_ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	ASSERT_EQ(t, sys_ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 9 << 8);
}

static long set_filter_flags(unsigned long flags, const struct sock_filter *insns,
			     unsigned short len)
{
	struct sock_fprog prog = { .len = len, .filter = (struct sock_filter *)insns };

	return syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/* The tracee of the filter-reading case: two filters, the older with LOG; then getppid. */
static int filters_to_read(void)
{
	/* A load of the length, which the kernel runs as a constant: read back as written. */
	const struct sock_filter allow[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    set_filter_flags(SECCOMP_FILTER_FLAG_LOG, allow, ARRAY_SIZE(allow)) ||
	    filter_one(__NR_getppid, SECCOMP_RET_ERRNO | 13))
		return 1;
	raise(SIGSTOP);			/* the tracer reads the filters, suspends them */
	return syscall0(__NR_getppid) > 0 ? 9 : 2;	/* the ERRNO filter did not run */
}

/*
 * A tracer with CAP_SYS_ADMIN reads each filter of a stopped tracee, oldest
 * first, as attached, not as the kernel rewrote it to run
 * (PTRACE_SECCOMP_GET_FILTER), with its flags
 * (PTRACE_SECCOMP_GET_METADATA), and may suspend them (PTRACE_O_SUSPEND_SECCOMP):
 * the tracee's getppid() then runs past its ERRNO filter. Without CAP_SYS_ADMIN
 * each is refused.
 */
SELFTEST(seccomp, tracer_reads_and_suspends_filters)
{
	struct { u64 filter_off, flags; } md = { 0, ~0UL };
	struct sock_filter prog[8];
	struct caps c;
	long pid = syscall0(__NR_fork);

	if (pid == 0)
		syscall1(__NR_exit, filters_to_read());
	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, next_stop(pid), SIGSTOP);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_FILTER, pid, 0, (unsigned long)prog), 2L);
	EXPECT_EQ(t, prog[0].code, BPF_LD | BPF_W | BPF_LEN);	/* the oldest, as attached */
	EXPECT_EQ(t, prog[0].k, 0U);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_FILTER, pid, 1, (unsigned long)prog), 4L);
	EXPECT_EQ(t, prog[2].k, SECCOMP_RET_ERRNO | 13);	/* fails read newest-first */
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_FILTER, pid, 2, 0), -ENOENT);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_FILTER, pid, 0, 8), -EFAULT);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_METADATA, pid, sizeof(md), (unsigned long)&md),
		  (long)sizeof(md));
	EXPECT_EQ(t, md.flags, (u64)SECCOMP_FILTER_FLAG_LOG);
	md.filter_off = 1;
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_METADATA, pid, sizeof(md), (unsigned long)&md),
		  (long)sizeof(md));
	EXPECT_EQ(t, md.flags, 0UL);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_METADATA, pid, 4, (unsigned long)&md), -EINVAL);
	caps_get(0, &c);
	c.effective &= ~BIT(CAP_SYS_ADMIN);
	ASSERT_EQ(t, caps_set(&c), 0L);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SECCOMP_GET_FILTER, pid, 0, 0), -EACCES);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_SUSPEND_SECCOMP), -EPERM);
	c.effective = c.permitted;
	ASSERT_EQ(t, caps_set(&c), 0L);
	EXPECT_EQ(t, sys_ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_SUSPEND_SECCOMP), 0L);
	ASSERT_EQ(t, sys_ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 9 << 8);
}

static int trace_filter_untraced(void)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || filter_one(__NR_getppid, SECCOMP_RET_TRACE))
		return 1;
	return syscall0(__NR_getppid) == -ENOSYS ? 9 : 2;
}

SELFTEST(seccomp, trace_without_a_tracer_is_enosys)
{
	EXPECT_EQ(t, in_child(trace_filter_untraced), 9 << 8);
}

static const struct sock_filter getppid_is_13[] = {
	LOAD_NR,
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 13),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

static volatile int tsync_go, tsync_ready;
static volatile long tsync_seen;

/*
 * Spins in user mode, making no syscall, until told to go, then calls
 * getppid() at once: on two CPUs it is running on the other one all along, so
 * only the sync's IPI can have refreshed that CPU's copy of its work word.
 */
static int spin_then_getppid(void *unused)
{
	tsync_ready = 1;
	while (!tsync_go)
		;
	tsync_seen = syscall0(__NR_getppid);
	return 0;
}

static int tsync_running_thread(void)
{
	struct thread th;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    thread_start(&th, spin_then_getppid, NULL) <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	if (set_filter_flags(SECCOMP_FILTER_FLAG_TSYNC, getppid_is_13, ARRAY_SIZE(getppid_is_13)))
		return 2;
	tsync_go = 1;
	thread_join(&th);
	return tsync_seen == -13 && syscall0(__NR_getppid) == -13 ? 9 : 3;
}

SELFTEST(seccomp, tsync_reaches_a_thread_running_in_user_mode)
{
	EXPECT_EQ(t, in_child(tsync_running_thread), 9 << 8);
}

/* A thread with a filter of its own, which the process's chain does not hold. */
static int own_filter_then_wait(void *unused)
{
	if (filter_one(__NR_gettid, SECCOMP_RET_ERRNO | 7))
		return 1;
	tsync_ready = 1;
	while (!tsync_go)
		syscall0(__NR_sched_yield);
	tsync_seen = syscall0(__NR_getppid);
	return 0;
}

static int tsync_diverged_thread(void)
{
	struct thread th;
	long tid;
	int ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 1;
	tid = thread_start(&th, own_filter_then_wait, NULL);
	if (tid <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	/* Refused, with the thread named; then -ESRCH when asked; no filter on anyone. */
	ret = set_filter_flags(SECCOMP_FILTER_FLAG_TSYNC, getppid_is_13,
			       ARRAY_SIZE(getppid_is_13)) != tid ? 2 :
	      set_filter_flags(SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_TSYNC_ESRCH,
			       getppid_is_13, ARRAY_SIZE(getppid_is_13)) != -ESRCH ? 3 : 9;
	tsync_go = 1;
	thread_join(&th);
	if (ret == 9 && (tsync_seen <= 0 || syscall0(__NR_getppid) <= 0 ||
			 syscall0(__NR_gettid) <= 0))
		return 4;
	return ret;
}

SELFTEST(seccomp, tsync_refused_names_a_thread_with_a_diverged_filter)
{
	EXPECT_EQ(t, in_child(tsync_diverged_thread), 9 << 8);
}

static volatile long strict_result;
static volatile int tsync_done;
static unsigned int strict_delay;	/* spins before strict mode: some land inside the sync */

/* Sets strict mode as soon as told; exit is one of the four calls it then has. */
static int strict_when_told(void *unused)
{
	tsync_ready = 1;
	while (!tsync_go)
		;
	for (volatile unsigned int i = 0; i < strict_delay; i++)
		;
	strict_result = syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0);
	while (!tsync_done)		/* alive, and a thread TSYNC must consider, until it
					 * returned */
		;
	return 0;
}

/*
 * TSYNC and another thread's strict mode at the same moment: one of them must
 * fail, TSYNC with the thread's tid or strict mode with -EINVAL, never both succeed.
 */
static int tsync_against_strict(void)
{
	struct thread th;
	long tid, ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 1;
	tid = thread_start(&th, strict_when_told, NULL);
	if (tid <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	tsync_go = 1;
	ret = set_filter_flags(SECCOMP_FILTER_FLAG_TSYNC, getppid_is_13,
			       ARRAY_SIZE(getppid_is_13));
	tsync_done = 1;
	thread_join(&th);
	if (ret == tid && strict_result == 0)
		return 9;
	return ret == 0 && strict_result == -EINVAL ? 9 : 2;
}

SELFTEST(seccomp, tsync_and_strict_mode_exclude_each_other)
{
	int fails = 0;

	for (unsigned int i = 0; i < 100; i++) {
		strict_delay = i * i * 10;
		fails += in_child(tsync_against_strict) != 9 << 8;
	}
	EXPECT_EQ(t, fails, 0);
}

#define TSYNC_CLONES	12
static struct thread tsync_clones[TSYNC_CLONES];
static volatile int clones_unfiltered;
static unsigned int clone_delay;	/* spins before TSYNC: some land among the clones */

/* A thread cloned around the sync: once TSYNC has returned, its getppid() is filtered. */
static int getppid_after_tsync(void *unused)
{
	while (!tsync_done)
		syscall0(__NR_sched_yield);
	if (syscall0(__NR_getppid) != -13)
		__atomic_add_fetch(&clones_unfiltered, 1, __ATOMIC_RELAXED);
	return 0;
}

static int clone_when_told(void *unused)
{
	unsigned int n;

	tsync_ready = 1;
	while (!tsync_go)
		;
	for (n = 0; n < TSYNC_CLONES; n++)
		if (thread_start(&tsync_clones[n], getppid_after_tsync, NULL) <= 0)
			break;
	while (n)
		thread_join(&tsync_clones[--n]);
	return 0;
}

/*
 * TSYNC while another thread clones: each new thread gets the filter, from
 * its cloner or from the sync, and none runs unfiltered after TSYNC returned.
 */
static int tsync_against_clone(void)
{
	struct thread th;
	long ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || thread_start(&th, clone_when_told, NULL) <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	tsync_go = 1;
	for (volatile unsigned int i = 0; i < clone_delay; i++)
		;
	ret = set_filter_flags(SECCOMP_FILTER_FLAG_TSYNC, getppid_is_13,
			       ARRAY_SIZE(getppid_is_13));
	tsync_done = 1;
	thread_join(&th);
	return ret ? 2 : clones_unfiltered ? 3 : 9;
}

SELFTEST(seccomp, tsync_reaches_threads_cloned_meanwhile)
{
	int fails = 0;

	for (unsigned int i = 0; i < 60; i++) {
		clone_delay = i * 3000;
		fails += in_child(tsync_against_clone) != 9 << 8;
	}
	EXPECT_EQ(t, fails, 0);
}

/*
 * The user-notification listener (kernel/seccomp/seccomp_notify.c). Each case runs in
 * a child: the filter sends getppid() to its listener, a thread makes the call
 * and the child's main thread answers it.
 */
static long listener_fd;
static volatile long notified_result;
static volatile int notified_done, restarted_by_handler;

static long listen_getppid(unsigned long flags)
{
	return set_filter_flags(SECCOMP_FILTER_FLAG_NEW_LISTENER | flags,
				(const struct sock_filter[]){
					LOAD_NR,
					BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
					BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
					BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
				}, 4);
}

static int call_getppid(void *unused)
{
	notified_result = syscall0(__NR_getppid);
	notified_done = 1;
	return 0;
}

static volatile long listener_result;
static unsigned int listener_delay;	/* spins before the listener: some land inside TSYNC */

static int listener_when_told(void *unused)
{
	tsync_ready = 1;
	while (!tsync_go)
		;
	for (volatile unsigned int i = 0; i < listener_delay; i++)
		;
	listener_result = listen_getppid(0);
	while (!tsync_done)		/* a thread TSYNC must consider, until it returned */
		syscall0(__NR_sched_yield);	/* on one CPU, TSYNC's caller runs */
	return 0;
}

/*
 * A listener through TSYNC and another thread's own at the same moment: a chain
 * has one listener at most, so TSYNC fails (-ESRCH: the thread diverged) or the
 * thread's does (-EBUSY: the chain it got has one), never both succeed.
 */
static int tsync_listener_against_listener(void)
{
	struct thread th;
	long ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    thread_start(&th, listener_when_told, NULL) <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	tsync_go = 1;
	ret = listen_getppid(SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_TSYNC_ESRCH);
	tsync_done = 1;
	thread_join(&th);
	if (ret >= 0 && listener_result == -EBUSY)
		return 9;
	return ret == -ESRCH && listener_result >= 0 ? 9 : 2;
}

SELFTEST(seccomp, listeners_through_tsync_and_a_thread_exclude_each_other)
{
	int fails = 0;

	for (unsigned int i = 0; i < 100; i++) {
		listener_delay = i * i * 10;
		fails += in_child(tsync_listener_against_listener) != 9 << 8;
	}
	EXPECT_EQ(t, fails, 0);
}

static long notif_ioctl(unsigned int cmd, void *arg)
{
	return syscall3(__NR_ioctl, listener_fd, cmd, arg);
}

/* RECV, SEND with a value, SEND with CONTINUE; ID_VALID only while received. */
static int listener_answers(void)
{
	struct seccomp_notif req = { 0 };
	struct seccomp_notif_resp resp = { 0 };
	long ppid = syscall0(__NR_getppid);	/* before the filter: it would wait */
	struct thread th;
	long tid;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || (listener_fd = listen_getppid(0)) < 0)
		return 1;
	tid = thread_start(&th, call_getppid, NULL);
	if (tid <= 0 || notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		return 2;
	if (req.pid != tid || req.data.nr != __NR_getppid ||
	    req.data.arch != AUDIT_ARCH_X86_64 ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_ID_VALID, &req.id))
		return 3;
	resp = (struct seccomp_notif_resp){ .id = req.id, .val = 4242 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		return 4;
	thread_join(&th);
	if (notified_result != 4242 ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_ID_VALID, &req.id) != -ENOENT ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp) != -ENOENT)
		return 5;
	/* Continue: the call runs after all, and gives the real parent. */
	tid = thread_start(&th, call_getppid, NULL);
	req = (struct seccomp_notif){ 0 };
	if (tid <= 0 || notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		return 6;
	resp = (struct seccomp_notif_resp){ .id = req.id,
					    .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		return 7;
	thread_join(&th);
	return notified_result == ppid ? 9 : 8;
}

SELFTEST(seccomp, listener_answers_a_call_or_lets_it_run)
{
	EXPECT_EQ(t, in_child(listener_answers), 9 << 8);
}

/* A received call whose listener closes gets -ENOSYS, and so do later calls. */
static int listener_closes(void)
{
	struct seccomp_notif req = { 0 };
	struct thread th;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || (listener_fd = listen_getppid(0)) < 0)
		return 1;
	if (thread_start(&th, call_getppid, NULL) <= 0 ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		return 2;
	nap_ms(20);
	if (notified_done)		/* still waiting for its answer */
		return 3;
	syscall1(__NR_close, listener_fd);
	thread_join(&th);
	return notified_result == -ENOSYS && syscall0(__NR_getppid) == -ENOSYS ? 9 : 4;
}

SELFTEST(seccomp, listener_closed_under_a_waiting_call_is_enosys)
{
	EXPECT_EQ(t, in_child(listener_closes), 9 << 8);
}

static void note_restart(int sig)
{
	restarted_by_handler = 1;
}

/*
 * A signal with an SA_RESTART handler ends the wait: the handler runs, the
 * call is made again, a new notification with a new id; the old id is gone.
 */
static int listener_signal_restarts(void)
{
	struct seccomp_notif req = { 0 }, again = { 0 };
	struct seccomp_notif_resp resp = { 0 };
	struct thread th;
	long tid;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || (listener_fd = listen_getppid(0)) < 0 ||
	    sigaction(SIGUSR1, (unsigned long)note_restart, SA_RESTART, 0, NULL))
		return 1;
	tid = thread_start(&th, call_getppid, NULL);
	if (tid <= 0 || notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		return 2;
	syscall3(__NR_tgkill, syscall0(__NR_getpid), tid, SIGUSR1);
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &again) || again.id == req.id ||
	    !restarted_by_handler)
		return 3;
	resp = (struct seccomp_notif_resp){ .id = req.id, .val = 1 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp) != -ENOENT)
		return 4;
	resp = (struct seccomp_notif_resp){ .id = again.id, .val = 7 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		return 5;
	thread_join(&th);
	return notified_result == 7 ? 9 : 6;
}

SELFTEST(seccomp, listener_wait_ends_on_a_signal_and_restarts)
{
	EXPECT_EQ(t, in_child(listener_signal_restarts), 9 << 8);
}

/*
 * WAIT_KILLABLE_RECV: a signal that races the call's receipt may end the wait
 * only if the call was not received; once it was, the call waits on for the
 * answer the supervisor gives (and the handler runs after). Either way the
 * call the supervisor received is answered: its id is never stale.
 */
static int killable_recv_signal(void)
{
	struct seccomp_notif req = { 0 };
	struct seccomp_notif_resp resp = { 0 };
	struct pollfd pfd;
	struct thread th;
	long tid, ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    (listener_fd = listen_getppid(SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV)) < 0 ||
	    sigaction(SIGUSR1, (unsigned long)note_restart, SA_RESTART, 0, NULL))
		return 1;
	tid = thread_start(&th, call_getppid, NULL);
	pfd = (struct pollfd){ .fd = listener_fd, .events = POLLIN };
	if (tid <= 0 || syscall3(__NR_poll, &pfd, 1, -1) != 1)
		syscall1(__NR_exit_group, 2);	/* not return: the thread would wait for good */
	/* The call waits unreceived: the signal and RECV race for it. */
	syscall3(__NR_tgkill, syscall0(__NR_getpid), tid, SIGUSR1);
	/* -ENOENT, as on Linux, if the call left between RECV's wake-up and its look. */
	while ((ret = notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req)) == -ENOENT)
		req = (struct seccomp_notif){ 0 };
	if (ret)
		syscall1(__NR_exit_group, 3);
	resp = (struct seccomp_notif_resp){ .id = req.id, .val = 77 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		syscall1(__NR_exit_group, 4);	/* received, then abandoned: -ENOENT */
	thread_join(&th);
	return notified_result == 77 && restarted_by_handler ? 9 : 5;
}

SELFTEST(seccomp, listener_killable_recv_waits_on_once_received)
{
	int fails = 0;

	for (unsigned int i = 0; i < 20; i++)
		fails += in_child(killable_recv_signal) != 9 << 8;
	EXPECT_EQ(t, fails, 0);
}

/* ADDFD with SETFD takes newfd unsigned: 2^31 is past the limit (-EBADF), not "any fd". */
static int addfd_setfd_limit(void)
{
	struct seccomp_notif req = { 0 };
	struct seccomp_notif_resp resp = { 0 };
	struct seccomp_notif_addfd addfd = { .flags = SECCOMP_ADDFD_FLAG_SETFD };
	struct thread th;
	int ret = 9;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || (listener_fd = listen_getppid(0)) < 0)
		return 1;
	if (thread_start(&th, call_getppid, NULL) <= 0 ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		return 2;
	addfd.id = req.id;
	addfd.srcfd = listener_fd;
	addfd.newfd = 1U << 31;
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_ADDFD, &addfd) != -EBADF)
		ret = 3;
	addfd.newfd = 0xffffffffU;
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_ADDFD, &addfd) != -EBADF)
		ret = 4;
	resp = (struct seccomp_notif_resp){ .id = req.id, .val = 5 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		return 5;
	thread_join(&th);
	return notified_result == 5 ? ret : 6;
}

SELFTEST(seccomp, listener_addfd_setfd_past_the_limit_is_ebadf)
{
	EXPECT_EQ(t, in_child(addfd_setfd_limit), 9 << 8);
}

#define ADDFD_SPINNERS	24
static volatile int spinners_stop;

/* On CPU 1, with the thread making the call: it waits its turn behind them. */
static int spin_on_cpu1(void *unused)
{
	unsigned long cpu1 = 2;

	syscall3(__NR_sched_setaffinity, 0, sizeof(cpu1), &cpu1);
	while (!spinners_stop)
		;
	return 0;
}

/* The call, from CPU 1, SIGUSR1 blocked: the process's signal is the supervisor's. */
static int call_getppid_on_cpu1(void *unused)
{
	unsigned long cpu1 = 2, usr1 = 1UL << (SIGUSR1 - 1);

	syscall3(__NR_sched_setaffinity, 0, sizeof(cpu1), &cpu1);
	syscall4(__NR_rt_sigprocmask, 0, &usr1, NULL, 8);	/* SIG_BLOCK */
	return call_getppid(NULL);
}

/*
 * The supervisor's ADDFD waits interruptibly for the caller to take it: a
 * signal that comes first ends it with -EINTR (a handler without SA_RESTART)
 * and withdraws the request, so that no descriptor is installed, and the call
 * is answered after. Returns 9, 8 when the caller took the request before the
 * signal came (nothing learnt), or a failure.
 */
static int addfd_interrupted(void)
{
	struct seccomp_notif_addfd addfd = { 0 };
	struct seccomp_notif_resp resp = { 0 };
	struct seccomp_notif req = { 0 };
	struct thread spinners[ADDFD_SPINNERS], th;
	unsigned long cpu0 = 1;
	long fd, free_fd, killer;
	int status, ret;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || (listener_fd = listen_getppid(0)) < 0 ||
	    sigaction(SIGUSR1, (unsigned long)note_restart, 0, 0, NULL) ||
	    syscall3(__NR_sched_setaffinity, 0, sizeof(cpu0), &cpu0))
		return 1;
	free_fd = syscall1(__NR_dup, 0);
	syscall1(__NR_close, free_fd);
	for (int i = 0; i < ADDFD_SPINNERS; i++)
		if (thread_start(&spinners[i], spin_on_cpu1, NULL) <= 0)
			syscall1(__NR_exit_group, 2);
	if (thread_start(&th, call_getppid_on_cpu1, NULL) <= 0 ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &req))
		syscall1(__NR_exit_group, 2);
	killer = signal_later(SIGUSR1, 20, 0);
	addfd = (struct seccomp_notif_addfd){ .id = req.id, .srcfd = listener_fd };
	fd = notif_ioctl(SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	/* The handler has run if the signal came during the call: it ended the wait. */
	ret = fd == -EINTR && restarted_by_handler ? 9 : fd >= 0 && !restarted_by_handler ? 8 : 3;
	spinners_stop = 1;
	resp = (struct seccomp_notif_resp){ .id = req.id, .val = 5 };
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp))
		syscall1(__NR_exit_group, 4);
	thread_join(&th);
	for (int i = 0; i < ADDFD_SPINNERS; i++)
		thread_join(&spinners[i]);
	status = wait_status(killer);
	if (notified_result != 5 || status)
		return 5;
	if (ret == 9 && syscall1(__NR_dup, 0) != free_fd)
		return 6;		/* the withdrawn descriptor was installed after all */
	return ret;
}

SELFTEST(seccomp, listener_addfd_wait_ends_on_a_signal)
{
	unsigned long all = 0;
	int status = 8 << 8;

	syscall3(__NR_sched_getaffinity, 0, sizeof(all), &all);
	if (!(all & 2))
		SKIP(t, "needs two or more CPUs (SMP=2)");
	/* Until a run where the signal came before the caller took the request. */
	for (unsigned int i = 0; i < 10 && status == 8 << 8; i++)
		status = in_child(addfd_interrupted);
	EXPECT_EQ(t, status, 9 << 8);
}

/* One listener per chain; the flags' rules; RECV wants a zeroed buffer. */
static int listener_rules(void)
{
	struct seccomp_notif dirty = { .pid = 1 };
	struct seccomp_notif_resp resp = { .id = 99 };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 1;
	if (listen_getppid(SECCOMP_FILTER_FLAG_TSYNC) != -EINVAL ||
	    set_filter_flags(SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, getppid_is_13,
			     ARRAY_SIZE(getppid_is_13)) != -EINVAL)
		return 2;
	if ((listener_fd = listen_getppid(0)) < 0 || listen_getppid(0) != -EBUSY)
		return 3;
	if (notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, &dirty) != -EINVAL ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_RECV, NULL) != -EFAULT ||
	    notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp) != -ENOENT)
		return 4;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	resp.val = 1;
	return notif_ioctl(SECCOMP_IOCTL_NOTIF_SEND, &resp) == -EINVAL ? 9 : 5;
}

SELFTEST(seccomp, listener_rules)
{
	EXPECT_EQ(t, in_child(listener_rules), 9 << 8);
}

#define FAILED_LISTENERS	400
static volatile int listener_seen, dup_lost;
static int free_fd;

/*
 * With a filter of its own, so that every TSYNC fails, watches the fd a
 * listener would get: it must never open, and a dup2() to it stays ours
 * until we close it.
 */
static int watch_the_listener_fd(void *pipe_fd)
{
	if (filter_one(__NR_gettid, SECCOMP_RET_ERRNO | 7))
		return 1;
	tsync_ready = 1;
	while (!tsync_done) {
		if (syscall3(__NR_fcntl, free_fd, F_GETFD, 0) >= 0)
			listener_seen = 1;
		if (syscall2(__NR_dup2, (long)pipe_fd, free_fd) == free_fd &&
		    syscall1(__NR_close, free_fd))
			dup_lost = 1;
	}
	return 0;
}

/*
 * A TSYNC with a listener that fails: the listener's fd is installed only once
 * the filter is attached, so no other thread sees it, and the failure closes
 * no descriptor of anyone's.
 */
static int failed_tsync_listener(void)
{
	struct thread th;
	int fds[2], ret = 9;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || syscall1(__NR_pipe, fds))
		return 1;
	free_fd = syscall1(__NR_dup, 0);
	syscall1(__NR_close, free_fd);
	if (thread_start(&th, watch_the_listener_fd, (void *)(long)fds[0]) <= 0)
		return 1;
	while (!tsync_ready)
		syscall0(__NR_sched_yield);
	for (int i = 0; i < FAILED_LISTENERS && ret == 9; i++)
		if (listen_getppid(SECCOMP_FILTER_FLAG_TSYNC | SECCOMP_FILTER_FLAG_TSYNC_ESRCH) !=
		    -ESRCH)
			ret = 2;
	tsync_done = 1;
	thread_join(&th);
	if (ret != 9)
		return ret;
	if (listener_seen)
		return 3;
	if (dup_lost)
		return 4;
	/* Nothing consumed: the lowest free fd is the one it was. */
	return syscall1(__NR_dup, 0) == free_fd ? 9 : 5;
}

SELFTEST(seccomp, listener_of_a_failed_tsync_is_never_installed)
{
	EXPECT_EQ(t, in_child(failed_tsync_listener), 9 << 8);
}
