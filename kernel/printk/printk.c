// SPDX-License-Identifier: GPL-2.0
/*
 * printk: format with vsnprintf (lib/vsprintf.c), write to every console,
 * and keep the last LOG_BUF_SIZE bytes for a console that starts late.
 */
#include <asm/irqflags.h>
#include <printk.h>
#include <spinlock.h>

#define LOG_BUF_SIZE	(32 << 10)

static DEFINE_SPINLOCK(console_lock);
static char log_buf[LOG_BUF_SIZE];
static size_t log_written;		/* bytes ever written; the next goes at this mod size */

/* console_lock held. */
static void log_store(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		log_buf[log_written++ % LOG_BUF_SIZE] = s[i];
}

/**
 * console_replay - give a console that starts late what the others printed
 * @write: its write function
 *
 * The log's oldest complete line first (an overwritten log starts after its
 * first newline). Called at boot on the boot CPU, before the console is live.
 */
void console_replay(void (*write)(const char *s, size_t len))
{
	size_t start = log_written > LOG_BUF_SIZE ? log_written - LOG_BUF_SIZE : 0;

	if (start)
		while (start < log_written && log_buf[start++ % LOG_BUF_SIZE] != '\n')
			;
	/* At most two pieces: up to the buffer's end, then from its start. */
	while (start < log_written) {
		size_t at = start % LOG_BUF_SIZE, n = MIN(log_written - start, LOG_BUF_SIZE - at);

		write(&log_buf[at], n);
		start += n;
	}
}

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
	log_store(s, len);
	serial_write(s, len);
	vga_write(s, len);
	fbcon_write(s, len);
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
