// SPDX-License-Identifier: GPL-2.0
/*
 * Which speculation mitigations the entry path runs, chosen as Linux 6.12's
 * cpu_select_mitigations() chooses them (its arch/x86/kernel/cpu/bugs.c), from the
 * same CPUID bits, IA32_ARCH_CAPABILITIES and vendor/family/model tables
 * (arch/x86/cpu_bugs.c) and the same parameters, with Linux's meaning:
 *
 *   mitigations=off|auto   every one off, or each at its default
 *   pti=on|off|auto, nopti  page-table isolation (auto: on where X86_BUG_CPU_MELTDOWN);
 *                          nopcid: PTI without PCIDs
 *   mds=, tsx_async_abort=, mmio_stale_data=, reg_file_data_sampling=, tsa=
 *                          VERW before every return to ring 3, wanted by any of them
 *   spectre_v2=off|on|auto|retpoline|retpoline,generic|ibrs|eibrs|eibrs,retpoline,
 *   nospectre_v2           the indirect-branch mitigation (and the RSB fill with it)
 *   retbleed=off|auto      (auto: Skylake-era Intel parts get spectre_v2's IBRS)
 *   spectre_bhi=on|off|vmexit  the clearing loop or BHI_DIS_S, where BHI applies
 *   spec_rstack_overflow=off|microcode, nospectre_v1
 *
 * Linux's choice is made for what entrylab has: Linux built without return thunks
 * (MITIGATION_RETHUNK, UNRET_ENTRY, IBPB_ENTRY, SRSO, CALL_DEPTH_TRACKING off), so
 * retbleed, SRSO and ITS get what such a Linux gets, and the banner names what
 * Linux with them would run. The LFENCE variants of spectre_v2 are not in entrylab
 * (auto instead, as Linux does for a variant it lacks). force_mitigations=LIST is
 * entrylab's own, for measuring: it turns on the named entry mechanisms (pti, pcid,
 * verw, retpoline, rsb, bhi, swapgs-fence) whatever the CPU needs.
 */
#include <asm/cpu_bugs.h>
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <cmdline.h>
#include <printk.h>
#include <string.h>

unsigned long mitigations;
struct mitigation_state mitigation_state;
u64 x86_spec_ctrl_base;

static const char *const mitigation_names[NR_MITIGATIONS] = {
	[MIT_PTI] = "pti", [MIT_PCID] = "pcid", [MIT_VERW] = "verw",
	[MIT_RETPOLINE] = "retpoline", [MIT_IBRS] = "ibrs", [MIT_RSB] = "rsb",
	[MIT_BHI] = "bhi", [MIT_SWAPGS_FENCE] = "swapgs-fence", [MIT_EIBRS] = "eibrs",
	[MIT_BHI_DIS_S] = "bhi-dis-s",
};

/* One choice in progress: the CPU, the command line, the result. */
struct choice {
	const struct cpuinfo *c;
	struct cmdline *cl;
	struct mitigation_state *s;
	bool off;			/* mitigations=off */
};

static bool bug(const struct choice *ch, enum x86_bug b)
{
	return cpu_has_bug(ch->s->bugs, b);
}

/* m on; the first reason given is the one the banner names. */
static void set(struct choice *ch, enum mitigation m, const char *why)
{
	if (!(ch->s->on & BIT(m)))
		ch->s->why[m] = why;
	ch->s->on |= BIT(m);
}

/* key's value if it is one of the NULL-ended values[], else NULL (with a warning if given). */
static const char *param(struct choice *ch, const char *key, const char *const values[])
{
	const char *v = cmdline_str(ch->cl, key, NULL);

	if (!v)
		return NULL;
	for (unsigned int i = 0; values[i]; i++)
		if (!strcmp(v, values[i]))
			return v;
	printk("cmdline: %s=%s is not a value Linux or entrylab takes: ignored\n", key, v);
	return NULL;
}

static bool param_is(struct choice *ch, const char *key, const char *const values[],
		     const char *value)
{
	const char *v = param(ch, key, values);

	return v && !strcmp(v, value);
}

static const char *const off_full[] = { "off", "full", "full,nosmt", NULL };

