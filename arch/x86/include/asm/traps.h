/* SPDX-License-Identifier: GPL-2.0 */
/* Exception and interrupt vectors. */
#ifndef _ASM_X86_TRAPS_H
#define _ASM_X86_TRAPS_H

#include <asm/desc.h>
#include <asm/ptrace.h>

enum {
	X86_TRAP_DE = 0,	/* divide error */
	X86_TRAP_DB,		/* debug */
	X86_TRAP_NMI,
	X86_TRAP_BP,		/* int3 */
	X86_TRAP_OF,
	X86_TRAP_BR,
	X86_TRAP_UD,		/* invalid opcode */
	X86_TRAP_NM,
	X86_TRAP_DF,		/* double fault */
	X86_TRAP_OLD_MF,
	X86_TRAP_TS,
	X86_TRAP_NP,
	X86_TRAP_SS,
	X86_TRAP_GP,		/* general protection */
	X86_TRAP_PF,		/* page fault */
	X86_TRAP_SPURIOUS,
	X86_TRAP_MF,
	X86_TRAP_AC,		/* alignment check */
	X86_TRAP_MC,
	X86_TRAP_XF,
	X86_TRAP_VE,
	X86_TRAP_CP,
	NR_EXCEPTION_VECTORS = 32,
};

/*
 * The vectors with an IST stack of their own (asm/desc.h's slots), which can arrive
 * at any instruction and so enter through the paranoid entry. One list for the IDT
 * (arch/x86/idt.c) and the stubs (entry/entry_irq.asm, as IST_VECTORS_MASK).
 */
#define IST_VECTORS(X)							\
	X(X86_TRAP_DB, IST_DEBUG)					\
	X(X86_TRAP_NMI, IST_NMI)					\
	X(X86_TRAP_DF, IST_DOUBLE_FAULT)				\
	X(X86_TRAP_MC, IST_MACHINE_CHECK)
#define IST_VECTOR_BIT(vector, ist)	| BIT(vector)
#define IST_VECTORS_MASK		(0 IST_VECTORS(IST_VECTOR_BIT))

/*
 * The faults the IRETQ to ring 3 itself can raise: their stub checks for it
 * (iret_fault_entry), and fixup_bad_iret() (entry/irq.c) rebuilds the user's frame.
 */
#define IRET_FAULT_VECTORS	(BIT(X86_TRAP_NP) | BIT(X86_TRAP_SS) | BIT(X86_TRAP_GP))

/*
 * The exceptions for which the CPU pushes an error code through the IDT. The IDT
 * stubs push -1 for the others (pt_regs->orig_ax), and the FRED entry, which
 * always gets one (0 for these), gives C the same -1.
 */
#define ERROR_CODE_VECTORS	(BIT(X86_TRAP_DF) | BIT(X86_TRAP_TS) | BIT(X86_TRAP_NP) |	\
				 BIT(X86_TRAP_SS) | BIT(X86_TRAP_GP) | BIT(X86_TRAP_PF) |	\
				 BIT(X86_TRAP_AC) | BIT(X86_TRAP_CP) | BIT(29) | BIT(30))

#define IRQ_VECTOR_TIMER	0x20
/* int $0x80: the i386 system call, a ring-3 gate (entry/entry_64_compat.asm). */
#define IA32_SYSCALL_VECTOR	0x80
/* Inter-processor interrupts (include/smp.h): the highest priority class but one. */
#define IRQ_VECTOR_RESCHEDULE	0xf0
#define IRQ_VECTOR_CALL_FUNCTION 0xf1
#define IRQ_VECTOR_STOP		0xf2
#define IRQ_VECTOR_SPURIOUS	0xff

/* Page-fault error code bits. */
#define X86_PF_PROT		BIT(0)
#define X86_PF_WRITE		BIT(1)
#define X86_PF_USER		BIT(2)
#define X86_PF_RSVD		BIT(3)
#define X86_PF_INSTR		BIT(4)

/* entry/entry_irq.asm: each vector's IDT stub, and the IRETQ that returns to ring 3. */
extern const unsigned long exception_stubs[NR_EXCEPTION_VECTORS];
extern const char irq_return_iret[];

const char *trap_name(unsigned long vector);
/* An exception in ring 0: the fixup table's answer, or an oops (arch/x86/traps.c). */
void kernel_exception(struct pt_regs *regs, unsigned long vector);
/* At addr (CR2, or FRED's event data); IRQs off, as the entry left them (arch/x86/mm/fault.c). */
void do_page_fault(struct pt_regs *regs, unsigned long addr);
/* A fault from ring 3: queue its signal (arch/x86/traps.c); a #DB with its DR6. */
void user_exception(struct pt_regs *regs, unsigned long vector);
void user_debug_exception(struct pt_regs *regs, unsigned long dr6);
/* NMI, #MC, #DF, and #DB from ring 0: the paranoid entry's C side (entry/paranoid.c). */
void do_paranoid(struct pt_regs *regs, unsigned long vector);
void kernel_debug_exception(struct pt_regs *regs, unsigned long dr6);
/* FRED's way into every non-paranoid C half (entry/irq.c), with CR2 or DR6 as data. */
void do_interrupt_event(struct pt_regs *regs, unsigned long vector, unsigned long data);
/* arch/x86/nmi.c: count this NMI; the counts at the end of a run; a self-NMI. */
void do_nmi(struct pt_regs *regs);
void nmi_print_counters(void);
void send_nmi_self(void);
/* The self-tests: waits, bounded by NMI_WAIT_MS and without GS, until *count moved. */
#define NMI_WAIT_MS	100
bool nmi_count_moved(volatile unsigned long *count, unsigned long before);
void __noreturn oops(struct pt_regs *regs, unsigned long vector, const char *why);

#endif
