// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time patching of the entry code (Linux's alternatives, reduced to the two
 * forms the mitigations and the paranoid entry's FSGSBASE choice need). Runs on
 * the boot CPU before paging_init(), while the boot page tables still map the
 * kernel text writable and no other CPU runs: nothing can execute a site while
 * it changes.
 */
#include <asm/alternative.h>
#include <kernel.h>
#include <printk.h>
#include <string.h>

extern const struct patch_site __start_patch_sites[], __stop_patch_sites[];

#define JMP8		0xeb
#define JMP32		0xe9
#define CALL32		0xe8

/* A rel32 at p: the distance from the end of its instruction, end, to target. */
static void put_rel32(u8 *p, const u8 *end, const u8 *target)
{
	s32 rel = (s32)(target - end);

	memcpy(p, &rel, sizeof(rel));
}

/* A JMP at from to to, in the bytes [from, to): a short one if it reaches. */
static void write_jmp(u8 *from, u8 *to)
{
	long rel8 = to - (from + 2);

	if (rel8 <= 127) {
		from[0] = JMP8;
		from[1] = (u8)rel8;
		return;
	}
	if (to - from < 5)
		panic("patch site %p: block too short for a jump", from);
	from[0] = JMP32;
	put_rel32(from + 1, from + 5, to);
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

	for (const struct patch_site *s = __start_patch_sites; s < __stop_patch_sites; s++) {
		u8 *insn = (u8 *)s->addr;
		bool want = on & BIT(s->condition);

		if (s->addr >= skipped_start && s->addr < skipped_end)
			continue;
		switch (s->kind) {
		case PATCH_SKIP_UNLESS:
			if (want)
				continue;
			if ((u8 *)s->aux - insn < 2)
				panic("patch site %p: block too short for a jump", insn);
			write_jmp(insn, (u8 *)s->aux);
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
