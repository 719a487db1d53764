/* SPDX-License-Identifier: GPL-2.0 */
/* Model-specific registers used by entrylab. */
#ifndef _ASM_X86_MSR_H
#define _ASM_X86_MSR_H

#include <asm/extable.h>
#include <compiler.h>

#define MSR_APIC_BASE		0x0000001b
#define APIC_BASE_EXTD		BIT(10)		/* x2APIC mode (with EN) */
#define APIC_BASE_ENABLE	BIT(11)		/* EN: the local APIC on */
#define MSR_IA32_CR_PAT		0x00000277	/* the page attribute table */
#define MSR_IA32_SPEC_CTRL	0x00000048	/* speculation control */
#define SPEC_CTRL_IBRS		BIT(0)		/* indirect branch restricted speculation */
#define SPEC_CTRL_STIBP		BIT(1)		/* single thread indirect branch predictors */
#define SPEC_CTRL_SSBD		BIT(2)		/* speculative store bypass disable */
#define SPEC_CTRL_RRSBA_DIS_S	BIT(6)		/* no alternate RET predictions in ring 0 */
#define SPEC_CTRL_BHI_DIS_S	BIT(10)		/* ring 0 ignores ring 3's branch history */
/* What a previous kernel or firmware may have left on: cleared before choosing (Linux's). */
#define SPEC_CTRL_MITIGATIONS_MASK (SPEC_CTRL_IBRS | SPEC_CTRL_STIBP | SPEC_CTRL_SSBD | \
				    SPEC_CTRL_RRSBA_DIS_S | SPEC_CTRL_BHI_DIS_S)
#define MSR_IA32_PRED_CMD	0x00000049	/* prediction barriers */
#define PRED_CMD_SBPB		BIT(7)		/* AMD: selective branch prediction barrier */
#define MSR_IA32_ARCH_CAPABILITIES 0x0000010a	/* what the CPU is not vulnerable to */
#define ARCH_CAP_RDCL_NO	BIT(0)		/* no Meltdown: PTI not needed */
#define ARCH_CAP_IBRS_ALL	BIT(1)		/* enhanced IBRS: set once, protects always */
#define ARCH_CAP_RSBA		BIT(2)		/* RET may predict from other predictors */
#define ARCH_CAP_MDS_NO		BIT(5)		/* no MDS: VERW not needed */
#define ARCH_CAP_TSX_CTRL_MSR	BIT(7)		/* IA32_TSX_CTRL exists */
#define ARCH_CAP_TAA_NO		BIT(8)		/* no TSX asynchronous abort */
#define ARCH_CAP_SBDR_SSDP_NO	BIT(13)		/* MMIO stale data: no SBDR, SSDP */
#define ARCH_CAP_FBSDP_NO	BIT(14)		/* MMIO stale data: no FBSDP */
#define ARCH_CAP_PSDP_NO	BIT(15)		/* MMIO stale data: no PSDP */
#define ARCH_CAP_FB_CLEAR	BIT(17)		/* VERW clears the fill buffers */
#define ARCH_CAP_RRSBA		BIT(19)		/* RET may use alternate predictors (RRSBA) */
#define ARCH_CAP_BHI_NO		BIT(20)		/* no branch history injection */
#define ARCH_CAP_XAPIC_DISABLE	BIT(21)		/* the next MSR exists */
#define MSR_IA32_XAPIC_DISABLE_STATUS 0x000000bd
#define LEGACY_XAPIC_DISABLED	BIT(0)		/* x2APIC mode locked on */
#define ARCH_CAP_PBRSB_NO	BIT(24)		/* no post-barrier RSB predictions */
#define ARCH_CAP_RFDS_NO	BIT(27)		/* no register file data sampling */
#define ARCH_CAP_RFDS_CLEAR	BIT(28)		/* VERW clears the register file */
#define ARCH_CAP_ITS_NO		BIT_ULL(62)	/* no indirect target selection */
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
#define EFER_AUTOIBRS		BIT(21)		/* AMD: IBRS in ring 0, always (eIBRS's like) */

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
