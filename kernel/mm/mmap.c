// SPDX-License-Identifier: GPL-2.0
/*
 * The memory system calls: brk, mmap, munmap, mprotect, mremap, madvise.
 * Anonymous memory only: the one file that maps is /dev/zero, whose mapping is
 * anonymous memory (the file layer says which: file_mmap_check()); an offset
 * must be page-aligned, as on Linux, though nothing reads it. MAP_PRIVATE
 * memory is copied on write after fork (kernel/mm/mm.c); MAP_SHARED memory
 * stays one set of frames for the process and every child it forks
 * (_PAGE_SHARED), as Linux's shared anonymous memory. Memory is allocated when
 * mapped, not on first touch, except private PROT_NONE reservations, which get
 * their frames when mprotect() makes them accessible: glibc reserves 128 MiB
 * for each malloc arena that way. A shared one gets them at once, so that a
 * child forked before the mprotect() shares them too.
 *
 * Every change to the page tables is made under mm->lock, since the threads of
 * a process share them; every change that removes a mapping or a permission is
 * followed, with the lock dropped, by a flush of every CPU running the process,
 * so that none keeps the old translation. A frame that loses its mapping goes
 * into a gather and is freed only after that flush (include/tlb.h). The checks
 * that decide the answer come before the first change: a refused call changes
 * nothing.
 */
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <mm.h>
#include <pmm.h>
#include <resource.h>
#include <sched.h>
#include <smp.h>
#include <syscalls.h>
#include <tlb.h>
#include <uapi/mman.h>
#include <user_layout.h>
#include <vdso.h>

#define PROT_ALL	(PROT_READ | PROT_WRITE | PROT_EXEC)
/*
 * Accepted, with nothing to do: memory is always populated and reserved, the
 * stack hint changes nothing, DENYWRITE and EXECUTABLE are ignored by Linux too.
 * MAP_GROWSDOWN maps the range as asked; it does not grow on a fault below it.
 */
#define MAP_ACCEPTED	(MAP_TYPE | MAP_ANONYMOUS | MAP_FIXED | MAP_32BIT | MAP_GROWSDOWN | \
			 MAP_DENYWRITE | MAP_EXECUTABLE | MAP_NORESERVE | MAP_POPULATE |  \
			 MAP_STACK | MAP_FIXED_NOREPLACE)
#define MAP_32BIT_TOP	0x80000000UL	/* MAP_32BIT: below 2 GiB, as Linux */

static u64 prot_to_pte(unsigned long prot)
{
	if (!(prot & PROT_ALL))
		return _PAGE_PROTNONE;
	return _PAGE_USER | (prot & PROT_WRITE ? _PAGE_RW : 0) | (prot & PROT_EXEC ? 0 : _PAGE_NX);
}

/*
 * A page-aligned user range that does not wrap and ends below the program's
 * TASK_SIZE: an i386 program's calls reach no address above its 4 GiB.
 */
static bool range_ok(unsigned long addr, unsigned long len)
{
	unsigned long size = mm_task_size(current->mm);

	return !(addr & ~PAGE_MASK) && len && addr >= USER_MIN_ADDR && len <= size &&
	       addr <= size - len;
}

/* mm->lock held: does [start, end) hold a page of the vDSO or the vvar (arch/x86/vdso/vma.c)? */
static bool pages_special(struct mm *mm, unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		pte_t *pte = pte_lookup(mm->pml4, va);

		if (pte && pte_mapped(*pte) && (*pte & _PAGE_SPECIAL))
			return true;
	}
	return false;
}

/* mm->lock held: how many pages of [start, end) are mapped. */
static unsigned long pages_mapped(struct mm *mm, unsigned long start, unsigned long end)
{
	unsigned long n = 0;

	for (unsigned long va = start; va < end; va += PAGE_SIZE)
		n += translate(mm->pml4, va, NULL, NULL);
	return n;
}

/*
 * mm->lock held: maps [start, end) zero-filled, or reserves it (PROT_NONE). A
 * shared PROT_NONE page gets its frame now, for the children forked before it is
 * made accessible.
 */
static int map_anon(struct mm *mm, unsigned long start, unsigned long end, u64 pte_flags)
{
	if (!(pte_flags & _PAGE_PROTNONE))
		return mm_map_zeroed(mm, start, end, pte_flags);
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		pte_t *pte = pte_alloc_user(mm->pml4, va);
		phys_addr_t pa = 0;

		if (!pte)
			return -ENOMEM;
		if ((pte_flags & _PAGE_SHARED) && !(pa = alloc_frame()))
			return -ENOMEM;
		*pte = pa | pte_flags;
	}
	return 0;
}

