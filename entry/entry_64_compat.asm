; entry/entry_64_compat.asm - the ways into the kernel of the i386 system call ABI.
;
; entrylab runs 64-bit programs only, but x86-64 keeps two 32-bit doors open to
; them, and a kernel must answer both (Linux's IA32 emulation):
;
;   INT $0x80   the i386 ABI proper, usable from 64-bit code too: number in EAX,
;               arguments in EBX, ECX, EDX, ESI, EDI, EBP, result in EAX. It enters
;               through the IDT like an exception, so it builds pt_regs the same
;               way and leaves by IRET; entry/syscall_32.c dispatches it.
;   SYSCALL     from a compat-mode (32-bit) code segment, which AMD CPUs send to
;               MSR_CSTAR and Intel's refuse with #UD.

%include "calling.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=64

extern interrupt_common

; INT $0x80, through a DPL 3 interrupt gate: from ring 3 (the kernel never uses it),
; IRQs off, on the task's kernel stack (TSS.RSP0), with the CPU's five-word frame
; pushed and GS_BASE still the user's. As Linux since 6.7, the number is taken
; from pt_regs->ax in C, which sets orig_ax: the stub is an ordinary IDT entry.
align 16
global entry_INT80_compat
entry_INT80_compat:
	push -1				; pt_regs->orig_ax, until C takes the number from ax
	push IA32_SYSCALL_VECTOR	; the vector: do_interrupt() hands it to do_int80_syscall_32()
	SKIP_UNLESS MIT_BHI		; a syscall, as SYSCALL's: ring 3's branch history must not steer it
	push rax			; the number and argument 2: the clearing loop clobbers
	push rcx			; them, and no pt_regs holds them yet
	CLEAR_BRANCH_HISTORY		; the history is the loop's now
	pop rcx				; ECX: argument 2 again
	pop rax				; EAX: the number again
	SKIP_END
	jmp interrupt_common		; SWAPGS (ring 3), pt_regs, C, and out by IRET

; SYSCALL from compat mode. The only 32-bit ABI entrylab keeps is INT $0x80, so,
; like Linux's ignore_sysret without IA32 emulation, this answers -ENOSYS at once:
; still on the user's stack and GS, IRQs masked by SFMASK, two instructions.
global entry_SYSCALL_compat
entry_SYSCALL_compat:
	mov eax, -ENOSYS		; RCX = user EIP, R11 = user RFLAGS, CPL 0
	sysret				; 32-bit SYSRET: CS = USER32_CS, EIP = ECX, CPL 3
