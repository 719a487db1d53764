/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the ring-3 entry tests: catching a signal and getting control
 * back, and the assembly probes of probes.asm.
 */
#ifndef _USER_TESTS_HARNESS_H
#define _USER_TESTS_HARNESS_H

#include <asm/page.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <errno.h>
#include <libc.h>
#include <selftest.h>
#include <uapi/sysinfo.h>

/* Linux's struct __kernel_timespec, as nanosleep, futex and clock_gettime take it. */
struct timespec64 {
	long sec, nsec;
};

struct gprs {
	unsigned long rax, rbx, rcx, rdx, rsi, rdi, rbp, rsp;
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
};

/* What the last caught signal reported. */
struct caught {
	int count;
	int sig, code;
	unsigned long addr, ip, flags, trapno, err;
};
extern volatile struct caught caught;
extern jmp_buf recover_env;

/*
 * catch_signal - record sig with SA_SIGINFO | flags; with recover, resume at
 * the last setjmp(recover_env) afterwards (through rt_sigreturn, so the mask
 * comes back), else return to the interrupted code with TF cleared.
 */
void catch_signal(int sig, unsigned long flags, bool recover);
void reset_signal(int sig);

/* Runs fn expecting a signal; returns true if one was caught and recovered from. */
bool faults(void (*fn)(void));

/* probes.asm */
void syscall_gprs(const struct gprs *in, struct gprs *out);
extern char syscall_gprs_ret[];
void int80_gprs(const struct gprs *in, struct gprs *out);	/* int $0x80 instead */
long syscall_with_rsp(long nr, unsigned long rsp);
unsigned long syscall_with_flags(long nr, unsigned long flags);
extern long last_rax;
long tf_syscall_getpid(void);
extern char tf_after_syscall[];
void resume_dump(void);
extern struct gprs resume_regs;
extern unsigned long resume_flags, resume_cs, resume_ss;
extern char compat_int3[];		/* 32-bit code: int3 */
extern char compat_watch_esp[];		/* 32-bit code: ECX rounds of ESP unchanged, int3 */
unsigned long read_flags(void);


#define ARITH_FLAGS	(X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF | X86_EFLAGS_ZF | \
			 X86_EFLAGS_SF | X86_EFLAGS_OF)

/* Pins the caller to the CPU it runs on (and its children to come); unpin() undoes it. */
bool pin_to_this_cpu(void);
void unpin(void);

/* LSL: the segment's limit, or -1 when sel names no usable descriptor (GDT or LDT). */
long segment_limit(unsigned int sel);

/* read() and write() of fd, and close() of both fds of a pipe or socket pair. */
long fd_read(long fd, void *buf, long n);
long fd_write(long fd, const void *buf, long n);
void close_pair(const int fds[2]);

/* wait4() for pid; its status, or -1. */
int wait_status(long pid);
/* A forked child runs fn and exits with what it returns: its wait status (-1: no child). */
int in_child(int (*fn)(void));
/* nanosleep() for ms milliseconds. */
void nap_ms(long ms);
/* A child that sends sig to us after ms milliseconds, naps as long again, and exits with status. */
long signal_later(int sig, long ms, int status);

/*
 * The most tasks a test creates to reach threads-max: with the 256 MiB make test
 * boots, the limit (Linux's rule: a fraction of RAM) is about 2,000 and reached;
 * with GiBs it is tens of thousands, which emulation cannot create in a boot's
 * time: the tests then stop here and leave the limit untried.
 */
#define TASKS_TRIED_MAX	4096

/* sysinfo(2)'s procs: how many threads are alive. */
int threads_alive(void);

/* A thread made as glibc's pthread_create() makes one (a raw clone()), and its join. */
struct thread {
	unsigned long stack;
	int ptid;
	volatile int ctid;	/* the kernel zeroes it and wakes us when the thread exits */
};
long thread_start(struct thread *th, int (*fn)(void *), void *arg);	/* its tid, or -errno */
void thread_join(struct thread *th);
#define WSTOPPED_CODE	0x7f			/* the low byte of a stop's wait status */

/* execve.c: the program run again by execve() as "execve-check"; its exit status. */
int execve_check_main(int argc, char **argv);
/* Whether execve.c's argument tests ran us again, and what they check then. */
bool execve_args_run(int argc, char **argv);
int execve_args_main(int argc, char **argv);

/* Linux's capability sets, as capget(2) and capset(2) take them (version 3, 64 bits each). */
struct caps {
	u64 effective, permitted, inheritable;
};
#define CAP_SYS_RAWIO		17
#define CAP_SYS_PTRACE		19
#define CAP_SYS_ADMIN		21
#define CAP_SYS_RESOURCE	24
#define CAP_SETPCAP		8
#define CAP_ALL			((1UL << 41) - 1)	/* Linux 6.12's 41 capabilities */
/* capget() of thread tid (0: ours) and capset() of our own: 0 or -errno. */
long caps_get(int tid, struct caps *c);
long caps_set(const struct caps *c);

/* seccomp(SECCOMP_SET_MODE_FILTER) of a filter allowing everything: 0 or -errno. */
long filter_allow_all(void);

/* A page just below TASK_SIZE_MAX, mapped RW(X) and filled with 0x5a. */
unsigned long map_top_page(bool exec);

#endif
