// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time patching of the entry code (Linux's alternatives, reduced to the two
 * forms the mitigations and the paranoid entry's FSGSBASE choice need). Runs on
 * the boot CPU before paging_init(), while the boot page tables still map the
 * kernel text writable and no other CPU runs: nothing can execute a site while
 * it changes. FRED's blocks are switched again at run time, when the benchmark
 * turns FRED off or on (arch/x86/fred.c), from the bytes each JMP replaced.
 */
#include <asm/alternative.h>
#include <asm/processor.h>
#include <kernel.h>
#include <printk.h>
#include <string.h>

extern const struct patch_site __start_patch_sites[], __stop_patch_sites[];

#define JMP8		0xeb
#define JMP32		0xe9
#define CALL32		0xe8
#define JMP32_LEN	5

extern struct patch_saved __start_patch_saved[], __stop_patch_saved[];

/* A rel32 at p: the distance from the end of its instruction, end, to target. */
static void put_rel32(u8 *p, const u8 *end, const u8 *target)
{
	s32 rel = (s32)(target - end);

	memcpy(p, &rel, sizeof(rel));
}

/* A JMP at from to to into buf: a short one if it reaches. Returns its length. */
static unsigned int make_jmp(u8 buf[JMP32_LEN], const u8 *from, const u8 *to)
{
	long rel8 = to - (from + 2);

	if (rel8 <= 127) {
		buf[0] = JMP8;
		buf[1] = (u8)rel8;
		return 2;
	}
	if (to - from < JMP32_LEN)
		panic("patch site %p: block too short for a jump", from);
	buf[0] = JMP32;
	put_rel32(buf + 1, from + JMP32_LEN, to);
	return JMP32_LEN;
}

/* Site s's slot in .patch_saved: the same index (entry/calling.inc). */
static struct patch_saved *saved_of(const struct patch_site *s)
{
	return &__start_patch_saved[s - __start_patch_sites];
}

/*
 * The JMP over s's block into [s->addr, s->aux), the bytes it replaces kept in
 * its slot; copy writes them (memcpy at boot, while text is writable).
 */
static void skip_block(const struct patch_site *s,
		       void *(*copy)(void *dst, const void *src, size_t len))
{
	struct patch_saved *saved = saved_of(s);
	u8 *insn = (u8 *)s->addr, jmp[JMP32_LEN];

	if ((u8 *)s->aux - insn < 2)
		panic("patch site %p: block too short for a jump", insn);
	saved->len = make_jmp(jmp, insn, (u8 *)s->aux);
	memcpy(saved->bytes, insn, saved->len);
	copy(insn, jmp, saved->len);
}

/*
 * Sites are recorded in the order they open, so a block's record comes before
 * those of the sites nested in it. The nested ones of a block jumped over are
 * dead code, left alone: one may start where the JMP's bytes now are.
 */
unsigned int apply_patch_sites(unsigned long on)
{
	unsigned long skipped_start = 0, skipped_end = 0;
	unsigned int changed = 0;

	if (__stop_patch_saved - __start_patch_saved != __stop_patch_sites - __start_patch_sites)
		panic("patch sites: %ld records, %ld saved slots",
		      (long)(__stop_patch_sites - __start_patch_sites),
		      (long)(__stop_patch_saved - __start_patch_saved));

	for (const struct patch_site *s = __start_patch_sites; s < __stop_patch_sites; s++) {
		u8 *insn = (u8 *)s->addr;
		bool want = on & BIT(s->condition);

		if (s->addr >= skipped_start && s->addr < skipped_end)
			continue;
		switch (s->kind) {
		case PATCH_SKIP_UNLESS:
			if (want)
				continue;
			skip_block(s, memcpy);
			skipped_start = s->addr;
			skipped_end = s->aux;
			break;
		case PATCH_CALL_IF:
			if (!want)
				continue;
			if (insn[0] != CALL32)
				panic("patch site %p: not a CALL", insn);
			put_rel32(insn + 1, insn + 5, (const u8 *)s->aux);
			break;
		default:
			panic("patch site %p: kind %u", insn, s->kind);
		}
		changed++;
	}
	return changed;
}

/*
 * Kernel text is mapped read-only once paging_init() has run: a write to it goes
 * through CR0.WP clear, on this CPU alone, with IRQs off so that nothing else runs
 * here meanwhile. A CPU that runs the bytes later executes a serializing
 * instruction first (the IRET or ERET out of its hold, the CR4 write of its own
 * switch), as cross-modifying code requires. Static keys write their sites the
 * same way (kernel/jump_label.c).
 */
void *text_write_irqoff(void *dst, const void *src, size_t len)
{
	unsigned long cr0 = read_cr0();

	write_cr0(cr0 & ~X86_CR0_WP);
	memcpy(dst, src, len);
	write_cr0(cr0);
	return dst;
}

/* Does s nest in another site, or another in it? Those are apply_patch_sites()'s alone. */
static bool site_nests(const struct patch_site *s)
{
	for (const struct patch_site *t = __start_patch_sites; t < __stop_patch_sites; t++)
		if (t != s && ((t->addr >= s->addr && t->addr < s->aux) ||
			       (t->kind == PATCH_SKIP_UNLESS && s->addr >= t->addr &&
				s->addr < t->aux)))
			return true;
	return false;
}

void switch_patch_sites_irqoff(enum patch_feature feature, bool on)
{
	for (const struct patch_site *s = __start_patch_sites; s < __stop_patch_sites; s++) {
		struct patch_saved *saved = saved_of(s);

		if (s->condition != feature)
			continue;
		if (s->kind != PATCH_SKIP_UNLESS || site_nests(s))
			panic("patch site %p: only a plain SKIP_UNLESS block is switched",
			      (void *)s->addr);
		if (on && saved->len) {		/* the JMP goes, the block's bytes come back */
			text_write_irqoff((void *)s->addr, saved->bytes, saved->len);
			saved->len = 0;
		} else if (!on && !saved->len) {
			skip_block(s, text_write_irqoff);
		}
	}
}
