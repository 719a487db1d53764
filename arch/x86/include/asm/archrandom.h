/* SPDX-License-Identifier: GPL-2.0 */
/* The CPU's random numbers: RDRAND, where CPUID.1:ECX says the CPU has it (kernel/random.c). */
#ifndef _ASM_X86_ARCHRANDOM_H
#define _ASM_X86_ARCHRANDOM_H

#include <compiler.h>

/* One RDRAND: true with *v set, or false when the CPU had no number ready. */
static __always_inline bool rdrand_long(u64 *v)
{
	bool ok;

	asm volatile("rdrand %0" : "=r"(*v), "=@ccc"(ok));
	return ok;
}

#endif
