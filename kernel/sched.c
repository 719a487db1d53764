// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks and the scheduler: each CPU runs the runnable user tasks its affinity
 * allows, round robin, falling back to its idle task when none can run (CPU 0's
 * idle task is the kmain context; an AP's runs cpu_idle_loop()).
 *
 * One run queue for all CPUs: the task table, under sched_lock. With at most
 * MAX_TASKS tasks a scan is a few hundred loads, and one queue makes migration a
 * change of cpus_allowed, with no queue to move the task between; per-CPU queues
 * pay off with many tasks and many CPUs, where this lock would be contended.
 * docs/smp-rcu.md says more. sched_lock is held across switch_to() and released
 * by the task switched to (finish_task_switch()), so no other CPU can pick the
 * task being switched away from while its stack is still in use: on_cpu says
 * which CPU runs (or is still leaving) a task.
 *
 * Kernel stacks live in their own region, each below an unmapped guard page, so
 * an overflow faults (and, having no stack left, double-faults onto its IST
 * stack) instead of silently corrupting the neighbour.
 *
 * sched_lock is also the task list's lock (Linux's tasklist_lock): the table,
 * every task's state and family links change under it, and a signal sender holds
 * it so that the target can neither vanish nor miss its wake-up.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <rcu.h>
#include <resource.h>
#include <sched.h>
#include <smp.h>
#include <spinlock.h>
#include <string.h>
#include <time.h>
#include <tlb.h>

#define KSTACK_BASE	0xffffc98000000000UL
#define KSTACK_SLOT	(KERNEL_STACK_SIZE + PAGE_SIZE)	/* stack + guard page */

static struct task idle_tasks[NR_CPUS];
/* Holds a slot of tasks[] while a task is created or freed there: never runnable. */
static struct task slot_reserved = { .state = TASK_NEW, .on_cpu = -1 };
/* Slot i also owns kernel stack slot i. Under sched_lock, as is every task's state. */
static struct task *tasks[MAX_TASKS];
/* Always taken with IRQs off: schedule() holds it across the switch. */
static DEFINE_SPINLOCK(sched_lock);
/* Sleepers with a deadline: CPU 0's tick scans the table only when there are some. */
static unsigned int nr_timed_sleepers;

/*
 * sched_lock held: does a task hold pid (as its tid: a process's pid is its
 * leader's)? pid 0: does any task exist?
 */
static bool pid_in_use(int pid)
{
	for (unsigned int i = 0; i < MAX_TASKS; i++)
		if (tasks[i] && tasks[i] != &slot_reserved && (!pid || tasks[i]->pid == pid))
			return true;
	return false;
}

/*
 * The next free pid after the last one given, wrapping at PID_MAX to
 * RESERVED_PIDS, as Linux allocates them: a number comes back only after the
 * whole space has gone round, so a program that remembers a tid (a thread map,
 * a pthread handle) never meets a second thread with it. With no task left the
 * count starts over: init, started when the self-tests' probes are gone, is
 * pid 1. sched_lock held.
 */
static int alloc_pid(void)
{
	static int last_pid;

	_Static_assert(MAX_TASKS < PID_MAX - RESERVED_PIDS, "a free pid always exists");
	if (!pid_in_use(0))
		last_pid = 0;
	do
		last_pid = last_pid + 1 < PID_MAX ? last_pid + 1 : RESERVED_PIDS;
	while (pid_in_use(last_pid));
	return last_pid;
}

/*
 * Creates the page tables of every kernel-stack slot now, so that starting and
 * ending tasks only ever changes leaf entries: the kernel's page tables look the
 * same after any number of tasks, which the resource check after init relies on.
 */
static void kstack_prepare_tables(void)
{
	phys_addr_t scratch = alloc_frame();

	if (!scratch)
		panic("sched_init: out of memory");
	for (unsigned int slot = 0; slot < MAX_TASKS; slot++) {
		unsigned long base = KSTACK_BASE + slot * KSTACK_SLOT + PAGE_SIZE;

		for (unsigned long va = base; va < base + KERNEL_STACK_SIZE; va += PAGE_SIZE) {
			if (map_page(kernel_pml4, va, scratch, PAGE_KERNEL))
				panic("sched_init: cannot map kernel stack slots");
			unmap_page(kernel_pml4, va);
		}
	}
	free_frame(scratch);
}

