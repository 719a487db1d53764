// SPDX-License-Identifier: GPL-2.0
/*
 * AVX and AVX-512 state through the kernel (arch/x86/fpu.c): YMM registers' upper
 * halves, ZMM16-31 and the opmask registers survive a context switch and a signal
 * handler that clobbers them, the signal frame carries Linux's XSAVE image (magics,
 * sizes, UC_FP_XSTATE), a handler's change to it reaches the registers, and a
 * corrupt XSAVE header is SIGSEGV, not a kernel fault. Skipped where the CPU has no
 * XSAVE or AVX (CPU=qemu64), the AVX-512 cases where it has no AVX-512 (QEMU's TCG;
 * Bochs's corei7_skylake_x has it). AT_MINSIGSTKSZ, which the image's size sets, is
 * checked on every CPU.
 */
#include <asm/cpufeature.h>
#include <asm/fpu.h>
#include <elf.h>
#include "harness.h"

#define CPUID1_ECX_OSXSAVE	BIT(27)
#define CPUID1_ECX_AVX		BIT(28)

static bool avx_usable(void)
{
	u32 lo, hi;

	if ((cpuid(1).ecx & (CPUID1_ECX_OSXSAVE | CPUID1_ECX_AVX)) !=
	    (CPUID1_ECX_OSXSAVE | CPUID1_ECX_AVX))
		return false;
	asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (lo & (XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM)) ==
	       (XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM);
}

/*
 * AT_MINSIGSTKSZ is Linux's get_sigframe_size() on this CPU, whose parts ring 3 can
 * see: the largest frame (i386's struct sigframe_ia32, 732 bytes) and its alignment
 * (15), the FPU image (XSAVE's for XCR0, CPUID 0xD.0 EBX, and MAGIC2; or FXSAVE's
 * 512 bytes), struct fregs_state (112) and the image's alignment (63), rounded up to 16.
 */
SELFTEST(xstate, minsigstksz_is_linuxs_formula)
{
	unsigned long image = FXSAVE_SIZE;

	if (cpuid(1).ecx & CPUID1_ECX_OSXSAVE)
		image = cpuid_count(0xd, 0).ebx + FP_XSTATE_MAGIC2_SIZE;
	EXPECT_EQ(t, getauxval(AT_MINSIGSTKSZ), ALIGN_UP(732 + 15 + image + 112 + 63, 16UL));
}

static u64 xcr0(void)
{
	u32 lo, hi;

	asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (u64)hi << 32 | lo;
}

static void set_ymm0(const u64 v[4])
{
	asm volatile("vmovdqu %0, %%ymm0" : : "m"(*(const u64 (*)[4])v));
}

static void get_ymm0(u64 v[4])
{
	asm volatile("vmovdqu %%ymm0, %0" : "=m"(*(u64 (*)[4])v));
}

static const u64 pattern[4] = { 0x1111111111111111, 0x2222222222222222, 0x3333333333333333,
				0x4444444444444444 };

static volatile struct {
	unsigned long uc_flags;
	struct fpx_sw_bytes sw;
	u32 magic2;
	u64 ymm_hi_in_frame;
} seen;

/* The YMM_Hi128 component: the upper halves of YMM0-15, where CPUID(0xd, 2) puts them. */
static u8 *ymm_hi(u8 *image)
{
	return image + cpuid_count(0xd, 2).ebx;
}

static void clobbering_handler(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	static const u64 zeros[4];
	u8 *image = (u8 *)uc->uc_mcontext.fpstate;

	seen.uc_flags = uc->uc_flags;
	memcpy((void *)&seen.sw, image + FPX_SW_BYTES_OFFSET, sizeof(seen.sw));
	seen.magic2 = *(u32 *)(image + seen.sw.xstate_size);
	seen.ymm_hi_in_frame = *(u64 *)ymm_hi(image);
	set_ymm0(zeros);	/* the handler's own use of AVX */
}

/*
 * A handler that uses YMM0 does not change the interrupted code's: the frame holds
 * the XSAVE image, announced as Linux announces it, and sigreturn loads it back.
 */
