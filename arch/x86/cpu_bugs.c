// SPDX-License-Identifier: GPL-2.0
/*
 * Which speculation bugs the CPU has: Linux 6.12's cpu_set_bug_bits() (its
 * arch/x86/kernel/cpu/common.c), for the bugs whose mitigations are on the entry
 * path. The facts of its two tables are ported, not its code: a CPU in the
 * whitelist is known immune to the bugs its row names, one in the blacklist known
 * affected; the first row matching the vendor, family, model and stepping counts.
 * IA32_ARCH_CAPABILITIES and CPUID can say more, and a hypervisor's guest assumes
 * the worst where the host could be anything (BHI, ITS, TSA).
 */
#include <asm/cpu_bugs.h>
#include <asm/msr.h>

/* Whitelist flags: immune to ... */
#define NO_SPECULATION	BIT(0)		/* everything: in-order cores */
#define NO_MELTDOWN	BIT(1)
#define NO_MDS		BIT(2)
#define MSBDS_ONLY	BIT(3)		/* MDS in the store buffers only */
#define NO_SWAPGS	BIT(4)
#define NO_SPECTRE_V2	BIT(5)
#define NO_MMIO		BIT(6)
#define NO_EIBRS_PBRSB	BIT(7)
#define NO_BHI		BIT(8)

/* Blacklist flags: affected by ... */
#define MMIO		BIT(0)
#define RETBLEED	BIT(1)
#define SRSO		BIT(2)
#define RFDS		BIT(3)
#define ITS		BIT(4)
#define ITS_NATIVE_ONLY	BIT(5)		/* ... but not across guest and host */
#define TSA		BIT(6)

#define ANY		0xffff
#define VENDOR_ANY	X86_VENDOR_OTHER	/* in a row: any vendor */

struct cpu_row {
	u8 vendor;			/* enum x86_vendor; VENDOR_ANY */
	u16 family, model;		/* or ANY */
	u8 stepping_max;		/* steppings 0..stepping_max (0xf: all) */
	u16 flags;
};

#define INTEL(model, flags)		{ X86_VENDOR_INTEL, 6, model, 0xf, flags }
#define INTEL_STEPPINGS(model, max, flags) { X86_VENDOR_INTEL, 6, model, max, flags }
#define AMD(family, flags)		{ X86_VENDOR_AMD, family, ANY, 0xf, flags }
#define HYGON(family, flags)		{ X86_VENDOR_HYGON, family, ANY, 0xf, flags }

/* Intel family 6 models, as Linux's intel-family.h names them. */
enum {
	CORE_YONAH = 0x0e, ATOM_BONNELL = 0x1c, ATOM_BONNELL_MID = 0x26, ATOM_SALTWELL_MID = 0x27,
	ATOM_SALTWELL_TABLET = 0x35, ATOM_SALTWELL = 0x36, ATOM_SILVERMONT = 0x37,
	HASWELL_X = 0x3f, ATOM_SILVERMONT_MID = 0x4a, ATOM_AIRMONT = 0x4c,
	ATOM_SILVERMONT_D = 0x4d, SKYLAKE_L = 0x4e, BROADWELL_X = 0x4f, SKYLAKE_X = 0x55,
	BROADWELL_D = 0x56, XEON_PHI_KNL = 0x57, ATOM_AIRMONT_MID = 0x5a, ATOM_GOLDMONT = 0x5c,
	SKYLAKE = 0x5e, ATOM_GOLDMONT_D = 0x5f, CANNONLAKE_L = 0x66, ICELAKE_X = 0x6a,
	ICELAKE_D = 0x6c, ATOM_AIRMONT_NP = 0x75, ATOM_GOLDMONT_PLUS = 0x7a, ICELAKE_L = 0x7e,
	XEON_PHI_KNM = 0x85, ATOM_TREMONT_D = 0x86, LAKEFIELD = 0x8a, TIGERLAKE_L = 0x8c,
	TIGERLAKE = 0x8d, KABYLAKE_L = 0x8e, ATOM_TREMONT = 0x96, ALDERLAKE = 0x97,
	ALDERLAKE_L = 0x9a, ATOM_TREMONT_L = 0x9c, KABYLAKE = 0x9e, COMETLAKE = 0xa5,
	COMETLAKE_L = 0xa6, ROCKETLAKE = 0xa7, RAPTORLAKE = 0xb7, RAPTORLAKE_P = 0xba,
	ATOM_GRACEMONT = 0xbe, RAPTORLAKE_S = 0xbf,
};