/* Linux's pti_check_boottime_disable(). */
static void pti_select(struct choice *ch)
{
	static const char *const modes[] = { "on", "off", "auto", NULL };
	const char *v = param(ch, "pti", modes);

	ch->s->why[MIT_PCID] = "no PTI";
	if (ch->off || cmdline_flag(ch->cl, "nopti") || (v && !strcmp(v, "off"))) {
		ch->s->why[MIT_PTI] = ch->off ? "mitigations=off" : "pti=off";
		return;
	}
	if (v && !strcmp(v, "on"))
		set(ch, MIT_PTI, "pti=on");
	else if (bug(ch, X86_BUG_CPU_MELTDOWN))
		set(ch, MIT_PTI, "X86_BUG_CPU_MELTDOWN");
	else
		ch->s->why[MIT_PTI] = "not affected by Meltdown";
	if (!(ch->s->on & BIT(MIT_PTI)))
		return;
	if (!ch->c->pcid)
		ch->s->why[MIT_PCID] = "the CPU has no PCID";
	else if (cmdline_flag(ch->cl, "nopcid"))
		ch->s->why[MIT_PCID] = "nopcid";
	else
		set(ch, MIT_PCID, "with PTI");
}

/*
 * Linux's spectre_v1_select_mitigation(): the LFENCE after a conditional SWAPGS,
 * unless SMAP stops the speculative load anyway (no FSGSBASE, no Meltdown).
 */
static void spectre_v1_select(struct choice *ch)
{
	const struct cpuinfo *c = ch->c;

	ch->s->spectre_v1 = bug(ch, X86_BUG_SPECTRE_V1) && !ch->off &&
			    !cmdline_flag(ch->cl, "nospectre_v1");
	if (!ch->s->spectre_v1)
		ch->s->why[MIT_SWAPGS_FENCE] = !bug(ch, X86_BUG_SPECTRE_V1) ? "not affected" :
					       ch->off ? "mitigations=off" : "nospectre_v1";
	else if (c->fsgsbase || !c->smap || bug(ch, X86_BUG_CPU_MELTDOWN))
		set(ch, MIT_SWAPGS_FENCE, "spectre_v1: FSGSBASE, no SMAP, or Meltdown");
	else
		ch->s->why[MIT_SWAPGS_FENCE] = "SMAP suffices (no FSGSBASE, no Meltdown)";
}

enum spectre_v2_cmd { V2_CMD_NONE, V2_CMD_AUTO, V2_CMD_RETPOLINE, V2_CMD_EIBRS,
		      V2_CMD_EIBRS_RETPOLINE, V2_CMD_IBRS };

/* Linux's spectre_v2_parse_cmdline(), its checks included. */
static enum spectre_v2_cmd spectre_v2_parse(struct choice *ch)
{
	static const char *const opts[] = {
		"off", "on", "retpoline", "retpoline,amd", "retpoline,lfence",
		"retpoline,generic", "eibrs", "eibrs,lfence", "eibrs,retpoline", "auto", "ibrs",
		NULL,
	};
	const char *v = ch->off || cmdline_flag(ch->cl, "nospectre_v2") ? "off" :
			param(ch, "spectre_v2", opts);
	const struct cpuinfo *c = ch->c;

	if (!v || !strcmp(v, "auto") || !strcmp(v, "on"))
		return V2_CMD_AUTO;
	if (!strcmp(v, "off"))
		return V2_CMD_NONE;
	if (!strncmp(v, "retpoline", 9) && strcmp(v, "retpoline,amd") &&
	    strcmp(v, "retpoline,lfence"))
		return V2_CMD_RETPOLINE;
	if (!strncmp(v, "eibrs", 5) && !cpu_has_ibrs_enhanced(c)) {
		printk("spectre_v2=%s: the CPU has no enhanced or automatic IBRS: auto\n", v);
		return V2_CMD_AUTO;
	}
	if (!strcmp(v, "eibrs"))
		return V2_CMD_EIBRS;
	if (!strcmp(v, "eibrs,retpoline"))
		return V2_CMD_EIBRS_RETPOLINE;
	if (!strcmp(v, "ibrs") && (c->vendor_id != X86_VENDOR_INTEL || !cpu_has_ibrs(c))) {
		printk("spectre_v2=ibrs: not an Intel CPU with IBRS: auto\n");
		return V2_CMD_AUTO;
	}
	if (!strcmp(v, "ibrs"))
		return V2_CMD_IBRS;
	printk("spectre_v2=%s: entrylab has no LFENCE variant: auto\n", v);
	return V2_CMD_AUTO;
}

