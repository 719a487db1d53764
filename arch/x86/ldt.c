// SPDX-License-Identifier: GPL-2.0
/*
 * modify_ldt(2): a process's local descriptor table (asm/ldt.h), as Linux's
 * arch/x86/kernel/ldt.c has it.
 *
 * The table belongs to the mm: every thread of a process sees the same one. It
 * is never edited in place. A write builds a copy with the new entry and swaps
 * mm->ldt under mm->lock, then has every CPU running the mm reload its LDTR (an
 * IPI, as Linux's install_ldt()), and only then frees the old copy, which no CPU
 * can still be reading descriptors from. A context switch loads the next mm's
 * table before the task's FS and GS selectors, which may name one of its entries;
 * a selector whose entry has gone since loads as null (arch/x86/process.c).
 *
 * With page-table isolation the CPU reads descriptors in ring 3 too (a MOV to a
 * segment register, an IRETQ to an LDT selector), where the user's page tables
 * do not map the direct map. So each copy is mapped, read-only, into both PML4s
 * of its own address space, at LDT_REMAP_BASE plus its frames' physical address
 * (Linux's LDT remap, which uses two fixed slots instead): two copies that are
 * live at once never share an address, and a stale TLB entry for one that was
 * freed still names the frame it had. LDTR's base is that address.
 *
 * Segments are checked as Linux checks them: DPL 3 always, no 64-bit code (the
 * lm bit is ignored), no conforming code in the old mode or present. 16-bit
 * segments are allowed, as in Linux with CONFIG_X86_16BIT: an IRET to a 16-bit
 * stack segment restores only the low 16 bits of SP, and the exit path's
 * espfix64 (arch/x86/espfix.c) makes the upper ones the user's own.
 */
#include <asm/desc.h>
#include <asm/ldt.h>
#include <asm/mitigations.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/pti.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <mm.h>
#include <pmm.h>
#include <sched.h>
#include <smp.h>
#include <string.h>
#include <syscalls.h>

/* The entries follow the header in physically contiguous frames. */
struct ldt_block {
	struct ldt ldt;
	u64 entries[];
};

static unsigned int ldt_frames(unsigned int nr_entries)
{
	return (sizeof(struct ldt_block) + nr_entries * LDT_ENTRY_SIZE + PAGE_SIZE - 1) / PAGE_SIZE;
}

/* A zeroed LDT of nr_entries (at least one); NULL when memory is short. */
static struct ldt *ldt_alloc(unsigned int nr_entries)
{
	phys_addr_t pa = alloc_frames(ldt_frames(nr_entries));
	struct ldt_block *b;

	if (!pa)
		return NULL;
	b = phys_to_virt(pa);
	b->ldt.entries = b->entries;
	b->ldt.nr_entries = nr_entries;
	return &b->ldt;
}

static void ldt_release(struct ldt *ldt)
{
	if (ldt)
		free_frames(virt_to_phys(ldt), ldt_frames(ldt->nr_entries));
}

/* The lock of the mm that holds old held: a copy with room for nr_entries. */
static struct ldt *ldt_copy_locked(const struct ldt *old, unsigned int nr_entries)
{
	struct ldt *new = ldt_alloc(nr_entries);

	if (new && old)
		memcpy(new->entries, old->entries, old->nr_entries * LDT_ENTRY_SIZE);
	return new;
}

/* Where the CPU reads a copy: its PTI alias, or the direct map. */
static unsigned long ldt_cpu_address(const struct ldt *ldt)
{
	return mitigation_on(MIT_PTI) ? LDT_REMAP_BASE + virt_to_phys(ldt->entries) :
					(unsigned long)ldt->entries;
}

/* PTI: ldt's frames at their alias in mm's tables; with lock held, or mm private. */
static int ldt_map(struct mm *mm, struct ldt *ldt)
{
	phys_addr_t pa = virt_to_phys(ldt);
	unsigned int n = ldt_frames(ldt->nr_entries);

	if (!mitigation_on(MIT_PTI))
		return 0;
	for (unsigned int i = 0; i < n; i++) {
		if (map_page(mm->pml4, LDT_REMAP_BASE + pa + i * PAGE_SIZE, pa + i * PAGE_SIZE,
			     PAGE_KERNEL_RO)) {
			while (i--)
				unmap_page(mm->pml4, LDT_REMAP_BASE + pa + i * PAGE_SIZE);
			return -ENOMEM;
		}
	}
	pti_sync_pml4e(mm->pml4, PML4_SLOT(LDT_REMAP_BASE));
	return 0;
}

/* PTI: the alias gone from mm's tables (the caller flushes other CPUs' TLBs). */
static void ldt_unmap(struct mm *mm, struct ldt *ldt)
{
	phys_addr_t pa = virt_to_phys(ldt);

	if (!mitigation_on(MIT_PTI) || !ldt)
		return;
	for (unsigned int i = 0; i < ldt_frames(ldt->nr_entries); i++)
		unmap_page(mm->pml4, LDT_REMAP_BASE + pa + i * PAGE_SIZE);
}

