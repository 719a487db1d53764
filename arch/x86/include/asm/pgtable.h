/* SPDX-License-Identifier: GPL-2.0 */
/* 4-level page tables: map, unmap and translate 4 KiB pages. */
#ifndef _ASM_X86_PGTABLE_H
#define _ASM_X86_PGTABLE_H

#include <asm/page.h>

#define _PAGE_PRESENT		BIT(0)
#define _PAGE_RW		BIT(1)
#define _PAGE_USER		BIT(2)
#define _PAGE_PWT		BIT(3)
#define _PAGE_PCD		BIT(4)
#define _PAGE_ACCESSED		BIT(5)
#define _PAGE_DIRTY		BIT(6)
#define _PAGE_PSE		BIT(7)
#define _PAGE_GLOBAL		BIT(8)
#define _PAGE_NX		BIT(63)
#define PTE_ADDR_MASK		0x000ffffffffff000UL

#define PAGE_KERNEL_RX		(_PAGE_PRESENT | _PAGE_GLOBAL)
#define PAGE_KERNEL_RO		(_PAGE_PRESENT | _PAGE_GLOBAL | _PAGE_NX)
#define PAGE_KERNEL		(_PAGE_PRESENT | _PAGE_RW | _PAGE_GLOBAL | _PAGE_NX)
#define PAGE_KERNEL_IO		(PAGE_KERNEL | _PAGE_PCD | _PAGE_PWT)

typedef u64 pte_t;

/* The kernel's own top-level table; its upper half is shared by every task. */
extern pte_t *kernel_pml4;

void paging_init(void);
int map_page(pte_t *pml4, unsigned long va, phys_addr_t pa, u64 flags);
int unmap_page(pte_t *pml4, unsigned long va);
int protect_page(pte_t *pml4, unsigned long va, u64 flags);
void unmap_free_range(pte_t *pml4, unsigned long start, unsigned long end);
bool translate(pte_t *pml4, unsigned long va, phys_addr_t *pa, u64 *flags);
void *ioremap(phys_addr_t pa, size_t size);
pte_t *pml4_alloc_user(void);
void pml4_free_user(pte_t *pml4);
unsigned long user_pages_mapped(pte_t *pml4);
u64 kernel_pgtable_checksum(void);

static __always_inline void load_cr3(pte_t *pml4)
{
	asm volatile("mov %0, %%cr3" : : "r"(virt_to_phys(pml4)) : "memory");
}

#endif