/* Linux's spec_ctrl_disable_kernel_rrsba(): no RET predictions but the RSB's in ring 0. */
static void disable_kernel_rrsba(struct choice *ch)
{
	if (!(ch->c->arch_capabilities & ARCH_CAP_RRSBA)) {
		ch->s->rrsba_disabled = true;
	} else if (ch->c->cpuid7_2_edx & CPUID7_2_EDX_RRSBA_CTRL) {
		ch->s->spec_ctrl |= SPEC_CTRL_RRSBA_DIS_S;
		ch->s->rrsba_disabled = true;
	}
}

/* Linux's bhi_select_mitigation(): a retpoline suffices, else BHI_DIS_S, else the loop. */
static void bhi_select(struct choice *ch)
{
	static const char *const modes[] = { "on", "off", "vmexit", NULL };
	const char *v = param(ch, "spectre_bhi", modes);
	struct mitigation_state *s = ch->s;

	if (v && !strcmp(v, "off")) {
		s->why[MIT_BHI] = "spectre_bhi=off";
		return;
	}
	if (s->spectre_v2 == SPECTRE_V2_RETPOLINE || s->spectre_v2 == SPECTRE_V2_EIBRS_RETPOLINE) {
		disable_kernel_rrsba(ch);
		if (s->rrsba_disabled) {
			s->why[MIT_BHI] = "the retpoline suffices (no RRSBA in ring 0)";
			return;
		}
	}
	if (ch->c->cpuid7_2_edx & CPUID7_2_EDX_BHI_CTRL) {
		s->spec_ctrl |= SPEC_CTRL_BHI_DIS_S;
		s->bhi = BHI_DIS_S;
		set(ch, MIT_BHI_DIS_S, "X86_BUG_BHI, BHI_CTRL");
		s->why[MIT_BHI] = "BHI_DIS_S instead";
	} else if (v && !strcmp(v, "vmexit")) {
		s->bhi = BHI_VMEXIT_ONLY;
		s->why[MIT_BHI] = "spectre_bhi=vmexit: entrylab has no VM exits";
	} else {
		s->bhi = BHI_LOOP;
		set(ch, MIT_BHI, "X86_BUG_BHI, no BHI_CTRL");
	}
}

