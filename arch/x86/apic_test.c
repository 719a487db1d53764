// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the local APIC's mode, its timer, and the TSC calibration. */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <selftest.h>
#include <smp.h>
#include <string.h>
#include <time.h>
#include <vsprintf.h>

struct apic_view {
	u64 apic_base;
	u32 lapic_id, cpuid_id;
	bool lint1_nmi, ran;
};

static struct apic_view apic_views[NR_CPUS];

static void read_apic_view(void *arg)
{
	struct apic_view *v = &apic_views[smp_processor_id()];

	v->apic_base = rdmsr(MSR_APIC_BASE);
	v->lapic_id = lapic_id();
	v->cpuid_id = cpuid_apic_id();
	v->lint1_nmi = lapic_lint1_nmi_unmasked();
	v->ran = true;
}

/*
 * Every CPU's APIC is on and in the boot CPU's mode (MSR_APIC_BASE: EN bit 11,
 * EXTD bit 10), each AP having switched itself before its first APIC access, and
 * reads the APIC ID CPUID gives it (all 32 bits in x2APIC mode), which is the one
 * its IPIs are sent to. LINT1's external NMI reaches the boot CPU alone unless
 * apic_extnmi= says otherwise, as Linux's setup_local_APIC() programs it.
 */
SELFTEST(apic, every_cpu_in_the_boot_cpus_mode_with_its_cpuid_id)
{
	unsigned int cpu;

	memset(apic_views, 0, sizeof(apic_views));
	on_each_cpu(read_apic_view, NULL);
	for_each_online_cpu(cpu) {
		const struct apic_view *v = &apic_views[cpu];

		ASSERT_TRUE(t, v->ran);
		EXPECT_TRUE(t, v->apic_base & APIC_BASE_ENABLE);
		EXPECT_EQ(t, !!(v->apic_base & APIC_BASE_EXTD), x2apic_mode);
		EXPECT_EQ(t, v->lapic_id, v->cpuid_id);
		EXPECT_EQ(t, v->lapic_id, per_cpu(cpu, apic_id));
		EXPECT_LE(t, v->lapic_id, apic_max_id());
		EXPECT_EQ(t, v->lint1_nmi, apic_extnmi_wanted(cpu == 0));
	}
}

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
	/*
	 * The pending tick is delivered here, where QEMU's timer thread has raised it
	 * by now: on a loaded host it may not have yet, so allow the ticks five periods
	 * to come back, as ticks_arrive does.
	 */
	local_irq_enable();
	EXPECT_NE(t, wait_ticks(start, 5 * 1000 / TIMER_HZ), start);
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
	static char reason[160];
	const char *why;
	u32 port;
	bool ext;
	u64 median;

	if (strncmp(tsc_khz_source, "PIT calibration", strlen("PIT calibration")))
		SKIP(t, "the TSC frequency did not come from the PIT here");
	why = acpi_pm_timer(&port, &ext);
	if (why) {
		snprintf(reason, sizeof(reason), "no ACPI PM timer to compare with: %s", why);
		SKIP(t, reason);
	}
	median = median_khz(tsc_khz_from_pm_timer);
	ASSERT_NE(t, median, 0);
	EXPECT_TRUE(t, median > tsc_khz / 2 && median < tsc_khz * 2);
}
