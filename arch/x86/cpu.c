// SPDX-License-Identifier: GPL-2.0
/*
 * Boot CPU identification and the protections the kernel turns on: global pages,
 * SMEP (no kernel execution of user pages), SMAP (no kernel data access to user
 * pages outside STAC/CLAC), UMIP (no SGDT/SIDT/SMSW/... in ring 3) and CR0.WP
 * (read-only pages stay read-only for the kernel too). Each is enabled only when
 * CPUID reports it, and the banner says which are on. FSGSBASE too, a feature for
 * ring 3 (RDFSBASE, WRGSBASE, ...) that changes the paranoid entry's rule
 * (entry/entry_irq.asm) and the context switch (arch/x86/process.c). SSE is enabled for user
 * programs; AVX is not (no XSAVE support), so CPUID-driven libraries keep to SSE.
 */
#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <asm/fpu.h>
#include <asm/fred.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/smap.h>
#include <cmdline.h>
#include <string.h>
#include <vdso.h>

struct cpuinfo boot_cpu;

#define MSR_MICROCODE_REV	0x8b	/* Intel: IA32_BIOS_SIGN_ID; AMD: PATCH_LEVEL */
/* PAT entries 0-7, a byte each (UC 0, WC 1, WT 4, WB 6, UC- 7): reset values, entry 1 WC. */
#define PAT_RESET_VALUE_WITH_WC1	0x0007040600070106UL

/*
 * The microcode revision, for the benchmark's header. Intel's is valid in the
 * high half after writing 0 and running CPUID(1); AMD's is the low half. A CPU
 * or hypervisor without the MSR #GPs, which the fixup table catches.
 */
static void cpu_read_microcode(void)
{
	bool intel = !strcmp(boot_cpu.vendor, "GenuineIntel");
	u64 v;

	if (intel && !wrmsr_safe(MSR_MICROCODE_REV, 0))
		return;
	if (intel)
		cpuid(1);
	if (!rdmsr_safe(MSR_MICROCODE_REV, &v))
		return;
	boot_cpu.microcode = intel ? v >> 32 : (u32)v;
	boot_cpu.microcode_known = true;
}

/* The vendor string as Linux's X86_VENDOR_*: what its vulnerability tables match on. */
static enum x86_vendor cpu_vendor_id(const char *vendor)
{
	static const struct {
		char name[13];
		enum x86_vendor id;
	} vendors[] = {
		{ "GenuineIntel", X86_VENDOR_INTEL }, { "AuthenticAMD", X86_VENDOR_AMD },
		{ "HygonGenuine", X86_VENDOR_HYGON }, { "CentaurHauls", X86_VENDOR_CENTAUR },
		{ "  Shanghai  ", X86_VENDOR_ZHAOXIN },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(vendors); i++)
		if (!strcmp(vendor, vendors[i].name))
			return vendors[i].id;
	return X86_VENDOR_OTHER;
}

/*
 * More than one thread per core: leaf 0xB's SMT level (Intel), or 0x8000001E's
 * threads per core (AMD's topology extension, CPUID 0x80000001 ECX[22]).
 */
static bool cpu_has_smt(u32 max_ext)
{
	struct cpuid_regs r;

	if (cpuid(0).eax >= 0xb) {
		r = cpuid_count(0xb, 0);
		if (((r.ecx >> 8) & 0xff) == 1)
			return (r.ebx & 0xffff) > 1;
	}
	if (max_ext >= 0x8000001e && (cpuid(0x80000001).ecx & BIT(22)))
		return ((cpuid(0x8000001e).ebx >> 8) & 0xff) > 0;
	return false;
}

