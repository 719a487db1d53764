// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the NMI path: a self-NMI is counted, an NMI that lands in a SWAPGS
 * window still finds this CPU's area (by MSR_GS_BASE's sign, or with FSGSBASE by
 * writing it, even when the user's GS_BASE looks like a kernel address), and
 * an NMI IPI reaches every other CPU. make test's NMI-storm boots send QEMU's
 * monitor NMIs, through LINT1, across the ring-3 suite and a benchmark.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <selftest.h>
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
