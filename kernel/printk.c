// SPDX-License-Identifier: GPL-2.0
/* printk: format with vsnprintf (kernel/lib/vsprintf.c), write to every console. */
#include <asm/irqflags.h>
#include <printk.h>
#include <spinlock.h>

static DEFINE_SPINLOCK(console_lock);

void console_write(const char *s, size_t len)
{
	unsigned long flags;
	bool nested;

	/*
	 * One line must not interleave with a line printed from an interrupt or
	 * another CPU. A CPU that already holds the lock (an oops in the middle of a
	 * line) writes without it rather than deadlock on itself.
	 */
	local_irq_save(flags);
	nested = spin_held_here(&console_lock);
	if (!nested)
		spin_lock(&console_lock);
	serial_write(s, len);
	vga_write(s, len);
	if (!nested)
		spin_unlock(&console_lock);
	local_irq_restore(flags);
}

/*
 * The end of a run, after smp_send_stop(): a CPU halted while printing still
 * holds the lock, and the last lines must come out anyway.
 */
void console_break_lock(void)
{
	console_lock = (spinlock_t)SPINLOCK_INIT(console_lock);
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
