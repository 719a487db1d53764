; entry/entry_irq.asm - exception and interrupt entry through the IDT.
;
; Every vector builds the same struct pt_regs as the SYSCALL entry, with IRQs off
; (all gates are interrupt gates). There are three ways in, by what the CPU can
; tell us about GS_BASE when the vector arrives:
;
;   interrupt_common  IRQs and most exceptions. They arrive only at instruction
;                     boundaries where IRQs were on, or from an instruction that
;                     faults, never inside a SWAPGS window: CS says whose GS_BASE
;                     is live (ring 3: the user's). From ring 3 the CPU has
;                     switched to TSS.RSP0: the current task's kernel stack, or
;                     with PTI this CPU's entry stack, in the entry area, from
;                     which the entry moves the frame to the task's stack.
;   iret_fault_entry  #GP, #SS, #NP: the faults the IRETQ to ring 3 itself can
;                     raise, in ring 0 but after the exit's SWAPGS, and the
;                     context switch's load of a GS selector, made on the user's
;                     GS_BASE (Linux's error_entry makes the same two checks for
;                     the same three vectors).
;   paranoid_entry    #MC, #DF, and NMI and #DB from ring 0, each on its own IST stack
;                     (arch/x86/idt.c). They can arrive at any instruction, the
;                     SWAPGS windows included (before the SYSCALL stub's SWAPGS,
;                     between the exit's SWAPGS and SYSRET or IRETQ), so CS proves
;                     nothing: MSR_GS_BASE's sign is read instead, or with FSGSBASE
;                     this CPU's base is written outright (Linux's paranoid_entry).
;                     They never do exit work: that may sleep, and the IST stack
;                     is this vector's only one. An NMI or #DB from ring 3 moves
;                     to the task's stack instead (nmi_from_user, debug_from_user)
;                     and leaves by the common IRET exit.

%include "calling.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=64

extern do_interrupt
extern do_paranoid

; EXCEPTION_STUB vector: the CPU pushes an error code for ERROR_CODE_VECTORS only
; (asm/traps.h); the stub pushes -1 for the others so every frame has one.
%macro EXCEPTION_STUB 1
align 16
exception_stub_ %+ %1:
%if (ERROR_CODE_VECTORS >> %1) & 1
	; the CPU pushed an error code: it becomes pt_regs->orig_ax
%else
	push -1				; no error code: pt_regs->orig_ax = -1
%endif
	push %1				; the vector; the entry swaps it for RDI
%if %1 = X86_TRAP_DB
	test byte [rsp + VEC_CS], 3	; CS RPL: did we interrupt ring 3?
	jnz debug_from_user		; yes: an ordinary exception from user mode
%elif %1 = X86_TRAP_NMI
	test byte [rsp + VEC_CS], 3	; CS RPL: did we interrupt ring 3?
	jnz nmi_from_user		; yes: out by the common exit, espfix64's included
%endif
%if (IST_VECTORS_MASK >> %1) & 1		; asm/traps.h: its own IST stack, any instruction
	jmp paranoid_entry
%elif (IRET_FAULT_VECTORS >> %1) & 1	; asm/traps.h: the IRETQ to ring 3 may raise it
	jmp iret_fault_entry
%else
	jmp interrupt_common
%endif
%endmacro

%macro IRQ_STUB 2
align 16
global %1
%1:
	push -1				; pt_regs->orig_ax: IRQs have no error code
	push %2				; the vector
	jmp interrupt_common
%endmacro

%assign v 0
%rep 32
	EXCEPTION_STUB v
%assign v v + 1
%endrep

IRQ_STUB irq_stub_timer, IRQ_VECTOR_TIMER	; asm/traps.h, through asm-offsets.inc
IRQ_STUB irq_stub_reschedule, IRQ_VECTOR_RESCHEDULE
IRQ_STUB irq_stub_call_function, IRQ_VECTOR_CALL_FUNCTION
IRQ_STUB irq_stub_stop, IRQ_VECTOR_STOP
IRQ_STUB irq_stub_spurious, IRQ_VECTOR_SPURIOUS

; State on arrival at all three: IRQs off; [rsp] = vector, then orig_ax and the CPU's
; interrupt frame, at rsp + VEC_ERROR, VEC_IP, VEC_CS, ... (calling.inc).

; ENTER_TASK_STACK_FROM_USER: from ring 3, on the entry stack or an IST stack, GS_BASE
; ours: the kernel's page tables (PTI), and the vector's seven words (vector,
; error code, the CPU's frame) moved to the top of the task's kernel stack,
; empty since we came from ring 3, with RSP there. Every GPR is kept; RAX is
; borrowed and the old stack holds it meanwhile.
%macro ENTER_TASK_STACK_FROM_USER 0
	push rax			; RAX saved; the vector's frame is 8 bytes up
	SKIP_UNLESS MIT_PTI
	SWITCH_TO_KERNEL_CR3 rax	; the kernel's page tables: the task stack is mapped
	SKIP_END
	mov rax, rsp			; RAX = the saved RAX, on the stack we arrived on
	mov rsp, [gs:PERCPU_top_of_stack]	; RSP = top of the task's kernel stack
	push qword [rax + 8 + VEC_SS]	; ss
	push qword [rax + 8 + VEC_SP]	; sp
	push qword [rax + 8 + VEC_FLAGS]	; flags
	push qword [rax + 8 + VEC_CS]	; cs
	push qword [rax + 8 + VEC_IP]	; ip
	push qword [rax + 8 + VEC_ERROR]	; error code
	push qword [rax + 8]		; vector
	mov rax, [rax]			; the user's RAX again
%endmacro

; VECTOR_TO_RDI: [rsp] = the vector above the error code: RDI = the vector, and
; the slot holds the user's RDI (pt_regs->di), every other register kept. Not
; XCHG with the slot, which would do it in one instruction: an XCHG with memory
; is locked, whatever its prefix, tens of cycles on every interrupt and exception.
%macro VECTOR_TO_RDI 0
	push rdi			; [rsp] = RDI, [rsp + 8] = the vector
	mov rdi, [rsp + 8]		; RDI = the vector
	pop qword [rsp]			; the vector's slot = the old RDI (POP adds 8, then stores)
%endmacro

; PT_REGS_FOR_C: on the stack where C will run, GS_BASE ours, [rsp] = the vector
; above the error code and the CPU's frame: build pt_regs and the arguments of
; do_interrupt() or do_paranoid() (regs, vector), with IBRS on if ring 3 was
; interrupted and no other user value left in a register.
%macro PT_REGS_FOR_C 0
	cld				; the C ABI wants DF clear; ring 3 may have set it
	VECTOR_TO_RDI			; RDI = vector; the slot now holds pt_regs->di
	PUSH_REGS rax			; pt_regs complete; RSP = &pt_regs
	ASM_CLAC			; AC may be set by ring 3: close the SMAP window
	SKIP_UNLESS MIT_IBRS
	test byte [rsp + PT_CS], 3	; from ring 3?
	jz %%ibrs_done			; no: IBRS is on already, or not ours to set
	IBRS_ENTER			; EAX, ECX, EDX are saved
%%ibrs_done:
	SKIP_END
	mov rsi, rdi			; arg 1: vector
	mov rdi, rsp			; arg 0: struct pt_regs *
	CLEAR_REGS
%endmacro

; #GP, #SS, #NP. From ring 0 GS_BASE is ours, except at two instructions: the
; IRETQ to ring 3 runs after the exit path's SWAPGS (and with PTI on the user's
; page tables and the entry stack), so one of these faults there
; (fixup_bad_iret) comes with the user's GS_BASE although CS says ring 0: it
; enters as from ring 3; and so does one at load_gs_index_irqoff's MOV to GS (below),
; on the kernel's page tables and stack, which only needs the SWAPGS.
align 16
iret_fault_entry:
	cmp qword [rsp + VEC_IP], irq_return_iret	; did the IRETQ to ring 3 fault?
	je interrupt_common.from_user		; yes: GS_BASE and CR3 are the user's
	cmp qword [rsp + VEC_IP], load_gs_index_irqoff.mov	; did a GS selector fail to load?
	jne interrupt_common			; no: CS decides, as for every other vector
	swapgs					; yes: GS_BASE = ours; CR3 and stack are
	jmp interrupt_common.gs_ok		; the kernel's

align 16
global interrupt_common
interrupt_common:
	test byte [rsp + VEC_CS], 3	; CS RPL: did we interrupt ring 3?
	jz .gs_ok			; no: GS_BASE is ours
.from_user:
	swapgs				; GS_BASE = this CPU's struct percpu
	SKIP_UNLESS MIT_PTI
	ENTER_TASK_STACK_FROM_USER	; off the entry stack, onto the task's
	SKIP_END
.gs_ok:
	SWAPGS_FENCE			; no GS-relative load before the branch resolved
.fenced:
	PT_REGS_FOR_C			; pt_regs built; RDI, RSI = the C handler's arguments
	call do_interrupt		; returns with IRQs off
	; fall through

; IRET_FRAME_TO_ENTRY_STACK: with PTI, the IRETQ reads its frame after the CR3
; switch, where the task stack is not mapped: copy it to this CPU's entry stack.
; RDI is free (parked), RSP = the IRET frame on the task stack.
%macro IRET_FRAME_TO_ENTRY_STACK 0
	mov rdi, rsp			; RDI = the IRET frame on the task stack
	mov rsp, [gs:PERCPU_tss_rsp0]	; RSP = top of this CPU's entry stack
	push qword [rdi + IRET_SS]	; ss
	push qword [rdi + IRET_SP]	; sp
	push qword [rdi + IRET_FLAGS]	; flags
	push qword [rdi + IRET_CS]	; cs
	push qword [rdi + IRET_IP]	; ip; RSP = the IRET frame, in the entry area
%endmacro

; Return to whatever was interrupted, from the pt_regs at RSP. IRQs are off.
global return_via_iret
global irq_return_iret
return_via_iret:
	test byte [rsp + PT_CS], 3	; returning to ring 3?
	jnz .to_user
	POP_REGS			; all GPRs as in pt_regs; RSP = &pt_regs->orig_ax
	add rsp, 8			; RSP = &pt_regs->ip: the IRET frame
	jmp irq_return_iret
.to_user:
	IBRS_EXIT			; EAX, ECX, EDX are still to be popped
	POP_REGS			; all GPRs as in pt_regs; RSP = &pt_regs->orig_ax
	add rsp, 8			; RSP = &pt_regs->ip: the IRET frame
	test byte [rsp + IRET_SS], SEGMENT_TI_LDT	; to a stack segment from the LDT?
	jnz espfix_return		; yes: it may be 16-bit, IRETQ from a ministack
	EXIT_TO_USER {irq_return_iret: iretq}, 1, IRET_FRAME_TO_ENTRY_STACK
	; a fault at irq_return_iret is a bad IRET: fixup_bad_iret(), or on a
	; ministack a #DF. IRETQ restores ip, cs, flags, sp, ss.

; espfix64 (arch/x86/espfix.c): the IRETQ to an LDT stack segment runs on this
; CPU's ministack, at the read-only alias whose address bits 31:16 are those of
; the user's RSP: an IRETQ to a 16-bit SS loads only SP and leaves those bits
; from the kernel's RSP in the user's ESP. Here all GPRs are the user's, GS_BASE
; is ours, IRQs are off, RSP = the IRET frame on the task's kernel stack. The
; frame is pushed onto the ministack through its writable address, below it the
; user's RAX, which is borrowed and popped last, on the alias. The aliases are
; in the entry area: PTI's user tables map them too.
align 16
espfix_return:
	push rax			; the user's RAX, below the IRET frame
	mov rax, rsp			; RAX = it, on the task's kernel stack
	mov rsp, [gs:PERCPU_espfix_waddr]	; RSP = the ministack, writable: its frame's top
	push qword [rax + 8 + IRET_SS]	; ss
	push qword [rax + 8 + IRET_SP]	; sp
	push qword [rax + 8 + IRET_FLAGS]	; flags
	push qword [rax + 8 + IRET_CS]	; cs
	push qword [rax + 8 + IRET_IP]	; ip
	push qword [rax]		; the user's RAX, the ministack's lowest word
	mov rax, [rax + 8 + IRET_SP]	; RAX = the user's RSP
	and eax, 0xffff0000		; RAX = its bits 31:16, nothing else
	or rax, [gs:PERCPU_espfix_stack]	; RAX = the read-only alias with them
	mov rsp, rax			; RSP = the ministack alias: read, never written
	pop rax				; user RAX; RSP = the IRET frame
	EXIT_TO_USER {jmp irq_return_iret}, 1	; the IRETQ, on the alias

; #DB from ring 3 (a single step, INT1, a user watchpoint) is an ordinary exception
; from user mode: it becomes a SIGTRAP, which the exit work delivers, and exit work
; may sleep. So it must not run on the IST stack, which the next #DB reuses: move
; its frame to the task's kernel stack and enter there like any other vector.
align 16
debug_from_user:
	swapgs				; GS_BASE = ours, to find the task's stack
	SWAPGS_FENCE			; the CS test was a branch: no GS load before it resolved
	ENTER_TASK_STACK_FROM_USER	; page tables and stack: the task's
	jmp interrupt_common.fenced

; An NMI from ring 3, as Linux's asm_exc_nmi takes one: on the task's kernel stack
; (empty: we came from ring 3), not the IST stack, so that it can leave through
; the common IRET exit. That exit is the one that knows espfix64 (a 16-bit stack
; segment must not get bits 31:16 of a kernel RSP in ESP) and the one whose IRETQ
; fault fixup_bad_iret() recognises. do_paranoid() runs as for an NMI in ring 0:
; no enter or exit hooks, no exit work (an NMI may not sleep or take a lock, and
; any work it raised waits for the next entry), so not do_interrupt(). NMIs stay
; blocked until the IRETQ.
align 16
nmi_from_user:
	swapgs				; GS_BASE = ours, to find the task's stack
	SWAPGS_FENCE			; the CS test was a branch: no GS load before it resolved
	ENTER_TASK_STACK_FROM_USER	; page tables and stack: the task's
	PT_REGS_FOR_C			; pt_regs on the task stack; RDI, RSI = regs, NMI
	call do_paranoid		; do_nmi(); IRQs off; no hooks, no exit work
	jmp return_via_iret		; IBRS, espfix64, PTI, SWAPGS, VERW, IRETQ

; NMI, #MC, #DF, and #DB from ring 0, on their IST stacks. The GS_BASE found is
; given back on the way out, exactly: the interrupted code may be in a SWAPGS
; window and expects to find what it left. Two ways to get this CPU's area:
;  - without FSGSBASE, a GS_BASE in the kernel half (bit 63 set) is this CPU's
;    area: ring 3 can set only lower ones (ARCH_SET_GS refuses the rest), so one
;    in the lower half is the user's and SWAPGS fetches ours;
;  - with FSGSBASE, ring 3 writes any canonical GS_BASE with WRGSBASE, a kernel
;    one included, so the sign proves nothing. The base found is saved instead and
;    this CPU's written over it: the per-CPU area holds this CPU's GDT, whose
;    address SGDT gives without GS. RDGSBASE/WRGSBASE cost far less than RDMSR.
; Which of the two is a patch site (PATCH_FEATURE_FSGSBASE), fixed at boot, as
; Linux's ALTERNATIVE on X86_FEATURE_FSGSBASE. RBX (callee-saved, so it survives
; C) remembers what to undo: the base found (FSGSBASE), else EBX = 1 for a SWAPGS
; to repeat. Only the SWAPGS way branches on data, so only it has the SWAPGS fence.
; With PTI, CR3 may be either half too (the SWAPGS windows are also CR3 windows);
; R12 keeps the CR3 found, or 0 if it was the kernel's and stays so.
align 16
paranoid_entry:
	cld				; the C ABI wants DF clear
	VECTOR_TO_RDI			; RDI = vector; the slot now holds pt_regs->di
	PUSH_REGS rax			; pt_regs complete on the IST stack; RSP = &pt_regs
	mov rsi, rdi			; arg 1: vector
	mov rdi, rsp			; arg 0: struct pt_regs *
	CLEAR_REGS			; EBX = R12 = 0: GS_BASE and CR3 left as found
	SKIP_UNLESS MIT_PTI
	mov rax, cr3			; the user's tables (bit 12) or the kernel's?
	bt rax, 12
	jnc .cr3_ok			; the kernel's: nothing to do or undo
	mov r12, rax			; the user's: to be put back on the way out
	SWITCH_TO_KERNEL_CR3 rax	; the kernel's page tables: boot_cpu is mapped
