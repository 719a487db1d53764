// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt hardware and time: the legacy 8259 PICs are remapped and masked, the
 * TSC frequency comes from CPUID when the CPU tells it and the PIT (else the ACPI PM
 * timer) agrees, else from the measurement, and the local APIC delivers a periodic
 * timer tick calibrated against the TSC.
 *
 * The local APIC has two modes. xAPIC: registers in a page of MMIO, 8-bit APIC IDs,
 * an IPI as two writes (destination, then command). x2APIC: each register an MSR
 * (0x800 + offset / 16), 32-bit APIC IDs, an IPI as one 64-bit WRMSR with nothing to
 * poll. Firmware may hand the CPUs over in either; in x2APIC mode the MMIO page reads
 * nothing and takes no write. The boot CPU uses x2APIC whenever the CPU has it,
 * turning it on itself unless `nox2apic`, where Linux without interrupt remapping
 * does so only under a hypervisor (apic_mode_choose() says how and why they differ);
 * each AP switches to the boot CPU's mode before it touches its APIC (lapic_enable()).
 *
 * No wait here trusts the hardware to answer: every polling loop has a bound, and
 * what follows a timeout is a fallback and one line saying so (a PC whose PIT
 * does not count, a local APIC that never accepts an IPI).
 *
 * Under QEMU with -icount every one of these clocks is derived from the
 * instruction counter, so the numbers printed are exact and repeatable there.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/hypervisor.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <acpi.h>
#include <cmdline.h>
#include <kernel.h>
#include <multiboot2.h>
#include <printk.h>
#include <string.h>
#include <vsprintf.h>

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xa0
#define PIC2_DATA	0xa1
#define PIC_VECTOR_BASE	0x30	/* clear of the exceptions; all masked anyway */

#define PIT_HZ		1193182
#define PIT_CH2		0x42
#define PIT_CMD		0x43
#define PORT_B		0x61	/* bit 0: channel 2 gate, bit 5: channel 2 output */

#define APIC_ID		0x020
#define APIC_TPR	0x080
#define APIC_EOI	0x0b0
#define APIC_SVR	0x0f0
#define APIC_LVT_TIMER	0x320
#define APIC_LVT_LINT1	0x360
#define APIC_TIMER_INIT	0x380
#define APIC_TIMER_CUR	0x390
#define APIC_ICR_LOW	0x300
#define APIC_ICR_HIGH	0x310
#define APIC_TIMER_DIV	0x3e0
#define APIC_SVR_ENABLE	BIT(8)
#define APIC_LVT_MASKED	BIT(16)
#define APIC_LVT_PERIODIC BIT(17)
#define APIC_DIV_16	0x3
#define APIC_ICR_PENDING BIT(12)	/* delivery status: the last IPI not yet accepted */

#define CPUID1_ECX_X2APIC	BIT(21)
#define X2APIC_MSR(reg)		(0x800 + (reg) / 16)

/*
 * How long a calibration wait may poll before its clock is declared dead, in TSC
 * ticks, since nothing else can tell time yet: 5 * 10^9 is 0.5 s at 10 GHz and 5 s
 * at 1 GHz, against the 50 ms a working clock needs.
 */
#define CALIBRATION_TSC_LIMIT	5000000000UL
#define PM_TIMER_HZ	3579545
#define IPI_ACCEPT_MS	100
#define TSC_KHZ_GUESS	2000000		/* nothing measures it: 2 GHz, and we say so */

static volatile u32 *lapic;		/* xAPIC mode: the registers' page */
static u32 lapic_ticks_per_ms;
bool x2apic_mode;
static bool test_firmware_x2apic;		/* apic.test_firmware_x2apic: each CPU as firmware */
u64 tsc_khz;
const char *tsc_khz_source;
bool tsc_khz_guessed;

static u32 lapic_read(u32 reg)
{
	if (x2apic_mode)
		return rdmsr(X2APIC_MSR(reg));
	return lapic[reg / 4];
}

