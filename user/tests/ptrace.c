// SPDX-License-Identifier: GPL-2.0
/*
 * ptrace, from the tracer's side: stops and what wait reports for them, the
 * syscall stops and a tracer rewriting the syscall, registers, memory, single
 * steps, and debug-register breakpoints and watchpoints. The tracee is a forked
 * child; it reports what it saw through its exit status (0: all as expected).
 */
#include <elf.h>
#include <syscall_table.h>
#include <uapi/kcmp.h>
#include <uapi/ptrace.h>
#include <uapi/sched.h>
#include <uapi/unistd_32.h>
#include "harness.h"

#define SIGSTOP		19
#define DR7_L0_WRITE_8	(1UL | 1UL << 16 | 2UL << 18)	/* DR0: writes of 8 bytes */
#define DR7_L1_EXEC	(1UL << 2)			/* DR1: instruction fetch */
#define DR7_GD		(1UL << 13)
#define DR7_LE_GE	(3UL << 8)

static long ptrace(long request, long pid, unsigned long addr, unsigned long data)
{
	return syscall4(__NR_ptrace, request, pid, addr, data);
}

static void __noreturn child_exit(int status)
{
	syscall1(__NR_exit, status);
	__builtin_unreachable();
}

/* The child's first steps: be traced by the parent, then stop until it is ready. */
static void trace_me_and_stop(void)
{
	if (ptrace(PTRACE_TRACEME, 0, 0, 0))
		child_exit(100);
	syscall3(__NR_tgkill, getpid(), syscall0(__NR_gettid), SIGSTOP);
}

/* The parent's: the child's first stop, SIGSTOP. */
static bool wait_stop(long pid, int *sig)
{
	int status = wait_status(pid);

	*sig = (status >> 8) & 0xffff;
	return (status & 0xff) == WSTOPPED_CODE;
}

static long traced_child(void (*body)(void))
{
	long pid = syscall0(__NR_fork);
	int sig;

	if (pid == 0) {
		trace_me_and_stop();
		body();
		child_exit(0);
	}
	if (pid < 0 || !wait_stop(pid, &sig) || sig != SIGSTOP)
		return -1;
	return pid;
}

static void do_nothing(void)
{
}

/*
 * PTRACE_TRACEME, then a signal: the child stops, its parent's wait says so
 * (WIFSTOPPED, WSTOPSIG) once, GETSIGINFO names the signal, and CONT with 0 lets
 * it go on without it.
 */
SELFTEST(ptrace, signal_stop_reported_once_and_suppressed)
{
	struct kernel_siginfo si;
	long pid = traced_child(do_nothing);
	int status = 0;

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 1 /* WNOHANG */, NULL), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0L);
	EXPECT_EQ(t, si.si_signo, SIGSTOP);
	EXPECT_EQ(t, si.si_code, SI_TKILL);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static long syscall_result;

static void make_two_syscalls(void)
{
	syscall_result = syscall0(__NR_getpid);
	if (syscall_result != 42)
		child_exit(1);
	if (syscall0(__NR_getpid) != -ENOSYS)
		child_exit(2);
}

/* A traced child (traced_child()) whose syscall stops say SIGTRAP | 0x80. */
static long sysgood_child(void (*body)(void))
{
	long pid = traced_child(body);

	if (pid > 0 && ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD))
		return -1;
	return pid;
}

/* One PTRACE_SYSCALL round: the stop it reaches, with the registers there. */
static bool syscall_stop(long pid, struct user_regs_struct *regs)
{
	int sig;

	return !ptrace(PTRACE_SYSCALL, pid, 0, 0) && wait_stop(pid, &sig) &&
	       sig == (SIGTRAP | 0x80) && !ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)regs);
}

/*
 * PTRACE_SYSCALL stops the child at a syscall's entry and exit (SIGTRAP | 0x80
 * under TRACESYSGOOD). At entry the tracer may change the number (getpid becomes
 * getppid) or skip the call (orig_ax -1: the result stays -ENOSYS); at exit it
 * may change the result.
 */
SELFTEST(ptrace, syscall_stops_let_the_tracer_change_the_call)
{
	long pid = sysgood_child(make_two_syscalls);
	struct user_regs_struct regs;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	EXPECT_EQ(t, regs.orig_ax, (unsigned long)__NR_getpid);
	EXPECT_EQ(t, regs.ax, (unsigned long)-ENOSYS);
	regs.orig_ax = __NR_getppid;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	EXPECT_EQ(t, regs.ax, (unsigned long)getpid());		/* getppid ran */
	regs.ax = 42;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	regs.orig_ax = -1UL;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	EXPECT_EQ(t, regs.ax, (unsigned long)-ENOSYS);		/* skipped */
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* One PTRACE_SYSCALL round: the stop it reaches, with what PTRACE_GET_SYSCALL_INFO says there. */
static long syscall_info_stop(long pid, struct ptrace_syscall_info *info)
{
	int sig;

	if (ptrace(PTRACE_SYSCALL, pid, 0, 0) || !wait_stop(pid, &sig) || sig != (SIGTRAP | 0x80))
		return -1;
	return ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(*info), (unsigned long)info);
}