/* Linux's cpu_vuln_whitelist, its rows' entry-path flags. */
static const struct cpu_row whitelist[] = {
	{ VENDOR_ANY, 4, ANY, 0xf, NO_SPECULATION },
	{ X86_VENDOR_CENTAUR, 5, ANY, 0xf, NO_SPECULATION },
	{ X86_VENDOR_INTEL, 5, ANY, 0xf, NO_SPECULATION },
	/* (Linux's NSC and Vortex rows: vendors entrylab does not tell apart) */
	INTEL(TIGERLAKE, NO_MMIO), INTEL(TIGERLAKE_L, NO_MMIO),
	INTEL(ALDERLAKE, NO_MMIO), INTEL(ALDERLAKE_L, NO_MMIO),
	INTEL(ATOM_SALTWELL, NO_SPECULATION), INTEL(ATOM_SALTWELL_TABLET, NO_SPECULATION),
	INTEL(ATOM_SALTWELL_MID, NO_SPECULATION), INTEL(ATOM_BONNELL, NO_SPECULATION),
	INTEL(ATOM_BONNELL_MID, NO_SPECULATION),
	INTEL(ATOM_SILVERMONT, MSBDS_ONLY | NO_SWAPGS),
	INTEL(ATOM_SILVERMONT_D, MSBDS_ONLY | NO_SWAPGS),
	INTEL(ATOM_SILVERMONT_MID, MSBDS_ONLY | NO_SWAPGS),
	INTEL(ATOM_AIRMONT, MSBDS_ONLY | NO_SWAPGS),
	INTEL(XEON_PHI_KNL, MSBDS_ONLY | NO_SWAPGS), INTEL(XEON_PHI_KNM, MSBDS_ONLY | NO_SWAPGS),
	INTEL(ATOM_AIRMONT_MID, NO_SWAPGS | MSBDS_ONLY), INTEL(ATOM_AIRMONT_NP, NO_SWAPGS),
	INTEL(ATOM_GOLDMONT, NO_MDS | NO_SWAPGS | NO_MMIO),
	INTEL(ATOM_GOLDMONT_D, NO_MDS | NO_SWAPGS | NO_MMIO),
	INTEL(ATOM_GOLDMONT_PLUS, NO_MDS | NO_SWAPGS | NO_MMIO | NO_EIBRS_PBRSB),
	INTEL(ATOM_TREMONT, NO_EIBRS_PBRSB), INTEL(ATOM_TREMONT_L, NO_EIBRS_PBRSB),
	INTEL(ATOM_TREMONT_D, NO_EIBRS_PBRSB),
	AMD(0x0f, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_BHI),
	AMD(0x10, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_BHI),
	AMD(0x11, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_BHI),
	AMD(0x12, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_BHI),
	AMD(ANY, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_EIBRS_PBRSB | NO_BHI),
	HYGON(ANY, NO_MELTDOWN | NO_MDS | NO_SWAPGS | NO_MMIO | NO_EIBRS_PBRSB | NO_BHI),
	{ X86_VENDOR_CENTAUR, 7, ANY, 0xf, NO_SPECTRE_V2 | NO_SWAPGS | NO_MMIO | NO_BHI },
	{ X86_VENDOR_ZHAOXIN, 7, ANY, 0xf, NO_SPECTRE_V2 | NO_SWAPGS | NO_MMIO | NO_BHI },
};

