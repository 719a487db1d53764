// SPDX-License-Identifier: GPL-2.0
/*
 * SYSCALL setup: EFER.SCE, the selectors in STAR, the entry point in LSTAR, and
 * the RFLAGS bits SYSCALL clears (SFMASK). The kernel must never run with a flag
 * the user chose: TF would single-step the kernel, DF would reverse its string
 * instructions, AC would open SMAP, NT and IOPL would change IRET and port I/O,
 * IF would let interrupts in before the stack switch. Linux's mask, bit for bit.
 */
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/syscall.h>
#include <cmdline.h>
#include <printk.h>
#include <string.h>

#define SYSCALL_FLAGS_MASK (X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF | X86_EFLAGS_ZF | \
			    X86_EFLAGS_SF | X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF | \
			    X86_EFLAGS_OF | X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_RF | \
			    X86_EFLAGS_AC | X86_EFLAGS_ID)

void entry_SYSCALL_64_irqoff_inline(void);
void entry_SYSCALL_64_irqoff_outline(void);
void entry_SYSCALL_64_irqsave_inline(void);
void entry_SYSCALL_64_irqsave_outline(void);
void entry_SYSCALL_64_floor(void);

/* The order of the benchmark table. The floor is last and is not a full entry. */
const struct entry_variant entry_variants[] = {
	{ "irqsave-outline", entry_SYSCALL_64_irqsave_outline,
	  "pushf/cli/popf hooks, out-of-line enter/exit (before 2016)" },
	{ "irqsave-inline", entry_SYSCALL_64_irqsave_inline,
	  "pushf/cli/popf hooks, inlined enter/exit" },
	{ "irqoff-outline", entry_SYSCALL_64_irqoff_outline,
	  "_irqoff hooks, out-of-line enter/exit" },
	{ "irqoff-inline", entry_SYSCALL_64_irqoff_inline,
	  "_irqoff hooks, inlined enter/exit (2016 + 2023: the default)" },
	{ "floor", entry_SYSCALL_64_floor,
	  "swapgs, stack switch, -ENOSYS, sysret: no C (reference only)" },
};
const unsigned int nr_entry_variants = ARRAY_SIZE(entry_variants);
unsigned int boot_entry_variant;

void syscall_select_entry(unsigned int idx)
{
	wrmsr(MSR_LSTAR, (unsigned long)entry_variants[idx].entry);
}

unsigned int syscall_current_entry(void)
{
	unsigned long lstar = rdmsr(MSR_LSTAR);

	for (unsigned int i = 0; i < nr_entry_variants; i++)
		if ((unsigned long)entry_variants[i].entry == lstar)
			return i;
	return nr_entry_variants;
}

static unsigned int entry_variant_index(const char *name)
{
	for (unsigned int i = 0; i < nr_entry_variants; i++)
		if (!strcmp(name, entry_variants[i].name))
			return i;
	return nr_entry_variants;
}

void syscall_init(void)
{
	const char *want = cmdline_str(&boot_cmdline, "entry", "irqoff-inline");

	boot_entry_variant = entry_variant_index(want);
	/* The floor serves only the benchmark's invalid-syscall loop. */
	if (boot_entry_variant == nr_entry_variants ||
	    entry_variants[boot_entry_variant].entry == entry_SYSCALL_64_floor) {
		printk("syscall: entry=%s is not a usable entry variant, using irqoff-inline\n",
		       want);
		boot_entry_variant = entry_variant_index("irqoff-inline");
	}

	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	/* SYSCALL: CS = STAR[47:32], SS = +8. SYSRET: CS = STAR[63:48] + 16, SS = +8. */
	wrmsr(MSR_STAR, ((u64)__USER32_CS << 48) | ((u64)__KERNEL_CS << 32));
	wrmsr(MSR_SYSCALL_MASK, SYSCALL_FLAGS_MASK);
	syscall_select_entry(boot_entry_variant);
}
