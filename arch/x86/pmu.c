// SPDX-License-Identifier: GPL-2.0
/*
 * Core cycles and instructions retired for the benchmark. The TSC counts at a
 * fixed reference rate, not the core's clock (turbo and power states change the
 * ratio); the PMU counts the core's cycles and its retired instructions, which
 * on a PC can be held against QEMU's icount figures.
 *
 * Which counters exist is decided as Linux's perf decides it (arch/x86/events/):
 * Intel (CPUID leaf 0xA, version 2 or later): fixed counter 0 is INST_RETIRED.ANY,
 * fixed counter 1 CPU_CLK_UNHALTED.CORE; IA32_FIXED_CTR_CTRL enables each for ring 0
 * and ring 3, IA32_PERF_GLOBAL_CTRL turns them on; RDPMC reads them as (1 << 30) | n.
 * Versions 2 to 4 count the fixed counters in EDX[4:0], which some version 2 parts
 * leave 0 (three are assumed on bare metal, none under a hypervisor); from version 5
 * the fixed counters present are the bitmap in ECX. Every counter is read as
 * EAX[23:16] bits wide, the general counters' width (perf's cntval_bits).
 * AMD and Hygon (family 6 and later): general counters 0 and 1 with events 0x76
 * (cycles not in halt) and 0xc0 (retired instructions), RDPMC 0 and 1: with
 * PerfCtrExtCore (family 15h on) the six core counters at 0xc0010200, and with
 * PerfMonV2 (Zen 4) also the global enable; without it the four legacy counters at
 * 0xc0010000 (K7 to family 10h, and hypervisors that offer only those: QEMU's EPYC
 * models under KVM). CPUs before that, and hypervisors without a virtual PMU (QEMU's
 * TCG among them), get none.
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
#define MSR_K7_EVNTSEL0			0xc0010000	/* CTLn at +n */
#define MSR_K7_PERFCTR0			0xc0010004	/* CTRn at +n */
#define MSR_AMD64_PERF_CNTR_GLOBAL_CTL	0xc0000301
#define AMD_PERF_CTL_USR		BIT(16)
#define AMD_PERF_CTL_OS			BIT(17)
#define AMD_PERF_CTL_EN			BIT(22)
#define AMD_EVENT_CYCLES		0x76
#define AMD_EVENT_INSTRUCTIONS		0xc0

#define RDPMC_FIXED			(1U << 30)

struct pmu_info pmu;

/* CPUID 0xA's fields, as Linux's union cpuid10_eax and cpuid10_edx name them */
#define CPUID_0A_VERSION(eax)		((eax) & 0xff)
#define CPUID_0A_BIT_WIDTH(eax)		(((eax) >> 16) & 0xff)	/* general counters */
#define CPUID_0A_NUM_FIXED(edx)		((edx) & 0x1f)		/* versions 2 to 4 */

/*
 * Intel's fixed counters as intel_pmu_init() finds them: none in version 1, the
 * count in EDX[4:0] in versions 2 to 4 (some version 2 parts leave it 0: three are
 * assumed on bare metal, none under a hypervisor), the bitmap in ECX from version 5.
 */
static u32 intel_fixed_mask(const struct pmu_cpuid *c)
{
	unsigned int version = CPUID_0A_VERSION(c->leaf_0a.eax);
	unsigned int fixed = CPUID_0A_NUM_FIXED(c->leaf_0a.edx);

	if (version >= 5)
		return c->leaf_0a.ecx;
	if (version < 2)
		return 0;
	if (fixed < 3 && !c->hypervisor)
		fixed = 3;
	return (u32)((1ULL << fixed) - 1);
}

/**
 * pmu_parse - what the CPU's counters are, from its CPUID leaves
 * @c: the vendor, family and CPUID leaves (given, so a self-test can feed a CPU's own)
 *
 * Return: the counters the benchmark would use, or PMU_NONE and why there are none.
 */
struct pmu_info pmu_parse(const struct pmu_cpuid *c)
{
	unsigned int version = CPUID_0A_VERSION(c->leaf_0a.eax);

