// SPDX-License-Identifier: GPL-2.0
/*
 * The memory system calls: brk, mmap, munmap, mprotect, mremap, madvise, as
 * operations on the regions (include/mm.h, kernel/mm/vma.c) with Linux's rules:
 * each call's checks in Linux's order (mm/mmap.c, mm/mprotect.c, mm/mremap.c,
 * mm/madvise.c), RLIMIT_AS and RLIMIT_DATA counted from the regions
 * (may_expand_vm()), a stack's guard gap kept by every placement.
 *
 * Anonymous memory only: the one file that maps is /dev/zero, whose mapping is
 * anonymous memory (the file layer says which: file_mmap_check()). MAP_PRIVATE
 * memory gets its frames on first touch and is copied on write after fork
 * (kernel/mm/mm.c). MAP_SHARED memory is an object of its own, as Linux's
 * shmem_zero_setup() makes one (include/shmem.h): mmap() creates it, of the
 * mapping's size, and allocates nothing; its pages are allocated on first touch
 * and kept by the object, which every region naming it (fork's copies, an
 * mremap() of old_len 0) reaches. So a child forked before a page is first
 * touched shares it still, and a region grown past the object's size has no
 * page there (SIGBUS). A /dev/zero mapping at a file offset maps the object
 * from that page on, its size the mapping's all the same, as Linux's: the pages
 * at or past the size raise SIGBUS.
 *
 * Every change to the regions and page tables is made under mm->lock, since the
 * threads of a process share them; every change that removes a mapping or a
 * permission is followed, with the lock dropped, by a flush of every CPU running
 * the process, so that none keeps the old translation. A frame that loses its
 * mapping goes into a gather and is freed only after that flush (include/tlb.h).
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
#include <shmem.h>
#include <smp.h>
#include <syscalls.h>
#include <tlb.h>
#include <uapi/mman.h>
#include <uapi/resource.h>
#include <user_layout.h>
#include <vdso.h>

#define PROT_ALL	(PROT_READ | PROT_WRITE | PROT_EXEC)
/* Linux's LEGACY_MAP_MASK: what MAP_SHARED_VALIDATE accepts for a file (/dev/zero). */
#define LEGACY_MAP_MASK	(MAP_TYPE | MAP_FIXED | MAP_ANONYMOUS | MAP_DENYWRITE |	\
			 MAP_EXECUTABLE | MAP_UNINITIALIZED | MAP_GROWSDOWN |	\
			 MAP_LOCKED | MAP_NORESERVE | MAP_POPULATE | MAP_NONBLOCK | \
			 MAP_STACK | MAP_HUGETLB | MAP_32BIT | MAP_HUGE_2MB | MAP_HUGE_1GB)
#define MAP_32BIT_TOP	0x80000000UL	/* MAP_32BIT: below 2 GiB, as Linux */

/* Linux's PAGE_ALIGN(): 0 for a length within a page of the top. */
static unsigned long page_align(unsigned long len)
{
	return (len + PAGE_SIZE - 1) & PAGE_MASK;
}

/* Linux's TASK_SIZE: an i386 program's calls reach no address above its 4 GiB. */
static unsigned long task_size(void)
{
	return mm_task_size(current->mm);
}

/*
 * mm->lock held: the highest free [addr, addr + len) in [low, high), no closer
 * to a stack below than its guard gap; 0 when there is none.
 */
static unsigned long unmapped_area_topdown(struct mm *mm, unsigned long len, unsigned long low,
					   unsigned long high)
{
	unsigned long ceiling = high;

	for (unsigned int i = mm->nr_vmas; i-- > 0;) {
		const struct vm_area *vma = &mm->vmas[i];
		unsigned long floor = MAX(vma->end, low);

		if (floor < ceiling && ceiling - floor >= len)
			return ceiling - len;
		ceiling = MIN(ceiling, vm_start_gap(vma));
		if (ceiling <= low)
			return 0;
	}
	return ceiling > low && ceiling - low >= len ? ceiling - len : 0;
}

/*
 * mm->lock held: where a new mapping of len bytes goes (Linux's
 * arch_get_unmapped_area_topdown()). The hint if it is free and clear of a
 * stack's gap, else the highest free range below mmap_base (above the
 * programs' area), or for MAP_32BIT below 2 GiB and above the heap's limit if
 * the heap is there. -ENOMEM: no room.
 */
