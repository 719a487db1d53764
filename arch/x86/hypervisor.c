// SPDX-License-Identifier: GPL-2.0
/* Which hypervisor, if any: asm/hypervisor.h. */
#include <asm/cpufeature.h>
#include <asm/hypervisor.h>
#include <asm/io.h>
#include <string.h>

#define HV_LEAF_FIRST		0x40000000
#define HV_LEAF_LAST		0x40010000
#define HV_LEAF_STEP		0x100
#define HYPERV_CPUID_MIN	0x40000005	/* Hyper-V's base EAX: at least this... */
#define HYPERV_CPUID_MAX	0x4000ffff	/* ...and at most this */
#define HYPERV_CPUID_FEATURES	0x40000003
#define HV_MSR_HYPERCALL_AVAILABLE	BIT(5)
#define HV_MSR_VP_INDEX_AVAILABLE	BIT(6)
#define ACRN_CPUID_TIMING_INFO	0x40000010	/* EAX: the TSC's rate in kHz */

/*
 * The hypervisors Linux 6.12 detects, in the order of its hypervisors[] table (which
 * breaks ties), then two it has no driver for, named for the benchmark only. A
 * signature counts where Linux's detect() would find it: VMware's and Hyper-V's at
 * 0x40000000 only, the others at the first base of the scan that has it, Xen's with
 * at least two leaves above its base (xen_cpuid_base()).
 */
static const struct hv_signature {
	char sig[13];
	enum hypervisor_kind kind;
	const char *name;
	bool first_base_only;
	u32 min_leaves;		/* EAX - base at least this */
	bool linux_detects;
} signatures[] = {
	{ "XenVMMXenVMM", HV_XEN, "Xen", false, 2, true },
	{ "VMwareVMware", HV_VMWARE, "VMware", true, 0, true },
	{ "Microsoft Hv", HV_HYPERV, "Hyper-V", true, 0, true },
	{ "KVMKVMKVM\0\0\0", HV_KVM, "KVM", false, 0, true },
	{ "Jailhouse\0\0\0", HV_JAILHOUSE, "Jailhouse", false, 0, true },
	{ "ACRNACRNACRN", HV_ACRN, "ACRN", false, 0, true },
	{ "TCGTCGTCGTCG", HV_QEMU_TCG, "QEMU TCG", false, 0, false },
	{ "VBoxVBoxVBox", HV_VIRTUALBOX, "VirtualBox", false, 0, false },
};

/* Does Hyper-V's base leaf, with EAX eax, pass ms_hyperv_platform()'s checks? */
static bool hyperv_usable(u32 eax, cpuid_fn leaf)
{
	u32 features, ebx, ecx, edx;
	u32 need = HV_MSR_HYPERCALL_AVAILABLE | HV_MSR_VP_INDEX_AVAILABLE;

	if (eax < HYPERV_CPUID_MIN || eax > HYPERV_CPUID_MAX)
		return false;
	leaf(HYPERV_CPUID_FEATURES, &features, &ebx, &ecx, &edx);
	return (features & need) == need;
}

/**
 * hypervisor_parse - which hypervisor the CPUID leaves name
 * @hv_bit: CPUID.1:ECX[31], set by every hypervisor (and no CPU)
 * @leaf: reads a CPUID leaf
 *
 * As Linux's detect_hypervisor_vendor(): each hypervisor it knows is found at its
 * base (hypervisor_cpuid_base(): 0x40000000 to 0x40010000 in steps of 0x100), and the
 * one found at the highest base wins, the base being each detect()'s priority; a KVM
 * that also speaks Hyper-V's interface (Hyper-V at 0x40000000, KVM at 0x40000100) is
 * KVM, a Xen with Viridian is Xen. Only where Linux would find none, the first
 * signature of the scan that entrylab can name (QEMU's TCG, VirtualBox's own).
 *
 * Of the hypervisors Linux 6.12 detects, only ACRN's TSC rate is read from CPUID, at
 * 0x40000010 (acrn_get_tsc_khz()): VMware's 0x40000010 is its features leaf (the
 * hypercall mechanism; the rate comes by its GETHZ hypercall), KVM's guest reads no
 * timing leaf (kvmclock), Xen's rate is in leaf base + 3, Hyper-V's in an MSR. It is
 * read where ACRN's base EAX reaches it, so a short base leaf is no statement.
 */
