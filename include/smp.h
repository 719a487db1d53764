/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Several CPUs. CPU n is percpu_areas[n]; the boot CPU is CPU 0 and the others
 * (application processors, APs) are numbered in the MADT's order as they come
 * online. cpu_online_mask has bit n set once CPU n runs its idle loop.
 *
 * IPIs, each with its own vector (asm/traps.h) and counted in the receiver's
 * per-CPU "ipis":
 *  - reschedule: "look at your run queue and your tick": a task became runnable
 *    there, moved away, or RCU needs the CPU to report a quiescent state.
 *  - call function: run fn(arg) on that CPU, in its interrupt context.
 *  - stop: halt for good (panic, the end of a run).
 */
#ifndef _ENTRYLAB_SMP_H
#define _ENTRYLAB_SMP_H

#include <asm/percpu.h>
#include <compiler.h>

extern unsigned long cpu_online_mask;

#define cpu_online(cpu)		(READ_ONCE(cpu_online_mask) & BIT(cpu))
#define for_each_online_cpu(cpu)					\
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++)			\
		if (cpu_online(cpu))

/* How many CPUs are online: counted from the mask, the one record of it. */
static inline unsigned int num_online_cpus(void)
{
	unsigned int n = 0;

	for (unsigned long m = READ_ONCE(cpu_online_mask); m; m &= m - 1)
		n++;
	return n;
}

static __always_inline unsigned int smp_processor_id(void)
{
	return this_cpu_read(cpu);
}

/* arch/x86/smpboot.c: find the CPUs (ACPI MADT) and start them. */
void smp_init(void);
/* AP cpu's idle stack and its size, or NULL for the boot CPU (it idles on the boot stack). */
const void *ap_idle_stack(unsigned int cpu, unsigned long *size);

/* arch/x86/smp.c */
void smp_send_reschedule(unsigned int cpu);
/*
 * fn(arg) on cpu, in its interrupt context. IRQs on, not in an interrupt handler.
 * With wait, returns once fn has returned; without, once cpu has taken the request
 * (fn may then run for as long as it likes: a self-test's RCU reader does).
 */
void smp_call_function_single(unsigned int cpu, void (*fn)(void *arg), void *arg, bool wait);
/* fn(arg) on every online CPU, this one included; waits for all. */
void on_each_cpu(void (*fn)(void *arg), void *arg);
/*
 * fn(arg) on this CPU while every other online CPU spins in the kernel with IRQs off:
 * for state the entry and exit paths read. IRQs on, not in an interrupt handler.
 * False (fn not run) if a CPU did not answer within a second.
 */
bool smp_call_with_others_held(void (*fn)(void *arg), void *arg);
/* Unmapped kernel pages: every CPU forgets them. */
void flush_tlb_kernel_range(unsigned long start, unsigned long end);
struct mm;
void flush_tlb_mm_range(struct mm *mm, unsigned long start, unsigned long end);
/*
 * fn(arg) on this CPU and on every other that runs mm now (its loaded_mm); waits
 * for all. IRQs on, no spinlock held. fn checks loaded_mm again: the CPU may have
 * switched away meanwhile.
 */
void on_each_cpu_running_mm(struct mm *mm, void (*fn)(void *arg), void *arg);
/* Halts every other CPU and waits (bounded) until they have; for the end of a run. */
void smp_send_stop(void);
struct pt_regs;
void smp_handle_ipi(struct pt_regs *regs, unsigned long vector);
/* One line per CPU: its tick and IPI counters (printed at the end of a run). */
void smp_print_counters(void);

#endif