static long get_unmapped_area(struct mm *mm, unsigned long hint, unsigned long len,
			      unsigned long flags)
{
	unsigned long top = mm->mmap_base, low = mm->ia32 ? USER_MIN_ADDR : USER_SEGMENT_LIMIT;
	unsigned long addr;

	if (len > task_size())
		return -ENOMEM;
	if (flags & MAP_FIXED)
		return hint;
	hint = page_align(hint);
	if (hint && hint <= task_size() - len && hint >= USER_MIN_ADDR) {
		struct vm_area *next = find_vma(mm, hint);	/* the region before ends below */

		if (!next || hint + len <= vm_start_gap(next))
			return hint;
	}
	if (flags & MAP_32BIT) {
		top = MAP_32BIT_TOP;
		low = mm->brk_start < MAP_32BIT_TOP ? mm->brk_start + USER_HEAP_MAX : USER_MIN_ADDR;
	}
	addr = unmapped_area_topdown(mm, len, low, top);
	return addr ? (long)addr : -ENOMEM;
}

/*
 * mm->lock held: [start, end) has no region now; the page tables that map only
 * inside the hole around it, between the regions below and above, are freed.
 */
static void free_pgtables_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
				 unsigned long end)
{
	struct vm_area *next = find_vma(mm, start);
	struct vm_area *prev = next ? vma_prev(mm, next) :
			       mm->nr_vmas ? &mm->vmas[mm->nr_vmas - 1] : NULL;

	free_pgtables(tlb, mm->pml4, start, end, prev ? prev->end : 0,
		      next ? next->start : TASK_SIZE_MAX + PAGE_SIZE);
}

/*
 * mm->lock held: unmaps [start, end): the pages, then the regions. Holes are
 * skipped. -EINVAL if it would split the vDSO or the vvar region; -ENOMEM when
 * out of memory for the gather part way (the rest of the range stays mapped) or
 * for the split of a region at an end.
 */
static int do_munmap_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
			    unsigned long end)
{
	unsigned long left;

	if (vma_split_forbidden(mm, start) || vma_split_forbidden(mm, end))
		return -EINVAL;
	if (vma_reserve(mm, 2))
		return -ENOMEM;
	left = unmap_range(tlb, mm->pml4, start, end);
	vma_remove_range(mm, left, end);
	free_pgtables_locked(tlb, mm, left, end);
	return left == start ? 0 : -ENOMEM;
}

/* mm->lock held: how much of [start, end) is in regions (what MAP_FIXED replaces). */
static unsigned long replaced_bytes(struct mm *mm, unsigned long start, unsigned long end)
{
	unsigned long n = 0;

	for (struct vm_area *vma = find_vma(mm, start); vma && vma->start < end;
	     vma = vma_next(mm, vma))
		n += MIN(vma->end, end) - MAX(vma->start, start);
	return n;
}

/*
 * The heap: mm->brk is the break as the program set it (unaligned, as Linux
 * keeps it), the heap's region ends at its page. As Linux's brk(): a request is
 * range-checked before it is rounded (rounding ~0UL up wraps to 0, which would
 * look like a shrink of the heap down to address 0); growing stops a page short
 * of the next region (a stack's guard gap short of a stack), and never maps over
 * anything; a refused request returns the break unchanged.
 */
long sys_brk(struct pt_regs *regs)
{
	const unsigned long flags = VM_READ | VM_WRITE | VM_MAY_ALL;
	struct mm *mm = current->mm;
	unsigned long brk = regs->di, oldbrk, newbrk, irq;
	struct mmu_gather tlb;
	struct vm_area *next;

	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, irq);
	if (brk < mm->brk_start || brk - mm->brk_start > USER_HEAP_MAX ||
	    brk - mm->brk_start > rlimit(RLIMIT_DATA))
		goto out;
	newbrk = page_align(brk);
	oldbrk = page_align(mm->brk);
	if (newbrk == oldbrk)
		goto set;
	if (brk <= mm->brk) {
		/* Always allowed, if the heap is still there. */
		if (!vma_intersects(mm, newbrk, oldbrk) ||
		    do_munmap_locked(&tlb, mm, newbrk, oldbrk))
			goto out;
		goto set;
	}
	next = find_vma(mm, oldbrk);
	if (next && newbrk + PAGE_SIZE > vm_start_gap(next))
		goto out;
	if (!may_expand_vm(mm, flags, (newbrk - oldbrk) / PAGE_SIZE) || vma_reserve(mm, 1))
		goto out;
	vma_insert(mm, oldbrk, newbrk, flags, 0, NULL);
