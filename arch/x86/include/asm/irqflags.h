/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt-flag helpers. local_irq_save()/local_irq_restore() are the pushf; cli ...
 * popf pair that the 2016 entry patches removed from the syscall hot path; callers
 * that already know IRQs are off use the _irqoff variants of their hooks instead.
 */
#ifndef _ASM_X86_IRQFLAGS_H
#define _ASM_X86_IRQFLAGS_H

#include <asm/processor.h>

static __always_inline unsigned long native_save_fl(void)
{
	unsigned long flags;

	/* "memory": the flags read must not move across the accesses they protect. */
	asm volatile("pushf; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static __always_inline void native_restore_fl(unsigned long flags)
{
	asm volatile("push %0; popf" : : "g"(flags) : "memory", "cc");
}

static __always_inline void local_irq_disable(void)
{
	asm volatile("cli" ::: "memory");
}

static __always_inline void local_irq_enable(void)
{
	asm volatile("sti" ::: "memory");
}

#define local_irq_save(flags)					\
	do {							\
		(flags) = native_save_fl();			\
		local_irq_disable();				\
	} while (0)

#define local_irq_restore(flags)	native_restore_fl(flags)

static __always_inline bool irqs_disabled_flags(unsigned long flags)
{
	return !(flags & X86_EFLAGS_IF);
}

static __always_inline bool irqs_disabled(void)
{
	return irqs_disabled_flags(native_save_fl());
}

#endif
