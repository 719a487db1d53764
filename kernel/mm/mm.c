// SPDX-License-Identifier: GPL-2.0
/*
 * User address spaces: creating one, sharing it (threads, vfork), copying it
 * copy-on-write (fork), and the page fault that fills them in.
 *
 * A region (include/mm.h) says what may be at an address; the page tables say
 * what is there so far. A page of anonymous private memory gets its frame on the
 * first touch: handle_mm_fault() finds the region, checks the access against its
 * flags as Linux's access_error(), and maps the shared zero page for a read (read
 * only, _PAGE_SPECIAL: no owner count) or a zeroed frame for a write. So glibc's
 * 128 MiB arena reservations and Go's heap cost nothing until used.
 *
 * fork() copies no user memory. Both address spaces map the same frames,
 * read-only and marked _PAGE_COW where the page was writable, and each frame
 * counts its owners (kernel/mm/pmm.c). The first write from either side faults;
 * the writer gets a private copy, or, when the other side has dropped the frame
 * meanwhile (it exited, or already copied), the page is simply made writable
 * again. The zero page and the vDSO's pages are always copied, never taken over:
 * they are the kernel's.
 *
 * Shared anonymous memory is never copied: a region of it names an object that
 * holds its pages (include/shmem.h). A fault there maps the object's page,
 * allocated zeroed on the first touch by any sharer; a fault at a page past the
 * object's size (a region grown by mremap()) is SIGBUS, as Linux's shmem_fault().
 *
 * A fault just below a VM_GROWSDOWN region (the stack) grows it, as Linux's
 * expand_downwards(): within RLIMIT_STACK and never closer than STACK_GUARD_GAP
 * to an accessible region below.
 *
 * The kernel's own accesses fault the same way: copy_to_user() and friends take
 * this fault (arch/x86/mm/fault.c); access_remote_vm() (ptrace, process_vm_readv,
 * execve loading a program) resolves each page here under the lock.
 */
#include <asm/ldt.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/traps.h>
#include <errno.h>
#include <mm.h>
#include <pmm.h>
#include <resource.h>
#include <sched.h>
#include <shmem.h>
#include <smp.h>
#include <string.h>
#include <tlb.h>
#include <uapi/resource.h>
#include <user_layout.h>
#include <vdso.h>

/* Linux's ZERO_PAGE: what every untouched private page reads, mapped read-only. */
static const u8 empty_zero_page[PAGE_SIZE] __aligned(PAGE_SIZE);

struct mm *mm_alloc(void)
{
	struct mm *mm = alloc_page_object();

	_Static_assert(sizeof(struct mm) <= PAGE_SIZE, "struct mm outgrew its page");
	if (!mm)
		return NULL;
	mm->pml4 = pml4_alloc_user();
	if (!mm->pml4) {
		free_page_object(mm);
		return NULL;
	}
	mm->lock = (spinlock_t)SPINLOCK_INIT(mm_lock);
	mm->users = 1;
	return mm;
}

void mm_get(struct mm *mm)
{
	__atomic_add_fetch(&mm->users, 1, __ATOMIC_RELAXED);
}

/* The last user frees the page tables and drops every frame; none may have it loaded. */
void mm_put(struct mm *mm)
{
	if (__atomic_sub_fetch(&mm->users, 1, __ATOMIC_ACQ_REL))
		return;
	ldt_free(mm);			/* first: with PTI it is mapped in the tables */
	pml4_free_user(mm->pml4);
	vma_free_all(mm);
	free_page_object(mm);
}

/*
 * A fork child's regions advised MADV_WIPEONFORK lose the pages just shared
 * with the parent. No task runs mm yet: no CPU holds its translations, and its
 * lock is taken only as every change to regions and tables takes it. 0 or
 * -ENOMEM.
 */
static int wipe_on_fork(struct mm *mm)
{
	struct mmu_gather tlb;
	unsigned long flags;
	unsigned int i = 0;
	int err = 0;

	/* Most forks have no such region: no gather and no lock for them. */
	while (i < mm->nr_vmas && !(mm->vmas[i].flags & VM_WIPEONFORK))
		i++;
	if (i == mm->nr_vmas)
		return 0;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	for (; i < mm->nr_vmas && !err; i++) {
		struct vm_area *vma = &mm->vmas[i];

		if ((vma->flags & VM_WIPEONFORK) &&
		    unmap_range(&tlb, mm->pml4, vma->start, vma->end) != vma->start)
			err = -ENOMEM;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);		/* the frames' references dropped, IRQs on */
	return err;
}

