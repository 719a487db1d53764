/* SPDX-License-Identifier: GPL-2.0 */
/* Physical frame allocator: one bit per 4 KiB frame. */
#ifndef _ENTRYLAB_PMM_H
#define _ENTRYLAB_PMM_H

#include <asm/page.h>
#include <compiler.h>
#include <multiboot2.h>

void pmm_init(void);
/* The ranges GRUB's hand-off occupies ([start, end) pairs into r): returns how many. */
#define BOOT_RESERVED_MAX	(3 + BOOT_MAX_MODULES)
unsigned int boot_reserved(phys_addr_t (*r)[2]);
/* A zeroed frame, or 0 when memory is exhausted (frame 0 is never handed out). */
phys_addr_t alloc_frame(void);
/* Writes FRAME_POISON over the frame's first word: a reader that should not be there sees it. */
void free_frame(phys_addr_t pa);
/*
 * n physically adjacent zeroed frames, or 0; freed with free_frames(). Above 64, n must
 * be a multiple of 64 (whole words of the bitmap).
 */
phys_addr_t alloc_frames(unsigned int n);
/* The same, the first frame's number a multiple of align (a power of two, at most 64). */
phys_addr_t alloc_frames_aligned(unsigned int n, unsigned int align);
void free_frames(phys_addr_t pa, unsigned int n);
#define FRAME_POISON	0x6b6b6b6b6b6b6b6bULL	/* Linux's POISON_FREE, in every byte */
/* Shared frames (copy-on-write): a count of owners, the last put frees. */
void get_frame(phys_addr_t pa);
bool put_frame(phys_addr_t pa);
bool frame_shared(phys_addr_t pa);
bool frame_is_free(phys_addr_t pa);

/* A kernel object that fills a page (a task, an mm, ...): a zeroed frame, by address. */
static inline void *alloc_page_object(void)
{
	phys_addr_t pa = alloc_frame();

	return pa ? phys_to_virt(pa) : NULL;
}

static inline void free_page_object(void *p)
{
	free_frame(virt_to_phys(p));
}
unsigned long pmm_free_frames(void);
unsigned long pmm_total_frames(void);
phys_addr_t pmm_max_phys(void);

#endif
