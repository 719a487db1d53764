// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/self/maps, as Linux's fs/proc/task_mmu.c prints it: one line per run of
 * pages with the same protection, "start-end perms offset dev inode name".
 *
 * entrylab keeps no list of mappings: the page tables are the record
 * (include/mm.h). So a line is a run of adjacent mapped pages with the same
 * permissions and name, where Linux has one per mmap() call: two adjacent
 * anonymous mappings with the same protection are one line here. Names are
 * [heap], [stack], [vvar], [vdso] by address, and the program's own segments
 * have none (there is no file to name). PROT_NONE pages are "---p"; a
 * copy-on-write page is writable ("w"), as in Linux. Last comes the vsyscall
 * page, execute-only ("--xp"), as Linux shows it in its default mode.
 *
 * The text is made at open() under mm->lock, a snapshot file (kernel/fs/snapshot.c).
 * It is at most a page: past that, lines are left out.
 */
#include <asm/uaccess.h>
#include <asm/vsyscall.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>
#include <uapi/stat.h>
#include <user_layout.h>
#include <vdso.h>
#include <vsprintf.h>

struct maps_text {
	char *buf;
	size_t len;
	const struct mm *mm;
	unsigned long start, end;	/* the run being built; end 0: none yet */
	char perms[5];
	const char *name;
};

static const char *region_name(const struct mm *mm, unsigned long va)
{
	const char *vdso = vdso_region_name(mm, va);

	if (vdso)
		return vdso;
	if (va >= mm->brk_start && va < mm->brk)
		return "[heap]";
	if (va >= mm_stack_top(mm) - USER_STACK_MAX && va < mm_stack_top(mm))
		return "[stack]";
	return "";
}

static void emit(struct maps_text *m, unsigned long start, unsigned long end,
		 const char *perms, const char *name)
{
	char line[128];
	int n = snprintf(line, sizeof(line), "%08lx-%08lx %s 00000000 00:00 0", start, end, perms);

	if (*name) {
		int pad = MAX(73 - n, 1);	/* Linux's column for the name */

		memset(line + n, ' ', pad);
		n += pad;
		n += snprintf(line + n, sizeof(line) - n, "%s", name);
	}
	n += snprintf(line + n, sizeof(line) - n, "\n");
	if (m->len + n > PAGE_SIZE)
		return;				/* full: the rest is left out */
	memcpy(m->buf + m->len, line, n);
	m->len += n;
}

static void flush_run(struct maps_text *m)
{
	if (m->end)
		emit(m, m->start, m->end, m->perms, m->name);
	m->end = 0;
}

static void add_page(void *arg, unsigned long va, pte_t e)
{
	struct maps_text *m = arg;
	bool none = !(e & _PAGE_PRESENT);		/* PROT_NONE */
	char perms[5] = {
		none ? '-' : 'r', !none && (e & (_PAGE_RW | _PAGE_COW)) ? 'w' : '-',
		!none && !(e & _PAGE_NX) ? 'x' : '-', 'p', '\0',
	};
	const char *name = region_name(m->mm, va);

	if (m->end == va && !strcmp(perms, m->perms) && name == m->name) {
		m->end += PAGE_SIZE;
		return;
	}
	flush_run(m);
	m->start = va;
	m->end = va + PAGE_SIZE;
	memcpy(m->perms, perms, sizeof(perms));
	m->name = name;
}

struct file *proc_maps_open(void)
{
	struct mm *mm = current->mm;
	struct maps_text m = { .mm = mm };
	struct file *f = snapshot_alloc();
	unsigned long flags;

	if (!f)
		return NULL;
	m.buf = f->data;
	spin_lock_irqsave(&mm->lock, flags);
	walk_user_pages(mm->pml4, add_page, &m);
	flush_run(&m);
	spin_unlock_irqrestore(&mm->lock, flags);
	emit(&m, VSYSCALL_ADDR, VSYSCALL_ADDR + PAGE_SIZE, "--xp", "[vsyscall]");
	f->size = m.len;
	return f;
}
