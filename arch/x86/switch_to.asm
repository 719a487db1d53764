; arch/x86/switch_to.asm - switch kernel stacks between two tasks.
;
; void switch_to(unsigned long *prev_ksp, unsigned long next_ksp)
;
; Called from schedule() with IRQs off. Saves the callee-saved registers on the
; current stack, stores RSP in *prev_ksp, loads next_ksp and pops the next task's
; callee-saved registers. The "ret" then continues the next task where it last
; called switch_to(), or, for a new task, at ret_from_fork_asm (task_wake_new()
; builds that first frame). Everything else is caller-saved and already on the stacks.
; With a spectre_v2 mitigation the return stack buffer is refilled on the way:
; next's RETs must not be predicted from prev's calls (Linux's __switch_to_asm).

%include "calling.inc"

bits 64
section .text

global switch_to
switch_to:
	push rbp
	push rbx
	push r12
	push r13
	push r14
	push r15
	mov [rdi], rsp			; prev->ksp
	mov rsp, rsi			; now on next's kernel stack
	FILL_RETURN_BUFFER		; spectre_v2: prev's returns leave the RSB
	pop r15
	pop r14
	pop r13
	pop r12
	pop rbx
	pop rbp
	ret
