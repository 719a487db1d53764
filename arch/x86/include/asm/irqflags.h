/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt-flag helpers. local_irq_save()/local_irq_restore() are the pushf; cli ...
 * popf pair that the 2016 entry patches removed from the syscall hot path; callers
 * that already know IRQs are off use the _irqoff variants of their hooks instead.
 *
 * local_irq_restore() has two designs (docs/benchmarks.md):
 *   popf  restore RFLAGS whole (Linux until 2016);
 *   sti   "if (flags & IF) sti": the only flag that changed between save and
 *         restore is IF, which was cleared, so setting it back when it was set
 *         is enough. Denys Vlasenko's 2016 proposal: POPF is one of the slow
 *         instructions (about 20 cycles), a predicted branch and STI are not.
 * The kernel picks one at boot (irq_restore=popf|sti, arch/x86/irqflags.c). A
 * file compiled with IRQ_RESTORE_POPF or IRQ_RESTORE_STI defined has its
 * choice fixed instead: the entry variants, so that each benchmark row measures
 * one design whatever the boot chose.
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

static __always_inline void local_irq_restore_sti(unsigned long flags)
{
	if (flags & X86_EFLAGS_IF)
		local_irq_enable();
}

/* irq_restore=sti: read on every local_irq_restore() not fixed at build time. */
extern bool irq_restore_sti;

#if defined(IRQ_RESTORE_POPF)
#define local_irq_restore(flags)	native_restore_fl(flags)
#elif defined(IRQ_RESTORE_STI)
#define local_irq_restore(flags)	local_irq_restore_sti(flags)
#else
#define local_irq_restore(flags)					\
	do {								\
		if (irq_restore_sti)					\
			local_irq_restore_sti(flags);			\
		else							\
			native_restore_fl(flags);			\
	} while (0)
#endif

void irq_restore_init(void);

static __always_inline bool irqs_disabled_flags(unsigned long flags)
{
	return !(flags & X86_EFLAGS_IF);
}

static __always_inline bool irqs_disabled(void)
{
	return irqs_disabled_flags(native_save_fl());
}

#endif
