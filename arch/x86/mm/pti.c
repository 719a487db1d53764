// SPDX-License-Identifier: GPL-2.0
/*
 * Page-table isolation (Linux's PTI, against Meltdown): while ring 3 runs, CR3
 * holds page tables in which the kernel is not mapped, so no speculative load
 * from ring 3 can reach kernel memory through the TLB. Only the entry area is
 * left, what the CPU and the entry code touch before the entry's CR3 switch and
 * after the exit's (docs/entry.md, "Mitigations"):
 *
 *   the entry text (.entry.text, whole pages)   read-execute
 *   the IDT                                     read-only
 *   each CPU's entry page (scratch, entry stack) read-write, no-execute
 *   each CPU's GDT and TSS                      read-only
 *   each CPU's IST stacks                       read-write, no-execute
 *   espfix64's ministack aliases                read-only (their own PML4 slot)
 *
 * The entry area is mapped at the kernel's own addresses, so no pointer differs
 * between the two sides. Its tables are built once in a template PML4, whose
 * upper half every user PML4 copies: the lower tables are shared. None is
 * user-accessible. A process's LDT is mapped per address space (arch/x86/ldt.c).
 *
 * Kernel pages lose their Global bit in effect (CR4.PGE is left clear): a global
 * kernel translation would survive the switch to the user's tables. With PCIDs
 * (CR4.PCIDE) the kernel's TLB entries survive instead under PCID 0.
 */
#include <asm/desc.h>
#include <asm/espfix.h>
#include <asm/percpu.h>
#include <asm/pti.h>
#include <kernel.h>
#include <pmm.h>
#include <printk.h>
#include <string.h>

extern char _entry_text[], _entry_text_end[];

static pte_t *pti_template;

static void pti_map(unsigned long start, unsigned long size, u64 flags)
{
	for (unsigned long va = ALIGN_DOWN(start, PAGE_SIZE); va < start + size; va += PAGE_SIZE) {
		phys_addr_t pa;

		if (!translate(kernel_pml4, va, &pa, NULL) ||
		    map_page(pti_template, va, pa & PAGE_MASK, flags))
			panic("pti: cannot map %lx into the user page tables", va);
	}
}

void pti_init(void)
{
	const unsigned int espfix_slot = PML4_SLOT(ESPFIX_BASE_ADDR);

	if (!mitigation_on(MIT_PTI))
		return;
	pti_template = alloc_page_object();
	if (!pti_template)
		panic("pti: no page for the user tables' template");
	pti_map((unsigned long)_entry_text, _entry_text_end - _entry_text, PAGE_KERNEL_RX);
	pti_map((unsigned long)idt_page(), PAGE_SIZE, PAGE_KERNEL_RO);
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct percpu *pc = &percpu_areas[cpu];

		pti_map((unsigned long)&pc->entry, sizeof(pc->entry), PAGE_KERNEL);
		pti_map((unsigned long)pc->gdt, sizeof(pc->gdt), PAGE_KERNEL_RO);
		pti_map((unsigned long)&pc->tss, sizeof(pc->tss), PAGE_KERNEL_RO);
		pti_map((unsigned long)pc->ist_stacks, sizeof(pc->ist_stacks), PAGE_KERNEL);
	}
	pti_template[espfix_slot] = kernel_pml4[espfix_slot];
}

void pti_init_pml4_pair(pte_t *pml4)
{
	memcpy(&pml4[PTI_PML4_ENTRIES + KERNEL_PML4_FIRST], &pti_template[KERNEL_PML4_FIRST],
	       (512 - KERNEL_PML4_FIRST) * sizeof(pte_t));
	pml4[PML4_SLOT(LDT_REMAP_BASE)] = 0;		/* the process's own: arch/x86/ldt.c
							 * fills it */
}

void pti_init_cpu(void)
{
	struct percpu *pc = this_cpu();

	if (!mitigation_on(MIT_PTI))
		return;
	pc->tss.rsp[0] = (unsigned long)(&pc->entry + 1);
	if (mitigation_on(MIT_PCID))
		write_cr4(read_cr4() | X86_CR4_PCIDE);
}
