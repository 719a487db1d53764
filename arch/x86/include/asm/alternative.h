/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code's patch sites (SKIP_UNLESS and CALL_IF in entry/calling.inc),
 * applied once by apply_patch_sites() while the kernel text is still writable.
 */
#ifndef _ASM_X86_ALTERNATIVE_H
#define _ASM_X86_ALTERNATIVE_H

#include <compiler.h>

enum patch_kind {
	PATCH_SKIP_UNLESS,	/* [addr, aux): jumped over unless the mitigation is on */
	PATCH_CALL_IF,		/* the CALL at addr goes to aux when the mitigation is on */
};

struct patch_site {
	unsigned long addr;
	unsigned long aux;
	u32 mitigation;		/* enum mitigation */
	u32 kind;		/* enum patch_kind */
};

/* Patch every site for the bits of on (enum mitigation); returns how many changed. */
unsigned int apply_patch_sites(unsigned long on);

#endif
