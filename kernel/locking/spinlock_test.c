// SPDX-License-Identifier: GPL-2.0
/* Self-tests of lockdep-lite (kernel/locking/spinlock.c): both bugs it exists to catch. */
#include <asm/irqflags.h>
#include <selftest.h>
#include <smp.h>
#include <spinlock.h>

SELFTEST(spinlock, lock_unlock_and_holder)
{
	DEFINE_SPINLOCK(lock);
	unsigned long flags;

	EXPECT_FALSE(t, spin_is_locked(&lock));
	spin_lock_irqsave(&lock, flags);
	EXPECT_TRUE(t, spin_is_locked(&lock));
	EXPECT_TRUE(t, spin_held_here(&lock));
	EXPECT_TRUE(t, irqs_disabled());
	spin_unlock_irqrestore(&lock, flags);
	EXPECT_FALSE(t, spin_is_locked(&lock));
	EXPECT_FALSE(t, spin_held_here(&lock));
	EXPECT_FALSE(t, irqs_disabled());
}

/* Taking it again would spin forever: the verdict names it before that happens. */
SELFTEST(spinlock, lockdep_catches_recursion)
{
	DEFINE_SPINLOCK(lock);
	unsigned long flags;
	const char *verdict;

	EXPECT_EQ(t, lockdep_acquire_verdict(&lock), NULL);
	spin_lock_irqsave(&lock, flags);
	verdict = lockdep_acquire_verdict(&lock);
	spin_unlock_irqrestore(&lock, flags);
	ASSERT_NE(t, verdict, NULL);
	EXPECT_STREQ(t, verdict, "recursive locking: this CPU already holds it");
}

static DEFINE_SPINLOCK(irq_unsafe_lock);

static void take_in_irq(void *arg)
{
	spin_lock(&irq_unsafe_lock);
	spin_unlock(&irq_unsafe_lock);
}

/*
 * Taken with IRQs on here, then in an interrupt handler (a cross-CPU call, or on
 * one CPU a simulated handler): the second acquisition is reported, once.
 */
SELFTEST(spinlock, lockdep_catches_irq_unsafe_use)
{
	unsigned long warnings = lockdep_warnings;
	unsigned int other = smp_processor_id() ? 0 : 1;

#ifndef DEBUG_ENTRY
	SKIP(t, "needs a DEBUG_ENTRY=1 build");
#endif
	irq_unsafe_lock.usage = 0;
	spin_lock(&irq_unsafe_lock);
	spin_unlock(&irq_unsafe_lock);
	EXPECT_EQ(t, lockdep_warnings, warnings);
	lockdep_warn_expected = true;
	if (cpu_online(other)) {
		smp_call_function_single(other, take_in_irq, NULL, true);
	} else {
		local_irq_disable();
		this_cpu_inc(irq_depth);
		take_in_irq(NULL);
		this_cpu_dec(irq_depth);
		local_irq_enable();
	}
	EXPECT_EQ(t, lockdep_warnings, warnings + 1);
	EXPECT_FALSE(t, lockdep_warn_expected);
	spin_lock(&irq_unsafe_lock);		/* known now: not reported again */
	spin_unlock(&irq_unsafe_lock);
	EXPECT_EQ(t, lockdep_warnings, warnings + 1);
	lockdep_warnings = warnings;		/* the report was the point */
}
