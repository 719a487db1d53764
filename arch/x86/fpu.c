// SPDX-License-Identifier: GPL-2.0
/*
 * Ring 3's FPU, SSE and AVX state (asm/fpu.h): what the kernel turns on, how a
 * task's image is saved and restored, and the image in a signal frame.
 *
 * The switch is eager, as Linux's is since 4.x: context_switch() saves the
 * leaving task's registers and loads the next one's, whether or not either
 * used them. The image is always XSAVE's standard format, so ptrace and the
 * signal code can read and write it as memory. Where the CPU has XSAVEOPT (CPUID
 * 0xD.1 EAX[0]) every save uses it, as Linux's os_xsave() does: it skips the
 * components in their initial state (XSTATE_BV says which), and those unchanged
 * since the XRSTOR from the same image, which is why nothing writes a task's image
 * between its XRSTOR and its next save (ptrace writes a stopped task's, which is
 * loaded by its next switch in). A signal frame's image is saved by plain XSAVE, as
 * Linux's xsave_to_user_sigframe() does, and so complete; ptrace, which reads the
 * image a switch saved, first has the skipped components filled in
 * (fpu_image_fill_init(): the values XSAVE would have written, as Linux's
 * copy_xstate_to_uabi_buf() takes them from init_fpstate). Not XSAVEC or XSAVES:
 * their compacted format would need converting for ptrace and every signal frame.
 *
 * rt_sigreturn hands XRSTOR an image that ring 3 wrote. The CPU checks the
 * header itself (reserved bytes, XCOMP_BV, components XCR0 does not enable) and
 * raises #GP on a bad one: that XRSTOR has a fixup, and the sigreturn fails with
 * SIGSEGV and a reset FPU, as on Linux, instead of the kernel oopsing.
 */
#include <asm/cpufeature.h>
#include <asm/extable.h>
#include <asm/fpu.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <sched.h>
#include <slab.h>
#include <string.h>

#define CPUID1_ECX_XSAVE	BIT(26)
#define CPUID_0D_1_EAX_XSAVEOPT	BIT(0)
#define CPUID1_ECX_AVX		BIT(28)
#define CPUID1_EDX_FPU		BIT(0)
#define CPUID1_EDX_FXSR		BIT(24)
#define CPUID1_EDX_SSE		BIT(25)
#define CPUID7_EBX_AVX512F	BIT(16)
#define MXCSR_OFFSET		24
#define MXCSR_MASK_OFFSET	28
#define ST_SPACE_OFFSET		32	/* ST0-7, 16 bytes each */
#define ST_SPACE_SIZE		128
#define XMM_SPACE_OFFSET	160	/* XMM0-15 */
#define XMM_SPACE_SIZE		256
#define MXCSR_DEFAULT		0x1f80	/* every exception masked, round to nearest */
#define FCW_DEFAULT		0x37f	/* what FNINIT loads */

struct fpu_config fpu_config = { .size = FXSAVE_SIZE };

/* The FPU as after reset, in the format fpu_config says; built by fpu_init(). */
static u8 init_state[FPU_STATE_MAX] __aligned(64);

/* Each XSAVE component's offset and size in the standard format (CPUID 0xD.i EBX, EAX). */
#define XFEATURES_MAX		8
static unsigned int xstate_offset[XFEATURES_MAX], xstate_len[XFEATURES_MAX];

/* XSETBV's value and XSAVE/XRSTOR's component mask, in EDX:EAX: XCR0 whole. */
#define XCR0_EDX_EAX	"a"((u32)fpu_config.xfeatures), "d"((u32)(fpu_config.xfeatures >> 32))

static __always_inline u64 *xstate_bv(u8 *buf)
{
	return (u64 *)(buf + XSAVE_HDR_OFFSET);
}

/*
 * The image's size for the components in xfeatures: the end of the last, by the offsets
 * and sizes CPUID leaf 0xD gives each (sub-leaf i: EAX its size, EBX its offset).
 */
static unsigned int xstate_size(u64 xfeatures)
{
	unsigned int size = FXSAVE_SIZE + XSAVE_HDR_SIZE;

	for (unsigned int i = 2; i < 64; i++) {
		if (xfeatures & BIT(i)) {
			struct cpuid_regs r = cpuid_count(0xd, i);

			size = MAX(size, r.ebx + r.eax);
		}
	}
	return size;
}