.cr3_ok:
	SKIP_END
	SKIP_UNLESS PATCH_FEATURE_FSGSBASE	; ring 3 may own all of GS_BASE: write ours
	rdgsbase rbx			; RBX = GS_BASE as found, whoever's it is
	sub rsp, 16			; room for SGDT's 10 bytes, below pt_regs
	sgdt [rsp]			; [rsp + 2] = this CPU's GDT, inside its struct percpu
	mov rax, [rsp + 2]		; RAX = &this_cpu()->gdt
	add rsp, 16			; RSP = &pt_regs again
	sub rax, PERCPU_gdt		; RAX = this CPU's struct percpu
	wrgsbase rax			; GS_BASE = ours, unconditionally: no branch, no fence
	jmp .gs_ok			; RBX holds what to put back
	SKIP_END
	mov ecx, MSR_GS_BASE		; no FSGSBASE: GS_BASE's sign says whose it is
	rdmsr				; EDX:EAX = GS_BASE as the vector found it
	test edx, edx			; bit 63: a kernel address?
	js .gs_kernel			; yes: this CPU's area is live
	swapgs				; no, the user's: take ours
	mov ebx, 1			; and give it back on the way out
.gs_kernel:
	SWAPGS_FENCE			; the JS was a guess until it resolved: no GS load before
