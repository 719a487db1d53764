// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing up the application processors.
 *
 * The boot CPU reads the MADT for the APIC IDs of the enabled CPUs, then starts
 * them one at a time with the INIT-SIPI-SIPI sequence of Intel's MultiProcessor
 * Specification (B.4): INIT resets the AP into a wait-for-SIPI state; a STARTUP
 * IPI with vector V starts it in real mode at physical address V << 12, where
 * the trampoline (trampoline.asm) waits; the second SIPI covers a first one that
 * the AP missed. Each AP reports itself online from ap_start(); one that has not
 * within AP_ONLINE_TIMEOUT_MS is reported and skipped, and the trampoline's
 * parameters are only rewritten for the next AP after that.
 *
 * The trampoline and its page tables occupy four pages at TRAMPOLINE_PHYS, in
 * the first megabyte that pmm_init() keeps for itself. Once every AP is up (or
 * given up on) they are wiped and handed to the frame allocator, if the memory
 * map says they are RAM: nothing runs there any more.
 */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/idle.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/syscall.h>
#include <cmdline.h>
#include <kernel.h>
#include <multiboot2.h>
#include <pmm.h>
#include <printk.h>
#include <sched.h>
#include <smp.h>
#include <stack_usage.h>
#include <time.h>
#include <string.h>
#include <vdso.h>

#define TRAMPOLINE_PHYS		0x8000UL	/* = trampoline.asm's; SIPI vector 0x08 */
#define TRAMPOLINE_PAGES	4		/* code, PML4, PDPT, PD */
#define AP_ONLINE_TIMEOUT_MS	200
#define AP_STACK_SIZE		(4 * PAGE_SIZE)
#define ABSENT_APIC_ID		0xfe		/* smp.test_absent_cpu: nobody answers */

unsigned long cpu_online_mask;

/* trampoline.asm: the code to copy, and where its parameters sit in it. */
extern const char trampoline_start[], trampoline_end[], trampoline_params[];

struct trampoline_params {
	u32 cr3;		/* physical, below 4 GiB: loaded in real mode */
	u32 cpu;
	u64 stack;		/* top of the AP's idle stack */
	u64 entry;		/* ap_start() */
} __packed;

/* Each AP's idle stack: its idle task runs here for as long as the machine does. */
static u8 ap_stacks[NR_CPUS][AP_STACK_SIZE] __aligned(16);

void __noreturn ap_start(unsigned int cpu);

const void *ap_idle_stack(unsigned int cpu, unsigned long *size)
{
	*size = AP_STACK_SIZE;
	return cpu ? ap_stacks[cpu] : NULL;
}

/*
 * The AP's first C code, on its idle stack, still on the trampoline's page
 * tables and GDT. IRQs off until it idles.
 */
void __noreturn ap_start(unsigned int cpu)
{
	load_cr3(kernel_pml4);
	percpu_init(cpu);
	gdt_init_cpu();
	pti_init_cpu();
	idt_load();
	cpu_init_protections();
	/* An APIC that refused the boot CPU's mode cannot take IPIs: not online. */
	if (!lapic_enable())
		halt_forever();
	syscall_init_cpu();
	vclock_init_cpu(cpu);
	sched_init_ap();
	lapic_timer_start(TIMER_HZ);
	__atomic_or_fetch(&cpu_online_mask, BIT(cpu), __ATOMIC_SEQ_CST);
	cpu_idle_loop();
}

static bool memory_is_ram(phys_addr_t start, phys_addr_t end)
{
	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];

		if (r->usable && r->start <= start && end <= r->end)
			return true;
	}
	return false;
}

/* Code at TRAMPOLINE_PHYS; PML4, PDPT and PD in the next three pages. */
static void trampoline_install(void)
{
	u8 *base = phys_to_virt(TRAMPOLINE_PHYS);
	pte_t *pml4 = (pte_t *)(base + PAGE_SIZE);
	pte_t *pdpt = (pte_t *)(base + 2 * PAGE_SIZE);
	pte_t *pd = (pte_t *)(base + 3 * PAGE_SIZE);

	_Static_assert(TRAMPOLINE_PHYS + TRAMPOLINE_PAGES * PAGE_SIZE <= 0xa0000,
		       "the trampoline must sit in conventional memory");
	memset(base, 0, TRAMPOLINE_PAGES * PAGE_SIZE);
	memcpy(base, trampoline_start, trampoline_end - trampoline_start);
	/* The low 2 MiB identity-mapped (one large page), the kernel's upper half as is. */
	pd[0] = _PAGE_PRESENT | _PAGE_RW | _PAGE_PSE;
	pdpt[0] = (TRAMPOLINE_PHYS + 3 * PAGE_SIZE) | _PAGE_PRESENT | _PAGE_RW;
	pml4[0] = (TRAMPOLINE_PHYS + 2 * PAGE_SIZE) | _PAGE_PRESENT | _PAGE_RW;
	memcpy(&pml4[256], &kernel_pml4[256], 256 * sizeof(pte_t));
}