static void lapic_write(u32 reg, u32 v)
{
	if (x2apic_mode)
		wrmsr(X2APIC_MSR(reg), v);
	else
		lapic[reg / 4] = v;
}

void pic_mask_all(void)
{
	/* ICW1-4: remap IRQ 0-15 to PIC_VECTOR_BASE.., 8086 mode; then mask all. */
	outb(PIC1_CMD, 0x11);
	outb(PIC2_CMD, 0x11);
	outb(PIC1_DATA, PIC_VECTOR_BASE);
	outb(PIC2_DATA, PIC_VECTOR_BASE + 8);
	outb(PIC1_DATA, 4);
	outb(PIC2_DATA, 2);
	outb(PIC1_DATA, 1);
	outb(PIC2_DATA, 1);
	outb(PIC1_DATA, 0xff);
	outb(PIC2_DATA, 0xff);
}

/* Waits ms (at most 54) on PIT channel 2; false if its output never rose. */
bool pit_wait_ms(unsigned int ms)
{
	u32 count = PIT_HZ * ms / 1000;
	u64 give_up = rdtsc() + CALIBRATION_TSC_LIMIT;
	bool counted;
	u8 b;

	if (count > 0xffff)
		count = 0xffff;
	b = inb(PORT_B) & ~0x03;		/* gate low, speaker off */
	outb(PORT_B, b);
	outb(PIT_CMD, 0xb0);			/* channel 2, lo/hi byte, mode 0 */
	outb(PIT_CH2, count & 0xff);
	outb(PIT_CH2, count >> 8);
	outb(PORT_B, b | 0x01);			/* gate high: counting starts */
	while (!(counted = inb(PORT_B) & 0x20) && rdtsc() < give_up)	/* high at count 0 */
		cpu_relax();
	outb(PORT_B, b);
	return counted;
}

/* TSC ticks per ms over 50 ms of the ACPI PM timer (24 or 32 bits); 0 if it stands still. */
u64 tsc_khz_from_pm_timer(void)
{
	u32 port, mask, start, want = PM_TIMER_HZ / 20;
	bool ext;
	u64 t0;

	if (acpi_pm_timer(&port, &ext))
		return 0;
	mask = ext ? 0xffffffff : 0xffffff;
	start = inl(port) & mask;
	t0 = rdtsc();
	while (((inl(port) - start) & mask) < want) {
		if (rdtsc() - t0 > CALIBRATION_TSC_LIMIT)
			return 0;
		cpu_relax();
	}
	return (rdtsc() - t0) * 20 / 1000;
}

/**
 * tsc_khz_stated - the TSC's rate where the machine states it; 0 if it does not
 * @source: set to the leaf it came from
 *
 * In Linux's order of trust: the hypervisor's CPUID timing leaf where Linux reads one
 * (0x40000010 under ACRN only: Linux takes VMware's rate by a hypercall, and reads no
 * timing leaf under KVM, even where QEMU offers it), then CPUID 0x15's ratio times its
 * crystal. A leaf
 * 0x15 without the crystal (ECX 0: Skylake's client parts) is no statement: the base
 * frequency in leaf 0x16 that Linux derives the crystal from is given in whole MHz
 * and may miss the TSC's rate by a fraction of a percent, so the rate is measured.
 */
static u64 tsc_khz_stated(const char **source)
{
	const struct hypervisor_info *hv = hypervisor();

	if (hv->tsc_khz) {
		*source = "ACRN's CPUID timing leaf";
		return hv->tsc_khz;
	}
	if (cpuid(0).eax >= 0x15) {
		struct cpuid_regs r = cpuid(0x15);

		if (r.eax && r.ebx && r.ecx) {
			*source = "cpuid 0x15";
			return (u64)r.ecx * r.ebx / r.eax / 1000;
		}
	}
	return 0;
}

#define CALIBRATION_TRIES	3

/*
 * The TSC's rate over 50 ms of the PIT, else of the ACPI PM timer; 0 if neither counts.
 * The least of three readings: an SMI, or a host that preempts the vCPU, can only make
 * a window look longer in TSC ticks, never shorter.
 */
