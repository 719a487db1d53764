// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/system/cpu/vulnerabilities/: the files of Linux 6.12 whose
 * mitigations are on the entry path, each saying in Linux's words (its
 * cpu_show_common() and *_show_state()) what this boot chose
 * (arch/x86/mitigations.c): "Not affected" where the CPU does not have the bug,
 * "Vulnerable" where it runs unmitigated. Where entrylab lacks what Linux would
 * run (return thunks, IBPB and STIBP between tasks), the file says what entrylab
 * does, as Linux built without them would; docs/mitigations.md lists those
 * differences and tests/vulnerabilities.expect what Linux says on each CPU model.
 * Programs read them to know what the kernel does: the ring-3 suite reads
 * "meltdown" to know whether kernel text must be unmapped.
 */
#include <asm/cpu_bugs.h>
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <file.h>
#include <string.h>
#include <vsprintf.h>

/* The state a file shows: the choice and the CPU it was made for. */
struct vuln_view {
	const struct mitigation_state *s;
	const struct cpuinfo *c;
	char *buf;			/* VULN_TEXT_MAX bytes, for composed texts */
};

static const char *const verw_strings[] = {
	[VERW_OFF] = "Vulnerable",
	[VERW_FULL] = "Mitigation: Clear CPU buffers",
	[VERW_UCODE_NEEDED] = "Vulnerable: Clear CPU buffers attempted, no microcode",
	[VERW_TSX_DISABLED] = "Mitigation: TSX disabled",
	[VERW_USER_KERNEL] = "Mitigation: Clear CPU buffers: user/kernel boundary",
	[VERW_VM] = "Mitigation: Clear CPU buffers: VM",
};

/* mode, then what SMT means for it: a guest cannot know the host's. */
static const char *with_smt(const struct vuln_view *v, const char *mode, const char *smt)
{
	if (v->c->hypervisor)
		smt = "Host state unknown";
	snprintf(v->buf, VULN_TEXT_MAX, "%s; SMT %s", mode, smt);
	return v->buf;
}

static const char *show_meltdown(const struct vuln_view *v)
{
	return v->s->on & BIT(MIT_PTI) ? "Mitigation: PTI" : "Vulnerable";
}

static const char *show_spectre_v1(const struct vuln_view *v)
{
	return v->s->spectre_v1 ?
	       "Mitigation: usercopy/swapgs barriers and __user pointer sanitization" :
	       "Vulnerable: __user pointer sanitization and usercopy barriers only; "
	       "no swapgs barriers";
}

static const char *spectre_bhi_state(const struct vuln_view *v)
{
	const struct mitigation_state *s = v->s;

	if (!cpu_has_bug(s->bugs, X86_BUG_BHI))
		return "Not affected";
	if (s->bhi == BHI_DIS_S)
		return "BHI_DIS_S";
	if (s->bhi == BHI_LOOP)
		return "SW loop, KVM: SW loop";
	if ((s->spectre_v2 == SPECTRE_V2_RETPOLINE ||
	     s->spectre_v2 == SPECTRE_V2_EIBRS_RETPOLINE) && s->rrsba_disabled)
		return "Retpoline";
	return s->bhi == BHI_VMEXIT_ONLY ? "Vulnerable, KVM: SW loop" : "Vulnerable";
}

/*
 * Linux's spectre_v2_show_state(). IBPB and STIBP between tasks are not in
 * entrylab (no PR_SET_SPECULATION_CTRL): "disabled" where Linux would name its
 * conditional mode.
 */
static const char *show_spectre_v2(const struct vuln_view *v)
{
	static const char *const modes[] = {
		[SPECTRE_V2_NONE] = "Vulnerable",
		[SPECTRE_V2_RETPOLINE] = "Mitigation: Retpolines",
		[SPECTRE_V2_EIBRS] = "Mitigation: Enhanced / Automatic IBRS",
		[SPECTRE_V2_EIBRS_RETPOLINE] = "Mitigation: Enhanced / Automatic IBRS + Retpolines",
		[SPECTRE_V2_IBRS] = "Mitigation: IBRS",
	};
	const struct mitigation_state *s = v->s;
	bool eibrs = s->spectre_v2 == SPECTRE_V2_EIBRS ||
		     s->spectre_v2 == SPECTRE_V2_EIBRS_RETPOLINE;

	snprintf(v->buf, VULN_TEXT_MAX, "%s%s%s%s%s; PBRSB-eIBRS: %s; BHI: %s",
		 modes[s->spectre_v2], cpu_has_ibpb(v->c) ? "; IBPB: disabled" : "",
		 s->use_ibrs_fw ? "; IBRS_FW" : "",
		 eibrs && !s->autoibrs ? "" : "; STIBP: disabled",
		 s->on & BIT(MIT_RSB) ? "; RSB filling" : "",
		 !cpu_has_bug(s->bugs, X86_BUG_EIBRS_PBRSB) ? "Not affected" :
		 s->spectre_v2 != SPECTRE_V2_NONE ? "SW sequence" : "Vulnerable",
		 spectre_bhi_state(v));
	return v->buf;
}