set:
	mm->brk = brk;
out:
	brk = mm->brk;
	spin_unlock_irqrestore(&mm->lock, irq);
	tlb_finish_mmu(&tlb);
	return brk;
}

/* The region flags of an anonymous mapping: Linux's calc_vm_prot_bits() and calc_vm_flag_bits(). */
static unsigned long mmap_vm_flags(unsigned long prot, unsigned long flags)
{
	return (prot & PROT_ALL) | VM_MAY_ALL | (flags & MAP_GROWSDOWN ? VM_GROWSDOWN : 0) |
	       (flags & MAP_LOCKED ? VM_LOCKED : 0) |
	       ((flags & MAP_TYPE) == MAP_PRIVATE ? 0 : VM_SHARED | VM_MAYSHARE);
}

/*
 * The type checks of Linux's do_mmap(): for /dev/zero (a file) MAP_SHARED
 * ignores the flags past LEGACY_MAP_MASK and MAP_SHARED_VALIDATE refuses them;
 * anonymous memory knows only MAP_SHARED and MAP_PRIVATE. A growing region is
 * never shared.
 */
static long mmap_type_check(unsigned long flags)
{
	unsigned long type = flags & MAP_TYPE;

	if (!(flags & MAP_ANONYMOUS) && type == MAP_SHARED_VALIDATE && (flags & ~LEGACY_MAP_MASK))
		return -EOPNOTSUPP;
	if (type == MAP_PRIVATE)
		return 0;
	if (type != MAP_SHARED && ((flags & MAP_ANONYMOUS) || type != MAP_SHARED_VALIDATE))
		return -EINVAL;
	return flags & MAP_GROWSDOWN ? -EINVAL : 0;
}

/*
 * Linux's ksys_mmap_pgoff() and do_mmap(): the file, then the length, the
 * address, the flags. Unknown flags are ignored, as Linux ignores them (only
 * MAP_SHARED_VALIDATE of a file refuses them). MAP_HUGETLB asks for huge pages
 * of which there are none: -ENOMEM, Linux's answer with vm.nr_hugepages at 0.
 */
static long do_mmap(unsigned long addr, unsigned long len, unsigned long prot,
		    unsigned long flags, unsigned long fd, unsigned long pgoff)
{
	struct mm *mm = current->mm;
	unsigned long vm_flags, huge = (flags >> MAP_HUGE_SHIFT) & MAP_HUGE_MASK, irq, replaced;
	struct shmem *shm = NULL;
	struct mmu_gather tlb;
	long ret;

	if (!(flags & MAP_ANONYMOUS)) {
		ret = file_mmap_check(fd, prot & PROT_WRITE, (flags & MAP_TYPE) != MAP_PRIVATE);
		if (ret)
			return ret;
		if (flags & MAP_HUGETLB)
			return -EINVAL;
	} else if (flags & MAP_HUGETLB) {
		return huge && huge != 21 && huge != 30 ? -EINVAL : -ENOMEM;
	}
	if (!len)
		return -EINVAL;
	if (flags & MAP_FIXED_NOREPLACE)
		flags |= MAP_FIXED;
	if (!(flags & MAP_FIXED) && (addr & PAGE_MASK) && addr < USER_MIN_ADDR)
		addr = USER_MIN_ADDR;			/* Linux's round_hint_to_min() */
	len = page_align(len);
	if (!len)
		return -ENOMEM;
	vm_flags = mmap_vm_flags(prot, flags);
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, irq);
	ret = get_unmapped_area(mm, addr, len, flags);
	if (ret < 0)
		goto out;
	addr = ret;
	/*
	 * Linux's mmap_min_addr: the lowest pages stay unmapped, so NULL dereferences
	 * fault. Linux answers -EPERM (cap_mmap_addr()) and lets CAP_SYS_RAWIO map
	 * there; entrylab refuses every caller, so that no kernel path ever has to
	 * tell a user address 0 from "none".
	 */
	ret = addr > task_size() - len ? -ENOMEM : (addr & ~PAGE_MASK) ? -EINVAL :
	      addr < USER_MIN_ADDR ? -EPERM : 0;
	if (!ret && (flags & MAP_FIXED_NOREPLACE) && vma_intersects(mm, addr, addr + len))
		ret = -EEXIST;
	if (!ret)
		ret = mmap_type_check(flags);
	if (ret)
		goto out;
	/* Checked before anything changes: a refused MAP_FIXED keeps what was there. */
	ret = -ENOMEM;
	replaced = replaced_bytes(mm, addr, addr + len);
	if (((vm_flags & VM_SHARED) && !(shm = shmem_create(len / PAGE_SIZE))) ||
	    vma_reserve(mm, 3) || !may_expand_vm(mm, vm_flags, (len - replaced) / PAGE_SIZE) ||
	    do_munmap_locked(&tlb, mm, addr, addr + len))
		goto out;
	/*
	 * Shared /dev/zero keeps the file offset as its offset into the object, of
	 * the mapping's size all the same (shmem_zero_setup()): its pages at or past
	 * the size raise SIGBUS. MAP_ANONYMOUS ignores the offset, as Linux does.
	 */
	vma_insert(mm, addr, addr + len, vm_flags, shm && !(flags & MAP_ANONYMOUS) ? pgoff : 0,
		   shm);
	ret = addr;
	if (((vm_flags & VM_LOCKED) || (flags & (MAP_POPULATE | MAP_NONBLOCK)) == MAP_POPULATE) &&
	    populate_range_locked(&tlb, mm, addr, addr + len)) {
		do_munmap_locked(&tlb, mm, addr, addr + len);
		ret = -ENOMEM;
	}
