; user/lib/sigsetjmp.asm - the restorer and non-local jumps for signal handlers.

bits 64
section .text

; __restore_rt: where every handler returns to (sa_restorer). RSP points just
; above the frame's pretcode: exactly what rt_sigreturn expects.
global __restore_rt
__restore_rt:
	mov eax, 15			; __NR_rt_sigreturn
	syscall
	ud2				; not reached: rt_sigreturn does not return here

; int setjmp(jmp_buf env): saves the callee-saved registers, RSP and the return
; address; returns 0. jmp_buf: rbx, rbp, r12, r13, r14, r15, rsp, rip.
global setjmp
setjmp:
	mov [rdi], rbx
	mov [rdi + 8], rbp
	mov [rdi + 16], r12
	mov [rdi + 24], r13
	mov [rdi + 32], r14
	mov [rdi + 40], r15
	lea rdx, [rsp + 8]		; RSP as the caller will see it after return
	mov [rdi + 48], rdx
	mov rdx, [rsp]			; the return address
	mov [rdi + 56], rdx
	xor eax, eax
	ret

; void longjmp(jmp_buf env, int val): back to setjmp's caller, which sees val
; (1 if val is 0). Uses no stack before switching to the saved one, so a signal
; handler may redirect a context here with only RIP, RDI and RSI set.
global longjmp
longjmp:
	mov eax, esi
	test eax, eax
	jnz .nonzero
	inc eax
.nonzero:
	mov rbx, [rdi]
	mov rbp, [rdi + 8]
	mov r12, [rdi + 16]
	mov r13, [rdi + 24]
	mov r14, [rdi + 32]
	mov r15, [rdi + 40]
	mov rsp, [rdi + 48]
	jmp [rdi + 56]