static const char *show_mds(const struct vuln_view *v)
{
	const char *mode = verw_strings[v->s->mds];

	if (cpu_has_bug(v->s->bugs, X86_BUG_MSBDS_ONLY))
		return with_smt(v, mode, v->s->mds == VERW_OFF ? "vulnerable" :
				v->s->smt ? "mitigated" : "disabled");
	return with_smt(v, mode, v->s->smt ? "vulnerable" : "disabled");
}

static const char *show_tsx_async_abort(const struct vuln_view *v)
{
	if (v->s->taa == VERW_OFF || v->s->taa == VERW_TSX_DISABLED)
		return verw_strings[v->s->taa];
	return with_smt(v, verw_strings[v->s->taa], v->s->smt ? "vulnerable" : "disabled");
}

static const char *show_mmio_stale_data(const struct vuln_view *v)
{
	if (cpu_has_bug(v->s->bugs, X86_BUG_MMIO_UNKNOWN))
		return "Unknown: No mitigations";
	if (v->s->mmio == VERW_OFF)
		return verw_strings[VERW_OFF];
	return with_smt(v, verw_strings[v->s->mmio], v->s->smt ? "vulnerable" : "disabled");
}

static const char *show_reg_file_data_sampling(const struct vuln_view *v)
{
	return v->s->rfds == VERW_OFF ? "Vulnerable" :
	       v->s->rfds == VERW_FULL ? "Mitigation: Clear Register File" :
					 "Vulnerable: No microcode";
}

/* Without return thunks, only Intel's IBRS or eIBRS (spectre_v2's) mitigate it. */
static const char *show_retbleed(const struct vuln_view *v)
{
	if (!v->s->retbleed_ibrs)
		return "Vulnerable";
	return v->s->spectre_v2 == SPECTRE_V2_IBRS ? "Mitigation: IBRS" :
						     "Mitigation: Enhanced IBRS";
}

static const char *show_spec_rstack_overflow(const struct vuln_view *v)
{
	static const char *const modes[] = {
		[SRSO_NONE] = "Vulnerable",
		[SRSO_UCODE_NEEDED] = "Vulnerable: No microcode",
		[SRSO_MICROCODE] = "Vulnerable: Microcode, no safe RET",
		[SRSO_SMT_OFF] = "Mitigation: SMT disabled",
		[SRSO_BP_SPEC_REDUCE] = "Mitigation: Reduced Speculation",
	};

	return modes[v->s->srso];
}

/* Without return thunks, ITS's aligned thunks are not there. */
static const char *show_indirect_target_selection(const struct vuln_view *v)
{
	return "Vulnerable";
}

static const char *show_tsa(const struct vuln_view *v)
{
	return verw_strings[v->s->tsa];
}

/* Each file's bug (the name Linux gives it in cpu_show_*()). */
#define BUG_indirect_target_selection	X86_BUG_ITS
#define BUG_mds				X86_BUG_MDS
#define BUG_meltdown			X86_BUG_CPU_MELTDOWN
#define BUG_mmio_stale_data		X86_BUG_MMIO_STALE_DATA
#define BUG_reg_file_data_sampling	X86_BUG_RFDS
#define BUG_retbleed			X86_BUG_RETBLEED
#define BUG_spec_rstack_overflow	X86_BUG_SRSO
#define BUG_spectre_v1			X86_BUG_SPECTRE_V1
#define BUG_spectre_v2			X86_BUG_SPECTRE_V2
#define BUG_tsa				X86_BUG_TSA
#define BUG_tsx_async_abort		X86_BUG_TAA

static const struct {
	const char *name;
	enum x86_bug bug;
	const char *(*show)(const struct vuln_view *v);
} files[] = {
#define VULNERABILITY_FILE(name) { #name, BUG_##name, show_##name },
	CPU_VULNERABILITIES(VULNERABILITY_FILE)
};

const char *cpu_vulnerability_show(const char *name, const struct mitigation_state *s,
				   const struct cpuinfo *c, char buf[VULN_TEXT_MAX])
{
	struct vuln_view v = { .s = s, .c = c, .buf = buf };

	for (unsigned int i = 0; i < ARRAY_SIZE(files); i++) {
		if (strcmp(name, files[i].name))
			continue;
		/* MMIO's file: either of its two bugs (Linux's cpu_show_mmio_stale_data()) */
		if (!cpu_has_bug(s->bugs, files[i].bug) &&
		    !(files[i].bug == X86_BUG_MMIO_STALE_DATA &&
		      cpu_has_bug(s->bugs, X86_BUG_MMIO_UNKNOWN)))
			return "Not affected";
		return files[i].show(&v);
	}
	return NULL;
}

static struct file *vulnerability_open(const char *name)
{
	struct file *f = snapshot_alloc();

	if (f)
		f->size = snprintf(f->data, PAGE_SIZE, "%s\n",
				   cpu_vulnerability_show(name, &mitigation_state, &boot_cpu,
							  (char[VULN_TEXT_MAX]){ 0 }));
	return f;
}

#define VULNERABILITY_OPEN(name) \
	struct file *cpu_vulnerability_##name##_open(void) { return vulnerability_open(#name); }
CPU_VULNERABILITIES(VULNERABILITY_OPEN)
