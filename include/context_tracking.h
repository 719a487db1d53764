/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Context tracking: each CPU knows whether it runs kernel or user code. Entry
 * code calls user_exit*() first thing after entering from user mode and
 * user_enter*() last thing before returning there. The RCU tracker (rcu.h) is
 * fed from the same transitions, so a CPU in user mode is seen as quiescent.
 *
 * The context and RCU's watching counter share one per-CPU word, ct.state
 * (context_tracking_state.h), as Linux's since 6.0 ("rcu/context_tracking: Merge dynticks
 * counter and context tracking states"): one locked add moves both. Before, a
 * transition was a store of the context and a locked add of the counter; the
 * entry variant irqoff_inline_split (CT_STATE_SPLIT=1) still does that, on the
 * same word, so the two designs run side by side in one boot and either may
 * undo the other's transition: they leave the word the same.
 *
 * Two flavours of hook, as in Linux since 2016:
 *  - user_enter() / user_exit(): callable with IRQs on or off; they save RFLAGS,
 *    disable IRQs, change state and restore RFLAGS (pushf; cli ... popf).
 *  - user_enter_irqoff() / user_exit_irqoff(): for callers that already run with
 *    IRQs off, which the entry code always does. They only change state. The
 *    name carries the precondition; DEBUG_ENTRY builds also check it.
 */
#ifndef _ENTRYLAB_CONTEXT_TRACKING_H
#define _ENTRYLAB_CONTEXT_TRACKING_H

#include <asm/irqflags.h>
#include <asm/percpu.h>
#include <jump_label.h>
#include <rcu.h>

#ifndef CT_STATE_SPLIT
#define CT_STATE_SPLIT 0
#endif

/*
 * Context tracking on or off: a static key, as Linux's context_tracking_key, so
 * that each test of it on the entry path is a 5-byte NOP while it is on (a JMP
 * over the tracking while off), not a load and a branch. Set at boot from
 * context_tracking=on|off (default on), before the first entry from user mode;
 * changed later only by the benchmark, between measurements. Both trackers change
 * only in trackers_set() (kernel/context_tracking.c), which keeps the rule that
 * the RCU tracker needs context tracking, with every other CPU held.
 */
DECLARE_STATIC_KEY_TRUE(context_tracking_key);
bool trackers_set(bool ct, bool rcu);
bool trackers_switch(bool ct, bool rcu);

static __always_inline bool context_tracking_enabled(void)
{
	return static_branch_likely(&context_tracking_key);
}

/* The same as a plain read, for code that is not hot. */
static inline bool context_tracking_on(void)
{
	return static_key_enabled(&context_tracking_key);
}

static __always_inline enum ctx_state ct_state(void)
{
	return this_cpu_read(ct.context);
}

/* Out of line and cold: counts the violation and prints the first few. */
void ct_warn(const char *file, int line, const char *cond);
/* Every CPU's CT_WARN_ON() count, summed. */
unsigned long ct_warnings_total(void);
/* Set by a self-test that provokes the next warning on purpose. */
extern bool ct_warn_expected;

#define __CT_WARN(cond)							\
	do {								\
		if (unlikely(cond))					\
			ct_warn(__FILE__, __LINE__, #cond);		\
	} while (0)

#ifdef DEBUG_ENTRY
#define ct_assert_irqs_off()	__CT_WARN(!irqs_disabled())
#else
#define ct_assert_irqs_off()	do { } while (0)
#endif

/*
 * The state change itself. IRQs off: an interrupt must not see it half done.
 * Merged, with the RCU tracker on: one fully ordered locked add, the counter's
 * increment with the context's change folded in, so a CPU reading the word
 * sees both changes or neither. Without the tracker, or split: a plain store of
 * the context byte, and for the split tracker its own locked add, after the
 * store on the way to user mode and before it on the way back. The way back first
 * checks that the state says user mode (Linux's CT_WARN_ON() in
 * enter_from_user_mode()): here, behind the hook's one test of the key, as
 * Linux's __ct_user_exit() tests the state, so the check costs no second site;
 * with tracking off the state never changes and there is nothing to check.
 */
#if CT_STATE_SPLIT
static __always_inline void __ct_user_enter(void)
{
	this_cpu_write(ct.context, CONTEXT_USER);
	rcu_user_enter();
}

static __always_inline void __ct_user_exit(void)
{
	__CT_WARN(ct_state() != CONTEXT_USER);	/* a return to user mode untold */
	rcu_user_exit();
	this_cpu_write(ct.context, CONTEXT_KERNEL);
}
#else
static __always_inline void __ct_user_enter(void)
{
	if (rcu_eqs_enabled())		/* odd -> even: RCU stops watching */
		ct_state_add(CT_RCU_WATCHING + CONTEXT_USER - CONTEXT_KERNEL);
	else
		this_cpu_write(ct.context, CONTEXT_USER);
}

static __always_inline void __ct_user_exit(void)
{
	__CT_WARN(ct_state() != CONTEXT_USER);	/* a return to user mode untold */
	if (rcu_eqs_enabled())		/* even -> odd: RCU watches again */
		ct_state_add(CT_RCU_WATCHING + CONTEXT_KERNEL - CONTEXT_USER);
	else
		this_cpu_write(ct.context, CONTEXT_KERNEL);
}
#endif

static __always_inline void user_enter_irqoff(void)
{
	ct_assert_irqs_off();
	if (likely(context_tracking_enabled()))
		__ct_user_enter();
}

static __always_inline void user_exit_irqoff(void)
{
	ct_assert_irqs_off();
	if (likely(context_tracking_enabled()))
		__ct_user_exit();
}

static __always_inline void user_enter(void)
{
	unsigned long flags;

	if (!context_tracking_enabled())
		return;
	local_irq_save(flags);
	__ct_user_enter();
	local_irq_restore(flags);
}

static __always_inline void user_exit(void)
{
	unsigned long flags;

	if (!context_tracking_enabled())
		return;
	local_irq_save(flags);
	__ct_user_exit();
	local_irq_restore(flags);
}

void context_tracking_init(void);

#endif
