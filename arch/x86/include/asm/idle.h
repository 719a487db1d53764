/* SPDX-License-Identifier: GPL-2.0 */
/* Stopping this CPU: until the next interrupt (the idle loop), or for good. */
#ifndef _ASM_X86_IDLE_H
#define _ASM_X86_IDLE_H

#include <compiler.h>

/*
 * safe_halt_irqoff - with IRQs off, wait for an interrupt and take it
 *
 * IRQs stay off from the caller's last check up to the HLT: STI's one-instruction
 * shadow means an IPI sent after that check wakes the HLT rather than arriving
 * before it. The interrupt's handler runs before the instruction after HLT, and
 * this returns with IRQs off again.
 */
static __always_inline void safe_halt_irqoff(void)
{
	asm volatile("sti; hlt; cli" ::: "memory");
}

/* IRQs off and HLT, for ever: only an NMI or a reset wakes this CPU, and it halts again. */
static __always_inline void __noreturn halt_forever(void)
{
	for (;;)
		asm volatile("cli; hlt");
}

#endif
