/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code's patch sites (SKIP_UNLESS and CALL_IF in entry/calling.inc),
 * applied once by apply_patch_sites() while the kernel text is still writable.
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

/* Patch every site for the conditions whose bits are set in on; returns how many changed. */
unsigned int apply_patch_sites(unsigned long on);

#endif