/*
 * The same rounds as above through PTRACE_GET/SET_SYSCALL_INFO (Linux 5.3 and
 * 6.16) and PTRACE_GETEVENTMSG: each stop says whether it is an entry or an
 * exit; SET changes the number at an entry (-ERANGE for one that is no int,
 * -EINVAL for the other stop's op or a nonzero flags) and the result at an exit.
 */
SELFTEST(ptrace, syscall_info_names_and_changes_the_stop)
{
	long pid = sysgood_child(make_two_syscalls);
	struct ptrace_syscall_info info;
	unsigned long msg = 0;

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 80L);	/* up to entry.args[6] */
	EXPECT_EQ(t, info.op, PTRACE_SYSCALL_INFO_ENTRY);
	EXPECT_EQ(t, info.entry.nr, (unsigned long long)__NR_getpid);
	EXPECT_EQ(t, ptrace(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg), 0L);
	EXPECT_EQ(t, msg, (unsigned long)PTRACE_EVENTMSG_SYSCALL_ENTRY);
	info.op = PTRACE_SYSCALL_INFO_EXIT;
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  -EINVAL);
	info.op = PTRACE_SYSCALL_INFO_ENTRY;
	info.entry.nr = 1ULL << 32;
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  -ERANGE);
	info.entry.nr = __NR_getppid;
	info.flags = 1;
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  -EINVAL);
	info.flags = 0;
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info), 0L);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 33L);	/* up to exit.is_error */
	EXPECT_EQ(t, info.op, PTRACE_SYSCALL_INFO_EXIT);
	EXPECT_EQ(t, info.exit.rval, (long long)getpid());	/* getppid ran */
	EXPECT_EQ(t, info.exit.is_error, 0);
	info.exit.rval = 42;
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info), 0L);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 80L);
	info.entry.nr = -1ULL;					/* skip it */
	EXPECT_EQ(t, ptrace(PTRACE_SET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info), 0L);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 33L);
	EXPECT_EQ(t, info.exit.rval, (long long)-ENOSYS);
	EXPECT_EQ(t, info.exit.is_error, 1);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* A number past the table, then the skip number: what each returns, in the exit status. */
static void past_the_table_then_minus_one(void)
{
	child_exit((syscall0(NR_syscalls + 100) == -ENOSYS ? 0 : 1) |
		   (syscall0(-1) == -9999 ? 0 : 2));
}

/*
 * Linux's rule for the ax a tracer writes at the entry stop: it is the result
 * only when the call is skipped (orig_ax -1); a number past the table is -ENOSYS
 * whatever ax says (Linux's syscall_numbering checks both). Fails if the entry
 * work leaves ax alone for numbers past the table.
 */
SELFTEST(ptrace, tracer_ax_is_the_result_only_for_a_skipped_call)
{
	long pid = sysgood_child(past_the_table_then_minus_one);
	struct user_regs_struct regs;

	ASSERT_TRUE(t, pid > 0);
	for (int call = 0; call < 2; call++) {
		ASSERT_TRUE(t, syscall_stop(pid, &regs));	/* entry */
		regs.ax = -9999;
		ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
		ASSERT_TRUE(t, syscall_stop(pid, &regs));	/* exit */
	}
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void getpid_must_be_42(void)
{
	child_exit(syscall0(__NR_getpid) == 42 ? 0 : 1);
}

/*
 * PTRACE_SYSEMU stops the child at a syscall's entry and runs nothing: the tracer
 * emulates the call (sets ax: the child sees 42 for its getpid) and there is no
 * exit stop. CONT from that stop still runs nothing: the entry decided.
 */
SELFTEST(ptrace, sysemu_stops_at_entry_and_runs_nothing)
{
	long pid = traced_child(getpid_must_be_42);
	struct user_regs_struct regs;
	int sig;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_SYSEMU, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGTRAP);
	ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, regs.orig_ax, (unsigned long)__NR_getpid);
	EXPECT_EQ(t, regs.ax, (unsigned long)-ENOSYS);
	regs.ax = 42;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);	/* not a stop, and getpid said 42 */
}

static void getpid_by_whole_registers(void)
{
	long ret, ret32;

	asm volatile("syscall" : "=a"(ret) : "0"(1L << 32 | __NR_getpid) : "rcx", "r11", "memory");
	asm volatile("int $0x80" : "=a"(ret32) : "0"((long)__NR_ia32_getpid), "b"(1UL << 32 | 5)
		     : "memory");
	child_exit(ret == getpid() && ret32 == getpid() ? 0 : 1);
}

/*
 * PTRACE_GET_SYSCALL_INFO as Linux fills it: the number is the int the
 * dispatcher runs (RAX 1 << 32 | getpid runs getpid, and says 39), the
 * arguments are whole registers (int $0x80's too), and an i386 call's result
 * outside the errno range is the whole register, not its 32 bits sign-extended.
 */
