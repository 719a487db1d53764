// SPDX-License-Identifier: GPL-2.0
/*
 * What a syscall does to registers, flags and the stack pointer, seen from ring 3
 * (Linux's check_initial_reg_state, syscall_nt and single_step_syscall tests).
 */
#include <elf.h>
#include <syscall_table.h>
#include "harness.h"

extern unsigned long __initial_regs[17];	/* crt0: GPRs and RFLAGS at _start */

SELFTEST(regs, initial_state_at_entry)
{
	/* rax rbx rcx rdx rsi rdi rbp r8 .. r15 must be 0; then RSP, RFLAGS. */
	for (int i = 0; i < 15; i++)
		EXPECT_EQ(t, __initial_regs[i], 0UL);
	EXPECT_EQ(t, __initial_regs[15] & 15, 0UL);		/* RSP 16-byte aligned */
	EXPECT_EQ(t, __initial_regs[16], 0x202UL);		/* IF and the fixed bit */
}

/* The auxiliary vector describes this very program. */
SELFTEST(regs, auxiliary_vector)
{
	extern char _start[];
	const u8 *random = (const u8 *)getauxval(AT_RANDOM);
	const u8 *phdr = (const u8 *)getauxval(AT_PHDR);

	EXPECT_EQ(t, getauxval(AT_PAGESZ), PAGE_SIZE);
	EXPECT_EQ(t, getauxval(AT_ENTRY), (unsigned long)_start);
	EXPECT_EQ(t, getauxval(AT_PHENT), sizeof(struct elf64_phdr));
	EXPECT_GE(t, getauxval(AT_PHNUM), 1UL);
	ASSERT_TRUE(t, phdr != NULL && random != NULL);
	EXPECT_EQ(t, *(const u32 *)phdr, (u32)PT_LOAD);			/* the first header */
	EXPECT_NE(t, *(const u64 *)random | *(const u64 *)(random + 8), 0UL);
	EXPECT_EQ(t, (unsigned long)random % 16, 0UL);
}

SELFTEST(regs, syscall_preserves_all_but_rax_rcx_r11)
{
	struct gprs in, out;

	memset(&in, 0xff, sizeof(in));
	in.rax = __NR_getpid;
	syscall_gprs(&in, &out);
	EXPECT_EQ(t, out.rax, (unsigned long)getpid());
	/*
	 * Under FRED the SYSCALL event keeps RIP and RFLAGS in its frame, not in RCX
	 * and R11, and ERETU gives both back as they were (Linux's x86 selftests accept
	 * either since FRED). Otherwise SYSCALL wrote them and SYSRET or IRETQ keeps that.
	 */
	if (out.rcx != in.rcx || out.r11 != in.r11) {
		EXPECT_EQ(t, out.rcx, (unsigned long)syscall_gprs_ret);	/* the return address */
		/* R11 = RFLAGS at the SYSCALL; compare all but the arithmetic flags and RF. */
		EXPECT_EQ(t, out.r11 & ~(ARITH_FLAGS | X86_EFLAGS_RF),
			  read_flags() & ~(ARITH_FLAGS | X86_EFLAGS_RF));
	}
	EXPECT_EQ(t, out.rbx, ~0UL);
	EXPECT_EQ(t, out.rdx, ~0UL);
	EXPECT_EQ(t, out.rsi, ~0UL);
	EXPECT_EQ(t, out.rdi, ~0UL);
	EXPECT_EQ(t, out.rbp, ~0UL);
	EXPECT_EQ(t, out.r8, ~0UL);
	EXPECT_EQ(t, out.r9, ~0UL);
	EXPECT_EQ(t, out.r10, ~0UL);
	EXPECT_EQ(t, out.r12, ~0UL);
	EXPECT_EQ(t, out.r13, ~0UL);
	EXPECT_EQ(t, out.r14, ~0UL);
	EXPECT_EQ(t, out.r15, ~0UL);
}

SELFTEST(regs, no_kernel_address_leaks)
{
	static const long calls[] = { __NR_getpid, -1, __NR_sched_yield, __NR_gettid, 400 };
	struct gprs in, out;

	for (unsigned int i = 0; i < ARRAY_SIZE(calls); i++) {
		const unsigned long *r = &out.rbx;

		memset(&in, 0, sizeof(in));
		in.rax = calls[i];
		syscall_gprs(&in, &out);
		/* Every register but RAX (which may be -errno) and RSP. */
		for (int k = 0; k < 15; k++)
			if (&r[k] != &out.rsp)
				EXPECT_LT(t, r[k], KERNEL_SPACE_START);
	}
}

SELFTEST(regs, zero_registers_stay_zero)
{
	struct gprs in, out;

	memset(&in, 0, sizeof(in));
	in.rax = -1;
	syscall_gprs(&in, &out);
	EXPECT_EQ(t, out.rax, (unsigned long)-ENOSYS);
	EXPECT_EQ(t, out.rbx | out.rdx | out.rsi | out.rdi | out.rbp | out.r8 | out.r9 |
		     out.r10 | out.r12 | out.r13 | out.r14 | out.r15, 0UL);
}

/* The kernel never touches the user stack: any RSP works for the syscall itself. */
SELFTEST(stack, syscall_with_rsp_zero)
{
	EXPECT_EQ(t, syscall_with_rsp(__NR_getpid, 0), getpid());
}

SELFTEST(stack, syscall_with_rsp_kernel_address)
{
	EXPECT_EQ(t, syscall_with_rsp(__NR_getpid, 0xffffffff80100000UL), getpid());
}

SELFTEST(stack, syscall_with_rsp_noncanonical)
{
	EXPECT_EQ(t, syscall_with_rsp(__NR_getpid, 0x8000000000000000UL), getpid());
}

