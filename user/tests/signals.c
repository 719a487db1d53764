// SPDX-License-Identifier: GPL-2.0
/*
 * Signal delivery: the frame, the mask, the flags, nesting, the alternate stack
 * and the FPU state, checked from inside handlers.
 */
#include <time.h>
#include <uapi/resource.h>
#include "harness.h"

static volatile int depth, max_depth, order[8], norder;
static volatile kernel_sigset_t mask_in_handler;
static volatile unsigned long frame_sp, frame_di, frame_si, frame_dx;
static volatile int nest_sig;

static void note(int sig)
{
	if (norder < (int)ARRAY_SIZE(order))
		order[norder++] = sig;
}

static void reset_state(void)
{
	depth = max_depth = norder = 0;
	nest_sig = 0;
	memset((void *)&caught, 0, sizeof(caught));
}

static void info_handler(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	caught.count++;
	caught.sig = si->si_signo;
	caught.code = si->si_code;
	caught.addr = (unsigned long)si->kill.pid;
}

SELFTEST(signals, siginfo_from_kill)
{
	reset_state();
	sigaction(SIGUSR1, (unsigned long)info_handler, SA_SIGINFO, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGUSR1);
	EXPECT_EQ(t, caught.code, SI_USER);
	EXPECT_EQ(t, caught.addr, (unsigned long)getpid());	/* si_pid */
}

/* A signal for one thread: each process has one, whose tid is its pid. */
SELFTEST(signals, tgkill_and_tkill_reach_the_thread)
{
	int pid = getpid();

	reset_state();
	sigaction(SIGUSR1, (unsigned long)info_handler, SA_SIGINFO, 0, NULL);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid, pid, SIGUSR1), 0);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.code, SI_TKILL);
	EXPECT_EQ(t, caught.addr, (unsigned long)pid);		/* si_pid */
	EXPECT_EQ(t, syscall2(__NR_tkill, pid, SIGUSR1), 0);
	EXPECT_EQ(t, caught.count, 2);
	EXPECT_EQ(t, caught.code, SI_TKILL);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid, pid, 0), 0);		/* exists */
	EXPECT_EQ(t, syscall3(__NR_tgkill, 0, pid, SIGUSR1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid, 0, SIGUSR1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid, pid, -1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid, pid, _NSIG + 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_tgkill, pid + 1000, pid, SIGUSR1), -ESRCH);
	EXPECT_EQ(t, syscall2(__NR_tkill, 12345, 0), -ESRCH);
	EXPECT_EQ(t, syscall2(__NR_tkill, -1, SIGUSR1), -EINVAL);
	EXPECT_EQ(t, caught.count, 2);
}

/* The handler's registers as it starts: recorded before any C code runs. */
asm(".pushsection .text\n"
    "frame_probe:\n"
    "	mov %rsp, frame_sp(%rip)\n"
    "	mov %rdi, frame_di(%rip)\n"
    "	mov %rsi, frame_si(%rip)\n"
    "	mov %rdx, frame_dx(%rip)\n"
    "	ret\n"
    ".popsection\n");
void frame_probe(void);

SELFTEST(signals, frame_layout_and_alignment)
{
	sigaction(SIGUSR1, (unsigned long)frame_probe, SA_SIGINFO, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, (frame_sp + 8) % 16, 0UL);		/* as if just called */
	EXPECT_EQ(t, frame_di, (unsigned long)SIGUSR1);
	EXPECT_EQ(t, frame_dx, frame_sp + 8);		/* ucontext right after pretcode */
	EXPECT_EQ(t, frame_si, frame_sp + 8 + sizeof(struct kernel_ucontext));
	EXPECT_EQ(t, *(unsigned long *)frame_sp, (unsigned long)__restore_rt);
}

static void mask_handler(int sig)
{
	kernel_sigset_t m;

	sigprocmask(SIG_BLOCK, NULL, &m);
	mask_in_handler = m;
}

