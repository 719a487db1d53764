/* SPDX-License-Identifier: GPL-2.0 */
/* The SYSCALL entry points and choosing one at boot (entry=...) or at run time. */
#ifndef _ASM_X86_SYSCALL_H
#define _ASM_X86_SYSCALL_H

#include <compiler.h>

struct entry_variant {
	char name[24];		/* as on the command line, entry=NAME: '-' for '_' */
	void (*entry)(void);	/* the SYSCALL stub, loaded into MSR_LSTAR */
	void (*mitigated)(void); /* its twin with the mitigations' patch sites */
	const char *what;	/* one line for the benchmark table */
	bool floor;		/* the floor: no C, -ENOSYS for everything */
};

/* include/entry-variants.h in its order, then the floor. */
extern struct entry_variant entry_variants[];
extern const unsigned int nr_entry_variants;

/* Index of entry=... from the command line; all other variants stay built in. */
extern unsigned int boot_entry_variant;

void syscall_init(void);
void syscall_init_cpu(void);
/* Points this CPU's LSTAR at variant idx; the next SYSCALL uses it. */
void syscall_select_entry(unsigned int idx);
unsigned int syscall_current_entry(void);

#endif
