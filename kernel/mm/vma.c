// SPDX-License-Identifier: GPL-2.0
/*
 * The regions of an address space (Linux's VMAs; include/mm.h): a sorted array
 * of disjoint ranges, found by binary search in O(log n). Inserting or removing
 * one moves the entries above it, O(n) word copies, which for the few hundred
 * regions a program has costs less than an rbtree's allocation per node. The
 * array is one kmalloc() object, so it holds at most VMA_MAX regions, where
 * Linux's default limit (vm.max_map_count) is 65,530: a call that would need
 * more fails with -ENOMEM, as Linux's past its limit.
 *
 * Every function runs under mm->lock (IRQs off; kmalloc() never sleeps). A
 * change that may need new entries first calls vma_reserve(), so that a refused
 * call changes nothing: the splits and inserts after it cannot fail.
 *
 * Adjacent regions with the same flags are merged, as Linux merges compatible
 * anonymous VMAs: mprotect() of a part and back leaves one region. vDSO pages
 * and shared memory merge only where their image or object and its page
 * offsets continue. Each region naming a shared memory object holds a reference
 * to it: a split takes one, a merge or a removal drops one. Private memory has
 * no anon_vma or page offset here, which keep Linux's VMAs of memory written
 * before an mremap() move apart: such regions merge here where Linux's stay two
 * (MREMAP_DONTUNMAP's moved range alone is kept apart when made: vma_link()).
 */
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <resource.h>
#include <shmem.h>
#include <slab.h>
#include <string.h>
#include <uapi/resource.h>

#define VMA_MAX		(KMALLOC_MAX_SIZE / sizeof(struct vm_area))
#define VMA_MIN_ALLOC	16