out:
	if (shm)
		shmem_put(shm);		/* the region holds its own reference, if made */
	spin_unlock_irqrestore(&mm->lock, irq);
	tlb_finish_mmu(&tlb);
	return ret;
}

long sys_mmap(struct pt_regs *regs)
{
	if (regs->r9 & ~PAGE_MASK)
		return -EINVAL;
	return do_mmap(regs->di, regs->si, regs->dx, regs->r10, regs->r8, regs->r9 >> PAGE_SHIFT);
}

/* Linux's do_vmi_munmap(): only a misaligned start, an empty range, or one past TASK_SIZE. */
long sys_munmap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, len = regs->si, flags;
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	long ret;

	if ((addr & ~PAGE_MASK) || addr > task_size() || len > task_size() - addr)
		return -EINVAL;
	len = page_align(len);
	if (!len)
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	ret = do_munmap_locked(&tlb, mm, addr, addr + len);
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}

/*
 * mm->lock held: Linux's mprotect_fixup() for [start, end) of vma: no split of
 * the vDSO or the vvar region (-EINVAL); a private
 * region made writable counts as data now (RLIMIT_DATA); the regions, then
 * their present entries, take the new flags.
 */
static int mprotect_fixup(struct mm *mm, struct vm_area *vma, unsigned long start,
			  unsigned long end, unsigned long newflags)
{
	unsigned long pages = (end - start) / PAGE_SIZE;

	if (vma_split_forbidden(mm, start) || vma_split_forbidden(mm, end))
		return -EINVAL;
	if ((newflags & VM_WRITE) && !may_expand_vm(mm, newflags, pages) &&
	    may_expand_vm(mm, vma->flags, pages))
		return -ENOMEM;
	if (vma_reserve(mm, 2))
		return -ENOMEM;
	vma_set_flags(mm, start, end, newflags);
	change_protection_locked(mm, start, end);
	return 0;
}

/*
 * Linux's do_mprotect_pkey(): region by region from start, each changed as far
 * as allowed; a hole (-ENOMEM) or a region that may not get the protection
 * (-EACCES: a VM_MAY* flag missing, as on the vvar page) ends the call with the
 * regions before it changed. PROT_GROWSDOWN extends the range down to the start
 * of the stack region it is in.
 */
