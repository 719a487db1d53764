// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz: a seeded, reproducible stream of random system calls.
 *
 *   fuzz [seed=N] [count=N] [frames=1] [progress=N] [trace=N]
 *
 * Each call is either a random number (anything from -1 to 2^63, mostly
 * unimplemented) with random arguments, or an implemented syscall with
 * arguments drawn, per argument, from pools of plain values, boundary values
 * and pointers into every kind of region: a valid buffer, its last bytes before
 * an unmapped page, the kernel's text and direct map, non-canonical addresses,
 * an unmapped page, NULL, and a range straddling TASK_SIZE_MAX. The valid buffer
 * is the only memory the calls can reach: nothing they write can hit the
 * fuzzer's own state. Handlers catch every signal it provokes.
 *
 * Left out, because they would end or disarm the fuzzer rather than test the
 * kernel: exit, exit_group, rt_sigreturn, kill with SIGKILL on itself, and the
 * benchmark's variant switching, and pause, which would stop it for good; rseq
 * only ever unregisters (a bad area would be a SIGSEGV at every switch). Calls
 * that install state (handlers, an alternate stack, a seccomp filter, Syscall
 * User Dispatch, unmapping memory) only ever see pointers that fail, or a sandbox
 * region; calls that can block (futex, the
 * sleeps, signal waits) only ever see arguments that make them fail at once.
 * Files that could block are never made so: pipes, eventfds and timerfds come
 * from pipe2, eventfd2 and timerfd_create with O_NONBLOCK always set (pipe and
 * eventfd are not made), and F_SETFL keeps it; timers (timerfds, itimers, POSIX
 * timers) are only armed for times no run reaches (an expiry would come at the
 * host's pace, not the seed's); poll, ppoll and the epoll waits get a zero
 * timeout, select and the rest a longer one only on files that are ready. The
 * descriptors the calls name are mostly the low numbers these land on.
 * One draw in 16 is a few calls that belong together: a file made and then
 * worked on alone (descriptor_sequence(): its reads and writes partly into the
 * unmapped page too), timers, sleeps, limits and execve()'s argument lists given
 * values at their types' limits (limits()), epolls watching each other in
 * chains and loops (epoll_chain()), or the break grown into the vDSO, the vvar
 * page or a sandbox page that mremap() moved just above it (brk_meets_mappings()).
 * One fd in 8 is at the table's limits. One
 * call in 8 that has an i386 counterpart is made through int $0x80 instead
 * (ia32_calls[]).
 * fork, vfork and clone (random flags, minus the sharing ones: a child sharing
 * the fuzzer's memory or stack would corrupt it) are made: a child exits at
 * once, and the fuzzer reaps it before its next call, so results stay the
 * same on any number of CPUs. At the end it prints its counts and a hash of every result:
 * the same seed gives the same hash. frames=1 also wrecks the FPU image of the
 * signal frames it returns from (on_signal()). progress=N prints the hash every N
 * calls, trace=N every call from the Nth on.
 */
#include <asm/fpu.h>
#include <elf.h>
#include <errno.h>
#include <libc.h>
#include <syscall_table.h>
#include <time.h>
#include <uapi/bench.h>
#include <uapi/futex.h>
#include <uapi/mman.h>
#include <uapi/poll.h>
#include <uapi/prctl.h>
#include <uapi/resource.h>
#include <uapi/rseq.h>
#include <uapi/sched.h>
#include <uapi/seccomp.h>
#include <uapi/unistd_32.h>
#include <user_layout.h>

#define SANDBOX		0x0000000200000000UL	/* mmap/munmap/mprotect play here */
#define SANDBOX_PAGES	16
/* user.ld's base, and room for the image and its heap (USER_HEAP_MAX): see ia32_arg(). */
#define IMAGE_LOW	0x400000UL
#define IMAGE_SPAN	(128UL << 20)

static u64 rng_state;

static u64 rnd(void)		/* xorshift64* */
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

#define SCRATCH_SIZE	(4 * PAGE_SIZE)

/* Valid memory for the calls to write into, followed by an unmapped page. */
static u8 *scratch;

static void setup_scratch(void)
{
	/* MAP_32BIT: its addresses are the same for the calls made by int $0x80. */
	long p = syscall6(__NR_mmap, 0, SCRATCH_SIZE + PAGE_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	syscall2(__NR_munmap, p + SCRATCH_SIZE, PAGE_SIZE);
	scratch = (u8 *)p;
}

static unsigned long bad_pointer(void)
{
	static const unsigned long bad[] = {
		0, 0x10000, 0xffffffff80100000UL, 0xffff888000000000UL,
		0x0000800000000000UL, 0xdead000000000000UL, TASK_SIZE_MAX - 8,
		TASK_SIZE_MAX, ~0UL,
	};

	return bad[rnd() % ARRAY_SIZE(bad)];
}

static unsigned long any_pointer(void)
{
	switch (rnd() % 4) {
	case 0:
		return (unsigned long)scratch + rnd() % SCRATCH_SIZE;
	case 1:
		return (unsigned long)scratch + SCRATCH_SIZE - 1 - rnd() % 8;	/* straddles
										 * the hole */
	default:
		return bad_pointer();
	}
}

static unsigned long any_value(void)
{
	static const unsigned long edge[] = {
		0, 1, 2, 8, 16, 64, 4095, 4096, 0x7fffffff, 0x80000000UL, 0xffffffffUL,
		1UL << 32, 1UL << 47, 1UL << 63, ~0UL, ~0UL - 1,
	};

	switch (rnd() % 4) {
	case 0:
		return rnd();
	case 1:
		return rnd() % 256;
	case 2:
		return any_pointer();
	default:
		return edge[rnd() % ARRAY_SIZE(edge)];
	}
}

/*
 * A readable page below the sandbox: a MAP_GROWSDOWN mapping made there grows
 * down on a fault (a kernel access through a bad pointer's low half, say) only
 * to a guard gap above this page, as on Linux, and never over the addresses the
 * other calls must find unmapped (ia32_arg()'s, from 2 GiB up).
 */
#define SANDBOX_FLOOR	(SANDBOX - STACK_GUARD_GAP - SANDBOX_PAGES * PAGE_SIZE - PAGE_SIZE)

static void setup_sandbox_floor(void)
{
	syscall6(__NR_mmap, SANDBOX_FLOOR, PAGE_SIZE, PROT_READ,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
}

/*
 * Where mmap(MAP_FIXED), munmap and mprotect may act: the sandbox, or addresses
 * no mapping can cover. Never the user-range "bad" pointers above, which must
 * stay unmapped for the other calls to mean what they test.
 */
static unsigned long sandbox_addr(void)
{
	static const unsigned long never[] = {
		0, 0xffffffff80100000UL, 0xffff888000000000UL, 0x0000800000000000UL,
		TASK_SIZE_MAX, ~0UL & PAGE_MASK,
	};

	return rnd() % 2 ? SANDBOX + (rnd() % SANDBOX_PAGES) * PAGE_SIZE :
			   never[rnd() % ARRAY_SIZE(never)];
}

static const struct kernel_timespec zero_timeout;
static struct kernel_timespec select_timeout;

/* An fd at the table's limits: RLIMIT_NOFILE's soft and hard defaults, fs.nr_open, INT_MAX. */
static unsigned long limit_fd(void)
{
	static const unsigned long fds[] = {
		63, 64, 1023, 1024, 4095, 4096, (1UL << 20) - 1, 1UL << 20, 0x7fffffff,
	};

	return fds[rnd() % ARRAY_SIZE(fds)];
}

/*
 * An fd: mostly 3-15, where the files the calls open and pipe2() and the rest make are;
 * else one at the table's limits (dup2() and F_DUPFD grow the table there) or any value.
 */
static unsigned long any_fd(void)
{
	if (rnd() % 4)
		return 3 + rnd() % 13;
	return rnd() % 2 ? limit_fd() : any_value();
}

/*
 * fds 0-2 are the console, and stay so: no call closes or replaces them, and no
 * other fd is made from them, so that only a write to 0-2 (always with a failing
 * buffer) could reach the screen. The kernel reads an fd's low 32 bits.
 */
static unsigned long not_console(unsigned long fd)
{
	return (unsigned int)fd <= 2 ? fd + 3 : fd;
}

/* Fills a[] for syscall nr; false for the ones the fuzzer must not make. */
static bool make_args(long nr, unsigned long a[6])
{
	for (int i = 0; i < 6; i++)
		a[i] = any_value();
	switch ((int)nr) {	/* the kernel reads the low 32 bits, as Linux does */
	case __NR_exit:
	case __NR_exit_group:
	case __NR_rt_sigreturn:
	case __NR_pause:
		return false;
	case __NR_clone:
		/*
		 * No CLONE_VM, SIGHAND, VFORK or THREAD; no CLONE_SETTLS; no
		 * CLONE_PARENT_SETTID (the child's pid in our memory would change later
		 * results: see the hash below); SIGCHLD as the exit signal (another one
		 * would reach a handler while we wait).
		 */
		a[0] &= ~(unsigned long)(CSIGNAL | CLONE_VM | CLONE_SIGHAND | CLONE_VFORK |
					 CLONE_THREAD | CLONE_SETTLS | CLONE_PARENT_SETTID);
		a[0] |= SIGCHLD;
		a[1] = 0;	/* the child stays on its copy of our stack */
		return true;
	case __NR_clone3:	/* (args, size) */
	case __NR_futex:	/* (uaddr, ...): a wait on a readable word could block */
	case __NR_nanosleep:	/* (req, rem) */
	case __NR_rt_sigsuspend:	/* (mask, size) */
	case __NR_rt_sigtimedwait:	/* (set, info, timeout, size) */
		a[0] = bad_pointer();
		return true;
	case __NR_clock_nanosleep:	/* (clock, flags, req, rem) */
		a[2] = bad_pointer();
		return true;
	case __NR_mremap:	/* (old, old_len, new_len, flags, new) */
		a[0] = sandbox_addr();
		a[1] %= SANDBOX_PAGES * PAGE_SIZE;
		a[2] %= SANDBOX_PAGES * PAGE_SIZE;
		a[4] = sandbox_addr();
		return true;
	case __NR_write:
	case __NR_writev:
	case __NR_pwrite64:
		a[0] = any_fd();
		if ((unsigned int)a[0] <= 2)	/* the console: only failing buffers */
			a[1] = bad_pointer();
		return true;
	case __NR_close:
	case __NR_dup:
		a[0] = not_console(any_fd());
		return true;
	case __NR_fcntl:
		a[0] = not_console(any_fd());
		if ((unsigned int)a[1] == 4)	/* F_SETFL: O_NONBLOCK stays */
			a[2] |= 04000;
		return true;
	case __NR_dup2:
	case __NR_dup3:
		a[0] = not_console(any_fd());
		a[1] = not_console(any_fd());
		return true;
	case __NR_read:
	case __NR_readv:
	case __NR_pread64:
	case __NR_lseek:
	case __NR_fstat:
	case __NR_ioctl:
		a[0] = any_fd();
		return true;
	case __NR_pipe:			/* blocking files: pipe2 and eventfd2 make them */
	case __NR_eventfd:
		return false;
	case __NR_pipe2:
	case __NR_eventfd2:
		a[1] |= 04000;		/* O_NONBLOCK */
		return true;
	case __NR_poll:			/* (fds, nfds, timeout) */
		a[1] %= 16;
		a[2] = 0;
		return true;
	case __NR_ppoll:		/* (fds, nfds, timeout, mask, size) */
		a[1] %= 16;
		a[2] = (unsigned long)&zero_timeout;
		return true;
	case __NR_epoll_ctl:		/* (epfd, op, fd, event) */
		a[0] = any_fd();
		a[1] %= 5;
		a[2] = not_console(any_fd());
		return true;
	case __NR_epoll_wait:		/* (epfd, events, max, timeout) */
	case __NR_epoll_pwait:		/* ... mask, size */
		a[0] = any_fd();
		a[3] = 0;
		return true;
	case __NR_select:		/* (nfds, in, out, ex, timeout): a timeval */
	case __NR_pselect6:		/* ... a timespec, and the mask: none */
		/* Zero, and writable: both write the time left back. */
		select_timeout = (struct kernel_timespec){ 0, 0 };
		a[4] = (unsigned long)&select_timeout;
		a[5] = 0;
		return true;
	case __NR_epoll_pwait2:		/* ... timeout as a timespec */
		a[0] = any_fd();
		a[3] = (unsigned long)&zero_timeout;
		return true;
	case __NR_sched_setaffinity:	/* (pid, len, mask) */
	case __NR_sched_getaffinity:
		/* A mask is valid or not by how many CPUs there are: never a readable one. */
		a[2] = bad_pointer() ? : 8;
		return true;
	case __NR_getcpu:	/* (cpu, node, cache): which CPU is not the seed's */
		a[0] = bad_pointer();
		a[1] = bad_pointer();
		return true;
	case __NR_process_vm_readv:
		/*
		 * Its iovecs, read from memory the fuzzer wrote, can name any address
		 * of ours: the stack's contents, which differ from machine to machine,
		 * would reach the sandbox and the hash.
		 */
		return false;
	case __NR_execve:
		a[1] = bad_pointer() ? : 8;	/* -EFAULT, if the path names the program */
		return true;
	case __NR_prctl:		/* strict seccomp would end the fuzzer at its next call */
		/*
		 * Syscall User Dispatch switched on would take the fuzzer's own calls:
		 * a selector it cannot read ends it with SIGSEGV at its next call, one
		 * holding neither ALLOW nor BLOCK with SIGSYS (as on Linux), and none at
		 * all sends SIGSYS for the handler's own rt_sigreturn. Found by seed
		 * 20261207's 11,939,968th call, prctl(59, 1, ..., 0xfff). A selector
		 * access_ok() refuses keeps every check but the read.
		 */
		if ((int)a[0] == PR_SET_SYSCALL_USER_DISPATCH)
			a[4] |= 1UL << 63;
		return (int)a[0] != PR_SET_SECCOMP;
	case __NR_seccomp:
		/*
		 * A filter, from whatever the buffer holds, would judge every later
		 * call: SECCOMP_RET_KILL ends the fuzzer with SIGSYS, RET_TRAP raises a
		 * SIGSYS at each call, its handler's rt_sigreturn included. Only a
		 * program that cannot be read.
		 */
		if ((unsigned int)a[0] == SECCOMP_SET_MODE_FILTER)
			a[2] = bad_pointer();
		return (unsigned int)a[0] != SECCOMP_SET_MODE_STRICT;
	case __NR_timerfd_create:	/* (clock, flags): a read must not block */
		a[1] |= 0x800;		/* TFD_NONBLOCK */
		return true;
	case __NR_timerfd_settime:	/* (fd, flags, new, old): an expiry's time is not
					 * the seed's */
		a[2] = bad_pointer();
		return true;
	case __NR_rseq:		/* (area, len, flags, sig) */
		/*
		 * An area registered is written at every switch, and one that cannot be
		 * is a SIGSEGV at each: a forked child would take it before its fork
		 * returned and go on fuzzing. Only the unregistering, which finds none.
		 */
		a[2] = RSEQ_FLAG_UNREGISTER;
		return true;
	case __NR_kill:
		/* pid 0 and -pid also reach ourselves: never send SIGKILL at all. */
		a[0] = rnd() % 2 ? (unsigned long)getpid() : a[0];
		if (rnd() % 2)
			a[1] %= 70;
		if ((int)a[1] == SIGKILL)
			a[1] = SIGUSR1;
		return true;
	case __NR_tkill:	/* (tid, sig) */
	case __NR_tgkill: {	/* (tgid, tid, sig): never SIGKILL either */
		int sig = (int)nr == __NR_tkill ? 1 : 2;

		if ((int)a[sig] == SIGKILL)
			a[sig] = SIGUSR1;
		return true;
	}
	case __NR_rt_sigaction:
		a[0] %= 70;
		a[1] = rnd() % 2 ? 0 : bad_pointer();	/* never installs a handler */
		a[3] = rnd() % 4 ? 8 : a[3];
		return true;
	case __NR_rt_sigprocmask:
		a[1] = rnd() % 2 ? bad_pointer() : (unsigned long)scratch;
		a[3] = rnd() % 4 ? 8 : a[3];
		return true;
	case __NR_sigaltstack:
		a[0] = rnd() % 2 ? 0 : bad_pointer();
		return true;
	case __NR_mmap:
		/*
		 * Only in the sandbox, MAP_FIXED or not: the kernel takes a free hint as
		 * it is (as Linux does), and one of the "unmapped" bad pointers mapped
		 * would let later calls read what others wrote there (a nanosleep of a
		 * signal mask's worth of seconds, say).
		 */
		a[0] = sandbox_addr();
		a[1] %= SANDBOX_PAGES * PAGE_SIZE;
		return true;
	case __NR_munmap:
	case __NR_mprotect:
	case __NR_madvise:	/* DONTNEED zeroes: only the sandbox */
		a[0] = sandbox_addr();
		a[1] %= SANDBOX_PAGES * PAGE_SIZE;
		return true;
	case __NR_brk:
		return true;
	case __NR_getrandom:
		/* Random bytes in memory the later calls read would change the hash. */
		a[0] = bad_pointer();
		return true;
	case __NR_time:			/* (tloc) */
	case __NR_gettimeofday:		/* (tv, tz) */
		/*
		 * Nor may the clock's bytes: a time written at the end of the buffer
		 * became a path openat() read, "" or not as the clock had it.
		 */
		a[0] = bad_pointer();
		return true;
	case __NR_clock_gettime:	/* (clock, tp) */
		a[1] = bad_pointer();
		return true;
	case __NR_alarm:
	case __NR_setitimer:
	case __NR_timer_settime:
		/* An armed timer's signal would come when the clock says, not the seed. */
		return false;
	case __NR_times:		/* (buf): CPU times, and the ticks since boot */
		a[0] = bad_pointer();
		return true;
	case __NR_getrusage:		/* (who, usage): CPU times */
		a[1] = bad_pointer();
		return true;
	case __NR_entrylab_bench:
		/*
		 * Query, reports that fail and commands that do not exist: switching
		 * the entry variant would end the run, a report that succeeds would
		 * print in the boot's table, and the other queries answer what the
		 * machine is (icount or not, a PMU), not what the seed did.
		 */
		a[0] = rnd() % 2 ? BENCH_ROWS : rnd() % 3 ? BENCH_REPORT :
		       BENCH_NR_CMDS + rnd() % 100;
		a[4] = bad_pointer();
		return true;
	}
	return true;
}

static const long implemented[] = {
	__NR_write, __NR_mmap, __NR_mprotect, __NR_munmap, __NR_brk, __NR_rt_sigaction,
	__NR_rt_sigprocmask, __NR_writev, __NR_sched_yield, __NR_getpid, __NR_kill,
	__NR_uname, __NR_rt_sigpending, __NR_sigaltstack, __NR_arch_prctl, __NR_gettid,
	__NR_set_tid_address, __NR_clock_gettime, __NR_entrylab_bench, __NR_mremap,
	__NR_madvise, __NR_clone, __NR_wait4, __NR_getppid, __NR_rt_sigtimedwait,
	__NR_rt_sigsuspend, __NR_futex, __NR_restart_syscall, __NR_clock_nanosleep, __NR_waitid,
	__NR_set_robust_list, __NR_clone3, __NR_nanosleep, __NR_tkill, __NR_tgkill, __NR_fork,
	__NR_vfork, __NR_read, __NR_open, __NR_close, __NR_fstat, __NR_lseek, __NR_ioctl,
	__NR_pread64, __NR_pwrite64, __NR_readv, __NR_dup, __NR_dup2, __NR_fcntl, __NR_openat,
	__NR_newfstatat, __NR_dup3, __NR_execve, __NR_pipe, __NR_pipe2, __NR_eventfd,
	__NR_eventfd2, __NR_poll, __NR_ppoll, __NR_epoll_create, __NR_epoll_create1,
	__NR_epoll_ctl, __NR_epoll_wait, __NR_epoll_pwait, __NR_epoll_pwait2, __NR_prctl,
	__NR_seccomp, __NR_rseq, __NR_membarrier, __NR_timerfd_create, __NR_timerfd_settime,
	__NR_timerfd_gettime,
};

static long pick_number(void)
{
	switch (rnd() % 8) {
	case 0:
		return (long)rnd();
	case 1:
		return (long)(rnd() % (NR_syscalls + 64));
	case 2:		/* the upper half of RAX, which the kernel ignores as Linux does */
		return (long)((1UL << 32) + implemented[rnd() % ARRAY_SIZE(implemented)]);
	default:
		return implemented[rnd() % ARRAY_SIZE(implemented)];
	}
}

/* A child of the fuzzer's, gone or going: wait until it is, whatever interrupts. */
static void reap(long pid)
{
	while (syscall4(__NR_wait4, pid, 0, 0x40000000 /* __WALL */, 0) == -EINTR)
		;
}

static jmp_buf fault_env;
static unsigned long nsignals, nfaults, nexpiries;

/* volatile: a fault signal longjmps back into the loop. */
static volatile unsigned long made, ok, enosys, efault, other, skipped;
static volatile u64 hash = 0xcbf29ce484222325ULL;
static u64 progress, trace;	/* progress=N, trace=N */

static bool wreck_frames;	/* frames=1 */
static u64 frame_rng = 0x9e3779b97f4a7c15ULL;	/* its own stream: see on_signal() */

/*
 * What rt_sigreturn must survive: a handler that wrecks the FPU image of its
 * frame (Linux's sigreturn checks: the software bytes, the magics, the XSAVE
 * header), or points fpstate anywhere. A wrecked frame makes the sigreturn fail
 * with SIGSEGV, whose handler goes back into the loop; a fixed-up one returns.
 */
static void corrupt_fpstate(struct kernel_ucontext *uc)
{
	u8 *fp = (u8 *)uc->uc_mcontext.fpstate;
	u64 r = frame_rng = frame_rng * 6364136223846793005ULL + 1442695040888963407ULL;
	struct fpx_sw_bytes *sw = (struct fpx_sw_bytes *)(fp + FPX_SW_BYTES_OFFSET);

	/*
	 * The mask the sigreturn restores may block SIGSEGV (a random sigprocmask):
	 * then its SIGSEGV could not be handled, and would end the fuzzer.
	 */
	if (!fp || (uc->uc_sigmask & SIGBIT(SIGSEGV)))
		return;
	switch (r >> 60) {
	case 0:		/* the XSAVE header's reserved bytes: XRSTOR raises #GP */
		((u64 *)(fp + XSAVE_HDR_OFFSET))[2] = r;
		break;
	case 1:		/* xstate_bv with bits XCR0 does not have */
		((u64 *)(fp + XSAVE_HDR_OFFSET))[0] |= r & ~7UL;
		break;
	case 2:		/* no magic: taken as a plain FXSAVE image */
		sw->magic1 = (u32)r;
		break;
	case 3:		/* sizes that do not match the CPU's */
		sw->xstate_size = (u32)r;
		break;
	case 4:		/* MAGIC2 gone */
		fp[sw->xstate_size & 0xfff] ^= 1;
		break;
	case 5:		/* MXCSR with reserved bits: FXRSTOR/XRSTOR raise #GP */
		*(u32 *)(fp + 24) |= 0xffff0000;
		break;
	case 6:		/* fpstate pointing to no user memory */
		uc->uc_mcontext.fpstate = r | 1UL << 63;
		break;
	default:	/* left alone, most of the time */
		break;
	}
}

/*
 * With frames=1, the frames of the signals the fuzzer sends itself are wrecked,
 * from a generator of their own, so the main stream of calls stays the seed's;
 * SIGCHLD's are left alone, as it lands where a child's exit happens to, and so
 * are a timer's (SI_KERNEL from an itimer, SI_TIMER from a POSIX timer), which
 * come at the clock's pace. Every timer the fuzzer arms is for a time no run
 * reaches (limits()): an expiry means the kernel cut the time short, and is
 * counted, not folded into the hash, which must not depend on when it came.
 */
static void on_signal(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	bool timer = si->si_code == SI_KERNEL || si->si_code == SI_TIMER;

	nsignals++;
	if (timer && (sig == SIGALRM || sig == SIGVTALRM || sig == SIGPROF))
		nexpiries++;
	if (wreck_frames && sig != SIGCHLD && !timer)
		corrupt_fpstate(uc);
}

static void on_fault(int sig)
{
	nfaults++;
	longjmp(fault_env, 1);
}

/*
 * int $0x80: the i386 numbers and ABI from this 64-bit program, the arguments'
 * low halves in EBX, ECX, EDX, ESI, EDI and EBP.
 */
static long int80(long nr, const unsigned long a[6])
{
	register unsigned long bp asm("r8") = a[5];

	asm volatile("push %%rbp; mov %%r8, %%rbp; int $0x80; pop %%rbp"
		     : "+a"(nr)
		     : "b"(a[0]), "c"(a[1]), "d"(a[2]), "S"(a[3]), "D"(a[4]), "r"(bp)
		     : "memory", "cc", "r9", "r10", "r11");
	return nr;
}

/*
 * The calls made through int $0x80 as well, by their x86-64 numbers: the same
 * call with 32-bit words, so that make_args()'s rules hold for both. Not execve:
 * a bad argv's low half can be NULL, which execve takes; nor mmap and mremap: the
 * low half of a kernel address (0x80100000) would map memory between 2 and 4 GiB,
 * where ia32_arg() sends what it moves and the console's bad buffers point; nor
 * prctl: the selector make_args() puts out of reach would be in reach as 32 bits.
 */
static const u16 ia32_calls[][2] = {
	{ __NR_read, __NR_ia32_read }, { __NR_write, __NR_ia32_write },
	{ __NR_open, __NR_ia32_open }, { __NR_close, __NR_ia32_close },
	{ __NR_lseek, __NR_ia32_lseek }, { __NR_getpid, __NR_ia32_getpid },
	{ __NR_kill, __NR_ia32_kill }, { __NR_dup, __NR_ia32_dup }, { __NR_brk, __NR_ia32_brk },
	{ __NR_ioctl, __NR_ia32_ioctl }, { __NR_dup2, __NR_ia32_dup2 },
	{ __NR_getppid, __NR_ia32_getppid }, { __NR_munmap, __NR_ia32_munmap },
	{ __NR_wait4, __NR_ia32_wait4 }, { __NR_clone, __NR_ia32_clone },
	{ __NR_uname, __NR_ia32_uname }, { __NR_mprotect, __NR_ia32_mprotect },
	{ __NR_readv, __NR_ia32_readv }, { __NR_writev, __NR_ia32_writev },
	{ __NR_sched_yield, __NR_ia32_sched_yield }, { __NR_nanosleep, __NR_ia32_nanosleep },
	{ __NR_rt_sigaction, __NR_ia32_rt_sigaction },
	{ __NR_rt_sigprocmask, __NR_ia32_rt_sigprocmask },
	{ __NR_rt_sigpending, __NR_ia32_rt_sigpending },
	{ __NR_rt_sigsuspend, __NR_ia32_rt_sigsuspend },
	{ __NR_sigaltstack, __NR_ia32_sigaltstack }, { __NR_vfork, __NR_ia32_vfork },
	{ __NR_fork, __NR_ia32_fork },
	{ __NR_madvise, __NR_ia32_madvise }, { __NR_fcntl, __NR_ia32_fcntl64 },
	{ __NR_gettid, __NR_ia32_gettid }, { __NR_tkill, __NR_ia32_tkill },
	{ __NR_futex, __NR_ia32_futex }, { __NR_set_tid_address, __NR_ia32_set_tid_address },
	{ __NR_clock_gettime, __NR_ia32_clock_gettime },
	{ __NR_clock_nanosleep, __NR_ia32_clock_nanosleep }, { __NR_tgkill, __NR_ia32_tgkill },
	{ __NR_waitid, __NR_ia32_waitid }, { __NR_openat, __NR_ia32_openat },
	{ __NR_set_robust_list, __NR_ia32_set_robust_list }, { __NR_getcpu, __NR_ia32_getcpu },
	{ __NR_eventfd2, __NR_ia32_eventfd2 }, { __NR_epoll_create1, __NR_ia32_epoll_create1 },
	{ __NR_dup3, __NR_ia32_dup3 }, { __NR_pipe2, __NR_ia32_pipe2 },
	{ __NR_prlimit64, __NR_ia32_prlimit64 }, { __NR_getrandom, __NR_ia32_getrandom },
	{ __NR_memfd_create, __NR_ia32_memfd_create }, { __NR_membarrier, __NR_ia32_membarrier },
	{ __NR_rseq, __NR_ia32_rseq }, { __NR_clone3, __NR_ia32_clone3 },
	{ __NR_entrylab_bench, __NR_ia32_entrylab_bench },
};

/* nr's i386 number, or -1 if it is not made through int $0x80. */
static long ia32_number(long nr)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(ia32_calls); i++)
		if (ia32_calls[i][0] == (int)nr)
			return ia32_calls[i][1];
	return -1;
}

/*
 * An argument as an i386 call sees it: its low half. Where that lands in the
 * fuzzer's own image or heap (which a full 64-bit value never reaches, but a
 * random low half does once in tens of thousands), it is moved above 2 GiB,
 * where nothing is mapped: the scratch buffer is below (MAP_32BIT, so that its
 * addresses are i386 pointers too) and the sandbox far above.
 */
static unsigned long ia32_arg(unsigned long v)
{
	v = (u32)v;
	if (v >= IMAGE_LOW && v < IMAGE_LOW + IMAGE_SPAN)
		v |= 0x80000000UL;
	return v;
}

/*
 * Makes one call, by int $0x80 if ia32 (nr is still its x86-64 number), and
 * folds its result into the hash; returns the result.
 */
static long make_call(long nr, const unsigned long a[6], bool ia32)
{
	bool creates = (int)nr == __NR_fork || (int)nr == __NR_vfork || (int)nr == __NR_clone;
	unsigned long b[6];
	long ret;

	/* Here, not after the call: a fault signal's longjmp skips the rest. */
	if (progress && made && made % progress == 0)
		printf("fuzz: progress: %lu calls, hash 0x%016lx\n", made, (unsigned long)hash);
	made++;
	for (int i = 0; i < 6; i++)
		b[i] = ia32 ? ia32_arg(a[i]) : a[i];
	if (trace && made >= trace)
		printf("fuzz: call %lu: %s%ld(0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx)\n", made,
		       ia32 ? "int80 " : "", ia32 ? ia32_number(nr) : nr, b[0], b[1], b[2], b[3],
		       b[4], b[5]);
	ret = ia32 ? int80(ia32_number(nr), b) : syscall6(nr, b[0], b[1], b[2], b[3], b[4], b[5]);
	if (creates && !ret)
		syscall1(__NR_exit, 0);		/* a child: gone at once */
	if (creates && ret > 0) {
		reap(ret);
		/*
		 * The pid is not the seed's either: it counts every task created
		 * since boot, the self-tests' included.
		 */
		ret = 1;
	}
	if (((int)nr == __NR_time || (int)nr == __NR_times) && ret >= 0)
		ret = 0;	/* the clock's value is not the seed's: hash "it worked" */
	if ((int)nr == __NR_kcmp && ret > 0)
		ret = 1;	/* which file is lower in memory is not the seed's either */
	hash = (hash ^ (u64)ret) * 0x100000001b3ULL;
	if (ret == -ENOSYS)
		enosys++;
	else if (ret == -EFAULT)
		efault++;
	else if (ret >= 0)
		ok++;
	else
		other++;
	return ret;
}

/* A file position or size at its type's limits, or just inside them. */
static unsigned long limit_position(void)
{
	static const unsigned long pos[] = {
		0, 1, 4095, 4096, SANDBOX_PAGES * PAGE_SIZE, 0x7fffffff, 0x80000000UL,
		0xffffffffUL, 1UL << 32, (1UL << 63) - PAGE_SIZE, (1UL << 63) - 1, 1UL << 63,
		~0UL - PAGE_SIZE + 1, ~0UL,
	};

	return pos[rnd() % ARRAY_SIZE(pos)] + (rnd() % 4 ? 0 : rnd() % 3 - 1);
}

/* A byte count at its type's limits: INT_MAX, MAX_RW_COUNT, 2^32, SIZE_MAX... */
static unsigned long limit_count(void)
{
	static const unsigned long count[] = {
		0, 1, 8, 4096, SCRATCH_SIZE, SCRATCH_SIZE + 1, 0x7ffff000, 0x7fffffff,
		0x80000000UL, 0xffffffffUL, 1UL << 32, (1UL << 63) - 1, 1UL << 63, ~0UL,
	};

	return count[rnd() % ARRAY_SIZE(count)];
}

/* A time in seconds (or ns) at its type's limits: 2^63 - 1, 2^63, 2^62, INT_MAX, -1... */
static long limit_time(void)
{
	static const unsigned long t[] = {
		0, 1, 999999, 1000000, 999999999, 1000000000, 0x7fffffff, 0x80000000UL,
		1UL << 62, (1UL << 63) - 1, 1UL << 63, ~0UL,
	};

	return (long)t[rnd() % ARRAY_SIZE(t)];
}

/*
 * A time never reached in a run, or one rejected: an armed timer or a sleep must
 * not end at the clock's pace, only at once (an error) or never. A kernel that
 * wraps such a value fires a timer the fuzzer never expects.
 */
static struct kernel_timespec far_timespec(void)
{
	struct kernel_timespec ts = { .tv_sec = limit_time(), .tv_nsec = limit_time() };

	if (ts.tv_sec >= 0 && ts.tv_sec < 1L << 31 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000)
		ts.tv_sec = 1L << 31;		/* valid: made far */
	return ts;
}

/*
 * select, pselect6 or ppoll on fd and other with a timeout at its type's limits:
 * on a file that is ready they return at once, however long the timeout
 * (a pipe's two ends: one is readable or the other writable), so a timeout never
 * reached is safe to give; on one that may not be (a timerfd), zero.
 */
static void select_on(long fd, long other, bool ready)
{
	static u64 sets[2][16];			/* read and write fd_sets, 1024 fds */
	static struct kernel_timespec timeout;	/* written back: the time left */
	static struct pollfd pfd[2];
	unsigned long a[6] = { 0 };
	long nr;

	if ((unsigned long)fd >= 1024 || (unsigned long)other >= 1024)
		return;
	memset(sets, 0, sizeof(sets));
	for (int i = 0; i < 2; i++) {
		sets[i][fd / 64] |= 1UL << (fd % 64);
		sets[i][other / 64] |= 1UL << (other % 64);
	}
	timeout = ready ? far_timespec() : (struct kernel_timespec){ 0, 0 };
	switch (rnd() % 3) {
	case 0:		/* a timeval: microseconds, the same limits */
		nr = __NR_select;
		a[0] = MAX(fd, other) + 1;
		a[1] = (unsigned long)sets[0];
		a[2] = (unsigned long)sets[1];
		a[4] = (unsigned long)&timeout;
		break;
	case 1:
		nr = __NR_pselect6;
		a[0] = MAX(fd, other) + 1;
		a[1] = (unsigned long)sets[0];
		a[2] = (unsigned long)sets[1];
		a[4] = (unsigned long)&timeout;
		break;
	default:
		nr = __NR_ppoll;
		pfd[0] = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
		pfd[1] = (struct pollfd){ .fd = other, .events = POLLIN | POLLOUT };
		a[0] = (unsigned long)pfd;
		a[1] = 2;
		a[2] = (unsigned long)&timeout;
		break;
	}
	make_call(nr, a, false);
}

/*
 * Timers, sleeps and resource limits given values at their types' limits:
 * setitimer, timer_settime, clock_nanosleep and futex waits with 2^63 and the
 * like (never reached: a kernel that wraps them fires early), prlimit64 and
 * setrlimit with RLIM_INFINITY and its neighbours (raising a limit never harms
 * the fuzzer; a soft limit above the hard one is -EINVAL).
 */
static void limits(void)
{
	static struct kernel_timeval itv[2];		/* interval, value */
	static struct kernel_timeval old_itv[2];	/* the time left: never hashed */
	static struct itimerspec its, old_its;
	static struct kernel_timespec ts;
	static unsigned long rlim[2], old_rlim[2];
	static int timer_id;
	static u32 word;
	unsigned long a[6] = { 0 };

	switch (rnd() % 6) {
	case 0:
		for (int i = 0; i < 2; i++) {
			ts = far_timespec();
			itv[i] = (struct kernel_timeval){ ts.tv_sec, ts.tv_nsec % 2000000 };
			/* An invalid tv_nsec can leave a valid tv_usec: made far too. */
			if (itv[i].tv_sec >= 0 && itv[i].tv_sec < 1L << 31 &&
			    itv[i].tv_usec >= 0 && itv[i].tv_usec < 1000000)
				itv[i].tv_sec = 1L << 31;
		}
		a[0] = rnd() % 4;	/* REAL, VIRTUAL, PROF; 3 is -EINVAL */
		a[1] = (unsigned long)itv;
		a[2] = rnd() % 2 ? 0 : (unsigned long)old_itv;
		make_call(__NR_setitimer, a, false);
		a[1] = (unsigned long)old_itv;
		make_call(__NR_getitimer, a, false);
		break;
	case 1:
		a[0] = rnd() % 2 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		a[1] = 0;		/* no sigevent: SIGALRM */
		a[2] = (unsigned long)&timer_id;
		if (make_call(__NR_timer_create, a, false))
			break;
		a[0] = timer_id;
		a[1] = rnd() % 2;	/* TIMER_ABSTIME */
		its = (struct itimerspec){ far_timespec(), far_timespec() };
		a[2] = (unsigned long)&its;
		a[3] = (unsigned long)&old_its;
		make_call(__NR_timer_settime, a, false);
		a[1] = (unsigned long)&old_its;
		make_call(__NR_timer_gettime, a, false);
		make_call(__NR_timer_delete, a, false);
		break;
	case 2:
		/* Only times the call must refuse: a valid one is made invalid (-EINVAL). */
		ts = far_timespec();
		if (rnd() % 2) {
			a[1] = 1;	/* TIMER_ABSTIME */
			if (ts.tv_sec > 0 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000)
				ts.tv_sec = -ts.tv_sec;
		} else if (ts.tv_sec >= 0 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000) {
			ts.tv_nsec = -1;
		}
		a[0] = rnd() % 2 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		a[2] = (unsigned long)&ts;
		make_call(__NR_clock_nanosleep, a, false);
		break;
	case 3:
		/* A wait for a value the word does not hold: -EAGAIN, or -EINVAL for the time. */
		ts = far_timespec();
		a[0] = (unsigned long)&word;
		a[1] = rnd() % 2 ? FUTEX_WAIT : FUTEX_WAIT_BITSET;	/* relative, absolute */
		a[2] = word + 1;
		a[3] = (unsigned long)&ts;
		a[5] = FUTEX_BITSET_MATCH_ANY;
		make_call(__NR_futex, a, false);
		break;
	case 4: {
		/*
		 * A long argument list of the program itself that must fail: strings
		 * anywhere in scratch (past Linux's limit: -E2BIG; into the unmapped
		 * page: -EFAULT), and argv[0], measured last, a bad pointer (-EFAULT).
		 * Not by int $0x80: the low half of a bad pointer may be NULL.
		 */
		static unsigned long argv[4096];
		unsigned long n = 1 + rnd() % (ARRAY_SIZE(argv) - 1);

		argv[0] = bad_pointer() ? : 8;
		for (unsigned long i = 1; i < n; i++)
			argv[i] = (unsigned long)scratch + rnd() % SCRATCH_SIZE;
		argv[n] = 0;
		a[0] = (unsigned long)"/proc/self/exe";
		a[1] = (unsigned long)argv;
		a[2] = rnd() % 2 ? (unsigned long)(argv + 1 + rnd() % n) : 0;	/* envp */
		make_call(__NR_execve, a, false);
		break;
	}
	default: {
		static const unsigned long big[] = {
			RLIM_INFINITY, RLIM_INFINITY - 1, 1UL << 63, (1UL << 63) - 1,
		};

		rlim[0] = big[rnd() % ARRAY_SIZE(big)];
		rlim[1] = big[rnd() % ARRAY_SIZE(big)];
		a[0] = 0;
		a[1] = rnd() % (RLIM_NLIMITS + 1);
		a[2] = (unsigned long)rlim;
		a[3] = rnd() % 2 ? 0 : (unsigned long)old_rlim;
		if (rnd() % 2) {
			make_call(__NR_prlimit64, a, false);
		} else {
			a[0] = a[1];
			a[1] = a[2];
			make_call(__NR_setrlimit, a, false);
			a[1] = (unsigned long)old_rlim;
			make_call(__NR_getrlimit, a, false);
		}
		break;
	}
	}
}

/*
 * The calls a file takes, one after another on it alone, at its type's limits:
 * what a random call in isolation rarely reaches (an lseek past LLONG_MAX and
 * then a read, a write at the largest position, a mapping past the file's end
 * and a touch of it). A memfd, a pipe, a timerfd, an eventfd or /dev/zero; the
 * file is closed at the end: at most 11 calls.
 */
static void descriptor_sequence(void)
{
	static const char *const names[] = { "fuzz", "/dev/zero", "/dev/null" };
	static int pipefd[2];
	unsigned long a[6] = { 0 };
	int kind = rnd() % 5, steps = 1 + rnd() % 8;
	long fd, other = -1;

	switch (kind) {
	case 0:
		a[0] = (unsigned long)names[0];
		a[1] = rnd() % 4;	/* MFD_CLOEXEC, MFD_ALLOW_SEALING */
		fd = make_call(__NR_memfd_create, a, false);
		break;
	case 1:
		a[0] = (unsigned long)pipefd;
		a[1] = 04000;		/* O_NONBLOCK */
		if (make_call(__NR_pipe2, a, false))
			return;
		fd = pipefd[rnd() % 2];
		other = pipefd[0] + pipefd[1] - fd;
		break;
	case 2:
		a[0] = rnd() % 2 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		a[1] = 0x800;		/* TFD_NONBLOCK */
		fd = make_call(__NR_timerfd_create, a, false);
		break;
	case 3:
		a[0] = any_value();
		a[1] = 04000 | (rnd() % 2);	/* EFD_NONBLOCK, EFD_SEMAPHORE */
		fd = make_call(__NR_eventfd2, a, false);
		break;
	default:
		a[0] = -100;		/* AT_FDCWD */
		a[1] = (unsigned long)names[1 + rnd() % 2];
		a[2] = 2;		/* O_RDWR */
		fd = make_call(__NR_openat, a, false);
		break;
	}
	if (fd < 0)
		return;
	while (steps--) {
		long nr;

		a[0] = fd;
		switch (rnd() % 10) {
		case 0:
			nr = __NR_lseek;
			a[1] = limit_position();
			a[2] = rnd() % 5;	/* SET, CUR, END, DATA, HOLE */
			break;
		case 1:
		case 2: {
			unsigned long n = limit_count();

			nr = rnd() % 2 ? __NR_read : __NR_write;
			a[1] = (unsigned long)scratch;
			if (n && rnd() % 4 == 0)	/* a partial copy: the tail unmapped */
				a[1] += SCRATCH_SIZE - 1 - rnd() % MIN(n, SCRATCH_SIZE);
			else if (n < SCRATCH_SIZE)
				a[1] += rnd() % (SCRATCH_SIZE - n);
			a[2] = n;
			break;
		}
		case 3:
			nr = rnd() % 2 ? __NR_pread64 : __NR_pwrite64;
			a[1] = (unsigned long)scratch;
			a[2] = limit_count();
			a[3] = limit_position();
			break;
		case 4:
			nr = __NR_ftruncate;
			a[1] = limit_position();
			break;
		case 5:
		case 6: {
			/* A shared mapping of it in the sandbox, then a touch of each end. */
			unsigned long page = rnd() % SANDBOX_PAGES, len;
			static u64 blocked;
			volatile u8 *p;

			a[0] = SANDBOX + page * PAGE_SIZE;
			a[1] = len = (1 + rnd() % (SANDBOX_PAGES - page)) * PAGE_SIZE;
			a[2] = rnd() % 4;	/* PROT_READ, PROT_WRITE: either, both or none */
			a[3] = MAP_FIXED | (rnd() % 2 ? MAP_SHARED : MAP_PRIVATE);
			a[4] = fd;
			a[5] = rnd() % 2 ? rnd() % 4 * PAGE_SIZE : limit_position();
			if (make_call(__NR_mmap, a, false) < 0)
				continue;
			/*
			 * A fault (SIGBUS past the end, SIGSEGV) goes back to the loop, if
			 * its handler can run: a random sigprocmask may have blocked it, and
			 * a fault's blocked signal ends the process.
			 */
			syscall4(__NR_rt_sigprocmask, 0, 0, (long)&blocked, 8);
			if (blocked & (SIGBIT(SIGSEGV) | SIGBIT(SIGBUS)))
				continue;
			p = (volatile u8 *)(SANDBOX + page * PAGE_SIZE);
			if (rnd() % 2)
				p[rnd() % len] = (u8)rnd();
			else
				(void)p[rnd() % len];
			continue;
		}
		case 7: {
			static struct itimerspec its;

			nr = __NR_timerfd_settime;
			a[1] = rnd() % 4;	/* TFD_TIMER_ABSTIME, CANCEL_ON_SET */
			its = (struct itimerspec){ far_timespec(), far_timespec() };
			a[2] = (unsigned long)&its;
			a[3] = 0;
			break;
		}
		case 8:
			nr = __NR_fstat;
			a[1] = (unsigned long)scratch;
			break;
		default:
			select_on(fd, other < 0 ? fd : other, kind != 2);
			continue;
		}
		make_call(nr, a, false);
	}
	a[0] = fd;
	make_call(__NR_close, a, false);
	if (other >= 0) {
		a[0] = other;
		make_call(__NR_close, a, false);
	}
}

/*
 * Six epolls kept from draw to draw: each draw has one watch another (or drop that watch)
 * and waits on one with a zero timeout, so chains grow until EP_MAX_NESTS refuses them
 * and loops are tried (-ELOOP). One that another call closed is made again.
 */
static void epoll_chain(void)
{
	/* EPOLLIN only: an EPOLLET report hangs on every poll_wake(), which SMP=2 times vary. */
	static const struct { u32 events; u64 data; } __packed in = { POLLIN, 0 };
	static long eps[6] = { -1, -1, -1, -1, -1, -1 };
	int pick[2] = { rnd() % 6, rnd() % 6 };
	unsigned long a[6] = { 0 };

	for (int i = 0; i < 2; i++) {
		a[0] = eps[pick[i]];
		a[1] = 1;		/* F_GETFD */
		if (eps[pick[i]] < 0 || make_call(__NR_fcntl, a, false) < 0) {
			a[0] = 0;
			eps[pick[i]] = make_call(__NR_epoll_create1, a, false);
		}
	}
	a[0] = eps[pick[0]];
	a[1] = rnd() % 4 ? 1 : 2;	/* EPOLL_CTL_ADD, EPOLL_CTL_DEL */
	a[2] = eps[pick[1]];
	a[3] = (unsigned long)&in;
	make_call(__NR_epoll_ctl, a, false);
	a[0] = eps[rnd() % 6];
	a[1] = (unsigned long)scratch;
	a[2] = 1 + rnd() % 4;
	a[3] = 0;
	make_call(__NR_epoll_wait, a, false);
}

/*
 * The vDSO, the vvar page or a sandbox page moved by mremap(MREMAP_FIXED) to the
 * break's next pages, then brk() grown into it (Linux stops a page below the next
 * mapping: the break stays) and put back. Where the vDSO and vvar are is kept from
 * draw to draw: the fuzzer calls neither (its clock calls are system calls). The
 * vDSO's length is its image's, which ends with its section headers.
 */
static void brk_meets_mappings(void)
{
	static unsigned long vdso, vdso_len, vvar;
	unsigned long a[6] = { 0 }, brk, target;
	int which = rnd() % 3;
	long ret;

	if (!vdso) {
		const struct elf64_ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);

		vdso = (unsigned long)eh;
		vdso_len = ALIGN_UP(eh->e_shoff + eh->e_shnum * eh->e_shentsize, PAGE_SIZE);
		vvar = vdso - PAGE_SIZE;	/* arch/x86/vdso/vma.c maps it just below */
	}
	brk = make_call(__NR_brk, a, false);	/* brk(0): where the break is */
	target = ALIGN_UP(brk, PAGE_SIZE) + (rnd() % 3) * PAGE_SIZE;
	a[0] = which == 0 ? vdso : which == 1 ? vvar :
				 SANDBOX + (rnd() % SANDBOX_PAGES) * PAGE_SIZE;
	a[1] = a[2] = which == 0 ? vdso_len : PAGE_SIZE;
	a[3] = MREMAP_MAYMOVE | MREMAP_FIXED;
	a[4] = target;
	ret = make_call(__NR_mremap, a, false);
	if (ret == (long)target && which == 0)
		vdso = target;
	else if (ret == (long)target && which == 1)
		vvar = target;
	a[0] = brk + rnd() % (4 * PAGE_SIZE);
	make_call(__NR_brk, a, false);
	a[0] = brk;
	make_call(__NR_brk, a, false);
}

