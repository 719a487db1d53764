// SPDX-License-Identifier: GPL-2.0
/*
 * Are the CPUs' TSCs one clock? The vDSO's stable reader and the kernel's own
 * CLOCK_MONOTONIC compute from one record that CPU 0 rebases on its tick: a CPU
 * whose TSC is behind CPU 0's reads the record's base instead of a later time,
 * and two reads in order on two CPUs can then go back by up to a tick. So, as
 * Linux's check_tsc_warp() at each CPU's bring-up: CPU 0 and each other CPU in
 * turn take one lock, read the TSC and keep the largest value seen, for a while
 * each; a read smaller than the other CPU's last is a warp. Real CPUs with an
 * invariant TSC, KVM and QEMU's TCG pass. A warp marks the TSC unstable
 * (kernel/time/time.c), as Linux does.
 */
#include <asm/apic.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <printk.h>
#include <smp.h>
#include <spinlock.h>
#include <time.h>
#include <vvar.h>

#define WARP_CHECK_MS	20

static DEFINE_SPINLOCK(warp_lock);

static u64 last_tsc, max_warp;
static unsigned long warp_go, warp_done;

/* Both CPUs: for WARP_CHECK_MS of TSC, alternate reads under warp_lock. IRQs off. */
static void warp_check(void *arg)
{
	u64 end;

	__atomic_add_fetch(&warp_go, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&warp_go, __ATOMIC_SEQ_CST) < 2)
		cpu_relax();
	end = rdtsc_ordered() + tsc_khz * WARP_CHECK_MS;
	for (;;) {
		u64 prev, now;

		spin_lock(&warp_lock);
		prev = last_tsc;
		now = rdtsc_ordered();
		last_tsc = now;
		if (now < prev && prev - now > max_warp)
			max_warp = prev - now;
		spin_unlock(&warp_lock);
		if (now > end)
			break;
		cpu_relax();
	}
	__atomic_add_fetch(&warp_done, 1, __ATOMIC_SEQ_CST);
}

/* The boot CPU, once every CPU is online, before any process runs. */
void tsc_sync_check(void)
{
	unsigned long flags;
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		if (cpu == smp_processor_id())
			continue;
		warp_go = warp_done = 0;
		last_tsc = max_warp = 0;
		smp_call_function_single(cpu, warp_check, NULL, false);
		local_irq_save(flags);
		warp_check(NULL);
		local_irq_restore(flags);
		while (__atomic_load_n(&warp_done, __ATOMIC_SEQ_CST) < 2)
			cpu_relax();
		if (max_warp) {
			printk("tsc: CPU %u's TSC and CPU 0's are %llu ticks apart: "
			       "not one clock\n",
			       cpu, (unsigned long long)max_warp);
			tsc_mark_unstable("the CPUs' TSCs disagree");
			return;
		}
	}
}
