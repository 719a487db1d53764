/* SPDX-License-Identifier: GPL-2.0 */
/* Local APIC, its timer, and the time-stamp counter. */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <compiler.h>

#define TIMER_HZ	100

void pic_mask_all(void);
void lapic_init(void);
void lapic_enable(void);
u32 lapic_id(void);
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
