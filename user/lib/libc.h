/* SPDX-License-Identifier: GPL-2.0 */
/* The small C runtime of entrylab's ring-3 programs. */
#ifndef _USER_LIBC_H
#define _USER_LIBC_H

#include <asm/msr.h>
#include <cmdline.h>
#include <compiler.h>
#include <string.h>
#include <syscall.h>
#include <uapi/signal.h>
#include <vsprintf.h>

extern char **environ;

int main(int argc, char **argv);

static inline long write(int fd, const void *buf, unsigned long n)
{
	return syscall3(__NR_write, fd, buf, n);
}

static inline int getpid(void)
{
	return (int)syscall0(__NR_getpid);
}

static inline long fork(void)
{
	return syscall0(__NR_fork);
}

static inline int kill(int pid, int sig)
{
	return (int)syscall2(__NR_kill, pid, sig);
}

static inline void __noreturn exit(int status)
{
	syscall1(__NR_exit_group, status);
	for (;;)
		asm volatile("ud2");	/* exit failed: die loudly, never run on */
}

int printf(const char *fmt, ...) __printf(1, 2);

/* Signals. sigaction() always supplies __restore_rt as the restorer. */
typedef unsigned long jmp_buf[8];
int setjmp(jmp_buf env);
void __noreturn longjmp(jmp_buf env, int val);
void __restore_rt(void);

int sigaction(int sig, unsigned long handler, unsigned long flags, kernel_sigset_t mask,
	      struct kernel_sigaction *old);

static inline int sigprocmask(int how, const kernel_sigset_t *set, kernel_sigset_t *old)
{
	return (int)syscall6(__NR_rt_sigprocmask, how, (long)set, (long)old, sizeof(*set), 0, 0);
}

static inline int sigpending(kernel_sigset_t *set)
{
	return (int)syscall2(__NR_rt_sigpending, set, sizeof(*set));
}

static inline int sigaltstack(const kernel_stack_t *ss, kernel_stack_t *old)
{
	return (int)syscall2(__NR_sigaltstack, ss, old);
}

static inline int raise(int sig)
{
	return kill(getpid(), sig);
}

#define SIGBIT(sig)	(1UL << ((sig) - 1))

/* The kernel's value for an AT_* key of the auxiliary vector, or 0. */
unsigned long getauxval(unsigned long type);
/* vdso.c: the address of the vDSO's function name, or NULL (no vDSO, or no such name). */
void *vdso_sym(const char *name);
/* clone.asm: a raw clone() running fn(arg) on stack_top; the thread exit()s with fn's value. */
long clone_thread(unsigned long flags, void *stack_top, int *ptid, int *ctid, unsigned long tls,
		  int (*fn)(void *arg), void *arg);

#endif
