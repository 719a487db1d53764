// SPDX-License-Identifier: GPL-2.0
/*
 * Core cycles and instructions retired for the benchmark. The TSC counts at a
 * fixed reference rate, not the core's clock (turbo and power states change the
 * ratio); the PMU counts the core's cycles and its retired instructions, which
 * on a PC can be held against QEMU's icount figures.
 *
 * Intel (and any CPU with CPUID leaf 0xA, version 2 or later, two fixed
 * counters): fixed counter 0 is INST_RETIRED.ANY, fixed counter 1
 * CPU_CLK_UNHALTED.CORE; IA32_FIXED_CTR_CTRL enables each for ring 0 and ring
 * 3, IA32_PERF_GLOBAL_CTRL turns them on; RDPMC reads them as (1 << 30) | n.
 * AMD (PerfCtrExtCore, family 15h and later): core counters 0 and 1 with
 * events 0x76 (cycles not in halt) and 0xc0 (retired instructions); RDPMC 0
 * and 1; with PerfMonV2 (Zen 4) also the global enable. Older AMD CPUs, and
 * hypervisors without a virtual PMU (QEMU's TCG among them), get none.
 *
 * CPUID only says what a CPU claims. Emulators and hypervisors copy real parts'
 * leaves without emulating their counters (Bochs's models ignore the MSR writes, and
 * its Intel ones #GP at RDPMC), so
 * the PMU is offered to the benchmark only once the boot has seen it count: every
 * control MSR reads back what was written, and a loop of known length counts at
 * least its instructions and some cycles, read both by RDMSR and by the RDPMC the
 * benchmark will execute. Every MSR access and that RDPMC are the faulting kind's
 * safe forms: a PMU that is advertised and not there leaves the benchmark without
 * one, and the results block says why, never the kernel down.
 */
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/pmu.h>
#include <asm/processor.h>
#include <string.h>

#define MSR_IA32_FIXED_CTR0		0x309
#define MSR_IA32_FIXED_CTR1		0x30a
#define MSR_IA32_FIXED_CTR_CTRL		0x38d
#define MSR_IA32_PERF_GLOBAL_CTRL	0x38f
#define FIXED_CTR_CTRL_OS_USR(n)	(0x3UL << (4 * (n)))	/* count in ring 0 and 3 */
#define GLOBAL_CTRL_FIXED(n)		(1UL << (32 + (n)))

#define MSR_F15H_PERF_CTL0		0xc0010200	/* CTLn at +2n, CTRn at +2n+1 */
#define MSR_AMD64_PERF_CNTR_GLOBAL_CTL	0xc0000301
#define AMD_PERF_CTL_USR		BIT(16)
#define AMD_PERF_CTL_OS			BIT(17)
#define AMD_PERF_CTL_EN			BIT(22)
#define AMD_EVENT_CYCLES		0x76
#define AMD_EVENT_INSTRUCTIONS		0xc0

#define RDPMC_FIXED			(1U << 30)

struct pmu_info pmu;

/**
 * pmu_parse - what the CPU's counters are, from its CPUID leaves
 * @intel: the vendor is GenuineIntel (leaf 0xA is AMD's SVM leaf elsewhere)
 * @max_leaf: CPUID leaf 0's EAX
 * @leaf_0a: leaf 0xA: EAX[7:0] version, EDX[4:0] fixed counters, EDX[12:5] their width
 * @amd: the vendor is AuthenticAMD
 * @max_ext_leaf: leaf 0x80000000's EAX
 * @ext1_ecx: leaf 0x80000001's ECX: bit 23 PerfCtrExtCore
 * @ext22_eax: leaf 0x80000022's EAX (bit 0: PerfMonV2), 0 if absent
 */
