// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the interrupt-flag helpers. Entered with IRQs on. */
#include <asm/irqflags.h>
#include <selftest.h>

SELFTEST(irqflags, enable_disable)
{
	ASSERT_TRUE(t, !irqs_disabled());
	local_irq_disable();
	EXPECT_TRUE(t, irqs_disabled());
	EXPECT_FALSE(t, native_save_fl() & X86_EFLAGS_IF);
	local_irq_enable();
	EXPECT_FALSE(t, irqs_disabled());
}

SELFTEST(irqflags, save_restore_nests)
{
	unsigned long outer, inner;

	local_irq_save(outer);
	EXPECT_TRUE(t, irqs_disabled());
	EXPECT_FALSE(t, irqs_disabled_flags(outer));	/* IRQs were on */
	local_irq_save(inner);
	EXPECT_TRUE(t, irqs_disabled_flags(inner));		/* ...and then off */
	local_irq_restore(inner);
	EXPECT_TRUE(t, irqs_disabled());			/* inner keeps them off */
	local_irq_restore(outer);
	EXPECT_FALSE(t, irqs_disabled());
}

SELFTEST(irqflags, restore_keeps_other_flags)
{
	unsigned long flags;

	local_irq_save(flags);
	EXPECT_TRUE(t, flags & X86_EFLAGS_FIXED);
	EXPECT_FALSE(t, flags & (X86_EFLAGS_DF | X86_EFLAGS_AC | X86_EFLAGS_TF));
	local_irq_restore(flags);
	EXPECT_EQ(t, native_save_fl() & ~0xffUL, flags & ~0xffUL);	/* bar arithmetic */
}

/* irq_restore=sti's restore: the same nesting, with no POPF (whatever the boot chose). */
SELFTEST(irqflags, conditional_sti_restore_nests)
{
	unsigned long outer, inner;

	local_irq_save(outer);
	local_irq_save(inner);
	local_irq_restore_sti(inner);
	EXPECT_TRUE(t, irqs_disabled());			/* IF was clear: no sti */
	local_irq_restore_sti(outer);
	EXPECT_FALSE(t, irqs_disabled());
}
