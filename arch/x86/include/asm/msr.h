/* SPDX-License-Identifier: GPL-2.0 */
/* Model-specific registers used by entrylab. */
#ifndef _ASM_X86_MSR_H
#define _ASM_X86_MSR_H

#include <asm/extable.h>
#include <compiler.h>

#define MSR_APIC_BASE		0x0000001b
#define MSR_IA32_CR_PAT		0x00000277	/* the page attribute table */
#define MSR_IA32_SPEC_CTRL	0x00000048	/* speculation control: IBRS is bit 0 */
#define SPEC_CTRL_IBRS		BIT(0)
#define MSR_IA32_ARCH_CAPABILITIES 0x0000010a	/* what the CPU is not vulnerable to */
#define ARCH_CAP_RDCL_NO	BIT(0)		/* no Meltdown: PTI not needed */
#define ARCH_CAP_MDS_NO		BIT(5)		/* no MDS: VERW not needed */
#define ARCH_CAP_BHI_NO		BIT(20)		/* no branch history injection */
#define MSR_IA32_SYSENTER_CS	0x174		/* SYSENTER: CS, and SS = CS + 8 */
#define MSR_IA32_SYSENTER_ESP	0x175		/* SYSENTER: RSP */
#define MSR_IA32_SYSENTER_EIP	0x176		/* SYSENTER: the entry point */
/* FRED (asm/fred.h): the stacks of levels 0-3, each vector's level, the entry point. */
#define MSR_IA32_FRED_RSP0	0x1cc		/* ring 3's events: the task's stack top */
#define MSR_IA32_FRED_RSP1	0x1cd
#define MSR_IA32_FRED_RSP2	0x1ce
#define MSR_IA32_FRED_RSP3	0x1cf
#define MSR_IA32_FRED_STKLVLS	0x1d0		/* 2 bits per exception vector 0-31 */
#define MSR_IA32_FRED_CONFIG	0x1d4		/* entry point, red zone, IRQs' stack level */
#define MSR_EFER		0xc0000080
#define MSR_STAR		0xc0000081	/* SYSCALL/SYSRET selector bases */
#define MSR_LSTAR		0xc0000082	/* 64-bit SYSCALL entry point */
#define MSR_CSTAR		0xc0000083	/* SYSCALL from compat mode (AMD) */
#define MSR_SYSCALL_MASK	0xc0000084	/* RFLAGS bits cleared by SYSCALL */
#define MSR_FS_BASE		0xc0000100
#define MSR_GS_BASE		0xc0000101
#define MSR_KERNEL_GS_BASE	0xc0000102	/* swapped with GS_BASE by SWAPGS */
#define MSR_TSC_AUX		0xc0000103	/* what RDTSCP returns in ECX: the CPU number */

#define EFER_SCE		BIT(0)		/* SYSCALL enable */
#define EFER_LME		BIT(8)
#define EFER_NX			BIT(11)

/* RDTSC after every earlier load has completed: it cannot read the TSC early. */
static __always_inline u64 rdtsc_ordered(void)
{
	u32 lo, hi;

	asm volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((u64)hi << 32) | lo;
}

static __always_inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	asm volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

/*
 * An instruction that reads EDX:EAX for the number in ECX and may #GP (RDMSR of an
 * MSR the CPU or the hypervisor lacks, RDPMC of a counter it lacks): into *v, false
 * if it faulted (*v is then 0).
 */
#define READ_EDX_EAX_SAFE(insn, ecx, v)						\
	({									\
		u32 _lo = 0, _hi = 0;						\
		int _ok;							\
										\
		asm volatile("	xor %2, %2\n"					\
			     "1:	" insn "\n"					\
			     "	mov $1, %2\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE(1b, 2b)				\
			     : "+a"(_lo), "+d"(_hi), "=&r"(_ok) : "c"(ecx) : "memory");	\
		*(v) = ((u64)_hi << 32) | _lo;					\
		_ok;								\
	})

static __always_inline bool rdmsr_safe(u32 msr, u64 *v)
{
	return READ_EDX_EAX_SAFE("rdmsr", msr, v);
}

/* RDPMC of counter @ecx: in ring 0 whatever CR4.PCE says; false if it #GPs. */
static __always_inline bool rdpmc_safe(u32 ecx, u64 *v)
{
	return READ_EDX_EAX_SAFE("rdpmc", ecx, v);
}

/* wrmsr that may #GP: false if it did. */
static __always_inline bool wrmsr_safe(u32 msr, u64 v)
{
	int ok;

	asm volatile("	xor %0, %0\n"
		     "1:	wrmsr\n"
		     "	mov $1, %0\n"
		     "2:\n"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(ok) : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)) : "memory");
	return ok;
}

static __always_inline void wrmsr(u32 msr, u64 v)
{
	asm volatile("wrmsr" : : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)) : "memory");
}

#endif