/* Linux's cpu_vuln_blacklist, its rows' entry-path flags (rows with none left out). */
static const struct cpu_row blacklist[] = {
	INTEL(HASWELL_X, MMIO), INTEL(BROADWELL_D, MMIO), INTEL(BROADWELL_X, MMIO),
	INTEL_STEPPINGS(SKYLAKE_X, 0x5, MMIO | RETBLEED),
	INTEL(SKYLAKE_X, MMIO | RETBLEED | ITS),
	INTEL(SKYLAKE_L, MMIO | RETBLEED), INTEL(SKYLAKE, MMIO | RETBLEED),
	INTEL_STEPPINGS(KABYLAKE_L, 0xb, MMIO | RETBLEED),
	INTEL(KABYLAKE_L, MMIO | RETBLEED | ITS),
	INTEL_STEPPINGS(KABYLAKE, 0xc, MMIO | RETBLEED),
	INTEL(KABYLAKE, MMIO | RETBLEED | ITS),
	INTEL(CANNONLAKE_L, RETBLEED),
	INTEL(ICELAKE_L, MMIO | RETBLEED | ITS | ITS_NATIVE_ONLY),
	INTEL(ICELAKE_D, MMIO | ITS | ITS_NATIVE_ONLY),
	INTEL(ICELAKE_X, MMIO | ITS | ITS_NATIVE_ONLY),
	INTEL(COMETLAKE, MMIO | RETBLEED | ITS), INTEL(COMETLAKE_L, MMIO | RETBLEED | ITS),
	INTEL(TIGERLAKE_L, ITS | ITS_NATIVE_ONLY), INTEL(TIGERLAKE, ITS | ITS_NATIVE_ONLY),
	INTEL(LAKEFIELD, MMIO | RETBLEED),
	INTEL(ROCKETLAKE, MMIO | RETBLEED | ITS | ITS_NATIVE_ONLY),
	INTEL(ALDERLAKE, RFDS), INTEL(ALDERLAKE_L, RFDS), INTEL(RAPTORLAKE, RFDS),
	INTEL(RAPTORLAKE_P, RFDS), INTEL(RAPTORLAKE_S, RFDS), INTEL(ATOM_GRACEMONT, RFDS),
	INTEL(ATOM_TREMONT, MMIO | RFDS), INTEL(ATOM_TREMONT_D, MMIO | RFDS),
	INTEL(ATOM_TREMONT_L, MMIO | RFDS), INTEL(ATOM_GOLDMONT, RFDS),
	INTEL(ATOM_GOLDMONT_D, RFDS), INTEL(ATOM_GOLDMONT_PLUS, RFDS),
	AMD(0x15, RETBLEED), AMD(0x16, RETBLEED), AMD(0x17, RETBLEED | SRSO),
	HYGON(0x18, RETBLEED | SRSO), AMD(0x19, SRSO | TSA), AMD(0x1a, SRSO | TSA),
};

/* The flags of the first row of table that matches c (x86_match_cpu()), or 0. */
static unsigned int cpu_row_flags(const struct cpuinfo *c, const struct cpu_row *table,
				  unsigned int n)
{
	for (const struct cpu_row *r = table; r < table + n; r++)
		if ((r->vendor == VENDOR_ANY || r->vendor == c->vendor_id) &&
		    (r->family == ANY || r->family == c->family) &&
		    (r->model == ANY || r->model == c->model_id) && c->stepping <= r->stepping_max)
			return r->flags;
	return 0;
}

bool cpu_has_ibrs(const struct cpuinfo *c)
{
	return (c->cpuid7_edx & CPUID7_EDX_SPEC_CTRL) || (c->cpuid_e8_ebx & CPUIDE8_EBX_AMD_IBRS);
}

bool cpu_has_ibpb(const struct cpuinfo *c)
{
	return (c->cpuid7_edx & CPUID7_EDX_SPEC_CTRL) || (c->cpuid_e8_ebx & CPUIDE8_EBX_AMD_IBPB);
}

bool cpu_has_stibp(const struct cpuinfo *c)
{
	return (c->cpuid7_edx & CPUID7_EDX_INTEL_STIBP) ||
	       (c->cpuid_e8_ebx & CPUIDE8_EBX_AMD_STIBP);
}

/* Linux's init_speculation_control(): which CPUID bits imply IA32_SPEC_CTRL exists. */
bool cpu_has_msr_spec_ctrl(const struct cpuinfo *c)
{
	return cpu_has_ibrs(c) || (c->cpuid_e8_ebx & (CPUIDE8_EBX_AMD_STIBP |
						      CPUIDE8_EBX_AMD_SSBD));
}

bool cpu_has_ibrs_enhanced(const struct cpuinfo *c)
{
	return (c->arch_capabilities & ARCH_CAP_IBRS_ALL) ||
	       (c->cpuid_e21_eax & CPUIDE21_EAX_AUTOIBRS);
}