/*
 * mm->lock held: where a new mapping of len bytes goes. The hint if it is free
 * (as Linux), else below the lowest mapping made so far, or, for MAP_32BIT,
 * below 2 GiB but above the heap's limit if the heap is there. 0: no room.
 */
static unsigned long get_unmapped_area(struct mm *mm, unsigned long hint, unsigned long len,
				       unsigned long flags)
{
	unsigned long top = flags & MAP_32BIT ? MAP_32BIT_TOP : mm->mmap_base;
	unsigned long floor = !(flags & MAP_32BIT) ? USER_SEGMENT_LIMIT :
			      mm->brk_start < MAP_32BIT_TOP ? mm->brk_start + USER_HEAP_MAX :
			      USER_MIN_ADDR;		/* a static-PIE's heap is not down there */

	hint = ALIGN_DOWN(hint, PAGE_SIZE);
	if (hint && range_ok(hint, len) && !pages_mapped(mm, hint, hint + len))
		return hint;
	if (flags & MAP_32BIT) {
		for (unsigned long va = top - len; va >= floor && va < top; va -= PAGE_SIZE)
			if (!pages_mapped(mm, va, va + len))
				return va;
		return 0;
	}
	if (len > top - floor)
		return 0;
	mm->mmap_base = top - len;
	return mm->mmap_base;
}

/*
 * The heap: mm->brk is the break as the program set it (unaligned, as Linux
 * keeps it); pages are mapped up to ALIGN_UP(brk). The request is range-checked
 * before it is rounded: rounding ~0UL up wraps to 0, which would look like a
 * shrink of the heap down to address 0.
 */
long sys_brk(struct pt_regs *regs)
{
	struct mm *mm = current->mm;
	unsigned long req = regs->di, old_end, new_end, flags, ret, left;
	struct mmu_gather tlb;

	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	old_end = new_end = ALIGN_UP(mm->brk, PAGE_SIZE);
	ret = mm->brk;
	if (req < mm->brk_start || req - mm->brk_start > USER_HEAP_MAX ||
	    req - mm->brk_start > rlimit(RLIMIT_DATA))
		goto out;
	new_end = ALIGN_UP(req, PAGE_SIZE);
	if (new_end > old_end && (rlimit_as_exceeded(mm, new_end - old_end) ||
				  mm_map_zeroed(mm, old_end, new_end, _PAGE_RW | _PAGE_NX)))
		goto out;
	if (new_end < old_end) {
		left = unmap_range(&tlb, mm->pml4, new_end, old_end);
		if (left != new_end) {
			ret = mm->brk = left;	/* out of memory part way: the break that is */
			goto out;
		}
	}
	ret = mm->brk = req;
out:
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}

long sys_mmap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), replaced = 0;
	unsigned long prot = regs->dx, flags = regs->r10, irq;
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	long ret;

	if (!regs->si || !len || (prot & ~PROT_ALL))
		return -EINVAL;
	if ((flags & MAP_TYPE) == MAP_SHARED_VALIDATE && (flags & ~MAP_ACCEPTED))
		return -EOPNOTSUPP;
	if ((flags & ~MAP_ACCEPTED) || !(flags & MAP_TYPE) || (regs->r9 & ~PAGE_MASK))
		return -EINVAL;
	if (!(flags & MAP_ANONYMOUS)) {
		ret = file_mmap_check(regs->r8, prot & PROT_WRITE,
				      (flags & MAP_TYPE) != MAP_PRIVATE);
		if (ret)
			return ret;
	}
	if ((flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) && !range_ok(addr, len))
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, irq);
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		replaced = pages_mapped(mm, addr, addr + len);
		ret = -EEXIST;
		if (replaced && (flags & MAP_FIXED_NOREPLACE))
			goto out;
	} else {
		ret = -ENOMEM;
		addr = get_unmapped_area(mm, addr, len, flags);
		if (!addr)
			goto out;
	}
	/* Checked before anything changes: a refused MAP_FIXED keeps what was there. */
	ret = -ENOMEM;
	if (rlimit_as_exceeded(mm, len - replaced * PAGE_SIZE))
		goto out;
	/* The replaced frames are freed after the flush, never reused by map_anon(). */
	if (unmap_range(&tlb, mm->pml4, addr, addr + len) != addr)
		goto out;
	ret = addr;
	if (map_anon(mm, addr, addr + len,
		     prot_to_pte(prot) | (flags & MAP_SHARED ? _PAGE_SHARED : 0))) {
		unmap_range(&tlb, mm->pml4, addr, addr + len);
		ret = -ENOMEM;
	}
