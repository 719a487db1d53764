// SPDX-License-Identifier: GPL-2.0
/*
 * int $0x80 from a 64-bit program: the i386 system call ABI (entry/syscall_32.c),
 * as Linux's ptrace_syscall, mov_ss_trap and single_step_syscall tests use it.
 * Number in EAX (i386's numbers), arguments in EBX, ECX, EDX, ESI, EDI, EBP,
 * result in RAX; every other register comes back as it went in.
 */
#include <time.h>
#include <uapi/unistd_32.h>
#include "harness.h"

static long int80(unsigned long nr, unsigned long bx, unsigned long cx, unsigned long dx)
{
	struct gprs in = { .rax = nr, .rbx = bx, .rcx = cx, .rdx = dx }, out;

	int80_gprs(&in, &out);
	return (long)out.rax;
}

/* getpid by its i386 number, with every register but RAX kept (r8-r11 too, as Linux 6.7+). */
SELFTEST(int80, i386_numbers_and_registers_kept)
{
	struct gprs in, out;
	const unsigned long *o = &out.rbx;

	memset(&in, 0x5a, sizeof(in));
	in.rax = __NR_ia32_getpid;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, out.rax, (unsigned long)getpid());
	for (unsigned int k = 0; k < 15; k++)
		if (&o[k] != &out.rsp)
			EXPECT_EQ(t, o[k], 0x5a5a5a5a5a5a5a5aUL);
	EXPECT_EQ(t, int80(__NR_ia32_gettid, 0, 0, 0), syscall0(__NR_gettid));
	EXPECT_EQ(t, int80(__NR_ia32_getppid, 0, 0, 0), syscall0(__NR_getppid));
}

/*
 * The number is EAX alone: RAX's upper half is dropped. x86-64 numbers mean
 * something else here (39 is mkdir, -ENOSYS), and calls entrylab does not
 * have are -ENOSYS (99 is statfs), as are numbers past the table.
 */
SELFTEST(int80, number_is_eax_and_unknown_ones_enosys)
{
	EXPECT_EQ(t, int80(1UL << 32 | __NR_ia32_getpid, 0, 0, 0), getpid());
	EXPECT_EQ(t, int80(__NR_getpid, 0, 0, 0), (long)-ENOSYS);
	EXPECT_EQ(t, int80(99, 0, 0, 0), (long)-ENOSYS);
	EXPECT_EQ(t, int80(IA32_NR_syscalls, 0, 0, 0), (long)-ENOSYS);
	EXPECT_EQ(t, int80(0xffffffffUL, 0, 0, 0), (long)-ENOSYS);
}

/*
 * The arguments are EBX, ECX, EDX, in that order, and only their low 32 bits:
 * write(2, 1, 1) faults on the buffer (-EFAULT), write(7, buf, 1) has a bad fd,
 * and a buffer pointer with bit 32 set writes from the address below 4 GiB (the
 * whole pointer is unmapped: -EFAULT, if the upper half reached the call).
 */
SELFTEST(int80, arguments_are_ebx_ecx_edx)
{
	static const char byte = '\n';
	int fds[2];
	char got = 0;

	EXPECT_EQ(t, int80(__NR_ia32_write, 2, 1, 1), (long)-EFAULT);
	EXPECT_EQ(t, int80(__NR_ia32_write, 7, (unsigned long)&byte, 1), (long)-EBADF);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 04000 /* O_NONBLOCK */), 0L);
	EXPECT_EQ(t, int80(__NR_ia32_write, fds[1], 1UL << 32 | (unsigned long)&byte, 1), 1L);
	EXPECT_EQ(t, syscall3(__NR_read, fds[0], &got, 1), 1L);
	EXPECT_EQ(t, got, byte);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}

/* kill(getpid(), SIGUSR1) by int $0x80: the handler runs on the way out, the registers survive. */
SELFTEST(int80, kill_delivers_a_signal_on_the_way_out)
{
	struct gprs in, out;

	memset((void *)&caught, 0, sizeof(caught));
	catch_signal(SIGUSR1, 0, false);
	memset(&in, 0, sizeof(in));
	in.rax = __NR_ia32_kill;
	in.rbx = getpid();
	in.rcx = SIGUSR1;
	in.r12 = 12;
	int80_gprs(&in, &out);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, out.rax, 0UL);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGUSR1);
	EXPECT_EQ(t, out.rbx, (unsigned long)getpid());
	EXPECT_EQ(t, out.rcx, (unsigned long)SIGUSR1);
	EXPECT_EQ(t, out.r12, 12UL);
}

/*
 * An i386 *_time64 call's tv_nsec is 32 bits and 32 of padding, which a C
 * library may leave unset: the padding is ignored (fails with -EINVAL).
 */
SELFTEST(int80, time64_nanosecond_padding_is_ignored)
{
	static struct { s64 tv_sec; u32 tv_nsec, pad; } ts = { 0, 1000, 0xdead };
	struct gprs in = { .rax = __NR_ia32_clock_nanosleep_time64, .rbx = CLOCK_MONOTONIC,
			   .rdx = (unsigned long)&ts }, out;

	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, 0L);
	ts.tv_nsec = 1000000000;			/* out of range in the low half itself */
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, -EINVAL);
}
