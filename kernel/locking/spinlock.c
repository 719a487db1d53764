// SPDX-License-Identifier: GPL-2.0
/*
 * Lockdep-lite, in DEBUG_ENTRY=1 builds: the two lock bugs a small SMP kernel
 * makes first, caught on the acquisition that shows them rather than on the hang
 * they cause.
 *
 *  - Recursion: this CPU already holds the lock. The ticket it would take can
 *    never be served, so the CPU would spin forever: panic with the lock's name.
 *  - IRQ-unsafe use: the lock is taken in an interrupt handler and, somewhere
 *    else, with IRQs enabled. If that interrupt arrives on the CPU holding the
 *    lock with IRQs on, the handler spins on a lock its own CPU holds. Reported
 *    once per lock, the first time both usages have been seen, as Linux's lockdep
 *    reports "inconsistent {IN-HARDIRQ-W} -> {HARDIRQ-ON-W} usage".
 *
 * Linux's lockdep also orders lock classes to find ABBA deadlocks. entrylab nests
 * few locks (sched_lock, then a task's signal lock), and this does not check order.
 */
#include <asm/percpu.h>
#include <kernel.h>
#include <printk.h>
#include <spinlock.h>

unsigned long lockdep_warnings;
bool lockdep_warn_expected;

static u8 usage_now(void)
{
	if (this_cpu_read(irq_depth))
		return LOCK_USED_IN_IRQ;
	return irqs_disabled() ? 0 : LOCK_USED_IRQS_ON;
}

/**
 * lockdep_acquire_verdict - what taking @lock now would do wrong, or NULL
 * @lock: the lock about to be taken by this CPU
 *
 * Pure: changes nothing, so the self-tests can ask about a lock they hold.
 */
const char *lockdep_acquire_verdict(const spinlock_t *lock)
{
	u8 usage = lock->usage | usage_now();

	if (spin_held_here(lock))
		return "recursive locking: this CPU already holds it";
	if ((usage & LOCK_USED_IN_IRQ) && (usage & LOCK_USED_IRQS_ON) &&
	    usage != lock->usage)
		return "inconsistent use: taken in an interrupt handler and with IRQs on";
	return NULL;
}

#ifdef DEBUG_ENTRY
void lockdep_acquire(spinlock_t *lock)
{
	const char *bad = lockdep_acquire_verdict(lock);

	if (unlikely(bad)) {
		if (spin_held_here(lock))
			panic("lockdep: %s: %s", lock->name, bad);
		lockdep_warnings++;
		printk("%slockdep: CPU %u: %s: %s\n",
		       lockdep_warn_expected ? "    # expected " : "",
		       this_cpu_read(cpu), lock->name, bad);
		lockdep_warn_expected = false;
	}
	/* Benign race: two CPUs may both add a bit; each bit only ever gets set. */
	__atomic_or_fetch(&lock->usage, usage_now(), __ATOMIC_RELAXED);
}

void lockdep_release(spinlock_t *lock)
{
	if (unlikely(!spin_held_here(lock)))
		panic("lockdep: %s: released by CPU %u, which does not hold it", lock->name,
		      this_cpu_read(cpu));
}
#endif
