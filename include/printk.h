/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ENTRYLAB_PRINTK_H
#define _ENTRYLAB_PRINTK_H

#include <vsprintf.h>

int printk(const char *fmt, ...) __printf(1, 2);
void console_write(const char *s, size_t len);
/* Only at the end of a run, once every other CPU has stopped. */
void console_break_lock(void);
/* kernel/printk/printk.c: the output so far (up to 32 KiB), for a console that starts late. */
void console_replay(void (*write)(const char *s, size_t len));

/* Console back ends (arch/x86). */
void serial_init(void);
void serial_write(const char *s, size_t len);
void vga_init(void);
void vga_write(const char *s, size_t len);
/* After paging_init(): the framebuffer console, with what was printed before. */
void fbcon_init(void);
void fbcon_write(const char *s, size_t len);

#endif