SELFTEST(signals, mask_during_and_after_handler)
{
	kernel_sigset_t after;

	sigaction(SIGUSR1, (unsigned long)mask_handler, 0, SIGBIT(SIGUSR2), NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	sigprocmask(SIG_BLOCK, NULL, &after);
	EXPECT_EQ(t, mask_in_handler, SIGBIT(SIGUSR1) | SIGBIT(SIGUSR2));
	EXPECT_EQ(t, after, 0UL);
}

static void nesting_handler(int sig)
{
	note(sig);
	if (++depth > max_depth)
		max_depth = depth;
	if (nest_sig && norder == 1)
		raise(nest_sig);	/* once: delivered now, or after we return */
	note(-sig);
	depth--;
}

SELFTEST(signals, same_signal_deferred_without_nodefer)
{
	reset_state();
	nest_sig = SIGUSR1;
	sigaction(SIGUSR1, (unsigned long)nesting_handler, 0, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, max_depth, 1);			/* blocked while handled */
	EXPECT_EQ(t, norder, 4);
	EXPECT_EQ(t, order[1], -SIGUSR1);		/* first finished before second */
}

SELFTEST(signals, nodefer_nests_same_signal)
{
	reset_state();
	nest_sig = SIGUSR1;
	sigaction(SIGUSR1, (unsigned long)nesting_handler, SA_NODEFER, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, max_depth, 2);
	EXPECT_EQ(t, order[1], SIGUSR1);		/* second started inside the first */
}

SELFTEST(signals, different_signal_nests)
{
	reset_state();
	nest_sig = SIGUSR2;
	sigaction(SIGUSR1, (unsigned long)nesting_handler, 0, 0, NULL);
	sigaction(SIGUSR2, (unsigned long)nesting_handler, 0, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	reset_signal(SIGUSR2);
	EXPECT_EQ(t, max_depth, 2);
	EXPECT_EQ(t, order[0], SIGUSR1);
	EXPECT_EQ(t, order[1], SIGUSR2);
	EXPECT_EQ(t, order[2], -SIGUSR2);
	EXPECT_EQ(t, order[3], -SIGUSR1);
}

SELFTEST(signals, resethand_restores_default)
{
	struct kernel_sigaction old;

	reset_state();
	sigaction(SIGUSR1, (unsigned long)nesting_handler, SA_RESETHAND, 0, NULL);
	raise(SIGUSR1);
	EXPECT_EQ(t, norder, 2);
	syscall6(__NR_rt_sigaction, SIGUSR1, 0, (long)&old, 8, 0, 0);
	EXPECT_EQ(t, old.handler, SIG_DFL);
}

SELFTEST(signals, blocked_then_unblocked)
{
	kernel_sigset_t set = SIGBIT(SIGUSR1), pending = 0;

	reset_state();
	sigaction(SIGUSR1, (unsigned long)nesting_handler, 0, 0, NULL);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	EXPECT_EQ(t, norder, 0);			/* held */
	EXPECT_EQ(t, sigpending(&pending), 0);
	EXPECT_EQ(t, pending, SIGBIT(SIGUSR1));
	sigprocmask(SIG_UNBLOCK, &set, NULL);	/* delivered on this syscall's return */
	EXPECT_EQ(t, norder, 2);
	sigpending(&pending);
	EXPECT_EQ(t, pending, 0UL);
	reset_signal(SIGUSR1);
}

SELFTEST(signals, ignoring_discards_pending)
{
	kernel_sigset_t set = SIGBIT(SIGUSR2), pending = 0;

	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR2);
	sigaction(SIGUSR2, SIG_IGN, 0, 0, NULL);
	sigpending(&pending);
	EXPECT_EQ(t, pending, 0UL);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	reset_signal(SIGUSR2);
}

static u8 altstack[16384] __aligned(16);
static volatile unsigned long handler_sp;
static volatile int altstack_query_flags, altstack_change_ret;

static void altstack_handler(int sig)
{
	kernel_stack_t now, other = { .ss_sp = altstack, .ss_size = 8192 };
	int local;

	handler_sp = (unsigned long)&local;
	sigaltstack(NULL, &now);
	altstack_query_flags = now.ss_flags;
	altstack_change_ret = sigaltstack(&other, NULL);
}

SELFTEST(signals, alternate_stack)
{
	kernel_stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) }, off = {
		.ss_flags = SS_DISABLE };

	ASSERT_EQ(t, sigaltstack(&ss, NULL), 0);
	sigaction(SIGUSR1, (unsigned long)altstack_handler, SA_ONSTACK, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	EXPECT_GT(t, handler_sp, (unsigned long)altstack);
	EXPECT_LT(t, handler_sp, (unsigned long)altstack + sizeof(altstack));
	EXPECT_EQ(t, altstack_query_flags, SS_ONSTACK);
	EXPECT_EQ(t, altstack_change_ret, -EPERM);	/* not while running on it */
	EXPECT_EQ(t, sigaltstack(&off, NULL), 0);
}

