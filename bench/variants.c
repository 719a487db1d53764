// SPDX-License-Identifier: GPL-2.0
/*
 * The variant table: one row per name in include/entry-variants.h, the one list,
 * then the two stubs written in assembly alone, in the benchmark table's order.
 * entry= chooses the boot's; the benchmark switches among them by pointing LSTAR
 * at another stub while its task is in the kernel.
 */
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <cmdline.h>
#include <entry-variants.h>
#include <printk.h>
#include <string.h>
#include <variants.h>

#define DECLARE_STUB(name, what)	void entry_SYSCALL_64_##name(void); \
					void entry_SYSCALL_64_##name##_mitigated(void);
ENTRY_VARIANTS(DECLARE_STUB)
void entry_SYSCALL_64_asm_fastpath(void);
void entry_SYSCALL_64_floor(void);
void entry_SYSCALL_64_floor_mitigated(void);

/*
 * After include/entry-variants.h's, the asm fast path, which has no mitigated
 * twin (it predates the mitigations: with one on, LSTAR gets the default's), and
 * the floor.
 */
#define VARIANT(name, what)	{ #name, entry_SYSCALL_64_##name,			\
				  entry_SYSCALL_64_##name##_mitigated, what, false, false },
struct entry_variant entry_variants[NR_ENTRY_VARIANTS] = {
	ENTRY_VARIANTS(VARIANT)
	[ENTRY_ASM_FASTPATH] = { "asm_fastpath", entry_SYSCALL_64_asm_fastpath, NULL,
	  "asm fast path (Linux to 4.15): partial pt_regs, table called from asm", false, false },
	[ENTRY_FLOOR] = { "floor", entry_SYSCALL_64_floor, entry_SYSCALL_64_floor_mitigated,
	  "swapgs, stack switch, -ENOSYS, sysret: no C (reference only)", true, false },
	[ENTRY_FRED] = { "fred", NULL, NULL,
	  "FRED event delivery, the default's C, ERETU (the others: FRED off)", false, true },
};
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
	if (entry_variants[idx].fred)
		return;		/* FRED's SYSCALL event: LSTAR is not read */
	wrmsr(MSR_LSTAR, (unsigned long)variant_stub(idx));
}

unsigned int syscall_current_entry(void)
{
	unsigned long lstar = rdmsr(MSR_LSTAR);

	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		if ((unsigned long)variant_stub(i) == lstar)
			return i;
	return NR_ENTRY_VARIANTS;
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
 * A full entry called name; NR_ENTRY_VARIANTS if none is. Never the floor: it
 * returns -ENOSYS for everything and serves only the benchmark's invalid loop.
 */
static unsigned int entry_variant_index(const char *name)
{
	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		if (!entry_variants[i].floor && !entry_variants[i].fred &&
		    variant_name_eq(name, entry_variants[i].name))
			return i;
	return NR_ENTRY_VARIANTS;
}

/* "irqsave-outline, irqsave-inline, ...": what entry= accepts. */
static void print_entry_variant_names(void)
{
	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		if (!entry_variants[i].floor && !entry_variants[i].fred)
			printk("%s%s", i ? ", " : "", entry_variants[i].name);
}

void (*entry_variants_init(void))(void)
{
	const char *want;

	/* The symbol suffix spelled as the command line and the tables spell it. */
	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		for (char *c = entry_variants[i].name; *c; c++)
			if (*c == '_')
				*c = '-';
	boot_entry_variant = entry_variant_index(__stringify(ENTRY_VARIANT_DEFAULT));
	want = cmdline_str(&boot_cmdline, "entry", entry_variants[boot_entry_variant].name);
	if (entry_variant_index(want) < NR_ENTRY_VARIANTS) {
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
	return variant_stub(boot_entry_variant);
}