struct hypervisor_info hypervisor_parse(bool hv_bit, cpuid_fn leaf)
{
	u32 base_of[ARRAY_SIZE(signatures)] = { 0 }, eax_of[ARRAY_SIZE(signatures)] = { 0 };
	struct hypervisor_info found = { HV_OTHER, "a hypervisor", 0, 0 };
	u32 eax, ebx, ecx, edx;
	unsigned int best = ARRAY_SIZE(signatures);
	bool linux_found;
	char sig[13];

	if (!hv_bit)
		return (struct hypervisor_info){ HV_NONE, "none", 0, 0 };
	for (u32 base = HV_LEAF_FIRST; base < HV_LEAF_LAST; base += HV_LEAF_STEP) {
		leaf(base, &eax, &ebx, &ecx, &edx);
		memcpy(sig, &ebx, 4);
		memcpy(sig + 4, &ecx, 4);
		memcpy(sig + 8, &edx, 4);
		for (unsigned int i = 0; i < ARRAY_SIZE(signatures); i++) {
			const struct hv_signature *s = &signatures[i];

			if (base_of[i] || memcmp(sig, s->sig, 12) ||
			    (s->first_base_only && base != HV_LEAF_FIRST) ||
			    eax - base < s->min_leaves)
				continue;
			if (s->kind == HV_HYPERV && !hyperv_usable(eax, leaf))
				continue;
			base_of[i] = base;
			eax_of[i] = eax;
		}
	}
	/* Linux's choice: the highest base, a tie to the earlier in its table. */
	for (unsigned int i = 0; i < ARRAY_SIZE(signatures); i++)
		if (signatures[i].linux_detects && base_of[i] &&
		    (best == ARRAY_SIZE(signatures) || base_of[i] > base_of[best]))
			best = i;
	linux_found = best != ARRAY_SIZE(signatures);
	/* Where Linux finds none: the first that the scan met. */
	for (unsigned int i = 0; i < ARRAY_SIZE(signatures) && !linux_found; i++)
		if (base_of[i] && (best == ARRAY_SIZE(signatures) || base_of[i] < base_of[best]))
			best = i;
	if (best == ARRAY_SIZE(signatures))
		return found;
	found = (struct hypervisor_info){ signatures[best].kind, signatures[best].name,
					  base_of[best], 0 };
	if (found.kind == HV_ACRN && eax_of[best] >= ACRN_CPUID_TIMING_INFO) {
		leaf(ACRN_CPUID_TIMING_INFO, &eax, &ebx, &ecx, &edx);
		found.tsc_khz = eax;
	}
	return found;
}

static void cpuid_leaf(u32 l, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	struct cpuid_regs r = cpuid(l);

	*eax = r.eax;
	*ebx = r.ebx;
	*ecx = r.ecx;
	*edx = r.edx;
}

const struct hypervisor_info *hypervisor(void)
{
	static struct hypervisor_info info;
	static bool known;

	if (!known) {
		info = hypervisor_parse(cpuid(1).ecx & CPUID1_ECX_HYPERVISOR, cpuid_leaf);
		known = true;
	}
	return &info;
}

/*
 * Bochs's models copy real parts' CPUID, hypervisor bit clear, so the one sign is its
 * debug port: with "port_e9_hack" on (scripts/bochs.sh sets it) a read of port 0xE9
 * answers 0xE9, where a PC's unclaimed port reads 0xFF.
 */
#define BOCHS_E9_PORT	0xe9

bool under_bochs(void)
{
	return inb(BOCHS_E9_PORT) == BOCHS_E9_PORT;
}
