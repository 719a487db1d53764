/* SPDX-License-Identifier: GPL-2.0 */
/* Local APIC, its timer, and the time-stamp counter. */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <compiler.h>

#define TIMER_HZ	100

void pic_mask_all(void);
/* The boot CPU's local APIC: its mode chosen (and printed), its timer calibrated. */
void lapic_init(void);
/* An AP's: into the boot CPU's mode, then enabled; false if it refused the mode. IRQs off. */
bool lapic_enable(void);
/* Does apic_extnmi= give the boot CPU (or another) LINT1's NMI? And is it here? */
bool apic_extnmi_wanted(bool boot_cpu);
bool lapic_lint1_nmi_unmasked(void);
/* x2APIC mode (MSRs, 32-bit IDs) rather than xAPIC (MMIO, 8-bit IDs); lapic_init() on. */
extern bool x2apic_mode;
u32 lapic_id(void);
/* This CPU's APIC ID as CPUID reports it (leaf 0x1f/0xb in x2APIC mode, else leaf 1). */
u32 cpuid_apic_id(void);
/*
 * The largest APIC ID an IPI can address in each mode: 0xff is xAPIC's broadcast
 * and 0xffffffff x2APIC's, never a CPU's.
 */
#define XAPIC_MAX_ID		0xfeU
#define X2APIC_MAX_ID		0xfffffffeU
/* The one of them for the mode in use (lapic_init() on). */
u32 apic_max_id(void);
void lapic_send_ipi_irqoff(u32 apic_id, u32 icr);
/* The same from any context: IRQs off around the two ICR writes. */
void lapic_send_ipi(u32 apic_id, u32 icr);
void lapic_eoi(void);
void lapic_timer_start(unsigned int hz);
void lapic_timer_stop(void);
bool lapic_timer_running(void);

/* TSC frequency in kHz and how it was found ("cpuid 0x15", "cpuid 0x16", "PIT"). */
extern u64 tsc_khz;
extern const char *tsc_khz_source;
extern bool tsc_khz_guessed;	/* nothing measured it: times are wrong, the vDSO stays off */
void tsc_init(void);
u64 tsc_to_ns(u64 ticks);
/* Busy-waits us microseconds of TSC time (host time under TCG without icount). */
void udelay(unsigned int us);

/* ICR delivery modes (low word). */
#define APIC_DM_FIXED		0x00000
#define APIC_DM_NMI		0x00400	/* the vector is ignored: NMI (2) */
#define APIC_DM_INIT		0x00500
#define APIC_DM_STARTUP		0x00600
#define APIC_LEVEL_ASSERT	0x04000

/* PIT channel 2 as a one-shot stopwatch: busy-waits about ms milliseconds. */
bool pit_wait_ms(unsigned int ms);
/* The TSC's kHz measured against the ACPI PM timer, the PIT's stand-in; 0: none. */
u64 tsc_khz_from_pm_timer(void);

#endif
