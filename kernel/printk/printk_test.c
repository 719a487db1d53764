// SPDX-License-Identifier: GPL-2.0
/* Self-tests for vsnprintf: every conversion printk promises. */
#include <printk.h>
#include <selftest.h>
#include <string.h>

#define EXPECT_FMT(t, expect, fmt, ...)						\
	({									\
		char _buf[64];							\
		snprintf(_buf, sizeof(_buf), fmt, ##__VA_ARGS__);		\
		EXPECT_STREQ(t, _buf, expect);					\
	})

SELFTEST(printk, signed_decimal)
{
	EXPECT_FMT(t, "0 -1 2147483647 -2147483648", "%d %d %d %d", 0, -1, 2147483647,
		   (int)-2147483648);
	EXPECT_FMT(t, "-9223372036854775808", "%ld", (long)(1UL << 63));
	EXPECT_FMT(t, "42", "%i", 42);
}

SELFTEST(printk, unsigned_and_hex)
{
	EXPECT_FMT(t, "4294967295", "%u", 0xffffffffu);
	EXPECT_FMT(t, "deadbeef DEADBEEF", "%x %X", 0xdeadbeefu, 0xdeadbeefu);
	EXPECT_FMT(t, "ffffffffffffffff", "%lx", ~0UL);
	EXPECT_FMT(t, "18446744073709551615", "%lu", ~0UL);
}

SELFTEST(printk, width_and_padding)
{
	EXPECT_FMT(t, "   42|00042|42   |", "%5d|%05d|%-5d|", 42, 42, 42);
	EXPECT_FMT(t, "-0042", "%05d", -42);
	EXPECT_FMT(t, "00ff", "%04x", 0xff);
	EXPECT_FMT(t, "123456", "%3d", 123456);	/* width is a minimum */
}

SELFTEST(printk, strings_chars_percent)
{
	const char *volatile null_str = NULL;	/* hidden from -Wformat-overflow */

	EXPECT_FMT(t, "[  ab][ab  ]x%", "[%4s][%-4s]%c%%", "ab", "ab", 'x');
	EXPECT_FMT(t, "(null)", "%s", null_str);
}

SELFTEST(printk, pointer)
{
	EXPECT_FMT(t, "0xffffffff80001000", "%p", (void *)0xffffffff80001000UL);
	EXPECT_FMT(t, "0x0000000000000010", "%p", (void *)0x10UL);
}

SELFTEST(printk, truncation)
{
	char buf[8];
	int n = snprintf(buf, sizeof(buf), "%s", "0123456789");

	EXPECT_EQ(t, n, 10);			/* the length it would have had */
	EXPECT_STREQ(t, buf, "0123456");	/* always terminated */
	EXPECT_EQ(t, snprintf(NULL, 0, "%d", 12345), 5);
}
