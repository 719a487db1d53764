/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which speculation bugs a CPU has, decided as Linux 6.12's cpu_set_bug_bits()
 * decides them (arch/x86/cpu_bugs.c): from its vendor, family, model and stepping
 * (Linux's cpu_vuln_whitelist and cpu_vuln_blacklist), its CPUID bits and
 * IA32_ARCH_CAPABILITIES. Only the bugs whose mitigations are on the entry path.
 */
#ifndef _ASM_X86_CPU_BUGS_H
#define _ASM_X86_CPU_BUGS_H

#include <asm/cpufeature.h>

enum x86_bug {
	X86_BUG_CPU_MELTDOWN,		/* rogue data cache load: PTI */
	X86_BUG_SPECTRE_V1,
	X86_BUG_SPECTRE_V2,
	X86_BUG_SWAPGS,			/* SWAPGS speculated past (spectre_v1's fences) */
	X86_BUG_MDS,			/* microarchitectural data sampling: VERW */
	X86_BUG_MSBDS_ONLY,		/* MDS, store buffers only */
	X86_BUG_TAA,			/* TSX asynchronous abort */
	X86_BUG_MMIO_STALE_DATA,
	X86_BUG_MMIO_UNKNOWN,		/* in neither table, and ARCH_CAPABILITIES says nothing */
	X86_BUG_RFDS,			/* register file data sampling */
	X86_BUG_RETBLEED,
	X86_BUG_SRSO,			/* speculative return stack overflow (AMD) */
	X86_BUG_EIBRS_PBRSB,		/* post-barrier RSB predictions with eIBRS */
	X86_BUG_BHI,			/* branch history injection */
	X86_BUG_ITS,			/* indirect target selection */
	X86_BUG_ITS_NATIVE_ONLY,
	X86_BUG_TSA,			/* transient scheduler attacks (AMD) */
};

/* The CPU features Linux derives from CPUID and ARCH_CAPABILITIES that the choice reads. */
bool cpu_has_ibrs(const struct cpuinfo *c);		/* X86_FEATURE_IBRS: Intel's or AMD's */
bool cpu_has_ibpb(const struct cpuinfo *c);
bool cpu_has_stibp(const struct cpuinfo *c);
bool cpu_has_msr_spec_ctrl(const struct cpuinfo *c);	/* X86_FEATURE_MSR_SPEC_CTRL */
bool cpu_has_ibrs_enhanced(const struct cpuinfo *c);	/* eIBRS, or AMD's AutoIBRS */
bool cpu_has_verw_clear(const struct cpuinfo *c);	/* VERW clears what TSA leaks */
bool cpu_has_ibpb_brtype(const struct cpuinfo *c);	/* SRSO's microcode */

/* The X86_BUG_* bits of c, as BIT(X86_BUG_...). */
unsigned long cpu_bugs(const struct cpuinfo *c);

static inline bool cpu_has_bug(unsigned long bugs, enum x86_bug bug)
{
	return bugs & BIT(bug);
}

#endif
