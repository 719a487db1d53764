/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which hypervisor runs this kernel, from its CPUID leaves at 0x40000000 (and every
 * 0x100 after, where a hypervisor that also offers another's interface puts its own:
 * KVM with Hyper-V's enlightenments is "Microsoft Hv" at 0x40000000 and KVM at
 * 0x40000100), as Linux's hypervisor_cpuid_base() looks, preferring the one Linux's
 * detect_hypervisor_vendor() prefers. The benchmark says from it what a TSC tick is;
 * under ACRN, the only one whose CPUID leaf Linux takes the TSC's rate from, the rate
 * may come from its timing leaf.
 */
#ifndef _ASM_X86_HYPERVISOR_H
#define _ASM_X86_HYPERVISOR_H

#include <compiler.h>

enum hypervisor_kind {
	HV_NONE,		/* CPUID.1:ECX[31] clear: bare metal, or an emulator (Bochs) */
	HV_KVM,
	HV_QEMU_TCG,		/* QEMU without an accelerator: RDTSC follows host time */
	HV_HYPERV,
	HV_VMWARE,
	HV_XEN,
	HV_VIRTUALBOX,
	HV_JAILHOUSE,
	HV_ACRN,
	HV_OTHER,		/* the bit set, no signature known */
};

struct hypervisor_info {
	enum hypervisor_kind kind;
	const char *name;	/* "KVM", "VMware"..., "a hypervisor" */
	u32 base;		/* its leaf (0x40000000 + n * 0x100), 0 if none */
	u32 tsc_khz;		/* ACRN's timing leaf 0x40000010 EAX, else 0 */
};

/*
 * What the CPUID leaves say (given, so a self-test can feed a hypervisor's own):
 * @hv_bit: CPUID.1:ECX[31]; @leaf(base, arg): CPUID of that leaf.
 */
typedef void (*cpuid_fn)(u32 l, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx);
struct hypervisor_info hypervisor_parse(bool hv_bit, cpuid_fn leaf);

/* This machine's, found once at the first call (at boot, on the boot CPU). */
const struct hypervisor_info *hypervisor(void);
/* Is this the Bochs emulator, run as scripts/bochs.sh runs it (its debug port on)? */
bool under_bochs(void);

#endif
