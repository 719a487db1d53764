/* SPDX-License-Identifier: GPL-2.0 */
/* The debug status register: what a #DB reports. */
#ifndef _ASM_X86_DEBUGREG_H
#define _ASM_X86_DEBUGREG_H

#include <compiler.h>

#define DR6_BS		BIT(14)		/* single step */
#define DR6_RESET	0xffff0ff0UL	/* DR6's reset value: no condition recorded */

/* The conditions of the last #DB; DR6 is sticky, so it is reset for the next one. */
static __always_inline unsigned long read_and_clear_dr6(void)
{
	unsigned long dr6;

	asm volatile("mov %%dr6, %0" : "=r"(dr6));
	asm volatile("mov %0, %%dr6" : : "r"(DR6_RESET));
	return dr6;
}

#endif