/* The calling CPU's idle task: what it runs now, and whenever nothing else can. */
static void idle_task_init(void)
{
	unsigned int cpu = smp_processor_id();
	struct task *idle = &idle_tasks[cpu];

	strlcpy(idle->name, "idle", sizeof(idle->name));	/* pid 0 */
	idle->state = TASK_RUNNING;
	idle->on_cpu = cpu;
	idle->cpus_allowed = BIT(cpu);
	this_cpu_write(idle_task, idle);
	this_cpu_write(current_task, idle);
}

void sched_init(void)
{
	idle_task_init();
	kstack_prepare_tables();
}

void sched_init_ap(void)
{
	idle_task_init();
}

/*
 * The next task to get this slot maps other frames at the same addresses: every
 * CPU the task ran on must forget the old ones first.
 */
static void kstack_unmap(void *stack)
{
	unsigned long start = (unsigned long)stack;
	struct mmu_gather tlb;

	_Static_assert(KERNEL_STACK_PAGES <= MMU_GATHER_LOCAL, "a stack's frames fit the gather");
	tlb_gather_mmu(&tlb, NULL);
	unmap_range(&tlb, kernel_pml4, start, start + KERNEL_STACK_SIZE);
	tlb_finish_mmu(&tlb);	/* flushes every CPU, then frees */
}

static void *kstack_map(unsigned int slot)
{
	unsigned long base = KSTACK_BASE + slot * KSTACK_SLOT + PAGE_SIZE;

	for (unsigned long va = base; va < base + KERNEL_STACK_SIZE; va += PAGE_SIZE) {
		phys_addr_t pa = alloc_frame();

		if (!pa || map_page(kernel_pml4, va, pa, PAGE_KERNEL)) {
			if (pa)
				free_frame(pa);
			kstack_unmap((void *)base);	/* the pages mapped so far */
			return NULL;
		}
	}
	return (void *)base;
}

/* The slot of tasks[] that t occupies (and whose kernel stack it uses). */
static unsigned int task_slot(const struct task *t)
{
	return ((unsigned long)t->stack - KSTACK_BASE - PAGE_SIZE) / KSTACK_SLOT;
}

/**
 * task_create - a new task with a kernel stack and nothing else
 * @name: for messages; truncated to 15 characters
 *
 * Returns NULL when out of task slots or memory. The caller gives it an
 * address space, handlers and process state (task_create_process(), or fork's
 * copies) and then starts it.
 */
struct task *task_create(const char *name)
{
	unsigned long flags;
	unsigned int slot;
	struct task *t;

	reap_dead_tasks();
	spin_lock_irqsave(&sched_lock, flags);
	for (slot = 0; slot < MAX_TASKS && tasks[slot]; slot++)
		;
	if (slot < MAX_TASKS)
		tasks[slot] = &slot_reserved;
	spin_unlock_irqrestore(&sched_lock, flags);
	if (slot == MAX_TASKS)
		return NULL;
	_Static_assert(sizeof(struct task) <= PAGE_SIZE, "struct task outgrew its page");
	t = alloc_page_object();
	if (t)
		t->stack = kstack_map(slot);
	if (!t || !t->stack) {
		if (t)
			free_page_object(t);
		WRITE_ONCE(tasks[slot], NULL);
		return NULL;
	}
	/* FXSAVE image of a freshly reset FPU: x87 control word, MXCSR defaults. */
	*(u16 *)&t->fpu[0] = 0x37f;
	*(u32 *)&t->fpu[24] = 0x1f80;
	strlcpy(t->name, name, sizeof(t->name));
	t->state = TASK_NEW;
	t->on_cpu = -1;
	t->cpus_allowed = ~0UL;	/* any CPU, as on Linux */
	t->sig.altstack.ss_flags = SS_DISABLE;
	t->group_leader = t;
	t->regs = (struct pt_regs *)((char *)t->stack + KERNEL_STACK_SIZE) - 1;
	spin_lock_irqsave(&sched_lock, flags);
	t->pid = t->tgid = alloc_pid();
	tasks[slot] = t;
	spin_unlock_irqrestore(&sched_lock, flags);
	return t;
}

struct task *task_create_process(const char *name)
{
	struct task *t = task_create(name);

