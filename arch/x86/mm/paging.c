// SPDX-License-Identifier: GPL-2.0
/*
 * 4-level page tables. paging_init() replaces the boot tables with the kernel's
 * final ones: the direct map of RAM (2 MiB pages, RW+NX), the kernel image mapped
 * section by section with least privilege (text RX, rodata R+NX, data and bss
 * RW+NX), and no identity map: from here on a NULL or low-address dereference in
 * the kernel faults. Every PML4 slot of the upper half gets its PDPT now, so a
 * task's PML4, which copies those 256 slots once, sees later kernel mappings too.
 *
 * No lock here. The kernel half changes only in leaf entries created ahead
 * (kernel stack slots, each owned by one task slot) and in ioremap() on the boot
 * CPU; a user half changes under its mm's lock (kernel/mm/mm.c). Kernel pages are
 * global, so an unmap must reach the other CPUs' TLBs: flush_tlb_kernel_range();
 * a user half's, flush_tlb_mm_range().
 *
 * User leaf entries may be PROT_NONE (not present, frame kept, its address bits
 * inverted against L1TF) or copy-on-write (present, RW withheld): see pgtable.h.
 * Every function here that frees or copies a user page treats both as mapped,
 * reads a frame only through pte_frame() and makes an entry that may change
 * between present and not through mk_pte(), and counts no owner of a kernel
 * frame (_PAGE_SPECIAL). Which pages may be mapped at all is the regions'
 * business (kernel/mm/vma.c).
 */
#include <asm/cpufeature.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <errno.h>
#include <kernel.h>
#include <multiboot2.h>
#include <pmm.h>
#include <printk.h>
#include <string.h>
#include <tlb.h>

pte_t *kernel_pml4;

extern char _text[], _etext[], _rodata[], _erodata[], _data[], _kernel_end[];
extern char boot_stack_guard[];

#define PT_INDEX(va, level)	(((va) >> (12 + 9 * (level))) & 511)

static pte_t *table_of(pte_t entry)
{
	return phys_to_virt(entry & PTE_ADDR_MASK);
}

/*
 * Returns the level-0 (4 KiB) entry for va, creating missing tables when create is
 * set. Intermediate entries are as permissive as the leaf needs; the leaf decides.
 * NULL when a table is missing (or cannot be allocated) or a huge page is in the way.
 */
static pte_t *walk(pte_t *pml4, unsigned long va, bool create, bool user)
{
	pte_t *table = pml4;

	for (int level = 3; level > 0; level--) {
		pte_t *e = &table[PT_INDEX(va, level)];

		if (!(*e & _PAGE_PRESENT)) {
			phys_addr_t pa;

			if (!create || !(pa = alloc_frame()))
				return NULL;
			*e = pa | _PAGE_PRESENT | _PAGE_RW | (user ? _PAGE_USER : 0);
			if (user && level == 3)
				pti_sync_pml4e(pml4, PT_INDEX(va, 3));
		} else if (*e & _PAGE_PSE) {
			return NULL;
		} else if (user && !(*e & _PAGE_USER)) {
			*e |= _PAGE_USER;
			if (level == 3)
				pti_sync_pml4e(pml4, PT_INDEX(va, 3));
		}
		table = table_of(*e);
	}
	return &table[PT_INDEX(va, 0)];
}

int map_page(pte_t *pml4, unsigned long va, phys_addr_t pa, u64 flags)
{
	pte_t *pte;

	if ((va | pa) & ~PAGE_MASK)
		return -EINVAL;
	pte = walk(pml4, va, true, flags & _PAGE_USER);
	if (!pte)
		return -ENOMEM;
	if (*pte & _PAGE_PRESENT)
		return -EBUSY;
	*pte = pa | flags | _PAGE_PRESENT;
	return 0;
}

/* The leaf entry of va, or NULL if a table on the way is missing. */
pte_t *pte_lookup(pte_t *pml4, unsigned long va)
{
	return walk(pml4, va, false, false);
}

/*
 * The leaf entry of va, as pte_lookup(); when no leaf table covers va, NULL, and
 * *hole is the size of the aligned block around va that none maps (2 MiB, 1 GiB or
 * 512 GiB: the level whose entry is missing), so that a walk over a mostly empty
 * range skips it whole. A huge page (never in a user half) is a hole of one page.
 */