static void cpu_identify(void)
{
	struct cpuid_regs r = cpuid(0);
	u32 max_ext;

	memcpy(boot_cpu.vendor + 0, &r.ebx, 4);
	memcpy(boot_cpu.vendor + 4, &r.edx, 4);
	memcpy(boot_cpu.vendor + 8, &r.ecx, 4);

	boot_cpu.vendor_id = cpu_vendor_id(boot_cpu.vendor);
	boot_cpu.sysret_ss_attrs = boot_cpu.vendor_id == X86_VENDOR_AMD ||
				   boot_cpu.vendor_id == X86_VENDOR_HYGON;
	/*
	 * Which instruction enters from compat mode quickly, as Linux decides it:
	 * AMD's SYSCALL (Intel's raises #UD there), Intel's SYSENTER (AMD's raises
	 * #UD in long mode), and the same for their licensees.
	 */
	boot_cpu.syscall32 = boot_cpu.sysret_ss_attrs;
	boot_cpu.sysenter32 = !strcmp(boot_cpu.vendor, "GenuineIntel") ||
			      !strcmp(boot_cpu.vendor, "CentaurHauls") ||
			      !strcmp(boot_cpu.vendor, "  Shanghai  ");
	r = cpuid(1);
	boot_cpu.family = (r.eax >> 8) & 0xf;
	boot_cpu.model_id = (r.eax >> 4) & 0xf;
	boot_cpu.stepping = r.eax & 0xf;
	if (boot_cpu.family == 0xf)
		boot_cpu.family += (r.eax >> 20) & 0xff;
	if (boot_cpu.family >= 6)
		boot_cpu.model_id |= ((r.eax >> 16) & 0xf) << 4;
	boot_cpu.hypervisor = r.ecx & CPUID1_ECX_HYPERVISOR;

	max_ext = cpuid(0x80000000).eax;
	if (max_ext >= 0x80000001)
		boot_cpu.rdtscp = cpuid(0x80000001).edx & BIT(27);
	if (max_ext >= 0x80000007)
		boot_cpu.invariant_tsc = cpuid(0x80000007).edx & BIT(8);
	if (max_ext >= 0x80000008)
		boot_cpu.cpuid_e8_ebx = cpuid(0x80000008).ebx;
	if (max_ext >= 0x80000021) {
		r = cpuid(0x80000021);
		boot_cpu.cpuid_e21_eax = r.eax;
		boot_cpu.cpuid_e21_ecx = r.ecx;
	}
	boot_cpu.smt = cpu_has_smt(max_ext);
	/* Linux's early_init_amd(): SBPB, and with it SRSO's IBPB, if the write is taken. */
	boot_cpu.sbpb = boot_cpu.vendor_id == X86_VENDOR_AMD && boot_cpu.family >= 0x19 &&
			!boot_cpu.hypervisor && wrmsr_safe(MSR_IA32_PRED_CMD, PRED_CMD_SBPB);
	cpu_read_microcode();
	if (max_ext >= 0x80000004) {
		for (u32 i = 0; i < 3; i++) {
			r = cpuid(0x80000002 + i);
			memcpy(boot_cpu.model + i * 16, &r, 16);
		}
	} else {
		strlcpy(boot_cpu.model, "unknown model", sizeof(boot_cpu.model));
	}
}

/*
 * Why events are not delivered by FRED, or NULL if they are. FRED needs LKGS
 * too (load_gs_index_irqoff() cannot SWAPGS), as Linux requires. The FRED entry
 * does not switch CR3: with page-table isolation (pti=on: a CPU with FRED
 * reports RDCL_NO, so auto never chooses it there) the IDT's entries are used.
 */
static const char *cpu_fred_refused(u32 leaf7_1_eax)
{
	bool want = cmdline_bool(&boot_cmdline, "fred", true);	/* read on every CPU model */

	if (!(leaf7_1_eax & CPUID7_1_EAX_FRED))
		return "the CPU has no FRED";
	if (!(leaf7_1_eax & CPUID7_1_EAX_LKGS))
		return "the CPU has FRED but no LKGS";
	if (!want)
		return "fred=off";
	if (mitigation_on(MIT_PTI))
		return "pti=on: the FRED entry does not switch page tables";
	return NULL;
}

void cpu_init(void)
{
	struct cpuid_regs leaf1, leaf7 = { 0 };

	cpu_identify();
	leaf1 = cpuid(1);
	if (cpuid(0).eax >= 7)
		leaf7 = cpuid_count(7, 0);

	boot_cpu.mce = leaf1.edx & CPUID1_EDX_MCE;
	boot_cpu.pat = leaf1.edx & CPUID1_EDX_PAT;
	boot_cpu.smep = leaf7.ebx & CPUID7_EBX_SMEP;
	boot_cpu.smap = leaf7.ebx & CPUID7_EBX_SMAP;
	boot_cpu.umip = leaf7.ecx & CPUID7_ECX_UMIP;
	boot_cpu.pcid = leaf1.ecx & CPUID1_ECX_PCID;
	boot_cpu.cpuid7_ebx = leaf7.ebx;
	boot_cpu.cpuid7_edx = leaf7.edx;
	if (leaf7.eax >= 2)
		boot_cpu.cpuid7_2_edx = cpuid_count(7, 2).edx;
	if (!(leaf7.edx & CPUID7_EDX_ARCH_CAP) ||
	    !rdmsr_safe(MSR_IA32_ARCH_CAPABILITIES, &boot_cpu.arch_capabilities))
		boot_cpu.arch_capabilities = 0;
	/* Linux's parameter: keeps the paranoid entry on its MSR_GS_BASE rule. */
	boot_cpu.fsgsbase = (leaf7.ebx & CPUID7_EBX_FSGSBASE) &&
			    !cmdline_flag(&boot_cmdline, "nofsgsbase");

	fpu_init();		/* XSAVE and what it saves: CR4 and XCR0 follow */

	/* Text is still writable: patch the mitigation and STAC/CLAC sites before paging_init(). */
	mitigations_init();
	boot_cpu.fred_why = cpu_fred_refused(leaf7.eax >= 1 ? cpuid_count(7, 1).eax : 0);
	boot_cpu.fred = !boot_cpu.fred_why;
	apply_patch_sites(mitigations | (boot_cpu.fsgsbase ? BIT(PATCH_FEATURE_FSGSBASE) : 0) |
			  (boot_cpu.fred ? BIT(PATCH_FEATURE_FRED) : 0));
	smap_patch_sites(boot_cpu.smap);
	vdso32_patch_fast_syscall(boot_cpu.sysenter32, boot_cpu.syscall32);
	/* PTI: no kernel translation may survive the switch to the user's tables. */
	boot_cpu.pge = (leaf1.edx & CPUID1_EDX_PGE) && !mitigation_on(MIT_PTI);
	cpu_init_protections();
}

