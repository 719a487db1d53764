// SPDX-License-Identifier: GPL-2.0
/* Signal catching and recovery for the ring-3 entry tests. */
#include <uapi/filter.h>
#include <uapi/futex.h>
#include <uapi/mman.h>
#include <uapi/sched.h>
#include <uapi/seccomp.h>
#include "harness.h"

volatile struct caught caught;
jmp_buf recover_env;
static bool recover_after[_NSIG + 1];

static void recorder(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	struct kernel_sigcontext *sc = &uc->uc_mcontext;

	caught.count++;
	caught.sig = sig;
	caught.code = si->si_code;
	caught.addr = (unsigned long)si->fault.addr;
	caught.ip = sc->ip;
	caught.flags = sc->flags;
	caught.trapno = sc->trapno;
	caught.err = sc->err;
	sc->flags &= ~X86_EFLAGS_TF;		/* one trap, not one per instruction */
	if (recover_after[sig]) {
		/*
		 * rt_sigreturn "returns" into longjmp(recover_env, 1), in 64-bit mode
		 * with the usual SS: the faulting context may have had others.
		 */
		sc->ip = (unsigned long)longjmp;
		sc->di = (unsigned long)recover_env;
		sc->si = 1;
		sc->cs = __USER_CS;
		sc->ss = __USER_DS;
	}
}

void catch_signal(int sig, unsigned long flags, bool recover)
{
	recover_after[sig] = recover;
	sigaction(sig, (unsigned long)recorder, SA_SIGINFO | flags, 0, NULL);
}

void reset_signal(int sig)
{
	sigaction(sig, SIG_DFL, 0, 0, NULL);
}

bool faults(void (*fn)(void))
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP };

	memset((void *)&caught, 0, sizeof(caught));
	for (unsigned int i = 0; i < ARRAY_SIZE(sigs); i++)
		catch_signal(sigs[i], 0, true);
	if (!setjmp(recover_env))
		fn();
	for (unsigned int i = 0; i < ARRAY_SIZE(sigs); i++)
		reset_signal(sigs[i]);
	return caught.count > 0;
}

long segment_limit(unsigned int sel)
{
	unsigned int limit, ok = 0;

	asm volatile("lsl %2, %0\n\tjnz 1f\n\tmovl $1, %1\n1:"
		     : "=r"(limit), "+r"(ok) : "r"(sel));
	return ok ? (long)limit : -1;
}

unsigned long map_top_page(bool exec)
{
	unsigned long top = TASK_SIZE_MAX - PAGE_SIZE;
	unsigned long prot = PROT_READ | PROT_WRITE | (exec ? PROT_EXEC : 0);
	long addr = syscall6(__NR_mmap, top, PAGE_SIZE, prot,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	if (addr == (long)top)
		memset((void *)top, 0x5a, PAGE_SIZE);
	return addr;
}

bool pin_to_this_cpu(void)
{
	unsigned int cpu = 0;
	unsigned long mask;

	if (syscall3(__NR_getcpu, &cpu, NULL, NULL))
		return false;
	mask = 1UL << cpu;
	return !syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
}

void unpin(void)
{
	unsigned long mask = -1UL;

	syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
}

long fd_read(long fd, void *buf, long n)
{
	return syscall3(__NR_read, fd, buf, n);
}

long fd_write(long fd, const void *buf, long n)
{
	return syscall3(__NR_write, fd, buf, n);
}

void close_pair(const int fds[2])
{
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}

int wait_status(long pid)
{
	int status = -1;

	syscall4(__NR_wait4, pid, &status, 0, NULL);
	return status;
}

int in_child(int (*fn)(void))
{
	long pid = syscall0(__NR_fork);

	if (pid == 0)
		syscall1(__NR_exit, fn());
	return pid < 0 ? -1 : wait_status(pid);
}

struct cap_header {
	unsigned int version;
	int pid;
};

struct cap_data {
	unsigned int effective, permitted, inheritable;
};

long caps_get(int tid, struct caps *c)
{
	struct cap_header hdr = { 0x20080522, tid };
	struct cap_data d[2];
	long ret = syscall2(__NR_capget, &hdr, d);

	*c = (struct caps){ d[0].effective | (u64)d[1].effective << 32,
			    d[0].permitted | (u64)d[1].permitted << 32,
			    d[0].inheritable | (u64)d[1].inheritable << 32 };
	return ret;
}

long caps_set(const struct caps *c)
{
	struct cap_header hdr = { 0x20080522, 0 };
	struct cap_data d[2];

	for (int i = 0; i < 2; i++)
		d[i] = (struct cap_data){ c->effective >> 32 * i, c->permitted >> 32 * i,
					  c->inheritable >> 32 * i };
	return syscall2(__NR_capset, &hdr, d);
}

void nap_ms(long ms)
{
	struct timespec64 ts = { ms / 1000, ms % 1000 * 1000000L };

	syscall2(__NR_nanosleep, &ts, NULL);
}

long signal_later(int sig, long ms, int status)
{
	int parent = getpid();
	long pid = syscall0(__NR_fork);

	if (pid == 0) {
		nap_ms(ms);
		kill(parent, sig);
		nap_ms(ms);
		syscall1(__NR_exit, status);
	}
	return pid;
}

#define THREAD_STACK_SIZE	(16 * PAGE_SIZE)
#define CLONE_THREAD_FLAGS	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | \
				 CLONE_THREAD | CLONE_SYSVSEM | CLONE_PARENT_SETTID | \
				 CLONE_CHILD_CLEARTID)

long thread_start(struct thread *th, int (*fn)(void *), void *arg)
{
	long tid;

	th->stack = syscall6(__NR_mmap, 0, THREAD_STACK_SIZE, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	th->ctid = -1;
	tid = clone_thread(CLONE_THREAD_FLAGS, (void *)(th->stack + THREAD_STACK_SIZE), &th->ptid,
			   (int *)&th->ctid, 0, fn, arg);
	if (tid < 0)
		syscall2(__NR_munmap, th->stack, THREAD_STACK_SIZE);
	return tid;
}

/* pthread_join(): sleep on the tid word until the kernel clears it. */
void thread_join(struct thread *th)
{
	int tid;

	while ((tid = th->ctid) != 0)
		syscall6(__NR_futex, (long)&th->ctid, FUTEX_WAIT, tid, 0, 0, 0);
	syscall2(__NR_munmap, th->stack, THREAD_STACK_SIZE);
}

int threads_alive(void)
{
	struct sysinfo si;

	return syscall1(__NR_sysinfo, &si) ? -1 : si.procs;
}

long filter_allow_all(void)
{
	struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { 1, &allow };

	return syscall3(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}