SELFTEST(ptrace, syscall_info_number_arguments_and_result_as_linux)
{
	long pid = sysgood_child(getpid_by_whole_registers);
	struct ptrace_syscall_info info;
	struct user_regs_struct regs;

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 80L);
	EXPECT_EQ(t, info.entry.nr, (unsigned long long)__NR_getpid);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 33L);
	EXPECT_EQ(t, info.exit.rval, (long long)pid);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 80L);
	EXPECT_EQ(t, info.entry.nr, (unsigned long long)__NR_ia32_getpid);
	EXPECT_EQ(t, info.entry.args[0], 1ULL << 32 | 5);
	EXPECT_EQ(t, syscall_info_stop(pid, &info), 33L);
	ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), 0L);
	regs.ax = 0xf0000000;				/* an address past 2 GiB, say */
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  33L);
	EXPECT_EQ(t, info.exit.rval, 0xf0000000LL);
	EXPECT_EQ(t, info.exit.is_error, 0);
	regs.ax = (unsigned int)-EFAULT;		/* an error: its 32 bits */
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info),
		  33L);
	EXPECT_EQ(t, info.exit.rval, (long long)-EFAULT);
	EXPECT_EQ(t, info.exit.is_error, 1);
	regs.ax = pid;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void int80_getpid(void)
{
	long ret;

	asm volatile("int $0x80" : "=a"(ret) : "a"(__NR_ia32_getpid) : "memory");
	child_exit(ret == getpid() + 1000 ? 0 : 1);
}

/*
 * An int $0x80 system call has the same stops: the tracer sees the i386 number in
 * orig_ax at the entry and the result in ax at the exit, and may change it.
 */
SELFTEST(ptrace, int80_syscall_stops_show_the_i386_number)
{
	long pid = sysgood_child(int80_getpid);
	struct user_regs_struct regs;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	EXPECT_EQ(t, regs.orig_ax, (unsigned long)__NR_ia32_getpid);
	EXPECT_EQ(t, regs.ax, (unsigned long)-ENOSYS);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	EXPECT_EQ(t, regs.ax, (unsigned long)pid);
	regs.ax = pid + 1000;
	ASSERT_EQ(t, ptrace(PTRACE_SETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void ignore_and_raise_sigusr1(void)
{
	sigaction(SIGUSR1, SIG_IGN, 0, 0, NULL);
	raise(SIGUSR1);
}

/*
 * A signal the tracee ignores still stops it for the tracer, as on Linux
 * (ptrace_syscall interrupts a traced pause() so); resumed with that signal, the
 * tracee ignores it.
 */
SELFTEST(ptrace, ignored_signal_still_stops_for_the_tracer)
{
	long pid = traced_child(ignore_and_raise_sigusr1);
	int sig;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGUSR1);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, SIGUSR1), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* 100 ms of clock_nanosleep by int $0x80 (the call takes a 64-bit timespec). */
static void int80_nanosleep(void)
{
	static const struct timespec64 nap = { 0, 100 * 1000000L };
	struct gprs in = { .rax = __NR_ia32_clock_nanosleep_time64, .rbx = 1 /* MONOTONIC */,
			   .rdx = (unsigned long)&nap }, out;

	int80_gprs(&in, &out);
	child_exit(out.rax == 0 ? 0 : 1);
}

/*
 * A sleep interrupted by a signal the tracer then suppresses restarts through
 * restart_syscall(), whose number must be the i386 one (0) for an int $0x80
 * call: the x86-64 one (219) is i386's madvise, -ENOSYS here, and the sleep
 * would end early with it.
 */
SELFTEST(ptrace, int80_sleep_restarts_by_its_i386_number)
{
	long pid = traced_child(int80_nanosleep);
	int sig;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	nap_ms(20);
	kill(pid, SIGUSR1);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGUSR1);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void gs_must_be_null(void)
{
	unsigned short gs;

	asm volatile("mov %%gs, %0" : "=r"(gs));
	child_exit(gs == 0 ? 0 : 1);
}

/*
 * A tracer may write any ring-3 selector into FS or GS, as on Linux, one naming a
 * segment the tracee does not have too (0x7: LDT entry 0, with no LDT): the
 * switch back in cannot load it and loads null, where the CPU faulted with the
 * user's GS_BASE live. Also fails if LDTR still held its reset value, a table
 * at address 0, when the first process ran.
 */
SELFTEST(ptrace, poked_selector_of_no_segment_loads_as_null)
{
	long pid = traced_child(gs_must_be_null);
	unsigned long gs_off = offsetof(struct user_regs_struct, gs), word = 0;

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, gs_off, 0x7), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, gs_off, (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, 0x7UL);		/* as written: the load happens at the switch */
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/*
 * A stopped tracee sleeps through any signal but SIGKILL (Linux's TASK_TRACED):
 * woken, it would switch in, fail to load the poked selector (it names no
 * segment), switch out and save the null it has back over what the tracer
 * wrote. So after a SIGUSR1 and time to run, GS still reads as poked.
 */
SELFTEST(ptrace, stopped_tracee_sleeps_through_other_signals)
{
	long pid = traced_child(gs_must_be_null);
	unsigned long gs_off = offsetof(struct user_regs_struct, gs), word = 0;
	int sig;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_POKEUSR, pid, gs_off, 0x7), 0L);
	ASSERT_EQ(t, kill(pid, SIGUSR1), 0);
	for (int i = 0; i < 10; i++)
		syscall0(__NR_sched_yield);
	nap_ms(10);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, gs_off, (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, 0x7UL);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));			/* the SIGUSR1, now */
	EXPECT_EQ(t, sig, SIGUSR1);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void spin_a_little(void)
{
	for (volatile int i = 0; i < 1000; i++)
		;
}