	if (!t)
		return NULL;
	t->mm = mm_alloc();
	t->sighand = sighand_alloc();
	t->signal = signal_alloc();
	if (!t->mm || !t->sighand || !t->signal) {
		task_free(t);
		return NULL;
	}
	rlimit_init(t->signal->rlim);
	t->kernel_reaps = true;
	return t;
}

/* t has exited (or never started) and is off every CPU; nobody else points to it. */
void task_free(struct task *t)
{
	unsigned int slot = task_slot(t);
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	tasks[slot] = &slot_reserved;	/* the stack slot is busy until unmapped */
	spin_unlock_irqrestore(&sched_lock, flags);
	kstack_unmap(t->stack);
	if (t->mm)
		mm_put(t->mm);
	if (t->sighand)
		sighand_put(t->sighand);
	if (t->signal)
		signal_put(t->signal);
	free_page_object(t);
	WRITE_ONCE(tasks[slot], NULL);
}

/*
 * Frees each DEAD task once it is off its CPU: threads, and processes whose
 * parent does not wait (a finished thread cannot free the stack it runs on).
 * IRQs on: freeing a kernel stack flushes every CPU's TLB.
 */
void reap_dead_tasks(void)
{
	for (;;) {
		struct task *dead = NULL;
		unsigned long flags;

		spin_lock_irqsave(&sched_lock, flags);
		for (unsigned int i = 0; i < MAX_TASKS && !dead; i++) {
			struct task *t = tasks[i];

			if (t && t->state == TASK_DEAD && READ_ONCE(t->on_cpu) < 0) {
				dead = t;
				tasks[i] = &slot_reserved;	/* no other reaper takes it */
			}
		}
		spin_unlock_irqrestore(&sched_lock, flags);
		if (!dead)
			return;
		task_free(dead);
	}
}

/* The frame switch_to() pops for a task that has never run: see switch_to.asm. */
struct fork_frame {
	unsigned long r15, r14, r13, r12, bx, bp;
	unsigned long ret_addr;
};

/**
 * task_wake_new - make a new task runnable
 * @t: its pt_regs hold the user state it starts in (task_start(), or fork)
 *
 * Its first switch_to() "returns" into ret_from_fork_asm, which leaves for user
 * mode through the exit path like any return from a syscall.
 */
void task_wake_new(struct task *t)
{
	struct fork_frame *frame = (struct fork_frame *)t->regs - 1;
	unsigned long flags;

	memset(frame, 0, sizeof(*frame));
	frame->ret_addr = (unsigned long)ret_from_fork_asm;
	t->ksp = (unsigned long)frame;
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
	memset(t->regs, 0, sizeof(*t->regs));
	t->regs->ip = ip;
	t->regs->sp = sp;
	t->regs->cs = __USER_CS;
	t->regs->ss = __USER_DS;
	t->regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	t->regs->orig_ax = -1UL;
	task_wake_new(t);
}

void tasklist_lock(unsigned long *flags)
{
	spin_lock_irqsave(&sched_lock, *flags);
}

void tasklist_unlock(unsigned long flags)
{
	spin_unlock_irqrestore(&sched_lock, flags);
}

/* The next task of the table from *i on, skipping reserved slots; NULL at the end. */
struct task *task_table_next(unsigned int *i)
{
	for (; *i < MAX_TASKS; (*i)++) {
		struct task *t = tasks[*i];

		if (t && t != &slot_reserved) {
			(*i)++;
			return t;
		}
	}
	return NULL;
}

/* sched_lock held: the first task of the table for which match(t, id) holds. */
static struct task *find_task(bool (*match)(const struct task *t, int id), int id)
{
	struct task *t;
	unsigned int i;

	for_each_task(t, i)
		if (match(t, id))
			return t;
	return NULL;
}

static bool is_live_thread(const struct task *t, int tid)
{
	return t->pid == tid && task_alive(t);
}

/* A process exists from its start until it is reaped, even with its leader exited. */
static bool is_process(const struct task *t, int pid)
{
	return t->pid == pid && thread_group_leader(t) && t->state != TASK_NEW &&
	       t->state != TASK_DEAD;
}

struct task *find_task_by_tid(int tid)
{
	return find_task(is_live_thread, tid);
}

struct task *find_process(int pid)
{
	return find_task(is_process, pid);
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
	unsigned int start = 0;