/* Linux's spectre_v2_select_mitigation() and spectre_v2_select_rsb_mitigation(). */
static void spectre_v2_select(struct choice *ch)
{
	static const char *const retbleed_modes[] = { "off", "auto", "unret", "ibpb", "stuff",
						      "nosmt", "force", NULL };
	enum spectre_v2_cmd cmd = spectre_v2_parse(ch);
	const struct cpuinfo *c = ch->c;
	struct mitigation_state *s = ch->s;
	const char *retbleed = param(ch, "retbleed", retbleed_modes);
	bool retbleed_off = retbleed && !strcmp(retbleed, "off");
	/* retbleed=stuff asks for the retpoline (with call depth tracking): no IBRS */
	bool retbleed_ibrs_ok = !retbleed_off && !(retbleed && !strcmp(retbleed, "stuff"));

	s->why[MIT_RETPOLINE] = s->why[MIT_IBRS] = s->why[MIT_EIBRS] = s->why[MIT_RSB] =
		cmd == V2_CMD_NONE ? (ch->off ? "mitigations=off" : "spectre_v2=off") :
				     "not affected by Spectre v2";
	s->why[MIT_BHI] = ch->off ? "mitigations=off" : "not affected by BHI";
	if (cmd == V2_CMD_NONE)
		s->why[MIT_BHI] = s->why[MIT_RETPOLINE];
	if (cmd == V2_CMD_NONE || (!bug(ch, X86_BUG_SPECTRE_V2) && cmd == V2_CMD_AUTO))
		return;
	s->spectre_v2 = cmd == V2_CMD_RETPOLINE ? SPECTRE_V2_RETPOLINE :
			cmd == V2_CMD_EIBRS ? SPECTRE_V2_EIBRS :
			cmd == V2_CMD_EIBRS_RETPOLINE ? SPECTRE_V2_EIBRS_RETPOLINE :
			cmd == V2_CMD_IBRS ? SPECTRE_V2_IBRS :
			cpu_has_ibrs_enhanced(c) ? SPECTRE_V2_EIBRS :
			bug(ch, X86_BUG_RETBLEED) && retbleed_ibrs_ok && cpu_has_ibrs(c) &&
			c->vendor_id == X86_VENDOR_INTEL ? SPECTRE_V2_IBRS : SPECTRE_V2_RETPOLINE;

	if (s->spectre_v2 != SPECTRE_V2_RETPOLINE) {	/* IBRS in some form */
		s->autoibrs = s->spectre_v2 != SPECTRE_V2_IBRS &&
			      (c->cpuid_e21_eax & CPUIDE21_EAX_AUTOIBRS);
		if (!s->autoibrs)
			s->spec_ctrl |= SPEC_CTRL_IBRS;
	}
	switch (s->spectre_v2) {
	case SPECTRE_V2_IBRS:
		set(ch, MIT_IBRS, cmd == V2_CMD_IBRS ? "spectre_v2=ibrs" :
			"spectre_v2 default on a retbleed-affected Intel part");
		s->why[MIT_RETPOLINE] = "IBRS instead";
		s->why[MIT_EIBRS] = "no enhanced IBRS";
		break;
	case SPECTRE_V2_EIBRS_RETPOLINE:
		set(ch, MIT_RETPOLINE, "spectre_v2=eibrs,retpoline");
		fallthrough;
	case SPECTRE_V2_EIBRS:
		set(ch, MIT_EIBRS, s->autoibrs ? "AutoIBRS" : "ARCH_CAP_IBRS_ALL");
		if (s->spectre_v2 == SPECTRE_V2_EIBRS)
			s->why[MIT_RETPOLINE] = "eIBRS instead";
		s->why[MIT_IBRS] = "eIBRS: set once, not at each entry";
		s->why[MIT_RSB] = "not with eIBRS";
		break;
	default:
		set(ch, MIT_RETPOLINE, cmd == V2_CMD_RETPOLINE ? "spectre_v2=retpoline" :
			"spectre_v2 default: no eIBRS, no retbleed IBRS");
		s->why[MIT_IBRS] = s->why[MIT_EIBRS] = "retpoline instead";
		break;
	}
	if (s->spectre_v2 == SPECTRE_V2_RETPOLINE || s->spectre_v2 == SPECTRE_V2_EIBRS_RETPOLINE)
		disable_kernel_rrsba(ch);
	if (bug(ch, X86_BUG_BHI))
		bhi_select(ch);
	if (s->spectre_v2 == SPECTRE_V2_RETPOLINE || s->spectre_v2 == SPECTRE_V2_IBRS)
		set(ch, MIT_RSB, "with a retpoline or IBRS");
	/* IBRS around firmware calls (entrylab makes none after boot). */
	s->use_ibrs_fw = !(bug(ch, X86_BUG_RETBLEED) && cpu_has_ibpb(c) &&
			   (c->vendor_id == X86_VENDOR_AMD || c->vendor_id == X86_VENDOR_HYGON)) &&
			 cpu_has_ibrs(c) && s->spectre_v2 == SPECTRE_V2_RETPOLINE;
	s->retbleed_ibrs = bug(ch, X86_BUG_RETBLEED) && !retbleed_off &&
			   c->vendor_id == X86_VENDOR_INTEL &&
			   s->spectre_v2 != SPECTRE_V2_RETPOLINE;
	/* Linux's retbleed_select_mitigation(): AMD's default, the untrained return thunk. */
	s->linux_unret = bug(ch, X86_BUG_RETBLEED) && !retbleed_off &&
			 (c->vendor_id == X86_VENDOR_AMD || c->vendor_id == X86_VENDOR_HYGON);
}

/* Linux's mds_select_mitigation(). */
static void mds_select(struct choice *ch)
{
	if (!bug(ch, X86_BUG_MDS) || ch->off || ch->s->mds == VERW_OFF) {
		ch->s->mds = VERW_OFF;
		return;
	}
	ch->s->mds = ch->c->cpuid7_edx & CPUID7_EDX_MD_CLEAR ? VERW_FULL : VERW_UCODE_NEEDED;
	set(ch, MIT_VERW, "MDS");
}

