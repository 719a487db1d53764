// SPDX-License-Identifier: GPL-2.0
/*
 * Port I/O from ring 3: ioperm(2) and iopl(2), as Linux implements them since 5.5.
 *
 * Ring 3 may execute IN and OUT on a port when CPL <= IOPL, or when the TSS's I/O
 * permission bitmap has the port's bit clear. entrylab keeps IOPL 0 and uses the
 * bitmap alone:
 *  - ioperm(from, num, on) gives a task a bitmap of its own (8 KiB, every port
 *    denied to begin with), copied by fork and clone and freed with the task;
 *  - iopl(3) is emulated as Linux emulates it: the task gets every port (a TSS
 *    bitmap all clear) but no control over IF. CLI and STI, which a real IOPL 3
 *    would allow, still raise #GP, and are skipped as NOPs so that old programs
 *    that bracket their port I/O with them still run (fixup_iopl_exception()).
 *
 * There is one TSS, and so one bitmap, per CPU. A task with port access carries
 * TIF_IO_BITMAP, which sends its returns to user mode down the exit path's slow
 * branch; there, last and with IRQs off, tss_update_io_bitmap_irqoff() copies its
 * bits into the TSS (only if the TSS holds other bits: each content has a
 * sequence number) and makes the bitmap valid. Every context switch makes it
 * invalid again (iomap_base past the TSS's limit), so a task without port access
 * never runs with another's. The syscall fast path pays nothing: the flag joins
 * the mask the exit path tests anyway.
 */
#include <asm/desc.h>
#include <asm/io_bitmap.h>
#include <asm/irqflags.h>
#include <asm/percpu.h>
#include <asm/uaccess.h>
#include <capability.h>
#include <errno.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>

#define IO_BITMAP_FRAMES	(IO_BITMAP_BYTES / PAGE_SIZE)
#define IO_BITMAP_SEQ_ALL	1	/* the TSS allows every port: iopl(3) */

/* Sequence numbers of bitmap contents; 0 is none, 1 every port. */
static u64 io_bitmap_seq = IO_BITMAP_SEQ_ALL;

static u64 next_seq(void)
{
	return __atomic_add_fetch(&io_bitmap_seq, 1, __ATOMIC_RELAXED);
}

/* t has port access, or not: what the exit path looks at. */
static void update_tif(struct task *t)
{
	if (t->thread.io_bitmap || t->thread.iopl_emul == 3)
		set_tsk_thread_flag(t, TIF_IO_BITMAP);
	else
		clear_tsk_thread_flag(t, TIF_IO_BITMAP);
}

void tss_invalidate_io_bitmap_irqoff(void)
{
	this_cpu()->tss.iomap_base = IO_BITMAP_OFFSET_INVALID;
}

void tss_update_io_bitmap_irqoff(void)
{
	struct tss *tss = &this_cpu()->tss;
	struct task *t = current;
	u64 seq = t->thread.iopl_emul == 3 ? IO_BITMAP_SEQ_ALL : t->thread.io_bitmap_seq;

	if (this_cpu_read(tss_io_bitmap_seq) != seq) {
		if (seq == IO_BITMAP_SEQ_ALL)
			memset(tss->io_bitmap, 0, IO_BITMAP_BYTES);
		else
			memcpy(tss->io_bitmap, t->thread.io_bitmap, IO_BITMAP_BYTES);
		this_cpu_write(tss_io_bitmap_seq, seq);
	}
	tss->iomap_base = IO_BITMAP_OFFSET_VALID;
}

static bool all_denied(const u8 *bitmap)
{
	for (unsigned int i = 0; i < IO_BITMAP_BYTES; i++)
		if (bitmap[i] != 0xff)
			return false;
	return true;
}

static u8 *io_bitmap_alloc(void)
{
	phys_addr_t pa = alloc_frames(IO_BITMAP_FRAMES);

	return pa ? phys_to_virt(pa) : NULL;
}

int io_bitmap_copy(struct task *child, const struct task *parent)
{
	child->thread.iopl_emul = parent->thread.iopl_emul;
	if (parent->thread.io_bitmap) {
		child->thread.io_bitmap = io_bitmap_alloc();
		if (!child->thread.io_bitmap)
			return -ENOMEM;
		memcpy(child->thread.io_bitmap, parent->thread.io_bitmap, IO_BITMAP_BYTES);
		child->thread.io_bitmap_seq = parent->thread.io_bitmap_seq;	/* the same bits */
	}
	update_tif(child);
	return 0;
}

void io_bitmap_free(struct task *t)
{
	if (t->thread.io_bitmap)
		free_frames(virt_to_phys(t->thread.io_bitmap), IO_BITMAP_FRAMES);
	t->thread.io_bitmap = NULL;
}

/* After a change of t's access; if it has none left, the TSS must not keep allowing it. */
static void access_changed(struct task *t)
{
	unsigned long flags;

	update_tif(t);
	if (t->thread.io_bitmap || t->thread.iopl_emul == 3)
		return;
	local_irq_save(flags);
	tss_invalidate_io_bitmap_irqoff();
	local_irq_restore(flags);
}

/*
 * ioperm(from, num, turn_on): ports [from, from + num) allowed or denied. As on
 * Linux, turning ports on needs CAP_SYS_RAWIO (-EPERM), turning them off never does.
 */
long sys_ioperm(struct pt_regs *regs)
{
	unsigned long from = regs->di, num = regs->si;
	bool on = regs->dx;
	struct task *t = current;

	if (from + num <= from || from + num > IO_BITMAP_BITS)
		return -EINVAL;
	if (on && !capable(CAP_SYS_RAWIO))
		return -EPERM;
	if (!t->thread.io_bitmap) {
		if (!on)
			return 0;
		t->thread.io_bitmap = io_bitmap_alloc();
		if (!t->thread.io_bitmap)
			return -ENOMEM;
		memset(t->thread.io_bitmap, 0xff, IO_BITMAP_BYTES);
	}
	for (unsigned long port = from; port < from + num; port++) {
		if (on)
			t->thread.io_bitmap[port / 8] &= ~BIT(port % 8);
		else
			t->thread.io_bitmap[port / 8] |= BIT(port % 8);
	}
	t->thread.io_bitmap_seq = next_seq();
	if (!on && all_denied(t->thread.io_bitmap))
		io_bitmap_free(t);	/* every port denied again: as having none */
	access_changed(t);
	return 0;
}

/*
 * iopl(level): 3 is every port (emulated, see above); below 3, the bitmap alone.
 * Raising the level needs CAP_SYS_RAWIO, as on Linux.
 */
long sys_iopl(struct pt_regs *regs)
{
	unsigned long level = regs->di;
	struct task *t = current;

	if (level > 3)
		return -EINVAL;
	if (level > t->thread.iopl_emul && !capable(CAP_SYS_RAWIO))
		return -EPERM;
	t->thread.iopl_emul = level == 3 ? 3 : 0;
	access_changed(t);
	return 0;
}

#define INSN_CLI	0xfa
#define INSN_STI	0xfb

bool fixup_iopl_exception(struct pt_regs *regs)
{
	u8 insn;

	if (current->thread.iopl_emul != 3 ||
	    copy_from_user(&insn, (const void __user *)regs->ip, sizeof(insn)) ||
	    (insn != INSN_CLI && insn != INSN_STI))
		return false;
	regs->ip += sizeof(insn);
	return true;
}