SELFTEST(xstate, ymm_survives_a_signal_handler)
{
	u64 after[4];

	if (!avx_usable())
		SKIP(t, "no XSAVE with AVX (CPU=qemu64)");
	memset((void *)&seen, 0, sizeof(seen));
	sigaction(SIGUSR1, (unsigned long)clobbering_handler, SA_SIGINFO, 0, NULL);
	set_ymm0(pattern);
	raise(SIGUSR1);
	get_ymm0(after);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, after[2], pattern[2]);		/* the upper half: AVX's own */
	EXPECT_EQ(t, after[3], pattern[3]);
	EXPECT_EQ(t, after[0], pattern[0]);
	EXPECT_TRUE(t, seen.uc_flags & UC_FP_XSTATE);
	EXPECT_EQ(t, seen.sw.magic1, FP_XSTATE_MAGIC1);
	/* CPUID 0xD's EBX: the image's size for the components XCR0 enables now */
	EXPECT_EQ(t, seen.sw.xstate_size, cpuid_count(0xd, 0).ebx);
	EXPECT_EQ(t, seen.sw.extended_size, seen.sw.xstate_size + FP_XSTATE_MAGIC2_SIZE);
	EXPECT_EQ(t, seen.sw.xfeatures, xcr0());
	EXPECT_EQ(t, seen.magic2, FP_XSTATE_MAGIC2);
	EXPECT_EQ(t, seen.ymm_hi_in_frame, pattern[2]);
}

/* Another process that uses YMM0 on this CPU meanwhile leaves ours alone. */
SELFTEST(xstate, ymm_survives_a_context_switch)
{
	u64 after[4];
	long pid;

	if (!avx_usable())
		SKIP(t, "no XSAVE with AVX (CPU=qemu64)");
	ASSERT_TRUE(t, pin_to_this_cpu());
	set_ymm0(pattern);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		static const u64 other[4] = { 5, 6, 7, 8 };

		set_ymm0(other);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, wait_status(pid), 0);
	get_ymm0(after);
	unpin();
	EXPECT_EQ(t, after[2], pattern[2]);
	EXPECT_EQ(t, after[3], pattern[3]);
}

static void rewriting_handler(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	*(u64 *)ymm_hi((u8 *)uc->uc_mcontext.fpstate) = 0x5a5a5a5a5a5a5a5aUL;
}

/* What the handler writes into the frame's image is what the registers hold after sigreturn. */
SELFTEST(xstate, handler_rewrites_ymm_through_the_frame)
{
	u64 after[4];

	if (!avx_usable())
		SKIP(t, "no XSAVE with AVX (CPU=qemu64)");
	sigaction(SIGUSR1, (unsigned long)rewriting_handler, SA_SIGINFO, 0, NULL);
	set_ymm0(pattern);
	raise(SIGUSR1);
	get_ymm0(after);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, after[2], 0x5a5a5a5a5a5a5a5aUL);
	EXPECT_EQ(t, after[3], pattern[3]);
}

static void header_wrecking_handler(int sig, struct kernel_siginfo *si,
				    struct kernel_ucontext *uc)
{
	u64 *header = (u64 *)((u8 *)uc->uc_mcontext.fpstate + XSAVE_HDR_OFFSET);

	header[2] = 0xfffffff;		/* reserved bytes 16-23: XRSTOR raises #GP */
}

/*
 * A corrupt XSAVE header makes the sigreturn fail with SIGSEGV (the kernel's
 * XRSTOR faults and is recovered), with the general registers already restored:
 * a SIGSEGV handler that returns goes back to the code the first signal
 * interrupted, whose FPU is reset (MXCSR 0x1f80, YMM0 zero).
 */
SELFTEST(xstate, corrupt_header_is_sigsegv)
{
	u64 after[4];
	u32 mxcsr;

	if (!avx_usable())
		SKIP(t, "no XSAVE with AVX (CPU=qemu64)");
	memset((void *)&caught, 0, sizeof(caught));
	sigaction(SIGUSR1, (unsigned long)header_wrecking_handler, SA_SIGINFO, 0, NULL);
	catch_signal(SIGSEGV, 0, false);
	set_ymm0(pattern);
	raise(SIGUSR1);
	get_ymm0(after);
	asm volatile("stmxcsr %0" : "=m"(mxcsr));
	reset_signal(SIGUSR1);
	reset_signal(SIGSEGV);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, after[2] | after[3] | after[0], 0UL);
	EXPECT_EQ(t, mxcsr, 0x1f80U);
}

