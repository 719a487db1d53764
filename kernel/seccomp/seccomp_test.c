// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of seccomp's constant-action emulation (kernel/seccomp/seccomp.c): which
 * calls a filter allows whatever their arguments, so that the entry skips it.
 */
#include <seccomp.h>
#include <selftest.h>
#include <syscalls.h>
#include <uapi/filter.h>
#include <uapi/seccomp.h>
#include <uapi/unistd.h>


SELFTEST(seccomp_cache, constant_allow_by_number_and_arch)
{
	/* The usual shape: check the arch, kill others; ERRNO for getppid, allow the rest. */
	static const struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 4),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	EXPECT_TRUE(t, filter_constant_allow(f, __NR_getpid));
	EXPECT_TRUE(t, filter_constant_allow(f, __NR_write));
	EXPECT_FALSE(t, filter_constant_allow(f, __NR_getppid));	/* constant, not ALLOW */
}

SELFTEST(seccomp_cache, constant_allow_stops_at_an_argument)
{
	/* write() allowed only to fd 1: an argument decides, so never constant for write. */
	static const struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_write, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 16),		/* args[0], low half */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_THREAD),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	static const struct sock_filter uses_x[] = {
		BPF_STMT(BPF_LDX | BPF_IMM, 0), BPF_STMT(BPF_MISC | BPF_TXA, 0),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};

	EXPECT_FALSE(t, filter_constant_allow(f, __NR_write));
	EXPECT_TRUE(t, filter_constant_allow(f, __NR_getpid));
	EXPECT_FALSE(t, filter_constant_allow(uses_x, __NR_getpid));
}
