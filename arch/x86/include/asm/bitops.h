/* SPDX-License-Identifier: GPL-2.0 */
/* Bits of a word other CPUs may change too: each set or clear is one locked instruction. */
#ifndef _ASM_X86_BITOPS_H
#define _ASM_X86_BITOPS_H

#include <compiler.h>

static __always_inline void set_bit(int nr, unsigned long *word)
{
	asm volatile("lock btsq %1, %0" : "+m"(*word) : "Ir"((long)nr) : "memory");
}

static __always_inline void clear_bit(int nr, unsigned long *word)
{
	asm volatile("lock btrq %1, %0" : "+m"(*word) : "Ir"((long)nr) : "memory");
}

#endif