/**
 * mm_dup - the address space of a fork() child
 * @old: the parent's, in use by the caller
 *
 * The regions are copied; every private page of @old becomes shared
 * copy-on-write: read-only in both until written. The parent's own writable
 * entries lose RW here, so every CPU that runs @old (its other threads) must drop
 * its TLB entries for them. A region advised MADV_WIPEONFORK keeps its flag in
 * the child but none of its pages: they start zeroed there, as Linux's
 * dup_mmap() leaves them uncopied.
 */
struct mm *mm_dup(struct mm *old)
{
	struct mm *mm = mm_alloc();
	unsigned long flags;
	int err;

	if (!mm)
		return NULL;
	spin_lock_irqsave(&old->lock, flags);
	err = vma_copy(mm, old);
	if (!err)
		err = pml4_copy_user_cow(mm->pml4, old->pml4);
	mm->brk_start = old->brk_start;
	mm->brk = old->brk;
	mm->start_stack = old->start_stack;
	mm->mmap_base = old->mmap_base;
	mm->vdso = old->vdso;
	mm->vvar = old->vvar;
	mm->exe = old->exe;
	mm->exe_size = old->exe_size;
	mm->ia32 = old->ia32;
	if (!err)
		err = ldt_dup_locked(mm, old);
	spin_unlock_irqrestore(&old->lock, flags);
	flush_tlb_mm_range(old, 0, TASK_SIZE_MAX);
	if (!err)
		err = wipe_on_fork(mm);
	if (err) {
		mm_put(mm);
		return NULL;
	}
	return mm;
}

/*
 * mm->lock held: [start, end) gets flags where nothing is mapped; a part already
 * in a region (two ELF segments may share a page: the end of one and the start
 * of the next) gains the union of both permissions, as the page would on Linux.
 * The present entries there follow (change_protection_locked()).
 */
static int map_anon_locked(struct mm *mm, unsigned long start, unsigned long end,
			   unsigned long flags)
{
	unsigned long va = start;

	while (va < end) {
		struct vm_area *vma;
		unsigned long stop;

		/* First: a reserve may move the regions, and vma with them. */
		if (vma_reserve(mm, 3))
			return -ENOMEM;
		vma = find_vma(mm, va);
		if (!vma || vma->start > va) {
			stop = vma ? MIN(vma->start, end) : end;
			vma_insert(mm, va, stop, flags, 0, NULL);
		} else {
			stop = MIN(vma->end, end);
			vma_set_flags(mm, va, stop, vma->flags | (flags & VM_ACCESS_FLAGS));
			change_protection_locked(mm, va, stop);
		}
		va = stop;
	}
	return 0;
}

int mm_map_anon(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags)
{
	unsigned long irq;
	int err;

	spin_lock_irqsave(&mm->lock, irq);
	err = map_anon_locked(mm, ALIGN_DOWN(start, PAGE_SIZE), ALIGN_UP(end, PAGE_SIZE), flags);
	spin_unlock_irqrestore(&mm->lock, irq);
	return err;
}

/**
 * change_protection_locked - the present entries of [start, end) follow their regions
 *
 * mm->lock held; the caller flushes the range afterwards (a permission lost). A
 * writable private page whose frame is shared, or is the kernel's (the zero
 * page, the vDSO), becomes copy-on-write instead (protect_page()).
 */
void change_protection_locked(struct mm *mm, unsigned long start, unsigned long end)
{
	unsigned long va = start;
	pte_t *pte;

	for (; (pte = pte_lookup_next(mm->pml4, &va, end)); va += PAGE_SIZE) {
		struct vm_area *vma;

		if (pte_mapped(*pte) && (vma = vma_lookup(mm, va)))
			protect_page(mm->pml4, va, vm_pte_flags(vma->flags));
	}
}

/*
 * mm->lock held: the page at pte, read-only or copy-on-write, made writable for a
 * write (or, for a forced write to a region that is not writable, just private):
 * a copy, unless this address space is the frame's only owner. The kernel's
 * frames (_PAGE_SPECIAL: the zero page, the vDSO) are always copied. The old
 * frame goes into tlb: other CPUs may still read it until the flush, so its owner
 * count drops only then. Returns the frame now mapped, or 0 when out of memory.
 */