static volatile unsigned long traced_word = 1;

static void check_word_poked(void)
{
	child_exit(traced_word == 0x1234 ? 0 : 1);
}

/*
 * PEEKDATA and POKEDATA reach the child's copy of memory, not ours, even where
 * the child cannot write (its text); PEEKUSER
 * agrees with GETREGS; a write the CPU would refuse or that would give ring 3
 * more rights is refused or filtered.
 */
SELFTEST(ptrace, memory_and_registers_of_a_stopped_tracee)
{
	long pid = traced_child(check_word_poked);
	struct user_regs_struct regs;
	unsigned long word = 0, flags_off = offsetof(struct user_regs_struct, flags);
	const unsigned long *text;

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKDATA, pid, (unsigned long)&traced_word,
			    (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, 1UL);
	EXPECT_EQ(t, ptrace(PTRACE_POKEDATA, pid, (unsigned long)&traced_word, 0x1234), 0L);
	EXPECT_EQ(t, traced_word, 1UL);				/* ours is untouched */
	/* Program text is read-only, and its frame shared with us: the child gets a copy. */
	text = (unsigned long *)spin_a_little;
	EXPECT_EQ(t, ptrace(PTRACE_POKETEXT, pid, (unsigned long)text, ~*text), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKTEXT, pid, (unsigned long)text, (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, ~*text);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKDATA, pid, 0, (unsigned long)&word), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKDATA, pid, TASK_SIZE_MAX, (unsigned long)&word), -EIO);

	ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, offsetof(struct user_regs_struct, ip),
			    (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, regs.ip);
	EXPECT_EQ(t, regs.cs, (unsigned long)__USER_CS);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, offsetof(struct user_regs_struct, cs),
			    __KERNEL_CS), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, offsetof(struct user_regs_struct, gs_base),
			    TASK_SIZE_MAX), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, flags_off, X86_EFLAGS_IOPL | X86_EFLAGS_CF), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, flags_off, (unsigned long)&word), 0L);
	EXPECT_EQ(t, word & (X86_EFLAGS_IOPL | X86_EFLAGS_IF | X86_EFLAGS_CF),
		  X86_EFLAGS_IF | X86_EFLAGS_CF);			/* IF stays, IOPL stays 0 */
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, 3, (unsigned long)&word), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void check_vdso_poked(void)
{
	child_exit(*(volatile u8 *)(getauxval(AT_SYSINFO_EHDR) + 1) == 'Z' ? 0 : 1);
}

/*
 * POKEDATA into the tracee's vDSO (a debugger's breakpoint there) gives the
 * tracee a private copy of the page, as Linux's FOLL_FORCE write: the tracer's
 * vDSO, the kernel's page, stays as it was. The vvar page is no one's to reach
 * (VM_PFNMAP): -EIO.
 */
SELFTEST(ptrace, pokedata_into_the_vdso_writes_a_private_copy)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), orig = *(unsigned long *)vdso, word;
	long pid = traced_child(check_vdso_poked);

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, ptrace(PTRACE_POKEDATA, pid, vdso, (orig & ~0xff00UL) | 'Z' << 8), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKDATA, pid, vdso, (unsigned long)&word), 0L);
	EXPECT_EQ(t, word, (orig & ~0xff00UL) | 'Z' << 8);
	EXPECT_EQ(t, *(volatile unsigned long *)vdso, orig);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKDATA, pid, vdso - PAGE_SIZE, (unsigned long)&word), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_POKEDATA, pid, vdso - PAGE_SIZE, 0), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, *(volatile unsigned long *)vdso, orig);
}

/*
 * Stop with SIGSTOP, then two instructions of known length: a 5-byte NOPL and a
 * 1-byte NOP (the stop's ip is the end of the SYSCALL, where they start).
 */
static void stop_before_known_instructions(void)
{
	long nr = __NR_tgkill;

	asm volatile("syscall\n\t"
		     ".byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n\t"	/* nopl 0(%%rax,%%rax) */
		     "nop"
		     : "+a"(nr)
		     : "D"((long)getpid()), "S"(syscall0(__NR_gettid)), "d"((long)SIGSTOP)
		     : "rcx", "r11", "memory");
}