/**
 * fpu_xfeatures_from_cpuid - the XCR0 to enable, from the CPU's CPUID words
 * @c: CPUID leaves 1, 7 and 0xD as the CPU reports them (given, so a self-test can feed
 *     crafted ones)
 *
 * As Linux's fpu__init_system_xstate(): a component is enabled only where CPUID 0xD
 * reports it and the CPUID feature xsave_cpuid_features[] ties it to is set (x87: FPU,
 * SSE: SSE, YMM: AVX, the three AVX-512 states: AVX512F, which cpuid-deps.c clears
 * with AVX); without XSAVE (or FXSR, which it needs), without leaf 0xD, or with a leaf
 * 0xD that does not report both x87 and SSE, XSAVE is not used at all (XCR0 must have
 * bit 0, so a CPU that lacks the FPU or SSE feature bit gets FXSAVE too). XSETBV raises
 * #GP on an XCR0 with some of the three AVX-512 states and not all, or without YMM,
 * so such a CPU gets none of them.
 *
 * Return: the components XCR0 enables, or 0: no XSAVE, FXSAVE's image.
 */
u64 fpu_xfeatures_from_cpuid(const struct fpu_cpuid *c)
{
	u64 x = ((u64)c->leaf_0d_edx << 32 | c->leaf_0d_eax) & XFEATURES_KERNEL_SAVES;
	bool avx = c->leaf1_ecx & CPUID1_ECX_AVX;

	if (!(c->leaf1_ecx & CPUID1_ECX_XSAVE) || !(c->leaf1_edx & CPUID1_EDX_FXSR) ||
	    c->max_leaf < 0xd)
		return 0;
	if (!(c->leaf1_edx & CPUID1_EDX_FPU))
		x &= ~XFEATURE_MASK_FP;
	if (!(c->leaf1_edx & CPUID1_EDX_SSE))
		x &= ~XFEATURE_MASK_SSE;
	if ((x & XFEATURE_MASK_FPSSE) != XFEATURE_MASK_FPSSE)
		return 0;
	if (!avx)
		x &= ~XFEATURE_MASK_YMM;
	if (!(c->leaf7_ebx & CPUID7_EBX_AVX512F))
		x &= ~XFEATURE_MASK_AVX512;
	if ((x & XFEATURE_MASK_AVX512) != XFEATURE_MASK_AVX512 || !(x & XFEATURE_MASK_YMM))
		x &= ~XFEATURE_MASK_AVX512;
	return x;
}

void fpu_init(void)
{
	u32 max = cpuid(0).eax;
	struct cpuid_regs l1 = cpuid(1);
	struct fpu_cpuid c = {
		.max_leaf = max,
		.leaf1_ecx = l1.ecx,
		.leaf1_edx = l1.edx,
		.leaf7_ebx = max >= 7 ? cpuid_count(7, 0).ebx : 0,
	};
	u64 x;

	if (max >= 0xd) {
		struct cpuid_regs r = cpuid_count(0xd, 0);

		c.leaf_0d_eax = r.eax;
		c.leaf_0d_edx = r.edx;
	}
	x = fpu_xfeatures_from_cpuid(&c);
	if (x) {
		/* A CPU (or emulator) that puts a component past the image: without it. */
		if (xstate_size(x) > FPU_STATE_MAX)
			x &= ~XFEATURE_MASK_AVX512;
		if (xstate_size(x) > FPU_STATE_MAX)
			x &= ~XFEATURE_MASK_YMM;
		fpu_config.xsave = true;
		fpu_config.xsaveopt = cpuid_count(0xd, 1).eax & CPUID_0D_1_EAX_XSAVEOPT;
		fpu_config.xfeatures = x;
		fpu_config.size = xstate_size(x);
		for (unsigned int i = 2; i < XFEATURES_MAX; i++) {
			if (x & BIT(i)) {
				struct cpuid_regs r = cpuid_count(0xd, i);

				xstate_offset[i] = r.ebx;
				xstate_len[i] = r.eax;
			}
		}
	}
	fpu_init_state(init_state);
}

