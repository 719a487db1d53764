; user/tests/probes.asm - instruction-exact probes for the ring-3 entry tests.
; C cannot say "these registers, exactly, around one SYSCALL": these can.

bits 64
default rel
section .text

extern longjmp
extern recover_env

; struct gprs (user/tests/harness.h): rax rbx rcx rdx rsi rdi rbp rsp r8 .. r15
%define G_RAX 0
%define G_RBX 8
%define G_RCX 16
%define G_RDX 24
%define G_RSI 32
%define G_RDI 40
%define G_RBP 48
%define G_RSP 56
%define G_R8  64
%define G_R9  72
%define G_R10 80
%define G_R11 88
%define G_R12 96
%define G_R13 104
%define G_R14 112
%define G_R15 120

section .bss align=8
saved_rsp:	resq 1
saved_out:	resq 1
global resume_regs
global resume_flags
global resume_cs
global resume_ss
resume_regs:	resq 16
resume_flags:	resq 1
resume_cs:	resq 1
resume_ss:	resq 1
section .text

; STORE_GPRS base: every GPR except RSP into [base + G_*]; base is an address.
%macro STORE_GPRS 1
	mov [%1 + G_RAX], rax
	mov [%1 + G_RBX], rbx
	mov [%1 + G_RCX], rcx
	mov [%1 + G_RDX], rdx
	mov [%1 + G_RSI], rsi
	mov [%1 + G_RDI], rdi
	mov [%1 + G_RBP], rbp
	mov [%1 + G_R8], r8
	mov [%1 + G_R9], r9
	mov [%1 + G_R10], r10
	mov [%1 + G_R11], r11
	mov [%1 + G_R12], r12
	mov [%1 + G_R13], r13
	mov [%1 + G_R14], r14
	mov [%1 + G_R15], r15
%endmacro

; GPRS_PROBE name, instruction...: void name(const struct gprs *in, struct gprs *out)
; loads every GPR but RSP from *in, executes the instruction (a system call), and
; stores every GPR to *out; name_ret is the address right after the instruction.
%macro GPRS_PROBE 2+
global %1
global %1_ret
%1:
	push rbx
	push rbp
	push r12
	push r13
	push r14
	push r15
	mov [saved_rsp], rsp
	mov [saved_out], rsi
	mov rax, rdi
	mov rbx, [rax + G_RBX]
	mov rcx, [rax + G_RCX]
	mov rdx, [rax + G_RDX]
	mov rsi, [rax + G_RSI]
	mov rbp, [rax + G_RBP]
	mov r8, [rax + G_R8]
	mov r9, [rax + G_R9]
	mov r10, [rax + G_R10]
	mov r11, [rax + G_R11]
	mov r12, [rax + G_R12]
	mov r13, [rax + G_R13]
	mov r14, [rax + G_R14]
	mov r15, [rax + G_R15]
	mov rdi, [rax + G_RDI]
	mov rax, [rax + G_RAX]
	%2
%1_ret:
	push rax
	mov rax, [saved_out]
	STORE_GPRS rax
	pop qword [rax + G_RAX]
	mov rsp, [saved_rsp]
	pop r15
	pop r14
	pop r13
	pop r12
	pop rbp
	pop rbx
	ret
%endmacro

GPRS_PROBE syscall_gprs, syscall
GPRS_PROBE int80_gprs, int 0x80		; the i386 ABI: number EAX, arguments EBX ... EBP

; long syscall_with_rsp(long nr, unsigned long rsp): SYSCALL with RSP = rsp.
global syscall_with_rsp
syscall_with_rsp:
	mov [saved_rsp], rsp
	mov rax, rdi
	mov rsp, rsi			; any value: the kernel must not use it
	syscall
	mov rsp, [saved_rsp]
	ret

; unsigned long syscall_with_flags(long nr, unsigned long flags):
; SYSCALL with RFLAGS = flags (from POPF), returns RFLAGS right after it (the
; caller's flags are restored before returning). RAX's result goes to *last_rax.
global syscall_with_flags
global last_rax
syscall_with_flags:
	pushf
	mov rax, rdi
	push rsi
	popf				; the chosen flags, from here to the PUSHF
	syscall
	pushf
	mov [last_rax], rax
	pop rax				; RFLAGS after the syscall
	popf				; the caller's flags again
	ret

; long tf_syscall_getpid(void): getpid() with TF set on the SYSCALL only: POPF
; sets TF for the instruction after it, which is the SYSCALL. The exit work
; reports its step as a SIGTRAP at tf_after_syscall; the handler clears TF.
global tf_syscall_getpid
global tf_after_syscall
tf_syscall_getpid:
	mov eax, 39
	pushf
	or qword [rsp], 0x100
	popf
	syscall
tf_after_syscall:
	ret

; Resume point for sigreturn tests: a handler points uc_mcontext.ip here. Dumps
; RFLAGS, CS, SS and every GPR as rt_sigreturn restored them (before anything
; can change a flag), then longjmp(recover_env, 1).
global resume_dump
resume_dump:
	pushf				; the restored RSP is a valid stack in these tests
	pop qword [resume_flags]	; POP and MOV leave the flags alone
	mov [resume_cs], cs
	mov [resume_ss], ss
	mov [resume_regs + G_RSP], rsp
	lea rsp, [resume_regs]		; no stack needed: RSP is just a base now
	STORE_GPRS rsp
	lea rdi, [recover_env]
	mov esi, 1
	jmp longjmp

; A sigreturn to compat mode (CS = __USER32_CS) lands here and traps back at once.
bits 32
global compat_int3
compat_int3:
	int3

; The same, after watching ESP for ECX rounds: every interrupt, NMI and exception
; in between returns here by IRETQ, which must give ESP back whole, bits 31:16
; included, whatever SS is. ESP changed: UD2 (SIGILL) at once; else int3. No
; memory is touched (DS is null in compat mode here, and SS may be 16-bit).
global compat_watch_esp
compat_watch_esp:
	mov edx, esp			; ESP as the sigreturn set it
.round:
	cmp edx, esp
	jne .changed
	dec ecx
	jnz .round
	int3
.changed:
	ud2
bits 64

; unsigned long read_flags(void)
global read_flags
read_flags:
	pushf
	pop rax
	ret

; Eight-aligned: syscall_with_flags() stores here with the caller's chosen flags, AC
; among them, and with CR0.AM a misaligned store is #AC (SIGBUS), as on Linux.
section .data align=8
last_rax:	dq 0