static phys_addr_t wp_page_copy(struct mmu_gather *tlb, pte_t *pte, unsigned long va,
				bool writable)
{
	phys_addr_t old = pte_frame(*pte), new;
	u64 rw = writable ? _PAGE_RW : 0;

	if (!(*pte & _PAGE_SPECIAL) && !frame_shared(old)) {
		*pte = (*pte & ~_PAGE_COW) | rw;	/* the other owners are gone */
		flush_tlb_one(va);
		return old;
	}
	new = alloc_frame();
	if (!new)
		return 0;
	if (*pte & _PAGE_SPECIAL) {
		tlb_flush_later(tlb, va, va + PAGE_SIZE);	/* no owner count to drop */
	} else if (!tlb_remove_frame(tlb, va, old)) {
		free_frame(new);
		return 0;
	}
	memcpy(phys_to_virt(new), phys_to_virt(old), PAGE_SIZE);
	*pte = mk_pte(new, (*pte & ~(PTE_ADDR_MASK | _PAGE_COW | _PAGE_SPECIAL)) | rw);
	return new;
}

/* The index in vma's object of the page at va; the object's size or more: none there. */
static unsigned long shmem_index(const struct vm_area *vma, unsigned long va)
{
	return vma->pgoff + (va - vma->start) / PAGE_SIZE;
}

/*
 * mm->lock held: the first touch of an empty entry in vma: a zeroed frame for a
 * write and the zero page for a read in private memory, the object's page in
 * shared memory (VM_SHARED: every such region has its object; one more owner
 * count, the entry's), the vDSO's or the vvar's kernel frame. The kernel's
 * frames are mapped read-only, copy-on-write where the region is writable.
 * False: out of memory, or a page past the object's size.
 */
static bool fill_pte(struct mm *mm, struct vm_area *vma, pte_t *pte, unsigned long va,
		     bool write)
{
	u64 flags = vm_pte_flags(vma->flags);
	u64 present = flags & _PAGE_PROTNONE ? 0 : _PAGE_PRESENT;
	phys_addr_t pa;

	if (!(vma->flags & (VM_SPECIAL_MAP | VM_SHARED))) {
		if (write) {
			pa = alloc_frame();
			if (!pa)
				return false;
			*pte = mk_pte(pa, flags | present);
			return true;
		}
		pa = virt_to_phys(empty_zero_page);
	} else if (vma->flags & VM_SHARED) {
		if (shmem_index(vma, va) >= vma->shm->size ||
		    !(pa = shmem_page(vma->shm, shmem_index(vma, va))))
			return false;
		get_frame(pa);
		*pte = mk_pte(pa, flags | present);
		return true;
	} else if (!(pa = vdso_page(mm, vma, va))) {
		return false;
	}
	*pte = mk_pte(pa, (flags & ~_PAGE_RW) | (flags & _PAGE_RW ? _PAGE_COW : 0) |
			  _PAGE_SPECIAL | present);
	return true;
}

/*
 * mm->lock held: va is in vma and the access is allowed by it. Maps the page or
 * makes it writable; the frame mapped now, 0 when out of memory.
 */
static phys_addr_t fault_in_locked(struct mmu_gather *tlb, struct mm *mm, struct vm_area *vma,
				   unsigned long va, bool write)
{
	pte_t *pte = pte_alloc_user(mm->pml4, va);

	if (!pte || (!pte_mapped(*pte) && !fill_pte(mm, vma, pte, va, write)))
		return 0;
	if (!write || (*pte & _PAGE_RW))
		return pte_frame(*pte);
	return wp_page_copy(tlb, pte, va, vma->flags & VM_WRITE);
}

/* Is va in a shared region but past its object's end (a SIGBUS, as Linux's shmem_fault())? */
static bool past_shmem_end(const struct vm_area *vma, unsigned long va)
{
	return vma->shm && shmem_index(vma, va) >= vma->shm->size;
}

/*
 * mm->lock held: the entry for va allows the access now. The CPU walked the
 * tables without the lock: another CPU may have been replacing the mapping under
 * it (mmap(MAP_FIXED), mremap() unmap and map under one lock hold), or filled the
 * page first (two threads touching it at once).
 */
