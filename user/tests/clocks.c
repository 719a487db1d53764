// SPDX-License-Identifier: GPL-2.0
/*
 * clock_gettime, gettimeofday and time agree with each other. No test asserts
 * what the time is: that is the host's, through QEMU's RTC.
 */
#include "harness.h"

struct timeval64 {
	long sec, usec;
};

SELFTEST(clocks, realtime_gettimeofday_and_time_agree)
{
	struct timespec64 a, b;
	struct timeval64 tv;
	long t1, t2;
	int tz[2] = { -1, -1 };

	ASSERT_EQ(t, syscall2(__NR_clock_gettime, 0, &a), 0);		/* CLOCK_REALTIME */
	ASSERT_EQ(t, syscall2(__NR_gettimeofday, &tv, tz), 0);
	t1 = syscall1(__NR_time, NULL);
	ASSERT_EQ(t, syscall1(__NR_time, &t2), t2);
	ASSERT_EQ(t, syscall2(__NR_clock_gettime, 0, &b), 0);
	EXPECT_LT(t, a.nsec, 1000000000L);
	EXPECT_LT(t, tv.usec, 1000000L);
	EXPECT_TRUE(t, a.sec <= tv.sec && tv.sec <= t1 && t1 <= t2 && t2 <= b.sec);
	EXPECT_EQ(t, tz[0], 0);						/* UTC */
	EXPECT_EQ(t, tz[1], 0);
}

SELFTEST(clocks, null_and_bad_pointers)
{
	EXPECT_EQ(t, syscall2(__NR_gettimeofday, NULL, NULL), 0);
	EXPECT_EQ(t, syscall2(__NR_gettimeofday, 0x10000, NULL), -EFAULT);
	EXPECT_EQ(t, syscall2(__NR_gettimeofday, NULL, 0xffffffff80100000UL), -EFAULT);
	EXPECT_EQ(t, syscall1(__NR_time, 0x10000), -EFAULT);
	EXPECT_EQ(t, syscall2(__NR_clock_gettime, 99, NULL), -EINVAL);
}