#define CPUID7_EBX_AVX512F	BIT(16)

/* CPUID's AVX-512 Foundation, and the three components XSAVE can hold. */
static bool cpu_has_avx512(void)
{
	u64 supported = cpuid_count(0xd, 0).eax | (u64)cpuid_count(0xd, 0).edx << 32;

	return avx_usable() && cpuid(0).eax >= 7 && (cpuid_count(7, 0).ebx & CPUID7_EBX_AVX512F) &&
	       (supported & XFEATURE_MASK_AVX512) == XFEATURE_MASK_AVX512;
}

/* A program built with -mavx512f runs where the CPU has AVX-512: the kernel enables it. */
SELFTEST(xstate, avx512_enabled_where_the_cpu_has_it)
{
	if (!cpu_has_avx512())
		SKIP(t, "the CPU has no AVX-512 (QEMU's TCG; Bochs's corei7_skylake_x has it)");
	EXPECT_EQ(t, xcr0() & XFEATURE_MASK_AVX512, (u64)XFEATURE_MASK_AVX512);
}

/* ZMM16 (Hi16_ZMM) and k1 (the opmask component): written, then read back. */
static void set_zmm16_k1(const u64 v[8], u16 k)
{
	asm volatile("vmovdqu64 %0, %%zmm16\n\tkmovw %1, %%k1"
		     : : "m"(*(const u64 (*)[8])v), "r"((u32)k));
}

static u16 get_zmm16_k1(u64 v[8])
{
	u32 k;

	asm volatile("vmovdqu64 %%zmm16, %0\n\tkmovw %%k1, %1" : "=m"(*(u64 (*)[8])v), "=r"(k));
	return k;
}

static const u64 zpattern[8] = { 1, 2, 3, 4, 5, 6, 0x7777777777777777, 0x8888888888888888 };

static void zmm_clobbering_handler(int sig, struct kernel_siginfo *si,
				   struct kernel_ucontext *uc)
{
	static const u64 zeros[8];

	set_zmm16_k1(zeros, 0);
}

/*
 * AVX-512's registers are the interrupted code's after a handler that uses them, and
 * after another process used them on this CPU.
 */
SELFTEST(xstate, zmm_and_opmask_survive_a_signal_and_a_context_switch)
{
	u64 after[8];
	u16 k;
	long pid;

	if (!cpu_has_avx512())
		SKIP(t, "the CPU has no AVX-512 (QEMU's TCG; Bochs's corei7_skylake_x has it)");
	ASSERT_EQ(t, xcr0() & XFEATURE_MASK_AVX512, (u64)XFEATURE_MASK_AVX512);
	sigaction(SIGUSR1, (unsigned long)zmm_clobbering_handler, SA_SIGINFO, 0, NULL);
	set_zmm16_k1(zpattern, 0xa5c3);
	raise(SIGUSR1);
	k = get_zmm16_k1(after);
	reset_signal(SIGUSR1);
	EXPECT_EQ(t, k, 0xa5c3);
	EXPECT_EQ(t, after[0], zpattern[0]);
	EXPECT_EQ(t, after[7], zpattern[7]);	/* the upper 256 bits: Hi16_ZMM's own */

	ASSERT_TRUE(t, pin_to_this_cpu());
	set_zmm16_k1(zpattern, 0x3c5a);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		static const u64 other[8] = { 9, 9, 9, 9, 9, 9, 9, 9 };

		set_zmm16_k1(other, 0xffff);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, wait_status(pid), 0);
	k = get_zmm16_k1(after);
	unpin();
	EXPECT_EQ(t, k, 0x3c5a);
	EXPECT_EQ(t, after[6], zpattern[6]);
	EXPECT_EQ(t, after[7], zpattern[7]);
}
