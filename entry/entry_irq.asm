; entry/entry_irq.asm - exception and interrupt entry through the IDT.
;
; Every vector builds the same struct pt_regs as the SYSCALL entry and calls
; do_interrupt(regs, vector) with IRQs off (all gates are interrupt gates). From
; ring 3 the CPU has already switched to TSS.RSP0, the current task's kernel stack;
; from ring 0 it stays on the interrupted stack (double fault, NMI and machine
; check always get an IST stack). GS is swapped only when ring 3 was interrupted.

%include "calling.inc"

bits 64
default rel
section .text

extern do_interrupt

; EXCEPTION_STUB vector: the CPU pushes an error code for vectors 8, 10-14, 17,
; 21, 29 and 30 only; the stub pushes -1 for the others so every frame has one.
%macro EXCEPTION_STUB 1
align 16
exception_stub_ %+ %1:
%if %1 = 8 || %1 = 10 || %1 = 11 || %1 = 12 || %1 = 13 || %1 = 14 || \
    %1 = 17 || %1 = 21 || %1 = 29 || %1 = 30
	; the CPU pushed an error code: it becomes pt_regs->orig_ax
%else
	push -1				; no error code: pt_regs->orig_ax = -1
%endif
	push %1				; the vector; interrupt_common swaps it for RDI
	jmp interrupt_common
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

; State on arrival: IRQs off; [rsp] = vector, [rsp+8] = orig_ax, then the CPU's
; interrupt frame: ip at +16, cs at +24, flags at +32, sp at +40, ss at +48.
align 16
interrupt_common:
	cld				; the C ABI wants DF clear; ring 3 may have set it
	test byte [rsp + 24], 3		; CS RPL: did we interrupt ring 3?
	jnz .swap_gs			; yes: GS_BASE is the user's
	; From ring 0 GS_BASE is ours, except at one instruction: the IRETQ to ring 3
	; runs after the exit path's SWAPGS, so a fault there (fixup_bad_iret) comes
	; with the user's GS_BASE. Linux's error_entry makes this check for the faults
	; that can hit IRETQ (#GP, #SS, #NP); its paranoid entry (NMI, #MC, #DB, #DF),
	; which may land anywhere, SWAPGS windows included, reads MSR_GS_BASE instead.
	; entrylab has no paranoid entry: this rule serves every vector, so an NMI or
	; #MC inside a SWAPGS window would run with the wrong GS_BASE.
	cmp qword [rsp + 16], irq_return_iret
	jne .gs_ok
.swap_gs:
	swapgs				; GS_BASE = this CPU's struct percpu
.gs_ok:
	xchg rdi, [rsp]			; RDI = vector; the slot now holds pt_regs->di
	PUSH_REGS rax			; pt_regs complete; RSP = &pt_regs
	ASM_CLAC			; AC may be set by ring 3: close the SMAP window
	mov rsi, rdi			; arg 1: vector
	mov rdi, rsp			; arg 0: struct pt_regs *
	CLEAR_REGS
	call do_interrupt		; returns with IRQs off
	; fall through

; Return to whatever was interrupted, from the pt_regs at RSP. IRQs are off.
global return_via_iret
return_via_iret:
	POP_REGS			; all GPRs as in pt_regs; RSP = &pt_regs->orig_ax
	add rsp, 8			; RSP = &pt_regs->ip: the IRET frame
	test byte [rsp + 8], 3		; returning to ring 3?
	jz .iret
	swapgs				; yes: give the user its GS_BASE back
.iret:
global irq_return_iret
irq_return_iret:			; a fault here is a bad IRET: fixup_bad_iret()
	iretq				; restores ip, cs, flags (with IF), sp, ss

; void return_to_user(struct pt_regs *regs): abandon the current kernel stack
; frames and return to user mode with *regs (the top of this task's stack).
global return_to_user
return_to_user:
	mov rsp, rdi			; RSP = &pt_regs; IRQs are off
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