long sys_mprotect(struct pt_regs *regs)
{
	unsigned long start = regs->di, len = regs->si, prot = regs->dx, end, tmp, irq;
	unsigned long grows = prot & (PROT_GROWSDOWN | PROT_GROWSUP);
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	struct vm_area *vma;
	long ret;

	prot &= ~(PROT_GROWSDOWN | PROT_GROWSUP);
	if (grows == (PROT_GROWSDOWN | PROT_GROWSUP) || (start & ~PAGE_MASK))
		return -EINVAL;
	if (!len)
		return 0;
	len = page_align(len);
	end = start + len;
	if (end <= start)
		return -ENOMEM;
	if (prot & ~(PROT_ALL | PROT_SEM))
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, irq);
	vma = find_vma(mm, start);
	ret = -ENOMEM;
	if (!vma)
		goto out;
	if (grows & PROT_GROWSDOWN) {
		if (vma->start >= end)
			goto out;
		start = vma->start;
		ret = -EINVAL;
		if (!(vma->flags & VM_GROWSDOWN))
			goto out;
	} else if (vma->start > start) {
		goto out;
	} else if (grows & PROT_GROWSUP) {
		ret = -EINVAL;			/* no region grows up on x86 */
		goto out;
	}
	ret = 0;
	for (tmp = start; tmp < end && !ret;) {
		unsigned long newflags, stop;

		vma = find_vma(mm, tmp);
		if (!vma || vma->start > tmp) {
			ret = -ENOMEM;
			break;
		}
		newflags = (prot & PROT_ALL) | (vma->flags & ~VM_ACCESS_FLAGS);
		if (newflags & ~(newflags >> 4) & VM_ACCESS_FLAGS) {
			ret = -EACCES;
			break;
		}
		stop = MIN(vma->end, end);
		ret = mprotect_fixup(mm, vma, tmp, stop, newflags);
		tlb_flush_later(&tlb, tmp, stop);
		tmp = stop;
	}
out:
	spin_unlock_irqrestore(&mm->lock, irq);
	tlb_finish_mmu(&tlb);
	return ret;
}

/*
 * mm->lock held: moves the pages of [from, from + len) to [to, to + len), frames
 * and all (the new range is empty); the old addresses go into tlb's flush.
 */
static int move_pages(struct mmu_gather *tlb, struct mm *mm, unsigned long from, unsigned long to,
		      unsigned long len)
{
	unsigned long va = from;
	pte_t *src, *dst;

	for (; (src = pte_lookup_next(mm->pml4, &va, from + len)); va += PAGE_SIZE) {
		if (!pte_mapped(*src))
			continue;
		dst = pte_alloc_user(mm->pml4, to + (va - from));
		if (!dst)
			return -ENOMEM;
		*dst = *src;
		*src = 0;
		tlb_flush_later(tlb, va, va + PAGE_SIZE);
	}
	return 0;
}

/*
 * mm->lock held: Linux's vma_to_resize(): the region of [addr, addr + old_len)
 * when the range lies in one, may grow to new_len and may be charged for it.
 * Only shared memory may be duplicated (old_len 0: a second mapping of the same
 * object); MREMAP_DONTUNMAP leaves the vDSO and the vvar page alone (-EINVAL).
 */
static struct vm_area *vma_to_resize(struct mm *mm, unsigned long addr, unsigned long old_len,
				     unsigned long new_len, unsigned long mflags, long *err)
{
	struct vm_area *vma = vma_lookup(mm, addr);

	*err = -EFAULT;
	if (!vma)
		return NULL;
	*err = -EINVAL;			/* a private mapping duplicated: Linux refuses */
	if (!old_len && !(vma->flags & VM_MAYSHARE))
		return NULL;
	if ((mflags & MREMAP_DONTUNMAP) && (vma->flags & (VM_DONTEXPAND | VM_PFNMAP)))
		return NULL;
	*err = -EFAULT;
	if (old_len > vma->end - addr)
		return NULL;
	if (new_len == old_len)
		return vma;
	if (vma->flags & (VM_DONTEXPAND | VM_PFNMAP))
		return NULL;
	*err = -ENOMEM;
	if (!may_expand_vm(mm, vma->flags, (new_len - old_len) / PAGE_SIZE))
		return NULL;
	return vma;
}

/*
 * mm->lock held: Linux's move_vma(): [addr, addr + old_len) of vma moves to the
 * empty [new, new + new_len), growing there by new_len - old_len (pages to be
 * faulted in; in shared memory, from the same object at the same offsets). The
 * vDSO and the vvar page move whole and keep their size, or not at all
 * (-EINVAL). With MREMAP_DONTUNMAP the old range keeps its region, emptied of
 * its pages (private memory reads zeros again, shared memory finds its object's
 * pages again), no longer locked, as Linux leaves it, and the moved range is a
 * region apart from it.
 */
