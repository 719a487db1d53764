// SPDX-License-Identifier: GPL-2.0
/*
 * SYSCALL setup: EFER.SCE, the selectors in STAR, the entry point in LSTAR, and
 * the RFLAGS bits SYSCALL clears (SFMASK). The kernel must never run with a flag
 * the user chose: TF would single-step the kernel, DF would reverse its string
 * instructions, AC would open SMAP, NT and IOPL would change IRET and port I/O,
 * IF would let interrupts in before the stack switch. Linux's mask, bit for bit.
 */
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/syscall.h>

#define SYSCALL_FLAGS_MASK (X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF | X86_EFLAGS_ZF | \
			    X86_EFLAGS_SF | X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF | \
			    X86_EFLAGS_OF | X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_RF | \
			    X86_EFLAGS_AC | X86_EFLAGS_ID)

void entry_SYSCALL_compat(void);
void entry_SYSENTER_compat(void);

/* The boot's entry variant, which every CPU's LSTAR holds until the benchmark switches it. */
static void (*boot_entry)(void);

void syscall_init(void (*entry)(void))
{
	boot_entry = entry;
	syscall_init_cpu();
}

void syscall_init_cpu(void)
{
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	/* SYSCALL: CS = STAR[47:32], SS = +8. SYSRET: CS = STAR[63:48] + 16, SS = +8. */
	wrmsr(MSR_STAR, ((u64)__USER32_CS << 48) | ((u64)__KERNEL_CS << 32));
	wrmsr(MSR_SYSCALL_MASK, SYSCALL_FLAGS_MASK);
	/* SYSCALL in compat mode: #UD on Intel, CSTAR on AMD. */
	wrmsr(MSR_CSTAR, (unsigned long)entry_SYSCALL_compat);
	/*
	 * SYSENTER (#UD in long mode on AMD, so Intel's alone): the kernel's CS and
	 * SS, and no stack, as the stub loads its own before it touches one.
	 */
	wrmsr(MSR_IA32_SYSENTER_CS, __KERNEL_CS);
	wrmsr(MSR_IA32_SYSENTER_ESP, 0);
	wrmsr(MSR_IA32_SYSENTER_EIP, (unsigned long)entry_SYSENTER_compat);
	wrmsr(MSR_LSTAR, (unsigned long)boot_entry);
}