SELFTEST(signals, alternate_stack_too_small)
{
	kernel_stack_t ss = { .ss_sp = altstack, .ss_size = MINSIGSTKSZ - 1 };

	EXPECT_EQ(t, sigaltstack(&ss, NULL), -ENOMEM);
	ss.ss_flags = 0x100;
	ss.ss_size = MINSIGSTKSZ;
	EXPECT_EQ(t, sigaltstack(&ss, NULL), -EINVAL);
}

SELFTEST(signals, sigkill_and_sigstop_uncatchable)
{
	EXPECT_EQ(t, sigaction(SIGKILL, SIG_IGN, 0, 0, NULL), -EINVAL);
	EXPECT_EQ(t, sigaction(SIGSTOP, SIG_IGN, 0, 0, NULL), -EINVAL);
	EXPECT_EQ(t, sigaction(0, SIG_IGN, 0, 0, NULL), -EINVAL);
	EXPECT_EQ(t, sigaction(65, SIG_IGN, 0, 0, NULL), -EINVAL);
}

SELFTEST(signals, bad_sigset_size)
{
	kernel_sigset_t set = 0;

	EXPECT_EQ(t, syscall6(__NR_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 4, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_rt_sigprocmask, 7, (long)&set, 0, 8, 0, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_rt_sigaction, SIGUSR1, 0, 0, 16, 0, 0), -EINVAL);
}

static void clobber_xmm_handler(int sig)
{
	asm volatile("pcmpeqd %%xmm0, %%xmm0; pcmpeqd %%xmm7, %%xmm7" ::: "xmm0", "xmm7");
}

SELFTEST(signals, fpu_state_preserved)
{
	u64 in[2] __aligned(16) = { 0x0123456789abcdefULL, 0xfedcba9876543210ULL };
	u64 out[2] __aligned(16);

	sigaction(SIGUSR1, (unsigned long)clobber_xmm_handler, 0, 0, NULL);
	asm volatile("movdqa %1, %%xmm7\n\t"
		     "mov %2, %%eax\n\t"
		     "mov %3, %%edi\n\t"
		     "mov %4, %%esi\n\t"
		     "syscall\n\t"			/* kill(pid, SIGUSR1): handler runs */
		     "movdqa %%xmm7, %0"
		     : "=m"(out) : "m"(in), "i"(__NR_kill), "r"(getpid()), "i"(SIGUSR1)
		     : "rax", "rcx", "rdx", "rdi", "rsi", "r11", "xmm7", "memory");
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, out[0], in[0]);
	EXPECT_EQ(t, out[1], in[1]);
}

static void bad_mxcsr_handler(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	u32 *mxcsr = (u32 *)(uc->uc_mcontext.fpstate + 24);

	*mxcsr = 0xffffffff;	/* reserved bits: FXRSTOR would #GP with these */
}

/* The MXCSR bits this CPU has, as FXSAVE stores them (0: the SDM's default, 0xffbf). */
static u32 mxcsr_mask(void)
{
	u8 area[512] __aligned(16);
	u32 mask;

	asm volatile("fxsave %0" : "=m"(area));
	mask = *(u32 *)&area[28];
	return mask ? mask : 0xffbf;
}

/*
 * A handler's MXCSR with every bit set comes back as the CPU's MXCSR_MASK allows
 * (a reserved bit would #GP the kernel's FXRSTOR or XRSTOR): the high half is
 * reserved, but for AMD's misaligned-SSE bit 17 on a CPU that has it (Bochs's ryzen).
 */
SELFTEST(signals, sigreturn_sanitises_mxcsr)
{
	u32 mxcsr;

	sigaction(SIGUSR1, (unsigned long)bad_mxcsr_handler, SA_SIGINFO, 0, NULL);
	raise(SIGUSR1);
	reset_signal(SIGUSR1);
	asm volatile("stmxcsr %0" : "=m"(mxcsr));
	EXPECT_EQ(t, mxcsr & ~mxcsr_mask(), 0U);	/* the kernel survived, bits dropped */
	EXPECT_EQ(t, mxcsr & 0xfffd0000, 0U);
	mxcsr = 0x1f80;
	asm volatile("ldmxcsr %0" : : "m"(mxcsr));
}

/* rt_sigqueueinfo(pid, sig, {si_code code, si_pid us, si_value value}). */
static long queue_signal(long pid, int sig, int code, unsigned long value)
{
	struct kernel_siginfo si = { .si_signo = sig, .si_code = code,
				     .rt = { .pid = getpid(), .value = value } };

	return syscall3(__NR_rt_sigqueueinfo, pid, sig, &si);
}