/* The index of the first region that ends above addr (nr_vmas: none). */
static unsigned int vma_index(struct mm *mm, unsigned long addr)
{
	unsigned int lo = 0, hi = mm->nr_vmas;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (mm->vmas[mid].end > addr)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

struct vm_area *find_vma(struct mm *mm, unsigned long addr)
{
	unsigned int i = vma_index(mm, addr);

	return i < mm->nr_vmas ? &mm->vmas[i] : NULL;
}

struct vm_area *vma_lookup(struct mm *mm, unsigned long addr)
{
	struct vm_area *vma = find_vma(mm, addr);

	return vma && vma->start <= addr ? vma : NULL;
}

struct vm_area *vma_prev(struct mm *mm, struct vm_area *vma)
{
	return vma > mm->vmas ? vma - 1 : NULL;
}

struct vm_area *vma_next(struct mm *mm, struct vm_area *vma)
{
	return vma + 1 < mm->vmas + mm->nr_vmas ? vma + 1 : NULL;
}

bool vma_intersects(struct mm *mm, unsigned long start, unsigned long end)
{
	struct vm_area *vma = find_vma(mm, start);

	return vma && vma->start < end;
}

int vma_reserve(struct mm *mm, unsigned int n)
{
	unsigned int want = mm->nr_vmas + n, max;
	struct vm_area *vmas;

	if (want <= mm->max_vmas)
		return 0;
	if (want > VMA_MAX)
		return -ENOMEM;
	max = MIN(MAX(want, MAX(2 * mm->max_vmas, VMA_MIN_ALLOC)), (unsigned int)VMA_MAX);
	vmas = kmalloc(max * sizeof(*vmas));
	if (!vmas)
		return -ENOMEM;
	memcpy(vmas, mm->vmas, mm->nr_vmas * sizeof(*vmas));
	kfree(mm->vmas);
	mm->vmas = vmas;
	mm->max_vmas = max;
	return 0;
}

/* Linux's is_data_mapping(): private, writable, not a stack. */
static void account(struct mm *mm, unsigned long flags, unsigned long start, unsigned long end,
		    bool add)
{
	unsigned long pages = (end - start) / PAGE_SIZE;

	mm->total_vm += add ? pages : -pages;
	if ((flags & (VM_WRITE | VM_SHARED | VM_GROWSDOWN)) == VM_WRITE)
		mm->data_vm += add ? pages : -pages;
}

bool may_expand_vm(struct mm *mm, unsigned long flags, unsigned long npages)
{
	unsigned long as = rlimit(RLIMIT_AS), data = rlimit(RLIMIT_DATA);

	if (mm->total_vm + npages > as / PAGE_SIZE || mm->total_vm + npages < npages)
		return false;
	return (flags & (VM_WRITE | VM_SHARED | VM_GROWSDOWN)) != VM_WRITE ||
	       mm->data_vm + npages <= data / PAGE_SIZE;
}

unsigned long vm_start_gap(const struct vm_area *vma)
{
	if (!(vma->flags & VM_GROWSDOWN))
		return vma->start;
	return vma->start > STACK_GUARD_GAP ? vma->start - STACK_GUARD_GAP : 0;
}

u64 vm_pte_flags(unsigned long flags)
{
	u64 shared = flags & VM_SHARED ? _PAGE_SHARED : 0;

	if (!(flags & VM_ACCESS_FLAGS))
		return _PAGE_PROTNONE | shared;
	return _PAGE_USER | shared | (flags & VM_WRITE ? _PAGE_RW : 0) |
	       (flags & VM_EXEC ? 0 : _PAGE_NX);
}



static void open_slot(struct mm *mm, unsigned int i)
{
	memmove(&mm->vmas[i + 1], &mm->vmas[i], (mm->nr_vmas - i) * sizeof(mm->vmas[0]));
	mm->nr_vmas++;
}

/* Drops the object references of the n regions from i on, and their slots. */
static void close_slots(struct mm *mm, unsigned int i, unsigned int n)
{
	for (unsigned int j = i; j < i + n; j++)
		if (mm->vmas[j].shm)
			shmem_put(mm->vmas[j].shm);
	memmove(&mm->vmas[i], &mm->vmas[i + n], (mm->nr_vmas - i - n) * sizeof(mm->vmas[0]));
	mm->nr_vmas -= n;
}

bool vma_split_forbidden(struct mm *mm, unsigned long addr)
{
	struct vm_area *vma = vma_lookup(mm, addr);

	return vma && vma->start != addr && (vma->flags & VM_SPECIAL_MAP);
}

void vma_split(struct mm *mm, unsigned long addr)
{
	struct vm_area *vma = vma_lookup(mm, addr);
	unsigned int i;

	if (!vma || vma->start == addr)
		return;
	i = vma - mm->vmas;
	open_slot(mm, i);		/* vmas[i] and vmas[i + 1] both hold the region now */
	mm->vmas[i + 1].start = addr;
	mm->vmas[i + 1].pgoff += (addr - mm->vmas[i].start) / PAGE_SIZE;
	mm->vmas[i].end = addr;
	if (mm->vmas[i].shm)
		shmem_get(mm->vmas[i].shm);
}

static bool mergeable(const struct vm_area *a, const struct vm_area *b)
{
	return a->end == b->start && a->flags == b->flags && a->shm == b->shm &&
	       ((!(a->flags & VM_SPECIAL_MAP) && !a->shm) ||
		a->pgoff + (a->end - a->start) / PAGE_SIZE == b->pgoff);
}

/* Merges every compatible pair of regions that meet in [start, end]. */
static void merge_range(struct mm *mm, unsigned long start, unsigned long end)
{
	unsigned int i = vma_index(mm, start ? start - 1 : 0);

	while (i + 1 < mm->nr_vmas && mm->vmas[i + 1].start <= end) {
		if (mergeable(&mm->vmas[i], &mm->vmas[i + 1])) {
			mm->vmas[i].end = mm->vmas[i + 1].end;
			close_slots(mm, i + 1, 1);
		} else {
			i++;
		}
	}
}

void vma_merge_at(struct mm *mm, unsigned long addr)
{
	merge_range(mm, addr, addr);
}

void vma_link(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags,
	      unsigned long pgoff, struct shmem *shm)
{
	unsigned int i = vma_index(mm, start);

	open_slot(mm, i);
	mm->vmas[i] = (struct vm_area){ start, end, flags, pgoff, shm };
	if (shm)
		shmem_get(shm);
	account(mm, flags, start, end, true);
}

void vma_insert(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags,
		unsigned long pgoff, struct shmem *shm)
{
	vma_link(mm, start, end, flags, pgoff, shm);
	merge_range(mm, start, end);
}

void vma_remove_range(struct mm *mm, unsigned long start, unsigned long end)
{
	unsigned int i, j;

	vma_split(mm, start);
	vma_split(mm, end);
	i = j = vma_index(mm, start);
	for (; j < mm->nr_vmas && mm->vmas[j].start < end; j++)
		account(mm, mm->vmas[j].flags, mm->vmas[j].start, mm->vmas[j].end, false);
	close_slots(mm, i, j - i);
}

void vma_set_flags(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags)
{
	vma_split(mm, start);
	vma_split(mm, end);
	for (unsigned int i = vma_index(mm, start); i < mm->nr_vmas && mm->vmas[i].start < end;
	     i++) {
		struct vm_area *vma = &mm->vmas[i];

		account(mm, vma->flags, vma->start, vma->end, false);
		vma->flags = flags;
		account(mm, vma->flags, vma->start, vma->end, true);
	}
	merge_range(mm, start, end);
}

/*
 * fork(): dst (new, empty) gets src's regions, each object one more reference.
 * -ENOMEM: dst has none.
 */
int vma_copy(struct mm *dst, struct mm *src)
{
	if (vma_reserve(dst, src->nr_vmas))
		return -ENOMEM;
	memcpy(dst->vmas, src->vmas, src->nr_vmas * sizeof(src->vmas[0]));
	dst->nr_vmas = src->nr_vmas;
	for (unsigned int i = 0; i < dst->nr_vmas; i++)
		if (dst->vmas[i].shm)
			shmem_get(dst->vmas[i].shm);
	dst->total_vm = src->total_vm;
	dst->data_vm = src->data_vm;
	return 0;
}

void vma_free_all(struct mm *mm)
{
	close_slots(mm, 0, mm->nr_vmas);
	kfree(mm->vmas);
	mm->vmas = NULL;
	mm->nr_vmas = mm->max_vmas = 0;
}
