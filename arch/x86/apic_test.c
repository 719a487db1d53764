// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the LAPIC timer and the TSC calibration. */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <selftest.h>
#include <smp.h>
#include <string.h>
#include <time.h>

/* Spins (never halts: see docs/benchmarks.md) until ticks move or ms pass. */
static unsigned long wait_ticks(unsigned long from, unsigned int ms)
{
	u64 deadline = rdtsc() + tsc_khz * ms;

	while (READ_ONCE(tick_counts[smp_processor_id()].ticks) == from && rdtsc() < deadline)
		cpu_relax();
	return READ_ONCE(tick_counts[smp_processor_id()].ticks);
}

SELFTEST(timer, ticks_arrive)
{
	unsigned long start;

	ASSERT_TRUE(t, lapic_timer_running());
	start = READ_ONCE(tick_counts[smp_processor_id()].ticks);
	/* Five periods of TIMER_HZ must bring at least one tick. */
	EXPECT_NE(t, wait_ticks(start, 5 * 1000 / TIMER_HZ), start);
}

SELFTEST(timer, no_ticks_with_irqs_off)
{
	unsigned long start;

	local_irq_disable();
	start = READ_ONCE(tick_counts[smp_processor_id()].ticks);
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

/* The median of three measurements of the TSC's rate by @measure; 0 if its clock stood still. */
static u64 median_khz(u64 (*measure)(void))
{
	u64 a = measure(), b = measure(), c = measure();

	return MAX(MIN(a, b), MIN(MAX(a, b), c));
}

static u64 tsc_khz_from_pit(void)
{
	u64 t0 = rdtsc();

	return pit_wait_ms(50) ? (rdtsc() - t0) / 50 : 0;
}

/*
 * The rate in use is the rate the TSC runs at, whatever CPUID claims: an emulator
 * that copies a real part's leaf 0x15 or 0x16 (Bochs's models) runs the TSC at its
 * own rate, and every time the kernel derives from it would be off by the ratio.
 * Under TCG the PIT follows host time, and a busy host can stop the vCPU between two
 * reads, so the median of three must agree within a factor of two: enough to catch
 * a rate copied from CPUID (Bochs: 3,500 MHz said, 1,000 MHz run), never host load.
 */
SELFTEST(timer, tsc_rate_is_the_rate_the_pit_measures)
{
	u64 median = median_khz(tsc_khz_from_pit);

	if (!median)
		SKIP(t, "the PIT does not count here");
	EXPECT_TRUE(t, median > tsc_khz / 2 && median < tsc_khz * 2);
}

/*
 * The fallback when the PIT does not count: the ACPI PM timer must measure the
 * rate the TSC runs at, with the same tolerance. Under icount the agreement is exact
 * to a few parts per million.
 */
SELFTEST(timer, pm_timer_calibration_agrees)
{
	u64 median;

	if (strncmp(tsc_khz_source, "PIT calibration", strlen("PIT calibration")))
		SKIP(t, "the TSC frequency did not come from the PIT here");
	median = median_khz(tsc_khz_from_pm_timer);
	ASSERT_NE(t, median, 0);
	EXPECT_TRUE(t, median > tsc_khz / 2 && median < tsc_khz * 2);
}
