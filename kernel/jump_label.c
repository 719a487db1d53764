// SPDX-License-Identifier: GPL-2.0
/*
 * Static keys: setting a key rewrites every site that tests it
 * (include/jump_label.h, asm/jump_label.h), each a 5-byte NOP or JMP rel32.
 *
 * How the rewrite is made safe while other CPUs run: they are stopped, not
 * raced. Every other CPU spins in an interrupt handler with IRQs off
 * (smp_call_with_others_held(), Linux's stop_machine()) while this one writes
 * the sites, and runs a serializing instruction before it leaves (sync_core()).
 * No CPU can be inside a site's instruction then: an interrupt arrives between
 * instructions, and a held CPU resumes at the old or the new one whole. Linux
 * instead rewrites sites under running CPUs with text_poke_bp(): an INT3 on the
 * first byte, a sync IPI, the tail, another sync, the first byte, a last sync;
 * a CPU that hits the INT3 meanwhile is sent on by the #BP handler. That suits a
 * kernel that flips keys often (tracepoints) on hundreds of CPUs. entrylab's keys
 * change at boot and between benchmark rows, the hold already exists, and the
 * switches the keys carry need it anyway: context tracking and the RCU tracker
 * must change while no CPU runs user code (trackers_switch()). So no #BP hook
 * sits on the entry path for it.
 */
#include <asm/alternative.h>
#include <asm/irqflags.h>
#include <jump_label.h>
#include <kernel.h>
#include <printk.h>
#include <smp.h>
#include <string.h>

static const u8 jump_label_nop[JUMP_LABEL_NOP_SIZE] = { JUMP_LABEL_NOP5 };

/* The instruction site e should be: the NOP, or its JMP rel32. */
static void jump_entry_insn(const struct jump_entry *e, bool jmp, u8 insn[JUMP_LABEL_NOP_SIZE])
{
	s32 rel = (s32)(e->target - (e->code + JUMP_LABEL_NOP_SIZE));

	if (!jmp) {
		memcpy(insn, jump_label_nop, JUMP_LABEL_NOP_SIZE);
		return;
	}
	insn[0] = JUMP_LABEL_JMP32;
	memcpy(insn + 1, &rel, sizeof(rel));
}

/* Rewrites key's sites for on; IRQs off, no other CPU running them. */
static void jump_label_update_irqoff(struct static_key *key, bool on)
{
	for (const struct jump_entry *e = __start___jump_table; e < __stop___jump_table; e++) {
		u8 want[JUMP_LABEL_NOP_SIZE], was[JUMP_LABEL_NOP_SIZE];
		void *code = (void *)e->code;

		if (jump_entry_key(e) != key)
			continue;
		jump_entry_insn(e, jump_entry_is_jmp(e, on), want);
		jump_entry_insn(e, jump_entry_is_jmp(e, !on), was);
		/* Anything else there means the table and the text disagree: stop. */
		if (memcmp(code, was, JUMP_LABEL_NOP_SIZE))
			panic("jump label at %p (key %p): not the instruction it was set to",
			      code, key);
		text_write_irqoff(code, want, JUMP_LABEL_NOP_SIZE);
	}
}

bool static_key_set_others_held(struct static_key *key, bool on)
{
	unsigned long flags;

	if (READ_ONCE(key->enabled) == on)
		return false;
	local_irq_save(flags);
	jump_label_update_irqoff(key, on);
	WRITE_ONCE(key->enabled, on);
	local_irq_restore(flags);
	return true;
}

struct static_key_req {
	struct static_key *key;
	bool on;
};

static void static_key_set_held(void *arg)
{
	struct static_key_req *req = arg;

	static_key_set_others_held(req->key, req->on);
}

bool static_key_set(struct static_key *key, bool on)
{
	struct static_key_req req = { key, on };

	if (READ_ONCE(key->enabled) == on)
		return true;
	return smp_call_with_others_held(static_key_set_held, &req);
}