/* Linux's taa_select_mitigation(). */
static void taa_select(struct choice *ch)
{
	const u64 caps = ch->c->arch_capabilities;
	struct mitigation_state *s = ch->s;

	if (!bug(ch, X86_BUG_TAA) || ch->off) {
		s->taa = VERW_OFF;
		if (bug(ch, X86_BUG_TAA) && !(ch->c->cpuid7_ebx & CPUID7_EBX_RTM))
			s->taa = VERW_TSX_DISABLED;	/* Linux tests this first */
		return;
	}
	if (!(ch->c->cpuid7_ebx & CPUID7_EBX_RTM))
		s->taa = VERW_TSX_DISABLED;
	if (s->taa == VERW_TSX_DISABLED || (s->taa == VERW_OFF && s->mds == VERW_OFF))
		return;
	s->taa = ch->c->cpuid7_edx & CPUID7_EDX_MD_CLEAR ? VERW_FULL : VERW_UCODE_NEEDED;
	if ((caps & ARCH_CAP_MDS_NO) && !(caps & ARCH_CAP_TSX_CTRL_MSR))
		s->taa = VERW_UCODE_NEEDED;
	set(ch, MIT_VERW, "TSX asynchronous abort");
}

/* Linux's mmio_select_mitigation(): VERW at exit only where MDS or TAA wants it too. */
static void mmio_select(struct choice *ch)
{
	const u64 caps = ch->c->arch_capabilities;
	const u32 l7d = ch->c->cpuid7_edx;
	struct mitigation_state *s = ch->s;

	if (!bug(ch, X86_BUG_MMIO_STALE_DATA) || bug(ch, X86_BUG_MMIO_UNKNOWN) || ch->off ||
	    s->mmio == VERW_OFF) {
		s->mmio = VERW_OFF;
		return;
	}
	if (bug(ch, X86_BUG_MDS) || (bug(ch, X86_BUG_TAA) && (ch->c->cpuid7_ebx & CPUID7_EBX_RTM)))
		set(ch, MIT_VERW, "MMIO stale data");
	s->mmio = (caps & ARCH_CAP_FB_CLEAR) ||
		  ((l7d & CPUID7_EDX_MD_CLEAR) && (l7d & CPUID7_EDX_FLUSH_L1D) &&
		   !(caps & ARCH_CAP_MDS_NO)) ? VERW_FULL : VERW_UCODE_NEEDED;
}

/* Linux's rfds_select_mitigation(). */
static void rfds_select(struct choice *ch)
{
	struct mitigation_state *s = ch->s;

	if (!bug(ch, X86_BUG_RFDS) || ch->off || s->rfds == VERW_OFF) {
		s->rfds = VERW_OFF;
		return;
	}
	if (ch->c->arch_capabilities & ARCH_CAP_RFDS_CLEAR)
		set(ch, MIT_VERW, "register file data sampling");
	else
		s->rfds = VERW_UCODE_NEEDED;
}

/*
 * Linux's md_clear_select_mitigation() and md_clear_update_mitigation(): one VERW
 * serves them all, so once any wants it, each affected one is counted mitigated.
 */
static void md_clear_select(struct choice *ch)
{
	static const char *const rfds_modes[] = { "off", "on", NULL };
	struct mitigation_state *s = ch->s;

	s->mds = param_is(ch, "mds", off_full, "off") ? VERW_OFF : VERW_FULL;
	s->taa = param_is(ch, "tsx_async_abort", off_full, "off") ? VERW_OFF : VERW_FULL;
	s->mmio = param_is(ch, "mmio_stale_data", off_full, "off") ? VERW_OFF : VERW_FULL;
	s->rfds = param_is(ch, "reg_file_data_sampling", rfds_modes, "off") ? VERW_OFF : VERW_FULL;
	mds_select(ch);
	taa_select(ch);
	mmio_select(ch);
	rfds_select(ch);
	if (ch->off || !(s->on & BIT(MIT_VERW)))
		return;
	if (s->mds == VERW_OFF && bug(ch, X86_BUG_MDS)) {
		s->mds = VERW_FULL;
		mds_select(ch);
	}
	if (s->taa == VERW_OFF && bug(ch, X86_BUG_TAA)) {
		s->taa = VERW_FULL;
		taa_select(ch);
	}
	if (bug(ch, X86_BUG_MMIO_STALE_DATA)) {
		s->mmio = VERW_FULL;
		mmio_select(ch);
	}
	if (s->rfds == VERW_OFF && bug(ch, X86_BUG_RFDS)) {
		s->rfds = VERW_FULL;
		rfds_select(ch);
	}
}

