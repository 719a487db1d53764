// SPDX-License-Identifier: GPL-2.0
/*
 * The x87 state as FSAVE lays it out, which i386 signal frames carry ahead of
 * the FXSAVE image (arch/x86/signal_ia32.c), converted from and to the FXSAVE
 * format the kernel keeps: Linux's convert_from_fxsr() and convert_to_fxsr().
 * The two differ in the tag word (FXSAVE keeps one "valid" bit per register,
 * FSAVE two bits saying valid, zero, special or empty), in the register
 * spacing (16 bytes against 10), and in the upper halves of the 16-bit words,
 * which FSAVE fills with ones.
 */
#include <asm/fpu.h>
#include <string.h>

/* The FXSAVE area's legacy fields. */
struct fxregs_legacy {
	u16 cwd, swd;
	u8 ftw, reserved;		/* the abridged tag: bit i set, register i not empty */
	u16 fop;
	u32 fip, fcs, foo, fos;		/* the 32-bit format's: what an i386 frame holds */
	u32 mxcsr, mxcsr_mask;
	struct {
		u16 significand[4];
		u16 exponent;
		u16 padding[3];
	} st[8];
};

#define FP_EXP_TAG_VALID	0
#define FP_EXP_TAG_ZERO		1
#define FP_EXP_TAG_SPECIAL	2
#define FP_EXP_TAG_EMPTY	3

/* The full tag of each physical register, from its contents: Linux's twd_fxsr_to_i387(). */
static u32 twd_fxsr_to_i387(const struct fxregs_legacy *fx)
{
	unsigned int tos = (fx->swd >> 11) & 7;
	u32 ret = 0xffff0000u;

	for (unsigned int i = 0; i < 8; i++) {
		/* Physical register i is ST((i - TOP) mod 8). */
		const typeof(fx->st[0]) *st = &fx->st[(i - tos) & 7];
		u32 tag;

		if (!(fx->ftw & (1 << i)))
			tag = FP_EXP_TAG_EMPTY;
		else if ((st->exponent & 0x7fff) == 0x7fff)
			tag = FP_EXP_TAG_SPECIAL;
		else if (!(st->exponent & 0x7fff))
			tag = st->significand[0] | st->significand[1] | st->significand[2] |
			      st->significand[3] ? FP_EXP_TAG_SPECIAL : FP_EXP_TAG_ZERO;
		else
			tag = st->significand[3] & 0x8000 ? FP_EXP_TAG_VALID : FP_EXP_TAG_SPECIAL;
		ret |= tag << (2 * i);
	}
	return ret;
}

/* The abridged tag: a register is in use unless its two bits say empty. */
static u8 twd_i387_to_fxsr(u32 twd)
{
	u8 ftw = 0;

	for (unsigned int i = 0; i < 8; i++)
		if (((twd >> (2 * i)) & 3) != FP_EXP_TAG_EMPTY)
			ftw |= 1 << i;
	return ftw;
}

void fregs_from_fxsr(struct fregs_state *env, const u8 *fxsave, u16 cs, u16 ds)
{
	const struct fxregs_legacy *fx = (const void *)fxsave;

	memset(env, 0, sizeof(*env));
	env->cwd = fx->cwd | 0xffff0000u;
	env->swd = fx->swd | 0xffff0000u;
	env->twd = twd_fxsr_to_i387(fx);
	env->fip = fx->fip;
	env->fcs = cs | (u32)fx->fop << 16;
	env->foo = fx->foo;
	env->fos = ds | 0xffff0000u;
	for (unsigned int i = 0; i < 8; i++)
		memcpy((u8 *)env->st_space + 10 * i, &fx->st[i], 10);
	env->status = fx->swd;
	env->magic = X86_FXSR_MAGIC;
}

void fxsr_from_fregs(u8 *fxsave, const struct fregs_state *env)
{
	struct fxregs_legacy *fx = (void *)fxsave;

	fx->cwd = env->cwd;
	fx->swd = env->swd;
	fx->ftw = twd_i387_to_fxsr(env->twd);
	fx->fop = env->fcs >> 16;
	fx->fip = env->fip;
	fx->fcs = env->fcs & 0xffff;
	fx->foo = env->foo;
	fx->fos = env->fos & 0xffff;
	for (unsigned int i = 0; i < 8; i++)
		memcpy(&fx->st[i], (const u8 *)env->st_space + 10 * i, 10);
}
