/* SPDX-License-Identifier: GPL-2.0 */
/* 64-bit arithmetic with a 128-bit intermediate, as Linux's asm/div64.h. */
#ifndef _ASM_X86_DIV64_H
#define _ASM_X86_DIV64_H

#include <compiler.h>

/*
 * a * b / c with the product in 128 bits (MUL, then DIV of RDX:RAX): no
 * libgcc in the kernel for a 128-bit division. The quotient must fit in 64
 * bits (c > a * b >> 64), or DIV faults.
 */
static __always_inline u64 mul_u64_u64_div_u64(u64 a, u64 b, u64 c)
{
	u64 q;

	asm("mulq %2; divq %3" : "=a"(q) : "a"(a), "rm"(b), "rm"(c) : "rdx", "cc");
	return q;
}

#endif