static long move_vma(struct mmu_gather *tlb, struct mm *mm, struct vm_area *vma,
		     unsigned long addr, unsigned long old_len, unsigned long new,
		     unsigned long new_len, unsigned long mflags)
{
	unsigned long flags = vma->flags, pgoff = vma->pgoff + (addr - vma->start) / PAGE_SIZE;
	struct shmem *shm = vma->shm;

	if ((flags & VM_SPECIAL_MAP) && (!vdso_mapping_whole(mm, addr, old_len) ||
					  new_len != old_len))
		return -EINVAL;
	if (vma_reserve(mm, 5) || move_pages(tlb, mm, addr, new, old_len))
		return -ENOMEM;
	if (shm)
		shmem_get(shm);		/* lest the old region's removal free it */
	if (mflags & MREMAP_DONTUNMAP) {
		/* The moved range alone stays behind unlocked, as Linux's move_vma() splits it. */
		if (flags & VM_LOCKED)
			vma_set_flags(mm, addr, addr + old_len, flags & ~VM_LOCKED);
	} else if (old_len) {
		vma_remove_range(mm, addr, addr + old_len);
		free_pgtables_locked(tlb, mm, addr, addr + old_len);
	}
	if (mflags & MREMAP_DONTUNMAP) {
		/*
		 * Never merged with the range it left, as Linux 6.12's copy_vma() keeps a
		 * kept source apart: two regions, whichever side of it the move lands.
		 */
		vma_link(mm, new, new + new_len, flags, pgoff, shm);
		if (new != addr + old_len)
			vma_merge_at(mm, new);
		if (new + new_len != addr)
			vma_merge_at(mm, new + new_len);
	} else {
		vma_insert(mm, new, new + new_len, flags, pgoff, shm);
	}
	if (shm)
		shmem_put(shm);
	vdso_moved(mm, addr, new);	/* never with MREMAP_DONTUNMAP: vma_to_resize() */
	return new;
}

/*
 * mm->lock held: Linux's mremap_to(): to new (MREMAP_FIXED), replacing what is
 * there, the old range first cut to new_len; or (MREMAP_DONTUNMAP alone) to a
 * free area, new a hint. MREMAP_DONTUNMAP leaves the old range mapped: the
 * pages that move are counted twice (RLIMIT_AS, RLIMIT_DATA).
 */
static long mremap_to(struct mmu_gather *tlb, struct mm *mm, unsigned long addr,
		      unsigned long old_len, unsigned long new, unsigned long new_len,
		      unsigned long mflags)
{
	struct vm_area *vma;
	long err;

	if ((new & ~PAGE_MASK) || new_len > task_size() || new > task_size() - new_len ||
	    (addr + old_len > new && new + new_len > addr))
		return -EINVAL;
	if (mflags & MREMAP_FIXED) {
		if (new < USER_MIN_ADDR)
			return -EPERM;	/* the lowest pages stay unmapped, as for mmap() */
		if (do_munmap_locked(tlb, mm, new, new + new_len))
			return -ENOMEM;
	}
	if (old_len > new_len) {
		if (do_munmap_locked(tlb, mm, addr + new_len, addr + old_len))
			return -ENOMEM;
		old_len = new_len;
	}
	vma = vma_to_resize(mm, addr, old_len, new_len, mflags, &err);
	if (!vma)
		return err;
	if ((mflags & MREMAP_DONTUNMAP) && !may_expand_vm(mm, vma->flags, old_len / PAGE_SIZE))
		return -ENOMEM;
	if (!(mflags & MREMAP_FIXED)) {
		err = get_unmapped_area(mm, new, new_len,
					vma->flags & VM_MAYSHARE ? MAP_SHARED : 0);
		if (err < 0)
			return err;
		new = err;
	}
	return move_vma(tlb, mm, vma, addr, old_len, new, new_len, mflags);
}

/*
 * mremap(old, old_len, new_len, flags, new_addr), as Linux's: shrink in place
 * (an munmap() of the tail, wherever the pages are), grow in place when the old
 * range ends its region and the pages above are free, else move (MREMAP_MAYMOVE)
 * to a free area or (MREMAP_FIXED) to new_addr. The old range must lie in one
 * region (-EFAULT). A move takes the page table entries: the data is not copied.
 * MREMAP_DONTUNMAP moves without resizing (MREMAP_MAYMOVE, old_len == new_len as
 * passed, else -EINVAL) and leaves the old range mapped. An old_len of 0 maps
 * shared memory a second time, the same pages at both addresses.
 */
