// SPDX-License-Identifier: GPL-2.0
/*
 * User address spaces: creating one, sharing it (threads, vfork), copying it
 * copy-on-write (fork), and the page fault that completes a copy-on-write.
 *
 * fork() copies no user memory. Both address spaces map the same frames,
 * read-only and marked _PAGE_COW where the page was writable, and each frame
 * counts its owners (kernel/mm/pmm.c). The first write from either side faults;
 * handle_mm_fault() gives the writer a private copy, or, when the other side
 * has dropped the frame meanwhile (it exited, or already copied), simply makes
 * the page writable again. A process that forks and exits at once, the common
 * case, never copies a page.
 *
 * The other fault that maps a page is the stack's growth: execve maps the top
 * USER_STACK_SIZE of it, and a fault below, down to RLIMIT_STACK (8 MiB unless
 * lowered), gets a zeroed page, as Linux grows its stack VMA.
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
#include <sched.h>
#include <smp.h>
#include <string.h>
#include <tlb.h>
#include <uapi/resource.h>
#include <user_layout.h>

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
	free_page_object(mm);
}

/**
 * mm_dup - the address space of a fork() child
 * @old: the parent's, in use by the caller
 *
 * Every page of @old becomes shared copy-on-write: read-only in both until
 * written. The parent's own writable entries lose RW here, so every CPU that
 * runs @old (its other threads) must drop its TLB entries for them.
 */
struct mm *mm_dup(struct mm *old)
{
	struct mm *mm = mm_alloc();
	unsigned long flags;
	int err;

	if (!mm)
		return NULL;
	spin_lock_irqsave(&old->lock, flags);
	err = pml4_copy_user_cow(mm->pml4, old->pml4);
	mm->brk_start = old->brk_start;
	mm->brk = old->brk;
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
	if (err) {
		mm_put(mm);
		return NULL;
	}
	return mm;
}

/*
 * Maps [start, end) with flags, zero-filled. A page already mapped (two ELF
 * segments may share a page: the end of one and the start of the next) keeps its
 * frame and gains the union of both permissions, as on Linux.
 */
int mm_map_zeroed(struct mm *mm, unsigned long start, unsigned long end, u64 flags)
{
	for (unsigned long va = ALIGN_DOWN(start, PAGE_SIZE); va < end; va += PAGE_SIZE) {
		phys_addr_t pa;
		u64 old;

		if (translate(mm->pml4, va, &pa, &old)) {
			pte_t nx = (old & flags & _PAGE_NX);

			unmap_page(mm->pml4, va);
			if (map_page(mm->pml4, va, pa & PAGE_MASK,
				     ((old | flags) & ~_PAGE_NX) | nx | _PAGE_USER))
				return -ENOMEM;
			continue;
		}
		pa = alloc_frame();
		if (!pa)
			return -ENOMEM;
		if (map_page(mm->pml4, va, pa, flags | _PAGE_USER)) {
			free_frame(pa);
			return -ENOMEM;
		}
	}
	return 0;
}

/*
 * The copy-on-write break, under mm->lock. Returns true if the access may be
 * retried: the page is writable now (here, or by another thread first). A new
 * frame mapped puts the old one in tlb: other CPUs may still read it until the
 * flush, so its owner count drops only then.
 */
static bool cow_break(struct mmu_gather *tlb, struct mm *mm, unsigned long va)
{
	pte_t *pte = pte_lookup(mm->pml4, va);
	phys_addr_t old, new;

	if (!pte || !(*pte & _PAGE_PRESENT) || !(*pte & _PAGE_USER))
		return false;
	if (*pte & _PAGE_RW)
		return true;		/* another thread broke it first */
	if (!(*pte & _PAGE_COW))
		return false;		/* read-only for real */
	old = *pte & PTE_ADDR_MASK;
	if (!frame_shared(old)) {
		*pte = (*pte & ~_PAGE_COW) | _PAGE_RW;	/* the other owners are gone */
		flush_tlb_one(va);
		return true;
	}
	new = alloc_frame();
	if (!new)
		return false;
	if (!tlb_remove_frame(tlb, va, old)) {
		free_frame(new);
		return false;
	}
	memcpy(phys_to_virt(new), phys_to_virt(old), PAGE_SIZE);
	*pte = (*pte & ~(PTE_ADDR_MASK | _PAGE_COW)) | new | _PAGE_RW;
	return true;
}

/*
 * mm->lock held: the entry for va allows the access now. The CPU walked the
 * tables without the lock: another CPU may have been replacing the mapping under
 * it (mmap(MAP_FIXED), mremap() unmap and map under one lock hold), and a TLB
 * that page-table isolation flushes at every entry walks them often.
 */
static bool access_allowed(struct mm *mm, unsigned long va, unsigned long err)
{
	pte_t *pte = pte_lookup(mm->pml4, va);

	return pte && (*pte & _PAGE_PRESENT) && (*pte & _PAGE_USER) &&
	       (!(err & X86_PF_WRITE) || (*pte & _PAGE_RW)) &&
	       (!(err & X86_PF_INSTR) || !(*pte & _PAGE_NX));
}

