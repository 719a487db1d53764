// SPDX-License-Identifier: GPL-2.0
/*
 * Capabilities (kernel/capability.c): every program starts as Linux's root
 * does, with every capability; capset(2) and PR_CAPBSET_DROP only take them
 * away, and each privileged call checks its own.
 */
#include <uapi/prctl.h>
#include <uapi/resource.h>
#include "harness.h"

static long prctl2(long option, long arg)
{
	return syscall5(__NR_prctl, option, arg, 0, 0, 0);
}

/* capget(2) at its edges, with libcap's probe and Linux's errors. */
SELFTEST(capability, root_starts_with_every_capability)
{
	struct { unsigned int version; int pid; } hdr = { 1, 0 };
	struct caps c, child;
	unsigned int v1[3];
	long pid;

	ASSERT_EQ(t, caps_get(0, &c), 0L);
	EXPECT_EQ(t, c.effective, CAP_ALL);
	EXPECT_EQ(t, c.permitted, CAP_ALL);
	EXPECT_EQ(t, c.inheritable, 0UL);
	EXPECT_EQ(t, syscall2(__NR_capget, &hdr, v1), -EINVAL);
	EXPECT_EQ(t, hdr.version, 0x20080522U);		/* the version to use, written back */
	hdr.version = 0x19980330;			/* v1: the low 32 bits of each set */
	EXPECT_EQ(t, syscall2(__NR_capget, &hdr, v1), 0L);
	EXPECT_EQ(t, v1[0], 0xffffffffU);
	EXPECT_EQ(t, syscall2(__NR_capget, &hdr, NULL), 0L);	/* a known version: no data */
	hdr.pid = 999999;					/* not looked up without data */
	EXPECT_EQ(t, syscall2(__NR_capget, &hdr, NULL), 0L);
	hdr.pid = 0;
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		c.effective &= ~BIT(CAP_SYS_ADMIN);
		caps_set(&c);
		syscall1(__NR_pause, 0);
		syscall1(__NR_exit, 0);
	}
	nap_ms(20);
	EXPECT_EQ(t, caps_get(pid, &child), 0L);		/* another task's own sets */
	EXPECT_EQ(t, child.effective, CAP_ALL & ~BIT(CAP_SYS_ADMIN));
	syscall2(__NR_kill, pid, SIGKILL);
	wait_status(pid);
	EXPECT_EQ(t, caps_get(999999, &child), -ESRCH);
	EXPECT_EQ(t, syscall2(__NR_capget, 8, v1), -EFAULT);
}

static int drop_and_raise(void)
{
	struct caps c = { CAP_ALL & ~BIT(CAP_SYS_ADMIN), CAP_ALL, 0 };
	struct cap_header { unsigned int version; int pid; } other = { 0x20080522, 1 };
	unsigned int data[6] = { 0 };

	if (caps_set(&c))
		return 1;
	c.effective = CAP_ALL;			/* back from the permitted set: allowed */
	if (caps_set(&c))
		return 2;
	c.permitted = c.effective = CAP_ALL & ~BIT(CAP_SYS_ADMIN);
	if (caps_set(&c))
		return 3;
	c.effective = CAP_ALL;			/* not permitted any more */
	if (caps_set(&c) != -EPERM)
		return 4;
	c.permitted = CAP_ALL;			/* permitted never grows */
	if (caps_set(&c) != -EPERM)
		return 5;
	if (syscall2(__NR_capset, &other, data) != -EPERM)	/* only our own */
		return 6;
	return 9;
}

static int bounding_set(void)
{
	struct caps none = { 0 };

	if (prctl2(PR_CAPBSET_READ, CAP_SYS_ADMIN) != 1 || prctl2(PR_CAPBSET_READ, 64) != -EINVAL)
		return 1;
	if (prctl2(PR_CAPBSET_DROP, CAP_SYS_ADMIN) || prctl2(PR_CAPBSET_READ, CAP_SYS_ADMIN))
		return 2;
	if (caps_set(&none) || prctl2(PR_CAPBSET_DROP, CAP_SYS_RAWIO) != -EPERM)
		return 3;			/* dropping needs CAP_SETPCAP */
	if (prctl2(PR_CAPBSET_DROP, 64) != -EPERM)
		return 4;			/* checked before the number, as Linux */
	return 9;
}

/* capset only takes away; PR_CAPBSET_DROP too, and needs CAP_SETPCAP. */
SELFTEST(capability, capset_and_the_bounding_set_only_drop)
{
	EXPECT_EQ(t, in_child(drop_and_raise), 9 << 8);
	EXPECT_EQ(t, in_child(bounding_set), 9 << 8);
}

static int without_capabilities(void)
{
	struct caps none = { 0 };
	struct rlimit64 lim;

	if (caps_set(&none))
		return 1;
	if (filter_allow_all() != -EACCES)
		return 2;			/* seccomp without no_new_privs: CAP_SYS_ADMIN */
	if (syscall3(__NR_ioperm, 0x80, 1, 1) != -EPERM || syscall1(__NR_iopl, 3) != -EPERM)
		return 3;			/* CAP_SYS_RAWIO */
	if (syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, NULL, &lim))
		return 4;
	lim.max++;
	if (syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &lim, NULL) != -EPERM)
		return 5;			/* CAP_SYS_RESOURCE to raise a hard limit */
	lim.max -= 2;
	if (syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &lim, NULL))
		return 6;			/* lowering needs nothing */
	return 9;
}

static int with_cap_sys_admin(void)
{
	return filter_allow_all() == 0 ? 9 : 1;
}

/* Each privileged call checks its capability (each case fails with its check dropped). */
SELFTEST(capability, privileged_calls_need_their_capability)
{
	EXPECT_EQ(t, in_child(without_capabilities), 9 << 8);
	EXPECT_EQ(t, in_child(with_cap_sys_admin), 9 << 8);
}
