; user/lib/crt0.asm - process entry for entrylab's ring-3 programs.
;
; The kernel starts a program here with RSP pointing at argc, followed by argv[],
; NULL, envp[], NULL and the auxiliary vector (Linux x86-64 ABI); all other
; registers are zero. __libc_start() reads that block and calls main().

bits 64
section .bss
; Every GPR (rax rbx rcx rdx rsi rdi rbp r8..r15), RSP and RFLAGS as the kernel
; started us, for the tests of the initial register state.
global __initial_regs
__initial_regs:	resq 17

section .text
extern __libc_start
global _start
_start:
	mov [rel __initial_regs + 0 * 8], rax
	mov [rel __initial_regs + 1 * 8], rbx
	mov [rel __initial_regs + 2 * 8], rcx
	mov [rel __initial_regs + 3 * 8], rdx
	mov [rel __initial_regs + 4 * 8], rsi
	mov [rel __initial_regs + 5 * 8], rdi
	mov [rel __initial_regs + 6 * 8], rbp
	mov [rel __initial_regs + 7 * 8], r8
	mov [rel __initial_regs + 8 * 8], r9
	mov [rel __initial_regs + 9 * 8], r10
	mov [rel __initial_regs + 10 * 8], r11
	mov [rel __initial_regs + 11 * 8], r12
	mov [rel __initial_regs + 12 * 8], r13
	mov [rel __initial_regs + 13 * 8], r14
	mov [rel __initial_regs + 14 * 8], r15
	mov [rel __initial_regs + 15 * 8], rsp
	pushf
	pop qword [rel __initial_regs + 16 * 8]
	xor ebp, ebp			; outermost frame: backtraces stop here
	mov rdi, rsp			; arg 0: the initial stack block
	and rsp, -16			; the ABI's call alignment (it already is; be sure)
	call __libc_start		; never returns: it calls exit()
	ud2
