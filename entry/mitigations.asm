; entry/mitigations.asm - what the mitigation macros of entry/mitigations.inc
; call or name, in the entry text (the user's page tables map it with PTI).

%include "asm-offsets.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=64

; clear_bhb_loop: overwrite the branch history with this loop's own taken
; branches (Linux's sequence for BHI: five rounds of a call into code at a
; 64-byte boundary and five taken jumps there, then an LFENCE so that nothing
; runs speculatively on the old history). Clobbers EAX and ECX, nothing else.
global clear_bhb_loop
align 64
clear_bhb_loop:
	push rbp
	mov rbp, rsp
	mov ecx, 5			; the outer rounds
	call .round			; the history now ends in this loop's branches
	jmp .done
align 64, int3
.round:
	call .inner
	ret
align 64, int3
.inner:
	mov eax, 5			; taken branches per round
.jump:
	jmp .taken
	nop
.taken:
	sub eax, 1
	jnz .jump
	sub ecx, 1
	jnz .round
	ret
.done:
	lfence				; no speculation past the loop on the old history
	pop rbp
	ret

; VERW's operand (CLEAR_CPU_BUFFERS): a writable data segment's selector, in the
; entry text so that the user's page tables map it too.
global mds_verw_sel
mds_verw_sel:
	dw __KERNEL_DS
