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
 * that install state (handlers, an alternate stack, unmapping memory) only ever
 * see pointers that fail, or a sandbox region; calls that can block (futex, the
 * sleeps, signal waits) only ever see arguments that make them fail at once.
 * Files that could block are never made so: pipes, eventfds and timerfds come
 * from pipe2, eventfd2 and timerfd_create with O_NONBLOCK always set (pipe and
 * eventfd are not made), and F_SETFL keeps it; a timerfd is never armed (its
 * expiries would come at the host's pace, not the seed's); poll, ppoll and the
 * epoll waits get a zero timeout. The descriptors the calls name are mostly the
 * low numbers these land on.
 * fork, vfork and clone (random flags, minus the sharing ones: a child sharing
 * the fuzzer's memory or stack would corrupt it) are made: a child exits at
 * once, and the fuzzer reaps it before its next call, so results stay the
 * same on any number of CPUs. At the end it prints its counts and a hash of every result:
 * the same seed gives the same hash. frames=1 also wrecks the FPU image of the
 * signal frames it returns from (on_signal()).
 */
#include <asm/fpu.h>
#include <errno.h>
#include <libc.h>
#include <time.h>
#include <uapi/bench.h>
#include <uapi/prctl.h>
#include <uapi/rseq.h>
#include <uapi/seccomp.h>
#include <user_layout.h>

#define SANDBOX		0x0000000200000000UL	/* mmap/munmap/mprotect play here */
#define SANDBOX_PAGES	16

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
	long p = syscall6(__NR_mmap, 0, SCRATCH_SIZE + PAGE_SIZE, 3, 0x22, -1, 0);

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
		return (unsigned long)scratch + SCRATCH_SIZE - 1 - rnd() % 8;	/* straddles the hole */
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

/* An fd: mostly 3-15, where the files the calls open and pipe2() and the rest make are. */
static unsigned long any_fd(void)
{
	return rnd() % 4 ? 3 + rnd() % 13 : any_value();
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
		a[0] = (a[0] & ~(0xffUL | 0x100 | 0x800 | 0x4000 | 0x10000 | 0x80000 | 0x100000)) |
		       SIGCHLD;
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
		a[1] = bad_pointer() ? : 8;	/* -EFAULT before any file is looked at */
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
	case __NR_timerfd_settime:	/* (fd, flags, new, old): an expiry's time is not the seed's */
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
		a[0] = rnd() % 2 ? BENCH_ROWS : rnd() % 3 ? BENCH_REPORT : BENCH_NR_CMDS + rnd() % 100;
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
static unsigned long nsignals, nfaults;

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
 * SIGCHLD's are left alone, as it lands where a child's exit happens to.
 */
static void on_signal(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	nsignals++;
	if (wreck_frames && sig != SIGCHLD)
		corrupt_fpstate(uc);
}

static void on_fault(int sig)
{
	nfaults++;
	longjmp(fault_env, 1);
}

int main(int argc, char **argv)
{
	static struct cmdline args;
	u64 seed, count, progress, trace;
	/* volatile: a fault signal longjmps back into the loop. */
	static volatile unsigned long made, ok, enosys, efault, other, skipped;
	static volatile u64 hash = 0xcbf29ce484222325ULL;

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
		long nr = pick_number(), ret;
		bool creates;

		if (!make_args(nr, a)) {
			skipped++;
			continue;
		}
		/* Here, not after the call: a fault signal's longjmp skips the rest. */
		if (progress && made && made % progress == 0)
			printf("fuzz: progress: %lu calls, hash 0x%016lx\n", made, (unsigned long)hash);
		made++;
		if (trace && made >= trace)
			printf("fuzz: call %lu: %ld(0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx)\n", made, nr,
			       a[0], a[1], a[2], a[3], a[4], a[5]);
		creates = (int)nr == __NR_fork || (int)nr == __NR_vfork || (int)nr == __NR_clone;
		ret = syscall6(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
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
	}
	printf("fuzz: done: %lu syscalls made: %lu ok, %lu -EFAULT, %lu -ENOSYS, %lu other errors,"
	       " %lu ended by a fault signal; %lu not made (would end the fuzzer); %lu signals"
	       " handled\n", made, ok, efault, enosys, other, nfaults, skipped, nsignals + nfaults);
	printf("fuzz: result hash 0x%016lx\n", (unsigned long)hash);
	return 0;
}
