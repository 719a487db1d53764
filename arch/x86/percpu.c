// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU areas and each CPU's GDT and TSS, which live in its area. percpu_init()
 * points GS_BASE at the area; gdt_init_cpu() loads the CPU's own descriptor
 * tables. Every CPU runs the same two calls with its own number (ap_start()).
 */
#include <asm/desc.h>
#include <asm/espfix.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <stack_usage.h>
#include <string.h>

struct percpu percpu_areas[NR_CPUS] __aligned(4096);

void percpu_init(unsigned int cpu)
{
	struct percpu *pc = &percpu_areas[cpu];

	pc->self = pc;
	pc->cpu = cpu;
	pc->ct.state = CT_RCU_WATCHING | CONTEXT_KERNEL;	/* in the kernel, RCU watching */
	espfix_init_cpu(pc);
	wrmsr(MSR_GS_BASE, (unsigned long)pc);
	wrmsr(MSR_KERNEL_GS_BASE, 0);	/* the user's GS base until a task sets one */
}

/*
 * Flat segment descriptors: only the type, DPL and L bits matter in long mode.
 * Each is marked accessed (type bit 0), so that loading it never writes the GDT:
 * with PTI the user's page tables map the GDT read-only, and a selector load in
 * ring 3 that had to set the bit would fault (Linux's GDT is built so too).
 */
#define SEG_KERNEL_CODE64	0x00af9b000000ffffUL
#define SEG_KERNEL_DATA		0x00cf93000000ffffUL
#define SEG_USER_DATA		0x00cff3000000ffffUL
#define SEG_USER_CODE64		0x00affb000000ffffUL
#define SEG_USER_CODE32		0x00cffb000000ffffUL	/* D=1, L=0: compat mode */


void gdt_init_cpu(void)
{
	struct percpu *pc = this_cpu();
	struct desc_ptr gdtr = { sizeof(pc->gdt) - 1, (unsigned long)pc->gdt };

	memset(pc->gdt, 0, sizeof(pc->gdt));
	pc->gdt[GDT_ENTRY_KERNEL_CS] = SEG_KERNEL_CODE64;
	pc->gdt[GDT_ENTRY_KERNEL_DS] = SEG_KERNEL_DATA;
	pc->gdt[GDT_ENTRY_USER32_CS] = SEG_USER_CODE32;
	pc->gdt[GDT_ENTRY_USER_DS] = SEG_USER_DATA;
	pc->gdt[GDT_ENTRY_USER_CS] = SEG_USER_CODE64;
	pack_system_desc(&pc->gdt[GDT_ENTRY_TSS], (unsigned long)&pc->tss, sizeof(pc->tss) - 1,
			 DESC_TSS);

	memset(&pc->tss, 0, sizeof(pc->tss));
	pc->tss.iomap_base = IO_BITMAP_OFFSET_INVALID;
	memset(pc->tss.io_bitmap, 0xff, sizeof(pc->tss.io_bitmap));	/* every port denied */
	for (unsigned int i = 0; i < IST_STACKS; i++) {
		stack_poison(pc->ist_stacks[i], IST_STACK_SIZE);	/* not in use yet */
		pc->tss.ist[i] = (unsigned long)pc->ist_stacks[i] + IST_STACK_SIZE;
	}

	/*
	 * Loading GS (even with the null selector) would zero GS_BASE on some CPUs, so
	 * only DS/ES/SS and CS are reloaded; CS through a far return. LDTR is made
	 * null: out of reset it describes a usable table at address 0 (which firmware
	 * and GRUB leave), and the first LDT selector a program loads must fault, not
	 * read descriptors from there (arch/x86/ldt.c loads a process's own).
	 */
	asm volatile("lgdt %0\n\t"
		     "mov %w1, %%ds\n\t"
		     "mov %w1, %%es\n\t"
		     "mov %w1, %%ss\n\t"
		     "pushq %2\n\t"
		     "leaq 1f(%%rip), %%rax\n\t"
		     "pushq %%rax\n\t"
		     "lretq\n"
		     "1:\n\t"
		     "ltr %w3\n\t"
		     "lldt %w4"
		     : : "m"(gdtr), "r"(__KERNEL_DS), "i"(__KERNEL_CS), "r"(__TSS_SEL), "r"(0)
		     : "rax", "memory");
}