struct pmu_info pmu_parse(bool intel, u32 max_leaf, struct cpuid_regs leaf_0a,
			  bool amd, u32 max_ext_leaf, u32 ext1_ecx, u32 ext22_eax)
{
	unsigned int version = leaf_0a.eax & 0xff, fixed = leaf_0a.edx & 0x1f;

	if (intel) {
		if (max_leaf < 0xa || !version)
			return (struct pmu_info){
				.why = "CPUID leaf 0xA reports no architectural PMU"
			};
		if (version < 2 || fixed < 2)
			return (struct pmu_info){
				.version = version,
				.why = "no fixed counters for cycles and instructions"
			};
		return (struct pmu_info){ .kind = PMU_INTEL_ARCH, .version = version,
					  .width = (leaf_0a.edx >> 5) & 0xff };
	}
	if (amd) {
		if (max_ext_leaf < 0x80000001 || !(ext1_ecx & BIT(23)))
			return (struct pmu_info){
				.why = "no PerfCtrExtCore (CPUID 0x80000001 ECX[23])"
			};
		return (struct pmu_info){ .kind = PMU_AMD_CORE, .version = ext22_eax & 1 ? 2 : 1,
					  .width = 48 };
	}
	return (struct pmu_info){
		.why = "neither Intel's architectural PMU nor AMD's core counters"
	};
}

static bool pmu_program(bool on)
{
	u64 amd_ctl = AMD_PERF_CTL_USR | AMD_PERF_CTL_OS | AMD_PERF_CTL_EN;
	bool ok = true;

	switch (pmu.kind) {
	case PMU_INTEL_ARCH:
		ok &= wrmsr_safe(MSR_IA32_PERF_GLOBAL_CTRL, 0);
		ok &= wrmsr_safe(MSR_IA32_FIXED_CTR0, 0);
		ok &= wrmsr_safe(MSR_IA32_FIXED_CTR1, 0);
		ok &= wrmsr_safe(MSR_IA32_FIXED_CTR_CTRL,
				 on ? FIXED_CTR_CTRL_OS_USR(0) | FIXED_CTR_CTRL_OS_USR(1) : 0);
		if (on)
			ok &= wrmsr_safe(MSR_IA32_PERF_GLOBAL_CTRL,
					 GLOBAL_CTRL_FIXED(0) | GLOBAL_CTRL_FIXED(1));
		break;
	case PMU_AMD_CORE:
		ok &= wrmsr_safe(MSR_F15H_PERF_CTL0, on ? amd_ctl | AMD_EVENT_CYCLES : 0);
		ok &= wrmsr_safe(MSR_F15H_PERF_CTL0 + 1, 0);
		ok &= wrmsr_safe(MSR_F15H_PERF_CTL0 + 2, on ? amd_ctl | AMD_EVENT_INSTRUCTIONS : 0);
		ok &= wrmsr_safe(MSR_F15H_PERF_CTL0 + 3, 0);
		if (pmu.version >= 2)
			ok &= wrmsr_safe(MSR_AMD64_PERF_CNTR_GLOBAL_CTL, on ? 0x3 : 0);
		break;
	case PMU_NONE:
		return false;
	}
	return ok;
}

/* The two counters (0: cycles, 1: instructions) by their MSRs and by RDPMC. */
struct pmu_reading {
	u64 msr[2], rdpmc[2];
};

static bool pmu_read(struct pmu_reading *r)
{
	static const u32 intel_msr[2] = { MSR_IA32_FIXED_CTR1, MSR_IA32_FIXED_CTR0 };
	static const u32 amd_msr[2] = { MSR_F15H_PERF_CTL0 + 1, MSR_F15H_PERF_CTL0 + 3 };
	bool intel = pmu.kind == PMU_INTEL_ARCH, ok = true;

	for (int k = 0; k < 2; k++) {
		ok &= rdmsr_safe(intel ? intel_msr[k] : amd_msr[k], &r->msr[k]);
		ok &= rdpmc_safe(intel ? RDPMC_FIXED | (1U - k) : (u32)k, &r->rdpmc[k]);
	}
	return ok;
}

/*
 * Two instructions each (DEC, JNZ): 200,000, some 100 us on a PC, long enough that a
 * hypervisor multiplexing its own perf events has run the guest's for part of it.
 */
#define PMU_CHECK_LOOPS		100000

