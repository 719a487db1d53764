// SPDX-License-Identifier: GPL-2.0
/* Self-tests of the wall clock: the RTC's date arithmetic, and that it advances. */
#include <asm/apic.h>
#include <asm/processor.h>
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

/*
 * Whatever the date, the wall clock moves with the TSC: after 2 ms of TSC cycles
 * it, and the monotonic clock, read at least 2 ms later (less 1 us for the
 * rounding of the rate). No upper bound: the host may stop the vCPU meanwhile.
 */
SELFTEST(rtc, wall_clock_advances_with_the_tsc)
{
	const u64 wait_ns = 2 * NSEC_PER_MSEC, slack_ns = NSEC_PER_USEC;
	u64 real = ktime_get_real_ns(), mono = ktime_get_ns(), start = rdtsc();
	u64 real2, mono2;

	while (rdtsc() - start < 2 * tsc_khz)
		cpu_relax();
	real2 = ktime_get_real_ns();
	mono2 = ktime_get_ns();
	EXPECT_GE(t, real2 - real, wait_ns - slack_ns);
	EXPECT_GE(t, mono2 - mono, wait_ns - slack_ns);
}
