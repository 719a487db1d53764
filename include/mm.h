/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user address space: its regions (Linux's VMAs), its page tables, and the
 * bounds of its heap and mmap area. Threads (CLONE_VM) and a vfork child share
 * one; fork() copies it, the regions as they are and every private frame
 * copy-on-write.
 *
 * The regions are the record of what is mapped (kernel/mm/vma.c): a sorted array
 * of disjoint page-aligned ranges, each with its VM_* flags, found by binary
 * search. The page tables only cache them: anonymous private memory gets its
 * frame on first touch (handle_mm_fault()), a read of an untouched page maps the
 * shared zero page, and a page whose entry is empty but lies in a region is as
 * mapped as one with a frame. Shared anonymous memory (MAP_SHARED) is no
 * exception: its pages belong to an object the region names (include/shmem.h),
 * where a fault finds them.
 */
#ifndef _ENTRYLAB_MM_H
#define _ENTRYLAB_MM_H

#include <asm/pgtable.h>
#include <spinlock.h>
#include <user_layout.h>

struct ldt;
struct mmu_gather;
struct shmem;

/* A region's flags: Linux's vm_flags values where Linux has them. */
#define VM_NONE		0x0UL
#define VM_READ		0x1UL
#define VM_WRITE	0x2UL
#define VM_EXEC		0x4UL
#define VM_SHARED	0x8UL
#define VM_MAYREAD	0x10UL		/* what mprotect() may add: VM_READ << 4 ... */
#define VM_MAYWRITE	0x20UL
#define VM_MAYEXEC	0x40UL
#define VM_MAYSHARE	0x80UL
#define VM_GROWSDOWN	0x100UL		/* a fault just below grows it (a stack) */
#define VM_PFNMAP	0x400UL		/* kernel frames, no struct page (the vvar page) */
#define VM_LOCKED	0x2000UL
#define VM_DONTEXPAND	0x40000UL	/* mremap() may not grow it (the vDSO, the vvar) */
#define VM_WIPEONFORK	0x02000000UL	/* MADV_WIPEONFORK: a fork child's pages start zeroed */
/* What backs a region, where it is not anonymous memory (entrylab's own bits). */
#define VM_VDSO		(1UL << 40)	/* the vDSO image, page pgoff of it */
#define VM_VVAR		(1UL << 41)	/* the vvar page */
#define VM_IMAGE	(1UL << 42)	/* a segment of the program, loaded by execve */

#define VM_ACCESS_FLAGS	(VM_READ | VM_WRITE | VM_EXEC)
#define VM_MAY_ALL	(VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)
/* Flags that keep two adjacent regions apart unless equal. */
#define VM_SPECIAL_MAP	(VM_VDSO | VM_VVAR)

/* One region: [start, end), page-aligned, never empty. */
struct vm_area {
	unsigned long start, end;
	unsigned long flags;		/* VM_* */
	unsigned long pgoff;		/* the image's (VM_VDSO) or shm's page at start */
	struct shmem *shm;		/* shared anonymous memory: its object (a reference) */
};

struct mm {
	pte_t *pml4;			/* upper half shared with kernel_pml4 */
	/*
	 * The regions, the user half's entries, brk and mmap_base. Taken with IRQs
	 * off: never across a user access (its page fault takes the lock too) nor
	 * an IPI.
	 */
	spinlock_t lock;
	int users;			/* tasks using it; the last mm_put() frees it */
	struct vm_area *vmas;		/* sorted by address, disjoint (kmalloc) */
	unsigned int nr_vmas, max_vmas;	/* in use, allocated */
	unsigned long total_vm;		/* pages in regions: RLIMIT_AS */
	unsigned long data_vm;		/* of those private writable, not stack: RLIMIT_DATA */
	unsigned long brk_start, brk;	/* heap: [brk_start, brk) */
	unsigned long start_stack;	/* the initial stack pointer: names [stack] */
	unsigned long mmap_base;	/* next anonymous mapping goes below it */
	unsigned long vdso, vvar;	/* mapped there (arch/x86/vdso/vma.c); 0: nowhere */
	struct ldt *ldt;		/* its LDT (arch/x86/ldt.c), replaced under lock; or NULL */
	const void *exe;		/* the executable it was built from (a boot module) */
	size_t exe_size;		/* ... for execve("/proc/self/exe") */
	/* rseq's concurrency IDs its tasks hold on a CPU (kernel/rseq.c): under sched_lock. */
	unsigned long cid_mask;
	unsigned int membarrier_state;	/* MEMBARRIER_CMD_REGISTER_*s (kernel/sched/membarrier.c) */
	bool ia32;			/* an i386 program's: 4 GiB (include/user_layout.h) */
};

/* Where user space ends for mm's program, and where its stack starts. */
static inline unsigned long mm_task_size(const struct mm *mm)
{
	return mm->ia32 ? COMPAT_TASK_SIZE : TASK_SIZE_MAX;
}

static inline unsigned long mm_stack_top(const struct mm *mm)
{
	return mm->ia32 ? COMPAT_STACK_TOP : USER_STACK_TOP;
}

/* The region set (kernel/mm/vma.c). Every call: mm->lock held. */
/* The first region that ends above addr, or NULL (Linux's find_vma()). */
struct vm_area *find_vma(struct mm *mm, unsigned long addr);
/* The region holding addr, or NULL. */
struct vm_area *vma_lookup(struct mm *mm, unsigned long addr);
/* The region before vma (lower), or NULL. */
struct vm_area *vma_prev(struct mm *mm, struct vm_area *vma);
struct vm_area *vma_next(struct mm *mm, struct vm_area *vma);
/* Room for n more regions, so that the splits and inserts that follow cannot fail. */
int vma_reserve(struct mm *mm, unsigned int n);
/*
 * Would a boundary at addr split the vDSO or the vvar region? Linux refuses to
 * split a special mapping (special_mapping_split(): -EINVAL).
 */
bool vma_split_forbidden(struct mm *mm, unsigned long addr);
/* A region boundary at addr (splitting the region across it). Needs one reserved slot. */
void vma_split(struct mm *mm, unsigned long addr);
/*
 * Adds [start, end) (nothing there), merged with compatible neighbours; a
 * reference to shm (or NULL) is taken. One slot.
 */
void vma_insert(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags,
		unsigned long pgoff, struct shmem *shm);
/* vma_insert() but unmerged: the caller merges where it may (vma_merge_at()). One slot. */
void vma_link(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags,
	      unsigned long pgoff, struct shmem *shm);
/* Forgets every region part in [start, end), and their objects' references; two slots. */
void vma_remove_range(struct mm *mm, unsigned long start, unsigned long end);
/* Gives [start, end), covered by regions, new flags; merges. Two slots. */
void vma_set_flags(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags);
/* Merges the regions next to addr where compatible. */
void vma_merge_at(struct mm *mm, unsigned long addr);
/* Is any page of [start, end) in a region? */
bool vma_intersects(struct mm *mm, unsigned long start, unsigned long end);
/* The lowest address of vma a new mapping below it may reach: its guard gap for a stack. */
unsigned long vm_start_gap(const struct vm_area *vma);
/* Linux's may_expand_vm(): may mm gain npages of a region with flags (RLIMIT_AS, _DATA)? */
bool may_expand_vm(struct mm *mm, unsigned long flags, unsigned long npages);
/* The page table flags for a region's pages (PROT_NONE: _PAGE_PROTNONE alone). */
u64 vm_pte_flags(unsigned long flags);
int vma_copy(struct mm *dst, struct mm *src);
void vma_free_all(struct mm *mm);

struct mm *mm_alloc(void);
/* fork(): a copy-on-write copy of old, or NULL when out of memory. */
struct mm *mm_dup(struct mm *old);
void mm_get(struct mm *mm);
void mm_put(struct mm *mm);
/*
 * execve and the kernel's self-tests: a new region [start, end) of anonymous
 * private memory with flags (kind bits too), its pages to be faulted in. 0 or -ENOMEM.
 */
int mm_map_anon(struct mm *mm, unsigned long start, unsigned long end, unsigned long flags);
/* mm->lock held: the present entries of [start, end) take their regions' protection. */
void change_protection_locked(struct mm *mm, unsigned long start, unsigned long end);
/* handle_mm_fault()'s answer: 0, resolved, or why not (Linux's vm_fault_t bits). */
typedef unsigned int vm_fault_t;
#define VM_FAULT_SIGBUS		0x000002	/* past the end of a shared memory object */
#define VM_FAULT_SIGSEGV	0x000040	/* no region, not allowed, or out of memory */
/*
 * A page fault on a user address, with IRQs on, resolved from the regions: a
 * first touch maps a page (a zeroed frame, the zero page for a read, a shared
 * memory object's page), a write to a copy-on-write page copies it (or takes it
 * over if no one else has it), a fault below a VM_GROWSDOWN region grows it, and
 * an access the tables allow by now (another CPU changed them meanwhile) is
 * retried. 0: resolved, retry the access.
 */
vm_fault_t handle_mm_fault(struct mm *mm, unsigned long addr, unsigned long err);
/* Is addr in one of mm's regions? Tells SEGV_ACCERR from SEGV_MAPERR. */
bool user_addr_mapped(struct mm *mm, unsigned long addr);

/* access_remote_vm()'s gup_flags, as Linux's. */
#define FOLL_WRITE	0x01		/* the access writes */
#define FOLL_FORCE	0x10		/* past the protection, as a debugger may */
/*
 * A kernel access to len bytes at addr in an mm, faulting the pages in as the
 * process's own access would: 0, or -EIO where a page is not there (no region,
 * or one the access is not allowed to). FOLL_FORCE (ptrace's PEEK and POKE)
 * reads and writes what the region may be made to allow (VM_MAY*): a forced
 * write to a read-only private page (a breakpoint in program text, in the vDSO)
 * gives the process a private copy and leaves the page read-only, as Linux.
 */
int access_remote_vm(struct mm *mm, unsigned long addr, void *buf, size_t len,
		     unsigned int gup_flags);
/*
 * A shared futex's page, as Linux's get_futex_key() pins it: 1 if addr is in a
 * MAP_SHARED page of mm within its object, *pa then its physical address (the
 * page allocated if it was never touched); 0 in other memory that has a page a
 * key can name; -EFAULT where there is none.
 */
int user_addr_shared(struct mm *mm, unsigned long addr, phys_addr_t *pa);
/*
 * mm->lock held: makes every page of [start, end), all in regions, present
 * (MAP_POPULATE, MAP_LOCKED). -ENOMEM when frames run out.
 */
int populate_range_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
			  unsigned long end);
/*
 * mm->lock held: MADV_POPULATE_READ (write false) or MADV_POPULATE_WRITE over
 * [start, end), as Linux's madvise_populate(): page by page from start, the
 * pages before an error staying populated. -ENOMEM at a hole or when frames run
 * out, -EINVAL at a region the access may not reach (Linux's check_vma_flags():
 * the vvar page, or no read, or no write permission).
 */
int madvise_populate_locked(struct mmu_gather *tlb, struct mm *mm, unsigned long start,
			    unsigned long end, bool write);

#endif
