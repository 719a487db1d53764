/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmalloc: small kernel objects (kernel/mm/slab.c). Sizes up to KMALLOC_MAX_CACHE_SIZE come
 * from power-of-two caches of slabs carved out of frames; larger ones are whole physically
 * contiguous frames (at most KMALLOC_MAX_SIZE). An object of a power-of-two size is aligned
 * to that size, any other to at least 16 bytes. Never sleeps: callable with IRQs on or off,
 * in an interrupt handler, with spinlocks held; not from an NMI.
 */
#ifndef _ENTRYLAB_SLAB_H
#define _ENTRYLAB_SLAB_H

#include <asm/page.h>
#include <compiler.h>

#define KMALLOC_MIN_SIZE	16
#define KMALLOC_MAX_CACHE_SIZE	2048
#define KMALLOC_MAX_FRAMES	64	/* alloc_frames()'s limit */
#define KMALLOC_MAX_SIZE	(KMALLOC_MAX_FRAMES * PAGE_SIZE)

void slab_init(void);
/* NULL when size is 0, above KMALLOC_MAX_SIZE, or memory is short. Contents undefined. */
void *kmalloc(size_t size);
void *kzalloc(size_t size);
/* n * size bytes, zeroed; NULL also when the product overflows. */
void *kcalloc(size_t n, size_t size);
/* NULL is a no-op; anything not returned by kmalloc() and still allocated panics. */
void kfree(const void *p);
/* The usable size of an allocated object (its size class), for growing tables in place. */
size_t ksize(const void *p);

/* DEBUG_ENTRY builds: double frees and writes after free reported so far (self-tests). */
extern unsigned long slab_debug_reports;
/* Set by a self-test that provokes the next report on purpose. */
extern bool slab_report_expected;

#endif
