// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the benchmark's PMU support (arch/x86/pmu.c): the CPUID parsing on
 * leaves as real CPUs report them, and, since QEMU's TCG has no PMU to program,
 * the path a hypervisor takes that advertises counters it does not emulate.
 */
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/pmu.h>
#include <asm/processor.h>
#include <selftest.h>

#define NO_LEAF_0A	((struct cpuid_regs){ 0 })

SELFTEST(pmu, intel_leaf_0a_with_fixed_counters)
{
	/* A Skylake: version 4, 4 general counters; 3 fixed counters, 48 bits wide. */
	struct pmu_info p = pmu_parse(true, 0x16, (struct cpuid_regs){ .eax = 0x07300404,
								       .edx = 0x00000603 },
				      false, 0x80000008, 0, 0);

	EXPECT_EQ(t, p.kind, PMU_INTEL_ARCH);
	EXPECT_EQ(t, p.version, 4U);
	EXPECT_EQ(t, p.width, 48U);
}

SELFTEST(pmu, intel_without_fixed_counters_has_none)
{
	/* Version 1 (Core Solo): general counters only; and a leaf 0xA of zeros (TCG). */
	EXPECT_EQ(t, pmu_parse(true, 0xa, (struct cpuid_regs){ .eax = 0x07280201 }, false, 0, 0,
			       0).kind, PMU_NONE);
	EXPECT_EQ(t, pmu_parse(true, 0xd, NO_LEAF_0A, false, 0, 0, 0).kind, PMU_NONE);
	EXPECT_EQ(t, pmu_parse(true, 0x5, (struct cpuid_regs){ .eax = 0x07300404, .edx = 0x603 },
			       false, 0, 0, 0).kind, PMU_NONE);	/* leaf 0xA is past the top */
}

SELFTEST(pmu, amd_core_counters)
{
	struct pmu_info zen4 = pmu_parse(false, 0x10, NO_LEAF_0A, true, 0x80000028, BIT(23), 1);
	struct pmu_info k8 = pmu_parse(false, 0x1, NO_LEAF_0A, true, 0x80000018, 0, 0);

	EXPECT_EQ(t, zen4.kind, PMU_AMD_CORE);
	EXPECT_EQ(t, zen4.version, 2U);	/* PerfMonV2: the global enable too */
	EXPECT_EQ(t, pmu_parse(false, 0x10, NO_LEAF_0A, true, 0x80000008, BIT(23), 0).version, 1U);
	EXPECT_EQ(t, k8.kind, PMU_NONE);
	/* Leaf 0xA means nothing on AMD (there it is SVM's): never Intel's PMU. */
	EXPECT_EQ(t, pmu_parse(false, 0xd, (struct cpuid_regs){ .eax = 0x07300404, .edx = 0x603 },
			       true, 0x80000008, 0, 0).kind, PMU_NONE);
}

/*
 * pmu_bench_start() and pmu_bench_stop() as the benchmark calls them, on Intel's
 * MSRs forced on whatever this CPU is. QEMU's TCG accepts those MSRs and ignores
 * them (they read back 0, and its RDPMC counts nothing), which is enough to see
 * which counters ring 3 is told to read and that CR4.PCE is set for the benchmark
 * only; a machine whose MSRs fault (a hypervisor without a vPMU) must leave the
 * benchmark with no counters and ring 3 no RDPMC.
 */
SELFTEST(pmu, bench_start_programs_and_stop_clears)
{
	struct pmu_info saved = pmu;
	struct bench_pmu out = { 0 };
	u64 probe;

	if (saved.kind != PMU_NONE)
		SKIP(t, "a real PMU: the benchmark programs it (make bench)");
	pmu = (struct pmu_info){ .kind = PMU_INTEL_ARCH, .version = 4, .width = 48 };
	if (!rdmsr_safe(0x38d, &probe)) {
		EXPECT_FALSE(t, pmu_bench_start(&out));
		EXPECT_EQ(t, pmu.kind, PMU_NONE);
		EXPECT_FALSE(t, read_cr4() & X86_CR4_PCE);
	} else {
		EXPECT_TRUE(t, pmu_bench_start(&out));
		EXPECT_TRUE(t, read_cr4() & X86_CR4_PCE);
		EXPECT_EQ(t, out.rdpmc_cycles, (1U << 30) | 1);
		EXPECT_EQ(t, out.rdpmc_instructions, 1U << 30);
		pmu_bench_stop();
	}
	EXPECT_FALSE(t, read_cr4() & X86_CR4_PCE);
	pmu = saved;
}

/*
 * A PMU that CPUID advertises and nothing emulates is not offered: forced on this
 * CPU, Intel's counters (QEMU's TCG takes their MSRs, reads back 0 and counts
 * nothing; Bochs ignores the writes and #GPs at RDPMC) and AMD's must fail the
 * boot's check, which is what keeps ring 3 from an RDPMC that faults or a column of
 * zeros printed as measurements.
 */
SELFTEST(pmu, counters_that_do_not_count_are_refused)
{
	struct pmu_info saved = pmu;

	if (saved.kind != PMU_NONE)
		SKIP(t, "a PMU that counts: the boot's check passed it");
	pmu = (struct pmu_info){ .kind = PMU_INTEL_ARCH, .version = 4, .width = 48 };
	EXPECT_TRUE(t, pmu_check_counts() != NULL);
	pmu = (struct pmu_info){ .kind = PMU_AMD_CORE, .version = 1, .width = 48 };
	EXPECT_TRUE(t, pmu_check_counts() != NULL);
	EXPECT_FALSE(t, read_cr4() & X86_CR4_PCE);
	pmu = saved;
}
