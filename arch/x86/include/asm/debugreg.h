/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The debug registers: DR6, what a #DB reports, and a task's DR0-DR3 and DR7,
 * its hardware breakpoints and watchpoints, which a tracer sets through
 * PTRACE_POKEUSER (arch/x86/hw_breakpoint.c).
 */
#ifndef _ASM_X86_DEBUGREG_H
#define _ASM_X86_DEBUGREG_H

#include <compiler.h>

#define DR6_BS		BIT(14)		/* single step */
#define DR6_RESET	0xffff0ff0UL	/* DR6's reset value: no condition recorded */
#define HBP_NUM		4		/* DR0-DR3 */

/*
 * A task's debug registers while it is not running. dr6 is virtual, as Linux's
 * virtual_dr6, for the tracer to read: what the task's last #DB in ring 3 reported
 * (the step bit, the breakpoints that fired), and the breakpoints ring 0 tripped
 * since (the paranoid entry ORs them in).
 */
struct debugregs {
	unsigned long addr[HBP_NUM];	/* DR0-DR3 */
	unsigned long dr6;
	unsigned long dr7;		/* 0: no breakpoint, and nothing to switch */
};

struct task;

/* The conditions of the last #DB; DR6 is sticky, so it is reset for the next one. */
static __always_inline unsigned long read_and_clear_dr6(void)
{
	unsigned long dr6;

	asm volatile("mov %%dr6, %0" : "=r"(dr6));
	asm volatile("mov %0, %%dr6" : : "r"(DR6_RESET));
	return dr6;
}

/* IRQs off, at a context switch where prev or next uses breakpoints. */
void switch_debugregs_irqoff(const struct task *next);
/* PTRACE_PEEKUSER/POKEUSER of u_debugreg[n] of a stopped task. */
int ptrace_get_debugreg(struct task *t, unsigned int n, unsigned long *val);
int ptrace_set_debugreg(struct task *t, unsigned int n, unsigned long val);
/* t's enabled breakpoints, as DR6's B0-B3 bits. */
unsigned long debugregs_enabled(const struct task *t);
/* Is one of the conditions in dr6 an instruction breakpoint of t's? */
bool debugregs_hit_instruction(const struct task *t, unsigned long dr6);

#endif
