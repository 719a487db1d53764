/* SPDX-License-Identifier: GPL-2.0 */
/* Port I/O from ring 3: ioperm(2), iopl(2) and the TSS's I/O bitmap (arch/x86/ioport.c). */
#ifndef _ASM_X86_IO_BITMAP_H
#define _ASM_X86_IO_BITMAP_H

#include <compiler.h>

struct task;
struct pt_regs;

/* IRQs off, at the end of the exit path's slow branch: current's ports into the TSS. */
void tss_update_io_bitmap_irqoff(void);
/* IRQs off, at every context switch: the TSS's bitmap is nobody's until installed. */
void tss_invalidate_io_bitmap_irqoff(void);
/* fork and clone: the child gets a copy of the parent's port access. -ENOMEM or 0. */
int io_bitmap_copy(struct task *child, const struct task *parent);
void io_bitmap_free(struct task *t);
/* A #GP from ring 3 at CLI or STI under iopl(3): skipped, as Linux does. */
bool fixup_iopl_exception(struct pt_regs *regs);

#endif
