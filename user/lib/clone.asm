; user/lib/clone.asm - a thread the way glibc's pthread_create() makes one.

bits 64
default rel

; long clone_thread(flags, stack_top, ptid, ctid, tls, fn, arg): raw clone(2) into
; fn(arg) on a new stack. C cannot do it: the child returns from the SYSCALL with
; the parent's registers but on a stack with no frame to return into, so fn and
; arg travel on the new stack and the child calls fn, then exit(2)s (this thread
; only) with its return value. The parent returns the child's tid or -errno.
section .text
global clone_thread
clone_thread:
	mov rax, [rsp + 8]		; arg, the 7th argument
	sub rsi, 16			; the child's stack: fn, then arg on top
	mov [rsi], r9			; fn
	mov [rsi + 8], rax		; arg
	mov r10, rcx			; clone's 4th argument (ctid) goes in R10
	mov eax, 56			; __NR_clone(flags, stack, ptid, ctid, tls)
	syscall
	test rax, rax
	jnz .parent			; parent: tid or -errno
	pop rax				; child, RSP = the new stack: fn
	pop rdi				; arg
	call rax			; RSP is 16-byte aligned again, as at a call
	mov edi, eax
	mov eax, 60			; __NR_exit: this thread only
	syscall
	ud2
.parent:
	ret
