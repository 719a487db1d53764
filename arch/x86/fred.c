// SPDX-License-Identifier: GPL-2.0
/*
 * FRED's set-up on each CPU (asm/fred.h): the entry point, the stacks of levels
 * 1-3 and which exceptions use them, before CR4.FRED (cpu_init_protections()).
 * The IST stacks of the IDT's paranoid vectors become the stack levels: an event
 * from ring 0 moves to RSPn only if its vector's level is above the level the
 * CPU is on, so a #DB inside an NMI stays on the NMI's stack, and an NMI inside
 * an NMI's handler (NMIs are blocked there until its ERETS) cannot happen. Ring
 * 3's events always land at level 0, IA32_FRED_RSP0, which the context switch
 * keeps at the current task's stack top (set_task_stack_irqoff(), asm/pti.h).
 */
#include <asm/desc.h>
#include <asm/fred.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/segment.h>
#include <asm/traps.h>

/*
 * entry/entry_fred.asm: ring 3's entries, page-aligned, ring 0's 256 bytes on; the
 * plain pair, or the one with the SYSCALL path's mitigations (as bench/variants.c
 * chooses a SYSCALL stub).
 */
extern const char fred_entry_user[], fred_entry_user_mitigated[];

#define FRED_DB_STACK_LEVEL	1
#define FRED_NMI_STACK_LEVEL	2	/* #MC too: both may land on any instruction */
#define FRED_DF_STACK_LEVEL	3

static unsigned long ist_top(struct percpu *pc, unsigned int ist)
{
	return (unsigned long)pc->ist_stacks[ist - 1] + IST_STACK_SIZE;
}

void fred_init_cpu(void)
{
	struct percpu *pc = this_cpu();
	const char *entry = mitigations & MIT_SYSCALL_PATH ? fred_entry_user_mitigated :
							     fred_entry_user;

	/*
	 * One 64-byte red zone below an interrupted ring-0 RSP: the kernel is built
	 * -mno-red-zone, so none is needed for C, and Linux's one is kept for the
	 * same reason (room for a CALL's emulation). IRQs from ring 0 stay on the
	 * current stack (level 0).
	 */
	wrmsr(MSR_IA32_FRED_CONFIG, (unsigned long)entry | FRED_CONFIG_REDZONE(1) |
				    FRED_CONFIG_INT_STKLVL(0));
	wrmsr(MSR_IA32_FRED_STKLVLS, FRED_STKLVL(X86_TRAP_DB, FRED_DB_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_NMI, FRED_NMI_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_MC, FRED_NMI_STACK_LEVEL) |
				     FRED_STKLVL(X86_TRAP_DF, FRED_DF_STACK_LEVEL));
	wrmsr(MSR_IA32_FRED_RSP1, ist_top(pc, IST_DEBUG));
	wrmsr(MSR_IA32_FRED_RSP2, ist_top(pc, IST_NMI));
	wrmsr(MSR_IA32_FRED_RSP3, ist_top(pc, IST_DOUBLE_FAULT));
	/* No task yet: the first switch to one sets RSP0 (no event comes from ring 3 before). */
	wrmsr(MSR_IA32_FRED_RSP0, 0);
}