void switch_ldt_irqoff(const struct mm *mm)
{
	const struct ldt *ldt = mm ? READ_ONCE(mm->ldt) : NULL;
	u64 *gdt = this_cpu()->gdt, want[2] = { 0, 0 };

	if (ldt)
		pack_system_desc(want, ldt_cpu_address(ldt), ldt->nr_entries * LDT_ENTRY_SIZE - 1,
				 DESC_LDT);
	/* The GDT slot says what LDTR holds: most switches find nothing to change. */
	if (gdt[GDT_ENTRY_LDT] == want[0] && gdt[GDT_ENTRY_LDT + 1] == want[1])
		return;
	gdt[GDT_ENTRY_LDT] = want[0];
	gdt[GDT_ENTRY_LDT + 1] = want[1];
	asm volatile("lldt %w0" : : "r"(ldt ? __LDT_SEL : 0) : "memory");
}

int ldt_dup_locked(struct mm *child, const struct mm *parent)
{
	if (!parent->ldt)
		return 0;
	child->ldt = ldt_copy_locked(parent->ldt, parent->ldt->nr_entries);
	if (child->ldt && ldt_map(child, child->ldt)) {
		ldt_release(child->ldt);
		child->ldt = NULL;
	}
	return child->ldt ? 0 : -ENOMEM;
}

void ldt_free(struct mm *mm)
{
	ldt_unmap(mm, mm->ldt);
	ldt_release(mm->ldt);
	mm->ldt = NULL;
}

/* IPI (IRQs off): the CPU reloads its LDTR if it still runs mm. */
static void reload_ldt(void *arg)
{
	struct mm *mm = arg;

	if (this_cpu_read(loaded_mm) == mm)
		switch_ldt_irqoff(mm);
}

static long write_ldt(const void __user *ptr, unsigned long bytecount, bool oldmode)
{
	struct mm *mm = current->mm;
	struct ldt *old, *new;
	struct user_desc d;
	unsigned long flags;
	u64 desc = 0;

	if (bytecount != sizeof(d))
		return -EINVAL;
	if (copy_from_user(&d, ptr, sizeof(d)))
		return -EFAULT;
	if (d.entry_number >= LDT_ENTRIES)
		return -EINVAL;
	if (d.contents == 3 && (oldmode || !d.seg_not_present))
		return -EINVAL;
	if (!((oldmode && !d.base_addr && !d.limit) || user_desc_empty(&d)))
		desc = user_desc_to_desc(&d, oldmode);

	spin_lock_irqsave(&mm->lock, flags);
	old = mm->ldt;
	new = ldt_copy_locked(old, MAX(d.entry_number + 1, old ? old->nr_entries : 0));
	if (new && ldt_map(mm, new)) {
		ldt_release(new);
		new = NULL;
	}
	if (new) {
		new->entries[d.entry_number] = desc;
		WRITE_ONCE(mm->ldt, new);
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	if (!new)
		return -ENOMEM;
	on_each_cpu_running_mm(mm, reload_ldt, mm);
	if (old && mitigation_on(MIT_PTI)) {	/* no CPU has it loaded now: unmap it */
		unsigned long va = LDT_REMAP_BASE + virt_to_phys(old);

		spin_lock_irqsave(&mm->lock, flags);
		ldt_unmap(mm, old);
		spin_unlock_irqrestore(&mm->lock, flags);
		flush_tlb_mm_range(mm, va, va + ldt_frames(old->nr_entries) * PAGE_SIZE);
	}
	ldt_release(old);
	return 0;
}

/*
 * Up to bytecount bytes of the table, zero-filled past its end (Linux pretends the
 * whole of bytecount was read); 0 with no table. Copied under the lock first: the
 * copy to the user may fault, which takes mm->lock.
 */
static long read_ldt(void __user *ptr, unsigned long bytecount)
{
	static const u8 zeros[PAGE_SIZE];
	struct mm *mm = current->mm;
	unsigned long flags, size, done;
	struct ldt *snap;

	spin_lock_irqsave(&mm->lock, flags);
	snap = mm->ldt ? ldt_copy_locked(mm->ldt, mm->ldt->nr_entries) : NULL;
	spin_unlock_irqrestore(&mm->lock, flags);
	if (!snap)
		return READ_ONCE(mm->ldt) ? -ENOMEM : 0;
	bytecount = MIN(bytecount, (unsigned long)LDT_ENTRIES * LDT_ENTRY_SIZE);
	size = MIN(bytecount, snap->nr_entries * LDT_ENTRY_SIZE);
	done = copy_to_user(ptr, snap->entries, size);
	for (unsigned long off = size; !done && off < bytecount; off += sizeof(zeros))
		done = copy_to_user((u8 __user *)ptr + off, zeros,
				    MIN(sizeof(zeros), bytecount - off));
	ldt_release(snap);
	return done ? -EFAULT : (long)bytecount;
}

/* modify_ldt(func, ptr, bytecount): 0 read, 1 write (old mode), 2 read the default, 0x11 write. */
long sys_modify_ldt(struct pt_regs *regs)
{
	static const u8 default_ldt[128];	/* 64-bit Linux's: 128 zero bytes */
	void __user *ptr = (void __user *)regs->si;
	unsigned long bytecount = regs->dx;
	long ret;

	switch ((int)regs->di) {
	case 0:
		ret = read_ldt(ptr, bytecount);
		break;
	case 1:
		ret = write_ldt(ptr, bytecount, true);
		break;
	case 2:
		bytecount = MIN(bytecount, sizeof(default_ldt));
		ret = copy_to_user(ptr, default_ldt, bytecount) ? -EFAULT : (long)bytecount;
		break;
	case 0x11:
		ret = write_ldt(ptr, bytecount, false);
		break;
	default:
		ret = -ENOSYS;
	}
	return (unsigned int)ret;	/* an int in EAX, zero-extended, as Linux's ABI has it */
}
