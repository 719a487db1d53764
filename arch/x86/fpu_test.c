// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the choice of XCR0 (arch/x86/fpu.c): fpu_xfeatures_from_cpuid() on
 * CPUID words as CPUs report them and as a broken enumeration might, and the boot
 * CPU's own choice against its CPUID; XSAVEOPT where the CPU has it, and what a
 * reader of an image it saved sees of the components it skipped.
 */
#include <asm/cpufeature.h>
#include <asm/fpu.h>
#include <asm/processor.h>
#include <selftest.h>

#define L1_ECX_XSAVE		BIT(26)
#define L1_ECX_AVX		BIT(28)
#define L1_EDX_BASE		(BIT(0) | BIT(24) | BIT(25))	/* FPU, FXSR, SSE */
#define L7_EBX_AVX512F		BIT(16)
#define XCR0_SKYLAKE_X		0x2ffU		/* x87..AVX-512, MPX, PKRU */

/* A CPU with XSAVE and leaf 0xD reporting xcr0, and the given AVX and AVX512F bits. */
static u64 choose(u32 xcr0, bool avx, bool avx512f)
{
	struct fpu_cpuid c = {
		.max_leaf = 0x16,
		.leaf1_ecx = L1_ECX_XSAVE | (avx ? L1_ECX_AVX : 0),
		.leaf1_edx = L1_EDX_BASE,
		.leaf7_ebx = avx512f ? L7_EBX_AVX512F : 0,
		.leaf_0d_eax = xcr0,
	};

	return fpu_xfeatures_from_cpuid(&c);
}

SELFTEST(fpu, xfeatures_need_their_cpuid_feature_bits)
{
	/* Everything reported and every feature bit set: x87, SSE, YMM, AVX-512. */
	EXPECT_EQ(t, choose(XCR0_SKYLAKE_X, true, true), (u64)XFEATURES_KERNEL_SAVES);
	/* Leaf 0xD reports YMM and AVX-512 where CPUID 1 clears AVX (a hypervisor's mask). */
	EXPECT_EQ(t, choose(XCR0_SKYLAKE_X, false, true), (u64)XFEATURE_MASK_FPSSE);
	/* AVX without AVX512F: the three AVX-512 states stay off. */
	EXPECT_EQ(t, choose(XCR0_SKYLAKE_X, true, false),
		  (u64)(XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM));
	/* AVX512F but leaf 0xD without one of its states: none of them (XSETBV would #GP). */
	EXPECT_EQ(t, choose(0xe7 & ~XFEATURE_MASK_ZMM_HI256, true, true),
		  (u64)(XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM));
	/* A Sandy Bridge: x87, SSE, AVX. */
	EXPECT_EQ(t, choose(0x7, true, false), (u64)(XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM));
}

SELFTEST(fpu, no_xsave_unless_leaf_0d_reports_x87_and_sse)
{
	struct fpu_cpuid no_xsave = { .max_leaf = 0x16, .leaf1_ecx = L1_ECX_AVX,
				      .leaf1_edx = L1_EDX_BASE, .leaf_0d_eax = 0x7 };
	struct fpu_cpuid no_leaf_0d = { .max_leaf = 0xb, .leaf1_ecx = L1_ECX_XSAVE,
					.leaf1_edx = L1_EDX_BASE, .leaf_0d_eax = 0x7 };
	struct fpu_cpuid no_sse_bit = { .max_leaf = 0x16, .leaf1_ecx = L1_ECX_XSAVE,
					.leaf1_edx = BIT(0) | BIT(24), .leaf_0d_eax = 0x7 };

	EXPECT_EQ(t, choose(0x6, true, true), 0ULL);	/* no x87 */
	EXPECT_EQ(t, choose(0x5, true, true), 0ULL);	/* no SSE */
	EXPECT_EQ(t, choose(0, true, true), 0ULL);	/* a leaf 0xD of zeros */
	EXPECT_EQ(t, fpu_xfeatures_from_cpuid(&no_xsave), 0ULL);
	EXPECT_EQ(t, fpu_xfeatures_from_cpuid(&no_leaf_0d), 0ULL);
	EXPECT_EQ(t, fpu_xfeatures_from_cpuid(&no_sse_bit), 0ULL);
}