long sys_mremap(struct pt_regs *regs)
{
	unsigned long addr = regs->di, old_len = regs->si, new_len = regs->dx;
	unsigned long mflags = regs->r10, new = regs->r8, irq;
	struct mm *mm = current->mm;
	struct mmu_gather tlb;
	struct vm_area *vma;
	long ret;

	if ((mflags & ~(MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP)) ||
	    ((mflags & (MREMAP_FIXED | MREMAP_DONTUNMAP)) && !(mflags & MREMAP_MAYMOVE)) ||
	    ((mflags & MREMAP_DONTUNMAP) && old_len != new_len) || (addr & ~PAGE_MASK))
		return -EINVAL;
	old_len = page_align(old_len);
	new_len = page_align(new_len);
	if (!new_len)
		return -EINVAL;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, irq);
	ret = -EFAULT;
	if (!vma_lookup(mm, addr))
		goto out;
	if (mflags & (MREMAP_FIXED | MREMAP_DONTUNMAP)) {
		ret = mremap_to(&tlb, mm, addr, old_len, new, new_len, mflags);
		goto out;
	}
	if (old_len >= new_len) {
		ret = old_len == new_len ? 0 :
		      do_munmap_locked(&tlb, mm, addr + new_len, addr + old_len);
		ret = ret ?: (long)addr;
		goto out;
	}
	vma = vma_to_resize(mm, addr, old_len, new_len, mflags, &ret);
	if (!vma)
		goto out;
	if (old_len == vma->end - addr && addr + new_len > addr &&
	    !vma_intersects(mm, vma->end, addr + new_len) && addr + new_len <= task_size()) {
		/* Read first: a reserve may move the regions, and vma with them. */
		unsigned long end = vma->end, flags = vma->flags;
		unsigned long pgoff = vma->pgoff + (end - vma->start) / PAGE_SIZE;
		struct shmem *shm = vma->shm;

		ret = -ENOMEM;
		if (vma_reserve(mm, 1))
			goto out;
		/* Shared memory: the object keeps its size (SIGBUS past it). */
		vma_insert(mm, end, addr + new_len, flags, pgoff, shm);
		ret = addr;
		goto out;
	}
	ret = -ENOMEM;
	if (!(mflags & MREMAP_MAYMOVE))
		goto out;
	ret = get_unmapped_area(mm, 0, new_len, vma->flags & VM_MAYSHARE ? MAP_SHARED : 0);
	if (ret >= 0)
		ret = move_vma(&tlb, mm, vma, addr, old_len, ret, new_len, mflags);
out:
	spin_unlock_irqrestore(&mm->lock, irq);
	tlb_finish_mmu(&tlb);
	return ret;
}

/*
 * mm->lock held: MADV_DONTNEED on [start, end) of vma, as Linux's zap: the
 * pages are unmapped. Private ones lose their frames (the next touch reads
 * zeros; the vDSO's, its own pages again); shared ones live on in their object,
 * and the next touch maps the same page again. The vvar page refuses (-EINVAL),
 * and so do locked regions but to MADV_DONTNEED_LOCKED, as Linux's
 * madvise_dontneed_free_valid_vma(); MADV_FREE refuses shared memory (not
 * anonymous, for Linux).
 */
static int madvise_dontneed(struct mmu_gather *tlb, struct mm *mm, struct vm_area *vma,
			    unsigned long start, unsigned long end, int advice)
{
	if ((vma->flags & (advice == MADV_DONTNEED_LOCKED ? VM_PFNMAP : VM_LOCKED | VM_PFNMAP)) ||
	    ((vma->flags & VM_SHARED) && advice == MADV_FREE))
		return -EINVAL;
	return unmap_range(tlb, mm->pml4, start, end) == start ? 0 : -ENOMEM;
}

/*
 * mm->lock held: [start, end) of vma gets flags, split from the rest and merged
 * with its neighbours as Linux's madvise_update_vma(): 0, -EINVAL for a split
 * of the vDSO or the vvar region (Linux's special_mapping_split()), -ENOMEM.
 * vma is stale after it.
 */
static int madvise_update_flags(struct mm *mm, struct vm_area *vma, unsigned long start,
				unsigned long end, unsigned long flags)
{
	if (flags == vma->flags)
		return 0;
	if (vma_split_forbidden(mm, start) || vma_split_forbidden(mm, end))
		return -EINVAL;
	if (vma_reserve(mm, 2))
		return -ENOMEM;
	vma_set_flags(mm, start, end, flags);
	return 0;
}