u8 *fpu_alloc_state(void)
{
	size_t size = 64;

	/* kmalloc aligns a power of two to itself, and XSAVE needs 64 bytes' alignment. */
	while (size < fpu_config.size)
		size <<= 1;
	return kmalloc(size);
}

void fpu_init_cpu(void)
{
	if (fpu_config.xsave)
		asm volatile("xsetbv" : : "c"(0), XCR0_EDX_EAX);
}

void fpu_init_state(u8 *buf)
{
	memset(buf, 0, fpu_config.size);
	*(u16 *)buf = FCW_DEFAULT;
	*(u32 *)(buf + MXCSR_OFFSET) = MXCSR_DEFAULT;
	/* XSTATE_BV 0: every component in its initial state, but MXCSR, loaded as is. */
}

/* Every component XCR0 enables, whatever state it is in: what a signal frame needs. */
static void fpu_save_complete(u8 *buf)
{
	if (fpu_config.xsave)
		asm volatile("xsaveq %0" : "=m"(*(u8 (*)[FPU_STATE_MAX])buf)
			     : XCR0_EDX_EAX);
	else
		asm volatile("fxsaveq %0" : "=m"(*(u8 (*)[FXSAVE_SIZE])buf));
}

void fpu_save(u8 *buf)
{
	if (fpu_config.xsaveopt)
		asm volatile("xsaveoptq %0" : "=m"(*(u8 (*)[FPU_STATE_MAX])buf)
			     : XCR0_EDX_EAX);
	else
		fpu_save_complete(buf);
}

void fpu_restore(const u8 *buf)
{
	if (fpu_config.xsave)
		asm volatile("xrstorq %0" : : "m"(*(const u8 (*)[FPU_STATE_MAX])buf),
			     XCR0_EDX_EAX);
	else
		asm volatile("fxrstorq %0" : : "m"(*(const u8 (*)[FXSAVE_SIZE])buf));
}

/* XRSTOR of an image ring 3 wrote: false if the CPU refused it (#GP, recovered). */
static bool xrstor_checked(const u8 *buf)
{
	int faulted;

	asm volatile("	movl $0, %0\n"
		     "1:	xrstorq %1\n"
		     "	jmp 3f\n"
		     "2:	movl $1, %0\n"
		     "3:\n"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(faulted) : "m"(*(const u8 (*)[FPU_STATE_MAX])buf),
		       XCR0_EDX_EAX
		     : "memory");
	return !faulted;
}

void fpu_reset_user_state(void)
{
	fpu_restore(init_state);
}

u32 mxcsr_feature_mask(void)
{
	static u32 mask;
	static u8 buf[FXSAVE_SIZE] __aligned(16);

	if (!mask) {
		asm volatile("fxsaveq %0" : "=m"(buf));
		mask = *(u32 *)&buf[MXCSR_MASK_OFFSET] ? : 0xffbf;	/* 0: the SDM's default */
	}
	return mask;
}

void fpu_image_fill_init(u8 *buf)
{
	u64 bv = *xstate_bv(buf);

	if (!fpu_config.xsaveopt)
		return;		/* XSAVE and FXSAVE write every component */
	/* The legacy area in Linux's three parts: x87, MXCSR (with SSE or YMM), XMM. */
	if (!(bv & XFEATURE_MASK_FP)) {
		memcpy(buf, init_state, MXCSR_OFFSET);
		memcpy(buf + ST_SPACE_OFFSET, init_state + ST_SPACE_OFFSET, ST_SPACE_SIZE);
	}
	if (!(bv & (XFEATURE_MASK_SSE | XFEATURE_MASK_YMM))) {
		/* As Linux's init_fpstate, which FXSAVE read back: the CPU's MXCSR_MASK. */
		*(u32 *)(buf + MXCSR_OFFSET) = MXCSR_DEFAULT;
		*(u32 *)(buf + MXCSR_MASK_OFFSET) = mxcsr_feature_mask();
	}
	if (!(bv & XFEATURE_MASK_SSE))
		memcpy(buf + XMM_SPACE_OFFSET, init_state + XMM_SPACE_OFFSET, XMM_SPACE_SIZE);
	for (unsigned int i = 2; i < XFEATURES_MAX; i++)
		if ((fpu_config.xfeatures & ~bv) & BIT(i))
			memcpy(buf + xstate_offset[i], init_state + xstate_offset[i],
			       xstate_len[i]);
}

