/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys (jump labels), as Linux's include/linux/jump_label.h: a switch that
 * the hot paths never read. Each test of the key is a 5-byte NOP or JMP in the text
 * (asm/jump_label.h), and changing the key rewrites every such site
 * (kernel/jump_label.c). A branch that goes the likely way costs one NOP.
 *
 *	DEFINE_STATIC_KEY_TRUE(key);	on as built
 *	DEFINE_STATIC_KEY_FALSE(key);	off as built
 *
 *	if (static_branch_likely(&key))		the NOP falls into the "on" code
 *	if (static_branch_unlikely(&key))	the NOP falls into the "off" code
 *
 * Either test works with either kind of key: the kind says what the key is as
 * built, the test which way the compiler lays out the code. The NOP is where the
 * key's value as built meets the layout the test asked for; otherwise the site
 * starts as the JMP:
 *
 *	static_branch_likely() on a TRUE key:		NOP, JMP when off
 *	static_branch_likely() on a FALSE key:		JMP, NOP when on
 *	static_branch_unlikely() on a FALSE key:	NOP, JMP when on
 *	static_branch_unlikely() on a TRUE key:		JMP, NOP when off
 */
#ifndef _ENTRYLAB_JUMP_LABEL_H
#define _ENTRYLAB_JUMP_LABEL_H

#include <asm/jump_label.h>
#include <compiler.h>

struct static_key {
	int enabled;		/* 0 or 1; written only by kernel/jump_label.c */
};

struct static_key_true {
	struct static_key key;
};

struct static_key_false {
	struct static_key key;
};

#define DEFINE_STATIC_KEY_TRUE(name)	struct static_key_true name = { { 1 } }
#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { { 0 } }
#define DECLARE_STATIC_KEY_TRUE(name)	extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key_false name

/* The key's value as a plain read: for code that is not hot, and for the tests. */
#define static_key_enabled(x)	(READ_ONCE((x)->key.enabled) != 0)

#define __static_key_is(x, type)	__builtin_types_compatible_p(typeof(*(x)), type)
/* Any other type is a mistake the link reports. */
extern bool ____wrong_branch_error(void);

/*
 * A site is the JMP exactly when the key's value differs from its record's branch
 * bit: the likely tests set the bit (their JMP leads to the code for off), the
 * unlikely tests clear it (theirs leads to the code for on).
 */
#define static_branch_likely(x)						\
({									\
	bool branch;							\
	if (__static_key_is(x, struct static_key_true))			\
		branch = !arch_static_branch(&(x)->key, true);		\
	else if (__static_key_is(x, struct static_key_false))		\
		branch = !arch_static_branch_jump(&(x)->key, true);	\
	else								\
		branch = ____wrong_branch_error();			\
	likely(branch);							\
})

#define static_branch_unlikely(x)					\
({									\
	bool branch;							\
	if (__static_key_is(x, struct static_key_true))			\
		branch = arch_static_branch_jump(&(x)->key, false);	\
	else if (__static_key_is(x, struct static_key_false))		\
		branch = arch_static_branch(&(x)->key, false);		\
	else								\
		branch = ____wrong_branch_error();			\
	unlikely(branch);						\
})

/*
 * static_key_set_others_held - set a key and rewrite every site of it
 * @key: &name.key
 * @on: its new value
 *
 * For a caller that already has the machine to itself: at boot before the other
 * CPUs run, or inside smp_call_with_others_held(), when every other CPU spins in an
 * interrupt handler (trackers_set(), kernel/context_tracking.c). Returns whether
 * anything changed.
 */
bool static_key_set_others_held(struct static_key *key, bool on);

/*
 * static_key_set - the same from process context, IRQs on: every other CPU is held
 * (smp_call_with_others_held()) while the sites change. False if one could not be
 * held, and then the key is unchanged.
 */
bool static_key_set(struct static_key *key, bool on);

#define static_branch_enable(x)		static_key_set(&(x)->key, true)
#define static_branch_disable(x)	static_key_set(&(x)->key, false)

/* For the self-tests (kernel/jump_label_test.c): the table the linker gathered. */
extern const struct jump_entry __start___jump_table[], __stop___jump_table[];

static inline struct static_key *jump_entry_key(const struct jump_entry *e)
{
	return (struct static_key *)(e->key & ~1UL);
}

/* Should site e be the JMP while its key is @on? (The branch bit: see above.) */
static inline bool jump_entry_is_jmp(const struct jump_entry *e, bool on)
{
	return on != (e->key & 1);
}

#endif
