// SPDX-License-Identifier: GPL-2.0
/*
 * Inter-processor interrupts: sending them, and what each does on arrival.
 * Handlers run in do_interrupt() with IRQs off, after irqentry_enter().
 */
#include <asm/apic.h>
#include <asm/idle.h>
#include <asm/irqflags.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/traps.h>
#include <kernel.h>
#include <printk.h>
#include <rcu.h>
#include <sched.h>
#include <smp.h>
#include <spinlock.h>
#include <time.h>

static void send_ipi(unsigned int cpu, unsigned int vector)
{
	lapic_send_ipi(per_cpu(cpu, apic_id), APIC_DM_FIXED | vector);
}

void smp_send_reschedule(unsigned int cpu)
{
	send_ipi(cpu, IRQ_VECTOR_RESCHEDULE);
}

/*
 * One request at a time, system-wide. Taken and waited on with IRQs on: a CPU
 * waiting here must still answer another CPU's call, or two callers would wait
 * for each other forever.
 */
static DEFINE_SPINLOCK(call_lock);

void smp_call_function_single(unsigned int cpu, void (*fn)(void *arg), void *arg, bool wait)
{
	unsigned long flags;

	if (irqs_disabled() || this_cpu_read(irq_depth))
		panic("smp_call_function_single: called with IRQs off or from an interrupt");
	if (cpu == smp_processor_id()) {
		if (!wait)
			panic("smp_call_function_single: cannot run fn here without waiting");
		local_irq_save(flags);		/* as the IPI handler would run it */
		fn(arg);
		local_irq_restore(flags);
		return;
	}
	if (!cpu_online(cpu))
		panic("smp_call_function_single: CPU %u is not online", cpu);
	spin_lock(&call_lock);
	per_cpu(cpu, call_fn) = fn;
	per_cpu(cpu, call_arg) = arg;
	per_cpu(cpu, call_wait) = wait;
	WRITE_ONCE(per_cpu(cpu, call_pending), true);
	send_ipi(cpu, IRQ_VECTOR_CALL_FUNCTION);
	while (READ_ONCE(per_cpu(cpu, call_pending)))
		cpu_relax();
	spin_unlock(&call_lock);
}

void on_each_cpu(void (*fn)(void *arg), void *arg)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, fn, arg, true);
}

/* The other CPUs' part in smp_call_with_others_held(). */
struct others_held {
	unsigned int held;		/* CPUs spinning in hold_here() */
	bool release;
};

static void hold_here(void *arg)
{
	struct others_held *h = arg;

	__atomic_add_fetch(&h->held, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&h->release, __ATOMIC_ACQUIRE))
		cpu_relax();
	sync_core();	/* fn may have rewritten text (static keys): fetch it anew */
	__atomic_sub_fetch(&h->held, 1, __ATOMIC_RELEASE);
}

/* Every CPU answers a call-function IPI within this, unless it spins with IRQs off. */
#define HOLD_WAIT_MS	1000

/**
 * smp_call_with_others_held - fn(arg) here while every other online CPU waits
 * @fn: runs on this CPU, IRQs on; must take no lock another CPU may hold and send
 *	no IPI that waits (the others spin with IRQs off)
 * @arg: fn's argument
 *
 * Linux's stop_machine() for state that every CPU reads on its entry and exit paths:
 * each other CPU is sent a call-function IPI and spins in its handler, in the kernel
 * with IRQs off, so none is in user mode or between an entry hook and its exit hook
 * (those run with IRQs off) while fn changes what the hooks will do. Each leaves
 * through its interrupt's exit path under the new state.
 *
 * call_lock is held throughout: no other CPU can be inside smp_call_function_single()
 * waiting for a held CPU to answer (with three CPUs or more that would be a circle of
 * waits); a CPU that wants to call spins on the lock with IRQs on and is held like the
 * rest. A CPU that does not answer within HOLD_WAIT_MS (one spinning with IRQs off on a
 * lock a held CPU owns) makes the call give up: the others are released, fn never runs.
 * Called with IRQs on, not from an interrupt.
 *
 * Return: true if fn ran.
 */
bool smp_call_with_others_held(void (*fn)(void *arg), void *arg)
{
	struct others_held h = { 0 };
	unsigned int cpu, self, others = 0;
	u64 deadline = rdtsc() + tsc_khz * HOLD_WAIT_MS;
	bool all;

	if (irqs_disabled() || this_cpu_read(irq_depth))
		panic("smp_call_with_others_held: called with IRQs off or from an interrupt");
	self = smp_processor_id();	/* kernel code is not preempted: it stays */
	spin_lock(&call_lock);
	for_each_online_cpu(cpu) {
		if (cpu == self)
			continue;
		per_cpu(cpu, call_fn) = hold_here;
		per_cpu(cpu, call_arg) = &h;
		per_cpu(cpu, call_wait) = false;
		WRITE_ONCE(per_cpu(cpu, call_pending), true);
		send_ipi(cpu, IRQ_VECTOR_CALL_FUNCTION);
		others++;
	}
	while (!(all = __atomic_load_n(&h.held, __ATOMIC_ACQUIRE) == others) &&
	       rdtsc() < deadline)
		cpu_relax();
	if (all)
		fn(arg);
	else
		printk("smp: %u of %u CPUs held after %u ms: not switched\n",
		       __atomic_load_n(&h.held, __ATOMIC_ACQUIRE), others, HOLD_WAIT_MS);
	__atomic_store_n(&h.release, true, __ATOMIC_RELEASE);
	/* h is on this stack: every CPU sent the request takes it and leaves first. */
	for_each_online_cpu(cpu)
		while (cpu != self && READ_ONCE(per_cpu(cpu, call_pending)))
			cpu_relax();
	while (__atomic_load_n(&h.held, __ATOMIC_ACQUIRE))
		cpu_relax();
	spin_unlock(&call_lock);
	return all;
}

