// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of RCU grace periods (kernel/rcu/rcu.c): callbacks wait for one, a
 * reader on another CPU holds one open, a CPU in user mode does not (tracker on)
 * or needs an interrupt (tracker off), and context tracking stays consistent on
 * every CPU through a syscall and a fault.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <context_tracking.h>
#include <init.h>
#include <rcu.h>
#include <rcu_demo.h>
#include <selftest.h>
#include <signal.h>
#include <smp.h>

struct test_cb {
	struct rcu_head head;
	unsigned long completed_when_run;	/* grace periods ended by then */
	bool ran;
};

static void test_cb_fn(struct rcu_head *head)
{
	struct test_cb *cb = container_of(head, struct test_cb, head);
	struct rcu_stats s;

	rcu_get_stats(&s);
	cb->completed_when_run = s.completed;
	WRITE_ONCE(cb->ran, true);
}

SELFTEST(rcu, call_rcu_runs_after_a_grace_period)
{
	struct test_cb a = { .ran = false }, b = { .ran = false };
	struct rcu_stats before;

	rcu_get_stats(&before);
	call_rcu(&a.head, test_cb_fn);
	call_rcu(&b.head, test_cb_fn);
	rcu_barrier();
	ASSERT_TRUE(t, a.ran && b.ran);
	EXPECT_GT(t, a.completed_when_run, before.completed);
	EXPECT_GE(t, b.completed_when_run, a.completed_when_run);
}

SELFTEST(rcu, synchronize_rcu_ends_a_grace_period)
{
	struct rcu_stats before, after;

	rcu_get_stats(&before);
	synchronize_rcu();
	rcu_get_stats(&after);
	EXPECT_GT(t, after.completed, before.completed);
}

#define READER_MS	50

static struct {
	bool inside;
	u64 left_tsc;
} reader;

/* On another CPU, in its IPI handler: a read-side critical section of READER_MS. */
static void long_reader(void *arg)
{
	u64 end = rdtsc() + tsc_khz * READER_MS;

	rcu_read_lock();
	WRITE_ONCE(reader.inside, true);
	while (rdtsc() < end)
		cpu_relax();
	reader.left_tsc = rdtsc();
	WRITE_ONCE(reader.inside, false);
	rcu_read_unlock();
}

SELFTEST(rcu, synchronize_rcu_waits_for_a_reader_on_another_cpu)
{
	unsigned int other = smp_processor_id() ? 0 : 1;
	u64 deadline, returned;

	SKIP_UNLESS_SMP(t);
	reader.inside = false;
	reader.left_tsc = 0;
	smp_call_function_single(other, long_reader, NULL, false);
	deadline = rdtsc() + tsc_khz * 1000;
	while (!READ_ONCE(reader.inside) && rdtsc() < deadline)
		cpu_relax();
	ASSERT_TRUE(t, READ_ONCE(reader.inside));
	synchronize_rcu();
	returned = rdtsc();
	EXPECT_FALSE(t, READ_ONCE(reader.inside));
	EXPECT_NE(t, reader.left_tsc, 0UL);
	EXPECT_GE(t, returned, reader.left_tsc);
}

SELFTEST(rcu, user_mode_cpu_needs_no_interrupt_with_the_tracker)
{
	struct rcu_demo_result r;
	const char *err;

	SKIP_UNLESS_SMP(t);
	if (!context_tracking_on())
		SKIP(t, "context_tracking=off");
	err = rcu_demo_measure(rcu_demo_cpu(), true, 10, &r);
	ASSERT_EQ(t, err, NULL);
	EXPECT_EQ(t, r.grace_periods, 10U);
	EXPECT_EQ(t, r.rcu_ipis, 0UL);
	if (per_cpu(rcu_demo_cpu(), sched.nohz_full)) {
		EXPECT_TRUE(t, r.tick_stopped);
		EXPECT_EQ(t, r.interrupts, 0UL);
	}
}

SELFTEST(rcu, user_mode_cpu_needs_an_interrupt_without_the_tracker)
{
	struct rcu_demo_result r;
	const char *err;

	SKIP_UNLESS_SMP(t);
	if (!context_tracking_on())
		SKIP(t, "context_tracking=off");
	err = rcu_demo_measure(rcu_demo_cpu(), false, 10, &r);
	ASSERT_EQ(t, err, NULL);
	/* Each grace period needs its own interrupt there: the tick's, or RCU's IPI. */
	EXPECT_GE(t, r.interrupts, 10UL);
	if (per_cpu(rcu_demo_cpu(), sched.nohz_full))
		EXPECT_GE(t, r.rcu_ipis, 10UL);
}

static struct {
	bool watching;
	enum ctx_state state;
} seen[NR_CPUS];

/* On each CPU, in its IPI handler: even an idle CPU's RCU watches a handler. */
static void read_ct(void *arg)
{
	seen[smp_processor_id()].watching = rcu_is_watching();
	seen[smp_processor_id()].state = ct_state();
}

/* Probes pinned to each CPU in turn: a syscall loop, then a fault that kills. */
SELFTEST(rcu, context_tracking_consistent_on_every_cpu)
{
	const struct boot_module *m = boot_module("probe");
	unsigned long warnings = ct_warnings_total();
	struct user_result r;
	unsigned int cpu;

	ASSERT_NE(t, m, NULL);
	for_each_online_cpu(cpu) {
		ASSERT_EQ(t, run_user_program(m, "probe syscalls n=100", BIT(cpu), &r), NULL);
		EXPECT_EQ(t, r.status, 0);
		ASSERT_EQ(t, run_user_program(m, "probe crash=ud2", BIT(cpu), &r), NULL);
		EXPECT_EQ(t, r.signal, SIGILL);
	}
	on_each_cpu(read_ct, NULL);
	for_each_online_cpu(cpu) {
		EXPECT_EQ(t, seen[cpu].state, CONTEXT_KERNEL);
		EXPECT_EQ(t, seen[cpu].watching, true);
	}
	EXPECT_EQ(t, ct_warnings_total(), warnings);
}
