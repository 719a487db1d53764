/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SYSCALL entry variants as the benchmark's rows and entry= see them
 * (bench/variants.c): include/entry-variants.h's list, then the two stubs written
 * in assembly alone; choosing one points this CPU's LSTAR at its stub. Last, FRED's
 * row: no stub, as a FRED CPU's SYSCALL never reads LSTAR (entry/fred.c).
 */
#ifndef _ENTRYLAB_BENCH_VARIANTS_H
#define _ENTRYLAB_BENCH_VARIANTS_H

#include <compiler.h>
#include <entry-variants.h>

struct entry_variant {
	char name[24];		/* as on the command line, entry=NAME: '-' for '_' */
	void (*entry)(void);	/* the SYSCALL stub, loaded into MSR_LSTAR */
	void (*mitigated)(void); /* its twin with the mitigations' patch sites, or NULL */
	const char *what;	/* one line for the benchmark table */
	bool floor;		/* the floor: no C, -ENOSYS for everything */
	bool fred;		/* the FRED row: events by FRED, the others' FRED off */
};

/* include/entry-variants.h in its order, then the asm fast path, the floor and FRED. */
#define __ENTRY_VARIANT_ONE(name, what)	+ 1
enum {
	ENTRY_ASM_FASTPATH = 0 ENTRY_VARIANTS(__ENTRY_VARIANT_ONE),
	ENTRY_FLOOR,
	ENTRY_FRED,
	NR_ENTRY_VARIANTS
};
extern struct entry_variant entry_variants[NR_ENTRY_VARIANTS];

/* Index of entry=... from the command line; all other variants stay built in. */
extern unsigned int boot_entry_variant;

/* Reads entry= (after the mitigations are chosen); returns the boot variant's stub. */
void (*entry_variants_init(void))(void);
/* Points this CPU's LSTAR at variant idx; the next SYSCALL uses it. */
void syscall_select_entry(unsigned int idx);
/* Can variant idx run with the mitigations that are on (has it a mitigated twin)? */
bool entry_variant_runs(unsigned int idx);
/* The variant whose stub this CPU's LSTAR holds; NR_ENTRY_VARIANTS if none. */
unsigned int syscall_current_entry(void);

#endif
