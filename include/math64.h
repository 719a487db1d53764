/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit arithmetic that compiles to a few instructions in both of the ABIs this
 * tree builds code for: the kernel and the 64-bit vDSO (x86-64), and the 32-bit
 * vDSO (i386, arch/x86/vdso/). An i386 compiler has no 128-bit type and turns a
 * 64-bit division into a call to libgcc's __udivdi3, which a vDSO cannot link;
 * these use the CPU's 32-bit MUL and DIV there instead (Linux's math64.h and
 * do_div()).
 */
#ifndef _ENTRYLAB_MATH64_H
#define _ENTRYLAB_MATH64_H

#include <compiler.h>

/**
 * mul_u64_u32_shr - a * mul >> shift, without losing the product's high bits
 * @a: the 64-bit factor
 * @mul: the 32-bit factor
 * @shift: 0 to 32
 *
 * Exact whenever the result fits 64 bits. Without a 128-bit type the product is
 * the sum of two 32x32-bit products: (hi * 2^32 + lo) * mul >> shift is
 * hi * mul << (32 - shift) plus lo * mul >> shift, with nothing rounded away
 * as long as shift <= 32.
 */
static __always_inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
#ifdef __SIZEOF_INT128__
	return (u64)(((unsigned __int128)a * mul) >> shift);
#else
	return ((u64)(u32)a * mul >> shift) + ((u64)(u32)(a >> 32) * mul << (32 - shift));
#endif
}

/**
 * div_u64_rem - divide a 64-bit number by a 32-bit one
 * @dividend: the number divided
 * @divisor: not 0
 * @rem: where the remainder goes
 *
 * Return: the quotient. On i386, two DIVs: the high word first, whose remainder
 * becomes the high half of the second dividend, so the second quotient fits
 * 32 bits and DIV cannot fault.
 */
static __always_inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *rem)
{
#ifdef __x86_64__
	*rem = dividend % divisor;
	return dividend / divisor;
#else
	u32 hi = dividend >> 32, lo = dividend, q_hi = hi / divisor;

	asm("divl %[d]" : "=a"(lo), "=d"(*rem) : "0"(lo), "1"(hi % divisor), [d] "rm"(divisor));
	return (u64)q_hi << 32 | lo;
#endif
}

#endif