static pte_t *pte_lookup_or_hole(pte_t *pml4, unsigned long va, unsigned long *hole)
{
	pte_t *table = pml4;

	for (int level = 3; level > 0; level--) {
		pte_t e = table[PT_INDEX(va, level)];

		if (!(e & _PAGE_PRESENT) || (e & _PAGE_PSE)) {
			*hole = e & _PAGE_PRESENT ? PAGE_SIZE : 1UL << (12 + 9 * level);
			return NULL;
		}
		table = table_of(e);
	}
	return &table[PT_INDEX(va, 0)];
}

/**
 * pte_lookup_next - the leaf entry of the first page in [*va, end) that has one
 *
 * *va moves to that page; the blocks with no leaf table on the way are skipped
 * whole (a walk over a region of 2^46 bytes visits its tables, not its pages).
 * NULL when there is none below end. For loops over a user range:
 * for (va = start; (pte = pte_lookup_next(pml4, &va, end)); va += PAGE_SIZE).
 */
pte_t *pte_lookup_next(pte_t *pml4, unsigned long *va, unsigned long end)
{
	while (*va < end) {
		unsigned long hole;
		pte_t *pte = pte_lookup_or_hole(pml4, *va, &hole);

		if (pte)
			return pte;
		*va = ALIGN_DOWN(*va, hole) + hole;
	}
	return NULL;
}

/* The leaf entry of user address va, creating the tables on the way; NULL: no memory. */
pte_t *pte_alloc_user(pte_t *pml4, unsigned long va)
{
	return walk(pml4, va, true, true);
}

int unmap_page(pte_t *pml4, unsigned long va)
{
	pte_t *pte = walk(pml4, va, false, false);

	if (!pte || !pte_mapped(*pte))
		return -ENOENT;
	*pte = 0;
	flush_tlb_one(va);
	return 0;
}

/**
 * protect_page - replace a mapped page's permissions, keeping its frame
 * @pml4: the address space
 * @va: page address
 * @flags: RW, USER, NX; _PAGE_PROTNONE (alone) for no access at all
 *
 * A writable page whose frame is not this address space's alone becomes
 * copy-on-write instead, unless it is MAP_SHARED: another address space shares
 * it (fork), or it is the kernel's (_PAGE_SPECIAL: the zero page, the vDSO). Its
 * first write copies the frame.
 */
int protect_page(pte_t *pml4, unsigned long va, u64 flags)
{
	pte_t *pte = walk(pml4, va, false, false);
	const u64 perm = _PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_NX | _PAGE_COW |
			 _PAGE_PROTNONE;
	u64 new = flags & perm;

	if (!pte || !pte_mapped(*pte))
		return -ENOENT;
	if (!(flags & _PAGE_PROTNONE))
		new |= _PAGE_PRESENT;
	if ((new & _PAGE_RW) && !(*pte & _PAGE_SHARED) &&
	    ((*pte & _PAGE_SPECIAL) || frame_shared(pte_frame(*pte))))
		new = (new & ~_PAGE_RW) | _PAGE_COW;
	*pte = mk_pte(pte_frame(*pte), (*pte & ~(perm | PTE_ADDR_MASK)) | new);
	flush_tlb_one(va);
	return 0;
}

/**
 * unmap_range - unmap every mapped page of [start, end), its frame to drop later
 * @tlb: gathers the frames and the range; tlb_finish_mmu() flushes, then frees
 *
 * Holes are skipped, blocks with no leaf table whole. From the top down, so that running out of room in the
 * gather leaves a shorter range mapped rather than one with a hole: returns
 * start when done, else the end of what is still mapped ([start, return)).
 */
unsigned long unmap_range(struct mmu_gather *tlb, pte_t *pml4, unsigned long start,
			  unsigned long end)
{
	for (unsigned long va = end; va > start; va -= PAGE_SIZE) {
		unsigned long hole;
		pte_t *pte = pte_lookup_or_hole(pml4, va - PAGE_SIZE, &hole);

		if (!pte) {		/* on to the page below the hole's block */
			va = ALIGN_DOWN(va - PAGE_SIZE, hole) + PAGE_SIZE;
			continue;
		}
		if (!pte_mapped(*pte))
			continue;
		/* The kernel's frames (the zero page, the vDSO) have no owner count to drop. */
		if (*pte & _PAGE_SPECIAL)
			tlb_flush_later(tlb, va - PAGE_SIZE, va);
		else if (!tlb_remove_frame(tlb, va - PAGE_SIZE, pte_frame(*pte)))
			return va;
		unmap_page(pml4, va - PAGE_SIZE);
	}
	return start;
}

static bool table_empty(const pte_t *table)
{
	for (unsigned int i = 0; i < 512; i++)
		if (table[i])
			return false;
	return true;
}

