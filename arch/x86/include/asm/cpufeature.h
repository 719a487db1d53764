/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CPU is: CPUID and its feature bits, and what cpu_init() found and
 * turned on (arch/x86/cpu.c), printed in the banner.
 */
#ifndef _ASM_X86_CPUFEATURE_H
#define _ASM_X86_CPUFEATURE_H

#include <compiler.h>

/* CPUID leaf 7 EBX / ECX, leaf 1 ECX/EDX feature bits. */
#define CPUID7_EBX_FSGSBASE	BIT(0)
#define CPUID7_EBX_SMEP		BIT(7)
#define CPUID7_EBX_SMAP		BIT(20)
#define CPUID7_ECX_UMIP		BIT(2)
#define CPUID7_EDX_MD_CLEAR	BIT(10)		/* VERW clears CPU buffers */
#define CPUID7_EDX_SPEC_CTRL	BIT(26)		/* IA32_SPEC_CTRL with IBRS */
#define CPUID7_EDX_ARCH_CAP	BIT(29)		/* IA32_ARCH_CAPABILITIES */
#define CPUID7_1_EAX_FRED	BIT(17)		/* leaf 7 subleaf 1: FRED event delivery */
#define CPUID7_1_EAX_LKGS	BIT(18)		/* LKGS: load GS into the inactive base */
#define CPUID1_ECX_PCID		BIT(17)
#define CPUID1_EDX_PGE		BIT(13)
#define CPUID1_EDX_PAT		BIT(16)
#define CPUID1_ECX_HYPERVISOR	BIT(31)
#define CPUID1_EDX_APIC		BIT(9)

struct cpuid_regs {
	u32 eax, ebx, ecx, edx;
};

static __always_inline struct cpuid_regs cpuid_count(u32 leaf, u32 sub)
{
	struct cpuid_regs r;

	asm volatile("cpuid" : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
		     : "a"(leaf), "c"(sub));
	return r;
}

static __always_inline struct cpuid_regs cpuid(u32 leaf)
{
	return cpuid_count(leaf, 0);
}

/* What the boot CPU supports and what cpu_init() turned on; printed in the banner. */
struct cpuinfo {
	char vendor[13];
	char model[49];
	u32 family, model_id, stepping;
	bool hypervisor;
	bool invariant_tsc;		/* CPUID 0x80000007 EDX[8]: constant rate in all states */
	bool rdtscp;			/* CPUID 0x80000001 EDX[27] */
	bool microcode_known;
	u32 microcode;			/* MSR 0x8b, the revision loaded */
	bool smep, smap, umip, pge;	/* enabled, not merely supported */
	bool fsgsbase;			/* CR4.FSGSBASE: ring 3 reads and writes its FS/GS bases */
	bool pat;			/* PAT entry 1 is write-combining (ioremap_wc()) */
	bool pcid;			/* CPUID: process-context identifiers in CR3 */
	bool md_clear, spec_ctrl;	/* CPUID 7 EDX: VERW clears buffers; IA32_SPEC_CTRL */
	bool sysret_ss_attrs;		/* AMD: SYSRET leaves SS's attributes
					 * (X86_BUG_SYSRET_SS_ATTRS) */
	bool fred;			/* CR4.FRED: events by FRED, not the IDT (asm/fred.h) */
	const char *fred_why;		/* why not, for the banner; NULL with FRED */
	bool sysenter32, syscall32;	/* compat mode's fast entry: Intel's SYSENTER,
					 * AMD's SYSCALL */
	u64 arch_capabilities;		/* IA32_ARCH_CAPABILITIES, 0 without it */
};

extern struct cpuinfo boot_cpu;

void cpu_init(void);
void cpu_init_protections(void);

#endif
