// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the SMP basics: every CPU online with its own per-CPU area and
 * the boot CPU's protections, IPIs and cross-CPU calls arriving, and a contended
 * spinlock. make test runs them with SMP=2 and SMP=4 (TCG without icount); on
 * one CPU the tests that need another skip.
 */
#include <asm/apic.h>
#include <asm/cpu_bugs.h>
#include <asm/cpufeature.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <pmm.h>
#include <selftest.h>
#include <smp.h>
#include <spinlock.h>

/* What each CPU reports about itself, read on that CPU by a cross-CPU call. */
struct cpu_view {
	unsigned long gs_base, self, cr0, cr4, efer, lstar, star, sfmask;
	u64 spec_ctrl;			/* 0 without IA32_SPEC_CTRL */
	unsigned int cpu, apic_id;
	bool ran;
};

static struct cpu_view views[NR_CPUS];

static void read_view(void *arg)
{
	struct cpu_view *v = &views[smp_processor_id()];

	v->gs_base = rdmsr(MSR_GS_BASE);
	v->self = (unsigned long)this_cpu();
	v->cr0 = read_cr0();
	v->cr4 = read_cr4();
	v->efer = rdmsr(MSR_EFER);
	v->lstar = rdmsr(MSR_LSTAR);
	v->star = rdmsr(MSR_STAR);
	v->sfmask = rdmsr(MSR_SYSCALL_MASK);
	if (!cpu_has_msr_spec_ctrl(&boot_cpu) || !rdmsr_safe(MSR_IA32_SPEC_CTRL, &v->spec_ctrl))
		v->spec_ctrl = 0;
	v->cpu = this_cpu_read(cpu);
	v->apic_id = lapic_id();
	v->ran = true;
}

SELFTEST(smp, cpus_online_with_own_percpu_areas)
{
	unsigned int cpu, other;

	memset(views, 0, sizeof(views));
	on_each_cpu(read_view, NULL);
	/* The boot CPU is CPU 0: its APIC ID is the one CPUID reports. */
	ASSERT_TRUE(t, views[0].ran);
	EXPECT_EQ(t, views[0].apic_id, cpuid_apic_id());
	for_each_online_cpu(cpu) {
		ASSERT_TRUE(t, views[cpu].ran);
		EXPECT_EQ(t, views[cpu].cpu, cpu);
		EXPECT_EQ(t, views[cpu].gs_base, (unsigned long)&percpu_areas[cpu]);
		EXPECT_EQ(t, views[cpu].self, (unsigned long)&percpu_areas[cpu]);
		EXPECT_EQ(t, views[cpu].apic_id, per_cpu(cpu, apic_id));
		for_each_online_cpu(other)
			if (other != cpu)
				EXPECT_NE(t, views[cpu].apic_id, views[other].apic_id);
	}
}

SELFTEST(smp, every_cpu_has_the_boot_cpus_protections)
{
	unsigned int cpu;

	memset(views, 0, sizeof(views));
	on_each_cpu(read_view, NULL);
	for_each_online_cpu(cpu) {
		ASSERT_TRUE(t, views[cpu].ran);
		EXPECT_EQ(t, views[cpu].cr0, views[0].cr0);
		EXPECT_EQ(t, views[cpu].cr4, views[0].cr4);
		EXPECT_EQ(t, views[cpu].efer, views[0].efer);
		EXPECT_EQ(t, views[cpu].lstar, views[0].lstar);
		EXPECT_EQ(t, views[cpu].star, views[0].star);
		EXPECT_EQ(t, views[cpu].sfmask, views[0].sfmask);
		/* as chosen at boot (arch/x86/mitigations.c), not as firmware left it */
		if (cpu_has_msr_spec_ctrl(&boot_cpu))
			EXPECT_EQ(t, views[cpu].spec_ctrl, x86_spec_ctrl_base);
	}
	EXPECT_TRUE(t, views[0].cr0 & X86_CR0_WP);
	EXPECT_TRUE(t, views[0].efer & EFER_NX);
}

/* Waits (spinning, bounded) for a per-CPU counter to move. */
static bool moved(const unsigned long *counter, unsigned long from, unsigned int ms)
{
	u64 deadline = rdtsc() + tsc_khz * ms;

	while (READ_ONCE(*counter) == from && rdtsc() < deadline)
		cpu_relax();
	return READ_ONCE(*counter) != from;
}

