// SPDX-License-Identifier: GPL-2.0
/*
 * Which speculation mitigations the entry path runs: Linux's parameters and
 * Linux's defaults, decided once on the boot CPU from the command line and what
 * the CPU says it is immune to, then patched into the entry code.
 *
 *   mitigations=off|auto  every one off, or each at its default (auto)
 *   pti=on|off|auto       page-table isolation; auto: on unless ARCH_CAPABILITIES
 *                         has RDCL_NO (Linux also leaves AMD CPUs out; entrylab
 *                         follows the MSR alone, so QEMU's TCG CPU, which reports
 *                         no ARCH_CAPABILITIES, gets PTI); nopcid: PTI without PCIDs
 *   mds=off|full          VERW before every return to ring 3; full unless MDS_NO
 *   spectre_v2=off|retpoline|ibrs|auto   the dispatcher's indirect call by a
 *                         retpoline, or IBRS while in the kernel (needs
 *                         IA32_SPEC_CTRL); auto: retpoline. Either refills the
 *                         return stack buffer at context switches.
 *   spectre_bhi=on|off    the branch-history clearing loop at syscall entry; on
 *                         unless BHI_NO
 *   nospectre_v1          no LFENCE after the IDT entry's conditional SWAPGS
 */
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <cmdline.h>
#include <printk.h>
#include <string.h>

unsigned long mitigations;

static const char *const mitigation_names[NR_MITIGATIONS] = {
	[MIT_PTI] = "pti", [MIT_PCID] = "pcid", [MIT_VERW] = "verw",
	[MIT_RETPOLINE] = "retpoline", [MIT_IBRS] = "ibrs", [MIT_RSB] = "rsb",
	[MIT_BHI] = "bhi", [MIT_SWAPGS_FENCE] = "swapgs-fence",
};

/* Why each is on or off: the banner says it. */
static const char *mitigation_why[NR_MITIGATIONS];

/* key=on|off|auto: 1, 0, or auto's value. */
static bool choose(const char *key, bool auto_value, const char *auto_why, enum mitigation m)
{
	const char *v = cmdline_str(&boot_cmdline, key, "auto");

	if (!strcmp(v, "on") || !strcmp(v, "full")) {
		mitigation_why[m] = "asked for";
		return true;
	}
	if (!strcmp(v, "off")) {
		mitigation_why[m] = "asked off";
		return false;
	}
	if (strcmp(v, "auto"))
		printk("cmdline: %s=%s is not on, off or auto: auto\n", key, v);
	mitigation_why[m] = auto_why;
	return auto_value;
}

static void set(enum mitigation m, bool on)
{
	if (on)
		mitigations |= BIT(m);
}

static void choose_spectre_v2(void)
{
	const char *v = cmdline_str(&boot_cmdline, "spectre_v2", "auto");

	if (!strcmp(v, "off")) {
		mitigation_why[MIT_RETPOLINE] = mitigation_why[MIT_IBRS] = "spectre_v2=off";
		return;
	}
	if (!strcmp(v, "ibrs") && boot_cpu.spec_ctrl) {
		mitigation_why[MIT_IBRS] = "spectre_v2=ibrs";
		mitigation_why[MIT_RETPOLINE] = "IBRS instead";
		set(MIT_IBRS, true);
	} else {
		if (!strcmp(v, "ibrs"))
			printk("cmdline: spectre_v2=ibrs: no IA32_SPEC_CTRL: retpoline\n");
		else if (strcmp(v, "retpoline") && strcmp(v, "auto"))
			printk("cmdline: spectre_v2=%s is not off, retpoline, ibrs or auto: auto\n",
			       v);
		mitigation_why[MIT_RETPOLINE] = strcmp(v, "auto") ? "spectre_v2=retpoline" :
							       "spectre_v2 default";
		mitigation_why[MIT_IBRS] = "retpoline instead";
		set(MIT_RETPOLINE, true);
	}
	set(MIT_RSB, true);
	mitigation_why[MIT_RSB] = "with every spectre_v2 mitigation";
}

void mitigations_init(void)
{
	const u64 caps = boot_cpu.arch_capabilities;
	const char *all = cmdline_str(&boot_cmdline, "mitigations", "auto");

	if (strcmp(all, "off") && strcmp(all, "auto"))
		printk("cmdline: mitigations=%s is not off or auto: auto\n", all);
	if (!strcmp(all, "off")) {
		for (unsigned int m = 0; m < NR_MITIGATIONS; m++)
			mitigation_why[m] = "mitigations=off";
	} else {
		set(MIT_PTI, choose("pti", !(caps & ARCH_CAP_RDCL_NO),
				    caps & ARCH_CAP_RDCL_NO ? "the CPU reports RDCL_NO" :
							      "no RDCL_NO", MIT_PTI));
		set(MIT_PCID, mitigation_on(MIT_PTI) && boot_cpu.pcid &&
			      !cmdline_flag(&boot_cmdline, "nopcid"));
		mitigation_why[MIT_PCID] = !mitigation_on(MIT_PTI) ? "no PTI" :
					   !boot_cpu.pcid ? "the CPU has no PCID" :
					   mitigation_on(MIT_PCID) ? "with PTI" : "nopcid";
		set(MIT_VERW, choose("mds", !(caps & ARCH_CAP_MDS_NO),
				     caps & ARCH_CAP_MDS_NO ? "the CPU reports MDS_NO" :
				     boot_cpu.md_clear ? "no MDS_NO, MD_CLEAR" :
							 "no MDS_NO (no MD_CLEAR: may not clear)",
				     MIT_VERW));
		choose_spectre_v2();
		set(MIT_BHI, choose("spectre_bhi", !(caps & ARCH_CAP_BHI_NO),
				    caps & ARCH_CAP_BHI_NO ? "the CPU reports BHI_NO" : "no BHI_NO",
				    MIT_BHI));
		set(MIT_SWAPGS_FENCE, !cmdline_flag(&boot_cmdline, "nospectre_v1"));
		mitigation_why[MIT_SWAPGS_FENCE] = mitigation_on(MIT_SWAPGS_FENCE) ?
						   "spectre_v1 default" : "nospectre_v1";
	}
}

void mitigations_print(void)
{
	for (unsigned int m = 0; m < NR_MITIGATIONS; m++)
		printk("entrylab: mitigation %s: %s (%s)\n", mitigation_names[m],
		       mitigation_on(m) ? "on" : "off", mitigation_why[m]);
}

void mitigations_name(char *buf, unsigned long size)
{
	unsigned long n = 0;

	buf[0] = 0;
	for (unsigned int m = 0; m < NR_MITIGATIONS; m++)
		if (mitigation_on(m))
			n += snprintf(buf + MIN(n, size), size - MIN(n, size), "%s%s",
				      n ? "+" : "", mitigation_names[m]);
	if (!n)
		strlcpy(buf, "off", size);
}
