/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring 3's FPU, SSE and AVX registers (arch/x86/fpu.c). The kernel uses none of
 * them (-mgeneral-regs-only), so the registers hold the current task's values
 * for as long as it runs, in the kernel too: they are saved into task->thread.fpu only
 * when another task takes the CPU, when a signal frame needs them, or for fork.
 *
 * With XSAVE (CPUID.1:ECX.XSAVE, CR4.OSXSAVE) the image is XSAVE's standard
 * format: the 512-byte FXSAVE area, the 64-byte XSAVE header, then each component
 * XCR0 enables at the offset CPUID leaf 0xD gives it: AVX's upper halves of YMM0-15
 * and, on CPUs with AVX-512, its opmask registers, the upper halves of ZMM0-15 and
 * ZMM16-31 (what Linux enables by default for user space; AMX's tiles, which Linux
 * grants only on request, are not enabled). Without it, the FXSAVE area alone. The
 * image's size depends on the CPU (fpu_config.size), so each task's is allocated.
 */
#ifndef _ASM_X86_FPU_H
#define _ASM_X86_FPU_H

#include <compiler.h>

#define FXSAVE_SIZE		512
#define XSAVE_HDR_OFFSET	512		/* the header: xstate_bv, xcomp_bv, reserved */
#define XSAVE_HDR_SIZE		64
/* The largest image: x87, SSE, AVX, AVX-512 (Hi16_ZMM ends at 1664 + 1024). */
#define FPU_STATE_MAX		2688

#define XFEATURE_MASK_FP	BIT(0)
#define XFEATURE_MASK_SSE	BIT(1)
#define XFEATURE_MASK_YMM	BIT(2)
#define XFEATURE_MASK_OPMASK	BIT(5)
#define XFEATURE_MASK_ZMM_HI256	BIT(6)
#define XFEATURE_MASK_HI16_ZMM	BIT(7)
#define XFEATURE_MASK_FPSSE	(XFEATURE_MASK_FP | XFEATURE_MASK_SSE)
#define XFEATURE_MASK_AVX512	(XFEATURE_MASK_OPMASK | XFEATURE_MASK_ZMM_HI256 | \
				 XFEATURE_MASK_HI16_ZMM)
#define XFEATURES_KERNEL_SAVES	(XFEATURE_MASK_FPSSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512)

/*
 * The signal frame's FPU image is Linux's: the XSAVE image, its software-reserved
 * bytes (464-511 of the FXSAVE area, which XSAVE never writes) saying so, and
 * FP_XSTATE_MAGIC2 right after it. rt_sigreturn trusts an XSAVE image only
 * with both magics and sizes that fit; else it takes the FXSAVE area alone.
 */
#define FP_XSTATE_MAGIC1	0x46505853U
#define FP_XSTATE_MAGIC2	0x46505845U
#define FP_XSTATE_MAGIC2_SIZE	4
#define FPX_SW_BYTES_OFFSET	464

struct fpx_sw_bytes {
	u32 magic1;			/* FP_XSTATE_MAGIC1: an XSAVE image follows */
	u32 extended_size;		/* xstate_size + FP_XSTATE_MAGIC2_SIZE */
	u64 xfeatures;			/* XCR0: the components in it */
	u32 xstate_size;		/* the XSAVE image's size */
	u32 padding[7];
};

/* What fpu_init() chose; the same on every CPU. */
struct fpu_config {
	bool xsave;			/* XSAVE/XRSTOR, else FXSAVE/FXRSTOR */
	bool xsaveopt;			/* and saves by XSAVEOPT */
	u64 xfeatures;			/* XCR0 */
	unsigned int size;		/* of the image: 512, or XSAVE's for xfeatures */
};
extern struct fpu_config fpu_config;

/* The CPUID words fpu_xfeatures_from_cpuid() decides by. */
struct fpu_cpuid {
	u32 max_leaf;			/* leaf 0's EAX */
	u32 leaf1_ecx, leaf1_edx;	/* XSAVE, AVX; FPU, FXSR, SSE */
	u32 leaf7_ebx;			/* AVX512F; 0 if leaf 7 is past max_leaf */
	u32 leaf_0d_eax, leaf_0d_edx;	/* the XCR0 bits the CPU supports; 0 if past max_leaf */
};
u64 fpu_xfeatures_from_cpuid(const struct fpu_cpuid *c);

/* Boot CPU, from cpu_init(): what to save, by CPUID. */
void fpu_init(void);
/* A task's image, fpu_config.size bytes, 64-byte aligned (kmalloc); NULL if memory is short. */
u8 *fpu_alloc_state(void);
/* Every CPU, with CR4.OSXSAVE already set: XCR0. */
void fpu_init_cpu(void);
/* A new task's image: the FPU as after reset (x87 control word 0x37f, MXCSR 0x1f80). */
void fpu_init_state(u8 *buf);
/*
 * The CPU's registers into buf (64-byte aligned), or buf into the CPU. With XSAVEOPT
 * the components XSTATE_BV clears may hold stale bytes: see fpu_image_fill_init().
 */
void fpu_save(u8 *buf);
void fpu_restore(const u8 *buf);
/*
 * Before an image saved by fpu_save() is read as memory (ptrace): the
 * components its XSTATE_BV says are in their initial state get their initial values,
 * what XSAVE would have written; XSTATE_BV is kept. Only for a task not running, or
 * current's image after its save (the next XRSTOR reloads it).
 */
void fpu_image_fill_init(u8 *buf);
/* The CPU's registers to the reset state: what a signal handler starts with. */
void fpu_reset_user_state(void);
/* The MXCSR bits the CPU accepts: restoring a reserved one would #GP in the kernel. */
u32 mxcsr_feature_mask(void);

/* The bytes a signal frame needs for the FPU image, MAGIC2 included. */
unsigned int fpu_sigframe_size(void);
/* current's registers to fp, 64-byte aligned, in Linux's signal frame format. */
bool fpu_save_sigframe(void __user *fp);
/*
 * The image at fp into current's registers; false (the FPU reset) if it is
 * refused. env: an i386 frame's x87 environment, which overrides the image's
 * (arch/x86/fpu_ia32.c), or NULL.
 */
struct fregs_state;
bool fpu_restore_sigframe(const void __user *fp, const struct fregs_state *env);

/*
 * The legacy FSAVE image an i386 signal frame puts before the FXSAVE one (Linux's
 * struct fregs_state, uapi's struct _fpstate_32 up to magic): 112 bytes.
 */
struct fregs_state {
	u32 cwd, swd, twd, fip, fcs, foo, fos;
	u32 st_space[20];		/* eight 10-byte registers, ST(0) first */
	u16 status;			/* the status word again */
	u16 magic;			/* X86_FXSR_MAGIC: an FXSAVE image follows */
};
#define X86_FXSR_MAGIC		0x0000

/* arch/x86/fpu_ia32.c: Linux's convert_from_fxsr() and convert_to_fxsr(). */
void fregs_from_fxsr(struct fregs_state *env, const u8 *fxsave, u16 cs, u16 ds);
void fxsr_from_fregs(u8 *fxsave, const struct fregs_state *env);
/* ptrace's SETFPREGS wrote the FXSAVE area of t's image: make XRSTOR load it. */
void fpu_fxsave_area_written(u8 *buf);

#endif
