/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The speculation mitigations of the entry path, chosen once at boot
 * (arch/x86/mitigations.c) and applied by patching the entry code's sites
 * (arch/x86/alternative.c) before any task runs. Each is Linux's, at the place
 * Linux puts it; docs/entry.md ("Mitigations") says why each must be there.
 */
#ifndef _ASM_X86_MITIGATIONS_H
#define _ASM_X86_MITIGATIONS_H

#include <compiler.h>

/*
 * One bit each in `mitigations`. The entry code's patch sites name these numbers
 * (through asm-offsets.inc), so their order is the sites' ABI, not a ranking.
 */
enum mitigation {
	MIT_PTI,		/* page-table isolation: the user's page tables hold no kernel */
	MIT_PCID,		/* PTI with PCIDs: CR3 switches keep the other side's TLB */
	MIT_VERW,		/* VERW clears CPU buffers as the last step to ring 3 (MDS) */
	MIT_RETPOLINE,		/* the dispatcher's indirect call through a retpoline */
	MIT_IBRS,		/* IA32_SPEC_CTRL.IBRS set while in the kernel */
	MIT_RSB,		/* the return stack buffer refilled at every context switch */
	MIT_BHI,		/* branch history cleared at syscall entry */
	MIT_SWAPGS_FENCE,	/* LFENCE after every conditional SWAPGS of the IDT entries */
	NR_MITIGATIONS
};

/* The SYSCALL stub with mitigation sites, rather than the plain one, is needed. */
#define MIT_SYSCALL_PATH	(BIT(MIT_PTI) | BIT(MIT_VERW) | BIT(MIT_RETPOLINE) | \
				 BIT(MIT_IBRS) | BIT(MIT_BHI))

extern unsigned long mitigations;

static __always_inline bool mitigation_on(enum mitigation m)
{
	return mitigations & BIT(m);
}

/* Choose from the command line and the CPU; cpu_init() then patches the entry code. */
void mitigations_init(void);
/* The banner's lines: each mitigation, on or off, and why. */
void mitigations_print(void);
/* The short name of the set that is on ("off", "pti+verw", ...), for the benchmark. */
void mitigations_name(char *buf, unsigned long size);

#endif
