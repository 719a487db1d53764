/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user address space: its page tables and the bounds of its heap and mmap area.
 * Threads (CLONE_VM) and a vfork child share one; fork() copies it, sharing every
 * frame copy-on-write. There are no VMAs: the page tables are the only record of
 * what is mapped, with PROT_NONE and copy-on-write kept in software bits of the
 * entries (asm/pgtable.h).
 */
#ifndef _ENTRYLAB_MM_H
#define _ENTRYLAB_MM_H

#include <asm/pgtable.h>
#include <spinlock.h>
#include <user_layout.h>

struct ldt;

struct mm {
	pte_t *pml4;			/* upper half shared with kernel_pml4 */
	/*
	 * The user half's entries, brk and mmap_base. Taken with IRQs off: never
	 * across a user access (its page fault takes the lock too) nor an IPI.
	 */
	spinlock_t lock;
	int users;			/* tasks using it; the last mm_put() frees it */
	unsigned long brk_start, brk;	/* heap: [brk_start, brk) */
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

struct mm *mm_alloc(void);
/* fork(): a copy-on-write copy of old, or NULL when out of memory. */
struct mm *mm_dup(struct mm *old);
void mm_get(struct mm *mm);
void mm_put(struct mm *mm);
/* Maps [start, end) zero-filled with flags; a shared page keeps the union. */
int mm_map_zeroed(struct mm *mm, unsigned long start, unsigned long end, u64 flags);
/*
 * A page fault on a user address, with IRQs on: a write to a copy-on-write page
 * copies it (or takes it over if no one else has it), a fault below the stack
 * within RLIMIT_STACK grows it, and an access the tables allow by now (another
 * CPU changed them meanwhile) is retried. True: resolved,
 * retry the access; false: a real fault.
 */
bool handle_mm_fault(struct mm *mm, unsigned long addr, unsigned long err);
bool user_addr_mapped(struct mm *mm, unsigned long addr);
/*
 * A tracer's access to len bytes at addr in another task's mm (PTRACE_PEEKDATA and
 * POKEDATA): 0, or -EIO where a page is not there to read (or to write: a write
 * reaches read-only pages, as a debugger's breakpoints must).
 */
int access_remote_vm(struct mm *mm, unsigned long addr, void *buf, size_t len, bool write);
/* Is addr in a MAP_SHARED page of mm? Then *pa is its physical address. */
bool user_addr_shared(struct mm *mm, unsigned long addr, phys_addr_t *pa);

#endif
