// SPDX-License-Identifier: GPL-2.0
/*
 * Thread-local storage segments: set_thread_area(2) and get_thread_area(2), as
 * Linux's arch/x86/kernel/tls.c has them.
 *
 * Each task has three descriptors of its own, which the GDT holds at entries
 * GDT_ENTRY_TLS_MIN to GDT_ENTRY_TLS_MAX (selectors 0x63, 0x6b, 0x73) while it
 * runs: a context switch writes next's three into its CPU's GDT before it loads
 * next's selectors (kernel/sched/core.c), so a selector that names one loads the
 * right base. An i386 program's C library keeps its thread pointer that way
 * (glibc: %gs = 0x63; clone's CLONE_SETTLS then passes a struct user_desc).
 * 64-bit programs may use them too, as on Linux, though FS's base is theirs.
 *
 * The descriptors are checked as Linux checks them: data segments only, 32-bit,
 * present (a TLS segment cannot take espfix's 16-bit fix, nor is a not-present
 * DPL 3 one worth its attack surface); a zeroed struct, or an LDT_empty one,
 * clears the entry.
 */
#include <asm/desc.h>
#include <asm/irqflags.h>
#include <asm/ldt.h>
#include <asm/percpu.h>
#include <asm/segregs.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <sched.h>
#include <syscalls.h>

void load_tls_irqoff(const struct task *next)
{
	u64 *gdt = &this_cpu()->gdt[GDT_ENTRY_TLS_MIN];

	for (unsigned int i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++)
		gdt[i] = next->thread.tls.desc[i];
}

/* Linux's tls_desc_okay(). */
static bool tls_desc_okay(const struct user_desc *d)
{
	if (user_desc_empty(d) || user_desc_zero(d))
		return true;
	return d->seg_32bit && d->contents <= 1 && !d->seg_not_present;
}

/* A free entry's number for entry_number -1, or -ESRCH. */
static int tls_free_idx(const struct task *t)
{
	for (unsigned int i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++)
		if (!t->thread.tls.desc[i])
			return GDT_ENTRY_TLS_MIN + i;
	return -ESRCH;
}

/**
 * do_set_thread_area - set one of a task's TLS descriptors
 * @t: current, or a child of clone() that has not run yet
 * @u_info: the struct user_desc; entry_number says which (-1: a free one, whose
 *	    number is written back, only if @can_allocate)
 * @can_allocate: set_thread_area() may pick; clone()'s CLONE_SETTLS may not
 *
 * Returns 0, -EFAULT, -EINVAL (a bad entry number or descriptor) or -ESRCH (no
 * free entry). A segment register of current's that holds the entry's selector
 * is reloaded, so it sees the new descriptor at once, as on Linux.
 */
int do_set_thread_area(struct task *t, struct user_desc __user *u_info, bool can_allocate)
{
	struct user_desc info;
	unsigned long flags;
	int idx;
	u16 sel;

	if (copy_from_user(&info, u_info, sizeof(info)))
		return -EFAULT;
	if (!tls_desc_okay(&info))
		return -EINVAL;
	idx = info.entry_number;
	if (idx == -1 && can_allocate) {
		idx = tls_free_idx(t);
		if (idx < 0)
			return idx;
		info.entry_number = idx;
		if (copy_to_user(&u_info->entry_number, &info.entry_number,
				 sizeof(info.entry_number)))
			return -EFAULT;
	}
	if (idx < GDT_ENTRY_TLS_MIN || idx > GDT_ENTRY_TLS_MAX)
		return -EINVAL;
	sel = idx << 3 | 3;

	local_irq_save(flags);
	t->thread.tls.desc[idx - GDT_ENTRY_TLS_MIN] =
		user_desc_empty(&info) || user_desc_zero(&info) ? 0 :
		user_desc_to_desc(&info, false);
	if (t == current) {
		load_tls_irqoff(t);
		if (savesegment(ds) == sel)
			loadsegment(ds, sel);
		if (savesegment(es) == sel)
			loadsegment(es, sel);
		if (savesegment(fs) == sel)
			loadsegment(fs, sel);
		if (savesegment(gs) == sel)
			load_gs_index_irqoff(sel);
	} else {
		/*
		 * Not running: its saved bases are what a switch to it writes after the
		 * selectors.
		 */
		if (t->thread.segs.fsindex == sel)
			t->thread.segs.fsbase = info.base_addr;
		if (t->thread.segs.gsindex == sel)
			t->thread.segs.gsbase = info.base_addr;
	}
	local_irq_restore(flags);
	return 0;
}

/* set_thread_area(u_info) */
long sys_set_thread_area(struct pt_regs *regs)
{
	return do_set_thread_area(current, (struct user_desc __user *)regs->di, true);
}

/* get_thread_area(u_info): the entry u_info->entry_number names, read back. */
long sys_get_thread_area(struct pt_regs *regs)
{
	struct user_desc __user *u_info = (struct user_desc __user *)regs->di;
	struct user_desc info;
	unsigned int idx;

	if (copy_from_user(&idx, &u_info->entry_number, sizeof(idx)))
		return -EFAULT;
	if (idx < GDT_ENTRY_TLS_MIN || idx > GDT_ENTRY_TLS_MAX)
		return -EINVAL;
	desc_to_user_desc(&info, idx, current->thread.tls.desc[idx - GDT_ENTRY_TLS_MIN]);
	return copy_to_user(u_info, &info, sizeof(info)) ? -EFAULT : 0;
}