/*
 * mm->lock held: a fault on a page of the stack not yet mapped, within the
 * caller's RLIMIT_STACK (which may be RLIM_INFINITY), maps it zeroed. Nothing
 * else is ever mapped there. A fault outside any stack reads no limit: the
 * kernel's self-tests fault with no process.
 */
static bool stack_grow(struct mm *mm, unsigned long va)
{
	unsigned long top = mm_stack_top(mm);
	pte_t *pte;

	if (va >= top || top - va > USER_STACK_MAX ||
	    top - va > READ_ONCE(current->signal->rlim[RLIMIT_STACK].cur))
		return false;
	pte = pte_lookup(mm->pml4, va);
	return !(pte && (*pte & _PAGE_PRESENT)) &&
	       !mm_map_zeroed(mm, va, va + PAGE_SIZE, _PAGE_RW | _PAGE_NX);
}

bool handle_mm_fault(struct mm *mm, unsigned long addr, unsigned long err)
{
	unsigned long va = ALIGN_DOWN(addr, PAGE_SIZE), flags;
	struct mmu_gather tlb;
	bool ok;

	if (addr >= TASK_SIZE_MAX || (err & X86_PF_RSVD))
		return false;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	if (access_allowed(mm, va, err))
		ok = true;			/* changed since the CPU looked: retry */
	else if (!(err & X86_PF_PROT))
		ok = !(err & X86_PF_INSTR) && stack_grow(mm, va);
	else
		ok = (err & X86_PF_WRITE) && cow_break(&tlb, mm, va);
	spin_unlock_irqrestore(&mm->lock, flags);
	/* Another thread may still read the old frame through its TLB: not after this. */
	tlb_finish_mmu(&tlb);
	return ok;
}

/*
 * mm->lock held: the frame behind va, for a tracer to write into. A copy-on-write
 * page is broken as for a write fault; a read-only page (program text, where
 * breakpoints go) that another address space shares is copied first, keeping its
 * permissions, as Linux's FOLL_FORCE. 0 when nothing can be written there.
 */
static phys_addr_t remote_page_for_write(struct mmu_gather *tlb, struct mm *mm, unsigned long va)
{
	pte_t *pte = pte_lookup(mm->pml4, va);
	phys_addr_t old, new;

	if (!pte || !(*pte & _PAGE_PRESENT) || !(*pte & _PAGE_USER) || (*pte & _PAGE_SPECIAL))
		return 0;
	if (*pte & _PAGE_COW)
		return cow_break(tlb, mm, va) ? pte_frame(*pte) : 0;
	old = pte_frame(*pte);
	if ((*pte & (_PAGE_RW | _PAGE_SHARED)) || !frame_shared(old))
		return old;
	new = alloc_frame();
	if (!new)
		return 0;
	if (!tlb_remove_frame(tlb, va, old)) {
		free_frame(new);
		return 0;
	}
	memcpy(phys_to_virt(new), phys_to_virt(old), PAGE_SIZE);
	*pte = (*pte & ~PTE_ADDR_MASK) | new;
	return new;
}

int access_remote_vm(struct mm *mm, unsigned long addr, void *buf, size_t len, bool write)
{
	struct mmu_gather tlb;
	unsigned long flags;
	int ret = 0;

	if (!mm)
		return -EIO;
	tlb_gather_mmu(&tlb, mm);
	spin_lock_irqsave(&mm->lock, flags);
	while (len && !ret) {
		unsigned long va = ALIGN_DOWN(addr, PAGE_SIZE), off = addr - va;
		size_t n = len < PAGE_SIZE - off ? len : PAGE_SIZE - off;
		phys_addr_t pa = 0;
		u64 pte_flags;

		if (addr >= TASK_SIZE_MAX)
			pa = 0;
		else if (write)
			pa = remote_page_for_write(&tlb, mm, va);
		else if (!translate(mm->pml4, va, &pa, &pte_flags) || !(pte_flags & _PAGE_USER) ||
			 (pte_flags & _PAGE_PROTNONE))
			pa = 0;
		if (!pa) {
			ret = -EIO;
			break;
		}
		if (write)
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

/* Is addr mapped in mm, accessible or not? Tells SEGV_ACCERR from SEGV_MAPERR. */
bool user_addr_mapped(struct mm *mm, unsigned long addr)
{
	unsigned long flags;
	bool mapped;

	if (!mm || addr >= TASK_SIZE_MAX)
		return false;
	spin_lock_irqsave(&mm->lock, flags);
	mapped = translate(mm->pml4, addr, NULL, NULL);
	spin_unlock_irqrestore(&mm->lock, flags);
	return mapped;
}

bool user_addr_shared(struct mm *mm, unsigned long addr, phys_addr_t *pa)
{
	unsigned long flags;
	pte_t *pte;
	bool shared;

	if (!mm || addr >= TASK_SIZE_MAX)
		return false;
	spin_lock_irqsave(&mm->lock, flags);
	pte = pte_lookup(mm->pml4, addr);
	shared = pte && pte_frame(*pte) && (*pte & _PAGE_SHARED);
	if (shared)
		*pa = pte_frame(*pte) + (addr & ~PAGE_MASK);
	spin_unlock_irqrestore(&mm->lock, flags);
	return shared;
}
