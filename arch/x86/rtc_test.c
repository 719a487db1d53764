// SPDX-License-Identifier: GPL-2.0
/* Self-tests of the wall clock: the RTC's date arithmetic, and that it advances. */
#include <selftest.h>
#include <time.h>

SELFTEST(rtc, date_to_days_since_the_epoch)
{
	EXPECT_EQ(t, days_from_civil(1970, 1, 1), 0L);
	EXPECT_EQ(t, days_from_civil(2000, 2, 29), 11016L);	/* a century leap day */
	EXPECT_EQ(t, days_from_civil(2000, 3, 1), 11017L);
	EXPECT_EQ(t, days_from_civil(2024, 2, 29), 19782L);
	EXPECT_EQ(t, days_from_civil(2026, 12, 1), 20788L);
	EXPECT_EQ(t, days_from_civil(2099, 12, 31), 47481L);
}

/* Whatever the date, the wall clock moves with the monotonic one. */
SELFTEST(rtc, wall_clock_advances_with_the_tsc)
{
	u64 real = ktime_get_real_ns(), mono = ktime_get_ns();
	u64 real2 = ktime_get_real_ns(), mono2 = ktime_get_ns();

	EXPECT_GE(t, real2, real);
	EXPECT_GE(t, mono2, mono);
}
