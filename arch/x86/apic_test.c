// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the LAPIC timer and the TSC calibration. */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <selftest.h>
#include <string.h>

/* Spins (never halts: see docs/benchmarks.md) until ticks move or ms pass. */
static unsigned long wait_ticks(unsigned long from, unsigned int ms)
{
	u64 deadline = rdtsc() + tsc_khz * ms;

	while (READ_ONCE(this_cpu_ptr_gs->timer_ticks) == from && rdtsc() < deadline)
		cpu_relax();
	return this_cpu_read(timer_ticks);
}

SELFTEST(timer, ticks_arrive)
{
	unsigned long start;

	ASSERT_TRUE(t, lapic_timer_running());
	start = this_cpu_read(timer_ticks);
	/* Five periods of TIMER_HZ must bring at least one tick. */
	EXPECT_NE(t, wait_ticks(start, 5 * 1000 / TIMER_HZ), start);
}

SELFTEST(timer, no_ticks_with_irqs_off)
{
	unsigned long start;

	local_irq_disable();
	start = this_cpu_read(timer_ticks);
	EXPECT_EQ(t, wait_ticks(start, 3 * 1000 / TIMER_HZ), start);
	local_irq_enable();	/* the pending tick is delivered right here */
	EXPECT_NE(t, wait_ticks(start, 1), start);
}

SELFTEST(timer, tsc_frequency_plausible)
{
	EXPECT_GE(t, tsc_khz, 100000UL);	/* 100 MHz .. 10 GHz */
	EXPECT_LE(t, tsc_khz, 10000000UL);
	EXPECT_EQ(t, tsc_to_ns(tsc_khz * 1000), 1000000000UL);
}

/*
 * The fallback when the PIT does not count: the ACPI PM timer must measure the
 * same TSC frequency as the PIT did (a ratio of two clocks, within 10%).
 */
SELFTEST(timer, pm_timer_calibration_agrees)
{
	u64 khz = tsc_khz_from_pm_timer();

	if (strcmp(tsc_khz_source, "PIT calibration"))
		SKIP(t, "the TSC frequency did not come from the PIT here");
	ASSERT_NE(t, khz, 0);
	EXPECT_TRUE(t, khz > tsc_khz - tsc_khz / 10 && khz < tsc_khz + tsc_khz / 10);
}