.gs_ok:
	xor eax, eax			; no GS_BASE value reaches C
	xor edx, edx
	ASM_CLAC			; AC may be set where we landed: close the SMAP window
	call do_paranoid		; IRQs off; no exit work, never sleeps
	SKIP_UNLESS MIT_PCID
	test r12, r12			; back to the user's tables?
	jz .pcid_done
	btr dword [gs:PERCPU_pti_flush_user], 0	; a user flush pending? (GS_BASE ours)
	jc .pcid_done			; yes: no NOFLUSH, the user's entries go
	bts r12, CR3_NOFLUSH_BIT	; no: keep them
.pcid_done:
	SKIP_END
	SKIP_UNLESS PATCH_FEATURE_FSGSBASE
	wrgsbase rbx			; the interrupted code's GS_BASE again
	jmp .restore
	SKIP_END
	test ebx, ebx			; did we swap on entry?
	jz .restore
	swapgs				; yes: the interrupted code's GS_BASE again
.restore:
	SKIP_UNLESS MIT_PTI
	test r12, r12			; was CR3 the user's?
	jz .cr3_restored
	mov cr3, r12			; yes: the user's again; only the entry area is mapped
.cr3_restored:
	SKIP_END
	POP_REGS			; all GPRs as found; RSP = &pt_regs->orig_ax
	add rsp, 8			; RSP = the IRET frame
	CLEAR_CPU_BUFFERS		; ring 3 may be next: the last memory access
	iretq				; back, and for an NMI: NMIs unblocked

