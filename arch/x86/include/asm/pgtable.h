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
/*
 * Software bits of user leaf entries (the CPU ignores them):
 *  _PAGE_COW       the page may be written, but its frame may be shared with
 *                  another address space (fork): RW is withheld, and the first
 *                  write faults and copies the frame (kernel/mm/mm.c).
 *  _PAGE_PROTNONE  PROT_NONE: the entry is not present, so every access faults,
 *                  but the page keeps its frame for when it is made accessible
 *                  again, its address bits stored inverted (mk_pte()). Bit 8 is
 *                  Global, meaningless in a non-present entry; Linux uses the
 *                  same bit for the same thing.
 *  _PAGE_SPECIAL   the frame is the kernel's, shared by every process and
 *                  counted by no one: the zero page, the vDSO and its vvar page
 *                  (arch/x86/vdso/vma.c). Never made writable: a write copies it.
 *  _PAGE_SHARED    MAP_SHARED: the frame is shared on purpose with the processes
 *                  forked since. fork copies the entry as it is, and no write
 *                  ever copies the frame: every sharer sees every write.
 */
#define _PAGE_COW		BIT(9)
#define _PAGE_PROTNONE		BIT(8)
#define _PAGE_SPECIAL		BIT(10)
#define _PAGE_SHARED		BIT(11)
#define PTE_ADDR_MASK		0x000ffffffffff000UL

#define PAGE_KERNEL_RX		(_PAGE_PRESENT | _PAGE_GLOBAL)
#define PAGE_KERNEL_RO		(_PAGE_PRESENT | _PAGE_GLOBAL | _PAGE_NX)
#define PAGE_KERNEL		(_PAGE_PRESENT | _PAGE_RW | _PAGE_GLOBAL | _PAGE_NX)
#define PAGE_KERNEL_IO		(PAGE_KERNEL | _PAGE_PCD | _PAGE_PWT)

typedef u64 pte_t;

/* The PML4 slot of va, and the first slot of the kernel half (shared by every PML4). */
#define PML4_SLOT(va)		(((va) >> 39) & 511)
#define KERNEL_PML4_FIRST	256

/* A user leaf entry that is mapped: present, or PROT_NONE. */
static __always_inline bool pte_mapped(pte_t e)
{
	return e & (_PAGE_PRESENT | _PAGE_PROTNONE);
}

/*
 * L1TF (L1 Terminal Fault): a CPU that finds an entry not present may still, while
 * speculating past the fault, read the L1 data cache at the physical address in the
 * entry's address bits. A PROT_NONE entry keeps its frame, so it would name
 * memory the process may not read. As Linux's PTE inversion
 * (arch/x86/include/asm/pgtable-invert.h), every non-zero entry that is not
 * present (here only PROT_NONE leaves) stores those bits inverted: they name an
 * address at or above half the physical address space, above any RAM. An all-zero
 * entry (none) is not inverted. The mask to XOR in, the same both ways.
 */
static __always_inline u64 protnone_mask(pte_t e)
{
	return e && !(e & _PAGE_PRESENT) ? PTE_ADDR_MASK : 0;
}

/*
 * The pair every user leaf entry's frame goes through, so that no reader sees an
 * inverted address: mk_pte() makes the entry for frame pa with flags (inverted if
 * they are not present), pte_frame() reads the frame back.
 */
static __always_inline pte_t mk_pte(phys_addr_t pa, u64 flags)
{
	pte_t e = pa | flags;

	return e ^ protnone_mask(e);
}

/*
 * Its frame, or 0 for a PROT_NONE entry with none (its address bits all ones) or
 * no entry (0): frame 0 is never handed out (include/pmm.h).
 */
static __always_inline phys_addr_t pte_frame(pte_t e)
{
	return (e ^ protnone_mask(e)) & PTE_ADDR_MASK;
}

/* The kernel's own top-level table; its upper half is shared by every task. */
extern pte_t *kernel_pml4;

void paging_init(void);
int map_page(pte_t *pml4, unsigned long va, phys_addr_t pa, u64 flags);
int unmap_page(pte_t *pml4, unsigned long va);
int protect_page(pte_t *pml4, unsigned long va, u64 flags);
struct mmu_gather;
unsigned long unmap_range(struct mmu_gather *tlb, pte_t *pml4, unsigned long start,
			  unsigned long end);
void free_pgtables(struct mmu_gather *tlb, pte_t *pml4, unsigned long start, unsigned long end,
		   unsigned long floor, unsigned long ceiling);
pte_t *pte_lookup(pte_t *pml4, unsigned long va);
pte_t *pte_lookup_next(pte_t *pml4, unsigned long *va, unsigned long end);
pte_t *pte_alloc_user(pte_t *pml4, unsigned long va);
bool translate(pte_t *pml4, unsigned long va, phys_addr_t *pa, u64 *flags);
void *ioremap(phys_addr_t pa, size_t size);
void *ioremap_wc(phys_addr_t pa, size_t size);
pte_t *pml4_alloc_user(void);
int pml4_copy_user_cow(pte_t *dst, pte_t *src);
void pml4_free_user(pte_t *pml4);
u64 kernel_pgtable_checksum(void);

static __always_inline void load_cr3(pte_t *pml4)
{
	asm volatile("mov %0, %%cr3" : : "r"(virt_to_phys(pml4)) : "memory");
}

#endif
