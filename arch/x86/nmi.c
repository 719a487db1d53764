// SPDX-License-Identifier: GPL-2.0
/*
 * NMIs: what the paranoid entry (entry/entry_irq.asm) calls for vector 2.
 *
 * Where they come from: the local APIC's LINT1 pin, programmed as NMI on every
 * CPU (arch/x86/apic.c; QEMU's monitor command "nmi" raises it on all of them),
 * and NMI IPIs, which a CPU may also send itself (send_nmi_self()).
 *
 * The handler only counts, per CPU. It takes no lock, prints nothing, reads no
 * RCU-protected data and takes no exception. That is what lets it run wherever an
 * NMI lands (inside a spinlock's critical section, in a SWAPGS window, on a CPU in
 * user mode or idle where RCU is not watching) without Linux's machinery for
 * those cases: irqentry_nmi_enter(), which makes RCU watch and lockdep look away.
 *
 * Nesting. The CPU delivers no NMI from the moment it takes one until the next
 * IRETQ. An exception inside the handler would end with an IRETQ of its own and
 * unblock NMIs early; a second NMI would then land on the same IST stack and
 * overwrite the first one's frame, which is why Linux's NMI entry is a state
 * machine of nested and repeated NMIs. Here the handler takes no exception, so
 * NMIs never nest: the one thing that can interrupt it is a machine check, on an
 * IST stack of its own, and that ends the run. Under FRED an exception's ERETS
 * leaves NMIs blocked, so even one there would not let another in; a self-test
 * makes one on purpose (entry/fred_test.c).
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/traps.h>
#include <printk.h>
#include <smp.h>

/*
 * The nesting above is ruled out, and checked where it can be: an NMI that finds
 * another's do_nmi() running is counted apart, and the run's end reports it. On
 * the IDT path such an NMI would have overwritten the first one's frame already.
 */
void do_nmi(struct pt_regs *regs)
{
	if (this_cpu_read(in_nmi))
		this_cpu_inc(nmis_nested);
	this_cpu_write(in_nmi, true);
	this_cpu_write(nmi_regs, regs);
	barrier();	/* the regs first: who sees the count move finds them (nmi_test.c) */
	this_cpu_inc(nmis);
	barrier();	/* an NMI let in by an exception at that increment finds in_nmi */
	this_cpu_write(in_nmi, false);
}

void send_nmi_self(void)
{
	lapic_send_ipi(this_cpu_read(apic_id), APIC_DM_NMI);
}

bool nmi_count_moved(volatile unsigned long *count, unsigned long before)
{
	u64 deadline = rdtsc() + tsc_khz * NMI_WAIT_MS;

	while (*count == before && rdtsc() < deadline)
		cpu_relax();
	return *count != before;
}

/* At the end of a run in which any CPU took an NMI: how many each took. */
void nmi_print_counters(void)
{
	unsigned long total = 0;
	unsigned int cpu;

	for_each_online_cpu(cpu)
		total += READ_ONCE(per_cpu(cpu, nmis));
	if (!total)
		return;
	for_each_online_cpu(cpu) {
		unsigned long nested = READ_ONCE(per_cpu(cpu, nmis_nested));

		if (nested)
			printk("nmi: CPU %u: %lu NMIs, %lu of them nested\n", cpu,
			       READ_ONCE(per_cpu(cpu, nmis)), nested);
		else
			printk("nmi: CPU %u: %lu NMIs\n", cpu, READ_ONCE(per_cpu(cpu, nmis)));
	}
}