static u64 tsc_khz_measured(const char **source)
{
	u64 t0, khz, least = 0;

	for (int i = 0; i < CALIBRATION_TRIES; i++) {
		t0 = rdtsc();
		if (!pit_wait_ms(50))
			break;
		khz = (rdtsc() - t0) / 50;
		least = least && least < khz ? least : khz;
	}
	if (least) {
		*source = "PIT calibration";
		return least;
	}
	for (int i = 0; i < CALIBRATION_TRIES; i++) {
		khz = tsc_khz_from_pm_timer();
		if (!khz)
			break;
		least = least && least < khz ? least : khz;
	}
	*source = "ACPI PM timer calibration (the PIT does not count)";
	return least;
}

/*
 * A rate CPUID states is exact where it is true, but a hypervisor or an emulator may
 * copy a real part's leaves and run the TSC at its own rate (Bochs ticks it once per
 * instruction): the rate is measured too, and where the two disagree by more than 1%
 * the measured one is used, and the boot says so.
 */
void tsc_init(void)
{
	static char source[128];
	const char *said_by = NULL, *measured_by = NULL;
	u64 said = tsc_khz_stated(&said_by), measured = tsc_khz_measured(&measured_by);

	if (said && (!measured || (said > measured ? said - measured : measured - said) * 100 <=
			  measured)) {
		tsc_khz = said;
		tsc_khz_source = said_by;
	} else if (said) {
		snprintf(source, sizeof(source), "%s; %s said %lu.%03lu MHz", measured_by, said_by,
			 (unsigned long)(said / 1000), (unsigned long)(said % 1000));
		printk("entrylab: warning: TSC: %s says %lu.%03lu MHz, %s measures %lu.%03lu MHz: "
		       "using the measured rate\n", said_by, (unsigned long)(said / 1000),
		       (unsigned long)(said % 1000), measured_by, (unsigned long)(measured / 1000),
		       (unsigned long)(measured % 1000));
		tsc_khz = measured;
		tsc_khz_source = source;
	} else if (measured) {
		tsc_khz = measured;
		tsc_khz_source = measured_by;
	} else {
		tsc_khz = TSC_KHZ_GUESS;
		tsc_khz_guessed = true;
		tsc_khz_source = "a guess: neither the PIT nor the ACPI PM timer counts, "
				 "times are wrong";
	}
}

void udelay(unsigned int us)
{
	u64 end = rdtsc() + tsc_khz * us / 1000;

	while (rdtsc() < end)
		cpu_relax();
}

u64 tsc_to_ns(u64 ticks)
{
	/* ticks * 10^6 / khz, split to stay exact without 128-bit math for years. */
	return ticks / tsc_khz * 1000000 + ticks % tsc_khz * 1000000 / tsc_khz;
}

/*
 * What firmware with its x2APIC option on does (test_firmware_x2apic): this CPU in
 * x2APIC mode before the kernel looks. EN is set already (it is from reset);
 * EN and EXTD together are the one valid step from xAPIC mode.
 */
static void x2apic_enable_as_firmware(void)
{
	u64 base = rdmsr(MSR_APIC_BASE);

	if (!(base & APIC_BASE_EXTD))
		wrmsr(MSR_APIC_BASE, base | APIC_BASE_ENABLE | APIC_BASE_EXTD);
}

/* x2APIC mode locked on by the platform (Linux's x2apic_hw_locked()): no way back. */
static bool x2apic_locked(void)
{
	return (boot_cpu.arch_capabilities & ARCH_CAP_XAPIC_DISABLE) &&
	       (rdmsr(MSR_IA32_XAPIC_DISABLE_STATUS) & LEGACY_XAPIC_DISABLED);
}

/*
 * This CPU's APIC into x2apic_mode's mode, as Linux's x2apic_setup(). Leaving x2APIC
 * mode must go through the disabled state (EN and EXTD clear), which resets the
 * APIC's registers: the caller programs them after. False if the CPU did not take
 * the mode: Bochs, for one, ignores every write to MSR_APIC_BASE once EN is clear,
 * so it cannot leave x2APIC mode. IRQs off.
 */
static bool apic_mode_set_this_cpu(void)
{
	u64 base = rdmsr(MSR_APIC_BASE), want = x2apic_mode ? APIC_BASE_EXTD : 0;

	if (x2apic_mode && !(base & APIC_BASE_EXTD)) {
		if (!(base & APIC_BASE_ENABLE))
			wrmsr(MSR_APIC_BASE, base |= APIC_BASE_ENABLE);
		wrmsr(MSR_APIC_BASE, base | APIC_BASE_EXTD);
	} else if (!x2apic_mode && (base & APIC_BASE_EXTD)) {
		wrmsr(MSR_APIC_BASE, base & ~(APIC_BASE_ENABLE | APIC_BASE_EXTD));
		wrmsr(MSR_APIC_BASE, (base & ~APIC_BASE_EXTD) | APIC_BASE_ENABLE);
	}
	base = rdmsr(MSR_APIC_BASE);
	return (base & APIC_BASE_ENABLE) && (base & APIC_BASE_EXTD) == want;
}

/* apic_extnmi=: which CPUs take the external NMI on LINT1 (Linux's parameter). */
static enum { EXTNMI_BSP, EXTNMI_ALL, EXTNMI_NONE } apic_extnmi;

/*
 * Every CPU's registers sit at the same physical address (xAPIC) or MSRs (x2APIC):
 * each sees its own. LINT1 is where a PC's chipset wires its NMI line (QEMU's
 * monitor command "nmi" raises it on every CPU's LINT1): an NMI, edge-triggered,
 * unmasked as Linux's setup_local_APIC() has it, on the boot CPU only unless
 * apic_extnmi=all (or none), so that one external NMI is handled once
 * (arch/x86/nmi.c counts them). False, and nothing programmed, if the APIC did not
 * take the mode.
 */
bool apic_extnmi_wanted(bool boot_cpu)
{
	return apic_extnmi == EXTNMI_ALL || (boot_cpu && apic_extnmi == EXTNMI_BSP);
}

bool lapic_lint1_nmi_unmasked(void)
{
	return !(lapic_read(APIC_LVT_LINT1) & APIC_LVT_MASKED);
}

static bool lapic_setup_this_cpu(bool boot_cpu)
{
	bool extnmi = apic_extnmi_wanted(boot_cpu);

	if (!apic_mode_set_this_cpu())
		return false;
	lapic_write(APIC_TPR, 0);
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | IRQ_VECTOR_SPURIOUS);
	lapic_write(APIC_LVT_LINT1, APIC_DM_NMI | (extnmi ? 0 : APIC_LVT_MASKED));
	return true;
}

bool lapic_enable(void)
{
	if (test_firmware_x2apic)
		x2apic_enable_as_firmware();
	return lapic_setup_this_cpu(false);
}

/*
 * The boot CPU's choice of mode. As Linux's check_x2apic() and setup_nox2apic():
 * whatever firmware handed over in x2APIC mode stays there, unless nox2apic asks for
 * xAPIC and that can be had (an APIC ID below 255, not locked); what firmware handed
 * over in xAPIC mode stays there when its DMAR table sets X2APIC_OPT_OUT, as Linux's
 * dmar_x2apic_optout() keeps it. Otherwise entrylab
 * uses x2APIC whenever the CPU has it, which Linux does not: with no interrupt
 * remapping (entrylab has no IOMMU driver), Linux's try_to_enable_x2apic() keeps
 * x2APIC only where the hypervisor's x2apic_available() says so (KVM, Hyper-V, Xen
 * HVM, and VMware, Jailhouse, ACRN by their own checks), then in physical destination
 * mode with CPUs above APIC ID 255 (32767 with the hypervisor's extended MSI
 * destination ID) left offline; on bare metal, and under QEMU's TCG or Bochs (no
 * driver), it turns x2APIC off (stays on if locked; an APIC ID above 254 panics).
 * Linux needs that for the I/O APIC's and MSIs' 8-bit destinations; entrylab routes
 * no device interrupt (the I/O APIC stays untouched), so IPIs and the timer are all
 * it sends, and x2APIC's 32-bit IDs reach every CPU. Returns why, for the boot log.
 */
