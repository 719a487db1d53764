/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ENTRYLAB_PRINTK_H
#define _ENTRYLAB_PRINTK_H

#include <compiler.h>
#include <stdarg.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int printk(const char *fmt, ...) __printf(1, 2);
void console_write(const char *s, size_t len);

/* Console back ends (arch/x86). */
void serial_init(void);
void serial_write(const char *s, size_t len);
void vga_init(void);
void vga_write(const char *s, size_t len);

#endif