/*
 * Linux's srso_select_mitigation() without safe RET or IBPB on entry (not in
 * entrylab): what is left is the microcode's own, or SMT off on Zen 1/2.
 */
static void srso_select(struct choice *ch)
{
	static const char *const modes[] = { "off", "microcode", "safe-ret", "ibpb",
					     "ibpb-vmexit", NULL };
	const char *v = param(ch, "spec_rstack_overflow", modes);
	const struct cpuinfo *c = ch->c;
	bool microcode = cpu_has_ibpb_brtype(c);
	struct mitigation_state *s = ch->s;

	s->srso = SRSO_NONE;
	if (!bug(ch, X86_BUG_SRSO) || ch->off || (v && !strcmp(v, "off")))
		return;
	if (microcode && c->family < 0x19 && !c->smt) {
		s->srso = SRSO_SMT_OFF;
		return;
	}
	if (!microcode)
		s->srso = SRSO_UCODE_NEEDED;
	v = v ? v : "safe-ret";
	if (!strcmp(v, "safe-ret") && (c->cpuid_e21_eax & CPUIDE21_EAX_SRSO_USER_KERNEL_NO))
		v = "ibpb-vmexit";		/* ring 3 cannot attack the kernel: VMs only */
	else if (!strcmp(v, "safe-ret"))
		s->linux_safe_ret = true;
	if (!strcmp(v, "microcode") && microcode)
		s->srso = SRSO_MICROCODE;
	if (!strcmp(v, "ibpb-vmexit") && (c->cpuid_e21_eax & CPUIDE21_EAX_SRSO_BP_SPEC_REDUCE))
		s->srso = SRSO_BP_SPEC_REDUCE;
}

/* Linux's tsa_select_mitigation(): VERW for AMD's transient scheduler attacks. */
static void tsa_select(struct choice *ch)
{
	static const char *const modes[] = { "off", "on", "user", "vm", NULL };
	const char *v = param(ch, "tsa", modes);
	struct mitigation_state *s = ch->s;

	s->tsa = !v || !strcmp(v, "on") ? VERW_FULL : !strcmp(v, "user") ? VERW_USER_KERNEL :
		 !strcmp(v, "vm") ? VERW_VM : VERW_OFF;
	if (s->tsa == VERW_OFF || ch->off || !bug(ch, X86_BUG_TSA)) {
		s->tsa = VERW_OFF;
		return;
	}
	if (!cpu_has_verw_clear(ch->c))
		s->tsa = VERW_UCODE_NEEDED;
	if (s->tsa == VERW_USER_KERNEL || s->tsa == VERW_FULL ||
	    (s->tsa == VERW_UCODE_NEEDED && ch->c->hypervisor))
		set(ch, MIT_VERW, "transient scheduler attacks");
}

/* force_mitigations=LIST: entrylab's measuring switch, the named mechanisms on. */
static void force_select(struct choice *ch)
{
	static const unsigned int forceable[] = { MIT_PTI, MIT_PCID, MIT_VERW, MIT_RETPOLINE,
						  MIT_RSB, MIT_BHI, MIT_SWAPGS_FENCE };
	const char *v = cmdline_str(ch->cl, "force_mitigations", NULL);

	while (v && *v) {
		const char *comma = strchr(v, ',');
		unsigned long len = comma ? (unsigned long)(comma - v) : strlen(v);
		bool known = false;

		for (unsigned int i = 0; i < ARRAY_SIZE(forceable); i++) {
			unsigned int m = forceable[i];
			const char *name = mitigation_names[m];

			if (strlen(name) != len || strncmp(v, name, len))
				continue;
			known = true;
			if (m == MIT_PCID && !ch->c->pcid)
				ch->s->why[m] = "force_mitigations: the CPU has no PCID";
			else
				set(ch, m, "force_mitigations");
		}
		if (!known)
			printk("cmdline: force_mitigations: no mechanism %.*s\n", (int)len, v);
		v += len + (v[len] == ',');
	}
}

