// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt hardware and time: the legacy 8259 PICs are remapped and masked, the
 * TSC frequency comes from CPUID when the CPU tells it and the PIT (else the ACPI PM
 * timer) agrees, else from the measurement, and the local APIC delivers a periodic
 * timer tick calibrated against the TSC.
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
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <acpi.h>
#include <kernel.h>
#include <printk.h>
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

/*
 * How long a calibration wait may poll before its clock is declared dead, in TSC
 * ticks, since nothing else can tell time yet: 5 * 10^9 is 0.5 s at 10 GHz and 5 s
 * at 1 GHz, against the 50 ms a working clock needs.
 */
#define CALIBRATION_TSC_LIMIT	5000000000UL
#define PM_TIMER_HZ	3579545
#define IPI_ACCEPT_MS	100
#define TSC_KHZ_GUESS	2000000		/* nothing measures it: 2 GHz, and we say so */

static volatile u32 *lapic;
static u32 lapic_ticks_per_ms;
u64 tsc_khz;
const char *tsc_khz_source;
bool tsc_khz_guessed;

static u32 lapic_read(u32 reg)
{
	return lapic[reg / 4];
}

static void lapic_write(u32 reg, u32 v)
{
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

	if (!acpi_pm_timer(&port, &ext))
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

/* What CPUID leaf 0x15 (crystal ratio) or 0x16 (base MHz) says the TSC's rate is; 0 if neither. */
static u64 tsc_khz_from_cpuid(const char **source)
{
	u32 max_leaf = cpuid(0).eax;

	if (max_leaf >= 0x15) {
		struct cpuid_regs r = cpuid(0x15);

		if (r.eax && r.ebx && r.ecx) {
			*source = "cpuid 0x15";
			return (u64)r.ecx * r.ebx / r.eax / 1000;
		}
	}
	if (max_leaf >= 0x16 && (cpuid(0x16).eax & 0xffff)) {
		*source = "cpuid 0x16";
		return (u64)(cpuid(0x16).eax & 0xffff) * 1000;
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
	u64 said = tsc_khz_from_cpuid(&said_by), measured = tsc_khz_measured(&measured_by);

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
 * Every CPU's registers sit at the same physical address: each sees its own.
 * LINT1 is where a PC's chipset wires its NMI line (QEMU's monitor command "nmi"
 * raises it): an NMI, edge-triggered, on every CPU (arch/x86/nmi.c counts them).
 */
void lapic_enable(void)
{
	lapic_write(APIC_TPR, 0);
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | IRQ_VECTOR_SPURIOUS);
	lapic_write(APIC_LVT_LINT1, APIC_DM_NMI);
}

void lapic_init(void)
{
	if (!(cpuid(1).edx & CPUID1_EDX_APIC))
		bad_boot("CPU has no local APIC");
	lapic = ioremap(rdmsr(MSR_APIC_BASE) & PAGE_MASK & PTE_ADDR_MASK, PAGE_SIZE);
	lapic_enable();

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

u32 lapic_id(void)
{
	return lapic_read(APIC_ID) >> 24;
}

/**
 * lapic_send_ipi_irqoff - send an inter-processor interrupt
 * @apic_id: destination (physical mode, 8 bits: xAPIC)
 * @icr: delivery mode and vector, as the low ICR word takes them
 *
 * IRQs off: the two ICR writes must not be split by an interrupt handler that
 * sends its own IPI. Waits for the previous IPI to be accepted first.
 */
void lapic_send_ipi_irqoff(u32 apic_id, u32 icr)
{
	u64 deadline = rdtsc() + tsc_khz * IPI_ACCEPT_MS;
	static bool warned;

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
