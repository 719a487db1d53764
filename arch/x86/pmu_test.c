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

/* CPUID as an Intel part reports it: max leaf 0x16, and its leaf 0xA. */
static struct pmu_info intel(struct cpuid_regs leaf_0a, bool hypervisor)
{
	struct pmu_cpuid c = { .vendor = "GenuineIntel", .family = 6, .hypervisor = hypervisor,
			       .max_leaf = 0x16, .leaf_0a = leaf_0a, .max_ext_leaf = 0x80000008 };

	return pmu_parse(&c);
}

/* CPUID as an AMD part reports it. */
static struct pmu_info amd(u32 family, u32 max_ext_leaf, u32 ext1_ecx, u32 ext22_eax)
{
	struct pmu_cpuid c = { .vendor = "AuthenticAMD", .family = family, .max_leaf = 0x10,
			       .max_ext_leaf = max_ext_leaf, .ext1_ecx = ext1_ecx,
			       .ext22_eax = ext22_eax };

	return pmu_parse(&c);
}

SELFTEST(pmu, intel_leaf_0a_with_fixed_counters)
{
	/* A Skylake: version 4, 4 general counters; 3 fixed counters, 48 bits wide. */
	struct pmu_info p = intel((struct cpuid_regs){ .eax = 0x07300404, .edx = 0x00000603 },
				  false);

	EXPECT_EQ(t, p.kind, PMU_INTEL_ARCH);
	EXPECT_EQ(t, p.version, 4U);
	EXPECT_EQ(t, p.width, 48U);
}

SELFTEST(pmu, intel_version_2_reporting_no_fixed_counters_has_three_on_bare_metal)
{
	/* Early version 2 parts leave EDX[4:0] 0; a hypervisor that does has none. */
	struct cpuid_regs v2 = { .eax = 0x07280202, .edx = 0x00000600 };
	struct cpuid_regs v2_blank = { .eax = 0x07280202, .edx = 0 };

	EXPECT_EQ(t, intel(v2, false).kind, PMU_INTEL_ARCH);
	EXPECT_EQ(t, intel(v2, true).kind, PMU_NONE);
	/* The width is EAX[23:16]'s even where EDX's fixed-counter fields are all 0. */
	EXPECT_EQ(t, intel(v2_blank, false).kind, PMU_INTEL_ARCH);
	EXPECT_EQ(t, intel(v2_blank, false).width, 40U);
}

SELFTEST(pmu, intel_counter_width_is_the_general_counters)
{
	/* EAX[23:16] 48 bits, EDX[12:5] 40: perf reads every counter as cntval_bits wide. */
	struct cpuid_regs v4 = { .eax = 0x07300404, .edx = 0x00000503 };
	/* One fixed counter (EDX[4:0] 1) under a hypervisor: no cycles counter. */
	struct cpuid_regs one_fixed = { .eax = 0x07300404, .edx = 0x00000601 };

	EXPECT_EQ(t, intel(v4, false).width, 48U);
	EXPECT_EQ(t, intel(v4, true).width, 48U);
	EXPECT_EQ(t, intel(one_fixed, true).kind, PMU_NONE);
	EXPECT_EQ(t, intel(one_fixed, false).kind, PMU_INTEL_ARCH);	/* three assumed */
	EXPECT_EQ(t, intel(one_fixed, false).width, 48U);
}

SELFTEST(pmu, intel_version_5_fixed_counters_are_the_ecx_bitmap)
{
	/* From version 5 ECX lists the fixed counters present, whatever EDX[4:0] says. */
	struct cpuid_regs both = { .eax = 0x08300805, .ecx = 0x7, .edx = 0x00008603 };
	struct cpuid_regs no_cycles = { .eax = 0x08300805, .ecx = 0x1, .edx = 0x00008603 };
	struct cpuid_regs bitmap_only = { .eax = 0x08300805, .ecx = 0x3, .edx = 0x00008600 };

	EXPECT_EQ(t, intel(both, false).kind, PMU_INTEL_ARCH);
	EXPECT_EQ(t, intel(both, false).version, 5U);
	EXPECT_EQ(t, intel(both, false).width, 48U);
	EXPECT_EQ(t, intel(no_cycles, false).kind, PMU_NONE);
	EXPECT_EQ(t, intel(bitmap_only, true).kind, PMU_INTEL_ARCH);
}

SELFTEST(pmu, intel_without_fixed_counters_has_none)
{
	/* Version 1 (Core Solo): general counters only; and a leaf 0xA of zeros (TCG). */
	struct pmu_cpuid past_top = { .vendor = "GenuineIntel", .max_leaf = 0x5,
				      .leaf_0a = { .eax = 0x07300404, .edx = 0x603 } };

	EXPECT_EQ(t, intel((struct cpuid_regs){ .eax = 0x07280201 }, false).kind, PMU_NONE);
	EXPECT_EQ(t, intel((struct cpuid_regs){ 0 }, true).kind, PMU_NONE);
	EXPECT_EQ(t, pmu_parse(&past_top).kind, PMU_NONE);	/* leaf 0xA is past the top */
}

SELFTEST(pmu, amd_core_and_legacy_counters)
{
	struct pmu_info zen4 = amd(0x19, 0x80000028, BIT(23), 1);
	struct pmu_info k8 = amd(0xf, 0x80000018, 0, 0);
	struct pmu_cpuid svm_leaf = { .vendor = "AuthenticAMD", .family = 0x17, .max_leaf = 0xd,
				      .leaf_0a = { .eax = 0x07300404, .edx = 0x603 },
				      .max_ext_leaf = 0x80000008 };
	struct pmu_cpuid dhyana = { .vendor = "HygonGenuine", .family = 0x18, .max_leaf = 0xd,
				    .max_ext_leaf = 0x8000001f, .ext1_ecx = BIT(23) };
	struct pmu_cpuid via = { .vendor = "CentaurHauls", .family = 6, .max_leaf = 0xa,
				 .leaf_0a = { .eax = 0x07300402, .edx = 0x603 } };

	EXPECT_EQ(t, zen4.kind, PMU_AMD_CORE);
	EXPECT_EQ(t, zen4.version, 2U);	/* PerfMonV2: the global enable too */
	EXPECT_EQ(t, amd(0x17, 0x80000008, BIT(23), 0).version, 1U);
	/* Without PerfCtrExtCore: the K7's four counters, as Linux's amd_pmu */
	EXPECT_EQ(t, k8.kind, PMU_AMD_LEGACY);
	EXPECT_EQ(t, amd(0x17, 0x80000008, 0, 1).kind, PMU_AMD_LEGACY);	/* EPYC under KVM */
	EXPECT_EQ(t, amd(5, 0x80000005, 0, 0).kind, PMU_NONE);		/* a K6 */
	/* Leaf 0xA means nothing on AMD (there it is SVM's): never Intel's PMU. */
	EXPECT_EQ(t, pmu_parse(&svm_leaf).kind, PMU_AMD_LEGACY);
	EXPECT_EQ(t, pmu_parse(&dhyana).kind, PMU_AMD_CORE);
	EXPECT_EQ(t, pmu_parse(&via).kind, PMU_NONE);	/* Linux's zhaoxin driver: not ours */
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
	pmu = (struct pmu_info){ .kind = PMU_AMD_LEGACY, .width = 48 };
	EXPECT_TRUE(t, pmu_check_counts() != NULL);
	EXPECT_FALSE(t, read_cr4() & X86_CR4_PCE);
	pmu = saved;
}
