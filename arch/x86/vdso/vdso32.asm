; arch/x86/vdso/vdso32.asm - the 32-bit vDSO: what an i386 program calls to enter
; the kernel quickly and to return from a signal handler (Linux's vdso32).
;
; The kernel maps it into every i386 process one page above the vvar page, as
; the 64-bit one (arch/x86/vdso/vma.c), and names it twice in the aux vector:
; AT_SYSINFO_EHDR (this ELF file) and AT_SYSINFO (__kernel_vsyscall). Built
; position-independent, with no relocations (the Makefile checks), so the same
; pages serve every process at any address.

bits 32
section .text

; __kernel_vsyscall: a system call as int $0x80 takes it (number in EAX, arguments
; in EBX, ECX, EDX, ESI, EDI, EBP, result in EAX), made the fastest way the CPU
; allows. Called, never jumped to: [ESP] is the caller's return address.
;
; SYSENTER (Intel) saves nothing: not the return address, not ESP. SYSCALL from
; compat mode (AMD) overwrites ECX with the return address. So both go through
; the same preparation: ECX, EDX and EBP are pushed, and EBP then carries what
; the instruction would lose, ESP for SYSENTER and ECX (argument 2) for SYSCALL;
; the kernel finds argument 6 (the caller's EBP) at [ESP]. It returns to
; int80_landing_pad whatever way it entered, as if int $0x80 had been made there
; (entry/syscall_32.c): a restarted call goes back two bytes, to the int $0x80.
;
; The four bytes at vsyscall_fast are NOPs in the image; the boot CPU's vendor
; decides what the kernel writes there before any process maps it (Linux's
; ALTERNATIVE_2): "mov ebp, esp; sysenter" on Intel, "mov ebp, ecx; syscall" on
; AMD. Left as NOPs, the call takes int $0x80.
global __kernel_vsyscall:function (__kernel_vsyscall_end - __kernel_vsyscall)
global vsyscall_fast:function, int80_landing_pad:function	; the kernel's: nm reads them
global sigreturn_landing_pad:function, rt_sigreturn_landing_pad:function	; and these
align 16
__kernel_vsyscall:
	push ecx			; argument 2: SYSCALL overwrites ECX
	push edx			; EDX: the kernel may return with it changed
	push ebp			; argument 6: the kernel reads it back from [ESP]
vsyscall_fast:
	nop				; patched at boot: mov ebp, esp (SYSENTER loses ESP)
	nop				;              or mov ebp, ecx (SYSCALL loses ECX)
	nop				; patched at boot: sysenter
	nop				;               or syscall
	int 0x80			; the slow way, or the way a restart comes back
int80_landing_pad:
	pop ebp				; the caller's EBP
	pop edx				; EDX and ECX as they were
	pop ecx
	ret
__kernel_vsyscall_end:

; The signal trampolines: where a handler returns when its sigaction gave no
; SA_RESTORER (arch/x86/signal_ia32.c). The handler's RET pops the frame's
; pretcode; sigreturn's frame still has the signal number on top, which it pops.
global __kernel_sigreturn:function (__kernel_sigreturn.end - __kernel_sigreturn)
align 32
__kernel_sigreturn:
	pop eax				; the signal number: ESP at the sigcontext's frame + 8
	mov eax, __NR_ia32_sigreturn	; the number: the Makefile passes it from unistd_32.h
	int 0x80			; never returns here
.end:
sigreturn_landing_pad:			; the call's IP: Syscall User Dispatch lets it through

global __kernel_rt_sigreturn:function (__kernel_rt_sigreturn.end - __kernel_rt_sigreturn)
align 32
__kernel_rt_sigreturn:
	mov eax, __NR_ia32_rt_sigreturn
	int 0x80			; never returns here
.end:
rt_sigreturn_landing_pad:
