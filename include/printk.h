/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ENTRYLAB_PRINTK_H
#define _ENTRYLAB_PRINTK_H

#include <vsprintf.h>

int printk(const char *fmt, ...) __printf(1, 2);
void console_write(const char *s, size_t len);
/* Only at the end of a run, once every other CPU has stopped. */
void console_break_lock(void);

/* Console back ends (arch/x86). */
void serial_init(void);
void serial_write(const char *s, size_t len);
void vga_init(void);
void vga_write(const char *s, size_t len);

#endif
