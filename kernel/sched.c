// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks and the scheduler: round robin over runnable user tasks, falling back to
 * the idle task (the boot CPU's kmain context) when none can run. One CPU: the
 * task table needs no lock yet; SMP will bring a lock and per-CPU run queues.
 *
 * Kernel stacks live in their own region, each below an unmapped guard page, so
 * an overflow faults (and, having no stack left, double-faults onto its IST
 * stack) instead of silently corrupting the neighbour.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <kernel.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>

#define MAX_TASKS	16
#define KSTACK_BASE	0xffffc98000000000UL
#define KSTACK_SLOT	(KERNEL_STACK_SIZE + PAGE_SIZE)	/* stack + guard page */

static struct task idle_task;
static struct task *tasks[MAX_TASKS];	/* slot i also owns kernel stack slot i */

/*
 * The lowest pid no task holds. Init is started when no other task exists, so it
 * is pid 1 even after the self-tests have run their probe programs.
 */
static int alloc_pid(void)
{
	for (int pid = 1;; pid++) {
		bool used = false;

		for (unsigned int i = 0; i < MAX_TASKS; i++)
			used |= tasks[i] && tasks[i]->pid == pid;
		if (!used)
			return pid;
	}
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

void sched_init(void)
{
	strlcpy(idle_task.name, "idle", sizeof(idle_task.name));
	idle_task.state = TASK_RUNNING;
	this_cpu_write(current_task, &idle_task);
	kstack_prepare_tables();
}

static void kstack_unmap(void *stack)
{
	unmap_free_range(kernel_pml4, (unsigned long)stack,
			 (unsigned long)stack + KERNEL_STACK_SIZE);
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

/**
 * task_create - a new task with an empty address space and a kernel stack
 * @name: for messages; truncated to 15 characters
 *
 * Returns NULL when out of task slots or memory. The task is not runnable
 * until task_start().
 */
struct task *task_create(const char *name)
{
	phys_addr_t pa, sighand;
	unsigned int slot;
	struct task *t;

	for (slot = 0; slot < MAX_TASKS && tasks[slot]; slot++)
		;
	if (slot == MAX_TASKS || !(pa = alloc_frame()))
		return NULL;
	_Static_assert(sizeof(struct task) <= PAGE_SIZE, "struct task outgrew its page");
	t = phys_to_virt(pa);
	t->stack = kstack_map(slot);
	t->mm.pml4 = pml4_alloc_user();
	sighand = alloc_frame();
	if (!t->stack || !t->mm.pml4 || !sighand) {
		if (t->stack)
			kstack_unmap(t->stack);
		if (t->mm.pml4)
			pml4_free_user(t->mm.pml4);
		if (sighand)
			free_frame(sighand);
		free_frame(pa);
		return NULL;
	}
	_Static_assert(sizeof(struct sighand) <= PAGE_SIZE, "struct sighand outgrew its page");
	t->sig.sighand = phys_to_virt(sighand);	/* zeroed: every action SIG_DFL */
	t->sig.altstack.ss_flags = SS_DISABLE;
	/* FXSAVE image of a freshly reset FPU: x87 control word, MXCSR defaults. */
	*(u16 *)&t->fpu[0] = 0x37f;
	*(u32 *)&t->fpu[24] = 0x1f80;
	t->pid = alloc_pid();
	strlcpy(t->name, name, sizeof(t->name));
	t->state = TASK_DEAD;	/* not runnable before task_start() */
	t->regs = (struct pt_regs *)((char *)t->stack + KERNEL_STACK_SIZE) - 1;
	tasks[slot] = t;
	return t;
}

void task_free(struct task *t)
{
	for (unsigned int i = 0; i < MAX_TASKS; i++)
		if (tasks[i] == t)
			tasks[i] = NULL;
	kstack_unmap(t->stack);
	pml4_free_user(t->mm.pml4);
	free_frame(virt_to_phys(t->sig.sighand));
	free_frame(virt_to_phys(t));
}

/* The frame switch_to() pops for a task that has never run: see switch_to.asm. */
struct fork_frame {
	unsigned long r15, r14, r13, r12, bx, bp;
	unsigned long ret_addr;
};

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
	struct fork_frame *frame = (struct fork_frame *)t->regs - 1;

	memset(t->regs, 0, sizeof(*t->regs));
	t->regs->ip = ip;
	t->regs->sp = sp;
	t->regs->cs = __USER_CS;
	t->regs->ss = __USER_DS;
	t->regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	t->regs->orig_ax = -1UL;
	memset(frame, 0, sizeof(*frame));
	frame->ret_addr = (unsigned long)ret_from_fork_asm;
	t->ksp = (unsigned long)frame;
	t->state = TASK_RUNNING;
}

struct task *find_task(int pid)
{
	for (unsigned int i = 0; i < MAX_TASKS; i++)
		if (tasks[i] && tasks[i]->pid == pid && tasks[i]->state == TASK_RUNNING)
			return tasks[i];
	return NULL;
}

static struct task *pick_next_task(struct task *prev)
{
	unsigned int start = 0;

	for (unsigned int i = 0; i < MAX_TASKS; i++)
		if (tasks[i] == prev)
			start = i + 1;
	for (unsigned int n = 0; n < MAX_TASKS; n++) {
		struct task *t = tasks[(start + n) % MAX_TASKS];

		if (t && t->state == TASK_RUNNING)
			return t;
	}
	return &idle_task;
}

/*
 * IRQs off. Everything the CPU needs to run next in ring 3 follows the task. The
 * kernel never uses FPU or SSE registers (-mgeneral-regs-only), so user FPU state
 * only needs saving here, not on every entry.
 */
static void context_switch(struct task *prev, struct task *next)
{
	unsigned long top = (unsigned long)next->stack + KERNEL_STACK_SIZE;
	bool user = next != &idle_task;

	if (prev != &idle_task)
		asm volatile("fxsaveq %0" : "=m"(prev->fpu));
	if (user)
		asm volatile("fxrstorq %0" : : "m"(next->fpu));
	this_cpu_write(current_task, next);
	if (user) {
		this_cpu_write(top_of_stack, top);
		this_cpu()->tss.rsp[0] = top;
	}
	load_cr3(user ? next->mm.pml4 : kernel_pml4);
	wrmsr(MSR_FS_BASE, next->fs_base);
	switch_to(&prev->ksp, next->ksp);
}

/**
 * schedule - give the CPU to the next runnable task
 *
 * Callable with IRQs on or off, never from interrupt context. Returns when the
 * calling task is picked again; a dead task never is.
 */
void schedule(void)
{
	struct task *prev = current, *next;
	unsigned long flags;

	local_irq_save(flags);
	clear_tsk_thread_flag(prev, TIF_NEED_RESCHED);
	next = pick_next_task(prev);
	if (next != prev)
		context_switch(prev, next);
	local_irq_restore(flags);
}

/* The timer's part: preempt a user task only when another one could run. */
void sched_tick(void)
{
	unsigned int runnable = 0;

	for (unsigned int i = 0; i < MAX_TASKS; i++)
		runnable += tasks[i] && tasks[i]->state == TASK_RUNNING;
	if (runnable > 1)
		set_tsk_thread_flag(current, TIF_NEED_RESCHED);
}

void task_run_to_exit(struct task *t)
{
	while (READ_ONCE(t->state) != TASK_DEAD)
		schedule();
}

/**
 * do_exit - end the current task
 * @status: exit status (low 8 bits kept), if it exited
 * @signal: the signal that killed it, or 0
 *
 * Its memory is freed by whoever waits for it (task_run_to_exit's caller): we
 * are still running on its kernel stack.
 */
void __noreturn do_exit(int status, int signal)
{
	struct task *t = current;

	t->exit_status = status & 0xff;
	t->exit_signal = signal;
	t->exit_ip = t->regs->ip;
	t->state = TASK_DEAD;
	schedule();
	panic("do_exit: dead task %d was scheduled again", t->pid);
}