	/* Leaf 0xA is Intel's only: elsewhere it is another vendor's (AMD's SVM leaf). */
	if (!strcmp(c->vendor, "GenuineIntel")) {
		if (c->max_leaf < 0xa || !version)
			return (struct pmu_info){
				.why = "CPUID leaf 0xA reports no architectural PMU"
			};
		if ((intel_fixed_mask(c) & 0x3) != 0x3)
			return (struct pmu_info){
				.version = version,
				.why = "no fixed counters for cycles and instructions"
			};
		/*
		 * Linux's x86_pmu.cntval_bits: the general counters' width, which perf
		 * gives the fixed counters too (EDX[12:5], which version 2 parts that
		 * report no fixed counters leave 0, is not read).
		 */
		return (struct pmu_info){ .kind = PMU_INTEL_ARCH, .version = version,
					  .width = CPUID_0A_BIT_WIDTH(c->leaf_0a.eax) };
	}
	/* Hygon's Dhyana is a Zen 1: Linux drives its PMU as AMD's. */
	if (!strcmp(c->vendor, "AuthenticAMD") || !strcmp(c->vendor, "HygonGenuine")) {
		if (c->family < 6)
			return (struct pmu_info){ .why = "an AMD CPU before the K7: no counters" };
		if (c->max_ext_leaf < 0x80000001 || !(c->ext1_ecx & BIT(23)))
			return (struct pmu_info){ .kind = PMU_AMD_LEGACY, .version = 0,
						  .width = 48 };
		return (struct pmu_info){ .kind = PMU_AMD_CORE,
					  .version = c->ext22_eax & 1 ? 2 : 1, .width = 48 };
	}
	return (struct pmu_info){
		.why = "neither Intel's architectural PMU nor AMD's counters"
	};
}

/* AMD's control and count MSRs of general counter n, in the set this CPU has. */
static u32 amd_ctl(unsigned int n)
{
	return pmu.kind == PMU_AMD_CORE ? MSR_F15H_PERF_CTL0 + 2 * n : MSR_K7_EVNTSEL0 + n;
}

static u32 amd_ctr(unsigned int n)
{
	return pmu.kind == PMU_AMD_CORE ? MSR_F15H_PERF_CTL0 + 2 * n + 1 : MSR_K7_PERFCTR0 + n;
}

static bool pmu_program(bool on)
{
	u64 ctl = AMD_PERF_CTL_USR | AMD_PERF_CTL_OS | AMD_PERF_CTL_EN;
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
	case PMU_AMD_LEGACY:
		ok &= wrmsr_safe(amd_ctl(0), on ? ctl | AMD_EVENT_CYCLES : 0);
		ok &= wrmsr_safe(amd_ctr(0), 0);
		ok &= wrmsr_safe(amd_ctl(1), on ? ctl | AMD_EVENT_INSTRUCTIONS : 0);
		ok &= wrmsr_safe(amd_ctr(1), 0);
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
	bool intel = pmu.kind == PMU_INTEL_ARCH, ok = true;

	for (int k = 0; k < 2; k++) {
		ok &= rdmsr_safe(intel ? intel_msr[k] : amd_ctr(k), &r->msr[k]);
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
	u64 ctl = AMD_PERF_CTL_USR | AMD_PERF_CTL_OS | AMD_PERF_CTL_EN, v;
	bool kept;

	if (pmu.kind == PMU_INTEL_ARCH)
		kept = rdmsr_safe(MSR_IA32_FIXED_CTR_CTRL, &v) &&
		       v == (FIXED_CTR_CTRL_OS_USR(0) | FIXED_CTR_CTRL_OS_USR(1)) &&
		       rdmsr_safe(MSR_IA32_PERF_GLOBAL_CTRL, &v) &&
		       v == (GLOBAL_CTRL_FIXED(0) | GLOBAL_CTRL_FIXED(1));
	else
		kept = rdmsr_safe(amd_ctl(0), &v) && v == (ctl | AMD_EVENT_CYCLES) &&
		       rdmsr_safe(amd_ctl(1), &v) && v == (ctl | AMD_EVENT_INSTRUCTIONS) &&
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
	u32 max = cpuid(0).eax, ext = cpuid(0x80000000).eax;
	struct pmu_cpuid c = {
		.vendor = boot_cpu.vendor,
		.family = boot_cpu.family,
		.hypervisor = boot_cpu.hypervisor,
		.max_leaf = max,
		.leaf_0a = max >= 0xa ? cpuid(0xa) : (struct cpuid_regs){ 0 },
		.max_ext_leaf = ext,
		.ext1_ecx = ext >= 0x80000001 ? cpuid(0x80000001).ecx : 0,
		.ext22_eax = ext >= 0x80000022 ? cpuid(0x80000022).eax : 0,
	};
	const char *why;

	pmu = pmu_parse(&c);
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
