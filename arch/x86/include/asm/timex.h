/* SPDX-License-Identifier: GPL-2.0 */
/* The cycle counter generic code reads (Linux's get_cycles()): on x86, the TSC. */
#ifndef _ASM_X86_TIMEX_H
#define _ASM_X86_TIMEX_H

#include <asm/processor.h>

static __always_inline u64 get_cycles(void)
{
	return rdtsc();
}

#endif