static bool access_allowed(struct mm *mm, unsigned long va, unsigned long err)
{
	pte_t *pte = pte_lookup(mm->pml4, va);

	return pte && (*pte & _PAGE_PRESENT) && (*pte & _PAGE_USER) &&
	       (!(err & X86_PF_WRITE) || (*pte & _PAGE_RW)) &&
	       (!(err & X86_PF_INSTR) || !(*pte & _PAGE_NX));
}

/*
 * mm->lock held: Linux's access_error(): may this fault be resolved in vma? A
 * write needs VM_WRITE; a read or an instruction fetch that found the page
 * present was refused by it for good (PROT_NONE, NX); one that found nothing
 * needs an accessible region.
 */
static bool access_error(const struct vm_area *vma, unsigned long err)
{
	if (err & X86_PF_WRITE)
		return !(vma->flags & VM_WRITE);
	if (err & X86_PF_PROT)
		return true;
	return !(vma->flags & VM_ACCESS_FLAGS);
}

/*
 * mm->lock held: Linux's expand_downwards(): vma, a stack, grows down to va (a
 * page) within RLIMIT_STACK and RLIMIT_AS, keeping STACK_GUARD_GAP from an
 * accessible region below.
 */
static bool expand_stack_locked(struct mm *mm, struct vm_area *vma, unsigned long va)
{
	struct vm_area *prev = vma_prev(mm, vma);

	if (!(vma->flags & VM_GROWSDOWN) || va < USER_MIN_ADDR)
		return false;
	if (prev && !(prev->flags & VM_GROWSDOWN) && (prev->flags & VM_ACCESS_FLAGS) &&
	    va - prev->end < STACK_GUARD_GAP)
		return false;
	if (vma->end - va > rlimit(RLIMIT_STACK) ||
	    !may_expand_vm(mm, vma->flags, (vma->start - va) / PAGE_SIZE))
		return false;
	mm->total_vm += (vma->start - va) / PAGE_SIZE;
	vma->start = va;
	return true;
}

vm_fault_t handle_mm_fault(struct mm *mm, unsigned long addr, unsigned long err)
{
	unsigned long va = ALIGN_DOWN(addr, PAGE_SIZE), flags;
	struct mmu_gather tlb;
	struct vm_area *vma;
	vm_fault_t ret = 0;

	if (addr >= TASK_SIZE_MAX || (err & X86_PF_RSVD))
		return VM_FAULT_SIGSEGV;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	vma = find_vma(mm, va);
	if (vma && va < vma->start && !expand_stack_locked(mm, vma, va))
		vma = NULL;
	if (access_allowed(mm, va, err))
		;				/* changed since the CPU looked: retry */
	else if (!vma || access_error(vma, err))
		ret = VM_FAULT_SIGSEGV;
	else if (!fault_in_locked(&tlb, mm, vma, va, err & X86_PF_WRITE))
		/* Past its object's end, or out of memory. */
		ret = past_shmem_end(vma, va) ? VM_FAULT_SIGBUS : VM_FAULT_SIGSEGV;
	spin_unlock_irqrestore(&mm->lock, flags);
	/* Another thread may still read the old frame through its TLB: not after this. */
	tlb_finish_mmu(&tlb);
	return ret;
}

int populate_range_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
			  unsigned long end)
{
	for (struct vm_area *vma = find_vma(mm, start); vma && vma->start < end;
	     vma = vma_next(mm, vma)) {
		/* As Linux's populate_vma_page_range(): a private writable page is written. */
		bool write = (vma->flags & (VM_WRITE | VM_SHARED)) == VM_WRITE;

		if (!(vma->flags & VM_ACCESS_FLAGS))
			continue;
		for (unsigned long va = MAX(vma->start, start); va < MIN(vma->end, end);
		     va += PAGE_SIZE)
			if (!fault_in_locked(tlb, mm, vma, va, write))
				return -ENOMEM;
	}
	return 0;
}

int madvise_populate_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
			    unsigned long end, bool write)
{
	for (unsigned long va = start; va < end;) {
		struct vm_area *vma = vma_lookup(mm, va);

		if (!vma)
			return -ENOMEM;
		if ((vma->flags & VM_PFNMAP) || !(vma->flags & (write ? VM_WRITE : VM_READ)))
			return -EINVAL;
		/* A fault that would raise SIGBUS is -EFAULT, as Linux's madvise_populate(). */
		for (; va < MIN(vma->end, end); va += PAGE_SIZE)
			if (!fault_in_locked(tlb, mm, vma, va, write))
				return past_shmem_end(vma, va) ? -EFAULT : -ENOMEM;
	}
	return 0;
}

