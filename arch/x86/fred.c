// SPDX-License-Identifier: GPL-2.0
/*
 * FRED's set-up on each CPU (asm/fred.h): the entry point, the stacks of levels
 * 1-3 and which exceptions use them, before CR4.FRED (cpu_init_protections()).
 * The IST stacks of the IDT's paranoid vectors become the stack levels: an event
 * from ring 0 moves to RSPn only if its vector's level is above the level the
 * CPU is on, so a #DB inside an NMI stays on the NMI's stack, and an NMI inside
 * an NMI's handler (NMIs are blocked there until its ERETS) cannot happen. Ring
 * 3's events always land at level 0, IA32_FRED_RSP0, which the context switch
 * keeps at the current task's stack top (set_task_stack_irqoff(), asm/pti.h).
 *
 * fred_switch() turns FRED off and on again at run time, on every CPU, so that one
 * boot of a FRED machine measures the benchmark's legacy rows (the IDT, SYSCALL
 * through LSTAR) beside its fred row.
 */
#include <asm/alternative.h>
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/fred.h>
#include <asm/irqflags.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/segment.h>
#include <asm/traps.h>
#include <errno.h>
#include <kernel.h>
#include <printk.h>
#include <sched.h>
#include <smp.h>

/*
 * entry/entry_fred.asm: ring 3's entries, page-aligned, ring 0's 256 bytes on; the
 * plain pair, or the one with the SYSCALL path's mitigations (as bench/variants.c
 * chooses a SYSCALL stub).
 */
extern const char fred_entry_user[], fred_entry_user_mitigated[];

#define FRED_DB_STACK_LEVEL	1
#define FRED_NMI_STACK_LEVEL	2	/* #MC too: both may land on any instruction */
#define FRED_DF_STACK_LEVEL	3

static unsigned long ist_top(struct percpu *pc, unsigned int ist)
{
	return (unsigned long)pc->ist_stacks[ist - 1] + IST_STACK_SIZE;
}

void fred_init_cpu(void)
{
	struct percpu *pc = this_cpu();
	const char *entry = mitigations & MIT_SYSCALL_PATH ? fred_entry_user_mitigated :
							     fred_entry_user;

	/*
	 * One 64-byte red zone below an interrupted ring-0 RSP: the kernel is built
	 * -mno-red-zone, so none is needed for C, and Linux's one is kept for the
	 * same reason (room for a CALL's emulation). IRQs from ring 0 stay on the
	 * current stack (level 0).
	 */
	wrmsr(MSR_IA32_FRED_CONFIG, (unsigned long)entry | FRED_CONFIG_REDZONE(1) |
				    FRED_CONFIG_INT_STKLVL(0));
	wrmsr(MSR_IA32_FRED_STKLVLS, FRED_STKLVL(X86_TRAP_DB, FRED_DB_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_NMI, FRED_NMI_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_MC, FRED_NMI_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_DF, FRED_DF_STACK_LEVEL));
	wrmsr(MSR_IA32_FRED_RSP1, ist_top(pc, IST_DEBUG));
	wrmsr(MSR_IA32_FRED_RSP2, ist_top(pc, IST_NMI));
	wrmsr(MSR_IA32_FRED_RSP3, ist_top(pc, IST_DOUBLE_FAULT));
	/* No task yet: the first switch to one sets RSP0 (no event comes from ring 3 before). */
	wrmsr(MSR_IA32_FRED_RSP0, 0);
}

/*
 * Switching at run time. What the boot chose for FRED, and must be chosen again:
 *   - per CPU: CR4.FRED, the FRED MSRs (fred_init_cpu(): the entry point, as the
 *     mitigations choose it, and the stacks of levels 1-3), and the stack ring 3's
 *     events land on, IA32_FRED_RSP0 or TSS.RSP0 (set_task_stack_irqoff(), which
 *     reads boot_cpu.fred). The IDT, the TSS's IST stacks and the SYSCALL and
 *     SYSENTER MSRs are loaded on every CPU whatever the boot chose: FRED ignores
 *     them, and they are ready for the IDT again.
 *   - once: boot_cpu.fred, which the context switch and the oops read, and the
 *     entry code's PATCH_FEATURE_FRED blocks (LKGS or SWAPGS in
 *     load_gs_index_irqoff(), ERETU or IRETQ after a new task's first exit and
 *     after return_to_user_irqoff()).
 *   - PTI's entry area: nothing. FRED is chosen only with PTI off, and PTI is never
 *     switched at run time, so the IDT's entries run without it as a fred=off
 *     boot's do.
 * What cannot be switched is an event's frame still to be returned through: a task
 * that entered the kernel by FRED leaves by ERETU or ERETS, which are #UD once
 * CR4.FRED is clear, and one that entered by SYSCALL or the IDT leaves by SWAPGS
 * and SYSRET or IRETQ, SWAPGS being #UD under FRED. So the switch is made only when
 * no such frame exists but the caller's own: no task exists but the caller and the
 * idle tasks (exited ones never run again), and every other CPU runs its idle task,
 * which keeps no frame outside an interrupt. The others are held meanwhile
 * (smp_call_with_others_held()), in an interrupt whose frame is of the old kind:
 * each returns through it unswitched and switches in its idle loop, IRQs off, with
 * no frame left (fred_switch_if_pending_irqoff()); until then it runs nothing but
 * ring-0 interrupts and its idle loop, which read none of what changed. The caller
 * waits for all of them, then returns to ring 3 by the new way
 * (syscall_return_to_user()). Another design, one boot per mode, is what make bench
 * did before: a reboot is the only switch that needs no such care, but a PC's user
 * runs one boot.
 */
