// SPDX-License-Identifier: GPL-2.0
/*
 * The IDT: the 32 exception vectors, the LAPIC timer, the IPIs, int $0x80 and the
 * spurious stub for every other vector, all interrupt gates (IF cleared on entry)
 * into the stubs in entry/entry_irq.asm and entry/entry_64_compat.asm. Only #BP,
 * #OF and the i386 system call are callable from ring 3 (DPL 3), as on Linux, so a
 * user "int $0x20" raises #GP instead of faking a hardware interrupt. Double
 * fault, NMI, debug and machine check run on their own IST stacks (asm/desc.h says
 * why) and enter through the paranoid entry (entry/entry_irq.asm).
 */
#include <asm/desc.h>
#include <asm/page.h>
#include <asm/segment.h>
#include <asm/traps.h>

struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type_attr;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;

#define GATE_INTERRUPT		0x8e	/* present, DPL 0, 64-bit interrupt gate */
#define GATE_DPL3		0x60

/* A page of its own: with PTI the user's page tables map it, read-only. */
static struct idt_gate idt_table[256] __aligned(PAGE_SIZE);
_Static_assert(sizeof(idt_table) == PAGE_SIZE, "the IDT fills its page");

const void *idt_page(void)
{
	return idt_table;
}

/* entry/entry_irq.asm: the IRQ stubs (the exception stubs: asm/traps.h). */
extern char irq_stub_timer[], irq_stub_spurious[], irq_stub_reschedule[];
extern char irq_stub_call_function[], irq_stub_stop[];
extern char entry_INT80_compat[];	/* entry/entry_64_compat.asm */

/* The IST slot of vector v (asm/traps.h's IST_VECTORS), or 0: the current stack. */
static unsigned int vector_ist(unsigned int v)
{
	switch (v) {
#define IST_CASE(vector, ist)	case vector: return ist;
	IST_VECTORS(IST_CASE)
#undef IST_CASE
	default:
		return 0;
	}
}

static void set_gate(unsigned int vec, const void *handler, unsigned int ist, bool user)
{
	unsigned long a = (unsigned long)handler;

	idt_table[vec] = (struct idt_gate){
		.offset_low = a & 0xffff,
		.selector = __KERNEL_CS,
		.ist = ist,
		.type_attr = GATE_INTERRUPT | (user ? GATE_DPL3 : 0),
		.offset_mid = (a >> 16) & 0xffff,
		.offset_high = a >> 32,
	};
}

void idt_init(void)
{
	/*
	 * Every vector gets a present gate: an unassigned one is spurious. Its DPL 0
	 * makes "int $N" from ring 3 a #GP (SIGSEGV, as on Linux), not a #NP.
	 */
	for (unsigned int v = NR_EXCEPTION_VECTORS; v < 256; v++)
		set_gate(v, irq_stub_spurious, 0, false);
	for (unsigned int v = 0; v < NR_EXCEPTION_VECTORS; v++) {
		/* As Linux, ring 3 may raise #BP and #OF itself: "int3", "int $3", "int $4". */
		set_gate(v, (void *)exception_stubs[v], vector_ist(v),
			 v == X86_TRAP_BP || v == X86_TRAP_OF);
	}
	set_gate(IRQ_VECTOR_TIMER, irq_stub_timer, 0, false);
	set_gate(IRQ_VECTOR_RESCHEDULE, irq_stub_reschedule, 0, false);
	set_gate(IRQ_VECTOR_CALL_FUNCTION, irq_stub_call_function, 0, false);
	set_gate(IRQ_VECTOR_STOP, irq_stub_stop, 0, false);
	set_gate(IRQ_VECTOR_SPURIOUS, irq_stub_spurious, 0, false);
	set_gate(IA32_SYSCALL_VECTOR, entry_INT80_compat, 0, true);
	idt_load();
}

void idt_load(void)
{
	struct desc_ptr idtr = { sizeof(idt_table) - 1, (unsigned long)idt_table };

	asm volatile("lidt %0" : : "m"(idtr));
}