/* rt_sigtimedwait() for one of set, without waiting: its number, or -EAGAIN. */
static long take_one(kernel_sigset_t set, struct kernel_siginfo *si)
{
	struct timespec64 zero = { 0, 0 };

	return syscall4(__NR_rt_sigtimedwait, &set, si, &zero, sizeof(set));
}

/*
 * A real-time signal queues: three instances, each with its value, are taken
 * oldest first; a standard one sent twice while pending is taken once, and
 * before the real-time ones (lower number). Then ignoring the real-time signal
 * discards a queue of two.
 */
SELFTEST(signals, realtime_signals_queue_in_order)
{
	int rt = SIGRTMIN + 2;
	kernel_sigset_t set = SIGBIT(rt) | SIGBIT(SIGUSR1), pending = 0;
	struct kernel_siginfo si;

	sigprocmask(SIG_BLOCK, &set, NULL);
	for (unsigned long v = 1; v <= 3; v++)
		EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, v * 10), 0L);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR1);
	EXPECT_EQ(t, take_one(set, &si), (long)SIGUSR1);
	EXPECT_EQ(t, si.si_code, SI_USER);
	for (unsigned long v = 1; v <= 3; v++) {
		EXPECT_EQ(t, take_one(set, &si), (long)rt);
		EXPECT_EQ(t, si.si_code, SI_QUEUE);
		EXPECT_EQ(t, (long)si.rt.pid, getpid());
		EXPECT_EQ(t, si.rt.value, v * 10);
	}
	EXPECT_EQ(t, take_one(set, &si), (long)-EAGAIN);
	queue_signal(getpid(), rt, SI_QUEUE, 1);
	queue_signal(getpid(), rt, SI_QUEUE, 2);
	sigaction(rt, SIG_IGN, 0, 0, NULL);
	sigaction(rt, SIG_DFL, 0, 0, NULL);
	sigpending(&pending);
	EXPECT_EQ(t, pending, 0UL);
	EXPECT_EQ(t, take_one(set, &si), (long)-EAGAIN);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/*
 * RLIMIT_SIGPENDING bounds the real-time instances pending: at 4, four queue
 * and a fifth sigqueue() is -EAGAIN (fails with 0: no count), while kill()'s is
 * dropped quietly; a higher limit lets one more in. At 0, kill() still makes
 * the signal pending, without its siginfo (si_code SI_USER, si_pid 0). Taken,
 * each gives its count back.
 */
SELFTEST(signals, sigpending_limit_bounds_queued_signals)
{
	int rt = SIGRTMIN + 3;
	kernel_sigset_t set = SIGBIT(rt);
	struct rlimit64 old, low = { 4, 0 };
	struct kernel_siginfo si;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_SIGPENDING, &old), 0L);
	low.max = old.max;
	ASSERT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (unsigned long v = 1; v <= 4; v++)
		EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, v), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 5), (long)-EAGAIN);
	EXPECT_EQ(t, (long)kill(getpid(), rt), 0L);
	low.cur = 5;
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 5), 0L);
	for (unsigned long v = 1; v <= 5; v++) {
		EXPECT_EQ(t, take_one(set, &si), (long)rt);
		EXPECT_EQ(t, si.rt.value, v);
	}
	EXPECT_EQ(t, take_one(set, &si), (long)-EAGAIN);	/* kill()'s was dropped */
	low.cur = 0;
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 1), (long)-EAGAIN);
	EXPECT_EQ(t, (long)kill(getpid(), rt), 0L);
	EXPECT_EQ(t, take_one(set, &si), (long)rt);
	EXPECT_EQ(t, si.si_code, SI_USER);
	EXPECT_EQ(t, (long)si.rt.pid, 0L);
	low.cur = 1;					/* the count back to 0: one fits */
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 1), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 2), (long)-EAGAIN);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &old), 0L);
	sigaction(rt, SIG_IGN, 0, 0, NULL);		/* none left to kill us unblocked */
	sigaction(rt, SIG_DFL, 0, 0, NULL);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/*
 * RLIMIT_SIGPENDING counts more than the queued real-time signals, as Linux's:
 * each POSIX timer, from timer_create() (-EAGAIN at the limit, fails with 0) to
 * timer_delete(), and each pending standard signal, which is never refused for
 * it but leaves no room for a real-time one (fails with 0). Past the limit a
 * standard signal with a negative code (tgkill()'s) is pending without its
 * siginfo (si_code SI_USER, si_pid 0; fails with SI_TKILL).
 */
