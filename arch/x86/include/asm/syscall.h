/* SPDX-License-Identifier: GPL-2.0 */
/* The SYSCALL entry points and choosing one at boot (entry=...) or at run time. */
#ifndef _ASM_X86_SYSCALL_H
#define _ASM_X86_SYSCALL_H

#include <compiler.h>
#include <entry-variants.h>

struct entry_variant {
	char name[24];		/* as on the command line, entry=NAME: '-' for '_' */
	void (*entry)(void);	/* the SYSCALL stub, loaded into MSR_LSTAR */
	void (*mitigated)(void); /* its twin with the mitigations' patch sites, or NULL */
	const char *what;	/* one line for the benchmark table */
	bool floor;		/* the floor: no C, -ENOSYS for everything */
};

/* include/entry-variants.h in its order, then the asm fast path and the floor. */
#define __ENTRY_VARIANT_ONE(name, what)	+ 1
enum {
	ENTRY_ASM_FASTPATH = 0 ENTRY_VARIANTS(__ENTRY_VARIANT_ONE),
	ENTRY_FLOOR,
};
extern struct entry_variant entry_variants[];
extern const unsigned int nr_entry_variants;

/* Index of entry=... from the command line; all other variants stay built in. */
extern unsigned int boot_entry_variant;

void syscall_init(void);
void syscall_init_cpu(void);
/* Points this CPU's LSTAR at variant idx; the next SYSCALL uses it. */
void syscall_select_entry(unsigned int idx);
/* Can variant idx run with the mitigations that are on (has it a mitigated twin)? */
bool entry_variant_runs(unsigned int idx);
unsigned int syscall_current_entry(void);

#endif