static const char *apic_mode_choose(void)
{
	static char why[96];
	bool has = cpuid(1).ecx & CPUID1_ECX_X2APIC;
	bool nox2apic = cmdline_flag(&boot_cmdline, "nox2apic");
	u32 id;

	test_firmware_x2apic = cmdline_flag(&boot_cmdline, "apic.test_firmware_x2apic");
	if (test_firmware_x2apic && !has) {
		printk("apic: apic.test_firmware_x2apic: this CPU has no x2APIC: ignored\n");
		test_firmware_x2apic = false;
	}
	if (test_firmware_x2apic)
		x2apic_enable_as_firmware();
	if (!(rdmsr(MSR_APIC_BASE) & APIC_BASE_EXTD)) {
		bool opt_out = has && !nox2apic &&
			acpi_dmar_x2apic_opt_out(boot_info.acpi_rsdp, boot_info.acpi_rsdp_size,
						 acpi_map_io);

		x2apic_mode = has && !nox2apic && !opt_out;
		return !has ? "no x2APIC on this CPU" : nox2apic ? "nox2apic" :
		       opt_out ? "the firmware's DMAR table opts out of x2APIC" :
		       "the CPU has it; enabled by us";
	}
	x2apic_mode = true;
	if (!nox2apic)
		return "firmware handed over in x2APIC mode";
	id = rdmsr(X2APIC_MSR(APIC_ID));
	if (id >= 0xff) {
		snprintf(why, sizeof(why), "firmware handed over in x2APIC mode; nox2apic "
			 "ignored: APIC ID %u needs it", id);
		return why;
	}
	if (x2apic_locked())
		return "firmware handed over in x2APIC mode, locked; nox2apic ignored";
	x2apic_mode = false;
	return "nox2apic; firmware handed over in x2APIC mode, turned off";
}

void lapic_init(void)
{
	const char *why, *extnmi;

	if (!(cpuid(1).edx & CPUID1_EDX_APIC))
		bad_boot("CPU has no local APIC");
	extnmi = cmdline_str(&boot_cmdline, "apic_extnmi", "bsp");
	if (!strcmp(extnmi, "all"))
		apic_extnmi = EXTNMI_ALL;
	else if (!strcmp(extnmi, "none"))
		apic_extnmi = EXTNMI_NONE;
	else if (strcmp(extnmi, "bsp"))
		printk("cmdline: apic_extnmi=%s is not bsp, all or none, using bsp\n", extnmi);
	why = apic_mode_choose();
	printk("apic: %s mode (%s)\n", x2apic_mode ? "x2APIC" : "xAPIC", why);
	if (!x2apic_mode)
		lapic = ioremap(rdmsr(MSR_APIC_BASE) & PAGE_MASK & PTE_ADDR_MASK, PAGE_SIZE);
	if (!lapic_setup_this_cpu(true))
		bad_boot("the local APIC did not take %s mode (MSR_APIC_BASE 0x%lx)",
			 x2apic_mode ? "x2APIC" : "xAPIC", (unsigned long)rdmsr(MSR_APIC_BASE));

	/* Calibrate: count down from the maximum for 10 ms of TSC time (tsc_init() first). */
	lapic_write(APIC_TIMER_DIV, APIC_DIV_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | IRQ_VECTOR_TIMER);
	lapic_write(APIC_TIMER_INIT, 0xffffffff);
	udelay(10000);
	lapic_ticks_per_ms = (0xffffffff - lapic_read(APIC_TIMER_CUR)) / 10;
	lapic_write(APIC_TIMER_INIT, 0);
	if (!lapic_ticks_per_ms)
		bad_boot("LAPIC timer does not count");
}