SELFTEST(smp, reschedule_ipi_reaches_every_cpu)
{
	unsigned int cpu;

	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu) {
		unsigned long before = READ_ONCE(per_cpu(cpu, ipis));

		if (cpu == smp_processor_id())
			continue;
		smp_send_reschedule(cpu);
		EXPECT_TRUE(t, moved(&per_cpu(cpu, ipis), before, 1000));
	}
}

static unsigned long calls_seen[NR_CPUS];

static void count_call(void *arg)
{
	/* In the IPI handler (or, on the caller's CPU, as one would run): IRQs off. */
	if (irqs_disabled())
		calls_seen[smp_processor_id()] += (unsigned long)arg;
}

SELFTEST(smp, call_function_runs_on_each_cpu_irqs_off)
{
	unsigned int cpu;

	SKIP_UNLESS_SMP(t);
	memset(calls_seen, 0, sizeof(calls_seen));
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, count_call, (void *)(unsigned long)(cpu + 1), true);
	for_each_online_cpu(cpu)
		EXPECT_EQ(t, calls_seen[cpu], cpu + 1UL);
}

#define INCREMENTS	100000

static DEFINE_SPINLOCK(counter_lock);
static unsigned long counter;
static unsigned long finished;

/* Other CPUs: in their IPI handler, IRQs off. */
static void increment_many(void *arg)
{
	for (unsigned int i = 0; i < INCREMENTS; i++) {
		spin_lock(&counter_lock);
		counter++;
		spin_unlock(&counter_lock);
	}
	__atomic_add_fetch(&finished, 1, __ATOMIC_SEQ_CST);
}

SELFTEST(smp, contended_spinlock_counts_exactly)
{
	unsigned long flags, warnings = lockdep_warnings;
	unsigned int cpu, others = 0;
	u64 deadline;

	counter = 0;
	finished = 0;
	for_each_online_cpu(cpu) {
		if (cpu == smp_processor_id())
			continue;
		smp_call_function_single(cpu, increment_many, NULL, false);
		others++;
	}
	/* Here with IRQs off too: the lock is also taken in interrupt handlers. */
	for (unsigned int i = 0; i < INCREMENTS; i++) {
		spin_lock_irqsave(&counter_lock, flags);
		counter++;
		spin_unlock_irqrestore(&counter_lock, flags);
	}
	deadline = rdtsc() + tsc_khz * 30000;
	while (READ_ONCE(finished) < others && rdtsc() < deadline)
		cpu_relax();
	EXPECT_EQ(t, READ_ONCE(finished), others);
	EXPECT_EQ(t, READ_ONCE(counter), (unsigned long)INCREMENTS * num_online_cpus());
	EXPECT_EQ(t, lockdep_warnings, warnings);
}

/* A kernel address nothing else maps: between ioremap space and the kernel stacks. */
#define TLB_TEST_VA	0xffffc94000000000UL

static unsigned long read_back[NR_CPUS];

static void read_test_page(void *arg)
{
	read_back[smp_processor_id()] = READ_ONCE(*(unsigned long *)TLB_TEST_VA);
}

/*
 * Maps frame at TLB_TEST_VA, has every CPU read it there (each TLB now holds the
 * translation), then unmaps it and shoots the translation down everywhere.
 */
static void every_cpu_reads(struct test *t, phys_addr_t frame, unsigned long want)
{
	unsigned int cpu;

	ASSERT_EQ(t, map_page(kernel_pml4, TLB_TEST_VA, frame, PAGE_KERNEL), 0);
	on_each_cpu(read_test_page, NULL);
	for_each_online_cpu(cpu)
		EXPECT_EQ(t, read_back[cpu], want);
	unmap_page(kernel_pml4, TLB_TEST_VA);
	flush_tlb_kernel_range(TLB_TEST_VA, TLB_TEST_VA + PAGE_SIZE);
}

/*
 * Every CPU reads a kernel page, the page is unmapped and another frame mapped at
 * the same address: after the shootdown, every CPU reads the new frame. Without
 * it, the others would read the old one.
 */
SELFTEST(smp, kernel_unmap_reaches_every_cpus_tlb)
{
	phys_addr_t old = alloc_frame(), new = alloc_frame();

	ASSERT_TRUE(t, old && new);
	*(unsigned long *)phys_to_virt(old) = 0x01d;
	*(unsigned long *)phys_to_virt(new) = 0x2e3;
	every_cpu_reads(t, old, 0x01d);
	every_cpu_reads(t, new, 0x2e3);
	free_frame(old);
	free_frame(new);
}
