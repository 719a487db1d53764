// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/system/cpu/vulnerabilities/: what Linux's files there say, for
 * the mitigations this boot chose (arch/x86/mitigations.c). Programs and tests
 * read them to know what the kernel does; the ring-3 suite reads "meltdown" to
 * know whether kernel text must be unmapped. A CPU that reports itself immune
 * (ARCH_CAPABILITIES) is "Not affected"; one that is not and runs unmitigated is
 * "Vulnerable", as on Linux.
 */
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <file.h>
#include <string.h>
#include <vsprintf.h>

static struct file *text_file(const char *text)
{
	struct file *f = snapshot_alloc();

	if (f)
		f->size = snprintf(f->data, PAGE_SIZE, "%s\n", text);
	return f;
}

struct file *cpu_vulnerability_meltdown_open(void)
{
	if (boot_cpu.arch_capabilities & ARCH_CAP_RDCL_NO)
		return text_file("Not affected");
	return text_file(mitigation_on(MIT_PTI) ? "Mitigation: PTI" : "Vulnerable");
}

struct file *cpu_vulnerability_mds_open(void)
{
	if (boot_cpu.arch_capabilities & ARCH_CAP_MDS_NO)
		return text_file("Not affected");
	if (!mitigation_on(MIT_VERW))
		return text_file("Vulnerable; SMT Host state unknown");
	return text_file(boot_cpu.md_clear ?
			 "Mitigation: Clear CPU buffers; SMT Host state unknown" :
			 "Vulnerable: Clear CPU buffers attempted, no microcode; "
			 "SMT Host state unknown");
}

struct file *cpu_vulnerability_spectre_v1_open(void)
{
	return text_file(mitigation_on(MIT_SWAPGS_FENCE) ?
			 "Mitigation: usercopy/swapgs barriers and __user pointer sanitization" :
			 "Vulnerable: __user pointer sanitization and usercopy barriers only; "
			 "no swapgs barriers");
}

struct file *cpu_vulnerability_spectre_v2_open(void)
{
	char text[160];

	snprintf(text, sizeof(text), "%s; RSB filling: %s; BHI: %s",
		 mitigation_on(MIT_IBRS) ? "Mitigation: IBRS" :
		 mitigation_on(MIT_RETPOLINE) ? "Mitigation: Retpolines" : "Vulnerable",
		 mitigation_on(MIT_RSB) ? "on" : "off",
		 boot_cpu.arch_capabilities & ARCH_CAP_BHI_NO ? "Not affected" :
		 mitigation_on(MIT_BHI) ? "SW loop" : "Vulnerable");
	return text_file(text);
}
