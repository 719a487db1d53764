/* SPDX-License-Identifier: GPL-2.0 */
/*
 * FRED, Flexible Return and Event Delivery: with CR4.FRED set the CPU delivers
 * every event (interrupt, exception, NMI, SYSCALL, SYSENTER, INT n) to one of two
 * entry points, ring 3's at IA32_FRED_CONFIG's address and ring 0's 256 bytes
 * after it, on a stack of its choosing, with a 64-byte frame that holds
 * everything the IDT's entries had to find out for themselves: the vector and
 * the event's type, CR2 or DR6 (the event data), the error code (always pushed).
 * From ring 3 it loads GS_BASE from IA32_KERNEL_GS_BASE, swapping the two, and
 * ERETU swaps them back: the kernel runs on its own GS_BASE always, and SWAPGS
 * raises #UD. The entry: entry/entry_fred.asm and entry/fred.c; the set-up of
 * each CPU: arch/x86/fred.c. docs/entry.md, "FRED", says what replaced what.
 */
#ifndef _ASM_X86_FRED_H
#define _ASM_X86_FRED_H

#include <asm/ptrace.h>
#include <compiler.h>

#define X86_CR4_FRED		BIT(32)

/* IA32_FRED_CONFIG: the entry point's bits 63:12, then these. */
#define FRED_CONFIG_CSL_MASK		3UL	/* the current stack level, the CPU's to set */
#define FRED_CONFIG_REDZONE(n64)	((unsigned long)(n64) << 6)	/* in 64-byte units */
#define FRED_CONFIG_INT_STKLVL(l)	((unsigned long)(l) << 9)	/* ring 0's IRQs */
/* IA32_FRED_STKLVLS: two bits per exception vector, the least stack level it runs on. */
#define FRED_STKLVL(vector, level)	((unsigned long)(level) << (2 * (vector)))

/*
 * The frame's SS word: the selector in bits 15:0, then what the CPU says about
 * the event (the same bits mean what ERETU or ERETS is to do on the way out).
 */
/*
 * Bit 16: STI blocking at the event; 17: a software event (SYSCALL, SYSENTER,
 * INT n), after which ERETU with TF set raises the step's #DB at once; 18:
 * the NMI bit. entry/fred.c gives ERETU back only the last.
 */
#define FRED_SSX_NMI		BIT(18)		/* an NMI: ERET unblocks NMIs */
#define FRED_SSX_VECTOR_SHIFT	32
#define FRED_SSX_VECTOR_MASK	(0xffUL << FRED_SSX_VECTOR_SHIFT)
#define FRED_SSX_TYPE_SHIFT	48
#define FRED_SSX_TYPE_MASK	(0xfUL << FRED_SSX_TYPE_SHIFT)
#define FRED_SSX_LM		BIT(57)		/* from 64-bit mode */
#define FRED_SSX_INSNLEN_SHIFT	60		/* a software event's instruction length */
/* Either word's selector; above it in CS, the stack level the event came from. */
#define FRED_SEL_MASK		0xffffUL

/* entry/entry_fred.asm: in ring 0 at stack level 0, unblocks NMIs by an ERETS to itself. */
void fred_unblock_nmis_irqoff(void);

enum fred_event_type {
	EVENT_TYPE_EXTINT = 0,		/* an external interrupt: IRQs, IPIs */
	EVENT_TYPE_NMI = 2,
	EVENT_TYPE_HWEXC = 3,		/* a hardware exception */
	EVENT_TYPE_SWINT = 4,		/* INT n (int $0x80, and int $3 written 0xcd 0x03) */
	EVENT_TYPE_PRIV_SWEXC = 5,	/* INT1 */
	EVENT_TYPE_SWEXC = 6,		/* INT3 (0xcc), INTO */
	EVENT_TYPE_OTHER = 7,		/* SYSCALL (vector 1), SYSENTER (vector 2) */
};
#define FRED_OTHER_SYSCALL	1
#define FRED_OTHER_SYSENTER	2

static __always_inline unsigned int fred_event_type(unsigned long ssx)
{
	return (ssx & FRED_SSX_TYPE_MASK) >> FRED_SSX_TYPE_SHIFT;
}

static __always_inline unsigned int fred_event_vector(unsigned long ssx)
{
	return (ssx & FRED_SSX_VECTOR_MASK) >> FRED_SSX_VECTOR_SHIFT;
}

/*
 * The event data: the frame's word above pt_regs (asm/ptrace.h's padding), CR2
 * of a #PF, a #DB's conditions in DR6's bit positions (its reserved bits clear,
 * unlike DR6 itself), 0 for the rest. Only for a pt_regs that a FRED event built.
 */
static __always_inline unsigned long fred_event_data(const struct pt_regs *regs)
{
	return *(const unsigned long *)(regs + 1);
}

/* arch/x86/fred.c: the calling CPU's FRED MSRs, before its CR4.FRED. */
void fred_init_cpu(void);

/*
 * Events by FRED (on) or by the IDT and SYSCALL on every CPU, for the benchmark's
 * rows (bench/bench.c): 0, or -EBUSY if a task other than the caller and the idle
 * tasks exists or another CPU is not idle, -ENODEV if the boot did not choose FRED.
 * IRQs on. The caller's own way back to ring 3 is the other mode's from then on:
 * a syscall finishes by syscall_return_to_user() (entry/irq.c).
 */
int fred_switch(bool on);

/* The CPUs whose own switch is still to come, in their idle loop (fred_switch()). */
extern unsigned long fred_switch_cpus;
void fred_switch_here_irqoff(void);

/* In the idle loop, IRQs off, where the idle task has no event's frame to return through. */
static __always_inline void fred_switch_if_pending_irqoff(void)
{
	if (unlikely(__atomic_load_n(&fred_switch_cpus, __ATOMIC_ACQUIRE)))
		fred_switch_here_irqoff();
}

#endif