/* Why the controls just programmed do not read back, or NULL. */
static const char *pmu_controls_kept(void)
{
	u64 amd_ctl = AMD_PERF_CTL_USR | AMD_PERF_CTL_OS | AMD_PERF_CTL_EN, v;
	bool kept;

	if (pmu.kind == PMU_INTEL_ARCH)
		kept = rdmsr_safe(MSR_IA32_FIXED_CTR_CTRL, &v) &&
		       v == (FIXED_CTR_CTRL_OS_USR(0) | FIXED_CTR_CTRL_OS_USR(1)) &&
		       rdmsr_safe(MSR_IA32_PERF_GLOBAL_CTRL, &v) &&
		       v == (GLOBAL_CTRL_FIXED(0) | GLOBAL_CTRL_FIXED(1));
	else
		kept = rdmsr_safe(MSR_F15H_PERF_CTL0, &v) && v == (amd_ctl | AMD_EVENT_CYCLES) &&
		       rdmsr_safe(MSR_F15H_PERF_CTL0 + 2, &v) &&
		       v == (amd_ctl | AMD_EVENT_INSTRUCTIONS) &&
		       (pmu.version < 2 ||
			(rdmsr_safe(MSR_AMD64_PERF_CNTR_GLOBAL_CTL, &v) && v == 0x3));
	return kept ? NULL : "its control MSRs do not keep what is written: not emulated";
}

/**
 * pmu_check_counts - does the PMU that CPUID describes count on this CPU?
 *
 * Programs the counters, runs a loop of PMU_CHECK_LOOPS * 2 instructions between two
 * readings, and stops them. Both readings, by MSR and by RDPMC, must advance by at
 * least the loop's instructions and by some cycles.
 *
 * Return: NULL if they count, else why not (said by the results block's pmu: line).
 */
const char *pmu_check_counts(void)
{
	struct pmu_reading a, b;
	const char *why = NULL;
	unsigned int n = PMU_CHECK_LOOPS;

	if (!pmu_program(true)) {
		why = "its MSRs fault: no PMU emulated";
	} else if (!(why = pmu_controls_kept())) {
		if (!pmu_read(&a))
			why = "its counters cannot be read (RDMSR or RDPMC faults)";
		asm volatile("1: dec %0; jnz 1b" : "+r"(n));
		if (!why && !pmu_read(&b))
			why = "its counters cannot be read (RDMSR or RDPMC faults)";
		if (!why && (b.msr[1] - a.msr[1] < 2 * PMU_CHECK_LOOPS || b.msr[0] == a.msr[0] ||
			     b.rdpmc[1] - a.rdpmc[1] < 2 * PMU_CHECK_LOOPS ||
			     b.rdpmc[0] == a.rdpmc[0]))
			why = "its counters do not count (a loop of known length read no work)";
	}
	pmu_program(false);
	return why;
}

/* At boot, on the boot CPU: what CPUID describes, offered once it has been seen to count. */
void pmu_init(void)
{
	bool intel = !strcmp(boot_cpu.vendor, "GenuineIntel");
	bool amd = !strcmp(boot_cpu.vendor, "AuthenticAMD");
	u32 max = cpuid(0).eax, ext = cpuid(0x80000000).eax;
	const char *why;

	pmu = pmu_parse(intel, max, max >= 0xa ? cpuid(0xa) : (struct cpuid_regs){ 0 }, amd, ext,
			ext >= 0x80000001 ? cpuid(0x80000001).ecx : 0,
			ext >= 0x80000022 ? cpuid(0x80000022).eax : 0);
	if (pmu.kind != PMU_NONE && (why = pmu_check_counts()))
		pmu = (struct pmu_info){ .why = why };
}

bool pmu_bench_start(struct bench_pmu *out)
{
	if (!pmu_program(true)) {
		/* Said by the results block's pmu: line. */
		if (pmu.kind != PMU_NONE)
			pmu = (struct pmu_info){
				.why = "its MSRs fault (a hypervisor without a vPMU)"
			};
		return false;
	}
	write_cr4(read_cr4() | X86_CR4_PCE);
	*out = (struct bench_pmu){
		.rdpmc_cycles = pmu.kind == PMU_INTEL_ARCH ? RDPMC_FIXED | 1 : 0,
		.rdpmc_instructions = pmu.kind == PMU_INTEL_ARCH ? RDPMC_FIXED | 0 : 1,
		.width = pmu.width,
	};
	return true;
}

void pmu_bench_stop(void)
{
	write_cr4(read_cr4() & ~X86_CR4_PCE);
	pmu_program(false);
}