/* PTRACE_SINGLESTEP, and the stop it ends in: SIGTRAP with this si_code. */
static void step_stops_with_sigtrap(struct test *t, long pid, int code)
{
	struct kernel_siginfo si;
	int sig;

	ASSERT_EQ(t, ptrace(PTRACE_SINGLESTEP, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGTRAP);
	EXPECT_EQ(t, ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0L);
	EXPECT_EQ(t, si.si_code, code);
}

/*
 * SINGLESTEP runs exactly one instruction, then the child stops with SIGTRAP
 * (TRAP_TRACE) and DR6 says a step (DR_STEP, bit 14), as Linux's virtual DR6.
 */
SELFTEST(ptrace, singlestep_runs_one_instruction)
{
	long pid = traced_child(stop_before_known_instructions);
	struct user_regs_struct before, after;
	unsigned long text = 0, dr6 = 0;
	int sig;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	ASSERT_EQ(t, sig, SIGSTOP);
	ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&before), 0L);
	ASSERT_EQ(t, ptrace(PTRACE_PEEKTEXT, pid, before.ip, (unsigned long)&text), 0L);
	ASSERT_EQ(t, text & 0xffffffffffUL, 0x0000441f0fUL);	/* the NOPL is where we are */
	for (unsigned long len = 5; len <= 6; len++) {
		step_stops_with_sigtrap(t, pid, TRAP_TRACE);
		ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&after), 0L);
		EXPECT_EQ(t, after.ip, before.ip + len);
		EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, USER_DEBUGREG_OFFSET + 6 * 8,
				    (unsigned long)&dr6), 0L);
		EXPECT_EQ(t, dr6, 1UL << 14);
	}
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);	/* TF off again: no more stops */
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* getpid by a SYSCALL whose end is known: the label after it. */
static void getpid_then_known_end(void)
{
	long nr = __NR_getpid;

	asm volatile("syscall\n"
		     ".globl getpid_syscall_end\n"
		     "getpid_syscall_end:"
		     : "+a"(nr) : : "rcx", "r11", "memory");
}
extern char getpid_syscall_end[];

/*
 * PTRACE_SINGLESTEP from a syscall's entry stop steps over the whole syscall:
 * the step is reported at its exit (SIGTRAP, TRAP_BRKPT, ip just past the
 * SYSCALL, the result in ax), in place of the exit stop, as Linux's
 * report_single_step(); not after the next instruction.
 */
SELFTEST(ptrace, singlestep_from_syscall_entry_is_reported_at_its_exit)
{
	long pid = sysgood_child(getpid_then_known_end);
	struct user_regs_struct regs;

	ASSERT_TRUE(t, pid > 0);
	ASSERT_TRUE(t, syscall_stop(pid, &regs));
	ASSERT_EQ(t, regs.orig_ax, (unsigned long)__NR_getpid);
	step_stops_with_sigtrap(t, pid, TRAP_BRKPT);
	ASSERT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, (unsigned long)&regs), 0L);
	EXPECT_EQ(t, regs.ip, (unsigned long)getpid_syscall_end);
	EXPECT_EQ(t, regs.ax, (unsigned long)pid);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

/* fork, and report whether the child exited 0 (not killed by a SIGTRAP). */
static void fork_and_report_child(void)
{
	long child = syscall0(__NR_fork);

	if (child == 0)
		child_exit(0);
	child_exit(child > 0 && wait_status(child) == 0 ? 0 : 1);
}

/*
 * A tracer single-steps a child through a fork: the grandchild, which nobody
 * traces, must not inherit the tracer's TF and die of SIGTRAP (Linux's
 * copy_process() turns stepping off in it).
 */
SELFTEST(ptrace, stepping_over_fork_leaves_the_new_child_unstepped)
{
	long pid = traced_child(fork_and_report_child);
	int status = 0, steps = 0;

	ASSERT_TRUE(t, pid > 0);
	for (;;) {
		ASSERT_EQ(t, ptrace(PTRACE_SINGLESTEP, pid, 0, 0), 0L);
		status = wait_status(pid);
		if ((status & 0xff) != WSTOPPED_CODE || ++steps > 100000)
			break;
	}
	EXPECT_EQ(t, status, 0);
	EXPECT_LE(t, steps, 100000);
}

static volatile unsigned long watched[2];		/* a struct timespec; DR0 watches [0] */

static noinline void breakpointed(void)
{
	asm volatile("nop");
}

/*
 * A watchpoint on a word: the child's own write traps (SIGTRAP, TRAP_HWBKPT, DR6
 * says which), the kernel's write to it for a syscall does not (it is only
 * recorded, as on Linux); an instruction breakpoint traps once, and the
 * instruction then runs (RF). Each #DB in ring 3 starts DR6 afresh, so the
 * breakpoint's stop shows DR1 alone.
 */
static void touch_watched_word(void)
{
	watched[0] = 1;
	if (syscall2(__NR_clock_gettime, 1, watched))
		child_exit(1);
	breakpointed();
}