/*
 * The tables below table (a level-`level` table whose first entry maps base) that
 * map only inside [start, end), which lies in [floor, ceiling), and are empty: each
 * is unlinked and its frame goes into tlb, freed after the flush of its whole span
 * (the CPUs' paging-structure caches may hold it until then).
 */
static void free_tables(struct mmu_gather *tlb, pte_t *pml4, pte_t *table, int level,
			unsigned long base, unsigned long start, unsigned long end,
			unsigned long floor, unsigned long ceiling)
{
	const unsigned long size = 1UL << (12 + 9 * level);

	for (unsigned int i = PT_INDEX(start, level); i < 512; i++) {
		unsigned long lo = base + i * size, hi = lo + size;
		pte_t *child;

		if (lo >= end)
			break;
		if (!(table[i] & _PAGE_PRESENT) || (table[i] & _PAGE_PSE))
			continue;
		child = table_of(table[i]);
		if (level > 1)
			free_tables(tlb, pml4, child, level - 1, lo, MAX(start, lo), MIN(end, hi),
				    floor, ceiling);
		if (lo < floor || hi > ceiling || !table_empty(child))
			continue;
		if (!tlb_remove_frame(tlb, lo, virt_to_phys(child)))
			return;		/* out of room: the table stays, empty */
		tlb_flush_later(tlb, lo, hi);
		table[i] = 0;
		if (level == 3)
			pti_sync_pml4e(pml4, i);
	}
}

/**
 * free_pgtables - free the page tables that map only inside an unmapped range
 * @tlb: gathers the tables' frames; tlb_finish_mmu() flushes, then frees them
 * @floor: the end of the region below [start, end), or 0
 * @ceiling: the start of the region above, or the top of the user half
 *
 * As Linux's free_pgtables(): after an munmap(), the tables whose whole span is in
 * the hole between the regions around it map nothing and are freed, so that a
 * process cannot fill memory with empty page tables by mapping and unmapping one
 * page at a time across its address space. The caller holds the mm's lock.
 */
void free_pgtables(struct mmu_gather *tlb, pte_t *pml4, unsigned long start, unsigned long end,
		   unsigned long floor, unsigned long ceiling)
{
	if (start < end)
		free_tables(tlb, pml4, pml4, 3, 0, start, end, floor, ceiling);
}

/*
 * Software page walk. *flags gets the effective permissions: user and writable
 * only if every level allows it, NX if any level sets it. Handles 1 GiB and 2 MiB
 * pages. A PROT_NONE leaf is mapped too: its flags are _PAGE_PROTNONE alone.
 */
bool translate(pte_t *pml4, unsigned long va, phys_addr_t *pa, u64 *flags)
{
	u64 eff = _PAGE_USER | _PAGE_RW;
	pte_t *table = pml4;

	for (int level = 3; level >= 0; level--) {
		pte_t e = table[PT_INDEX(va, level)];

		if (level == 0 && !(e & _PAGE_PRESENT) && (e & _PAGE_PROTNONE)) {
			if (pa)
				*pa = pte_frame(e) | (va & ~PAGE_MASK);
			if (flags)
				*flags = _PAGE_PROTNONE;
			return true;
		}
		if (!(e & _PAGE_PRESENT))
			return false;
		eff &= e | ~(_PAGE_USER | _PAGE_RW);
		eff |= e & _PAGE_NX;
		if (level == 0 || (e & _PAGE_PSE)) {
			unsigned long offset_mask = (1UL << (12 + 9 * level)) - 1;

			if (pa)
				*pa = (e & PTE_ADDR_MASK & ~offset_mask) | (va & offset_mask);
			if (flags)
				*flags = eff | (e & (_PAGE_GLOBAL | _PAGE_COW)) | _PAGE_PRESENT;
			return true;
		}
		table = table_of(e);
	}
	return false;
}

static void map_kernel_range(unsigned long start, unsigned long end, u64 flags)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE)
		if (map_page(kernel_pml4, va, virt_to_phys((void *)va), flags))
			panic("paging_init: cannot map %lx", va);
}

/*
 * Is there RAM in the 2 MiB at pa, or a range of GRUB's hand-off (boot_reserved():
 * the first MiB with the legacy area, VGA text memory and the AP trampoline; the
 * kernel image; the boot information; the modules), which the memory map need not
 * call RAM? Those are reached through the direct map wherever they lie.
 */
