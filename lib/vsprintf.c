// SPDX-License-Identifier: GPL-2.0
/*
 * vsnprintf and snprintf: %d %i %u %x %X %p %s %c %%, the l/ll/z length
 * modifiers, a field width, '0' padding and '-' for left alignment. Nothing
 * more, so it is easy to check against its self-tests. Freestanding: the kernel
 * and the ring-3 programs in user/ are both built from this file.
 */
#include <string.h>
#include <vsprintf.h>

struct outbuf {
	char *buf;
	size_t size;
	size_t len;	/* characters produced, even past size */
};

static void out_char(struct outbuf *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void out_padded(struct outbuf *o, const char *s, size_t n, unsigned int width,
		       bool left, char pad)
{
	size_t fill = width > n ? width - n : 0;

	if (!left)
		while (fill--)
			out_char(o, pad);
	for (size_t i = 0; i < n; i++)
		out_char(o, s[i]);
	if (left)
		while (fill--)
			out_char(o, ' ');
}

static void out_number(struct outbuf *o, u64 v, bool negative, unsigned int base,
		       bool upper, unsigned int width, bool left, bool zero)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	unsigned int n = 0;

	do {
		tmp[sizeof(tmp) - 1 - n++] = digits[v % base];
		v /= base;
	} while (v);
	if (negative && zero && !left) {
		/* The sign goes before the zeros: "-0042". */
		out_char(o, '-');
		out_padded(o, tmp + sizeof(tmp) - n, n, width ? width - 1 : 0, false, '0');
		return;
	}
	if (negative)
		tmp[sizeof(tmp) - 1 - n++] = '-';
	out_padded(o, tmp + sizeof(tmp) - n, n, width, left, zero && !left ? '0' : ' ');
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct outbuf o = { .buf = buf, .size = size };

	for (; *fmt; fmt++) {
		bool left = false, zero = false;
		unsigned int width = 0, lng = 0;

		if (*fmt != '%') {
			out_char(&o, *fmt);
			continue;
		}
		for (fmt++; *fmt == '-' || *fmt == '0'; fmt++) {
			if (*fmt == '-')
				left = true;
			else
				zero = true;
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width * 10 + (*fmt - '0');
		for (; *fmt == 'l' || *fmt == 'z'; fmt++)
			lng++;

		switch (*fmt) {
		case 'd':
		case 'i': {
			s64 v = lng ? va_arg(ap, long) : va_arg(ap, int);

			out_number(&o, v < 0 ? -(u64)v : (u64)v, v < 0, 10, false, width,
				   left, zero);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			u64 v = lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);

			out_number(&o, v, false, *fmt == 'u' ? 10 : 16, *fmt == 'X', width,
				   left, zero);
			break;
		}
		case 'p':
			out_char(&o, '0');
			out_char(&o, 'x');
			out_number(&o, (unsigned long)va_arg(ap, void *), false, 16, false, 16,
				   false, true);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);

			if (!s)
				s = "(null)";
			out_padded(&o, s, strlen(s), width, left, ' ');
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);

			out_padded(&o, &c, 1, width, left, ' ');
			break;
		}
		case '%':
			out_char(&o, '%');
			break;
		case '\0':
			fmt--;	/* a lone '%' at the end: print nothing, stop cleanly */
			break;
		default:
			out_char(&o, '%');
			out_char(&o, *fmt);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

