// SPDX-License-Identifier: GPL-2.0
/*
 * espfix64: returning to a 16-bit stack segment without leaking the kernel's RSP,
 * as Linux's arch/x86/kernel/espfix_64.c.
 *
 * An IRETQ to a 16-bit stack segment loads only SP, bits 15:0 of RSP; bits 31:16
 * keep the values they had in the kernel, where RSP pointed into the task's kernel
 * stack. A 16-bit program reads them in ESP: a leak of where the kernel's stacks
 * are, and a break for the 16-bit code that uses ESP's upper half. The fix is to
 * make the IRETQ run on a stack whose address has, in bits 31:16, the very bits
 * the user's ESP has: what leaks is then the user's own value.
 *
 * Each CPU has a 64-byte ministack in one page (enough for NR_CPUS up to 64), and
 * that page is mapped read-only at 2^16 addresses 64 KiB apart in a PML4 slot of
 * its own: ESPFIX_BASE_ADDR + (any bits 31:16) + the CPU's slot. The exit path
 * (entry/entry_irq.asm, espfix_return) pushes the IRET frame through the page's
 * own writable address, in the kernel image's .bss, and runs the IRETQ on the
 * alias whose bits 31:16 are the user's. Four tables cover the 4 GiB of aliases, each shared by
 * every entry above it: the page at every 16th entry of one page table, that
 * table in all 512 entries of one page directory, that directory in four entries
 * of the slot's PDPT.
 *
 * Linux takes this path for every stack segment from the LDT, 16-bit or not, so
 * one bit of the selector decides, and so does entrylab. The GDT has no 16-bit
 * segments. The ministack's address is fixed; Linux randomizes the slot at boot.
 *
 * The aliases are read-only on purpose. An IRETQ that faults (a sigreturn's bad
 * CS or SS, a segment not present) makes the CPU push the fault's frame on the
 * ministack, in ring 0 and without an IST: that push faults too, and the CPU
 * raises #DF on its IST stack instead of writing over another CPU's ministack.
 * espfix_fixup_double_fault() (entry/paranoid.c) then turns the #DF into the #GP
 * from user mode that the IRETQ's fault was: the error code, and #NP or #SS as
 * such, are lost, as on Linux.
 */
#include <asm/espfix.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/traps.h>
#include <kernel.h>

#define ESPFIX_STACK_SIZE	64			/* a cache line per CPU */
#define ESPFIX_FRAME_SIZE	(6 * 8)			/* RAX, then the IRET frame */
#define ESPFIX_PTE_STRIDE	(0x10000 / PAGE_SIZE)	/* one alias per 64 KiB */
#define ESPFIX_PDPT_CLONES	4			/* 4 x 1 GiB: bits 31:30 */
#define ESPFIX_TABLE		(_PAGE_PRESENT | _PAGE_NX)	/* read-only below */

_Static_assert(NR_CPUS * ESPFIX_STACK_SIZE <= PAGE_SIZE, "one ministack page");

static u8 espfix_page[PAGE_SIZE] __aligned(PAGE_SIZE);
static pte_t espfix_pd[512] __aligned(PAGE_SIZE);
static pte_t espfix_pt[512] __aligned(PAGE_SIZE);

void espfix_init(void)
{
	pte_t *pdpt = phys_to_virt(kernel_pml4[PML4_SLOT(ESPFIX_BASE_ADDR)] & PTE_ADDR_MASK);

	for (unsigned int i = 0; i < 512; i += ESPFIX_PTE_STRIDE)
		espfix_pt[i] = virt_to_phys(espfix_page) | PAGE_KERNEL_RO;
	for (unsigned int i = 0; i < 512; i++)
		espfix_pd[i] = virt_to_phys(espfix_pt) | ESPFIX_TABLE;
	for (unsigned int i = 0; i < ESPFIX_PDPT_CLONES; i++)
		pdpt[i] = virt_to_phys(espfix_pd) | ESPFIX_TABLE;
}

void espfix_init_cpu(struct percpu *pc)
{
	unsigned long slot = pc->cpu * ESPFIX_STACK_SIZE;

	pc->espfix_stack = ESPFIX_BASE_ADDR + slot;	/* bits 31:16 clear */
	/* Where espfix_return pushes from: above the user's RAX and the IRET frame. */
	pc->espfix_waddr = (unsigned long)espfix_page + slot + ESPFIX_FRAME_SIZE;
}
