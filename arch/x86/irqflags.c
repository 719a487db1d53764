// SPDX-License-Identifier: GPL-2.0
/*
 * irq_restore=popf|sti: how local_irq_restore() gives interrupts back, kernel-wide
 * (asm/irqflags.h says why there are two ways). POPF is the default, as in
 * Linux before 2016 and in the pre-2016 entry rows of the benchmark.
 */
#include <asm/irqflags.h>
#include <cmdline.h>
#include <printk.h>
#include <string.h>

bool irq_restore_sti;

void irq_restore_init(void)
{
	const char *want = cmdline_str(&boot_cmdline, "irq_restore", "popf");

	if (!strcmp(want, "sti"))
		irq_restore_sti = true;
	else if (strcmp(want, "popf"))
		printk("cmdline: irq_restore=%s is not popf or sti, using popf\n", want);
}