unsigned int fpu_sigframe_size(void)
{
	return fpu_config.size + (fpu_config.xsave ? FP_XSTATE_MAGIC2_SIZE : 0);
}

/*
 * The image goes out through current->thread.fpu, which the registers are saved into
 * first: the kernel is not preemptible and no user copy here sleeps, so nothing
 * else saves into it meanwhile.
 */
bool fpu_save_sigframe(void __user *fp)
{
	struct fpx_sw_bytes sw = { 0 };
	u8 *buf = current->thread.fpu;
	u32 magic2 = FP_XSTATE_MAGIC2;

	fpu_save_complete(buf);
	if (fpu_config.xsave) {
		sw = (struct fpx_sw_bytes){
			.magic1 = FP_XSTATE_MAGIC1, .xfeatures = fpu_config.xfeatures,
			.xstate_size = fpu_config.size,
			.extended_size = fpu_config.size + FP_XSTATE_MAGIC2_SIZE,
		};
		/* As Linux: a program that edits only the FXSAVE area still gets it restored. */
		*xstate_bv(buf) |= XFEATURE_MASK_FPSSE;
		if (copy_to_user((u8 __user *)fp + fpu_config.size, &magic2, sizeof(magic2)))
			return false;
	}
	memcpy(buf + FPX_SW_BYTES_OFFSET, &sw, sizeof(sw));	/* XSAVE never writes there */
	return !copy_to_user(fp, buf, fpu_config.size);
}

/* Does the frame hold an XSAVE image of a size we take? Its size, or 0 (FXSAVE area only). */
static unsigned int sigframe_xstate_size(const struct fpx_sw_bytes *sw, const void __user *fp)
{
	u32 magic2;

	if (sw->magic1 != FP_XSTATE_MAGIC1 || sw->xstate_size < FXSAVE_SIZE + XSAVE_HDR_SIZE ||
	    sw->xstate_size > fpu_config.size || sw->xstate_size > sw->extended_size)
		return 0;
	if (copy_from_user(&magic2, (const u8 __user *)fp + sw->xstate_size, sizeof(magic2)) ||
	    magic2 != FP_XSTATE_MAGIC2)
		return 0;
	return sw->xstate_size;
}

bool fpu_restore_sigframe(const void __user *fp, const struct fregs_state *env)
{
	u8 *buf = current->thread.fpu;
	struct fpx_sw_bytes sw;
	unsigned int size;

	if (copy_from_user(buf, fp, FXSAVE_SIZE))
		goto refused;
	if (env)
		fxsr_from_fregs(buf, env);
	*(u32 *)(buf + MXCSR_OFFSET) &= mxcsr_feature_mask();	/* reserved bits dropped */
	if (!fpu_config.xsave) {
		fpu_restore(buf);
		return true;
	}
	memcpy(&sw, buf + FPX_SW_BYTES_OFFSET, sizeof(sw));
	size = sigframe_xstate_size(&sw, fp);
	if (!size) {
		/* The FXSAVE area alone (an old program's frame): the rest as after reset. */
		memset(buf + FXSAVE_SIZE, 0, fpu_config.size - FXSAVE_SIZE);
		*xstate_bv(buf) = XFEATURE_MASK_FPSSE;
	} else {
		if (copy_from_user(buf + FXSAVE_SIZE, (const u8 __user *)fp + FXSAVE_SIZE,
				   size - FXSAVE_SIZE))
			goto refused;
		memset(buf + size, 0, fpu_config.size - size);
		/*
		 * Components the frame says it lacks start from reset; unknown ones
		 * stay, for #GP.
		 */
		*xstate_bv(buf) &= ~(fpu_config.xfeatures & ~sw.xfeatures);
	}
	if (xrstor_checked(buf))
		return true;
refused:
	fpu_init_state(buf);
	fpu_restore(buf);
	return false;
}

void fpu_fxsave_area_written(u8 *buf)
{
	if (fpu_config.xsave)
		*xstate_bv(buf) |= XFEATURE_MASK_FPSSE;
}