out:
	spin_unlock_irqrestore(&mm->lock, irq);
	tlb_finish_mmu(&tlb);
	return ret;
}

long sys_munmap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), flags;
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	long ret;

	if (!range_ok(addr, len))
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	ret = unmap_range(&tlb, mm->pml4, addr, addr + len) == addr ? 0 : -ENOMEM;
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}

long sys_mprotect(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), prot = regs->dx;
	struct mm *mm = current->mm;
	unsigned long flags;
	long ret = 0;

	if ((addr & ~PAGE_MASK) || (prot & ~PROT_ALL) || !access_ok((void __user *)addr, len))
		return -EINVAL;
	if (!len)
		return 0;
	spin_lock_irqsave(&mm->lock, flags);
	/* As Linux: the whole range must be mapped, or nothing changes. */
	if (pages_mapped(mm, addr, addr + len) != len / PAGE_SIZE)
		ret = -ENOMEM;
	else if ((prot & PROT_WRITE) && pages_special(mm, addr, addr + len))
		ret = -EACCES;	/* the vDSO and the vvar are every process's */
	for (unsigned long va = addr; !ret && va < addr + len; va += PAGE_SIZE)
		ret = protect_page(mm->pml4, va, prot_to_pte(prot));
	spin_unlock_irqrestore(&mm->lock, flags);
	flush_tlb_mm_range(mm, addr, addr + len);
	return ret;
}

/*
 * mm->lock held: moves the pages of [from, from + len) to [to, to + len), frames
 * and all; the old addresses go into tlb's flush.
 */
static int move_pages(struct mmu_gather *tlb, struct mm *mm, unsigned long from, unsigned long to,
		      unsigned long len)
{
	for (unsigned long off = 0; off < len; off += PAGE_SIZE) {
		pte_t *src = pte_lookup(mm->pml4, from + off), *dst;

		if (!src || !pte_mapped(*src))
			continue;
		dst = pte_alloc_user(mm->pml4, to + off);
		if (!dst)
			return -ENOMEM;
		*dst = *src;
		*src = 0;
		flush_tlb_one(from + off);
		tlb_flush_later(tlb, from + off, from + off + PAGE_SIZE);
	}
	return 0;
}

/* mm->lock held: the permissions of the page at va, for pages added next to it. */
static u64 pte_prot(struct mm *mm, unsigned long va)
{
	pte_t *pte = pte_lookup(mm->pml4, va);
	u64 e = *pte;

	if (!(e & _PAGE_PRESENT))
		return _PAGE_PROTNONE | (e & _PAGE_SHARED);
	return (e & (_PAGE_USER | _PAGE_NX | _PAGE_SHARED)) |
	       (e & (_PAGE_RW | _PAGE_COW) ? _PAGE_RW : 0);
}

/*
 * mremap(old, old_len, new_len, flags, new_addr): shrink in place, grow in
 * place when the pages above are free, else move (MREMAP_MAYMOVE) to a free
 * area or (MREMAP_FIXED) to new_addr, replacing what was there. A move takes
 * the page table entries: the data is not copied.
 */
