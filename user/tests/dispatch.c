// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall User Dispatch (entry/syscall_user_dispatch.c) beyond what Linux's
 * sud_test checks: the SIGSYS's siginfo, INCLUSIVE_ON's range, the setting not
 * inherited by fork, and a selector that goes away. Each case turns dispatch on
 * in a child and reads what became of it from its wait status.
 */
#include <uapi/mman.h>
#include <uapi/prctl.h>
#include <uapi/seccomp.h>
#include <uapi/unistd.h>
#include "harness.h"

static char selector;
static unsigned long dispatch_call_ip;	/* the return address of dispatched_getppid()'s SYSCALL */

static long set_dispatch(long mode, unsigned long offset, unsigned long len, char *sel)
{
	return syscall5(__NR_prctl, PR_SET_SYSCALL_USER_DISPATCH, mode, offset, len, sel);
}

/* getppid() by a SYSCALL whose return address is kept in dispatch_call_ip: one copy of it. */
static noinline long dispatched_getppid(void)
{
	long ret;

	asm volatile("syscall\n1:\tleaq 1b(%%rip), %%rdx\n\tmovq %%rdx, %1"
		     : "=a"(ret), "=m"(dispatch_call_ip)
		     : "0"((long)__NR_getppid) : "rcx", "rdx", "r11", "memory");
	return ret;
}

static volatile struct kernel_siginfo sys_info;

/* The SIGSYS: what it says, and the selector set to allow for the handler's sigreturn. */
static void on_sigsys(int sig, struct kernel_siginfo *si, void *uc)
{
	sys_info = *si;
	selector = SYSCALL_DISPATCH_FILTER_ALLOW;
}

static int dispatch_siginfo(void)
{
	dispatched_getppid();		/* fills dispatch_call_ip */
	if (sigaction(SIGSYS, (unsigned long)on_sigsys, SA_SIGINFO, 0, NULL) ||
	    set_dispatch(PR_SYS_DISPATCH_ON, 0, 0, &selector))
		return 1;
	if (dispatched_getppid() <= 0)	/* the selector allows: it runs */
		return 2;
	selector = SYSCALL_DISPATCH_FILTER_BLOCK;
	if (dispatched_getppid() != __NR_getppid)	/* not run: RAX holds the number again */
		return 3;
	if (sys_info.si_signo != SIGSYS || sys_info.si_code != SYS_USER_DISPATCH ||
	    sys_info.si_errno || sys_info.sigsys.syscall != __NR_getppid ||
	    sys_info.sigsys.arch != AUDIT_ARCH_X86_64 ||
	    (unsigned long)sys_info.sigsys.call_addr != dispatch_call_ip)
		return 4;
	return 9;
}

/*
 * SIGSYS with SYS_USER_DISPATCH, the number, the architecture and the address
 * after the SYSCALL; RAX is the number again, as the handler finds it.
 */
SELFTEST(dispatch, sigsys_names_the_call_and_its_address)
{
	EXPECT_EQ(t, in_child(dispatch_siginfo), 9 << 8);
}

static int inclusive_range(void)
{
	dispatched_getppid();
	if (sigaction(SIGSYS, (unsigned long)on_sigsys, SA_SIGINFO, 0, NULL))
		return 1;
	selector = SYSCALL_DISPATCH_FILTER_BLOCK;
	/* Only the one SYSCALL's return address is inside: every other call runs. */
	if (set_dispatch(PR_SYS_DISPATCH_INCLUSIVE_ON, dispatch_call_ip, 1, &selector))
		return 2;
	if (syscall0(__NR_getppid) <= 0 || sys_info.si_signo)
		return 3;
	if (dispatched_getppid() != __NR_getppid || sys_info.si_code != SYS_USER_DISPATCH)
		return 4;
	/* EXCLUSIVE_ON over the same range: the other way round. */
	selector = SYSCALL_DISPATCH_FILTER_BLOCK;
	sys_info.si_signo = 0;
	if (set_dispatch(PR_SYS_DISPATCH_EXCLUSIVE_ON, dispatch_call_ip, 1, &selector))
		return 5;
	if (dispatched_getppid() <= 0 || sys_info.si_signo)
		return 6;
	selector = SYSCALL_DISPATCH_FILTER_ALLOW;	/* for the exit, from outside the range */
	return 9;
}

/* INCLUSIVE_ON (Linux 6.17) dispatches calls from inside the range; EXCLUSIVE_ON from outside. */
SELFTEST(dispatch, inclusive_on_dispatches_only_the_range)
{
	EXPECT_EQ(t, in_child(inclusive_range), 9 << 8);
}

static int fork_under_dispatch(void)
{
	long pid;

	selector = SYSCALL_DISPATCH_FILTER_BLOCK;
	/* Our own calls stay allowed (the whole address space is the range)... */
	if (set_dispatch(PR_SYS_DISPATCH_ON, 0, -1UL, &selector))
		return 1;
	pid = syscall0(__NR_fork);
	if (pid == 0)	/* ...and the child, which has no dispatch, runs one from anywhere. */
		syscall1(__NR_exit, dispatched_getppid() > 0 ? 7 : 3);
	return pid > 0 && wait_status(pid) == 7 << 8 ? 9 : 2;
}

static int fork_then_dispatch(void)
{
	if (set_dispatch(PR_SYS_DISPATCH_ON, 0, 0, NULL))
		return 1;
	return fork_under_dispatch();	/* not reached: fork is dispatched, so SIGSYS kills */
}

/*
 * A forked child starts without dispatch, as Linux's; with a NULL selector every
 * call is sent back.
 */
SELFTEST(dispatch, fork_does_not_inherit_it)
{
	EXPECT_EQ(t, in_child(fork_under_dispatch), 9 << 8);
	EXPECT_EQ(t, in_child(fork_then_dispatch), SIGSYS);
}

static int selector_unmapped(void)
{
	char *page = (char *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if ((long)page < 0 || set_dispatch(PR_SYS_DISPATCH_ON, 0, 0, page))
		return 1;
	/* munmap itself is read with the selector (allow) still there; the next call is not. */
	syscall2(__NR_munmap, page, PAGE_SIZE);
	syscall0(__NR_getppid);
	return 2;
}

static int selector_bad_value(void)
{
	selector = 2;
	if (set_dispatch(PR_SYS_DISPATCH_ON, 0, 0, &selector))
		return 1;
	syscall0(__NR_getppid);
	return 2;
}

/*
 * A selector that can no longer be read kills with SIGSEGV, one that is neither
 * allow nor block with SIGSYS, whatever the handlers (sud_test checks the second
 * with a handler for SIGSYS installed).
 */
SELFTEST(dispatch, bad_selectors_kill)
{
	EXPECT_EQ(t, in_child(selector_unmapped), SIGSEGV);
	EXPECT_EQ(t, in_child(selector_bad_value), SIGSYS);
	EXPECT_EQ(t, set_dispatch(PR_SYS_DISPATCH_ON, 0, 0, (char *)TASK_SIZE_MAX), -EFAULT);
	EXPECT_EQ(t, set_dispatch(3, 0, 0, NULL), -EINVAL);
}