/*
 * The protections of boot_cpu on the calling CPU. Every CPU runs this, the boot
 * CPU from cpu_init() and each AP from ap_start(), so all CPUs enforce the same
 * rules: the kernel's text is patched for the boot CPU's SMAP once, for all.
 */
void cpu_init_protections(void)
{
	/*
	 * Every bit of CR4 and CR0 is chosen here, none inherited: firmware leaves the
	 * boot CPU's as it likes (OVMF sets CR0.NE, CR4.DE and CR4.MCE; SeaBIOS does
	 * not), and an AP starts from the trampoline's. PAE is long mode's; SSE is for
	 * user programs (every x86-64 compiler emits it), the kernel uses none; TSD
	 * stays clear, so RDTSC works in ring 3 (the benchmark needs it). MCE, as Linux
	 * sets it wherever the CPU has it: with it clear a machine check shuts the CPU
	 * down without a word; with it set #MC takes the paranoid entry and oopses,
	 * naming it.
	 */
	u64 cr4 = X86_CR4_PAE | X86_CR4_OSFXSR | X86_CR4_OSXMMEXCPT;

	if (boot_cpu.mce)
		cr4 |= X86_CR4_MCE;

	if (boot_cpu.pge)
		cr4 |= X86_CR4_PGE;
	if (boot_cpu.smep)
		cr4 |= X86_CR4_SMEP;
	if (boot_cpu.smap)
		cr4 |= X86_CR4_SMAP;
	if (boot_cpu.umip)
		cr4 |= X86_CR4_UMIP;
	if (boot_cpu.fsgsbase)
		cr4 |= X86_CR4_FSGSBASE;
	if (fpu_config.xsave)
		cr4 |= X86_CR4_OSXSAVE;		/* XSAVE, XRSTOR, XSETBV; CPUID says OSXSAVE */
	if (mitigation_on(MIT_PCID))
		cr4 |= X86_CR4_PCIDE;		/* PTI's two PCIDs (CR3 holds PCID 0 now) */
	if (boot_cpu.fred) {
		fred_init_cpu();		/* the MSRs first: CR4.FRED takes the next event */
		cr4 |= X86_CR4_FRED;
	}
	write_cr4(cr4);
	fpu_init_cpu();
	mitigations_init_cpu();		/* IA32_SPEC_CTRL as chosen, not as found */
	/*
	 * PAT entry 1 (a PTE with PWT alone) becomes write-combining instead of the
	 * power-on write-through, for the framebuffer (ioremap_wc()); the other
	 * entries keep their reset values, so PCD|PWT is still uncached. No mapping
	 * uses PWT alone before this runs, on any CPU: nothing needs flushing.
	 */
	if (boot_cpu.pat)
		wrmsr(MSR_IA32_CR_PAT, PAT_RESET_VALUE_WITH_WC1);
	/*
	 * Paging, protection, WP for the kernel too, x87 errors as #MF (NE), no
	 * emulation; and AM, as Linux's CR0_STATE has it: a program that sets
	 * EFLAGS.AC gets #AC (SIGBUS, BUS_ADRALN) at a misaligned access in ring 3.
	 * Ring 0 is never checked, so the AC that STAC sets for SMAP costs nothing.
	 */
	write_cr0(X86_CR0_PG | X86_CR0_PE | X86_CR0_WP | X86_CR0_AM | X86_CR0_NE | X86_CR0_ET |
		  X86_CR0_MP);
	asm volatile("fninit");
}

void smap_patch_sites(bool have_smap)
{
	extern const unsigned long __start_smap_sites[], __stop_smap_sites[];
	static const u8 nop3[] = { 0x0f, 0x1f, 0x00 };	/* nopl (%rax) */

	if (have_smap)
		return;
	for (const unsigned long *site = __start_smap_sites; site < __stop_smap_sites; site++)
		memcpy((void *)*site, nop3, sizeof(nop3));
}
