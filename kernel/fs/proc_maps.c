// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/self/maps, as Linux's fs/proc/task_mmu.c prints it: one line per region
 * (include/mm.h), "start-end perms offset dev inode name". The permissions are
 * the region's, with "s" for a shared one and "p" for a private one (a
 * copy-on-write page is writable, "w", as in Linux). Names as Linux gives them:
 * [vvar] and [vdso] for those regions, [heap] for a region overlapping the heap
 * (vma_is_initial_heap()), [stack] for the one holding the initial stack pointer
 * (vma_is_initial_stack()). Shared anonymous memory is its object's file as
 * Linux shows its shmem file (include/shmem.h): "/dev/zero (deleted)", its
 * device and inode, and the region's page offset into it (a /dev/zero mapping's
 * file offset, or what a munmap() of the front left). Everything else is
 * anonymous, offset, device and inode 0: the program's own segments have no
 * name (there is no file to name). Last comes the vsyscall page, execute-only
 * ("--xp"), as Linux shows it in its default mode.
 *
 * Every line's header ends in a space, as Linux's: a line without a name ends
 * "0 ".
 *
 * A seq_file (kernel/fs/seq_file.c) of the opener's address space, whose records
 * are the regions, numbered by their start address as Linux's m_start() and
 * m_next() number them: a read resumes at the first region that ends above the
 * last one it printed, under mm->lock from start() to stop(), so any number of
 * regions reads across reads, each line printed from the regions as they are then.
 */
#include <asm/vsyscall.h>
#include <kernel.h>
#include <mm.h>
#include <sched.h>
#include <seq_file.h>
#include <shmem.h>
#include <slab.h>
#include <spinlock.h>

/* The record numbers past the regions, Linux's: the vsyscall line, then the end. */
#define MAPS_GATE	(-2L)
#define MAPS_END	(-1L)

struct proc_maps {
	struct mm *mm;		/* the opener's, held until the last close */
	unsigned long flags;	/* mm->lock's IRQ state, start() to stop() */
	bool locked;
};

static const char gate_record;	/* the vsyscall line's record */

static const char *region_name(const struct mm *mm, const struct vm_area *vma)
{
	if (vma->shm)
		return SHMEM_NAME;
	if (vma->flags & VM_VVAR)
		return "[vvar]";
	if (vma->flags & VM_VDSO)
		return "[vdso]";
	if (vma->start < mm->brk && vma->end > mm->brk_start)
		return "[heap]";
	if (vma->start <= mm->start_stack && vma->end >= mm->start_stack)
		return "[stack]";
	return "";
}

/* mm->lock held: vma, numbered by its start, or after the last region the gate. */
static void *region_record(struct vm_area *vma, long *index)
{
	if (!vma) {
		*index = MAPS_GATE;
		return (void *)&gate_record;
	}
	*index = vma->start;
	return vma;
}

static void *maps_start(struct seq_file *m, long *index)
{
	struct proc_maps *pm = m->private;

	if (*index == MAPS_END)
		return NULL;
	spin_lock_irqsave(&pm->mm->lock, pm->flags);
	pm->locked = true;
	if (*index == MAPS_GATE)
		return (void *)&gate_record;
	return region_record(find_vma(pm->mm, *index), index);
}

static void *maps_next(struct seq_file *m, void *v, long *index)
{
	struct proc_maps *pm = m->private;

	if (v == &gate_record) {
		*index = MAPS_END;
		return NULL;
	}
	return region_record(vma_next(pm->mm, v), index);
}

static void maps_stop(struct seq_file *m, void *v)
{
	struct proc_maps *pm = m->private;

	if (pm->locked)
		spin_unlock_irqrestore(&pm->mm->lock, pm->flags);
	pm->locked = false;
}

/*
 * Linux's show_vma_header_prefix(), which ends in a space (so a line without a
 * name ends in one too), and the name, padded to column 73 as Linux pads it.
 */
static void print_line(struct seq_file *m, unsigned long start, unsigned long end,
		       const char *perms, const struct shmem *shm, unsigned long pgoff,
		       const char *name)
{
	seq_setwidth(m, 25 + sizeof(void *) * 6 - 1);
	if (shm)
		seq_printf(m, "%08lx-%08lx %s %08lx %02x:%02x %lu ", start, end, perms,
			   pgoff << PAGE_SHIFT, SHMEM_DEV_MAJOR, SHMEM_DEV_MINOR, shm->ino);
	else
		seq_printf(m, "%08lx-%08lx %s 00000000 00:00 0 ", start, end, perms);
	if (*name) {
		seq_pad(m, ' ');
		seq_printf(m, "%s", name);
	}
	seq_printf(m, "\n");
}

static void maps_show(struct seq_file *m, void *v)
{
	const struct vm_area *vma = v;

	if (v == &gate_record) {
		print_line(m, VSYSCALL_ADDR, VSYSCALL_ADDR + PAGE_SIZE, "--xp", NULL, 0,
			   "[vsyscall]");
		return;
	}
	print_line(m, vma->start, vma->end, (const char[5]){
		vma->flags & VM_READ ? 'r' : '-', vma->flags & VM_WRITE ? 'w' : '-',
		vma->flags & VM_EXEC ? 'x' : '-', vma->flags & VM_MAYSHARE ? 's' : 'p', '\0' },
		vma->shm, vma->pgoff, region_name(((struct proc_maps *)m->private)->mm, vma));
}

static const struct seq_operations maps_ops = {
	.start = maps_start,
	.next = maps_next,
	.stop = maps_stop,
	.show = maps_show,
};

static void maps_release(void *private)
{
	struct proc_maps *pm = private;

	mm_put(pm->mm);
	kfree(pm);
}

struct file *proc_maps_open(void)
{
	struct proc_maps *pm = kzalloc(sizeof(*pm));
	struct file *f;

	if (!pm)
		return NULL;
	pm->mm = current->mm;
	mm_get(pm->mm);
	f = seq_open(&maps_ops, pm, maps_release);
	if (!f)
		maps_release(pm);
	return f;
}
