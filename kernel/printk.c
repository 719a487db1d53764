// SPDX-License-Identifier: GPL-2.0
/* printk: format with vsnprintf (kernel/lib/vsprintf.c), write to every console. */
#include <asm/irqflags.h>
#include <printk.h>

void console_write(const char *s, size_t len)
{
	unsigned long flags;

	/* One line must not interleave with a line printed from an interrupt. */
	local_irq_save(flags);
	serial_write(s, len);
	vga_write(s, len);
	local_irq_restore(flags);
}

int printk(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	console_write(buf, MIN((size_t)n, sizeof(buf) - 1));
	return n;
}
