; entry/entry_64_compat.asm - the ways into the kernel of the i386 system call ABI.
;
; An i386 program runs in compat mode (a 32-bit code segment, __USER32_CS) and
; has three doors, each answered by the i386 table (entry/syscall_32.c), as
; Linux's IA32 emulation answers them:
;
;   INT $0x80   the i386 ABI proper, usable from 64-bit code too: number in EAX,
;               arguments in EBX, ECX, EDX, ESI, EDI, EBP, result in EAX. It enters
;               through the IDT like an exception, builds pt_regs the same way and
;               leaves by IRET.
;   SYSENTER    Intel's fast entry, through MSR_IA32_SYSENTER_EIP.
;   SYSCALL     AMD's fast entry from compat mode, through MSR_CSTAR.
;
; Programs make the last two only through the vDSO's __kernel_vsyscall
; (arch/x86/vdso/vdso32.asm), which prepares what each instruction would lose
; and to whose int80_landing_pad both return, by SYSRETL when the state allows
; it (do_fast_syscall_32()), else by IRET.

%include "calling.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=64

extern interrupt_common
extern return_via_iret

; COMPAT_SYSCALL_C handler: the fast entries' second half, from a complete
; pt_regs at RSP (and in RDI), IRQs off, the flags safe, to SYSRETL or IRET.
; The mitigations run here, after SYSENTER's TF is cleared: their calls would
; otherwise be single-stepped outside the range the #DB ignores.
%macro COMPAT_SYSCALL_C 1
	IBRS_ENTER			; EAX, ECX, EDX are saved: WRMSR may have them
	CLEAR_BRANCH_HISTORY		; before the first indirect branch: the dispatch
	CLEAR_REGS			; no other user value reaches C in a register
	call %1				; IRQs off on return; AL = may use SYSRETL
	test al, al
	jz return_via_iret		; no: IRET, which restores any state
	IBRS_EXIT			; EAX, ECX, EDX are still to be popped
	; SYSRETL. do_fast_syscall_32() checked: ip is the vDSO's landing pad, user
	; CS and SS, no RF, TF or VM; and set cx = ip, r11 = flags. IRQs are off.
	POP_REGS			; every GPR as in pt_regs; ECX = EIP, R11 = EFLAGS
	mov rsp, [rsp + PT_SP - PT_ORIG_AX] ; RSP = user ESP (RSP was at orig_ax)
	EXIT_TO_USER sysret, 1		; 32-bit SYSRET: CS = __USER32_CS, EIP = ECX, CPL 3
%endmacro

; INT $0x80, through a DPL 3 interrupt gate: from ring 3 (the kernel never uses it),
; IRQs off, on the task's kernel stack (TSS.RSP0), with the CPU's five-word frame
; pushed and GS_BASE still the user's. As Linux since 6.7, the number is taken
; from pt_regs->ax in C, which sets orig_ax: the stub is an ordinary IDT entry.
align 16
global entry_INT80_compat
entry_INT80_compat:
	push -1				; pt_regs->orig_ax, until C takes the number from ax
	; the vector: do_interrupt() hands it to do_int80_syscall_32()
	push IA32_SYSCALL_VECTOR
	; a syscall, as SYSCALL's: ring 3's branch history must not steer it
	SKIP_UNLESS MIT_BHI
	push rax			; the number and argument 2: the clearing loop clobbers
	push rcx			; them, and no pt_regs holds them yet
	CLEAR_BRANCH_HISTORY		; the history is the loop's now
	pop rcx				; ECX: argument 2 again
	pop rax				; EAX: the number again
	SKIP_END
	jmp interrupt_common		; SWAPGS (ring 3), pt_regs, C, and out by IRET

; SYSENTER from compat mode (Intel). The CPU loaded CS = __KERNEL_CS and SS =
; __KERNEL_DS (MSR_IA32_SYSENTER_CS), RIP = here, RSP = MSR_IA32_SYSENTER_ESP
; (0: nothing here touches the stack before it is loaded) and cleared IF and VM.
; It saved nothing: not the return address, not ESP (the vDSO keeps it in EBP),
; not RFLAGS, and TF is as the user left it, so a single-stepped SYSENTER traps
; after every instruction here until the flags are fixed below: the paranoid
; #DB ignores those steps (entry/paranoid.c). GS_BASE is still the user's.
extern do_SYSENTER_32
align 16
global entry_SYSENTER_compat, entry_SYSENTER_compat_end
entry_SYSENTER_compat:
	swapgs				; GS_BASE = this CPU's struct percpu
	SKIP_UNLESS MIT_PTI
	SWITCH_TO_KERNEL_CR3 rsp	; RSP is the scratch register: it holds nothing
	SKIP_END
	mov rsp, [gs:PERCPU_top_of_stack]	; RSP = top of the current task's kernel stack
	push __USER_DS			; pt_regs->ss
	push 0				; pt_regs->sp: C takes the user's from EBP
	pushfq				; pt_regs->flags: the user's, less IF (C sets it)
	push __USER32_CS		; pt_regs->cs
	push 0				; pt_regs->ip: C sets the vDSO's landing pad
	mov eax, eax			; the number is EAX, zero-extended
	push rax			; pt_regs->orig_ax
	push rdi			; pt_regs->di
	PUSH_REGS -ENOSYS		; pt_regs->si .. r15; pt_regs->ax = -ENOSYS
	test dword [rsp + PT_FLAGS], X86_EFLAGS_NT | X86_EFLAGS_AC | X86_EFLAGS_TF
	jnz .fix_flags			; SYSENTER cleared none of them: we must
.flags_fixed:
	mov rdi, rsp			; arg 0: struct pt_regs *
	COMPAT_SYSCALL_C do_SYSENTER_32	; to the exit below; no return here
.fix_flags:
	push X86_EFLAGS_FIXED		; RFLAGS with only the fixed bit: no NT, AC or TF,
	popfq				; so no more single steps and no NT on the IRET
	jmp .flags_fixed
entry_SYSENTER_compat_end:

; SYSCALL from compat mode (AMD), as the 64-bit SYSCALL arrives: RCX = the
; user's EIP, R11 = the user's RFLAGS, SFMASK applied (IF, TF, DF, AC, NT ...
; clear), CS and SS from MSR_STAR, RSP and GS_BASE still the user's. ECX, argument
; 2, is lost: the vDSO moved it to EBP, and argument 6 (EBP) to the user's stack.
extern do_SYSCALL_32
align 16
global entry_SYSCALL_compat
entry_SYSCALL_compat:
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP (ESP: C drops bits 63:32)
	SKIP_UNLESS MIT_PTI
	SWITCH_TO_KERNEL_CR3 rsp	; RSP is the scratch register: nothing else is free
	SKIP_END
	mov rsp, [gs:PERCPU_top_of_stack]	; RSP = top of the current task's kernel stack
	push __USER_DS			; pt_regs->ss
	push qword [gs:PERCPU_user_rsp]	; pt_regs->sp
	push r11			; pt_regs->flags: the user's RFLAGS
	push __USER32_CS		; pt_regs->cs
	push rcx			; pt_regs->ip: the user's return address
	mov eax, eax			; the number is EAX, zero-extended
	push rax			; pt_regs->orig_ax
	push rdi			; pt_regs->di
	PUSH_REGS -ENOSYS		; pt_regs->si .. r15; pt_regs->ax = -ENOSYS
	mov rdi, rsp			; arg 0: struct pt_regs *
	COMPAT_SYSCALL_C do_SYSCALL_32	; and out by SYSRETL or IRET