void mitigations_choose(const struct cpuinfo *c, struct cmdline *cl, struct mitigation_state *s)
{
	static const char *const all[] = { "off", "auto", "auto,nosmt", NULL };
	struct choice ch = { .c = c, .cl = cl, .s = s };

	memset(s, 0, sizeof(*s));
	ch.off = param_is(&ch, "mitigations", all, "off");
	s->bugs = cpu_bugs(c);
	s->smt = c->smt;
	s->why[MIT_VERW] = ch.off ? "mitigations=off" : "no MDS, TAA, MMIO, RFDS or TSA VERW";
	pti_select(&ch);
	spectre_v1_select(&ch);
	spectre_v2_select(&ch);
	md_clear_select(&ch);
	srso_select(&ch);
	tsa_select(&ch);
	/* ITS: Linux's default aligned thunks, with any spectre_v2 mitigation on. */
	s->linux_its_thunks = bug(&ch, X86_BUG_ITS) && s->spectre_v2 != SPECTRE_V2_NONE;
	force_select(&ch);
	if (!(s->on & BIT(MIT_BHI_DIS_S)))
		s->why[MIT_BHI_DIS_S] = s->on & BIT(MIT_BHI) ? "no BHI_CTRL: the loop" :
				       s->why[MIT_BHI];
}

/*
 * On the boot CPU: the choice, and the kernel's IA32_SPEC_CTRL from it. The bits
 * that are not mitigations' (none Linux sets at boot) are kept as the boot CPU has
 * them; the mitigations' bits are cleared first, whatever firmware or a previous
 * kernel left in them (Linux's cpu_select_mitigations()).
 */
void mitigations_init(void)
{
	u64 v = 0;

	mitigations_choose(&boot_cpu, &boot_cmdline, &mitigation_state);
	mitigations = mitigation_state.on;
	if (cpu_has_msr_spec_ctrl(&boot_cpu) && !rdmsr_safe(MSR_IA32_SPEC_CTRL, &v))
		v = 0;
	x86_spec_ctrl_base = (v & ~SPEC_CTRL_MITIGATIONS_MASK) | mitigation_state.spec_ctrl;
}

/*
 * Every CPU, at its start (IRQs off): IA32_SPEC_CTRL as the boot CPU's choice
 * says (x86_spec_ctrl_base, as Linux's x86_spec_ctrl_setup_ap() writes it), not as
 * found; AMD's Automatic IBRS in EFER. With IBRS at entry (MIT_IBRS) the kernel's
 * value holds IBRS and each return to ring 3 clears it (IBRS_EXIT).
 */
void mitigations_init_cpu(void)
{
	if (cpu_has_msr_spec_ctrl(&boot_cpu))
		wrmsr_safe(MSR_IA32_SPEC_CTRL, x86_spec_ctrl_base);
	if (mitigation_state.autoibrs)
		wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_AUTOIBRS);
}

void mitigations_print(void)
{
	const struct mitigation_state *s = &mitigation_state;

	for (unsigned int m = 0; m < NR_MITIGATIONS; m++)
		printk("entrylab: mitigation %s: %s (%s)\n", mitigation_names[m],
		       mitigation_on(m) ? "on" : "off", s->why[m]);
	if (cpu_has_msr_spec_ctrl(&boot_cpu))
		printk("entrylab: IA32_SPEC_CTRL in the kernel: 0x%lx\n",
		       (unsigned long)x86_spec_ctrl_base);
	if (s->linux_unret || s->linux_safe_ret || s->linux_its_thunks)
		printk("entrylab: no return thunks here; Linux 6.12 would run:%s%s%s\n",
		       s->linux_unret ? " retbleed's untrained return thunk;" : "",
		       s->linux_safe_ret ? " SRSO's safe RET;" : "",
		       s->linux_its_thunks ? " ITS's aligned branch/return thunks;" : "");
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
