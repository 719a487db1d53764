// SPDX-License-Identifier: GPL-2.0
/*
 * Task lifetime: the task table, pids, kernel stacks, creating a task and
 * freeing it once it is dead and off its CPU. The scheduler (sched/core.c) runs what
 * is in the table; both work under sched_lock (task_table.h).
 *
 * The table has a slot for each task threads-max allows, Linux's limit: kernel
 * stacks may take an eighth of the memory free at boot. Slot i of the table owns
 * kernel stack slot i. Kernel stacks live in their own region, each below an
 * unmapped guard page, so an overflow faults (and, having no stack left,
 * double-faults onto its IST stack) instead of silently corrupting the neighbour.
 *
 * sched_lock is also the task list's lock (Linux's tasklist_lock): the table,
 * every task's state and family links change under it, and a signal sender holds
 * it so that the target can neither vanish nor miss its wake-up.
 */
#include <asm/pgtable.h>
#include <asm/io_bitmap.h>
#include <asm/ptrace.h>
#include <capability.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <resource.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <slab.h>
#include <stack_usage.h>
#include <string.h>
#include <tlb.h>
#include <user_namespace.h>
#include "task_table.h"


/* Holds a slot of tasks[] while a task is created or freed there: never runnable. */
struct task slot_reserved = { .state = TASK_NEW, .on_cpu = -1 };
/* Slot i also owns kernel stack slot i. Under sched_lock, as is every task's state. */
struct task **tasks;
unsigned int task_table_size, nr_task_slots;
/* Threads at once, Linux's threads-max: fork past it is -EAGAIN. Set at boot. */
unsigned int max_threads;

/*
 * Linux's set_max_threads() (kernel/fork.c): the kernel stacks of max_threads tasks
 * take at most an eighth of the memory free at boot, with MIN_THREADS at least and
 * MAX_THREADS at most.
 */
static unsigned int threads_max_for(unsigned long free_frames)
{
	u64 threads = (u64)free_frames * PAGE_SIZE / (KERNEL_STACK_SIZE * 8UL);

	return MIN(MAX((u64)MIN_THREADS, threads), (u64)MAX_THREADS);
}

/*
 * Sizes the table to max_threads slots, but never more than the pids given out
 * after a wrap (PID_MAX - RESERVED_PIDS), so that a new task always finds a free
 * pid: past them, fork fails with -EAGAIN as Linux's does when pids run out.
 * Creates the page tables of every kernel-stack slot now, so that starting and
 * ending tasks only ever changes leaf entries: the kernel's page tables look the
 * same after any number of tasks, which the resource check after init relies on.
 */
void task_table_init(void)
{
	phys_addr_t scratch;

	max_threads = threads_max_for(pmm_free_frames());
	task_table_size = MIN(max_threads, PID_MAX - RESERVED_PIDS);
	_Static_assert((PID_MAX - RESERVED_PIDS) * sizeof(*tasks) <= KMALLOC_MAX_SIZE,
		       "the largest table is one kmalloc() block");
	tasks = kcalloc(task_table_size, sizeof(*tasks));
	scratch = alloc_frame();
	if (!tasks || !scratch)
		panic("task_table_init: out of memory");
	for (unsigned int slot = 0; slot < task_table_size; slot++) {
		unsigned long base = KSTACK_BASE + slot * KSTACK_SLOT + PAGE_SIZE;

		for (unsigned long va = base; va < base + KERNEL_STACK_SIZE; va += PAGE_SIZE) {
			if (map_page(kernel_pml4, va, scratch, PAGE_KERNEL))
				panic("task_table_init: cannot map kernel stack slots");
			unmap_page(kernel_pml4, va);
		}
	}
	free_frame(scratch);
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
	stack_poison((void *)base, KERNEL_STACK_SIZE);
	return (void *)base;
}

/**
 * task_create - a new task with a kernel stack and a pid, and nothing else
 * @name: for messages; truncated to 15 characters
 * @ns: the pid namespace it will be in, and its children
 *
 * Returns NULL with *err set: -EAGAIN when max_threads tasks exist (Linux's
 * answer at threads-max, and when pids run out), -ENOMEM when memory is short.
 * The caller gives it an address space, handlers and process state
 * (task_create_process(), or fork's copies) and then starts it.
 */
struct task *task_create(const char *name, struct pid_namespace *ns, int *err)
{
	struct pid_numbers *ns_pids = NULL;
	unsigned long flags;
	unsigned int slot;
	struct task *t;

