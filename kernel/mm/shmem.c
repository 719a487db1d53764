// SPDX-License-Identifier: GPL-2.0
/*
 * The object behind shared anonymous memory (include/shmem.h): its pages in a
 * radix table. Walks are loops, not recursion: the table has at most
 * SHMEM_MAX_HEIGHT levels.
 *
 * Lock order: mm->lock (IRQs off), then shm->lock, then kmalloc()'s and the
 * frame allocator's locks. The reference count needs no lock: a region is
 * split, merged, copied and dropped under its own mm->lock, and the object
 * lives while any region of any mm names it.
 */
#include <kernel.h>
#include <pmm.h>
#include <shmem.h>
#include <slab.h>

#define SHMEM_SHIFT		9
#define SHMEM_SLOTS		(1UL << SHMEM_SHIFT)
/* 2^36 pages: more than the 2^35 pages of the largest user address space. */
#define SHMEM_MAX_HEIGHT	4

/* The last inode number given (atomic): Linux's shm_mnt root has 1, objects 2 up. */
static unsigned long last_ino = 1;

/* Slots of a node at level (0: the leaves, which hold frames) of shm's table. */
static unsigned long node_slots(const struct shmem *shm, unsigned int level)
{
	if (level + 1 < shm->height)
		return SHMEM_SLOTS;
	return ((shm->size - 1) >> (SHMEM_SHIFT * level)) + 1;
}

struct shmem *shmem_create(unsigned long pages)
{
	struct shmem *shm;
	unsigned int height = 1;

	while (height < SHMEM_MAX_HEIGHT && (pages - 1) >> (SHMEM_SHIFT * height))
		height++;
	if (!pages || (pages - 1) >> (SHMEM_SHIFT * height))
		return NULL;
	shm = kzalloc(sizeof(*shm));
	if (!shm)
		return NULL;
	*shm = (struct shmem){ .lock = SPINLOCK_INIT(shmem_lock), .refs = 1, .height = height,
			       .size = pages,
			       .ino = __atomic_add_fetch(&last_ino, 1, __ATOMIC_RELAXED) };
	shm->root = kcalloc(node_slots(shm, height - 1), sizeof(*shm->root));
	if (!shm->root) {
		kfree(shm);
		return NULL;
	}
	return shm;
}

/*
 * Frees the table depth first: path[l] is the node being emptied at level l,
 * next[l] its next slot. The frames are dropped at once: an unmapped page table
 * entry holds its own owner count until its TLB flush.
 */
void shmem_put(struct shmem *shm)
{
	unsigned long *path[SHMEM_MAX_HEIGHT], next[SHMEM_MAX_HEIGHT] = { 0 };
	unsigned int level = shm->height - 1;

	if (__atomic_sub_fetch(&shm->refs, 1, __ATOMIC_ACQ_REL))
		return;
	path[level] = shm->root;
	for (;;) {
		unsigned long slot;

		if (next[level] == node_slots(shm, level)) {
			kfree(path[level]);
			if (++level == shm->height)
				break;
			continue;
		}
		slot = path[level][next[level]++];
		if (!slot)
			continue;
		if (!level) {
			put_frame(slot);
		} else {
			path[--level] = (unsigned long *)slot;
			next[level] = 0;
		}
	}
	kfree(shm);
}

phys_addr_t shmem_page(struct shmem *shm, unsigned long index)
{
	unsigned long *node = shm->root, *slot;
	unsigned int level = shm->height - 1;
	phys_addr_t pa = 0;

	spin_lock(&shm->lock);
	for (;; level--) {
		slot = &node[(index >> (SHMEM_SHIFT * level)) & (SHMEM_SLOTS - 1)];
		if (!level)
			break;
		if (!*slot)
			*slot = (unsigned long)kcalloc(SHMEM_SLOTS, sizeof(*node));
		if (!*slot)
			goto out;
		node = (unsigned long *)*slot;
	}
	if (!*slot)
		*slot = alloc_frame();
	pa = *slot;
out:
	spin_unlock(&shm->lock);
	return pa;
}
