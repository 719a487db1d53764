// SPDX-License-Identifier: GPL-2.0
/*
 * SYSCALL setup: EFER.SCE, the selectors in STAR, the entry point in LSTAR, and
 * the RFLAGS bits SYSCALL clears (SFMASK). The kernel must never run with a flag
 * the user chose: TF would single-step the kernel, DF would reverse its string
 * instructions, AC would open SMAP, NT and IOPL would change IRET and port I/O,
 * IF would let interrupts in before the stack switch. Linux's mask, bit for bit.
 */
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/syscall.h>
#include <cmdline.h>
#include <entry-variants.h>
#include <printk.h>
#include <string.h>
#include <uapi/bench.h>

#define SYSCALL_FLAGS_MASK (X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF | X86_EFLAGS_ZF | \
			    X86_EFLAGS_SF | X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF | \
			    X86_EFLAGS_OF | X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_RF | \
			    X86_EFLAGS_AC | X86_EFLAGS_ID)

#define DECLARE_STUB(name, what)	void entry_SYSCALL_64_##name(void); \
					void entry_SYSCALL_64_##name##_mitigated(void);
ENTRY_VARIANTS(DECLARE_STUB)
void entry_SYSCALL_64_asm_fastpath(void);
void entry_SYSCALL_64_floor(void);
void entry_SYSCALL_64_floor_mitigated(void);
void entry_SYSCALL_compat(void);
void entry_SYSENTER_compat(void);

/*
 * The order of the benchmark table: include/entry-variants.h, then the two
 * stubs written in assembly alone: the asm fast path, which has no mitigated
 * twin (it predates the mitigations: with one on, LSTAR gets the default's),
 * and the floor.
 */
#define VARIANT(name, what)	{ #name, entry_SYSCALL_64_##name,			\
				  entry_SYSCALL_64_##name##_mitigated, what, false },
struct entry_variant entry_variants[] = {
	ENTRY_VARIANTS(VARIANT)
	[ENTRY_ASM_FASTPATH] = { "asm_fastpath", entry_SYSCALL_64_asm_fastpath, NULL,
	  "asm fast path (Linux to 4.15): partial pt_regs, table called from asm", false },
	[ENTRY_FLOOR] = { "floor", entry_SYSCALL_64_floor, entry_SYSCALL_64_floor_mitigated,
	  "swapgs, stack switch, -ENOSYS, sysret: no C (reference only)", true },
};
const unsigned int nr_entry_variants = ARRAY_SIZE(entry_variants);
_Static_assert(ARRAY_SIZE(entry_variants) + 3 <= BENCH_MAX_ROWS,
	       "the variants and the three tracker rows (bench/bench.c) must fit the benchmark");
unsigned int boot_entry_variant;

bool entry_variant_runs(unsigned int idx)
{
	return !(mitigations & MIT_SYSCALL_PATH) || entry_variants[idx].mitigated;
}

/*
 * The stub to run: the plain one unless a mitigation of the SYSCALL path is on;
 * then its mitigated twin, or the boot's if it has none.
 */
static void (*variant_stub(unsigned int idx))(void)
{
	if (!entry_variant_runs(idx))
		idx = boot_entry_variant;
	return mitigations & MIT_SYSCALL_PATH ? entry_variants[idx].mitigated :
						entry_variants[idx].entry;
}

void syscall_select_entry(unsigned int idx)
{
	wrmsr(MSR_LSTAR, (unsigned long)variant_stub(idx));
}

unsigned int syscall_current_entry(void)
{
	unsigned long lstar = rdmsr(MSR_LSTAR);

	for (unsigned int i = 0; i < nr_entry_variants; i++)
		if ((unsigned long)variant_stub(i) == lstar)
			return i;
	return nr_entry_variants;
}

/* Equal names, where '-' and '_' are the same character (as in Linux's parameq()). */
static bool variant_name_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return false;
	return *a == *b;
}

/*
 * A full entry called name; nr_entry_variants if none is. Never the floor: it
 * returns -ENOSYS for everything and serves only the benchmark's invalid loop.
 */
static unsigned int entry_variant_index(const char *name)
{
	for (unsigned int i = 0; i < nr_entry_variants; i++)
		if (!entry_variants[i].floor && variant_name_eq(name, entry_variants[i].name))
			return i;
	return nr_entry_variants;
}

/* "irqsave-outline, irqsave-inline, ...": what entry= accepts. */
static void print_entry_variant_names(void)
{
	for (unsigned int i = 0; i < nr_entry_variants; i++)
		if (!entry_variants[i].floor)
			printk("%s%s", i ? ", " : "", entry_variants[i].name);
}

void syscall_init(void)
{
	const char *want;

	/* The symbol suffix spelled as the command line and the tables spell it. */
	for (unsigned int i = 0; i < nr_entry_variants; i++)
		for (char *c = entry_variants[i].name; *c; c++)
			if (*c == '_')
				*c = '-';
	boot_entry_variant = entry_variant_index(__stringify(ENTRY_VARIANT_DEFAULT));
	want = cmdline_str(&boot_cmdline, "entry", entry_variants[boot_entry_variant].name);
	if (entry_variant_index(want) < nr_entry_variants) {
		boot_entry_variant = entry_variant_index(want);
	} else {
		printk("cmdline: entry=%s is not an entry variant (", want);
		print_entry_variant_names();
		printk("), using %s\n", entry_variants[boot_entry_variant].name);
	}
	if (!entry_variant_runs(boot_entry_variant)) {
		unsigned int v = entry_variant_index(__stringify(ENTRY_VARIANT_DEFAULT));

		printk("cmdline: entry=%s runs only with mitigations=off, using %s\n",
		       entry_variants[boot_entry_variant].name, entry_variants[v].name);
		boot_entry_variant = v;
	}
	syscall_init_cpu();
}

/* The SYSCALL MSRs of the calling CPU; each AP runs it too (ap_start()). */
void syscall_init_cpu(void)
{
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	/* SYSCALL: CS = STAR[47:32], SS = +8. SYSRET: CS = STAR[63:48] + 16, SS = +8. */
	wrmsr(MSR_STAR, ((u64)__USER32_CS << 48) | ((u64)__KERNEL_CS << 32));
	wrmsr(MSR_SYSCALL_MASK, SYSCALL_FLAGS_MASK);
	/* SYSCALL in compat mode: #UD on Intel, CSTAR on AMD. */
	wrmsr(MSR_CSTAR, (unsigned long)entry_SYSCALL_compat);
	/*
	 * SYSENTER (#UD in long mode on AMD, so Intel's alone): the kernel's CS and
	 * SS, and no stack, as the stub loads its own before it touches one.
	 */
	wrmsr(MSR_IA32_SYSENTER_CS, __KERNEL_CS);
	wrmsr(MSR_IA32_SYSENTER_ESP, 0);
	wrmsr(MSR_IA32_SYSENTER_EIP, (unsigned long)entry_SYSENTER_compat);
	syscall_select_entry(boot_entry_variant);
}