	reap_dead_tasks();
	spin_lock_irqsave(&sched_lock, flags);
	while (nr_task_slots && !tasks[nr_task_slots - 1])
		nr_task_slots--;
	for (slot = 0; slot < task_table_size && tasks[slot]; slot++)
		;
	if (slot < task_table_size) {
		tasks[slot] = &slot_reserved;
		WRITE_ONCE(nr_task_slots, MAX(nr_task_slots, slot + 1));
	}
	spin_unlock_irqrestore(&sched_lock, flags);
	*err = -EAGAIN;
	if (slot == task_table_size)
		return NULL;
	*err = -ENOMEM;
	_Static_assert(sizeof(struct task) <= PAGE_SIZE, "struct task outgrew its page");
	_Static_assert(sizeof(*ns_pids) <= PAGE_SIZE, "struct pid_numbers outgrew its page");
	if (ns != &init_pid_ns)
		ns_pids = alloc_page_object();
	t = alloc_page_object();
	if (t) {
		t->stack = kstack_map(slot);
		t->thread.fpu = fpu_alloc_state();
	}
	if (!t || !t->stack || !t->thread.fpu || (ns != &init_pid_ns && !ns_pids)) {
		if (t && t->stack)
			kstack_unmap(t->stack);
		if (t) {
			kfree(t->thread.fpu);
			free_page_object(t);
		}
		if (ns_pids)
			free_page_object(ns_pids);
		WRITE_ONCE(tasks[slot], NULL);
		return NULL;
	}
	t->ns_pids = ns_pids;
	fpu_init_state(t->thread.fpu);
	strlcpy(t->name, name, sizeof(t->name));
	t->state = TASK_NEW;
	t->on_cpu = -1;
	t->cpus_allowed = ~0UL;	/* any CPU, as on Linux */
	t->sig.altstack.ss_flags = SS_DISABLE;
	t->group_leader = t;
	t->regs = (struct pt_regs *)((char *)t->stack + KERNEL_STACK_SIZE -
				     TOP_OF_KERNEL_STACK_PADDING) - 1;
	get_pid_ns(ns);			/* its own namespace's reference */
	get_pid_ns(ns);			/* and its children's */
	t->pid_ns_for_children = ns;
	spin_lock_irqsave(&sched_lock, flags);
	alloc_pid_locked(t, ns);
	tasks[slot] = t;
	spin_unlock_irqrestore(&sched_lock, flags);
	return t;
}

struct task *task_create_process(const char *name)
{
	int err;	/* NULL says enough to the kernel's own callers */
	struct task *t = task_create(name, &init_pid_ns, &err);

	if (!t)
		return NULL;
	t->mm = mm_alloc();
	t->sighand = sighand_alloc();
	t->signal = signal_alloc();
	t->files = files_alloc_console();
	if (!t->mm || !t->sighand || !t->signal || !t->files) {
		task_free(t);
		return NULL;
	}
	get_user_ns(&init_user_ns);
	t->signal->user_ns = &init_user_ns;
	rlimit_init(t->signal->rlim);
	caps_init(t);
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
	pid_ns_task_gone_locked(t);	/* its pids are free */
	spin_unlock_irqrestore(&sched_lock, flags);
	stack_usage_task_gone(t);
	kstack_unmap(t->stack);
	io_bitmap_free(t);
	if (t->mm)
		mm_put(t->mm);
	if (t->sighand)
		sighand_put(t->sighand);
	seccomp_filter_release(t->seccomp_filter);
	flush_sigpending(&t->sig.pending, ~0UL);
	if (t->signal)
		signal_put(t->signal);
	if (t->files)
		files_put(t->files);
	put_pid_ns(t->pid_ns_for_children);
	put_pid_ns(task_pid_ns(t));
	if (t->ns_pids)
		free_page_object(t->ns_pids);
	kfree(t->thread.fpu);
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
		for (unsigned int i = 0; i < nr_task_slots && !dead; i++) {
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

void tasklist_lock(unsigned long *flags)
{
	spin_lock_irqsave(&sched_lock, *flags);
}

void tasklist_unlock(unsigned long flags)
{
	spin_unlock_irqrestore(&sched_lock, flags);
}

/* The next task of the table from *i on, skipping reserved slots; NULL at the end. */
struct task *task_table_next_locked(unsigned int *i)
{
	for (; *i < nr_task_slots; (*i)++) {
		struct task *t = tasks[*i];

		if (t && t != &slot_reserved) {
			(*i)++;
			return t;
		}
	}
	return NULL;
}

/* sched_lock held: the first task of the table numbered nr in ns for which match(t) holds. */
static struct task *find_task(bool (*match)(const struct task *t), int nr,
			      const struct pid_namespace *ns)
{
	struct task *t;
	unsigned int i;

	for_each_task(t, i)
		if (task_pid_nr_ns(t, ns) == nr && match(t))
			return t;
	return NULL;
}

/* A process exists from its start until it is reaped, even with its leader exited. */
static bool is_process(const struct task *t)
{
	return thread_group_leader(t) && t->state != TASK_NEW && t->state != TASK_DEAD;
}

struct task *find_task_by_pid_ns_locked(int nr, const struct pid_namespace *ns)
{
	return find_task(task_alive, nr, ns);
}

struct task *find_task_by_vpid_locked(int nr)
{
	return find_task(task_alive, nr, task_pid_ns(current));
}

struct task *find_process_by_pid_ns_locked(int nr, const struct pid_namespace *ns)
{
	return find_task(is_process, nr, ns);
}

struct task *find_process_by_vpid_locked(int nr)
{
	return find_task(is_process, nr, task_pid_ns(current));
}