/* This CPU's APIC ID: 32 bits in x2APIC mode, 8 in xAPIC mode. */
u32 lapic_id(void)
{
	return x2apic_mode ? lapic_read(APIC_ID) : lapic_read(APIC_ID) >> 24;
}

/*
 * The APIC ID CPUID gives this CPU: the x2APIC ID of leaf 0x1f or 0xb (EDX, all 32
 * bits) in x2APIC mode, where the CPU has the leaf, else leaf 1's initial APIC ID
 * (EBX bits 31:24), which an ID above 255 does not fit.
 */
u32 cpuid_apic_id(void)
{
	static const u32 leaves[] = { 0x1f, 0xb };
	u32 max_leaf = cpuid(0).eax;

	for (unsigned int i = 0; x2apic_mode && i < ARRAY_SIZE(leaves); i++) {
		/* A leaf with no topology level reads 0 in EBX[15:0]. */
		if (max_leaf >= leaves[i] && (cpuid_count(leaves[i], 0).ebx & 0xffff))
			return cpuid_count(leaves[i], 0).edx;
	}
	return cpuid(1).ebx >> 24;
}

u32 apic_max_id(void)
{
	return x2apic_mode ? X2APIC_MAX_ID : XAPIC_MAX_ID;
}

/**
 * lapic_send_ipi_irqoff - send an inter-processor interrupt
 * @apic_id: destination, physical (at most apic_max_id())
 * @icr: delivery mode and vector, as the low ICR word takes them
 *
 * IRQs off: the two xAPIC ICR writes must not be split by an interrupt handler
 * that sends its own IPI. In xAPIC mode it waits for the previous IPI to be
 * accepted first; x2APIC mode has no delivery status to wait on. Touches no
 * per-CPU data: it runs in a SWAPGS window too (nmi_test.c).
 */
void lapic_send_ipi_irqoff(u32 apic_id, u32 icr)
{
	static bool warned;
	u64 deadline;

	if (x2apic_mode) {
		/*
		 * A WRMSR to an x2APIC register does not wait for earlier stores: the
		 * ones this IPI announces (a call's arguments) must be visible first, as
		 * Linux's weak_wrmsr_fence().
		 */
		asm volatile("mfence; lfence" : : : "memory");
		wrmsr(X2APIC_MSR(APIC_ICR_LOW), (u64)apic_id << 32 | icr);
		return;
	}
	deadline = rdtsc() + tsc_khz * IPI_ACCEPT_MS;
	while (lapic_read(APIC_ICR_LOW) & APIC_ICR_PENDING) {
		if (rdtsc() > deadline) {
			if (!warned)
				printk("lapic: an IPI not accepted in %u ms; sending anyway\n",
				       IPI_ACCEPT_MS);
			warned = true;
			break;
		}
		cpu_relax();
	}
	lapic_write(APIC_ICR_HIGH, apic_id << 24);
	lapic_write(APIC_ICR_LOW, icr);
}

void lapic_send_ipi(u32 apic_id, u32 icr)
{
	unsigned long flags;

	local_irq_save(flags);
	lapic_send_ipi_irqoff(apic_id, icr);
	local_irq_restore(flags);
}

void lapic_eoi(void)
{
	lapic_write(APIC_EOI, 0);
}

void lapic_timer_start(unsigned int hz)
{
	lapic_write(APIC_TIMER_DIV, APIC_DIV_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_PERIODIC | IRQ_VECTOR_TIMER);
	lapic_write(APIC_TIMER_INIT, lapic_ticks_per_ms * 1000 / hz);
}

void lapic_timer_stop(void)
{
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | IRQ_VECTOR_TIMER);
	lapic_write(APIC_TIMER_INIT, 0);
}

bool lapic_timer_running(void)
{
	return !(lapic_read(APIC_LVT_TIMER) & APIC_LVT_MASKED) && lapic_read(APIC_TIMER_INIT);
}