/*
 * mm->lock held: the frame at va for a kernel access, as Linux's check_vma_flags()
 * and faultin_page(). A forced write needs a private region that may be made
 * writable (VM_MAYWRITE, not VM_SHARED); the vvar page (VM_PFNMAP) is never
 * reached. 0: not there.
 */
static phys_addr_t follow_page_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long va,
				      unsigned int gup_flags)
{
	struct vm_area *vma = vma_lookup(mm, va);
	bool write = gup_flags & FOLL_WRITE, force = gup_flags & FOLL_FORCE;

	if (!vma || (vma->flags & VM_PFNMAP))
		return 0;
	if (write && !(vma->flags & VM_WRITE) &&
	    (!force || (vma->flags & (VM_SHARED | VM_MAYWRITE)) != VM_MAYWRITE))
		return 0;
	if (!write && !(vma->flags & VM_READ) && (!force || !(vma->flags & VM_MAYREAD)))
		return 0;
	return fault_in_locked(tlb, mm, vma, va, write);
}

int access_remote_vm(struct mm *mm, unsigned long addr, void *buf, size_t len,
		     unsigned int gup_flags)
{
	struct mmu_gather tlb;
	unsigned long flags;
	int ret = 0;

	if (!mm)
		return -EIO;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	while (len) {
		unsigned long va = ALIGN_DOWN(addr, PAGE_SIZE), off = addr - va;
		size_t n = MIN(len, PAGE_SIZE - off);
		phys_addr_t pa = addr < TASK_SIZE_MAX ?
				 follow_page_locked(&tlb, mm, va, gup_flags) : 0;

		if (!pa) {
			ret = -EIO;
			break;
		}
		if (gup_flags & FOLL_WRITE)
			memcpy((u8 *)phys_to_virt(pa) + off, buf, n);
		else
			memcpy(buf, (const u8 *)phys_to_virt(pa) + off, n);
		addr += n;
		buf = (u8 *)buf + n;
		len -= n;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	tlb_finish_mmu(&tlb);
	return ret;
}

bool user_addr_mapped(struct mm *mm, unsigned long addr)
{
	unsigned long flags;
	bool mapped;

	if (!mm || addr >= TASK_SIZE_MAX)
		return false;
	spin_lock_irqsave(&mm->lock, flags);
	mapped = vma_lookup(mm, addr);
	spin_unlock_irqrestore(&mm->lock, flags);
	return mapped;
}

/*
 * The object holds the page while any region names it: its frame is the page's
 * name for every sharer (a futex's key), found or allocated in the object as a
 * fault would, mapped or not. Other memory is refused where Linux's
 * get_user_pages() finds no page a key can name: no region or no read access
 * (PROT_NONE), past the object's end (a fault there is SIGBUS), the vDSO and
 * vvar (kernel frames, no page cache), and read-only private memory that holds
 * no page of its own yet (a read maps the zero page, which names nothing).
 */
int user_addr_shared(struct mm *mm, unsigned long addr, phys_addr_t *pa)
{
	unsigned long flags;
	struct vm_area *vma;
	phys_addr_t frame;
	pte_t *pte;
	int ret = -EFAULT;

	if (!mm || addr >= TASK_SIZE_MAX)
		return -EFAULT;
	spin_lock_irqsave(&mm->lock, flags);
	vma = vma_lookup(mm, addr);
	if (!vma || !(vma->flags & VM_READ) || (vma->flags & (VM_VDSO | VM_VVAR)) ||
	    past_shmem_end(vma, addr))
		goto out;
	if (vma->shm) {
		frame = shmem_page(vma->shm, shmem_index(vma, addr));
		*pa = frame + (addr & ~PAGE_MASK);
		ret = frame ? 1 : -ENOMEM;
	} else if (!(vma->flags & VM_WRITE) && !(vma->flags & VM_IMAGE)) {
		pte = pte_lookup(mm->pml4, addr);
		if (pte && (*pte & _PAGE_PRESENT) && !(*pte & _PAGE_SPECIAL))
			ret = 0;
	} else {
		ret = 0;
	}
out:
	spin_unlock_irqrestore(&mm->lock, flags);
	return ret;
}
