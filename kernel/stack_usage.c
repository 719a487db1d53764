// SPDX-License-Identifier: GPL-2.0
/*
 * The deepest use of each kind of kernel stack (include/stack_usage.h). A task's
 * stack is poisoned when mapped and measured when freed (dead, off every CPU)
 * or, at the end of the run, while it is off its CPU with sched_lock held, so
 * that it cannot be switched to during the scan. The per-CPU stacks (boot,
 * idle, IST) are poisoned before their CPU first uses them and only read
 * afterwards: their owners never stop, and an aligned 8-byte read racing a push
 * returns the old word or the new one, either way a figure at most that push
 * stale. A scan reads from the stack's low end up to the first word written:
 * the untouched part only, so it costs what is left unused.
 */
#include <asm/desc_defs.h>
#include <asm/percpu.h>
#include <kernel.h>
#include <printk.h>
#include <sched.h>
#include <smp.h>
#include <spinlock.h>
#include <stack_usage.h>
#include <string.h>

const char *const stack_kind_names[NR_STACK_KINDS] = {
	[STACK_TASK] = "task stack", [STACK_BOOT] = "boot stack", [STACK_IDLE] = "idle stack",
	[STACK_DF] = "#DF stack", [STACK_NMI] = "NMI stack", [STACK_DB] = "#DB stack",
	[STACK_MC] = "#MC stack",
};

/* IST slot i + 1 (asm/desc.h) is kind STACK_DF + i. */
_Static_assert(STACK_MC - STACK_DF + 1 == IST_STACKS, "an IST kind per IST stack");

/* The deepest task stack of tasks already freed. */
static DEFINE_SPINLOCK(freed_lock);
static struct stack_deepest freed_deepest;

void stack_poison(void *base, unsigned long size)
{
	u64 *p = base;

	for (unsigned long i = 0; i < size / sizeof(*p); i++)
		p[i] = STACK_POISON;
}

/*
 * The running stack, from base up to just below the stack pointer: the words
 * below it are free (the kernel is built -mno-red-zone). IRQs off: an
 * interrupt's frame there would be overwritten.
 */
void noinline stack_poison_below_sp(void *base)
{
	unsigned long sp;

	asm volatile("mov %%rsp, %0" : "=r"(sp));
	stack_poison(base, (sp - (unsigned long)base) & ~7UL);
}

/* Bytes of [base, base + size) used at some time: above the lowest written word. */
unsigned long stack_used(const void *base, unsigned long size)
{
	const u64 *p = base;
	unsigned long i = 0;

	while (i < size / sizeof(*p) && READ_ONCE(p[i]) == STACK_POISON)
		i++;
	return size - i * sizeof(*p);
}

static void note(struct stack_deepest *d, unsigned long used, unsigned long size,
		 const struct task *t, unsigned int cpu)
{
	if (d->size && used <= d->used)
		return;
	*d = (struct stack_deepest){ .used = used, .size = size, .pid = t ? t->pid : -1,
				     .cpu = cpu };
	if (t)
		strlcpy(d->comm, t->name, sizeof(d->comm));
}

/* t is dead and off every CPU, its stack still mapped: task_free() is about to unmap it. */
void stack_usage_task_gone(const struct task *t)
{
	unsigned long flags;

	spin_lock_irqsave(&freed_lock, flags);
	note(&freed_deepest, stack_used(t->stack, KERNEL_STACK_SIZE), KERNEL_STACK_SIZE, t, 0);
	spin_unlock_irqrestore(&freed_lock, flags);
}

/*
 * The deepest use of each kind so far: freed tasks', then the live tasks that
 * are off their CPU (sched_lock held, none can be switched to) and our own,
 * then every online CPU's stacks. A task running on another CPU meanwhile is
 * measured when it is freed.
 */
void stack_usage_scan(struct stack_deepest deepest[NR_STACK_KINDS])
{
	unsigned long flags;
	unsigned int cpu, i;
	struct task *t;

	memset(deepest, 0, NR_STACK_KINDS * sizeof(*deepest));
	spin_lock_irqsave(&freed_lock, flags);
	deepest[STACK_TASK] = freed_deepest;
	spin_unlock_irqrestore(&freed_lock, flags);
	tasklist_lock(&flags);
	for_each_task(t, i)
		if (t == current || READ_ONCE(t->on_cpu) < 0)
			note(&deepest[STACK_TASK], stack_used(t->stack, KERNEL_STACK_SIZE),
			     KERNEL_STACK_SIZE, t, 0);
	tasklist_unlock(flags);
	note(&deepest[STACK_BOOT], stack_used(boot_stack_hh, boot_stack_hh_top - boot_stack_hh),
	     boot_stack_hh_top - boot_stack_hh, NULL, 0);
	for_each_online_cpu(cpu) {
		unsigned long size;
		const void *idle = ap_idle_stack(cpu, &size);

		if (idle)
			note(&deepest[STACK_IDLE], stack_used(idle, size), size, NULL, cpu);
		for (i = 0; i < IST_STACKS; i++)
			note(&deepest[STACK_DF + i], stack_used(per_cpu(cpu, ist_stacks[i]),
								 IST_STACK_SIZE),
			     IST_STACK_SIZE, NULL, cpu);
	}
}

/*
 * At the end of a run: one line per kind of stack that exists, "stack: deepest
 * use U of S bytes (KIND, pid N COMM | CPU N)". Half of S is the margin this
 * kernel keeps: the stack self-test and tests/run.py check it.
 */
void stack_usage_print(void)
{
	struct stack_deepest deepest[NR_STACK_KINDS];

	stack_usage_scan(deepest);
	for (unsigned int k = 0; k < NR_STACK_KINDS; k++) {
		struct stack_deepest *d = &deepest[k];

		if (!d->size)
			continue;
		if (d->pid >= 0)
			printk("stack: deepest use %lu of %lu bytes (%s, pid %d %s)\n", d->used,
			       d->size, stack_kind_names[k], d->pid, d->comm);
		else
			printk("stack: deepest use %lu of %lu bytes (%s, CPU %u)\n", d->used,
			       d->size, stack_kind_names[k], d->cpu);
	}
}
