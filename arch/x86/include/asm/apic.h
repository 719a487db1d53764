/* SPDX-License-Identifier: GPL-2.0 */
/* Local APIC, its timer, and the time-stamp counter. */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <compiler.h>

#define TIMER_HZ	100

void pic_mask_all(void);
void lapic_init(void);
void lapic_eoi(void);
void lapic_timer_start(unsigned int hz);
void lapic_timer_stop(void);
bool lapic_timer_running(void);

/* TSC frequency in kHz and how it was found ("cpuid 0x15", "cpuid 0x16", "PIT"). */
extern u64 tsc_khz;
extern const char *tsc_khz_source;
void tsc_init(void);
u64 tsc_to_ns(u64 ticks);

/* PIT channel 2 as a one-shot stopwatch: busy-waits about ms milliseconds. */
void pit_wait_ms(unsigned int ms);

#endif
