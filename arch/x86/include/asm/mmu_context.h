/* SPDX-License-Identifier: GPL-2.0 */
/* Loading a user address space on this CPU (Linux's switch_mm_irqs_off()). */
#ifndef _ASM_X86_MMU_CONTEXT_H
#define _ASM_X86_MMU_CONTEXT_H

#include <asm/ldt.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/pti.h>
#include <mm.h>

/**
 * switch_mm_irqoff - make mm's tables and LDT this CPU's
 * @mm: the address space to run, or NULL for the kernel's tables alone
 *
 * IRQs off. loaded_mm is written first, with a barrier before the LDT and CR3:
 * flush_tlb_mm_range() and modify_ldt() must not miss a CPU that is loading mm
 * (on_each_cpu_running_mm()). For a context switch, an exit and an execve alike.
 *
 * A switch between two threads of one process changes nothing, as in Linux: the
 * CPU kept mm loaded all along, so every flush and LDT change of mm reached it,
 * and a CR3 write would only throw its TLB away (under QEMU's TCG, all of the
 * emulator's too: Linux's rseq basic_percpu_ops_test, 200 threads yielding 20
 * million times, took 4 min 27 s on two CPUs with it and 76 s without).
 */
static __always_inline void switch_mm_irqoff(struct mm *mm)
{
	if (mm && mm == this_cpu_read(loaded_mm))
		return;
	this_cpu_write(loaded_mm, mm);
	smp_mb();
	switch_ldt_irqoff(mm);
	load_cr3(mm ? mm->pml4 : kernel_pml4);
	pti_flush_user_pcid();		/* PCID PTI_USER_PCID still holds the last mm's */
}

#endif