SELFTEST(ptrace, debug_registers_watch_and_break)
{
	long pid = traced_child(touch_watched_word);
	unsigned long dr = USER_DEBUGREG_OFFSET, dr6 = 0, dr7 = 0;
	struct kernel_siginfo si;
	int sig;

	ASSERT_TRUE(t, pid > 0);
	/* GD and the reserved bits are dropped, LE and GE kept, as Linux's ptrace_write_dr7(). */
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 7 * 8, DR7_GD | DR7_LE_GE | 1UL << 40), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, dr + 7 * 8, (unsigned long)&dr7), 0L);
	EXPECT_EQ(t, dr7, DR7_LE_GE);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 4 * 8, 0), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr, TASK_SIZE_MAX), -EINVAL);
	ASSERT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr, (unsigned long)&watched[0]), 0L);
	ASSERT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 8, (unsigned long)breakpointed), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 7 * 8, 1UL | 3UL << 18 | 1UL << 16 |
			    DR7_L1_EXEC | 1UL << 22), -EINVAL);	/* DR1: exec of 8 bytes */
	ASSERT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 7 * 8, DR7_L0_WRITE_8 | DR7_L1_EXEC), 0L);
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);

	ASSERT_TRUE(t, wait_stop(pid, &sig));			/* watched[0] = 1 */
	EXPECT_EQ(t, sig, SIGTRAP);
	EXPECT_EQ(t, ptrace(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0L);
	EXPECT_EQ(t, si.si_code, TRAP_HWBKPT);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, dr + 6 * 8, (unsigned long)&dr6), 0L);
	EXPECT_EQ(t, dr6 & 0xf, 1UL);
	ASSERT_EQ(t, ptrace(PTRACE_POKEUSR, pid, dr + 6 * 8, 0), 0L);
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);

	ASSERT_TRUE(t, wait_stop(pid, &sig));			/* breakpointed() */
	EXPECT_EQ(t, sig, SIGTRAP);
	EXPECT_EQ(t, ptrace(PTRACE_PEEKUSR, pid, dr + 6 * 8, (unsigned long)&dr6), 0L);
	EXPECT_EQ(t, dr6 & 0xf, 2UL);		/* this #DB's own: DR1 (Linux's virtual DR6) */
	ASSERT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static void sleep_then_exit(void)
{
	struct timespec64 nap = { 0, 300 * 1000 * 1000 };	/* longer than the test */

	syscall2(__NR_nanosleep, &nap, NULL);
}

/*
 * PTRACE_ATTACH stops a running child with SIGSTOP; DETACH lets it go. SEIZE does
 * not stop it; INTERRUPT does (PTRACE_EVENT_STOP), even inside a sleep, which
 * then goes on.
 */
