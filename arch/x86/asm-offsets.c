// SPDX-License-Identifier: GPL-2.0
/*
 * Structure offsets for the NASM code, generated at build time so the assembly
 * and the C structs cannot drift apart. The Makefile compiles this file to
 * assembly and turns each "->NAME value" marker into "%define NAME value" in
 * build/asm-offsets.inc. It is never linked.
 */
#include <asm/alternative.h>
#include <asm/fred.h>
#include <asm/mitigations.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/traps.h>
#include <entry-variants.h>
#include <errno.h>
#include <syscalls.h>
#include <thread_info.h>
#include <uapi/unistd.h>

#define DEFINE(sym, val)	asm volatile("\n.ascii \"->" #sym " %c0\"" : : "i"(val))
#define DEFINE_TEXT(sym, text)	asm volatile("\n.ascii \"->" #sym " " text "\"")
#define OFFSET(sym, str, mem)	DEFINE(sym, offsetof(struct str, mem))
#define VARIANT_NAME(name, what) ", " #name

void asm_offsets(void);
void asm_offsets(void)
{
	/* pt_regs: the entry's frame names (entry/calling.inc), and the docs' listing. */
	OFFSET(PT_R15, pt_regs, r15);
	OFFSET(PT_R14, pt_regs, r14);
	OFFSET(PT_R13, pt_regs, r13);
	OFFSET(PT_R12, pt_regs, r12);
	OFFSET(PT_BP, pt_regs, bp);
	OFFSET(PT_BX, pt_regs, bx);
	OFFSET(PT_R11, pt_regs, r11);
	OFFSET(PT_AX, pt_regs, ax);
	OFFSET(PT_CX, pt_regs, cx);
	OFFSET(PT_DI, pt_regs, di);
	OFFSET(PT_ORIG_AX, pt_regs, orig_ax);
	OFFSET(PT_IP, pt_regs, ip);
	OFFSET(PT_CS, pt_regs, cs);
	OFFSET(PT_FLAGS, pt_regs, flags);
	OFFSET(PT_SP, pt_regs, sp);
	OFFSET(PT_SS, pt_regs, ss);
	/* More of struct percpu, "__" for ".", for the docs' listing (scripts/entry-disasm.py). */
	OFFSET(PERCPU_current_task, percpu, current_task);
	OFFSET(PERCPU_syscall_work, percpu, syscall_work);
	OFFSET(PERCPU_ct__state, percpu, ct.state);
	OFFSET(PERCPU_ct__warnings, percpu, ct.warnings);
	OFFSET(PERCPU_cputime__exact, percpu, cputime.exact);

	OFFSET(PERCPU_user_rsp, percpu, entry.user_rsp);
	OFFSET(PERCPU_top_of_stack, percpu, entry.top_of_stack);
	OFFSET(PERCPU_pti_flush_user, percpu, pti_flush_user);
	OFFSET(PERCPU_tss_rsp0, percpu, tss.rsp[0]);
	OFFSET(PERCPU_gdt, percpu, gdt);
	OFFSET(PERCPU_espfix_stack, percpu, espfix_stack);
	OFFSET(PERCPU_espfix_waddr, percpu, espfix_waddr);
	/* Not for the stubs: make test reads CPU n's NMI count through QEMU's monitor. */
	OFFSET(PERCPU_nmis, percpu, nmis);
	DEFINE(PERCPU_SIZE, sizeof(struct percpu));
	DEFINE(SEGMENT_TI_LDT, SEGMENT_TI_LDT);
	/* entry=asm-fastpath's own tests (entry/entry_64.asm). */
	OFFSET(TI_flags, thread_info, flags);
	DEFINE(EXIT_TO_USER_MODE_SLOW, EXIT_TO_USER_MODE_SLOW);
	DEFINE(SYSCALL_WORK_ENTER, SYSCALL_WORK_ENTER);
	DEFINE(X86_EFLAGS_TF, X86_EFLAGS_TF);
	/* The compat entries' (entry/entry_64_compat.asm). */
	DEFINE(X86_EFLAGS_NT, X86_EFLAGS_NT);
	DEFINE(X86_EFLAGS_AC, X86_EFLAGS_AC);
	DEFINE(X86_EFLAGS_FIXED, X86_EFLAGS_FIXED);
	DEFINE(__USER32_CS, __USER32_CS);
	DEFINE(NR_syscalls, NR_syscalls);
	DEFINE(IST_VECTORS_MASK, IST_VECTORS_MASK);
	DEFINE(IRET_FAULT_VECTORS, IRET_FAULT_VECTORS);
	DEFINE(X86_TRAP_DB, X86_TRAP_DB);
	DEFINE(X86_TRAP_NMI, X86_TRAP_NMI);
	DEFINE(X86_TRAP_DF, X86_TRAP_DF);
	DEFINE(X86_TRAP_NP, X86_TRAP_NP);
	DEFINE(X86_TRAP_SS, X86_TRAP_SS);
	DEFINE(X86_TRAP_GP, X86_TRAP_GP);
	DEFINE(X86_TRAP_MC, X86_TRAP_MC);
	DEFINE(MSR_GS_BASE, MSR_GS_BASE);
	DEFINE(MSR_IA32_SPEC_CTRL, MSR_IA32_SPEC_CTRL);
	DEFINE(SPEC_CTRL_IBRS, SPEC_CTRL_IBRS);
	DEFINE(__KERNEL_CS, __KERNEL_CS);
	DEFINE(__KERNEL_DS, __KERNEL_DS);
	DEFINE(FRED_SSX_NMI, FRED_SSX_NMI);

	/* Patch sites (entry/calling.inc): their kinds and the conditions they name. */
	DEFINE(PATCH_SKIP_UNLESS, PATCH_SKIP_UNLESS);
	DEFINE(PATCH_CALL_IF, PATCH_CALL_IF);
	DEFINE(MIT_PTI, MIT_PTI);
	DEFINE(MIT_PCID, MIT_PCID);
	DEFINE(MIT_VERW, MIT_VERW);
	DEFINE(MIT_RETPOLINE, MIT_RETPOLINE);
	DEFINE(MIT_IBRS, MIT_IBRS);
	DEFINE(MIT_RSB, MIT_RSB);
	DEFINE(MIT_BHI, MIT_BHI);
	DEFINE(MIT_SWAPGS_FENCE, MIT_SWAPGS_FENCE);
	DEFINE(PATCH_FEATURE_FSGSBASE, PATCH_FEATURE_FSGSBASE);
	DEFINE(PATCH_FEATURE_FRED, PATCH_FEATURE_FRED);
	DEFINE(ERROR_CODE_VECTORS, ERROR_CODE_VECTORS);
	DEFINE(MIT_SYSCALL_PATH, MIT_SYSCALL_PATH);
	DEFINE(IRQ_VECTOR_TIMER, IRQ_VECTOR_TIMER);
	DEFINE(IRQ_VECTOR_RESCHEDULE, IRQ_VECTOR_RESCHEDULE);
	DEFINE(IRQ_VECTOR_CALL_FUNCTION, IRQ_VECTOR_CALL_FUNCTION);
	DEFINE(IRQ_VECTOR_STOP, IRQ_VECTOR_STOP);
	DEFINE(IRQ_VECTOR_SPURIOUS, IRQ_VECTOR_SPURIOUS);
	DEFINE(IA32_SYSCALL_VECTOR, IA32_SYSCALL_VECTOR);

	DEFINE(__USER_CS, __USER_CS);
	DEFINE(__USER_DS, __USER_DS);
	DEFINE(ENOSYS, ENOSYS);
	DEFINE(__NR_entrylab_bench, __NR_entrylab_bench);

	/* ", irqsave_outline, irqsave_inline, ...": a list for FOR_EACH (calling.inc). */
	DEFINE_TEXT(ENTRY_VARIANT_NAMES, ENTRY_VARIANTS(VARIANT_NAME));
	DEFINE_TEXT(ENTRY_VARIANT_DEFAULT_NAME, __stringify(ENTRY_VARIANT_DEFAULT));
	DEFINE_TEXT(ENTRY_SYSCALL_64_DEFAULT,
		    "entry_SYSCALL_64_" __stringify(ENTRY_VARIANT_DEFAULT));
	DEFINE_TEXT(ENTRY_SYSCALL_64_DEFAULT_MITIGATED,
		    "entry_SYSCALL_64_" __stringify(ENTRY_VARIANT_DEFAULT) "_mitigated");
}