/* Flags the user sets come back, and the kernel runs unaffected by them. */
static void check_flag_survives(struct test *t, unsigned long flag)
{
	unsigned long base = read_flags() & ~(X86_EFLAGS_TF | X86_EFLAGS_RF);
	unsigned long after = syscall_with_flags(__NR_getpid, base | flag);

	EXPECT_EQ(t, last_rax, (long)getpid());
	EXPECT_TRUE(t, after & flag);
	EXPECT_FALSE(t, read_flags() & flag);		/* the probe put ours back */
}

SELFTEST(flags, nt_set_at_syscall)
{
	check_flag_survives(t, X86_EFLAGS_NT);
}

/*
 * NT set at a syscall that returns by IRET (a signal is delivered on the way
 * out): the kernel's IRETQ raises #GP if NT is set (a task return, which 64-bit
 * mode does not have), so this passes only if SFMASK kept NT out of the kernel.
 * Without a signal the return is a SYSRET, which ignores NT.
 */
SELFTEST(flags, nt_set_at_a_syscall_that_returns_by_iret)
{
	long ret;

	memset((void *)&caught, 0, sizeof(caught));
	catch_signal(SIGUSR1, 0, false);
	asm volatile("pushfq; orq %[nt], (%%rsp); popfq\n\t"
		     "syscall\n\t"
		     "pushfq; andq %[not_nt], (%%rsp); popfq"
		     : "=a"(ret)
		     : "0"((long)__NR_kill), "D"((long)getpid()), "S"((long)SIGUSR1),
		       [nt] "i"(X86_EFLAGS_NT), [not_nt] "i"(~X86_EFLAGS_NT)
		     : "rcx", "r11", "memory", "cc");
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, ret, 0L);
	EXPECT_EQ(t, caught.count, 1);
}

SELFTEST(flags, ac_set_at_syscall)
{
	check_flag_survives(t, X86_EFLAGS_AC);
}

SELFTEST(flags, df_set_at_syscall)
{
	check_flag_survives(t, X86_EFLAGS_DF);
}

SELFTEST(flags, arithmetic_flags_survive)
{
	check_flag_survives(t, X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF | X86_EFLAGS_ZF |
			       X86_EFLAGS_SF | X86_EFLAGS_OF);
}

/* With DF set, a kernel that forgot CLD would copy this string backwards. */
SELFTEST(flags, kernel_copies_forward_with_df_set)
{
	struct {
		char sysname[65], nodename[65], release[65], version[65], machine[65], domain[65];
	} uts;
	long ret;

	memset(&uts, 0, sizeof(uts));
	asm volatile("std; syscall; cld"
		     : "=a"(ret) : "a"(__NR_uname), "D"(&uts) : "rcx", "r11", "memory");
	EXPECT_EQ(t, ret, 0);
	EXPECT_STREQ(t, uts.sysname, "entrylab");
	EXPECT_STREQ(t, uts.machine, "x86_64");
}

/* One trap for the SYSCALL, at the instruction after it, with TF in the saved flags. */
SELFTEST(flags, tf_at_syscall_traps_once)
{
	long ret;

	memset((void *)&caught, 0, sizeof(caught));
	catch_signal(SIGTRAP, 0, false);
	ret = tf_syscall_getpid();
	reset_signal(SIGTRAP);
	EXPECT_EQ(t, ret, getpid());
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGTRAP);
	EXPECT_EQ(t, caught.code, TRAP_TRACE);
	EXPECT_EQ(t, caught.ip, (unsigned long)tf_after_syscall);
	EXPECT_TRUE(t, caught.flags & X86_EFLAGS_TF);
	EXPECT_FALSE(t, read_flags() & X86_EFLAGS_TF);
}

SELFTEST(flags, no_trap_without_tf)
{
	memset((void *)&caught, 0, sizeof(caught));
	catch_signal(SIGTRAP, 0, false);
	getpid();
	reset_signal(SIGTRAP);
	EXPECT_EQ(t, caught.count, 0);
}

/*
 * A syscall number is an int, as on Linux (whose syscall_numbering selftest is
 * the specification): the upper 32 bits of RAX are ignored, negative numbers and
 * the x32 bit are -ENOSYS.
 */
SELFTEST(numbers, minus_one)
{
	EXPECT_EQ(t, syscall0(-1), -ENOSYS);
	EXPECT_EQ(t, syscall0(0xffffffffL), -ENOSYS);		/* (int)-1 too */
}

SELFTEST(numbers, upper_32_bits_ignored)
{
	EXPECT_EQ(t, syscall0((1L << 32) + __NR_getpid), getpid());
	EXPECT_EQ(t, syscall0((0xdeadL << 32) + __NR_getpid), getpid());
}

SELFTEST(numbers, x32_bit_is_enosys)
{
	EXPECT_EQ(t, syscall0(0x40000000L + __NR_getpid), -ENOSYS);
}

SELFTEST(numbers, two_to_the_63)
{
	EXPECT_EQ(t, syscall0((1L << 63) + __NR_tuxcall), -ENOSYS);	/* the low 32 bits count */
	EXPECT_EQ(t, syscall0((1L << 63) + __NR_getpid), getpid());
}

SELFTEST(numbers, first_past_the_table)
{
	EXPECT_EQ(t, syscall0(NR_syscalls), -ENOSYS);
}

SELFTEST(numbers, gap_in_the_table)
{
	EXPECT_EQ(t, syscall0(__NR_entrylab_bench - 1), -ENOSYS);
	EXPECT_EQ(t, syscall0(__NR_tuxcall), -ENOSYS);
}
