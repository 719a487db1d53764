; entry/entry_64.asm - the 64-bit SYSCALL entry, from the SYSCALL instruction to
; SYSRET or IRET. docs/entry.md follows one syscall through this file.
;
; On SYSCALL the CPU has done only this:
;   RCX = user RIP (the instruction after SYSCALL), R11 = user RFLAGS,
;   RFLAGS &= ~MSR_SYSCALL_MASK (IF, TF, DF, AC, NT, IOPL, RF ... now clear),
;   CS = __KERNEL_CS and SS = __KERNEL_DS (from MSR_STAR), CPL = 0.
; RSP is still the user's and GS_BASE still the user's: until the stack switch no
; memory may be touched except through GS after SWAPGS. IRQs are off (SFMASK
; cleared IF) and stay off until do_syscall_64() enables them.
;
; ENTRY_SYSCALL_64 is instantiated once per entry variant, for every name in
; include/entry-variants.h (ENTRY_VARIANT_NAMES, through asm-offsets); the variants
; differ only in the C function they call (see include/entry-common.h).

%include "calling.inc"

bits 64
default rel
section .text

extern return_via_iret

%macro ENTRY_SYSCALL_64 1
extern do_syscall_64_%1
global entry_SYSCALL_64_%1
align 64
entry_SYSCALL_64_%1:
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP: we need RSP for a stack
	mov rsp, [gs:PERCPU_tss_rsp0]	; RSP = top of the current task's kernel stack

	; Build struct pt_regs, starting with a fake IRET frame so that the IRET exit
	; and every other entry see the same layout.
	push __USER_DS			; pt_regs->ss
	push qword [gs:PERCPU_user_rsp]	; pt_regs->sp
	push r11			; pt_regs->flags: the user's RFLAGS
	push __USER_CS			; pt_regs->cs
	push rcx			; pt_regs->ip: the user's return address
	push rax			; pt_regs->orig_ax: the syscall number
	push rdi			; pt_regs->di
	PUSH_REGS -ENOSYS		; pt_regs->si .. r15; pt_regs->ax = -ENOSYS

	mov rdi, rsp			; arg 0: struct pt_regs *
	mov rsi, rax			; arg 1: the syscall number (C reads ESI: an int)
	CLEAR_REGS			; no other user value reaches C in a register
	call do_syscall_64_%1		; IRQs off on return; AL = may use SYSRET
	test al, al
	jz return_via_iret		; no: IRET, which restores any state

	; SYSRET. do_syscall_64 checked: pt_regs->cx == ip, r11 == flags, user CS
	; and SS, ip < TASK_SIZE_MAX, no RF or TF. IRQs are off.
	POP_REGS			; every GPR as in pt_regs; RCX = RIP, R11 = RFLAGS
	mov rsp, [rsp + PT_SP - PT_ORIG_AX] ; RSP = user RSP (RSP was at orig_ax)
	swapgs				; GS_BASE = the user's; nothing may use GS now
	o64 sysret			; RIP = RCX, RFLAGS = R11, CPL 3
%endmacro

FOR_EACH ENTRY_SYSCALL_64 ENTRY_VARIANT_NAMES

; The floor: the least a correct SYSCALL entry can do, and the benchmark's reference
; row. It switches GS and stacks like the real entry and returns -ENOSYS for every
; number except __NR_entrylab_bench, which goes to the default entry so that the
; benchmark can leave the floor again. No C, no pt_regs, no context tracking.
global entry_SYSCALL_64_floor
align 64
entry_SYSCALL_64_floor:
	cmp eax, __NR_entrylab_bench	; the control call? (an int, as in the full entry)
	je ENTRY_SYSCALL_64_DEFAULT	; yes: take the default variant's full path
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP
	mov rsp, [gs:PERCPU_tss_rsp0]	; on the kernel stack: nothing to do here
	mov rax, -ENOSYS		; the result
	mov rsp, [gs:PERCPU_user_rsp]	; user RSP back
	swapgs				; GS_BASE = the user's
	o64 sysret			; RCX and R11 were never touched

; A new task's first return to user mode. switch_to() "returns" here on the
; task's kernel stack with IRQs off and RSP = the task's struct pt_regs, which
; task_start() or fork filled in. Exit through the same hooks as every return.
extern ret_from_fork
global ret_from_fork_asm
ret_from_fork_asm:
	mov rdi, rsp			; arg 0: struct pt_regs *
	call ret_from_fork		; entry/irqentry.c: the exit work; IRQs stay off
	jmp return_via_iret		; a first entry always uses IRET
