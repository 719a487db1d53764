// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the scheduler's SMP side: a task follows its affinity, and a
 * nohz_full CPU stops its tick for one user task and restarts it for a second,
 * and accounts that task's user time with no tick at all.
 */
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/timex.h>
#include <cputime.h>
#include <init.h>
#include <rcu_demo.h>
#include <sched.h>
#include <selftest.h>
#include <signal.h>
#include <smp.h>
#include <time.h>

#define WAIT_MS	1000

/* Whether task is running on cpu within WAIT_MS. */
static bool runs_on(const struct task *task, unsigned int cpu)
{
	u64 end = get_cycles() + tsc_khz * WAIT_MS;

	while (READ_ONCE(task->on_cpu) != (int)cpu && get_cycles() < end)
		cpu_relax();
	return READ_ONCE(task->on_cpu) == (int)cpu;
}

/* Whether cpu's tick is stopped (or running) within WAIT_MS. */
static bool tick_becomes(unsigned int cpu, bool stopped)
{
	u64 end = get_cycles() + tsc_khz * WAIT_MS;

	while (READ_ONCE(per_cpu(cpu, sched.tick_stopped)) != stopped && get_cycles() < end)
		cpu_relax();
	return READ_ONCE(per_cpu(cpu, sched.tick_stopped)) == stopped;
}

static struct task *spin_on(struct test *t, unsigned long cpus)
{
	const char *err;
	struct task *task = start_user_program(boot_module("probe"), "probe spin loops=0", cpus,
					       &err);

	if (!task)
		test_fail(t, __FILE__, __LINE__, "cannot start a spinner: %s", err);
	return task;
}

static void stop(struct task *task)
{
	struct user_result r;

	send_sig_kernel(task, SIGKILL);
	finish_user_program(task, &r);
}

/* Every CPU but this one, which is busy running the test and never schedules. */
SELFTEST(sched, task_runs_where_its_affinity_says)
{
	unsigned int cpu;

	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu) {
		struct task *task;

		if (cpu == smp_processor_id())
			continue;
		task = spin_on(t, BIT(cpu));
		if (!task)
			return;
		EXPECT_TRUE(t, runs_on(task, cpu));
		stop(task);
	}
}

/*
 * A spinner alone on the nohz_full CPU, its tick stopped (checked); NULL (with
 * a reason) if there is no such CPU or no spinner. The CPU in *cpu.
 */
static struct task *spin_alone_on_nohz_cpu(struct test *t, unsigned int *cpu)
{
	struct task *a;

	*cpu = rcu_demo_cpu();
	if (!*cpu || !per_cpu(*cpu, sched.nohz_full)) {
		t->skip_reason = "needs a nohz_full CPU (nohz_full=1, SMP=2)";
		return NULL;
	}
	a = spin_on(t, BIT(*cpu));
	if (a)
		EXPECT_TRUE(t, tick_becomes(*cpu, true));
	return a;
}

SELFTEST(sched, nohz_full_tick_stops_for_one_task_restarts_for_two)
{
	struct task *a, *b;
	unsigned int cpu;

	a = spin_alone_on_nohz_cpu(t, &cpu);
	if (!a)
		return;
	b = spin_on(t, BIT(cpu));
	if (b) {
		/* A second runnable task: the kick's IPI restarts the tick, to share the CPU. */
		EXPECT_TRUE(t, tick_becomes(cpu, false));
		stop(b);
		EXPECT_TRUE(t, tick_becomes(cpu, true));
	}
	stop(a);
	EXPECT_TRUE(t, tick_becomes(cpu, false));	/* idle again: ticking */
}

/*
 * Context tracking's second use (include/cputime.h): a task spinning in user
 * mode on a nohz_full CPU gets no tick and makes no crossing, and its user
 * time as charged still grows with the TSC, exactly, read from here as
 * Linux's vtime_delta() reads it. Sampled, it would stand still.
 */
SELFTEST(sched, nohz_full_user_time_counts_without_a_tick)
{
	struct task_cputime before, after;
	unsigned long flags, ticks;
	unsigned int cpu;
	struct task *a;
	u64 t0, t1;

	a = spin_alone_on_nohz_cpu(t, &cpu);
	if (!a)
		return;
	ticks = READ_ONCE(tick_counts[cpu].ticks);
	tasklist_lock(&flags);
	task_cputime_raw_locked(a, &before);
	t0 = get_cycles();
	tasklist_unlock(flags);
	while (get_cycles() - t0 < tsc_khz * 200)		/* 200 ms */
		cpu_relax();
	tasklist_lock(&flags);
	task_cputime_raw_locked(a, &after);
	t1 = get_cycles();
	tasklist_unlock(flags);
	EXPECT_EQ(t, READ_ONCE(tick_counts[cpu].ticks), ticks);	/* no tick meanwhile */
	EXPECT_GE(t, after.utime - before.utime, tsc_delta_to_ns(t1 - t0) * 9 / 10);
	EXPECT_LT(t, after.stime - before.stime, tsc_delta_to_ns(t1 - t0) / 10);
	stop(a);
}
