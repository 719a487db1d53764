// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests for the syscall restart rules of the exit path (docs/entry.md,
 * "Restarting a syscall"), on made-up registers: every code, with no handler,
 * a handler and an SA_RESTART handler, and a return that is no syscall's.
 */
#include <asm/ptrace.h>
#include <errno.h>
#include <selftest.h>
#include <signal.h>
#include <string.h>
#include <uapi/unistd.h>

#define SYSCALL_IP	0x401002UL	/* just after a SYSCALL at 0x401000 */
#define NR		61L		/* any number: wait4 */

/* The RAX and RIP the task returns with after code, with ka as the handler. */
static void restart(long code, const struct kernel_sigaction *ka, long orig_ax,
		    unsigned long *ax, unsigned long *ip)
{
	struct pt_regs regs;

	memset(&regs, 0, sizeof(regs));
	regs.ax = code;
	regs.orig_ax = orig_ax;
	regs.ip = SYSCALL_IP;
	syscall_restart(&regs, ka);
	*ax = regs.ax;
	*ip = regs.ip;
}

#define EXPECT_RESTART(t, code, ka, want_ax, want_ip)			\
	do {								\
		unsigned long ax, ip;					\
		restart(code, ka, NR, &ax, &ip);			\
		EXPECT_EQ(t, ax, (unsigned long)(want_ax));		\
		EXPECT_EQ(t, ip, (unsigned long)(want_ip));		\
	} while (0)

SELFTEST(signal, syscall_restart_rules)
{
	const struct kernel_sigaction handler = { .handler = 0x401100 };
	const struct kernel_sigaction restarting = { .handler = 0x401100, .flags = SA_RESTART };
	const unsigned long again = SYSCALL_IP - 2;

	EXPECT_RESTART(t, -ERESTARTSYS, NULL, NR, again);
	EXPECT_RESTART(t, -ERESTARTSYS, &handler, -EINTR, SYSCALL_IP);
	EXPECT_RESTART(t, -ERESTARTSYS, &restarting, NR, again);
	EXPECT_RESTART(t, -ERESTARTNOINTR, &handler, NR, again);
	EXPECT_RESTART(t, -ERESTARTNOHAND, NULL, NR, again);
	EXPECT_RESTART(t, -ERESTARTNOHAND, &restarting, -EINTR, SYSCALL_IP);
	EXPECT_RESTART(t, -ERESTART_RESTARTBLOCK, NULL, __NR_restart_syscall, again);
	EXPECT_RESTART(t, -ERESTART_RESTARTBLOCK, &restarting, -EINTR, SYSCALL_IP);
	EXPECT_RESTART(t, -EINTR, NULL, -EINTR, SYSCALL_IP);	/* a plain error stays */
	EXPECT_RESTART(t, 0, &handler, 0, SYSCALL_IP);
}

/* An interrupt or exception (orig_ax -1) is never restarted, whatever RAX holds. */
SELFTEST(signal, no_restart_outside_a_syscall)
{
	unsigned long ax, ip;

	restart(-ERESTARTSYS, NULL, -1, &ax, &ip);
	EXPECT_EQ(t, ax, (unsigned long)-ERESTARTSYS);
	EXPECT_EQ(t, ip, SYSCALL_IP);
}