SELFTEST(signals, sigpending_limit_counts_timers_and_standard_signals)
{
	int rt = SIGRTMIN + 3, id = -1, id2 = -1;
	kernel_sigset_t set = SIGBIT(rt) | SIGBIT(SIGUSR1) | SIGBIT(SIGUSR2);
	struct rlimit64 old, low = { 0, 0 };
	struct kernel_siginfo si;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_SIGPENDING, &old), 0L);
	low.max = old.max;
	ASSERT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (!EXPECT_EQ(t, syscall3(__NR_timer_create, CLOCK_MONOTONIC, NULL, &id), (long)-EAGAIN))
		syscall1(__NR_timer_delete, id);
	low.cur = 1;
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &low), 0L);
	EXPECT_EQ(t, syscall3(__NR_timer_create, CLOCK_MONOTONIC, NULL, &id), 0L);
	if (!EXPECT_EQ(t, syscall3(__NR_timer_create, CLOCK_MONOTONIC, NULL, &id2), (long)-EAGAIN))
		syscall1(__NR_timer_delete, id2);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 1), (long)-EAGAIN);
	EXPECT_EQ(t, syscall1(__NR_timer_delete, id), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 1), 0L);
	EXPECT_EQ(t, take_one(set, &si), (long)rt);

	EXPECT_EQ(t, (long)kill(getpid(), SIGUSR1), 0L);
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 2), (long)-EAGAIN);
	EXPECT_EQ(t, syscall3(__NR_tgkill, getpid(), syscall0(__NR_gettid), SIGUSR2), 0L);
	EXPECT_EQ(t, take_one(set, &si), (long)SIGUSR2);	/* the thread's own first */
	EXPECT_EQ(t, si.si_code, SI_USER);
	EXPECT_EQ(t, (long)si.rt.pid, 0L);
	EXPECT_EQ(t, take_one(set, &si), (long)SIGUSR1);
	EXPECT_EQ(t, si.si_code, SI_USER);
	EXPECT_EQ(t, (long)si.rt.pid, getpid());
	EXPECT_EQ(t, queue_signal(getpid(), rt, SI_QUEUE, 3), 0L);	/* the count back to 0 */
	EXPECT_EQ(t, take_one(set, &si), (long)rt);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_SIGPENDING, &old), 0L);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/*
 * Who may queue what: a code that is not negative, or SI_TKILL's, only to
 * oneself (-EPERM to another process), as Linux forbids forging the kernel's
 * or kill()'s; a bad siginfo pointer -EFAULT; a bad target -EINVAL or -ESRCH.
 */
SELFTEST(signals, sigqueueinfo_rules)
{
	long parent = getpid(), child = syscall0(__NR_fork);
	struct kernel_siginfo si = { .si_code = SI_QUEUE };

	if (child == 0) {
		syscall0(__NR_pause);
		syscall1(__NR_exit, 0);
	}
	ASSERT_TRUE(t, child > 0);
	EXPECT_EQ(t, queue_signal(child, SIGUSR2, SI_USER, 0), (long)-EPERM);
	EXPECT_EQ(t, queue_signal(child, SIGUSR2, SI_TKILL, 0), (long)-EPERM);
	EXPECT_EQ(t, queue_signal(child, SIGUSR2, SI_KERNEL, 0), (long)-EPERM);
	EXPECT_EQ(t, queue_signal(child, 0, SI_QUEUE, 0), 0L);
	EXPECT_EQ(t, queue_signal(child, _NSIG + 1, SI_QUEUE, 0), (long)-EINVAL);
	EXPECT_EQ(t, syscall3(__NR_rt_sigqueueinfo, child, SIGUSR2, 8), (long)-EFAULT);
	EXPECT_EQ(t, syscall4(__NR_rt_tgsigqueueinfo, 0, child, SIGUSR2, &si), (long)-EINVAL);
	EXPECT_EQ(t, syscall4(__NR_rt_tgsigqueueinfo, parent, child, SIGUSR2, &si), (long)-ESRCH);
	EXPECT_EQ(t, syscall4(__NR_rt_tgsigqueueinfo, child, child, SIGKILL, &si), 0L);
	EXPECT_EQ(t, wait_status(child), SIGKILL);
}
