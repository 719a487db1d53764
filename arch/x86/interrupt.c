// SPDX-License-Identifier: GPL-2.0
/*
 * do_interrupt(): the C side of every IDT entry (entry/entry_irq.asm). Runs with
 * IRQs off on the kernel stack, with the interrupted state in *regs.
 */
#include <asm/apic.h>
#include <asm/percpu.h>
#include <asm/traps.h>
#include <kernel.h>

void kernel_exception(struct pt_regs *regs, unsigned long vector);
void do_interrupt(struct pt_regs *regs, unsigned long vector);

static void timer_interrupt(struct pt_regs *regs)
{
	this_cpu_inc(timer_ticks);
	if (user_mode(regs))
		this_cpu_inc(user_ticks);
	lapic_eoi();
}

void do_interrupt(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case IRQ_VECTOR_TIMER:
		timer_interrupt(regs);
		return;
	case IRQ_VECTOR_SPURIOUS:
		return;		/* no EOI for a spurious interrupt */
	}
	kernel_exception(regs, vector);
}
