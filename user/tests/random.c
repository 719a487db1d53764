// SPDX-License-Identifier: GPL-2.0
/* getrandom(2): bytes, Linux's flag rules, and lengths at the edges. */
#include "harness.h"

#define GRND_NONBLOCK	0x0001
#define GRND_RANDOM	0x0002
#define GRND_INSECURE	0x0004

SELFTEST(getrandom, fills_the_buffer_differently_each_time)
{
	u64 a[64] = { 0 }, b[64] = { 0 };
	int zero_words = 0, equal_words = 0;

	EXPECT_EQ(t, syscall3(__NR_getrandom, a, sizeof(a), 0), (long)sizeof(a));
	EXPECT_EQ(t, syscall3(__NR_getrandom, b, sizeof(b), GRND_NONBLOCK), (long)sizeof(b));
	for (int i = 0; i < 64; i++) {
		zero_words += !a[i];
		equal_words += a[i] == b[i];
	}
	/* 64 random words: a zero or a repeat has probability about 2^-58. */
	EXPECT_EQ(t, zero_words, 0);
	EXPECT_EQ(t, equal_words, 0);
}

SELFTEST(getrandom, flags_and_lengths)
{
	u8 buf[600];

	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, 0, 0), 0);
	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, sizeof(buf), GRND_RANDOM), (long)sizeof(buf));
	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, 1, GRND_INSECURE), 1);
	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, 1, GRND_RANDOM | GRND_INSECURE), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, 1, 0x8), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_getrandom, buf, 1, 1L << 32), -EINVAL);
}