; void load_gs_index_irqoff(u16 sel): ring 3's GS selector, IRQs off (Linux's
; asm_load_gs_index). Loading GS replaces GS_BASE, which in the kernel is this
; CPU's area, so the load is made between two SWAPGS, on the user's base, which it
; replaces instead. A selector whose descriptor has gone (an LDT entry that
; modify_ldt() cleared) raises #GP or #NP at the MOV, with the user's GS_BASE
; live: iret_fault_entry knows the address and swaps, the fixup table sends the
; return to .bad, and a null selector is loaded instead. An NMI or #MC anywhere
; in here takes the paranoid entry, built for exactly this. With FRED, SWAPGS
; is #UD, and LKGS does the load's work on the inactive base, the user's, in one
; instruction; a selector that fails to load faults with GS_BASE ours (the FRED
; specification's LKGS changes nothing when it faults), and its fixup loads the
; null one the same way. Bochs 3.0's LKGS swaps the bases around the load and
; does not swap back when the load faults, leaving the kernel on the user's
; GS_BASE: so a selector is first checked as the load would check it (VERR: a
; readable segment this selector may name; LAR's P bit: present), and one that
; would fault is never loaded. The fixup stays for the race with another CPU's
; modify_ldt() and for CPUs that follow the specification.
global load_gs_index_irqoff
align 16
load_gs_index_irqoff:
	SKIP_UNLESS PATCH_FEATURE_FRED
	test di, 0xfffc			; a null selector? (it loads always)
	jz .lkgs
	verr di				; ZF: a readable segment at this RPL
	jnz .lkgs_bad
	lar eax, di			; EAX bit 15: its descriptor's P
	bt eax, 15
	jnc .lkgs_bad
.lkgs:
	db 0xf2, 0x0f, 0x00, 0xf7	; LKGS DI: GS = sel, IA32_KERNEL_GS_BASE = its base
	ret
.lkgs_bad:				; refused, or from the fault's fixup: GS_BASE ours
	xor eax, eax
	db 0xf2, 0x0f, 0x00, 0xf0	; LKGS AX: the null selector, which loads always
	ret
	SKIP_END
	swapgs				; GS_BASE = the user's: what the load replaces
.mov:
	mov gs, di			; GS = sel, GS_BASE = its descriptor's base
.done:
	swapgs				; GS_BASE = this CPU's area again
	ret
.bad:					; from the fault, whose entry swapped to ours
	swapgs				; GS_BASE = the user's, as at .mov
	xor eax, eax
	mov gs, ax			; the null selector, which loads always
	jmp .done

[section __ex_table progbits alloc noexec nowrite align=8]
	dq load_gs_index_irqoff.mov, load_gs_index_irqoff.bad	; an exception_table_entry
	dq load_gs_index_irqoff.lkgs, load_gs_index_irqoff.lkgs_bad
__SECT__

; void return_to_user_irqoff(struct pt_regs *regs): abandon the current kernel stack
; frames and return to user mode with *regs (the top of this task's stack).
global return_to_user_irqoff
extern fred_exit_user_mitigated
return_to_user_irqoff:
	mov rsp, rdi			; RSP = &pt_regs; IRQs are off
	SKIP_UNLESS PATCH_FEATURE_FRED
	jmp fred_exit_user_mitigated	; FRED: ERETU, from the same pt_regs
				; (its patch sites: right with any mitigations)
	SKIP_END
	jmp return_via_iret

section .rodata
align 8
global exception_stubs
exception_stubs:
%assign v 0
%rep 32
	dq exception_stub_ %+ v
%assign v v + 1
%endrep
