/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code's patch sites (SKIP_UNLESS and CALL_IF in entry/calling.inc),
 * applied by apply_patch_sites() while the kernel text is still writable, and for a
 * feature switched at run time again by switch_patch_sites_irqoff().
 */
#ifndef _ASM_X86_ALTERNATIVE_H
#define _ASM_X86_ALTERNATIVE_H

#include <asm/mitigations.h>
#include <compiler.h>

enum patch_kind {
	PATCH_SKIP_UNLESS,	/* [addr, aux): jumped over unless the condition holds */
	PATCH_CALL_IF,		/* the CALL at addr goes to aux when the condition holds */
};

/*
 * What a site's condition names: a mitigation (enum mitigation's bits), or a CPU
 * feature the entry code is patched for, numbered after them.
 */
enum patch_feature {
	PATCH_FEATURE_FSGSBASE = NR_MITIGATIONS,	/* CR4.FSGSBASE is on */
	PATCH_FEATURE_FRED,				/* CR4.FRED is on (asm/fred.h) */
};

struct patch_site {
	unsigned long addr;
	unsigned long aux;
	u32 condition;		/* enum mitigation or enum patch_feature */
	u32 kind;		/* enum patch_kind */
};

/* A site's slot in .patch_saved: the bytes its JMP replaced; len 0 while none is there. */
struct patch_saved {
	u8 bytes[7];
	u8 len;
};

/* Patch every site for the conditions whose bits are set in on; returns how many changed. */
unsigned int apply_patch_sites(unsigned long on);

/**
 * switch_patch_sites_irqoff - after boot, run feature's blocks again, or skip them
 * @feature: a CPU feature switched at run time (PATCH_FEATURE_FRED: arch/x86/fred.c)
 * @on: whether it is on now
 *
 * Only for SKIP_UNLESS blocks that nest no other site and sit in none (it panics
 * otherwise): a skipped one gets its bytes back from its slot. IRQs off, and no
 * other CPU may run the sites meanwhile (held, or idle).
 */
void switch_patch_sites_irqoff(enum patch_feature feature, bool on);

/*
 * Writes len bytes of kernel text at dst, read-only mapped or not, IRQs off; no
 * other CPU may run them meanwhile (held, or not started). Returns dst.
 */
void *text_write_irqoff(void *dst, const void *src, size_t len);

#endif
