// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the hypervisor's identification (arch/x86/hypervisor.c) on the CPUID
 * leaves hypervisors show: the benchmark's clock line and the TSC's rate rest on it.
 */
#include <asm/hypervisor.h>
#include <selftest.h>
#include <string.h>

/* A fake CPUID: up to six hypervisor leaves, each with its EAX and signature. */
static struct fake_leaf {
	u32 leaf, eax;
	char sig[13];
} fake[6];

static void fake_cpuid(u32 l, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	*eax = *ebx = *ecx = *edx = 0;
	for (unsigned int i = 0; i < ARRAY_SIZE(fake); i++) {
		if (fake[i].leaf != l)
			continue;
		*eax = fake[i].eax;
		memcpy(ebx, fake[i].sig, 4);
		memcpy(ecx, fake[i].sig + 4, 4);
		memcpy(edx, fake[i].sig + 8, 4);
	}
}

static struct hypervisor_info parse(const struct fake_leaf *leaves, unsigned int n)
{
	memset(fake, 0, sizeof(fake));
	memcpy(fake, leaves, n * sizeof(*leaves));
	return hypervisor_parse(true, fake_cpuid);
}

/* Hyper-V's base and its features leaf with the HYPERCALL and VP_INDEX MSRs. */
#define HYPERV_LEAVES	{ 0x40000000, 0x4000000b, "Microsoft Hv" }, { 0x40000003, 0x60, "" }

SELFTEST(hypervisor, kvm_found_behind_hyperv_enlightenments)
{
	/* KVM with hv-* flags: Hyper-V's leaves first, KVM's at 0x40000100. */
	static const struct fake_leaf l[] = {
		HYPERV_LEAVES, { 0x40000100, 0x40000101, "KVMKVMKVM\0\0\0" },
	};
	struct hypervisor_info hv = parse(l, ARRAY_SIZE(l));

	EXPECT_EQ(t, hv.kind, HV_KVM);
	EXPECT_EQ(t, hv.base, 0x40000100U);
	EXPECT_EQ(t, hv.tsc_khz, 0U);
	EXPECT_EQ(t, parse(l, 2).kind, HV_HYPERV);
}

SELFTEST(hypervisor, the_highest_base_linux_detects_wins)
{
	/* Xen with Viridian: Hyper-V's interface at 0x40000000, Xen's at 0x40000100. */
	static const struct fake_leaf viridian[] = {
		HYPERV_LEAVES, { 0x40000100, 0x40000105, "XenVMMXenVMM" },
	};
	/* Linux's priority is the base: Xen's above KVM's wins, not KVM wherever it is. */
	static const struct fake_leaf kvm_below_xen[] = {
		{ 0x40000000, 0x40000001, "KVMKVMKVM\0\0\0" },
		{ 0x40000100, 0x40000105, "XenVMMXenVMM" },
	};
	/* Xen's needs two leaves above its base (xen_cpuid_base()). */
	static const struct fake_leaf short_xen[] = {
		{ 0x40000000, 0x40000001, "KVMKVMKVM\0\0\0" },
		{ 0x40000100, 0x40000101, "XenVMMXenVMM" },
	};
	/* QEMU's TCG is no hypervisor Linux detects: KVM's signature past it is. */
	static const struct fake_leaf tcg_then_kvm[] = {
		{ 0x40000000, 0x40000001, "TCGTCGTCGTCG" },
		{ 0x40000200, 0x40000201, "KVMKVMKVM\0\0\0" },
	};

	EXPECT_EQ(t, parse(viridian, ARRAY_SIZE(viridian)).kind, HV_XEN);
	EXPECT_EQ(t, parse(kvm_below_xen, ARRAY_SIZE(kvm_below_xen)).kind, HV_XEN);
	EXPECT_EQ(t, parse(kvm_below_xen, ARRAY_SIZE(kvm_below_xen)).base, 0x40000100U);
	EXPECT_EQ(t, parse(short_xen, ARRAY_SIZE(short_xen)).kind, HV_KVM);
	EXPECT_EQ(t, parse(tcg_then_kvm, ARRAY_SIZE(tcg_then_kvm)).kind, HV_KVM);
	EXPECT_EQ(t, parse(tcg_then_kvm, ARRAY_SIZE(tcg_then_kvm)).base, 0x40000200U);
}