#define STOP_WAIT_MS	100

/* Returns once the others have halted, or after STOP_WAIT_MS if one does not answer. */
void smp_send_stop(void)
{
	unsigned int cpu, self = smp_processor_id();
	u64 deadline = rdtsc() + tsc_khz * STOP_WAIT_MS;

	for_each_online_cpu(cpu)
		if (cpu != self)
			send_ipi(cpu, IRQ_VECTOR_STOP);
	while (READ_ONCE(cpu_online_mask) != BIT(self) && rdtsc() < deadline)
		cpu_relax();
}

/* Taken the request, the caller may go (!wait) or must see fn finished (wait). */
static void call_function_interrupt(void)
{
	unsigned int self = smp_processor_id();
	void (*fn)(void *arg) = per_cpu(self, call_fn);
	void *arg = per_cpu(self, call_arg);
	bool wait = per_cpu(self, call_wait);

	if (!wait)
		WRITE_ONCE(per_cpu(self, call_pending), false);
	fn(arg);
	if (wait)
		WRITE_ONCE(per_cpu(self, call_pending), false);
}

void smp_handle_ipi(struct pt_regs *regs, unsigned long vector)
{
	this_cpu_inc(ipis);
	switch (vector) {
	case IRQ_VECTOR_RESCHEDULE:
		/* The sender set TIF_NEED_RESCHED if it wants a switch; this is the kick. */
		rcu_irq_from(regs);
		sched_ipi(regs);
		break;
	case IRQ_VECTOR_CALL_FUNCTION:
		call_function_interrupt();
		break;
	case IRQ_VECTOR_STOP:
		__atomic_and_fetch(&cpu_online_mask, ~BIT(smp_processor_id()), __ATOMIC_SEQ_CST);
		halt_forever();
	}
	lapic_eoi();
}

struct flush_range {
	struct mm *mm;		/* NULL: kernel (global) pages */
	unsigned long start, end;
};

/* Past this many pages one CR3 reload is cheaper than INVLPG each (user pages only). */
#define FLUSH_ALL_PAGES	32

static void flush_range_here(void *arg)
{
	const struct flush_range *r = arg;

	if (r->mm && this_cpu_read(loaded_mm) != r->mm)
		return;		/* switched away since: the CR3 load flushed it */
	if (r->mm && (r->end - r->start) / PAGE_SIZE > FLUSH_ALL_PAGES) {
		flush_tlb_local();	/* user pages are never global */
		return;
	}
	for (unsigned long va = r->start; va < r->end; va += PAGE_SIZE)
		flush_tlb_one(va);
}

/**
 * flush_tlb_kernel_range - forget [start, end)'s translations on every CPU
 *
 * Kernel mappings are global: a CR3 switch does not flush them, so a CPU that
 * once used a kernel page keeps its translation until told. After unmapping one
 * (a freed kernel stack, whose slot the next task reuses with other frames),
 * every CPU must drop it: an IPI to each, as Linux's flush_tlb_kernel_range().
 * IRQs on, not in an interrupt handler.
 */
void flush_tlb_kernel_range(unsigned long start, unsigned long end)
{
	struct flush_range r = { NULL, start, end };

	on_each_cpu(flush_range_here, &r);
}

/**
 * flush_tlb_mm_range - forget [start, end)'s translations in mm on every CPU
 * @mm: a user address space whose entries for the range were changed
 *
 * After a mapping shrinks or loses a permission (munmap, mprotect, mremap,
 * madvise, a copy-on-write break), no CPU may keep using the old entry: this
 * CPU flushes, and so does each other CPU that has mm loaded right now (threads
 * of the process, or a vfork child). A CPU that switches to mm later loads CR3
 * and so starts with an empty TLB for it (no PCIDs). The entries were changed
 * before the barrier; a CPU switching to mm after it reads the new ones.
 * IRQs on, no spinlock held: the IPIs wait for each CPU.
 */
void flush_tlb_mm_range(struct mm *mm, unsigned long start, unsigned long end)
{
	struct flush_range r = { mm, start, end };

	on_each_cpu_running_mm(mm, flush_range_here, &r);
}

/*
 * What the caller changed in mm before the barrier, a CPU that switches to mm
 * after it sees: context_switch() writes loaded_mm, then has a barrier, then
 * reads mm's tables. Every CPU that had mm loaded before gets the call.
 */
void on_each_cpu_running_mm(struct mm *mm, void (*fn)(void *arg), void *arg)
{
	unsigned int cpu, self = smp_processor_id();

	smp_mb();
	for_each_online_cpu(cpu)
		if (cpu == self || READ_ONCE(per_cpu(cpu, loaded_mm)) == mm)
			smp_call_function_single(cpu, fn, arg, true);
}

/* At the end of a run with several CPUs: what interrupted each one, from boot on. */
void smp_print_counters(void)
{
	unsigned int cpu;

	if (num_online_cpus() < 2)
		return;
	for_each_online_cpu(cpu)
		printk("smp: CPU %u: %lu ticks (%lu from user mode), %lu IPIs%s\n", cpu,
		       READ_ONCE(tick_counts[cpu].ticks), READ_ONCE(tick_counts[cpu].user_ticks),
		       READ_ONCE(per_cpu(cpu, ipis)),
		       per_cpu(cpu, sched.nohz_full) ? ", nohz_full" : "");
}