static void trampoline_release(void)
{
	memset(phys_to_virt(TRAMPOLINE_PHYS), 0, TRAMPOLINE_PAGES * PAGE_SIZE);
	if (!memory_is_ram(TRAMPOLINE_PHYS, TRAMPOLINE_PHYS + TRAMPOLINE_PAGES * PAGE_SIZE))
		return;
	for (unsigned int i = 0; i < TRAMPOLINE_PAGES; i++)
		free_frame(TRAMPOLINE_PHYS + i * PAGE_SIZE);
}

/* INIT, 10 ms, SIPI, 200 us, SIPI; then wait for ap_start() to say it is online. */
static bool start_ap(unsigned int cpu, u32 apic_id)
{
	struct trampoline_params *p = phys_to_virt(TRAMPOLINE_PHYS +
						   (trampoline_params - trampoline_start));
	u32 sipi = APIC_DM_STARTUP | (TRAMPOLINE_PHYS >> 12);
	u64 deadline;

	*p = (struct trampoline_params){
		.cr3 = TRAMPOLINE_PHYS + PAGE_SIZE,
		.cpu = cpu,
		.stack = (unsigned long)ap_stacks[cpu] + AP_STACK_SIZE,
		.entry = (unsigned long)ap_start,
	};
	percpu_areas[cpu].apic_id = apic_id;
	stack_poison(ap_stacks[cpu], AP_STACK_SIZE);	/* its deepest use is reported */

	lapic_send_ipi(apic_id, APIC_DM_INIT | APIC_LEVEL_ASSERT);
	udelay(10000);
	for (int i = 0; i < 2; i++) {
		lapic_send_ipi(apic_id, sipi);
		udelay(200);
	}
	deadline = rdtsc() + tsc_khz * AP_ONLINE_TIMEOUT_MS;
	while (!cpu_online(cpu) && rdtsc() < deadline)
		cpu_relax();
	return cpu_online(cpu);
}

/* The CPUs to use: every one the MADT lists, unless smp=/nosmp say fewer. */
static unsigned int cpus_wanted(void)
{
	if (cmdline_flag(&boot_cmdline, "nosmp"))
		return 1;
	return cmdline_u64_range(&boot_cmdline, "smp", NR_CPUS, 1, NR_CPUS);
}

static bool listed(const struct acpi_cpus *acpi, u32 apic_id)
{
	for (unsigned int i = 0; i < acpi->nr_cpus; i++)
		if (acpi->apic_ids[i] == apic_id)
			return true;
	return false;
}

/* One line for each kind of MADT entry that is not a CPU to start. */
static void report_madt(const struct acpi_cpus *acpi)
{
	if (acpi->nr_skipped)
		printk("smp: %u more CPUs listed than entrylab can use (NR_CPUS %u)\n",
		       acpi->nr_skipped, NR_CPUS);
	if (acpi->nr_unaddressable)
		printk("smp: %u CPUs with x2APIC IDs above %u skipped: xAPIC mode cannot "
		       "address them\n", acpi->nr_unaddressable, XAPIC_MAX_ID);
	if (acpi->nr_duplicates)
		printk("smp: the MADT lists %u APIC IDs again: each CPU started once\n",
		       acpi->nr_duplicates);
	if (acpi->nr_not_present)
		printk("smp: %u online-capable CPUs not started (no CPU hotplug)\n",
		       acpi->nr_not_present);
}

/**
 * smp_init - find and start the other CPUs
 *
 * Boot CPU, IRQs on, its LAPIC and timer running. Returns with every CPU that
 * answered running its idle loop, and prints "smp: N CPUs online".
 */
void smp_init(void)
{
	unsigned int want = cpus_wanted(), next = 1;
	u32 self = lapic_id();
	struct acpi_cpus acpi;
	const char *err;

	percpu_areas[0].apic_id = self;
	cpu_online_mask = BIT(0);
	err = acpi_find_cpus(boot_info.acpi_rsdp, boot_info.acpi_rsdp_size, acpi_map_io,
			     apic_max_id(), &acpi);
	if (err)
		printk("smp: ACPI: %s: booting on one CPU\n", err);
	else
		report_madt(&acpi);
	/* For make test: a listed CPU that never answers must cost 200 ms, nothing more. */
	if (!err && cmdline_flag(&boot_cmdline, "smp.test_absent_cpu") && acpi.nr_cpus < NR_CPUS &&
	    !listed(&acpi, ABSENT_APIC_ID))
		acpi.apic_ids[acpi.nr_cpus++] = ABSENT_APIC_ID;
	if (!err && want > 1) {
		trampoline_install();
		for (unsigned int i = 0; i < acpi.nr_cpus && next < want; i++) {
			if (acpi.apic_ids[i] == self)
				continue;
			if (start_ap(next, acpi.apic_ids[i])) {
				next++;
				continue;
			}
			/* Back to wait-for-SIPI: it must not wake later as CPU next. */
			lapic_send_ipi(acpi.apic_ids[i], APIC_DM_INIT | APIC_LEVEL_ASSERT);
			printk("smp: CPU with APIC ID %u did not come online within %u ms: "
			       "skipped\n", acpi.apic_ids[i], AP_ONLINE_TIMEOUT_MS);
		}
		trampoline_release();
	}
	printk("smp: %u CPUs online\n", num_online_cpus());
	if (num_online_cpus() > 1)
		tsc_sync_check();
}
