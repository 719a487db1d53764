// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the timekeeper (kernel/time/time.c) and the vvar page's readers
 * (include/vvar.h): the stable record and every CPU's pvclock record give the
 * same nanosecond for the same TSC, the exact floor((tsc - boot) * mult >> shift),
 * past max_cycles too; a rebase on the tick changes no reading, and a reader on
 * one CPU never sees half of a rebase made on another; a second of TSC ticks is a
 * second.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <selftest.h>
#include <smp.h>
#include <time.h>
#include <vdso.h>

/* A consistent copy of the stable record, taken under its seqcount. */
static struct vdso_clock clock_snapshot(void)
{
	const struct vdso_clock *c = &vvar.data.clock;
	struct vdso_clock copy;
	u32 seq;

	do {
		seq = READ_ONCE(c->seq);
		barrier();
		copy = *c;
		barrier();
	} while ((seq & 1) || READ_ONCE(c->seq) != seq);
	return copy;
}

static u64 exact_ns(const struct vdso_clock *c, u64 tsc)
{
	return (u64)(((unsigned __int128)(tsc - boot_tsc) * c->mult) >> c->shift);
}

SELFTEST(timekeeping, readers_agree_to_the_nanosecond)
{
	struct vdso_clock c = clock_snapshot();
	u64 now = rdtsc();
	const u64 tscs[] = {
		now, now + 1, now + 999, now + tsc_khz * 1000,
		c.cycle_last + c.max_cycles, c.cycle_last + c.max_cycles + 1,
		c.cycle_last + 50 * c.max_cycles,	/* the long path: mul_u64_u32_shr() */
	};
	unsigned int cpu;

	for (unsigned int i = 0; i < ARRAY_SIZE(tscs); i++) {
		EXPECT_EQ(t, vclock_ns_at(&c, tscs[i]), exact_ns(&c, tscs[i]));
		for_each_online_cpu(cpu)
			EXPECT_EQ(t, pvclock_ns_at(&vvar.data.percpu[cpu].pvti, tscs[i]),
				  exact_ns(&c, tscs[i]));
	}
}

SELFTEST(timekeeping, rebase_changes_no_reading)
{
	struct vdso_clock before, after;
	unsigned long flags;
	u64 tsc;

	if (smp_processor_id() != 0)
		SKIP(t, "only CPU 0 rebases the clock");
	before = clock_snapshot();
	local_irq_save(flags);
	timekeeping_tick_irqoff();
	local_irq_restore(flags);
	after = clock_snapshot();
	EXPECT_GT(t, after.cycle_last, before.cycle_last);
	EXPECT_LT(t, after.mono_frac, BIT(after.shift));
	for (tsc = after.cycle_last; tsc < after.cycle_last + 100000; tsc += 9973)
		EXPECT_EQ(t, vclock_ns_at(&after, tsc), vclock_ns_at(&before, tsc));
}

SELFTEST(timekeeping, a_second_of_ticks_is_a_second)
{
	struct vdso_clock c = clock_snapshot();
	u64 ns = vclock_ns_at(&c, c.cycle_last + tsc_khz * 1000) - vclock_ns_at(&c, c.cycle_last);

	/* mult is rounded down: at most one ns per second short, plus the fraction's. */
	EXPECT_LE(t, ns, NSEC_PER_SEC);
	EXPECT_GE(t, ns, NSEC_PER_SEC - 2);
}

SELFTEST(timekeeping, kernel_clock_is_the_vdso_clock)
{
	u64 a = ktime_get_ns(), b = vclock_read_stable(&vvar.data.clock), c = ktime_get_ns();

	u64 real = ktime_get_real_ns() - vvar.data.clock.real_offset_ns;

	EXPECT_LE(t, a, b);
	EXPECT_LE(t, b, c);
	EXPECT_LE(t, c, real);
	EXPECT_LE(t, real, ktime_get_ns());
}

#define READ_MS		300

static unsigned long rebases, stop_rebasing;	/* stop_rebasing: 1 asks, 2 answers */

static void rebase_until_told(void *arg)
{
	unsigned long flags;

	while (!__atomic_load_n(&stop_rebasing, __ATOMIC_SEQ_CST)) {
		local_irq_save(flags);
		timekeeping_tick_irqoff();
		local_irq_restore(flags);
		__atomic_add_fetch(&rebases, 1, __ATOMIC_RELAXED);
		cpu_relax();	/* round-robin TCG (more CPUs than host threads) switches here */
	}
	__atomic_store_n(&stop_rebasing, 2, __ATOMIC_SEQ_CST);
}

/*
 * Another CPU rebases the stable record as fast as it can while this one reads
 * the clock for READ_MS. A reader that paired one rebase's cycle_last with
 * another's mono_ns would be off by the time between them, one way or the other,
 * and the clock would go backwards at that read or the next: the seqcount must
 * make it retry. The rebases counted while reading show the two overlapped.
 */
SELFTEST(timekeeping, readers_never_see_a_torn_rebase)
{
	unsigned long reads = 0, backwards = 0, overlapping;
	unsigned int cpu, other = NR_CPUS;
	u64 last, now, deadline;

	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id() && other == NR_CPUS)
			other = cpu;
	rebases = 0;
	stop_rebasing = 0;
	smp_call_function_single(other, rebase_until_told, NULL, false);
	deadline = rdtsc() + tsc_khz * READ_MS;
	last = ktime_get_ns();
	while (rdtsc() < deadline) {
		now = ktime_get_ns();
		backwards += now < last;
		last = now;
		reads++;
	}
	overlapping = __atomic_load_n(&rebases, __ATOMIC_RELAXED);
	__atomic_store_n(&stop_rebasing, 1, __ATOMIC_SEQ_CST);
	deadline = rdtsc() + tsc_khz * 30000;
	while (__atomic_load_n(&stop_rebasing, __ATOMIC_SEQ_CST) != 2 && rdtsc() < deadline)
		cpu_relax();
	EXPECT_EQ(t, __atomic_load_n(&stop_rebasing, __ATOMIC_SEQ_CST), 2UL);
	EXPECT_EQ(t, backwards, 0UL);
	EXPECT_GT(t, reads, 1000UL);
	EXPECT_GT(t, overlapping, 0UL);
}