/* Zen 3 and 4 (family 0x19 by model), Zen 5 (0x1a), as Linux's bsp_init_amd() tells them. */
static bool zen3_or_4(const struct cpuinfo *c)
{
	return c->vendor_id == X86_VENDOR_AMD && c->family == 0x19 && c->model_id <= 0xaf;
}

static bool zen5(const struct cpuinfo *c)
{
	u32 m = c->model_id;

	return c->vendor_id == X86_VENDOR_AMD && c->family == 0x1a &&
	       (m <= 0x2f || (m >= 0x40 && m <= 0x4f) || (m >= 0x60 && m <= 0x7f) ||
		(m >= 0xd0 && m <= 0xd7));
}

/*
 * Zen 3/4 microcode that makes VERW clear what TSA leaks: Linux's
 * amd_check_tsa_microcode(), keyed by the CPU's signature as AMD patches are.
 */
static bool tsa_microcode(const struct cpuinfo *c)
{
	static const u32 min_rev[][2] = {
		{ 0xa0011, 0x0a0011d7 }, { 0xa0012, 0x0a00123b }, { 0xa0082, 0x0a00820d },
		{ 0xa1011, 0x0a10114c }, { 0xa1012, 0x0a10124c }, { 0xa1081, 0x0a108109 },
		{ 0xa2010, 0x0a20102e }, { 0xa2012, 0x0a201211 }, { 0xa4041, 0x0a404108 },
		{ 0xa5000, 0x0a500012 }, { 0xa6012, 0x0a60120a }, { 0xa7041, 0x0a704108 },
		{ 0xa7052, 0x0a705208 }, { 0xa7080, 0x0a708008 }, { 0xa70c0, 0x0a70c008 },
		{ 0xaa002, 0x0aa00216 },
	};
	u32 sig = (c->family - 0xf) << 16 | (c->model_id >> 4) << 12 |
		  (c->model_id & 0xf) << 4 | c->stepping;

	for (unsigned int i = 0; i < ARRAY_SIZE(min_rev); i++)
		if (min_rev[i][0] == sig)
			return c->microcode_known && c->microcode >= min_rev[i][1];
	return false;
}

/*
 * Linux's tsa_init() on bare metal: Zen 3/4 with the microcode gets VERW_CLEAR;
 * other Zen (not 5) are told immune to TSA-SQ and TSA-L1, all but Zen 5 to TSA-FILL.
 * A guest believes CPUID alone (the host may be anything).
 */
static u32 tsa_features(const struct cpuinfo *c)
{
	u32 f = c->cpuid_e21_ecx & (CPUIDE21_ECX_TSA_SQ_NO | CPUIDE21_ECX_TSA_L1_NO |
				    CPUIDE21_ECX_TSA_FILL_NO);

	if (c->hypervisor || c->vendor_id != X86_VENDOR_AMD)
		return f;
	if (!zen3_or_4(c) && !zen5(c))
		f |= CPUIDE21_ECX_TSA_SQ_NO | CPUIDE21_ECX_TSA_L1_NO;
	if (!zen5(c))
		f |= CPUIDE21_ECX_TSA_FILL_NO;
	return f;
}

bool cpu_has_verw_clear(const struct cpuinfo *c)
{
	return (c->cpuid_e21_eax & CPUIDE21_EAX_VERW_CLEAR) ||
	       (!c->hypervisor && zen3_or_4(c) && tsa_microcode(c));
}

/*
 * IBPB flushes every branch type (SRSO's microcode): CPUID, or what Linux's
 * early_init_amd() concludes on bare metal: Zen 1/2 with IBPB, Zen 3+ where the
 * PRED_CMD write of SBPB does not fault (cpu.c probed it).
 */
bool cpu_has_ibpb_brtype(const struct cpuinfo *c)
{
	if (c->cpuid_e21_eax & CPUIDE21_EAX_IBPB_BRTYPE)
		return true;
	if (c->hypervisor || c->vendor_id != X86_VENDOR_AMD)
		return false;
	return (c->family == 0x17 && (c->cpuid_e8_ebx & CPUIDE8_EBX_AMD_IBPB)) || c->sbpb;
}

