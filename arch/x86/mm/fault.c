// SPDX-License-Identifier: GPL-2.0
/*
 * The page fault (#PF), as Linux's arch/x86/mm/fault.c: called by do_interrupt()
 * between irqentry_enter() and irqentry_exit(), IRQs off.
 *
 * CR2 is read first: a fault taken later (an interrupt handler's, once IRQs are
 * on) would overwrite it. Ring 0 running a user page (SMEP) or touching one
 * outside uaccess (SMAP) is an oops at once. A write to a copy-on-write page is
 * resolved and the access retried; a call into the vsyscall page is emulated; a
 * touch past the end of a shared memory object from ring 3 is SIGBUS, anything
 * else SIGSEGV, and from ring 0 either is the uaccess fixup's or an oops
 * (kernel_exception()).
 */
#include <asm/cpufeature.h>
#include <asm/irqflags.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <asm/vsyscall.h>
#include <mm.h>
#include <sched.h>
#include <signal.h>

/*
 * A write to a copy-on-write page or a touch below the stack's mapped part, from
 * ring 3 or from a uaccess helper in a syscall (copy_to_user() onto a page fork()
 * shared). Breaking a copy may need to flush other CPUs' TLBs, which needs IRQs
 * on: they were on where the fault hit.
 */
static vm_fault_t mm_fault(struct pt_regs *regs, unsigned long addr)
{
	struct mm *mm = current->mm;
	vm_fault_t ret;

	if (!mm || !(regs->flags & X86_EFLAGS_IF))
		return VM_FAULT_SIGSEGV;
	local_irq_enable();
	ret = handle_mm_fault(mm, addr, regs->orig_ax);
	local_irq_disable();
	return ret;
}

/* Ring 3 came from IRQs on; the emulated syscall may fault on a COW page itself. */
static bool vsyscall_fault(struct pt_regs *regs, unsigned long addr)
{
	bool done;

	local_irq_enable();
	done = emulate_vsyscall(regs, addr, regs->orig_ax);
	local_irq_disable();
	return done;
}

/*
 * A fault of ring 0's own on a present user page that no retry can fix: the
 * page's entry may allow the access, but SMEP forbids ring 0 to run it, and SMAP
 * to touch it outside a uaccess helper (which runs with RFLAGS.AC set by STAC).
 * Linux oopses at once; retried, the fault would come back for ever. (A page
 * that is not present goes on to the fixup table, as a uaccess fault does.)
 */
static const char *kernel_user_access_violation(const struct pt_regs *regs, unsigned long addr)
{
	unsigned long err = regs->orig_ax;

	if (user_mode(regs) || (err & X86_PF_USER) || !(err & X86_PF_PROT) ||
	    addr >= TASK_SIZE_MAX)
		return NULL;
	if (err & X86_PF_INSTR)
		return "SMEP violation: the kernel ran a user page";
	if (boot_cpu.smap && !(regs->flags & X86_EFLAGS_AC))
		return "SMAP violation: the kernel touched a user page outside uaccess";
	return NULL;
}

void do_page_fault(struct pt_regs *regs, unsigned long addr)
{
	const char *violation = kernel_user_access_violation(regs, addr);
	vm_fault_t fault;

	if (unlikely(violation))
		oops(regs, X86_TRAP_PF, violation);
	fault = mm_fault(regs, addr);
	if (!fault)
		return;
	if (!user_mode(regs)) {
		kernel_exception(regs, X86_TRAP_PF);
		return;
	}
	/* Past the end of a shared memory object (never the vsyscall page): Linux's do_sigbus(). */
	if (fault & VM_FAULT_SIGBUS) {
		force_sig_fault(SIGBUS, BUS_ADRERR, addr, X86_TRAP_PF, regs->orig_ax);
		return;
	}
	if (is_vsyscall_vaddr(addr) && vsyscall_fault(regs, addr))
		return;			/* a legacy call: arch/x86/vsyscall.c */
	/* Mapped but not allowed (PROT_NONE too) is SEGV_ACCERR, as Linux. */
	force_sig_fault(SIGSEGV, user_addr_mapped(current->mm, addr) ? SEGV_ACCERR : SEGV_MAPERR,
			addr, X86_TRAP_PF, regs->orig_ax);
}
