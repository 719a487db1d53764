// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp's strict mode and prctl's no_new_privs (kernel/seccomp.c). Both are
 * for good, so each case sets them in a child and reads what became of it from
 * its wait status.
 */
#include <uapi/prctl.h>
#include <uapi/seccomp.h>
#include <uapi/unistd.h>
#include "harness.h"

static long prctl(long option, long a2, long a3, long a4, long a5)
{
	return syscall5(__NR_prctl, option, a2, a3, a4, a5);
}

/* A child that runs fn and exits with what it returns; its wait status. */
static int in_child(int (*fn)(void))
{
	long pid = syscall0(__NR_fork);

	if (pid == 0)
		syscall1(__NR_exit, fn());
	return pid < 0 ? -1 : wait_status(pid);
}

static int strict_then_write_and_exit(void)
{
	static const char dot[] = "";

	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	if (syscall3(__NR_write, 1, dot, 0) != 0)	/* write: allowed */
		return 2;
	return 7;				/* exit: allowed */
}

static int strict_then_getpid(void)
{
	if (syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, 0))
		return 1;
	syscall0(__NR_getpid);			/* not one of the four: SIGKILL */
	return 3;
}

static int prctl_strict_then_prctl(void)
{
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0))
		return 1;
	prctl(PR_GET_SECCOMP, 0, 0, 0, 0);	/* Linux's man page: SIGKILL in strict mode */
	return 3;
}

SELFTEST(seccomp, strict_mode_allows_read_write_exit)
{
	EXPECT_EQ(t, in_child(strict_then_write_and_exit), 7 << 8);
}

SELFTEST(seccomp, strict_mode_kills_any_other_call)
{
	EXPECT_EQ(t, in_child(strict_then_getpid), SIGKILL);
	EXPECT_EQ(t, in_child(prctl_strict_then_prctl), SIGKILL);
}

SELFTEST(seccomp, bad_arguments_are_einval)
{
	int x;

	EXPECT_EQ(t, prctl(PR_GET_SECCOMP, 0, 0, 0, 0), (long)SECCOMP_MODE_DISABLED);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 1, 0), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_seccomp, SECCOMP_SET_MODE_STRICT, 0, &x), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_seccomp, 99, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(PR_SET_SECCOMP, 99, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(0x7fff, 0, 0, 0, 0), -EINVAL);
	EXPECT_EQ(t, prctl(PR_GET_SECCOMP, 0, 0, 0, 0), (long)SECCOMP_MODE_DISABLED);
}

static int no_new_privs_rules(void)
{
	long pid;

	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 0)
		return 1;
	if (prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0) != -EINVAL ||	/* only 1 sets it */
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 1, 0, 0) != -EINVAL ||
	    prctl(PR_GET_NO_NEW_PRIVS, 1, 0, 0, 0) != -EINVAL)
		return 2;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
		return 3;
	pid = syscall0(__NR_fork);			/* inherited */
	if (pid == 0)
		syscall1(__NR_exit, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 0 : 4);
	return wait_status(pid) == 0 ? 9 : 5;
}

SELFTEST(seccomp, no_new_privs_is_set_once_and_inherited)
{
	EXPECT_EQ(t, in_child(no_new_privs_rules), 9 << 8);
	EXPECT_EQ(t, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 0L);	/* the child's, not ours */
}