static bool direct_chunk_wanted(phys_addr_t pa, phys_addr_t (*reserved)[2], unsigned int nr)
{
	for (unsigned int k = 0; k < nr; k++)
		if (reserved[k][0] < pa + HPAGE_SIZE && pa < reserved[k][1])
			return true;
	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];

		if (r->usable && r->start < pa + HPAGE_SIZE && pa < r->end)
			return true;
	}
	return false;
}

/*
 * The direct map uses 2 MiB pages: one PD entry per 2 MiB that holds RAM. The holes
 * between (the PCI hole below 4 GiB) stay unmapped, as in Linux's direct map: no
 * write-back alias of device memory that ioremap() maps uncached.
 */
static void map_direct(phys_addr_t end)
{
	phys_addr_t reserved[BOOT_RESERVED_MAX][2];
	unsigned int nr = boot_reserved(reserved);

	for (unsigned int k = 0; k < nr; k++)
		end = MAX(end, ALIGN_UP(reserved[k][1], HPAGE_SIZE));
	for (phys_addr_t pa = 0; pa < end; pa += HPAGE_SIZE) {
		unsigned long va = PAGE_OFFSET + pa;
		pte_t *pdpt = table_of(kernel_pml4[PT_INDEX(va, 3)]);
		pte_t *pdpte = &pdpt[PT_INDEX(va, 2)];
		pte_t *pd;

		if (!direct_chunk_wanted(pa, reserved, nr))
			continue;

		if (!(*pdpte & _PAGE_PRESENT)) {
			phys_addr_t t = alloc_frame();

			if (!t)
				panic("paging_init: out of memory for the direct map");
			*pdpte = t | _PAGE_PRESENT | _PAGE_RW;
		}
		pd = table_of(*pdpte);
		pd[PT_INDEX(va, 1)] = pa | PAGE_KERNEL | _PAGE_PSE;
	}
}

/*
 * A PML4: with PTI a pair, 8 KiB-aligned, the user's second (asm/pti.h), so
 * that CR3 bit 12 selects the half. The kernel's own is one too: the paranoid
 * entry reads bit 12 of whatever CR3 it finds.
 */
static phys_addr_t pml4_alloc(void)
{
	return mitigation_on(MIT_PTI) ? alloc_frames_aligned(2, 2) : alloc_frame();
}

void paging_init(void)
{
	phys_addr_t pa = pml4_alloc();

	if (!pa)
		panic("paging_init: no frame for the kernel PML4");
	kernel_pml4 = phys_to_virt(pa);
	for (unsigned int i = KERNEL_PML4_FIRST; i < 512; i++) {
		phys_addr_t t = alloc_frame();

		if (!t)
			panic("paging_init: no frame for kernel PDPTs");
		kernel_pml4[i] = t | _PAGE_PRESENT | _PAGE_RW;
	}
	map_direct(ALIGN_UP(pmm_max_phys(), HPAGE_SIZE));	/* or further: boot_reserved() */
	map_kernel_range((unsigned long)_text, (unsigned long)_etext, PAGE_KERNEL_RX);
	map_kernel_range((unsigned long)_rodata, (unsigned long)_erodata, PAGE_KERNEL_RO);
	map_kernel_range((unsigned long)_data, (unsigned long)_kernel_end, PAGE_KERNEL);
	unmap_page(kernel_pml4, (unsigned long)boot_stack_guard);	/* head.asm */
	load_cr3(kernel_pml4);
}

/* A bump allocator of kernel virtual space for device memory, mapped with flags. */
static void *ioremap_prot(phys_addr_t pa, size_t size, u64 flags)
{
	static unsigned long next = IOREMAP_BASE;
	phys_addr_t base = ALIGN_DOWN(pa, PAGE_SIZE);
	unsigned long va = next;

	for (phys_addr_t p = base; p < pa + size; p += PAGE_SIZE, next += PAGE_SIZE)
		if (map_page(kernel_pml4, next, p, flags))
			panic("ioremap(%lx): cannot map", (unsigned long)pa);
	return (void *)(va + (pa - base));
}

/* Device registers: uncached, every access reaches the device in order. */
void *ioremap(phys_addr_t pa, size_t size)
{
	return ioremap_prot(pa, size, PAGE_KERNEL_IO);
}

/*
 * Write-combining (PAT entry 1, arch/x86/cpu.c): writes are buffered and sent in
 * bursts, reads are uncached. For a framebuffer; uncached without PAT.
 */
void *ioremap_wc(phys_addr_t pa, size_t size)
{
	return ioremap_prot(pa, size, boot_cpu.pat ? PAGE_KERNEL | _PAGE_PWT : PAGE_KERNEL_IO);
}

