// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests: mitigations_choose() and the vulnerability files for real parts that
 * QEMU's TCG cannot present (its models lack SPEC_CTRL, ARCH_CAPABILITIES and AMD's
 * IBRS bits): each expectation is what Linux 6.12's bugs.c and common.c decide for
 * the same CPUID and MSR, where entrylab has the mechanism (docs/mitigations.md).
 * The boot CPU's own choice is checked against Linux booted on the same QEMU model
 * by tests/run.py's vulnerabilities-as-linux-* cases.
 */
#include <asm/cpu_bugs.h>
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <cmdline.h>
#include <selftest.h>
#include <string.h>

/* Too big for a test's stack; the self-tests run one at a time. */
static struct cmdline test_cmdline;
static struct mitigation_state st;
static char text[VULN_TEXT_MAX];

static const struct mitigation_state *choose(const struct cpuinfo *c, const char *cmdline)
{
	cmdline_parse(&test_cmdline, "test", cmdline);
	mitigations_choose(c, &test_cmdline, &st);
	return &st;
}

static const char *show(const struct cpuinfo *c, const char *file)
{
	return cpu_vulnerability_show(file, &st, c, text);
}

#define SPEC_CTRL_CPUID	(CPUID7_EDX_SPEC_CTRL | CPUID7_EDX_INTEL_STIBP | CPUID7_EDX_SSBD)

/* Skylake client (family 6 model 0x5e), bare metal, microcode with MD_CLEAR, no MSR. */
static const struct cpuinfo skylake = {
	.vendor_id = X86_VENDOR_INTEL, .family = 6, .model_id = 0x5e, .stepping = 3,
	.smep = true, .smap = true, .fsgsbase = true, .smt = true,
	.cpuid7_edx = SPEC_CTRL_CPUID | CPUID7_EDX_MD_CLEAR | CPUID7_EDX_FLUSH_L1D,
};

/* Alder Lake (0x97): eIBRS, BHI_CTRL, RFDS_CLEAR; immune to Meltdown, MDS, MMIO. */
static const struct cpuinfo alderlake = {
	.vendor_id = X86_VENDOR_INTEL, .family = 6, .model_id = 0x97, .stepping = 2,
	.smep = true, .smap = true, .fsgsbase = true, .smt = true, .pcid = true,
	.cpuid7_edx = SPEC_CTRL_CPUID | CPUID7_EDX_MD_CLEAR | CPUID7_EDX_FLUSH_L1D |
		      CPUID7_EDX_ARCH_CAP,
	.cpuid7_2_edx = CPUID7_2_EDX_RRSBA_CTRL | CPUID7_2_EDX_BHI_CTRL,
	.arch_capabilities = ARCH_CAP_RDCL_NO | ARCH_CAP_IBRS_ALL | ARCH_CAP_MDS_NO |
			     ARCH_CAP_TAA_NO | ARCH_CAP_SBDR_SSDP_NO | ARCH_CAP_FBSDP_NO |
			     ARCH_CAP_PSDP_NO | ARCH_CAP_FB_CLEAR | ARCH_CAP_RRSBA |
			     ARCH_CAP_PBRSB_NO | ARCH_CAP_RFDS_CLEAR,
};

/* Zen 2 (family 0x17 model 0x31), bare metal: AMD's IBPB, IBRS, STIBP, SSBD; no MSR. */
static const struct cpuinfo zen2 = {
	.vendor_id = X86_VENDOR_AMD, .family = 0x17, .model_id = 0x31, .stepping = 0,
	.smep = true, .smap = true, .fsgsbase = true, .smt = true,
	.cpuid_e8_ebx = CPUIDE8_EBX_AMD_IBPB | CPUIDE8_EBX_AMD_IBRS | CPUIDE8_EBX_AMD_STIBP |
			CPUIDE8_EBX_AMD_SSBD,
};

