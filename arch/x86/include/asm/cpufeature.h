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
#define CPUID7_EBX_RTM		BIT(11)		/* TSX's restricted transactional memory */
#define CPUID7_EDX_MD_CLEAR	BIT(10)		/* VERW clears CPU buffers */
#define CPUID7_EDX_SPEC_CTRL	BIT(26)		/* IA32_SPEC_CTRL with IBRS, and IBPB */
#define CPUID7_EDX_INTEL_STIBP	BIT(27)		/* IA32_SPEC_CTRL.STIBP */
#define CPUID7_EDX_FLUSH_L1D	BIT(28)		/* IA32_FLUSH_CMD */
#define CPUID7_EDX_ARCH_CAP	BIT(29)		/* IA32_ARCH_CAPABILITIES */
#define CPUID7_EDX_SSBD		BIT(31)		/* IA32_SPEC_CTRL.SSBD */
#define CPUID7_2_EDX_RRSBA_CTRL	BIT(2)		/* leaf 7 subleaf 2: SPEC_CTRL.RRSBA_DIS_S */
#define CPUID7_2_EDX_BHI_CTRL	BIT(4)		/* SPEC_CTRL.BHI_DIS_S */
#define CPUIDE8_EBX_AMD_IBPB	BIT(12)		/* 0x80000008 EBX: AMD's IBPB */
#define CPUIDE8_EBX_AMD_IBRS	BIT(14)		/* AMD's IBRS in IA32_SPEC_CTRL */
#define CPUIDE8_EBX_AMD_STIBP	BIT(15)
#define CPUIDE8_EBX_AMD_SSBD	BIT(24)
#define CPUIDE8_EBX_BTC_NO	BIT(29)		/* no branch type confusion (retbleed) */
#define CPUIDE21_EAX_VERW_CLEAR	BIT(5)		/* 0x80000021 EAX: VERW mitigates TSA */
#define CPUIDE21_EAX_AUTOIBRS	BIT(8)		/* EFER.AUTOIBRS */
#define CPUIDE21_EAX_IBPB_BRTYPE BIT(28)	/* IBPB flushes all branch types (SRSO) */
#define CPUIDE21_EAX_SRSO_NO	BIT(29)
#define CPUIDE21_EAX_SRSO_USER_KERNEL_NO BIT(30)
#define CPUIDE21_EAX_SRSO_BP_SPEC_REDUCE BIT(31)
#define CPUIDE21_ECX_TSA_SQ_NO	BIT(1)		/* 0x80000021 ECX: no TSA-SQ */
#define CPUIDE21_ECX_TSA_L1_NO	BIT(2)
#define CPUIDE21_ECX_TSA_FILL_NO BIT(7)
#define CPUID7_1_EAX_FRED	BIT(17)		/* leaf 7 subleaf 1: FRED event delivery */
#define CPUID7_1_EAX_LKGS	BIT(18)		/* LKGS: load GS into the inactive base */
#define CPUID1_ECX_PCID		BIT(17)
#define CPUID1_EDX_MCE		BIT(7)	/* machine-check exception: CR4.MCE */
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

enum x86_vendor {
	X86_VENDOR_OTHER, X86_VENDOR_INTEL, X86_VENDOR_AMD, X86_VENDOR_HYGON,
	X86_VENDOR_CENTAUR, X86_VENDOR_ZHAOXIN,
};

/* What the boot CPU supports and what cpu_init() turned on; printed in the banner. */
struct cpuinfo {
	char vendor[13];
	enum x86_vendor vendor_id;	/* vendor[] as Linux's X86_VENDOR_* */
	char model[49];
	u32 family, model_id, stepping;
	bool hypervisor;
	bool invariant_tsc;		/* CPUID 0x80000007 EDX[8]: constant rate in all states */
	bool rdtscp;			/* CPUID 0x80000001 EDX[27] */
	bool microcode_known;
	u32 microcode;			/* MSR 0x8b, the revision loaded */
	bool smep, smap, umip, pge;	/* enabled, not merely supported */
	bool fsgsbase;			/* CR4.FSGSBASE: ring 3 reads and writes its FS/GS bases */
	bool mce;			/* CR4.MCE: a machine check reaches #MC */
	bool pat;			/* PAT entry 1 is write-combining (ioremap_wc()) */
	bool pcid;			/* CPUID: process-context identifiers in CR3 */
	bool sysret_ss_attrs;		/* AMD: SYSRET leaves SS's attributes
					 * (X86_BUG_SYSRET_SS_ATTRS) */
	bool fred;			/* CR4.FRED: events by FRED, not the IDT (asm/fred.h) */
	const char *fred_why;		/* why not, for the banner; NULL with FRED */
	bool sysenter32, syscall32;	/* compat mode's fast entry: Intel's SYSENTER,
					 * AMD's SYSCALL */
	u64 arch_capabilities;		/* IA32_ARCH_CAPABILITIES, 0 without it */
	/* The CPUID words the speculation mitigations are chosen from (0 if absent). */
	u32 cpuid7_ebx, cpuid7_edx;	/* leaf 7 subleaf 0 EBX, EDX */
	u32 cpuid7_2_edx;		/* leaf 7 subleaf 2 EDX */
	u32 cpuid_e8_ebx, cpuid_e21_eax, cpuid_e21_ecx;	/* 0x80000008 EBX, 0x80000021 EAX, ECX */
	bool smt;			/* more than one thread per core (CPUID topology) */
	bool sbpb;			/* AMD family >= 0x19 on bare metal: PRED_CMD takes SBPB */
};

extern struct cpuinfo boot_cpu;

void cpu_init(void);
void cpu_init_protections(void);

#endif
