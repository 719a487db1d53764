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
	/* Set once at boot on every CPU, no site: */
	MIT_EIBRS,		/* IA32_SPEC_CTRL.IBRS for good (enhanced IBRS), or EFER.AUTOIBRS */
	MIT_BHI_DIS_S,		/* IA32_SPEC_CTRL.BHI_DIS_S: ring 0 ignores ring 3's history */
	NR_MITIGATIONS
};

/* Linux 6.12's modes (arch/x86/kernel/cpu/bugs.c), as far as entrylab has them. */
enum spectre_v2_mode {
	SPECTRE_V2_NONE, SPECTRE_V2_RETPOLINE, SPECTRE_V2_EIBRS, SPECTRE_V2_EIBRS_RETPOLINE,
	SPECTRE_V2_IBRS,
};
enum verw_mode {		/* MDS, TAA, MMIO stale data, RFDS, TSA: what VERW does */
	VERW_OFF,		/* not used for this one */
	VERW_FULL,		/* used, and the microcode makes it clear the buffers */
	VERW_UCODE_NEEDED,	/* used, but without the microcode it may not clear them */
	VERW_TSX_DISABLED,	/* TAA: no TSX, nothing to clear */
	VERW_USER_KERNEL,	/* TSA (tsa=user): at returns to ring 3 only */
	VERW_VM,		/* TSA (tsa=vm): at VM entries only, which entrylab has none of */
};
enum bhi_mode { BHI_NONE, BHI_LOOP, BHI_DIS_S, BHI_VMEXIT_ONLY };
enum srso_mode {
	SRSO_NONE, SRSO_UCODE_NEEDED, SRSO_MICROCODE, SRSO_SMT_OFF, SRSO_BP_SPEC_REDUCE,
};

/*
 * What was chosen, and from what: the CPU's bugs (asm/cpu_bugs.h) and each
 * mitigation's mode in Linux's terms, which the vulnerability files print
 * (arch/x86/vulnerabilities.c). Return thunks are not in entrylab: retbleed,
 * SRSO and ITS are chosen as Linux 6.12 built without them chooses, and the
 * linux_* flags say what Linux with them would run instead.
 */
struct mitigation_state {
	unsigned long bugs;		/* BIT(X86_BUG_...) */
	unsigned long on;		/* BIT(MIT_...) */
	u64 spec_ctrl;			/* IA32_SPEC_CTRL's mitigation bits in the kernel */
	bool autoibrs;			/* EFER.AUTOIBRS instead of SPEC_CTRL.IBRS */
	bool spectre_v1, rrsba_disabled, use_ibrs_fw, smt;
	enum spectre_v2_mode spectre_v2;
	enum bhi_mode bhi;
	enum verw_mode mds, taa, mmio, rfds, tsa;
	bool retbleed_ibrs;		/* retbleed: IBRS or eIBRS (Intel), else vulnerable */
	enum srso_mode srso;
	/* What Linux 6.12 with return thunks would run instead (the banner says it): */
	bool linux_unret, linux_safe_ret, linux_its_thunks;
	const char *why[NR_MITIGATIONS];
};

/* The SYSCALL stub with mitigation sites, rather than the plain one, is needed. */
#define MIT_SYSCALL_PATH	(BIT(MIT_PTI) | BIT(MIT_VERW) | BIT(MIT_RETPOLINE) | \
				 BIT(MIT_IBRS) | BIT(MIT_BHI))

extern unsigned long mitigations;
extern struct mitigation_state mitigation_state;
/* IA32_SPEC_CTRL in the kernel: IBRS_ENTER writes it, IBRS_EXIT it without IBRS. */
extern u64 x86_spec_ctrl_base;

static __always_inline bool mitigation_on(enum mitigation m)
{
	return mitigations & BIT(m);
}

struct cmdline;
struct cpuinfo;
/* The choice for CPU c under command line cl, into *s: no side effect. */
void mitigations_choose(const struct cpuinfo *c, struct cmdline *cl, struct mitigation_state *s);
/* Choose from the command line and the boot CPU; cpu_init() then patches the entry code. */
void mitigations_init(void);
/* IA32_SPEC_CTRL and EFER.AUTOIBRS as chosen, on the calling CPU (every CPU, at its start). */
void mitigations_init_cpu(void);
/* The longest text of a vulnerability file. */
#define VULN_TEXT_MAX	256
/*
 * What /sys/devices/system/cpu/vulnerabilities/name says for choice s on CPU c
 * (buf holds it if composed), or NULL if there is no such file.
 */
const char *cpu_vulnerability_show(const char *name, const struct mitigation_state *s,
				   const struct cpuinfo *c, char buf[VULN_TEXT_MAX]);
/* The banner's lines: each mitigation, on or off, and why. */
void mitigations_print(void);
/* The short name of the set that is on ("off", "pti+verw", ...), for the benchmark. */
void mitigations_name(char *buf, unsigned long size);

#endif
