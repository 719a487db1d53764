; user/lib/crt0.asm - process entry for entrylab's ring-3 programs.
;
; The kernel starts a program here with RSP pointing at argc, followed by argv[],
; NULL, envp[], NULL and the auxiliary vector (Linux x86-64 ABI); all other
; registers are zero. __libc_start() reads that block and calls main().

bits 64
section .text
extern __libc_start
global _start
_start:
	xor ebp, ebp			; outermost frame: backtraces stop here
	mov rdi, rsp			; arg 0: the initial stack block
	and rsp, -16			; the ABI's call alignment (it already is; be sure)
	call __libc_start		; never returns: it calls exit()
	ud2