unsigned long fred_switch_cpus;

/*
 * This CPU's events by FRED or not, as boot_cpu.fred now says. The ring-3 stack is
 * the one the last context switch here set, in the other register; a CPU no task
 * has run on yet keeps the boot's 0 (IA32_FRED_RSP0 takes no unaligned top). IRQs off.
 */
static void fred_switch_this_cpu_irqoff(void)
{
	unsigned long top = this_cpu_read(entry.top_of_stack);
	u64 cr4 = read_cr4();

	if (boot_cpu.fred)
		fred_init_cpu();	/* the MSRs first: CR4.FRED takes the next event */
	if (top)
		set_task_stack_irqoff(top);	/* IA32_FRED_RSP0, or TSS.RSP0 */
	write_cr4(boot_cpu.fred ? cr4 | X86_CR4_FRED : cr4 & ~X86_CR4_FRED);
}

void fred_switch_here_irqoff(void)
{
	unsigned long me = BIT(smp_processor_id());

	if (!(__atomic_load_n(&fred_switch_cpus, __ATOMIC_ACQUIRE) & me))
		return;
	fred_switch_this_cpu_irqoff();
	__atomic_and_fetch(&fred_switch_cpus, ~me, __ATOMIC_RELEASE);
}

/* No task but current and the idle tasks may return to ring 3 or to an event's frame. */
static bool alone_with_idle_tasks(void)
{
	unsigned long flags;
	unsigned int i;
	struct task *t;
	bool alone = true;

	tasklist_lock(&flags);
	for_each_task(t, i)
		if (t != current && !is_idle_task(t) && t->state != TASK_ZOMBIE &&
		    t->state != TASK_DEAD)
			alone = false;
	tasklist_unlock(flags);
	return alone;
}

struct fred_switch_req {
	bool on;
	int err;
};

/* The others held; IRQs on. Takes sched_lock, which no idle CPU holds in an interrupt. */
static void fred_switch_held(void *arg)
{
	struct fred_switch_req *req = arg;
	unsigned int cpu, self = smp_processor_id();
	unsigned long others = 0, flags;

	for_each_online_cpu(cpu) {
		if (cpu != self && !is_idle_task(per_cpu(cpu, current_task)))
			return;		/* a task's frame there: req->err stays -EBUSY */
		if (cpu != self)
			others |= BIT(cpu);
	}
	if (!alone_with_idle_tasks())
		return;
	local_irq_save(flags);
	boot_cpu.fred = req->on;
	switch_patch_sites_irqoff(PATCH_FEATURE_FRED, req->on);
	fred_switch_this_cpu_irqoff();
	__atomic_store_n(&fred_switch_cpus, others, __ATOMIC_RELEASE);
	local_irq_restore(flags);
	req->err = 0;
}

/* An idle CPU reaches its loop within a tick's handler or two: far less than this. */
#define FRED_SWITCH_WAIT_MS	1000

int fred_switch(bool on)
{
	struct fred_switch_req req = { .on = on, .err = -EBUSY };
	u64 deadline;

	if (boot_cpu.fred_why)
		return -ENODEV;
	if (on == boot_cpu.fred)
		return 0;
	if (!smp_call_with_others_held(fred_switch_held, &req) || req.err)
		return -EBUSY;
	deadline = rdtsc() + tsc_khz * FRED_SWITCH_WAIT_MS;
	while (__atomic_load_n(&fred_switch_cpus, __ATOMIC_ACQUIRE))
		if (rdtsc() > deadline)
			panic("fred: CPUs %#lx did not switch to %s in %u ms", fred_switch_cpus,
			      on ? "FRED" : "the IDT", FRED_SWITCH_WAIT_MS);
		else
			cpu_relax();
	return 0;
}