pte_t *pml4_alloc_user(void)
{
	phys_addr_t pa = pml4_alloc();
	pte_t *pml4;

	if (!pa)
		return NULL;
	pml4 = phys_to_virt(pa);
	memcpy(&pml4[KERNEL_PML4_FIRST], &kernel_pml4[KERNEL_PML4_FIRST],
	       (512 - KERNEL_PML4_FIRST) * sizeof(pte_t));
	if (mitigation_on(MIT_PTI))
		pti_init_pml4_pair(pml4);
	return pml4;
}

/*
 * fork(): the user half of src, shared copy-on-write into the empty user half of
 * dst. Every writable page becomes read-only + _PAGE_COW in both, except the
 * MAP_SHARED ones (_PAGE_SHARED), copied as they are; each frame gains an owner.
 * src's lock is held; the caller flushes src's TLBs. -ENOMEM leaves dst partly
 * filled, for pml4_free_user().
 */
static int copy_table_cow(pte_t *dst, pte_t *src, int level, unsigned int entries)
{
	for (unsigned int i = 0; i < entries; i++) {
		pte_t e = src[i];

		if (level == 0) {
			if (!pte_mapped(e))
				continue;
			if ((e & _PAGE_RW) && !(e & _PAGE_SHARED))
				e = (e & ~_PAGE_RW) | _PAGE_COW;
			src[i] = e;
			dst[i] = e;
			if (!(e & _PAGE_SPECIAL))
				get_frame(pte_frame(e));
			continue;
		}
		if (!(e & _PAGE_PRESENT))
			continue;
		if (!(dst[i] & _PAGE_PRESENT)) {
			phys_addr_t pa = alloc_frame();

			if (!pa)
				return -ENOMEM;
			dst[i] = pa | (e & ~PTE_ADDR_MASK & ~(_PAGE_ACCESSED | _PAGE_DIRTY));
			if (level == 3)
				pti_sync_pml4e(dst, i);
		}
		if (copy_table_cow(table_of(dst[i]), table_of(e), level - 1, 512))
			return -ENOMEM;
	}
	return 0;
}

int pml4_copy_user_cow(pte_t *dst, pte_t *src)
{
	return copy_table_cow(dst, src, 3, KERNEL_PML4_FIRST);
}

/* Drops every user page and frees every table of the lower half, then the PML4. */
static void free_table(pte_t *table, int level)
{
	for (unsigned int i = 0; i < 512; i++) {
		if (level == 0 && pte_frame(table[i]) && !(table[i] & _PAGE_SPECIAL))
			put_frame(pte_frame(table[i]));
		else if (level > 0 && (table[i] & _PAGE_PRESENT))
			free_table(table_of(table[i]), level - 1);
	}
	free_frame(virt_to_phys(table));
}

void pml4_free_user(pte_t *pml4)
{
	for (unsigned int i = 0; i < KERNEL_PML4_FIRST; i++)
		if (pml4[i] & _PAGE_PRESENT)
			free_table(table_of(pml4[i]), 2);
	/* PTI: the process's own LDT slot (asm/pti.h); ldt_free() unmapped its pages. */
	if (mitigation_on(MIT_PTI) && (pml4[PML4_SLOT(LDT_REMAP_BASE)] & _PAGE_PRESENT))
		free_table(table_of(pml4[PML4_SLOT(LDT_REMAP_BASE)]), 2);
	free_frames(virt_to_phys(pml4), mitigation_on(MIT_PTI) ? 2 : 1);
}

/*
 * FNV-1a over every kernel-half table entry: equal sums mean unchanged tables.
 * Accessed and Dirty are left out: the CPU sets them on every use. A table that
 * the entry before names too is summed once: espfix64's aliases are one page
 * table under 2,048 directory entries (arch/x86/espfix.c).
 */
static u64 checksum_table(const pte_t *table, int level, unsigned int first, u64 h)
{
	for (unsigned int i = first; i < 512; i++) {
		pte_t e = table[i] & ~(_PAGE_ACCESSED | _PAGE_DIRTY);

		h = (h ^ e) * 0x100000001b3ULL;
		if (level > 0 && (e & _PAGE_PRESENT) && !(e & _PAGE_PSE) &&
		    (i == first || (table[i - 1] & PTE_ADDR_MASK) != (e & PTE_ADDR_MASK)))
			h = checksum_table(table_of(e), level - 1, 0, h);
	}
	return h;
}

u64 kernel_pgtable_checksum(void)
{
	return checksum_table(kernel_pml4, 3, KERNEL_PML4_FIRST, 0xcbf29ce484222325ULL);
}
