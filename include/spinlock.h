/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ticket spinlocks. A CPU takes a ticket (lock xadd on next) and spins until
 * owner reaches it, so waiters are served in arrival order and none starves.
 * Unlock is a plain store: x86 stores are not reordered with earlier loads or
 * stores, so everything done under the lock is visible before owner moves.
 *
 * Forms, as in Linux:
 *  - spin_lock()/spin_unlock(): IRQs stay as they are.
 *  - spin_lock_irqsave()/spin_unlock_irqrestore(): IRQs off while held; for any
 *    lock an interrupt handler also takes.
 *
 * Every lock records which CPU holds it. DEBUG_ENTRY=1 builds add lockdep-lite
 * (kernel/locking/spinlock.c): taking a lock this CPU already holds is reported and
 * panics (it would spin forever), and a lock taken both in an interrupt handler
 * and elsewhere with IRQs on is reported, because that interrupt arriving on the
 * holder's CPU would deadlock. Like DEBUG_ENTRY's other checks they stay out of
 * the release build, whose figures docs/benchmarks.md quotes. No lock is on the
 * syscall fast path (kill, invalid, getpid).
 */
#ifndef _ENTRYLAB_SPINLOCK_H
#define _ENTRYLAB_SPINLOCK_H

#include <asm/irqflags.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <compiler.h>

typedef struct spinlock {
	u16 owner;		/* ticket being served */
	u16 next;		/* next ticket to hand out */
	s16 holder_cpu;		/* lockdep-lite: -1 when free */
	u8 usage;		/* lockdep-lite: LOCK_USED_* seen so far */
	const char *name;
} spinlock_t;

#define LOCK_USED_IN_IRQ	BIT(0)	/* taken by an interrupt handler */
#define LOCK_USED_IRQS_ON	BIT(1)	/* taken with IRQs enabled */

#define SPINLOCK_INIT(lockname)	{ .holder_cpu = -1, .name = #lockname }
#define DEFINE_SPINLOCK(lockname) spinlock_t lockname = SPINLOCK_INIT(lockname)

/* What taking lock now would do wrong, or NULL; every build (the self-tests ask). */
const char *lockdep_acquire_verdict(const spinlock_t *lock);
#ifdef DEBUG_ENTRY
void lockdep_acquire(spinlock_t *lock);
void lockdep_release(spinlock_t *lock);
#else
static __always_inline void lockdep_acquire(spinlock_t *lock) { }
static __always_inline void lockdep_release(spinlock_t *lock) { }
#endif
/* Inconsistent-use reports so far (the self-tests read it). */
extern unsigned long lockdep_warnings;
/* Set by a self-test that provokes the next report on purpose. */
extern bool lockdep_warn_expected;

static __always_inline void arch_spin_lock(spinlock_t *lock)
{
	u16 ticket = __atomic_fetch_add(&lock->next, 1, __ATOMIC_ACQUIRE);

	while (__atomic_load_n(&lock->owner, __ATOMIC_ACQUIRE) != ticket)
		cpu_relax();
}

static __always_inline void spin_lock(spinlock_t *lock)
{
	lockdep_acquire(lock);
	arch_spin_lock(lock);
	lock->holder_cpu = (s16)this_cpu_read(cpu);
}

static __always_inline void spin_unlock(spinlock_t *lock)
{
	lockdep_release(lock);
	lock->holder_cpu = -1;
	__atomic_store_n(&lock->owner, lock->owner + 1, __ATOMIC_RELEASE);
}

#define spin_lock_irqsave(lock, flags)				\
	do {							\
		local_irq_save(flags);				\
		spin_lock(lock);				\
	} while (0)

#define spin_unlock_irqrestore(lock, flags)			\
	do {							\
		spin_unlock(lock);				\
		local_irq_restore(flags);			\
	} while (0)

static __always_inline bool spin_is_locked(const spinlock_t *lock)
{
	return READ_ONCE(lock->owner) != READ_ONCE(lock->next);
}

/* This CPU holds it: for assertions in functions that require the lock. */
static __always_inline bool spin_held_here(const spinlock_t *lock)
{
	return READ_ONCE(lock->holder_cpu) == (s16)this_cpu_read(cpu);
}

#endif
