// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the timekeeper (kernel/time.c) and the vvar page's readers
 * (include/vvar.h): the stable record and every CPU's pvclock record give the
 * same nanosecond for the same TSC, the exact floor((tsc - boot) * mult >> shift),
 * past max_cycles too; a rebase on the tick changes no reading; a second of TSC
 * ticks is a second.
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
		c.cycle_last + 50 * c.max_cycles,	/* the 128-bit path */
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
		return;		/* only CPU 0 rebases, and the tests run there */
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
	EXPECT_LE(t, c.mult, 0xffffffffUL);
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
