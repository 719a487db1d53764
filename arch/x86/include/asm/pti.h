/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page-table isolation (arch/x86/mm/pti.c): with it, each address space has two
 * PML4s, 8 KiB-aligned as a pair, the kernel's first. The user's maps the user
 * half and, of the kernel, only the entry area: the entry text, the IDT, each
 * CPU's entry page, GDT, TSS and IST stacks, espfix64's aliases. The entry code
 * switches CR3 between them (entry/mitigations.inc). With PCIDs the kernel runs
 * in PCID 0 and ring 3 in PTI_USER_PCID, so neither switch flushes the TLB, and
 * a flush of user mappings made in the kernel must be finished at the exit.
 */
#ifndef _ASM_X86_PTI_H
#define _ASM_X86_PTI_H

#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>

#define PTI_USER_PGTABLE_MASK	BIT(12)		/* CR3: the second PML4 of the pair */
#define PTI_USER_PCID		BIT(11)		/* CR3 PCID bits: ring 3's TLB entries */
#define PTI_PML4_ENTRIES	512		/* the user PML4 follows the kernel's */

/*
 * This CPU's TLB may hold user translations the kernel just changed under the
 * user's PCID, which an INVLPG or a CR3 load in the kernel (PCID 0) does not
 * reach: the next SWITCH_TO_USER_CR3 loads without NOFLUSH and drops them.
 */
static __always_inline void pti_flush_user_pcid(void)
{
	if (mitigation_on(MIT_PCID))
		this_cpu_write(pti_flush_user, 1);
}

/* Forget va's translation on this CPU, in every PCID that may hold it. */
static __always_inline void flush_tlb_one(unsigned long va)
{
	invlpg(va);
	pti_flush_user_pcid();
}

/* Forget this CPU's non-global translations, in every PCID. */
static __always_inline void flush_tlb_local(void)
{
	write_cr3(read_cr3());
	pti_flush_user_pcid();
}

/*
 * The current task's pt_regs ends at top: the SYSCALL stub's stack top, and
 * without PTI also TSS.RSP0, where interrupts from ring 3 land (with PTI they land
 * on the entry stack, and the entry moves them there). With FRED, IA32_FRED_RSP0
 * is the true top above it (asm/ptrace.h), where the CPU pushes its 64-byte frame
 * for any event from ring 3. IRQs off: a context switch.
 */
static __always_inline void set_task_stack_irqoff(unsigned long top)
{
	this_cpu_write(entry.top_of_stack, top);
	if (boot_cpu.fred)
		wrmsr(MSR_IA32_FRED_RSP0, top + TOP_OF_KERNEL_STACK_PADDING);
	else if (!mitigation_on(MIT_PTI))
		this_cpu()->tss.rsp[0] = top;
}

/* The user-visible tables: built once, before the first address space. */
void pti_init(void);
/* The calling CPU's TSS.RSP0 (the entry stack) and CR4.PCIDE, with PTI. */
void pti_init_cpu(void);
/* PML4 slot i of a user address space was written: the user's half gets it too. */
static __always_inline void pti_sync_pml4e(pte_t *pml4, unsigned int i)
{
	if (mitigation_on(MIT_PTI))
		pml4[PTI_PML4_ENTRIES + i] = pml4[i];
}
/*
 * A new pair's upper halves: the kernel's (a copy of kernel_pml4's, but for the
 * process's own LDT slot, which pml4_free_user() frees) and the user's (the
 * entry area's tables).
 */
void pti_init_pml4_pair(pte_t *pml4);

#endif
