/* SPDX-License-Identifier: GPL-2.0 */
/* Formatting shared by the kernel and the ring-3 programs (lib/). */
#ifndef _ENTRYLAB_VSPRINTF_H
#define _ENTRYLAB_VSPRINTF_H

#include <compiler.h>
#include <stdarg.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);

#endif