	for (unsigned int i = 0; i < MAX_TASKS; i++)
		if (tasks[i] == prev)
			start = i + 1;
	for (unsigned int n = 0; n < MAX_TASKS; n++) {
		struct task *t = tasks[(start + n) % MAX_TASKS];

		if (can_run_on(t, cpu, prev))
			return t;
	}
	return &idle_tasks[cpu];
}

/* Is there a task other than the current one this CPU could run? Lockless hint. */
bool sched_work_here(void)
{
	unsigned int cpu = smp_processor_id();

	for (unsigned int i = 0; i < MAX_TASKS; i++) {
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
		bool idle = READ_ONCE(per_cpu(cpu, current_task)) == per_cpu(cpu, idle_task);

		if (cpu == self || !(READ_ONCE(t->cpus_allowed) & BIT(cpu)))
			continue;
		if (idle || READ_ONCE(per_cpu(cpu, tick_stopped)))
			smp_send_reschedule(cpu);
	}
}

/*
 * IRQs off. Everything the CPU needs to run next in ring 3 follows the task. The
 * kernel never uses FPU or SSE registers (-mgeneral-regs-only), so user FPU state
 * only needs saving here, not on every entry.
 */
static void context_switch(struct task *prev, struct task *next)
{
	unsigned long top = (unsigned long)next->stack + KERNEL_STACK_SIZE;
	bool user = !is_idle_task(next);

	if (!is_idle_task(prev))
		asm volatile("fxsaveq %0" : "=m"(prev->fpu));
	if (user)
		asm volatile("fxrstorq %0" : : "m"(next->fpu));
	this_cpu_write(current_task, next);
	if (user)
		this_cpu()->tss.rsp[0] = top;
	/* Before CR3: flush_tlb_mm_range() must not miss a CPU that is loading mm. */
	this_cpu_write(loaded_mm, user ? next->mm : NULL);
	smp_mb();
	load_cr3(user ? next->mm->pml4 : kernel_pml4);
	wrmsr(MSR_FS_BASE, next->fs_base);
	switch_to(&prev->ksp, next->ksp);
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
	struct task *prev = this_cpu_read(prev_task);

	WRITE_ONCE(prev->on_cpu, -1);
	spin_unlock(&sched_lock);
	if (!is_idle_task(prev) && READ_ONCE(prev->state) == TASK_RUNNING)
		sched_kick(prev);
	tick_nohz_update(false);
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
	if (this_cpu_read(rcu_read_depth))
		panic("schedule() inside an RCU read-side critical section");
	rcu_qs();
	spin_lock(&sched_lock);
	clear_tsk_thread_flag(prev, TIF_NEED_RESCHED);
	next = pick_next_task(prev, cpu);
	if (next != prev) {
		next->on_cpu = cpu;
		this_cpu_write(prev_task, prev);
		context_switch(prev, next);
		finish_task_switch();
	} else {
		spin_unlock(&sched_lock);
	}
	local_irq_restore(flags);
}

/* The timer's part, from user mode: preempt the task when another could run here. */
void sched_tick(void)
{
	if (sched_work_here())
		set_tsk_thread_flag(current, TIF_NEED_RESCHED);
}

/* A reschedule IPI: the sender set TIF_NEED_RESCHED when a switch is due. */
void sched_ipi(struct pt_regs *regs)
{
	tick_nohz_update(user_mode(regs));
}

/* Runs until t has exited and left its CPU: then its stack may be freed. */
void task_run_to_exit(struct task *t)
{
	while (READ_ONCE(t->state) != TASK_ZOMBIE || READ_ONCE(t->signal->live) ||
	       READ_ONCE(t->on_cpu) >= 0) {
		schedule();
		cpu_relax();
	}
}

void prepare_to_sleep(const void *chan, u64 deadline)
{
	struct task *t = current;
	unsigned long flags;

	spin_lock_irqsave(&sched_lock, flags);
	if (deadline && !t->wait_deadline)
		nr_timed_sleepers++;
	t->wait_chan = chan;
	t->wait_deadline = deadline;
	t->state = TASK_INTERRUPTIBLE;
	spin_unlock_irqrestore(&sched_lock, flags);
	smp_mb();	/* the state is visible before the caller reads its condition */
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
	wake_up_match_locked(sleeps_on, chan, MAX_TASKS);
}

void wake_up(const void *chan)
{
	wake_up_match(sleeps_on, chan, MAX_TASKS);
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
	wake_up_match(deadline_passed, &now, MAX_TASKS);
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