SELFTEST(ptrace, attach_seize_interrupt_detach)
{
	long pid = syscall0(__NR_fork);
	int sig;

	if (pid == 0) {
		sleep_then_exit();
		child_exit(0);
	}
	ASSERT_TRUE(t, pid > 0);
	ASSERT_EQ(t, ptrace(PTRACE_ATTACH, pid, 0, 0), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_ATTACH, pid, 0, 0), -EPERM);	/* traced already */
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGSTOP);
	EXPECT_EQ(t, ptrace(PTRACE_INTERRUPT, pid, 0, 0), -EIO);	/* not seized */
	ASSERT_EQ(t, ptrace(PTRACE_DETACH, pid, 0, 0), 0L);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 0), -ESRCH);	/* not ours now */

	ASSERT_EQ(t, ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_EXITKILL), 0L);
	ASSERT_EQ(t, ptrace(PTRACE_INTERRUPT, pid, 0, 0), 0L);
	ASSERT_TRUE(t, wait_stop(pid, &sig));
	EXPECT_EQ(t, sig, SIGTRAP | PTRACE_EVENT_STOP << 8);
	ASSERT_EQ(t, ptrace(PTRACE_DETACH, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
}

static long access_target;

/*
 * process_vm_readv() with nothing to move is 0 before the rest is looked at, as
 * Linux's: an empty local side before the remote array is read, an empty remote
 * side before the pid (fails with -EFAULT and -ESRCH).
 */
SELFTEST(ptrace, process_vm_readv_of_nothing_is_zero_first)
{
	static char word[8] = "entrylab";
	char buf[8];
	struct { void *base; unsigned long len; } none = { buf, 0 }, local = { buf, sizeof(buf) },
						   remote = { word, 0 };

	EXPECT_EQ(t, syscall6(__NR_process_vm_readv, getpid(), (long)&none, 1, 8, 1, 0), 0L);
	EXPECT_EQ(t, syscall6(__NR_process_vm_readv, 999999, (long)&local, 1, (long)&remote, 1, 0),
		  0L);
	EXPECT_EQ(t, syscall6(__NR_process_vm_readv, 999999, (long)&none, 1, (long)&remote, 1, 1),
		  -EINVAL);					/* the flags come first */
	remote.len = sizeof(word);
	EXPECT_EQ(t, syscall6(__NR_process_vm_readv, 999999, (long)&local, 1, (long)&remote, 1, 0),
		  -ESRCH);
}

/*
 * What the caller may do to access_target, a root process: a bit for each of
 * PTRACE_SEIZE, process_vm_readv() and kcmp() refused with -EPERM.
 */
static int access_refusals(void)
{
	static char word[8] = "entrylab";
	char buf[8];
	struct { void *base; unsigned long len; } local = { buf, sizeof(buf) },
						    remote = { word, sizeof(word) };
	int refused = 0;

	if (ptrace(PTRACE_SEIZE, access_target, 0, 0) == -EPERM)
		refused |= 1;
	if (syscall6(__NR_process_vm_readv, access_target, (long)&local, 1, (long)&remote, 1,
		     0) == -EPERM)
		refused |= 2;
	if (syscall5(__NR_kcmp, access_target, getpid(), KCMP_VM, 0, 0) == -EPERM)
		refused |= 4;
	return refused;
}

static int access_with_caps(u64 effective, u64 permitted)
{
	struct caps c = { effective, permitted, 0 };

	return caps_set(&c) ? 99 : access_refusals();
}

static int access_without_effective(void)
{
	return access_with_caps(0, CAP_ALL);
}

static int access_without_capabilities(void)
{
	return access_with_caps(0, 0);
}

static int access_with_cap_sys_ptrace(void)
{
	return access_with_caps(BIT(CAP_SYS_PTRACE), CAP_ALL & ~BIT(CAP_SYS_ADMIN));
}

static int access_from_a_user_namespace(void)
{
	return syscall1(__NR_unshare, CLONE_NEWUSER) ? 99 : access_refusals();
}

/*
 * Linux's ptrace access rule, for PTRACE_SEIZE, process_vm_readv() and kcmp()
 * alike: a task whose permitted set lacks some of the target's needs
 * CAP_SYS_PTRACE (effective) in the target's user namespace; the effective set
 * does not count otherwise (real credentials). From a child user namespace a
 * root process of the initial one is out of reach; the other way round, not.
 */
SELFTEST(ptrace, access_needs_the_targets_capabilities)
{
	long target = syscall0(__NR_fork), inner;

	if (target == 0)
		for (;;)
			syscall1(__NR_pause, 0);
	ASSERT_TRUE(t, target > 0);
	access_target = target;
	EXPECT_EQ(t, in_child(access_without_effective), 0);
	EXPECT_EQ(t, in_child(access_without_capabilities), 7 << 8);
	EXPECT_EQ(t, in_child(access_with_cap_sys_ptrace), 0);
	EXPECT_EQ(t, in_child(access_from_a_user_namespace), 7 << 8);
	syscall2(__NR_kill, target, SIGKILL);
	EXPECT_EQ(t, wait_status(target), SIGKILL);
	inner = syscall0(__NR_fork);
	if (inner == 0) {
		syscall1(__NR_unshare, CLONE_NEWUSER);
		for (;;)
			syscall1(__NR_pause, 0);
	}
	ASSERT_TRUE(t, inner > 0);
	nap_ms(20);
	EXPECT_EQ(t, ptrace(PTRACE_SEIZE, inner, 0, PTRACE_O_EXITKILL), 0L);
	syscall2(__NR_kill, inner, SIGKILL);
	EXPECT_EQ(t, wait_status(inner), SIGKILL);
}

/*
 * A child that asks to be traced, is told to go on (through go, if given), then
 * raises SIGWINCH: traced, it stops for it; untraced, it ignores it. Exits 0.
 */
static void __noreturn trace_me_then_winch(const int ready[2], const int go[2])
{
	char c;

	if (ptrace(PTRACE_TRACEME, 0, 0, 0))
		child_exit(100);
	if (ready) {
		fd_write(ready[1], "r", 1);
		fd_read(go[0], &c, 1);
	}
	syscall3(__NR_tgkill, getpid(), syscall0(__NR_gettid), SIGWINCH);
	child_exit(0);
}

/* Waits for pid: 0 if it stopped for SIGWINCH, then, let go, exited 0; 1 if it never stopped. */
static int stopped_then_detached(long pid)
{
	int status = wait_status(pid);

	if ((status & 0xff) != WSTOPPED_CODE)
		return status == 0 ? 1 : 2;
	if (status >> 8 != SIGWINCH || ptrace(PTRACE_DETACH, pid, 0, 0))
		return 3;
	return wait_status(pid) == 0 ? 0 : 4;
}

static volatile int leader_tid_word;	/* the kernel zeroes it when our leader exits */

static int fork_once_the_leader_is_gone(void *arg)
{
	long pid;

	while (leader_tid_word)
		nap_ms(1);
	pid = syscall0(__NR_fork);
	if (pid == 0)
		trace_me_then_winch(NULL, NULL);
	syscall1(__NR_exit_group, pid < 0 ? 5 : stopped_then_detached(pid));
	return 6;
}

static int leader_leaves_then_a_thread_forks(void)
{
	struct thread th;

	leader_tid_word = syscall0(__NR_gettid);
	syscall1(__NR_set_tid_address, &leader_tid_word);
	if (thread_start(&th, fork_once_the_leader_is_gone, NULL) < 0)
		return 7;
	child_exit(0);			/* the leader alone */
}

static int traced_ready[2], traced_go[2];
static volatile long traced_pid;

static int fork_then_leave(void *arg)
{
	char c;

	traced_pid = syscall0(__NR_fork);
	if (traced_pid == 0)
		trace_me_then_winch(traced_ready, traced_go);
	if (traced_pid > 0)
		fd_read(traced_ready[0], &c, 1);
	return 0;
}

static int a_thread_forks_then_leaves(void)
{
	struct thread th;
	long tid;

	if (syscall2(__NR_pipe2, traced_ready, 0) || syscall2(__NR_pipe2, traced_go, 0))
		return 8;
	tid = thread_start(&th, fork_then_leave, NULL);
	if (tid < 0)
		return 9;
	thread_join(&th);
	while (!syscall3(__NR_tgkill, getpid(), tid, 0))	/* until it is gone for good */
		nap_ms(1);
	if (traced_pid <= 0)
		return 10;
	fd_write(traced_go[1], "g", 1);
	return stopped_then_detached(traced_pid) == 1 ? 0 : 11;
}

/*
 * PTRACE_TRACEME makes the thread that forked us the tracer, as Linux's
 * real_parent: it is traced by that thread even when the process's leader has
 * exited (fails with 1: not traced, as the leader was asked), and let go when
 * that thread exits while the leader lives on (fails with 11: still traced).
 */
SELFTEST(ptrace, traceme_tracer_is_the_forking_thread)
{
	EXPECT_EQ(t, in_child(leader_leaves_then_a_thread_forks), 0);
	EXPECT_EQ(t, in_child(a_thread_forks_then_leaves), 0);
}

/* What may not be asked; none of it changes anything. */
SELFTEST(ptrace, refusals)
{
	long pid = traced_child(do_nothing);

	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, ptrace(PTRACE_TRACEME, 0, 0, 0), -EPERM);	/* the kernel started us */
	EXPECT_EQ(t, ptrace(PTRACE_ATTACH, getpid(), 0, 0), -EPERM);
	EXPECT_EQ(t, ptrace(PTRACE_ATTACH, 30000, 0, 0), -ESRCH);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, 30000, 0, 0), -ESRCH);
	EXPECT_EQ(t, ptrace(PTRACE_SETOPTIONS, pid, 0, 2 /* TRACEFORK */), -EINVAL);
	EXPECT_EQ(t, ptrace(PTRACE_CONT, pid, 0, 65), -EIO);
	EXPECT_EQ(t, ptrace(0x4321, pid, 0, 0), -EIO);
	EXPECT_EQ(t, ptrace(PTRACE_GETREGS, pid, 0, TASK_SIZE_MAX), -EFAULT);
	EXPECT_EQ(t, ptrace(PTRACE_KILL, pid, 0, 0), 0L);
	EXPECT_EQ(t, wait_status(pid), SIGKILL);
}

