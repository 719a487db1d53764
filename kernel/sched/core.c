// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler: each CPU runs the runnable user tasks its affinity
 * allows, round robin, falling back to its idle task when none can run (CPU 0's
 * idle task is the kmain context; an AP's runs cpu_idle_loop()).
 *
 * One run queue for all CPUs: the task table, under sched_lock. A scan goes as
 * far as the highest slot in use (nr_task_slots): with tens of tasks, a few
 * hundred loads, and one queue makes migration a change of cpus_allowed, with no
 * queue to move the task between; per-CPU queues pay off with many tasks and
 * many CPUs, where this lock would be contended.
 * docs/smp-rcu.md says more. sched_lock is held across __switch_to() and released
 * by the task switched to (finish_task_switch()), so no other CPU can pick the
 * task being switched away from while its stack is still in use: on_cpu says
 * which CPU runs (or is still leaving) a task. The table itself, and the tasks'
 * creation and end, are task.c's; sleeping and waking are here.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <cputime.h>
#include <kernel.h>
#include <mm.h>
#include <rcu.h>
#include <rseq.h>
#include <sched.h>
#include <smp.h>
#include <wait.h>
#include <spinlock.h>
#include <string.h>
#include <time.h>
#include "../task_table.h"

static struct task idle_tasks[NR_CPUS];
DEFINE_SPINLOCK(sched_lock);
/* Sleepers with a deadline: CPU 0's tick scans the table only when there are some. */
static unsigned int nr_timed_sleepers;


/* The calling CPU's idle task: what it runs now, and whenever nothing else can. */
static void idle_task_init(void)
{
	unsigned int cpu = smp_processor_id();
	struct task *idle = &idle_tasks[cpu];

	strlcpy(idle->name, "idle", sizeof(idle->name));	/* pid 0 */
	idle->state = TASK_RUNNING;
	idle->on_cpu = cpu;
	idle->cpus_allowed = BIT(cpu);
	this_cpu_write(sched.idle_task, idle);
	this_cpu_write(current_task, idle);
}

void sched_init(void)
{
	idle_task_init();
	task_table_init();
}

void sched_init_ap(void)
{
	idle_task_init();
}


/**
 * task_wake_new - make a new task runnable
 * @t: its pt_regs hold the user state it starts in (task_start(), or fork)
 *
 * Its first switch "returns" into ret_from_fork_asm, which leaves for user
 * mode through the exit path like any return from a syscall.
 */
void task_wake_new(struct task *t)
{
	unsigned long flags;

	thread_init_fork_frame(t);
	spin_lock_irqsave(&sched_lock, flags);
	t->state = TASK_RUNNING;
	spin_unlock_irqrestore(&sched_lock, flags);
	sched_kick(t);
}

/**
 * task_start - make a task runnable at a user instruction
 * @t: from task_create(), its address space loaded
 * @ip: first user instruction
 * @sp: initial user stack pointer
 *
 * All registers start at zero except RSP; RFLAGS is IF plus the fixed bit.
 */
void task_start(struct task *t, unsigned long ip, unsigned long sp)
{
	t->regs->orig_ax = -1UL;	/* no syscall to restart */
	start_thread(t, ip, sp);
	task_wake_new(t);
}


/* Runnable here, and not running elsewhere. sched_lock held, or a racy hint. */
static bool can_run_on(const struct task *t, unsigned int cpu, const struct task *prev)
{
	return t && !is_idle_task(t) && READ_ONCE(t->state) == TASK_RUNNING &&
	       (READ_ONCE(t->cpus_allowed) & BIT(cpu)) && (READ_ONCE(t->on_cpu) < 0 || t == prev);
}

/* sched_lock held: the next task after prev in table order that can run here. */
static struct task *pick_next_task(struct task *prev, unsigned int cpu)
{
	unsigned int start = is_idle_task(prev) ? 0 : task_slot(prev) + 1;

	for (unsigned int n = 0; n < nr_task_slots; n++) {
		struct task *t = tasks[(start + n) % nr_task_slots];

		if (can_run_on(t, cpu, prev))
			return t;
	}
	return &idle_tasks[cpu];
}

/* Is there a task other than the current one this CPU could run? Lockless hint. */
bool sched_work_here(void)
{
	unsigned int cpu = smp_processor_id(), nr = READ_ONCE(nr_task_slots);

	for (unsigned int i = 0; i < nr; i++) {
		struct task *t = READ_ONCE(tasks[i]);

		if (t != current && can_run_on(t, cpu, NULL))
			return true;
	}
	return false;
}

/*
 * t became runnable or may now run elsewhere: wake each other CPU that could run
 * it and is idle or has its tick stopped (nohz_full), and move t off a CPU it may
 * no longer use.
 */
void sched_kick(struct task *t)
{
	unsigned int cpu, self = smp_processor_id();
	int running = READ_ONCE(t->on_cpu);

	if (running >= 0 && !(READ_ONCE(t->cpus_allowed) & BIT(running))) {
		set_tsk_thread_flag(t, TIF_NEED_RESCHED);
		if ((unsigned int)running != self)
			smp_send_reschedule(running);
	}
	for_each_online_cpu(cpu) {
		bool idle = READ_ONCE(per_cpu(cpu, current_task)) == per_cpu(cpu, sched.idle_task);

		if (cpu == self || !(READ_ONCE(t->cpus_allowed) & BIT(cpu)))
			continue;
		if (idle || READ_ONCE(per_cpu(cpu, sched.tick_stopped)))
			smp_send_reschedule(cpu);
	}
}

/* IRQs off: the generic half of a switch, then the address space, then the CPU's. */
static void context_switch(struct task *prev, struct task *next)
{
	cputime_switch_irqoff(prev);
	this_cpu_write(current_task, next);
	syscall_work_load_this_cpu(next);
	rseq_switch_irqoff(prev, next, smp_processor_id());
	switch_mm_irqoff(is_idle_task(next) ? NULL : next->mm);
	__switch_to(prev, next);
}

/*
 * The second half of a switch, on the new task's stack: the task switched away
 * from is off this CPU now, so another may pick it. Releases sched_lock, which
 * schedule() took before the switch. IRQs off.
 *
 * A task that is still runnable (preempted, or moved away by its affinity) may
 * have been offered to an idle CPU while it was leaving this one, and that CPU
 * found it still here and halted again: offer it once more.
 */
void finish_task_switch(void)
{
	struct task *prev = this_cpu_read(sched.prev_task);

	WRITE_ONCE(prev->on_cpu, -1);
	spin_unlock(&sched_lock);
	if (!is_idle_task(prev) && READ_ONCE(prev->state) == TASK_RUNNING)
		sched_kick(prev);
	tick_nohz_update_irqoff(false);
}

/**
 * schedule - give the CPU to the next runnable task
 *
 * Callable with IRQs on or off, never from interrupt context nor inside an RCU
 * reader. Returns when the calling task is picked again; a dead task never is.
 * A quiescent state for RCU: nothing survives a call to it.
 */
void schedule(void)
{
	struct task *prev = current, *next;
	unsigned int cpu = smp_processor_id();
	unsigned long flags;

	local_irq_save(flags);
	if (this_cpu_read(rcu.read_depth))
		panic("schedule() inside an RCU read-side critical section");
	rcu_qs();
	spin_lock(&sched_lock);
	clear_tsk_thread_flag(prev, TIF_NEED_RESCHED);
	next = pick_next_task(prev, cpu);
	if (next != prev) {
		next->on_cpu = cpu;
		this_cpu_write(sched.prev_task, prev);
		context_switch(prev, next);
		finish_task_switch();
	} else {
		spin_unlock(&sched_lock);
	}
	local_irq_restore(flags);
}

/*
 * The timer's part: preempt the task when another could run here, wherever the
 * tick found it. From kernel mode the flag waits for the return to user mode (the
 * kernel is not preemptible), as Linux's does: a task whose time is mostly spent
 * in system calls, where most ticks land, would otherwise keep the CPU for good.
 */
void sched_tick(void)
{
	if (sched_work_here())
		set_tsk_thread_flag(current, TIF_NEED_RESCHED);
}

/* A reschedule IPI: the sender set TIF_NEED_RESCHED when a switch is due. */
void sched_ipi(struct pt_regs *regs)
{
	tick_nohz_update_irqoff(user_mode(regs));
}

/*
 * The boot CPU's idle task: runs until t has exited and left its CPU (then its
 * stack may be freed), halting while nothing can run here, as an AP's idle loop
 * does: a spin would keep a host CPU busy for a guest with nothing to do, and
 * under icount (time counted in instructions) make each second of a sleep a
 * billion of them. t ending on another CPU is seen at our next interrupt (the
 * tick, which this CPU always keeps).
 */
void task_run_to_exit(struct task *t)
{
	while (READ_ONCE(t->state) != TASK_ZOMBIE || READ_ONCE(t->signal->live) ||
	       READ_ONCE(t->on_cpu) >= 0)
		cpu_idle_once();
}

static void prepare_to_sleep_state(const void *chan, u64 deadline, enum task_state state)
{
	struct task *t = current;
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	if (deadline && !t->wait_deadline)
		nr_timed_sleepers++;
	t->wait_chan = chan;
	t->wait_deadline = deadline;
	t->state = state;
	spin_unlock_irqrestore(&sched_lock, flags);
	smp_mb();	/* the state is visible before the caller reads its condition */
}

void prepare_to_sleep(const void *chan, u64 deadline)
{
	prepare_to_sleep_state(chan, deadline, TASK_INTERRUPTIBLE);
}

void prepare_to_stop_traced(const void *chan)
{
	prepare_to_sleep_state(chan, 0, TASK_TRACED);
}

/* sched_lock held. */
static void wake_locked(struct task *t)
{
	if (t->wait_deadline)
		nr_timed_sleepers--;
	t->wait_deadline = 0;
	t->wait_chan = NULL;
	t->state = TASK_RUNNING;
}

void finish_sleep(void)
{
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	wake_locked(current);
	spin_unlock_irqrestore(&sched_lock, flags);
}

void wake_up_task_locked(struct task *t)
{
	if (t->state != TASK_INTERRUPTIBLE)
		return;
	wake_locked(t);
	sched_kick(t);
}

void wake_up_traced_locked(struct task *t)
{
	if (t->state != TASK_TRACED)
		return;
	wake_locked(t);
	sched_kick(t);
}

static int wake_up_match_locked(bool (*match)(struct task *t, const void *arg),
				const void *arg, int nr)
{
	struct task *t;
	unsigned int i;
	int woken = 0;

	for_each_task(t, i) {
		if (woken == nr)
			break;
		if (t->state == TASK_INTERRUPTIBLE && match(t, arg)) {
			wake_up_task_locked(t);
			woken++;
		}
	}
	return woken;
}

int wake_up_match(bool (*match)(struct task *t, const void *arg), const void *arg, int nr)
{
	unsigned long flags;
	int woken;

	spin_lock_irqsave(&sched_lock, flags);
	woken = wake_up_match_locked(match, arg, nr);
	spin_unlock_irqrestore(&sched_lock, flags);
	return woken;
}

static bool sleeps_on(struct task *t, const void *chan)
{
	return t->wait_chan == chan;
}

void wake_up_locked(const void *chan)
{
	wake_up_match_locked(sleeps_on, chan, WAKE_ALL);
}

void wake_up(const void *chan)
{
	wake_up_match(sleeps_on, chan, WAKE_ALL);
}

static bool deadline_passed(struct task *t, const void *now)
{
	return t->wait_deadline && t->wait_deadline <= *(const u64 *)now;
}

void sleep_timeouts_tick(void)
{
	u64 now;

	if (!READ_ONCE(nr_timed_sleepers))
		return;
	now = ktime_get_ns();
	wake_up_match(deadline_passed, &now, WAKE_ALL);
}

/**
 * sched_setaffinity_task - change where t may run
 * @t: any task; @mask: CPUs, already checked non-empty and online
 *
 * A task running on a CPU it may no longer use is moved at its next return to
 * user mode: TIF_NEED_RESCHED, and an IPI if that is another CPU.
 */
void sched_setaffinity_task(struct task *t, unsigned long mask)
{
	WRITE_ONCE(t->cpus_allowed, mask);
	sched_kick(t);
}