long sys_mremap(struct pt_regs *regs)
{
	unsigned long old = regs->di, old_len = ALIGN_UP(regs->si, PAGE_SIZE);
	unsigned long new_len = ALIGN_UP(regs->dx, PAGE_SIZE), mflags = regs->r10;
	unsigned long new = regs->r8, flags;
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	u64 prot;
	long ret;

	if ((mflags & ~(MREMAP_MAYMOVE | MREMAP_FIXED)) || (old & ~PAGE_MASK) || !new_len ||
	    !regs->dx || ((mflags & MREMAP_FIXED) && !(mflags & MREMAP_MAYMOVE)))
		return -EINVAL;
	if (!old_len || !range_ok(old, old_len))
		return -EFAULT;
	if ((mflags & MREMAP_FIXED) &&
	    (!range_ok(new, new_len) || (new < old + old_len && old < new + new_len)))
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	ret = -EFAULT;
	if (pages_mapped(mm, old, old + old_len) != old_len / PAGE_SIZE)
		goto out;	/* Linux: the old range must be one mapping */
	ret = -EINVAL;	/* the vDSO or the vvar page moves whole, or not at all */
	if (pages_special(mm, old, old + old_len) &&
	    (!vdso_mapping_whole(mm, old, old_len) || new_len != old_len))
		goto out;
	prot = pte_prot(mm, old + old_len - PAGE_SIZE);
	ret = -ENOMEM;
	if (new_len > old_len && rlimit_as_exceeded(mm, new_len - old_len))
		goto out;
	if (!(mflags & MREMAP_FIXED)) {
		if (new_len <= old_len) {
			if (unmap_range(&tlb, mm->pml4, old + new_len, old + old_len) ==
			    old + new_len)
				ret = old;
			goto out;
		}
		if (range_ok(old, new_len) && !pages_mapped(mm, old + old_len, old + new_len)) {
			ret = map_anon(mm, old + old_len, old + new_len, prot) ? -ENOMEM :
										  (long)old;
			goto out;
		}
		if (!(mflags & MREMAP_MAYMOVE))
			goto out;
		new = get_unmapped_area(mm, 0, new_len, 0);
		if (!new)
			goto out;
	}
	if (unmap_range(&tlb, mm->pml4, new, new + new_len) != new ||
	    move_pages(&tlb, mm, old, new, MIN(old_len, new_len)))
		goto out;
	vdso_moved(mm, old, new);
	if (unmap_range(&tlb, mm->pml4, old, old + old_len) != old)	/* a shrinking
									 * move's tail */
		goto out;
	ret = new;
	if (new_len > old_len && map_anon(mm, new + old_len, new + new_len, prot))
		ret = -ENOMEM;
out:
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}

/*
 * mm->lock held: MADV_DONTNEED: each mapped page reads as zeros from now on. The
 * old frames go into tlb, to be freed after the flush.
 */
static int zap_to_zero(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
		       unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		pte_t *pte = pte_lookup(mm->pml4, va);
		phys_addr_t pa;

		/*
		 * The vDSO's pages read the same after a zap: nothing to do. So do
		 * MAP_SHARED ones: on Linux the data lives on in the shared memory
		 * object, and the next touch maps the same page again.
		 */
		if (!pte || !pte_frame(*pte) || (*pte & (_PAGE_SPECIAL | _PAGE_SHARED)))
			continue;
		if (!(*pte & _PAGE_PRESENT)) {
			/* PROT_NONE: back to a reservation (no TLB holds it: not present) */
			if (!tlb_remove_frame(tlb, va, pte_frame(*pte)))
				return -ENOMEM;
			*pte = _PAGE_PROTNONE;
			continue;
		}
		pa = alloc_frame();
		if (!pa || !tlb_remove_frame(tlb, va, pte_frame(*pte))) {
			if (pa)
				free_frame(pa);
			return -ENOMEM;
		}
		*pte = (*pte & ~(PTE_ADDR_MASK | _PAGE_COW)) | pa |
		       (*pte & _PAGE_COW ? _PAGE_RW : 0);
		flush_tlb_one(va);
	}
	return 0;
}

long sys_madvise(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = ALIGN_UP(regs->si, PAGE_SIZE), flags;
	struct mm *mm = current->mm;
	int advice = (int)regs->dx;
	struct mmu_gather tlb;
	long ret = 0;

	if ((addr & ~PAGE_MASK) || !access_ok((void __user *)addr, len))
		return -EINVAL;
	switch (advice) {
	case MADV_DONTNEED:
	case MADV_FREE:		/* "may be freed": freeing now is allowed */
		break;
	case MADV_NORMAL:
	case MADV_RANDOM:
	case MADV_SEQUENTIAL:
	case MADV_WILLNEED:
	case MADV_DONTFORK:
	case MADV_DOFORK:
	case MADV_HUGEPAGE:
	case MADV_NOHUGEPAGE:
	case MADV_DONTDUMP:
	case MADV_DODUMP:
		advice = -1;	/* a hint entrylab has no use for */
		break;
	default:
		return -EINVAL;
	}
	if (!len)
		return 0;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	if (pages_mapped(mm, addr, addr + len) != len / PAGE_SIZE)
		ret = -ENOMEM;	/* as Linux: part of the range is not mapped */
	else if (advice >= 0)
		ret = zap_to_zero(&tlb, mm, addr, addr + len);
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}
