/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The performance counters the benchmark reads from ring 3 (arch/x86/pmu.c): core
 * cycles and instructions retired, each a counter that RDPMC reads with CR4.PCE
 * set, which the benchmark sets on its CPU between BENCH_BEGIN and BENCH_END only.
 */
#ifndef _ASM_X86_PMU_H
#define _ASM_X86_PMU_H

#include <asm/processor.h>
#include <uapi/bench.h>

enum pmu_kind {
	PMU_NONE,
	PMU_INTEL_ARCH,		/* CPUID 0xA, version 2+: fixed counters 0 and 1 */
	PMU_AMD_CORE,		/* CPUID 0x80000001 ECX[23]: PERF_CTL/CTR 0 and 1 at 0xc0010200 */
	PMU_AMD_LEGACY,		/* AMD or Hygon without it: EVNTSEL/PERFCTR 0 and 1 at 0xc0010000 */
};

struct pmu_info {
	enum pmu_kind kind;
	unsigned int version;		/* Intel's architectural version; AMD: 2 with PerfMonV2 */
	unsigned int width;		/* bits of each counter */
	const char *why;		/* PMU_NONE: why not */
};

/* What pmu_parse() reads: the vendor, the family and the CPUID leaves that describe a PMU. */
struct pmu_cpuid {
	const char *vendor;		/* CPUID leaf 0's: "GenuineIntel", "AuthenticAMD"... */
	u32 family;
	bool hypervisor;		/* CPUID 1 ECX[31] */
	u32 max_leaf;			/* leaf 0's EAX */
	struct cpuid_regs leaf_0a;	/* EAX[7:0] version, [23:16] counter width; ECX from
					 * version 5: the fixed counters' bitmap; EDX[4:0]
					 * their count (versions 2 to 4) */
	u32 max_ext_leaf;		/* leaf 0x80000000's EAX */
	u32 ext1_ecx;			/* leaf 0x80000001's ECX: bit 23 PerfCtrExtCore */
	u32 ext22_eax;			/* leaf 0x80000022's EAX (bit 0: PerfMonV2), 0 if absent */
};

struct pmu_info pmu_parse(const struct pmu_cpuid *c);

extern struct pmu_info pmu;

void pmu_init(void);
/* This CPU: NULL if the counters pmu describes count a known loop, else why not. */
const char *pmu_check_counts(void);
/* This CPU: count both counters, ring 0 and 3, and let ring 3 RDPMC them. */
bool pmu_bench_start(struct bench_pmu *out);
/* This CPU: counters off, CR4.PCE clear (RDPMC in ring 3 is #GP again). */
void pmu_bench_stop(void);

#endif