SELFTEST(mitigations, skylake_gets_ibrs_for_retbleed_verw_and_pti)
{
	unsigned long want = BIT(MIT_PTI) | BIT(MIT_VERW) | BIT(MIT_IBRS) | BIT(MIT_RSB) |
			     BIT(MIT_SWAPGS_FENCE);

	EXPECT_EQ(t, choose(&skylake, "")->on, want);
	EXPECT_EQ(t, st.spec_ctrl, SPEC_CTRL_IBRS);	/* IBRS_EXIT clears it for ring 3 */
	EXPECT_STREQ(t, show(&skylake, "retbleed"), "Mitigation: IBRS");
	EXPECT_STREQ(t, show(&skylake, "meltdown"), "Mitigation: PTI");
	EXPECT_STREQ(t, show(&skylake, "mds"), "Mitigation: Clear CPU buffers; SMT vulnerable");
	EXPECT_STREQ(t, show(&skylake, "mmio_stale_data"),
		     "Mitigation: Clear CPU buffers; SMT vulnerable");
	EXPECT_STREQ(t, show(&skylake, "spectre_v2"), "Mitigation: IBRS; IBPB: disabled; "
		     "STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected");
	/* retbleed=off: Linux's retpoline, and retbleed left vulnerable. */
	EXPECT_EQ(t, choose(&skylake, "retbleed=off")->on,
		  want - BIT(MIT_IBRS) + BIT(MIT_RETPOLINE));
	EXPECT_STREQ(t, show(&skylake, "retbleed"), "Vulnerable");
	/* retbleed=stuff: Linux's retpoline (for its call depth tracking) */
	EXPECT_EQ(t, choose(&skylake, "retbleed=stuff")->spectre_v2, SPECTRE_V2_RETPOLINE);
}

SELFTEST(mitigations, alderlake_gets_eibrs_bhi_dis_s_and_verw_for_rfds)
{
	EXPECT_EQ(t, choose(&alderlake, "")->on,
		  BIT(MIT_VERW) | BIT(MIT_EIBRS) | BIT(MIT_BHI_DIS_S) | BIT(MIT_SWAPGS_FENCE));
	EXPECT_EQ(t, st.spec_ctrl, SPEC_CTRL_IBRS | SPEC_CTRL_BHI_DIS_S);
	EXPECT_STREQ(t, show(&alderlake, "reg_file_data_sampling"),
		     "Mitigation: Clear Register File");
	EXPECT_STREQ(t, show(&alderlake, "spectre_v2"), "Mitigation: Enhanced / Automatic IBRS; "
		     "IBPB: disabled; PBRSB-eIBRS: Not affected; BHI: BHI_DIS_S");
	EXPECT_STREQ(t, show(&alderlake, "meltdown"), "Not affected");
	EXPECT_STREQ(t, show(&alderlake, "mds"), "Not affected");
	/* eibrs,retpoline: the retpoline too, and RRSBA_DIS_S, which makes it BHI-safe. */
	EXPECT_EQ(t, choose(&alderlake, "spectre_v2=eibrs,retpoline")->on,
		  BIT(MIT_VERW) | BIT(MIT_EIBRS) | BIT(MIT_RETPOLINE) | BIT(MIT_SWAPGS_FENCE));
	EXPECT_EQ(t, st.spec_ctrl, SPEC_CTRL_IBRS | SPEC_CTRL_RRSBA_DIS_S);
	EXPECT_STREQ(t, show(&alderlake, "spectre_v2"), "Mitigation: Enhanced / Automatic IBRS + "
		     "Retpolines; IBPB: disabled; PBRSB-eIBRS: Not affected; BHI: Retpoline");
	/* RFDS's VERW off alone: nothing else wants it. */
	EXPECT_FALSE(t, choose(&alderlake, "reg_file_data_sampling=off")->on & BIT(MIT_VERW));
}

SELFTEST(mitigations, eibrs_without_bhi_ctrl_runs_the_loop)
{
	struct cpuinfo icelake = alderlake;

	icelake.model_id = 0x6a;			/* Ice Lake server: no BHI_CTRL */
	icelake.cpuid7_2_edx = 0;
	EXPECT_EQ(t, choose(&icelake, "")->on & (BIT(MIT_BHI) | BIT(MIT_BHI_DIS_S) |
						 BIT(MIT_EIBRS)), BIT(MIT_BHI) | BIT(MIT_EIBRS));
	EXPECT_STREQ(t, show(&icelake, "spectre_v2"), "Mitigation: Enhanced / Automatic IBRS; "
		     "IBPB: disabled; PBRSB-eIBRS: Not affected; BHI: SW loop, KVM: SW loop");
	EXPECT_STREQ(t, show(&icelake, "indirect_target_selection"), "Vulnerable");
	EXPECT_TRUE(t, st.linux_its_thunks);
	EXPECT_FALSE(t, choose(&icelake, "spectre_bhi=off")->on & BIT(MIT_BHI));
}