/* The tracer's half of the two tests below: seize tid, wait for its exit; 0 if it saw status 7. */
static int seize_and_wait_for_exit(long tid)
{
	int status = -1;

	if (ptrace(PTRACE_SEIZE, tid, 0, 0))
		return 1;
	if (syscall4(__NR_wait4, tid, &status, 0x40000000 /* __WALL */, NULL) != tid)
		return 2;
	return status == 7 << 8 ? 0 : 3;
}

static long seized_tid;

static int tracer_of_seized_tid(void)
{
	return seize_and_wait_for_exit(seized_tid);
}

/*
 * A tracer that is not the parent reaps its tracee's exit first, and the parent
 * still gets it afterwards (Linux's ptrace_reparented() exit: the tracer's wait,
 * then the real parent's).
 */
SELFTEST(ptrace, a_tracer_not_the_parent_sees_the_exit_first)
{
	long pid = syscall0(__NR_fork);

	if (pid == 0) {
		sleep_then_exit();
		child_exit(7);
	}
	ASSERT_TRUE(t, pid > 0);
	seized_tid = pid;
	EXPECT_EQ(t, in_child(tracer_of_seized_tid), 0);
	EXPECT_EQ(t, wait_status(pid), 7 << 8);
}

static int nap_and_exit_7(void *arg)
{
	nap_ms(100);
	return 7;
}

/* A traced thread's exit is its tracer's to reap (wait4 with __WALL), not freed unseen. */
SELFTEST(ptrace, a_traced_threads_exit_goes_to_its_tracer)
{
	struct thread th;

	seized_tid = thread_start(&th, nap_and_exit_7, NULL);
	ASSERT_TRUE(t, seized_tid > 0);
	EXPECT_EQ(t, in_child(tracer_of_seized_tid), 0);
	thread_join(&th);
}