SELFTEST(hypervisor, vmware_and_hyperv_only_at_the_first_base)
{
	static const struct fake_leaf vmware_late[] = {
		{ 0x40000100, 0x40000110, "VMwareVMware" },
	};
	/* Hyper-V's checks: EAX at least 0x40000005, and both MSRs in leaf 0x40000003. */
	static const struct fake_leaf hyperv_short[] = {
		{ 0x40000000, 0x40000004, "Microsoft Hv" }, { 0x40000003, 0x60, "" },
	};
	/* Compared as Linux compares it: an EAX of 0 is below the minimum, not past it. */
	static const struct fake_leaf hyperv_eax_0[] = {
		{ 0x40000000, 0, "Microsoft Hv" }, { 0x40000003, 0x60, "" },
	};
	static const struct fake_leaf hyperv_no_vp_index[] = {
		{ 0x40000000, 0x4000000b, "Microsoft Hv" }, { 0x40000003, 0x20, "" },
	};

	EXPECT_EQ(t, parse(vmware_late, ARRAY_SIZE(vmware_late)).kind, HV_OTHER);
	EXPECT_EQ(t, parse(hyperv_short, ARRAY_SIZE(hyperv_short)).kind, HV_OTHER);
	EXPECT_EQ(t, parse(hyperv_eax_0, ARRAY_SIZE(hyperv_eax_0)).kind, HV_OTHER);
	EXPECT_EQ(t, parse(hyperv_no_vp_index, ARRAY_SIZE(hyperv_no_vp_index)).kind, HV_OTHER);
}

SELFTEST(hypervisor, timing_leaf_read_only_for_acrn)
{
	/* ACRN: leaf 0x40000010's EAX is the TSC's rate in kHz (acrn_get_tsc_khz()). */
	static const struct fake_leaf acrn[] = {
		{ 0x40000000, 0x40000010, "ACRNACRNACRN" }, { 0x40000010, 2904000, "" },
	};
	static const struct fake_leaf short_base[] = {
		{ 0x40000000, 0x40000001, "ACRNACRNACRN" }, { 0x40000010, 2904000, "" },
	};
	/* VMware's 0x40000010 is its features leaf, and Linux's KVM guest reads none. */
	static const struct fake_leaf vmware[] = {
		{ 0x40000000, 0x40000010, "VMwareVMware" }, { 0x40000010, 2904000, "" },
	};
	static const struct fake_leaf kvm[] = {
		{ 0x40000000, 0x40000010, "KVMKVMKVM\0\0\0" }, { 0x40000010, 2904000, "" },
	};
	struct hypervisor_info hv = parse(acrn, ARRAY_SIZE(acrn));

	EXPECT_EQ(t, hv.kind, HV_ACRN);
	EXPECT_EQ(t, hv.tsc_khz, 2904000U);
	EXPECT_EQ(t, parse(short_base, ARRAY_SIZE(short_base)).tsc_khz, 0U);
	hv = parse(vmware, ARRAY_SIZE(vmware));
	EXPECT_EQ(t, hv.kind, HV_VMWARE);
	EXPECT_TRUE(t, !strcmp(hv.name, "VMware"));
	EXPECT_EQ(t, hv.tsc_khz, 0U);
	EXPECT_EQ(t, parse(kvm, ARRAY_SIZE(kvm)).tsc_khz, 0U);
}

SELFTEST(hypervisor, unknown_or_absent_signatures)
{
	static const struct fake_leaf tcg[] = { { 0x40000000, 0x40000001, "TCGTCGTCGTCG" } };
	static const struct fake_leaf odd[] = { { 0x40000000, 0x40000001, "NotAKnownOne" } };

	EXPECT_EQ(t, parse(tcg, ARRAY_SIZE(tcg)).kind, HV_QEMU_TCG);
	EXPECT_EQ(t, parse(odd, ARRAY_SIZE(odd)).kind, HV_OTHER);
	EXPECT_EQ(t, parse(odd, 0).kind, HV_OTHER);
	EXPECT_EQ(t, hypervisor_parse(false, fake_cpuid).kind, HV_NONE);
}
