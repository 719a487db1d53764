/* SPDX-License-Identifier: GPL-2.0 */
/* CPU registers and flags (what the CPU is: asm/cpufeature.h). */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#include <compiler.h>

#define X86_EFLAGS_CF		BIT(0)
#define X86_EFLAGS_FIXED	BIT(1)		/* reads as 1 */
#define X86_EFLAGS_PF		BIT(2)
#define X86_EFLAGS_AF		BIT(4)
#define X86_EFLAGS_ZF		BIT(6)
#define X86_EFLAGS_SF		BIT(7)
#define X86_EFLAGS_TF		BIT(8)
#define X86_EFLAGS_IF		BIT(9)
#define X86_EFLAGS_DF		BIT(10)
#define X86_EFLAGS_OF		BIT(11)
#define X86_EFLAGS_IOPL		(3UL << 12)
#define X86_EFLAGS_NT		BIT(14)
#define X86_EFLAGS_RF		BIT(16)
#define X86_EFLAGS_VM		BIT(17)
#define X86_EFLAGS_AC		BIT(18)
#define X86_EFLAGS_VIF		BIT(19)
#define X86_EFLAGS_VIP		BIT(20)
#define X86_EFLAGS_ID		BIT(21)

/*
 * The flags user code may set in a saved context, through rt_sigreturn or a
 * tracer's PTRACE_SETREGS (Linux's FIX_EFLAGS): not IF, IOPL, NT, VM and friends.
 */
#define FIX_EFLAGS	(X86_EFLAGS_AC | X86_EFLAGS_OF | X86_EFLAGS_DF | X86_EFLAGS_TF | \
			 X86_EFLAGS_SF | X86_EFLAGS_ZF | X86_EFLAGS_AF | X86_EFLAGS_PF | \
			 X86_EFLAGS_CF | X86_EFLAGS_RF)

#define X86_CR0_PE		BIT(0)
#define X86_CR0_MP		BIT(1)
#define X86_CR0_EM		BIT(2)
#define X86_CR0_ET		BIT(4)
#define X86_CR0_NE		BIT(5)
#define X86_CR0_WP		BIT(16)
#define X86_CR0_AM		BIT(18)
#define X86_CR0_PG		BIT(31)
#define X86_CR4_TSD		BIT(2)
#define X86_CR4_PAE		BIT(5)
#define X86_CR4_MCE		BIT(6)	/* else a machine check shuts the CPU down */
#define X86_CR4_PGE		BIT(7)
#define X86_CR4_PCE		BIT(8)	/* RDPMC allowed in ring 3 */
#define X86_CR4_OSFXSR		BIT(9)
#define X86_CR4_OSXMMEXCPT	BIT(10)
#define X86_CR4_UMIP		BIT(11)
#define X86_CR4_FSGSBASE	BIT(16)
#define X86_CR4_PCIDE		BIT(17)
#define X86_CR4_OSXSAVE		BIT(18)
#define X86_CR4_SMEP		BIT(20)
#define X86_CR4_SMAP		BIT(21)

#define DEFINE_CR_ACCESSORS(n)						\
static __always_inline u64 read_cr##n(void)				\
{									\
	u64 v;								\
	asm volatile("mov %%cr" #n ", %0" : "=r"(v));			\
	return v;							\
}									\
static __always_inline void write_cr##n(u64 v)				\
{									\
	asm volatile("mov %0, %%cr" #n : : "r"(v) : "memory");		\
}
DEFINE_CR_ACCESSORS(0)
DEFINE_CR_ACCESSORS(2)
DEFINE_CR_ACCESSORS(3)
DEFINE_CR_ACCESSORS(4)
#undef DEFINE_CR_ACCESSORS

static __always_inline u64 rdtsc(void)
{
	u32 lo, hi;

	asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

static __always_inline void cpu_relax(void)
{
	asm volatile("pause" ::: "memory");
}

/* No later instruction runs, even speculatively, before the earlier ones are done. */
static __always_inline void barrier_nospec(void)
{
	asm volatile("lfence" ::: "memory");
}

/*
 * A serializing instruction, for a CPU about to run code another CPU rewrote
 * (cross-modifying code): CPUID, which every x86-64 CPU has and which serializes
 * in both rings. Linux returns to itself by IRET instead, which a hypervisor does
 * not intercept; here it runs only where the text changed (smp.c's hold).
 */
static __always_inline void sync_core(void)
{
	u32 eax = 0, ebx, ecx = 0, edx;

	asm volatile("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx) : : "memory");
}

static __always_inline void invlpg(unsigned long va)
{
	asm volatile("invlpg (%0)" : : "r"(va) : "memory");
}

#endif
