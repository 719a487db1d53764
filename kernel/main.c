// SPDX-License-Identifier: GPL-2.0
/*
 * kmain(): the boot CPU's path from boot/head.asm to a finished run. Each step
 * relies on the ones before it; docs/boot.md walks through them in this order.
 */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/espfix.h>
#include <asm/fpu.h>
#include <asm/hypervisor.h>
#include <asm/irqflags.h>
#include <asm/mitigations.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/pti.h>
#include <asm/syscall.h>
#include <asm/traps.h>
#include <cmdline.h>
#include <context_tracking.h>
#include <cputime.h>
#include <init.h>
#include <kernel.h>
#include <micro.h>
#include <multiboot2.h>
#include <pmm.h>
#include <printk.h>
#include <random.h>
#include <rcu_demo.h>
#include <sched.h>
#include <slab.h>
#include <selftest.h>
#include <smp.h>
#include <stack_usage.h>
#include <time.h>
#include <variants.h>
#include <vdso.h>

struct cmdline boot_cmdline;

void kmain(u32 magic, phys_addr_t mb_info);

static void print_banner(void)
{
	printk("entrylab: CPU %s \"%s\" family %u model %u stepping %u%s%s%s\n",
	       boot_cpu.vendor, boot_cpu.model, boot_cpu.family, boot_cpu.model_id,
	       boot_cpu.stepping, boot_cpu.hypervisor ? " (under " : "",
	       boot_cpu.hypervisor ? hypervisor()->name : "", boot_cpu.hypervisor ? ")" : "");
	printk("entrylab: memory %lu MiB usable, %lu frames free, highest address 0x%lx\n",
	       pmm_total_frames() * PAGE_SIZE >> 20, pmm_free_frames(),
	       (unsigned long)pmm_max_phys() - 1);
	printk("entrylab: kernel loaded at 0x%lx-0x%lx, linked for 0x%lx (phys_base 0x%lx)\n",
	       (unsigned long)kernel_phys_start(), (unsigned long)kernel_phys_end() - 1,
	       (unsigned long)_kernel_phys_start, phys_base);
	if (boot_info.memranges_dropped)
		printk("entrylab: warning: %u memory-map entries beyond the first %u ignored\n",
		       boot_info.memranges_dropped, BOOT_MAX_MEMRANGES);
	printk("entrylab: TSC %lu.%03lu MHz (%s)\n", (unsigned long)(tsc_khz / 1000),
	       (unsigned long)(tsc_khz % 1000), tsc_khz_source);
	printk("entrylab: protections: NX on, WP on, SMEP %s, SMAP %s, UMIP %s\n",
	       boot_cpu.smep ? "on" : "off", boot_cpu.smap ? "on" : "off",
	       boot_cpu.umip ? "on" : "off");
	mitigations_print();
	if (boot_cpu.fred)
		printk("entrylab: events: FRED (ERETU/ERETS, stack levels, no SWAPGS)\n");
	else
		printk("entrylab: events: IDT (%s)\n", boot_cpu.fred_why);
	printk("entrylab: FSGSBASE %s\n", boot_cpu.fsgsbase ?
	       "on (ring 3 writes its FS/GS bases; paranoid entry by RDGSBASE)" :
	       "off (paranoid entry by MSR_GS_BASE's sign)");
	printk("entrylab: user FPU state by %s: x87, SSE%s%s, %u-byte images\n",
	       fpu_config.xsaveopt ? "XSAVEOPT" : fpu_config.xsave ? "XSAVE" : "FXSAVE",
	       fpu_config.xfeatures & XFEATURE_MASK_YMM ? ", AVX" : "",
	       fpu_config.xfeatures & XFEATURE_MASK_AVX512 ? ", AVX-512" : "", fpu_config.size);
	printk("entrylab: random numbers from %s\n", random_source());
	printk("entrylab: syscall entry %s, context tracking %s, RCU tracker %s\n",
	       entry_variants[boot_entry_variant].name, context_tracking_on() ? "on" : "off",
	       rcu_eqs_on() ? "on" : "off");
	printk("entrylab: local_irq_restore() by %s\n",
	       irq_restore_sti ? "a conditional sti (irq_restore=sti)" : "popf");
}

void kmain(u32 magic, phys_addr_t mb_info)
{
	enum exit_status status;
	bool want_init, want_selftests;
	const char *err;

	boot_tsc = rdtsc();
	stack_poison_below_sp(boot_stack_hh);	/* IRQs off still */
	serial_init();
	printk("\nentrylab: booting\n");
	err = multiboot2_parse(magic, mb_info);
	if (err)
		bad_boot("%s", err);
	vga_init();
	printk("entrylab: loaded by %s, command line \"%s\"\n",
	       boot_info.loader ? boot_info.loader : "an unnamed loader",
	       boot_info.cmdline ? boot_info.cmdline : "");
	cmdline_parse(&boot_cmdline, "cmdline", boot_info.cmdline);

	percpu_init(0);
	gdt_init_cpu();
	idt_init();
	cpu_init();
	random_init();
	pmm_init();
	paging_init();
	slab_init();	/* kmalloc() from here on */
	espfix_init();
	pti_init();		/* after espfix64's slot exists, before any address space */
	pti_init_cpu();
	fbcon_init();

	pic_mask_all();
	tsc_init();
	lapic_init();
	time_init();
	vdso_init();
	lapic_timer_start(TIMER_HZ);
	sched_init();
	context_tracking_init();
	irq_restore_init();
	syscall_init(entry_variants_init());
	bench_init();
	local_irq_enable();

	print_banner();
	kernel_exit_init();
	acpi_power_init();
	smp_init();
	nohz_full_init();
	cputime_init();

	want_init = !cmdline_flag(&boot_cmdline, "noinit");
	/* Each demo is one of the self-tests: asking for it asks for them. */
	want_selftests = cmdline_flag(&boot_cmdline, "selftest");
	want_selftests |= cmdline_flag(&boot_cmdline, "selftest.fail_demo");
	want_selftests |= cmdline_flag(&boot_cmdline, "selftest.oops_demo");
	if (want_selftests)
		selftests_failed = !selftests_run();
	if (cmdline_flag(&boot_cmdline, "rcu_demo") && !rcu_demo_run())
		selftests_failed = true;
	if (cmdline_flag(&boot_cmdline, "micro"))
		micro_run();
	cmdline_warn_unknown(&boot_cmdline);

	status = want_init ? run_init() : EXIT_SUCCESS_STATUS;
	bench_print_results();
	smp_print_counters();
	nmi_print_counters();
	stack_usage_print();
	kernel_exit(status);
}
