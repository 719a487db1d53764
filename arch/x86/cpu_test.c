// SPDX-License-Identifier: GPL-2.0
/* Self-tests: the protections cpu_init() reports are really on in CR0/CR4/EFER. */
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <selftest.h>

SELFTEST(cpu, protections_match_cr4)
{
	u64 cr4 = read_cr4();
	struct cpuid_regs l7 = cpuid(0).eax >= 7 ? cpuid_count(7, 0) : (struct cpuid_regs){ 0 };
	struct cpuid_regs l1 = cpuid(1);

	EXPECT_EQ(t, !!(cr4 & X86_CR4_SMEP), !!(l7.ebx & CPUID7_EBX_SMEP));
	EXPECT_EQ(t, !!(cr4 & X86_CR4_SMAP), !!(l7.ebx & CPUID7_EBX_SMAP));
	EXPECT_EQ(t, !!(cr4 & X86_CR4_UMIP), !!(l7.ecx & CPUID7_ECX_UMIP));
	EXPECT_EQ(t, !!(cr4 & X86_CR4_SMEP), boot_cpu.smep);
	EXPECT_EQ(t, !!(cr4 & X86_CR4_MCE), !!(l1.edx & CPUID1_EDX_MCE));
	/* FSGSBASE: on whenever the CPU has it, unless the command line said nofsgsbase. */
	EXPECT_EQ(t, !!(cr4 & X86_CR4_FSGSBASE), boot_cpu.fsgsbase);
	if (!(l7.ebx & CPUID7_EBX_FSGSBASE))
		EXPECT_FALSE(t, boot_cpu.fsgsbase);
	EXPECT_FALSE(t, cr4 & X86_CR4_TSD);
	EXPECT_FALSE(t, cr4 & X86_CR4_PCE);	/* no ring-3 RDPMC */
}

SELFTEST(cpu, wp_and_nx_on)
{
	EXPECT_TRUE(t, read_cr0() & X86_CR0_WP);
	EXPECT_TRUE(t, rdmsr(MSR_EFER) & EFER_NX);
	EXPECT_TRUE(t, rdmsr(MSR_EFER) & EFER_LME);
}