SELFTEST(mitigations, amd_gets_no_pti_verw_or_bhi_bare_or_under_kvm)
{
	struct cpuinfo guest = zen2;

	EXPECT_EQ(t, choose(&zen2, "")->on, BIT(MIT_RETPOLINE) | BIT(MIT_RSB) |
					      BIT(MIT_SWAPGS_FENCE));
	EXPECT_STREQ(t, show(&zen2, "retbleed"), "Vulnerable");
	EXPECT_TRUE(t, st.linux_unret);			/* Linux: the untrained return thunk */
	EXPECT_STREQ(t, show(&zen2, "spec_rstack_overflow"), "Vulnerable");
	EXPECT_TRUE(t, st.linux_safe_ret);
	EXPECT_STREQ(t, show(&zen2, "spectre_v2"), "Mitigation: Retpolines; IBPB: disabled; "
		     "STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected");
	/* KVM's ARCH_CAPABILITIES (RDCL_NO, MDS_NO) on the same part change nothing. */
	guest.hypervisor = true;
	guest.cpuid7_edx = CPUID7_EDX_ARCH_CAP;
	guest.arch_capabilities = ARCH_CAP_RDCL_NO | ARCH_CAP_MDS_NO;
	EXPECT_EQ(t, choose(&guest, "")->on, BIT(MIT_RETPOLINE) | BIT(MIT_RSB) |
					       BIT(MIT_SWAPGS_FENCE));
	/* spectre_v2=ibrs is for Intel: auto. */
	EXPECT_EQ(t, choose(&zen2, "spectre_v2=ibrs")->spectre_v2, SPECTRE_V2_RETPOLINE);
}

SELFTEST(mitigations, zen4_gets_autoibrs_and_verw_for_tsa_with_its_microcode)
{
	struct cpuinfo zen4 = zen2;

	zen4.family = 0x19;
	zen4.model_id = 0x11;
	zen4.stepping = 1;
	zen4.cpuid_e21_eax = CPUIDE21_EAX_AUTOIBRS;
	zen4.microcode_known = true;
	zen4.microcode = 0x0a10114c;			/* the first with TSA's VERW */
	EXPECT_EQ(t, choose(&zen4, "")->on, BIT(MIT_EIBRS) | BIT(MIT_VERW) |
					      BIT(MIT_SWAPGS_FENCE));
	EXPECT_TRUE(t, st.autoibrs);
	EXPECT_EQ(t, st.spec_ctrl, 0UL);		/* EFER.AUTOIBRS, not SPEC_CTRL.IBRS */
	EXPECT_STREQ(t, show(&zen4, "tsa"), "Mitigation: Clear CPU buffers");
	EXPECT_STREQ(t, show(&zen4, "spectre_v2"), "Mitigation: Enhanced / Automatic IBRS; "
		     "IBPB: disabled; STIBP: disabled; PBRSB-eIBRS: Not affected; "
		     "BHI: Not affected");
	zen4.microcode--;				/* older: VERW would not clear */
	EXPECT_FALSE(t, choose(&zen4, "")->on & BIT(MIT_VERW));
	EXPECT_STREQ(t, show(&zen4, "tsa"),
		     "Vulnerable: Clear CPU buffers attempted, no microcode");
}

SELFTEST(mitigations, tables_match_first_row_and_stepping)
{
	struct cpuinfo skx = skylake;

	skx.model_id = 0x55;				/* Skylake-X: ITS from stepping 6 on */
	skx.stepping = 5;
	EXPECT_FALSE(t, cpu_has_bug(cpu_bugs(&skx), X86_BUG_ITS));
	skx.stepping = 6;
	EXPECT_TRUE(t, cpu_has_bug(cpu_bugs(&skx), X86_BUG_ITS));
	skx.family = 5;					/* Intel family 5: no speculation */
	EXPECT_EQ(t, cpu_bugs(&skx), 0UL);
	skx = zen2;
	skx.family = 0x10;				/* AMD 0x10: its own row, before ANY's */
	EXPECT_FALSE(t, cpu_has_bug(cpu_bugs(&skx), X86_BUG_EIBRS_PBRSB) ||
			cpu_has_bug(cpu_bugs(&skx), X86_BUG_CPU_MELTDOWN));
	skx.cpuid_e21_eax = CPUIDE21_EAX_AUTOIBRS;	/* 0x10's row lacks NO_EIBRS_PBRSB */
	EXPECT_TRUE(t, cpu_has_bug(cpu_bugs(&skx), X86_BUG_EIBRS_PBRSB));
}

