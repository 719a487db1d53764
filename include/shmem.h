/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared anonymous memory (MAP_SHARED|MAP_ANONYMOUS, /dev/zero MAP_SHARED): the
 * object behind it, as Linux's shmem inode behind such a mapping. It owns the
 * pages, by index; the regions that map it name it (struct vm_area's shm and
 * pgoff), and a page fault in one of them maps the object's page, allocating it
 * on first touch (kernel/mm/mm.c). So every sharer sees the same page wherever
 * and whenever it maps it: a child forked before the page was touched, a second
 * mapping made by mremap(old_len 0).
 *
 * Its size is the mapping's at mmap() time and never changes, as Linux's
 * shmem_zero_setup() sizes the object: a region grown by mremap() past it maps
 * nothing there, and a touch raises SIGBUS.
 *
 * The pages sit in a radix table of kmalloc()ed nodes of 512 slots, as many
 * levels as the size needs (a 1 GiB object: two). A page's frame has one owner
 * count for the object and one per page table entry mapping it, so that an
 * unmapped page outlives every TLB that may still reach it (include/tlb.h)
 * however early the object itself goes.
 *
 * /proc/self/maps names it as Linux names its shmem file, "/dev/zero (deleted)",
 * on the device of Linux's internal shmem mount, 00:01, with an inode number of
 * its own, given at creation and kept for its life: Linux's numbers start at 2
 * (the mount's root is 1), and so do these.
 */
#ifndef _ENTRYLAB_SHMEM_H
#define _ENTRYLAB_SHMEM_H

#include <asm/page.h>
#include <spinlock.h>

/* The device of Linux's shm_mnt, the first anonymous one: what /proc/self/maps shows. */
#define SHMEM_DEV_MAJOR		0
#define SHMEM_DEV_MINOR		1
#define SHMEM_NAME		"/dev/zero (deleted)"

struct shmem {
	spinlock_t lock;		/* the table; IRQs off, inside mm->lock */
	unsigned int refs;		/* regions naming it (atomic) */
	unsigned int height;		/* levels of the table, at least 1 */
	unsigned long size;		/* in pages: the mapping's length at mmap() */
	unsigned long ino;		/* its inode number in /proc/self/maps */
	unsigned long *root;		/* size >> 9 * (height - 1) slots, rounded up */
};

/* A new object of pages zero-filled pages, with one reference; NULL when out of memory. */
struct shmem *shmem_create(unsigned long pages);

static inline void shmem_get(struct shmem *shm)
{
	__atomic_add_fetch(&shm->refs, 1, __ATOMIC_RELAXED);
}

/* The last reference frees the object and drops its owner count of each page. */
void shmem_put(struct shmem *shm);
/*
 * The frame of page index (below the size), allocated zeroed if it has none yet;
 * 0 when out of memory. The object keeps it until the last shmem_put().
 */
phys_addr_t shmem_page(struct shmem *shm, unsigned long index);

#endif