int main(int argc, char **argv)
{
	static struct cmdline args;
	u64 seed, count;

	cmdline_parse_argv(&args, "fuzz", argc, argv);
	seed = cmdline_u64_range(&args, "seed", 1, 1, ~0ULL);
	count = cmdline_u64(&args, "count", 1000000);
	wreck_frames = cmdline_u64_range(&args, "frames", 0, 0, 1);
	/* The hash every N calls: a long run shows it is alive, and where two runs part. */
	progress = cmdline_u64(&args, "progress", 0);
	/* Every call from the Nth on, as made: what a seed that ends the fuzzer did last. */
	trace = cmdline_u64(&args, "trace", 0);
	cmdline_warn_unknown(&args);
	rng_state = seed;
	setup_scratch();
	setup_sandbox_floor();
	for (int sig = 1; sig <= _NSIG; sig++) {
		bool fault = sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE ||
			     sig == SIGTRAP;

		/* SA_NODEFER: a fault handler left by longjmp must not stay blocked. */
		sigaction(sig, fault ? (unsigned long)on_fault : (unsigned long)on_signal,
			  fault ? SA_NODEFER : SA_SIGINFO, 0, NULL);
	}
	printf("fuzz: seed=%lu count=%lu\n", (unsigned long)seed, (unsigned long)count);
	setjmp(fault_env);
	while (made < count) {
		unsigned long a[6];

		/* One in 16: a few calls that belong together (at most 11: the count holds). */
		if (rnd() % 16 == 0 && count - made >= 11) {
			int which = rnd() % 4;

			if (which == 0)
				descriptor_sequence();
			else if (which == 1)
				limits();
			else if (which == 2)
				epoll_chain();
			else
				brk_meets_mappings();
			continue;
		}
		long nr = pick_number();

		if (!make_args(nr, a)) {
			skipped++;
			continue;
		}
		make_call(nr, a, rnd() % 8 == 0 && ia32_number(nr) >= 0);
	}
	printf("fuzz: done: %lu syscalls made: %lu ok, %lu -EFAULT, %lu -ENOSYS, %lu other errors,"
	       " %lu ended by a fault signal; %lu not made (would end the fuzzer); %lu signals"
	       " handled\n", made, ok, efault, enosys, other, nfaults, skipped, nsignals + nfaults);
	printf("fuzz: result hash 0x%016lx\n", (unsigned long)hash);
	if (nexpiries)
		printf("fuzz: %lu timer expiries: timers armed for 2^31 seconds or more fired\n",
		       nexpiries);
	return 0;
}
