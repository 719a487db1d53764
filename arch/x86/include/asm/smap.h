/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STAC/CLAC: open and close the window in which the kernel may touch user pages
 * while SMAP is on. Both instructions raise #UD on CPUs without SMAP, so every site
 * is recorded in the .smap_sites section and smap_patch_sites() rewrites them to
 * 3-byte NOPs at boot when SMAP is absent (a one-off "alternative", as Linux does).
 */
#ifndef _ASM_X86_SMAP_H
#define _ASM_X86_SMAP_H

#include <compiler.h>

#define __SMAP_SITE(bytes)					\
	"661: .byte " bytes "\n"				\
	".pushsection .smap_sites, \"a\"\n"			\
	".balign 8\n"						\
	".quad 661b\n"						\
	".popsection\n"

#define ASM_STAC	__SMAP_SITE("0x0f,0x01,0xcb")
#define ASM_CLAC	__SMAP_SITE("0x0f,0x01,0xca")

static __always_inline void stac(void)
{
	asm volatile(ASM_STAC ::: "memory");
}

static __always_inline void clac(void)
{
	asm volatile(ASM_CLAC ::: "memory");
}

void smap_patch_sites(bool have_smap);

#endif
