; arch/x86/retpoline.asm - the retpoline thunks (spectre_v2=retpoline).
;
; The dispatcher built for spectre_v2=retpoline (gcc -mindirect-branch=thunk-extern
; -mindirect-branch-register, entry/common.c's _retpoline copies) makes each
; indirect CALL or JMP through register REG a direct one to
; __x86_indirect_thunk_REG. The thunk reaches REG's target by a RET whose return
; address it has just overwritten: the CPU predicts the RET from the return stack
; buffer, which holds the trap below, so no branch target ring 3 trained can be
; run speculatively; the architectural RET goes to REG.

bits 64
section .text

%macro RETPOLINE_THUNK 1
global __x86_indirect_thunk_%1
align 32
__x86_indirect_thunk_%1:
	call %%set_target		; pushes %%trap: the RSB's prediction for the RET
%%trap:
	pause				; speculation lands here and spins harmlessly
	lfence
	jmp %%trap
%%set_target:
	mov [rsp], %1			; the return address becomes the real target
	ret				; predicted: %%trap; executed: the target
%endmacro

; RETPOLINE_THUNKS reg, ...: one thunk per register gcc may name (all but RSP).
%macro RETPOLINE_THUNKS 1-*
%rep %0
	RETPOLINE_THUNK %1
%rotate 1
%endrep
%endmacro

RETPOLINE_THUNKS rax, rbx, rcx, rdx, rsi, rdi, rbp, r8, r9, r10, r11, r12, r13, r14, r15