SELFTEST(fpu, boot_cpu_xcr0_is_what_its_cpuid_allows)
{
	u32 max = cpuid(0).eax;
	struct cpuid_regs l1 = cpuid(1), l0d = { 0 };
	struct fpu_cpuid c;
	u32 lo, hi;

	if (max >= 0xd)
		l0d = cpuid_count(0xd, 0);
	c = (struct fpu_cpuid){ .max_leaf = max, .leaf1_ecx = l1.ecx, .leaf1_edx = l1.edx,
				.leaf7_ebx = max >= 7 ? cpuid_count(7, 0).ebx : 0,
				.leaf_0d_eax = l0d.eax, .leaf_0d_edx = l0d.edx };
	EXPECT_EQ(t, fpu_config.xsave, fpu_xfeatures_from_cpuid(&c) != 0);
	if (!fpu_config.xsave)
		return;
	/* The size check may drop a component past FPU_STATE_MAX, never add one. */
	EXPECT_EQ(t, fpu_config.xfeatures & ~fpu_xfeatures_from_cpuid(&c), 0ULL);
	asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	EXPECT_EQ(t, ((u64)hi << 32 | lo), fpu_config.xfeatures);
}

SELFTEST(fpu, xsaveopt_used_where_cpuid_0d_1_has_it)
{
	bool has = cpuid(0).eax >= 0xd && (cpuid_count(0xd, 1).eax & BIT(0));

	EXPECT_EQ(t, fpu_config.xsaveopt, fpu_config.xsave && has);
}

/*
 * An image as XSAVEOPT leaves it when every component but YMM is in its initial
 * state: the skipped components hold stale bytes, which a reader must not see.
 */
SELFTEST(fpu, image_fill_init_writes_what_xsave_would)
{
	static u8 buf[FPU_STATE_MAX] __aligned(64);
	u64 *bv = (u64 *)(buf + XSAVE_HDR_OFFSET);

	if (!fpu_config.xsaveopt)
		SKIP(t, "no XSAVEOPT: every save is complete");
	memset(buf, 0xa5, sizeof(buf));
	*bv = fpu_config.xfeatures & XFEATURE_MASK_YMM;
	fpu_image_fill_init(buf);
	EXPECT_EQ(t, *(u16 *)buf, 0x37fU);		/* FCW */
	EXPECT_EQ(t, *(u16 *)(buf + 2), 0U);		/* FSW */
	EXPECT_EQ(t, *(u64 *)(buf + 32), 0ULL);		/* ST0 */
	EXPECT_EQ(t, *(u64 *)(buf + 160), 0ULL);	/* XMM0 */
	EXPECT_EQ(t, *(u64 *)(buf + 408), 0ULL);	/* XMM15's upper half */
	EXPECT_EQ(t, *bv, fpu_config.xfeatures & XFEATURE_MASK_YMM);	/* kept */
	if (fpu_config.xfeatures & XFEATURE_MASK_YMM) {
		/* YMM in use: its bytes and MXCSR (saved with SSE or YMM) are the save's. */
		EXPECT_EQ(t, *(u32 *)(buf + 24), 0xa5a5a5a5U);
		EXPECT_EQ(t, buf[cpuid_count(0xd, 2).ebx], 0xa5);
	}
	*bv = 0;
	fpu_image_fill_init(buf);
	EXPECT_EQ(t, *(u32 *)(buf + 24), 0x1f80U);	/* MXCSR */
	EXPECT_EQ(t, *(u32 *)(buf + 28), mxcsr_feature_mask());
	if (fpu_config.xfeatures & XFEATURE_MASK_YMM)
		EXPECT_EQ(t, buf[cpuid_count(0xd, 2).ebx], 0);
}
