/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Freeing what was mapped, in the only safe order: unmap, flush every TLB that
 * may hold the translation, then free (Linux's mmu_gather).
 *
 * A thread of the same process on another CPU may still reach a page through
 * its TLB after the page table entry is cleared: until the flush IPI arrives
 * there, its loads and stores go to the old frame. A frame freed before that
 * could already be another process's page or a page table when the store lands.
 * So an unmap records each frame in a gather under mm->lock, and the frames are
 * dropped only in tlb_finish_mmu(), after the lock is released (the flush
 * waits for IPIs: never with IRQs off) and every CPU has flushed.
 *
 * The gather holds a few frames itself and takes more room a page at a time;
 * when no page can be had, tlb_remove_frame() says so and the caller stops
 * unmapping there (the page stays mapped, the call fails with -ENOMEM).
 */
#ifndef _ENTRYLAB_TLB_H
#define _ENTRYLAB_TLB_H

#include <asm/page.h>

#define MMU_GATHER_LOCAL	8

struct mm;
struct gather_batch;

struct mmu_gather {
	struct mm *mm;			/* NULL: kernel mappings (global pages) */
	unsigned long start, end;	/* the range to flush; empty: nothing changed */
	unsigned int nr;		/* frames in local[] */
	phys_addr_t local[MMU_GATHER_LOCAL];
	struct gather_batch *batch;	/* pages of further frames */
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm *mm);
/* [start, end) lost a translation or a permission: it is flushed at the end. */
void tlb_flush_later(struct mmu_gather *tlb, unsigned long start, unsigned long end);
/*
 * The page at va loses frame pa (unmapped, or given another frame): va is flushed
 * and pa dropped after the flush. False: no room to record it, nothing changed.
 */
bool tlb_remove_frame(struct mmu_gather *tlb, unsigned long va, phys_addr_t pa);
/* Flushes the range on every CPU that may hold it, then drops the frames. IRQs on. */
void tlb_finish_mmu(struct mmu_gather *tlb);

#endif