/* Every mitigation's banner line names why it is on or off, whatever was asked. */
SELFTEST(mitigations, every_choice_has_a_reason)
{
	static const char *const cmdlines[] = {
		"", "mitigations=off", "mitigations=off force_mitigations=pti,pcid,verw",
		"nopti", "pti=on nopcid", "spectre_v2=off", "spectre_bhi=off",
	};
	static const struct cpuinfo *const cpus[] = { &skylake, &alderlake, &zen2 };

	for (unsigned int i = 0; i < ARRAY_SIZE(cpus); i++)
		for (unsigned int j = 0; j < ARRAY_SIZE(cmdlines); j++) {
			choose(cpus[i], cmdlines[j]);
			for (unsigned int m = 0; m < NR_MITIGATIONS; m++)
				EXPECT_TRUE(t, st.why[m] && st.why[m][0]);
		}
}

SELFTEST(mitigations, off_and_parameters_mean_what_linux_means)
{
	EXPECT_EQ(t, choose(&skylake, "mitigations=off")->on, 0UL);
	EXPECT_STREQ(t, show(&skylake, "meltdown"), "Vulnerable");
	EXPECT_STREQ(t, show(&skylake, "mds"), "Vulnerable; SMT vulnerable");
	EXPECT_STREQ(t, show(&skylake, "spectre_v1"), "Vulnerable: __user pointer sanitization "
		     "and usercopy barriers only; no swapgs barriers");
	/* mds=off alone: MMIO stale data still wants VERW, and MDS is counted mitigated. */
	EXPECT_TRUE(t, choose(&skylake, "mds=off")->on & BIT(MIT_VERW));
	EXPECT_EQ(t, st.mds, VERW_FULL);
	EXPECT_FALSE(t, choose(&skylake, "mds=off mmio_stale_data=off")->on & BIT(MIT_VERW));
	/* pti=on forces PTI on an immune CPU; the file still says what the CPU is. */
	EXPECT_TRUE(t, choose(&zen2, "pti=on")->on & BIT(MIT_PTI));
	EXPECT_STREQ(t, show(&zen2, "meltdown"), "Not affected");
	EXPECT_FALSE(t, choose(&skylake, "nopti")->on & BIT(MIT_PTI));
	EXPECT_EQ(t, choose(&zen2, "force_mitigations=verw,bhi")->on & (BIT(MIT_VERW) |
									BIT(MIT_BHI)),
		  BIT(MIT_VERW) | BIT(MIT_BHI));
}

/*
 * This CPU's IA32_SPEC_CTRL holds the boot's choice, and a value left by firmware
 * or a previous kernel (IBRS, STIBP, SSBD on, as far as the CPU takes them) is
 * replaced by it (mitigations_init_cpu()); without the MSR (QEMU's TCG models)
 * nothing that needs it was chosen.
 */
SELFTEST(mitigations, spec_ctrl_msr_as_chosen_not_as_found)
{
	u64 v, stale = 0;

	if (!cpu_has_msr_spec_ctrl(&boot_cpu)) {
		EXPECT_EQ(t, mitigation_state.spec_ctrl, 0UL);
		EXPECT_FALSE(t, mitigations & (BIT(MIT_IBRS) | BIT(MIT_EIBRS) |
					       BIT(MIT_BHI_DIS_S)));
		return;
	}
	ASSERT_TRUE(t, rdmsr_safe(MSR_IA32_SPEC_CTRL, &v));
	EXPECT_EQ(t, v, x86_spec_ctrl_base);
	EXPECT_EQ(t, v & SPEC_CTRL_MITIGATIONS_MASK, mitigation_state.spec_ctrl);
	for (u64 bit = SPEC_CTRL_IBRS; bit <= SPEC_CTRL_SSBD; bit <<= 1)
		if (wrmsr_safe(MSR_IA32_SPEC_CTRL, stale | bit))
			stale |= bit;			/* one the CPU has */
	EXPECT_NE(t, stale, 0UL);
	mitigations_init_cpu();
	ASSERT_TRUE(t, rdmsr_safe(MSR_IA32_SPEC_CTRL, &v));
	EXPECT_EQ(t, v, x86_spec_ctrl_base);
}