unsigned long cpu_bugs(const struct cpuinfo *c)
{
	const u64 caps = c->arch_capabilities;
	unsigned int wl = cpu_row_flags(c, whitelist, ARRAY_SIZE(whitelist));
	unsigned int bl = cpu_row_flags(c, blacklist, ARRAY_SIZE(blacklist));
	const u32 tsa_no = CPUIDE21_ECX_TSA_SQ_NO | CPUIDE21_ECX_TSA_L1_NO |
			   CPUIDE21_ECX_TSA_FILL_NO;
	unsigned long bugs = BIT(X86_BUG_SPECTRE_V1);

	if (wl & NO_SPECULATION)
		return 0;
	if (!(wl & NO_SPECTRE_V2))
		bugs |= BIT(X86_BUG_SPECTRE_V2);
	if (cpu_has_ibrs_enhanced(c) && !(wl & NO_EIBRS_PBRSB) && !(caps & ARCH_CAP_PBRSB_NO))
		bugs |= BIT(X86_BUG_EIBRS_PBRSB);
	if (!(wl & NO_MDS) && !(caps & ARCH_CAP_MDS_NO))
		bugs |= BIT(X86_BUG_MDS) | (wl & MSBDS_ONLY ? BIT(X86_BUG_MSBDS_ONLY) : 0);
	if (!(wl & NO_SWAPGS))
		bugs |= BIT(X86_BUG_SWAPGS);
	if (!(caps & ARCH_CAP_TAA_NO) &&
	    ((c->cpuid7_ebx & CPUID7_EBX_RTM) || (caps & ARCH_CAP_TSX_CTRL_MSR)))
		bugs |= BIT(X86_BUG_TAA);
	/* MMIO stale data: the MSR's three immunities, else the tables, else unknown. */
	if ((caps & (ARCH_CAP_FBSDP_NO | ARCH_CAP_PSDP_NO | ARCH_CAP_SBDR_SSDP_NO)) !=
	    (ARCH_CAP_FBSDP_NO | ARCH_CAP_PSDP_NO | ARCH_CAP_SBDR_SSDP_NO)) {
		if (bl & MMIO)
			bugs |= BIT(X86_BUG_MMIO_STALE_DATA);
		else if (!(wl & NO_MMIO))
			bugs |= BIT(X86_BUG_MMIO_UNKNOWN);
	}
	if (!(c->cpuid_e8_ebx & CPUIDE8_EBX_BTC_NO) && ((bl & RETBLEED) || (caps & ARCH_CAP_RSBA)))
		bugs |= BIT(X86_BUG_RETBLEED);
	if (!(c->cpuid_e21_eax & CPUIDE21_EAX_SRSO_NO) && (bl & SRSO))
		bugs |= BIT(X86_BUG_SRSO);
	/* RFDS: a VMM sets RFDS_CLEAR for guests that may run on affected parts. */
	if (!(caps & ARCH_CAP_RFDS_NO) && ((caps & ARCH_CAP_RFDS_CLEAR) || (bl & RFDS)))
		bugs |= BIT(X86_BUG_RFDS);
	/* eIBRS parts need it for intra-mode BTI; a guest cannot know it has no eIBRS. */
	if (!(wl & NO_BHI) && (cpu_has_ibrs_enhanced(c) || c->hypervisor))
		bugs |= BIT(X86_BUG_BHI);
	/* ITS: no affected part has BHI_CTRL; a guest may migrate to an affected host. */
	if (!(caps & ARCH_CAP_ITS_NO) && c->vendor_id == X86_VENDOR_INTEL &&
	    !(c->cpuid7_2_edx & CPUID7_2_EDX_BHI_CTRL) && (c->hypervisor || (bl & ITS)))
		bugs |= BIT(X86_BUG_ITS) |
			(bl & ITS_NATIVE_ONLY ? BIT(X86_BUG_ITS_NATIVE_ONLY) : 0);
	/*
	 * TSA: Linux also names Zen guests (X86_FEATURE_ZEN), but sets that flag in
	 * init_amd(), after this decision: in effect the blacklist alone counts.
	 */
	if (c->vendor_id == X86_VENDOR_AMD && (tsa_features(c) & tsa_no) != tsa_no && (bl & TSA))
		bugs |= BIT(X86_BUG_TSA);
	if (!(wl & NO_MELTDOWN) && !(caps & ARCH_CAP_RDCL_NO))
		bugs |= BIT(X86_BUG_CPU_MELTDOWN);
	return bugs;
}