/*
 * mm->lock held: the advice for [start, end) of vma, as Linux's
 * madvise_vma_behavior(): 0, or the error that ends the walk. vma may be stale
 * after it.
 */
static int madvise_vma_locked(struct mmu_gather *tlb, struct mm *mm, struct vm_area *vma,
			      unsigned long start, unsigned long end, int advice)
{
	switch (advice) {
	case MADV_DONTNEED:
	case MADV_DONTNEED_LOCKED:
	case MADV_FREE:		/* "may be freed": freeing now is allowed */
		return madvise_dontneed(tlb, mm, vma, start, end, advice);
	case MADV_COLD:
	case MADV_PAGEOUT:
		/*
		 * Age or write out the pages: without swap nothing here would; the
		 * regions Linux's can_madv_lru_vma() refuses are refused the same.
		 */
		return vma->flags & (VM_LOCKED | VM_PFNMAP) ? -EINVAL : 0;
	case MADV_WIPEONFORK:
		/*
		 * Private anonymous memory only: Linux refuses a shared region and a
		 * file's, which the program's segments are (VM_IMAGE, their bss too).
		 */
		if (vma->flags & (VM_SHARED | VM_IMAGE))
			return -EINVAL;
		return madvise_update_flags(mm, vma, start, end, vma->flags | VM_WIPEONFORK);
	case MADV_KEEPONFORK:
		return madvise_update_flags(mm, vma, start, end, vma->flags & ~VM_WIPEONFORK);
	}
	return 0;		/* a hint entrylab has no use for */
}

/*
 * Linux 6.12's madvise_behavior_valid() (Debian's build: KSM and THP in), less
 * the advice entrylab does not implement (-EINVAL): MADV_REMOVE, COLLAPSE,
 * HWPOISON, SOFT_OFFLINE.
 */
static bool madvise_behavior_valid(int advice)
{
	switch (advice) {
	case MADV_NORMAL:
	case MADV_RANDOM:
	case MADV_SEQUENTIAL:
	case MADV_WILLNEED:
	case MADV_DONTNEED:
	case MADV_FREE:
	case MADV_DONTFORK:
	case MADV_DOFORK:
	/* Same-page merging (KSM): entrylab has none, so the advice changes nothing. */
	case MADV_MERGEABLE:
	case MADV_UNMERGEABLE:
	case MADV_HUGEPAGE:
	case MADV_NOHUGEPAGE:
	case MADV_DONTDUMP:
	case MADV_DODUMP:
	case MADV_WIPEONFORK:
	case MADV_KEEPONFORK:
	case MADV_COLD:
	case MADV_PAGEOUT:
	case MADV_POPULATE_READ:
	case MADV_POPULATE_WRITE:
	case MADV_DONTNEED_LOCKED:
		return true;
	}
	return false;
}

/*
 * Linux's do_madvise(): the advice, the address and the length checked first;
 * then each region of the range is advised, and a hole anywhere makes the
 * answer -ENOMEM when the rest is done; MADV_POPULATE_* stop at the hole
 * instead (madvise_populate_locked()).
 */
long sys_madvise(struct pt_regs *regs)
{
	unsigned long start = regs->di, len = page_align(regs->si), end, flags;
	struct mm *mm = current->mm;
	int advice = (int)regs->dx;
	struct mmu_gather tlb;
	struct vm_area *vma;
	bool populate = advice == MADV_POPULATE_READ || advice == MADV_POPULATE_WRITE;
	unsigned long stop;
	long ret = 0;
	int err;

	if (!madvise_behavior_valid(advice))
		return -EINVAL;
	if ((start & ~PAGE_MASK) || (regs->si && !len))
		return -EINVAL;
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	if (populate)
		ret = madvise_populate_locked(&tlb, mm, start, end, advice == MADV_POPULATE_WRITE);
	for (unsigned long va = start; !populate && va < end && ret != -EINVAL;) {
		vma = find_vma(mm, va);
		if (!vma || vma->start >= end) {
			ret = -ENOMEM;
			break;
		}
		if (vma->start > va)
			ret = -ENOMEM;
		va = MAX(va, vma->start);
		stop = MIN(vma->end, end);
		err = madvise_vma_locked(&tlb, mm, vma, va, stop, advice);
		if (err) {
			ret = err;
			break;
		}
		va = stop;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}
