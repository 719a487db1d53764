// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the NMI path: a self-NMI is counted, an NMI that lands in a SWAPGS
 * window still finds this CPU's area (by MSR_GS_BASE's sign, or with FSGSBASE by
 * writing it, even when the user's GS_BASE looks like a kernel address), an
 * NMI IPI reaches every other CPU, and NMIs keep arriving in ring 3. make test's
 * NMI-storm boots send QEMU's monitor NMIs, through LINT1, across the ring-3 suite
 * and a benchmark.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/traps.h>
#include <init.h>
#include <selftest.h>
#include <signal.h>
#include <smp.h>

/*
 * What GS_BASE holds in the window, as a user's would: canonical, lower half, and
 * unmapped, so that a handler that used it for this CPU's area would fault.
 */
#define WINDOW_USER_GS	0x00007f0000000000UL
/* One WRGSBASE can set with FSGSBASE: kernel half, and unmapped too. */
#define WINDOW_KERNEL_HALF_USER_GS	0xffff800000000000UL

SELFTEST(nmi, self_nmi_is_counted)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count;

	send_nmi_self();
	EXPECT_TRUE(t, nmi_count_moved(count, before));
	EXPECT_EQ(t, *count, before + 1);
}

/*
 * The window between the exit path's SWAPGS and its SYSRET, built by hand: GS_BASE
 * is "the user's", CS says ring 0, and a self-NMI arrives. The paranoid entry must
 * get this CPU's area for the handler and give back what it found, so the
 * window's code finds the user's GS_BASE again. With the decision taken from CS,
 * the handler would count through the user's GS_BASE and fault.
 */
static void nmi_in_a_swapgs_window(struct test *t, unsigned long window_user_gs)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count, flags, gs_in_window;
	u64 kernel_gs = rdmsr(MSR_GS_BASE), user_gs = rdmsr(MSR_KERNEL_GS_BASE);
	u32 self = this_cpu_read(apic_id);
	bool arrived;

	local_irq_save(flags);
	wrmsr(MSR_KERNEL_GS_BASE, window_user_gs);
	asm volatile("swapgs" : : : "memory");		/* from here no %gs access */
	lapic_send_ipi_irqoff(self, APIC_DM_NMI);
	arrived = nmi_count_moved(count, before);
	gs_in_window = rdmsr(MSR_GS_BASE);
	asm volatile("swapgs" : : : "memory");
	wrmsr(MSR_KERNEL_GS_BASE, user_gs);
	local_irq_restore(flags);
	EXPECT_TRUE(t, arrived);
	EXPECT_EQ(t, *count, before + 1);
	EXPECT_EQ(t, gs_in_window, window_user_gs);	/* given back as found */
	EXPECT_EQ(t, rdmsr(MSR_GS_BASE), kernel_gs);
}

SELFTEST(nmi, nmi_in_a_swapgs_window_finds_this_cpus_area)
{
	if (boot_cpu.fred)
		SKIP(t, "FRED: SWAPGS is #UD, there is no window");
	nmi_in_a_swapgs_window(t, WINDOW_USER_GS);
}

/*
 * With FSGSBASE, ring 3 can WRGSBASE a kernel-half value, which MSR_GS_BASE's sign
 * would take for this CPU's area: the paranoid entry must not look at the sign.
 */
SELFTEST(nmi, nmi_in_a_swapgs_window_with_a_kernel_half_user_gs)
{
	if (boot_cpu.fred)
		SKIP(t, "FRED: SWAPGS is #UD, there is no window");
	if (!boot_cpu.fsgsbase)
		SKIP(t, "FSGSBASE is off: ring 3 cannot set a kernel-half GS_BASE");
	nmi_in_a_swapgs_window(t, WINDOW_KERNEL_HALF_USER_GS);
}

SELFTEST(nmi, nmi_ipi_reaches_every_other_cpu)
{
	unsigned int cpu, self = smp_processor_id();

	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu) {
		volatile unsigned long *count = &per_cpu(cpu, nmis);
		unsigned long before = *count;

		if (cpu == self)
			continue;
		lapic_send_ipi(per_cpu(cpu, apic_id), APIC_DM_NMI);
		EXPECT_TRUE(t, nmi_count_moved(count, before));
	}
}

/* NMIs in ring 3 each test asks for; at most this long to see them (ms). */
#define NMIS_FROM_USER		8
#define NMIS_FROM_USER_MS	2000

/*
 * NMIs that land in ring 3 keep arriving: the return to ring 3 of each must unblock
 * NMIs, as IRETQ does on the IDT path and ERETU does under FRED only when the frame's
 * SS word asks (fails under FRED with that bit left clear: the second NMI never
 * arrives). A spinner runs in ring 3 on another CPU while this one sends it NMIs,
 * each after the last was taken, until enough have found it in ring 3.
 */
SELFTEST(nmi, nmis_keep_arriving_in_ring_3)
{
	const struct boot_module *m = boot_module("probe");
	unsigned int cpu, other = smp_processor_id();
	unsigned long from_user = 0;
	volatile unsigned long *count;
	struct user_result r;
	struct task *spinner;
	const char *err;
	u64 deadline;

	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			other = cpu;
	count = &per_cpu(other, nmis);
	spinner = m ? start_user_program(m, "probe spin loops=0", BIT(other), &err) : NULL;
	ASSERT_TRUE(t, spinner);
	deadline = rdtsc() + tsc_khz * NMIS_FROM_USER_MS;
	while (from_user < NMIS_FROM_USER && rdtsc() < deadline) {
		unsigned long before = *count;

		lapic_send_ipi(per_cpu(other, apic_id), APIC_DM_NMI);
		if (!nmi_count_moved(count, before))
			break;
		/* do_nmi() stored the regs before the count: x86 keeps stores in order */
		if (user_mode(READ_ONCE(per_cpu(other, nmi_regs))))
			from_user++;
	}
	send_sig_kernel(spinner, SIGKILL);
	finish_user_program(spinner, &r);
	EXPECT_EQ(t, from_user, (unsigned long)NMIS_FROM_USER);
}
