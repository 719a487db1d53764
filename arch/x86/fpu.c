// SPDX-License-Identifier: GPL-2.0
/*
 * Ring 3's FPU, SSE and AVX state (asm/fpu.h): what the kernel turns on, how a
 * task's image is saved and restored, and the image in a signal frame.
 *
 * The switch is eager, as Linux's is since 4.x: context_switch() saves the
 * leaving task's registers and loads the next one's, whether or not either
 * used them. XSAVE, not XSAVEOPT or XSAVES: the image is always the standard
 * format and always complete, so ptrace and the signal code can read and write
 * it as memory.
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
#include <string.h>

#define CPUID1_ECX_XSAVE	BIT(26)
#define MXCSR_OFFSET		24
#define MXCSR_MASK_OFFSET	28
#define MXCSR_DEFAULT		0x1f80	/* every exception masked, round to nearest */
#define FCW_DEFAULT		0x37f	/* what FNINIT loads */

struct fpu_config fpu_config = { .size = FXSAVE_SIZE };

/* The FPU as after reset, in the format fpu_config says; built by fpu_init(). */
static u8 init_state[FPU_STATE_SIZE] __aligned(64);

/* XSETBV's value and XSAVE/XRSTOR's component mask, in EDX:EAX: XCR0 whole. */
#define XCR0_EDX_EAX	"a"((u32)fpu_config.xfeatures), "d"((u32)(fpu_config.xfeatures >> 32))

static __always_inline u64 *xstate_bv(u8 *buf)
{
	return (u64 *)(buf + XSAVE_HDR_OFFSET);
}

void fpu_init(void)
{
	struct cpuid_regs r;

	if (cpuid(1).ecx & CPUID1_ECX_XSAVE) {
		r = cpuid_count(0xd, 0);
		fpu_config.xsave = true;
		fpu_config.xfeatures = ((u64)r.edx << 32 | r.eax) & XFEATURES_KERNEL_SAVES;
		fpu_config.size = FXSAVE_SIZE + XSAVE_HDR_SIZE;
		if (fpu_config.xfeatures & XFEATURE_MASK_YMM) {
			r = cpuid_count(0xd, 2);	/* AVX: EAX its size, EBX its offset */
			fpu_config.size = r.ebx + r.eax;
		}
		_Static_assert(FPU_STATE_SIZE >= 832, "x87 + SSE + AVX must fit the image");
		if (fpu_config.size > FPU_STATE_SIZE) {
			fpu_config.xfeatures &= ~XFEATURE_MASK_YMM;	/* not where AVX
									 * should be */
			fpu_config.size = FXSAVE_SIZE + XSAVE_HDR_SIZE;
		}
	}
	fpu_init_state(init_state);
}

void fpu_init_cpu(void)
{
	if (fpu_config.xsave)
		asm volatile("xsetbv" : : "c"(0), XCR0_EDX_EAX);
}

void fpu_init_state(u8 *buf)
{
	memset(buf, 0, FPU_STATE_SIZE);
	*(u16 *)buf = FCW_DEFAULT;
	*(u32 *)(buf + MXCSR_OFFSET) = MXCSR_DEFAULT;
	/* XSTATE_BV 0: every component in its initial state, but MXCSR, loaded as is. */
}

void fpu_save(u8 *buf)
{
	if (fpu_config.xsave)
		asm volatile("xsaveq %0" : "=m"(*(u8 (*)[FPU_STATE_SIZE])buf)
			     : XCR0_EDX_EAX);
	else
		asm volatile("fxsaveq %0" : "=m"(*(u8 (*)[FXSAVE_SIZE])buf));
}

void fpu_restore(const u8 *buf)
{
	if (fpu_config.xsave)
		asm volatile("xrstorq %0" : : "m"(*(const u8 (*)[FPU_STATE_SIZE])buf),
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
		     : "=&r"(faulted) : "m"(*(const u8 (*)[FPU_STATE_SIZE])buf),
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

	fpu_save(buf);
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
