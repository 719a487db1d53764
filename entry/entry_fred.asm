; entry/entry_fred.asm - the FRED entry points (asm/fred.h), beside the IDT's and
; SYSCALL's: every event a CPU with CR4.FRED takes comes in here, at
; fred_entry_user from ring 3 (IA32_FRED_CONFIG's address, so page-aligned) or
; 256 bytes after it from ring 0.
;
; On arrival the CPU has done what the IDT and SYSCALL entries do by hand:
;   RSP = the task's stack top (IA32_FRED_RSP0) from ring 3; from ring 0 the
;     interrupted RSP less the 64-byte red zone, aligned down to 64, or RSPn if
;     the vector's stack level (IA32_FRED_STKLVLS) is above the current one;
;   pushed 64 bytes: reserved, event data (CR2, DR6, or 0), SS and the event
;     (vector, type, 64-bit mode, instruction length), RSP, RFLAGS, CS and the
;     stack level it came from, RIP, and an error code (0 if the vector has none).
;     Those last six words are pt_regs' orig_ax .. ss, so RSP is at orig_ax;
;   from ring 3: GS_BASE = IA32_KERNEL_GS_BASE, the kernel's, and the user's
;     moved there (so no SWAPGS, and no speculation fence after one);
;   RFLAGS = 2: every flag clear, AC and DF too (so no CLAC and no CLD here, as
;     the IDT stubs need); NMIs blocked for an NMI.
; IRQs are off. ERETU and ERETS undo all of it from the same frame, RSP at orig_ax,
; and unblock NMIs if its SS word's NMI bit is set. entry/fred.c says which C half
; each event goes to.

%include "calling.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=4096

extern fred_entry_from_user
extern fred_entry_from_kernel

; The return instructions, as bytes: NASM 2.16 does not know them.
%define ERETU	db 0xf3, 0x0f, 0x01, 0xca
%define ERETS	db 0xf2, 0x0f, 0x01, 0xca

; FRED_PT_REGS: the CPU's frame completed into pt_regs: di, then si .. r15 with the
; interrupted RAX in ax (the syscall C half sets orig_ax and -ENOSYS from it).
; RSP = &pt_regs after it; every register still the interrupted code's.
%macro FRED_PT_REGS 0
	push rdi			; pt_regs->di
	PUSH_REGS rax			; pt_regs->si .. r15; RSP = &pt_regs
%endmacro

; FRED_ENTRIES suffix, mitigated (0 or 1): ring 3's entry point, page-aligned, its
; exit, and ring 0's entry 256 bytes after it. Instantiated twice, as the SYSCALL
; stubs are: fred_entry_user, the plain pair, with no patch site at all, which
; IA32_FRED_CONFIG names when every mitigation of the SYSCALL path is off, and
; fred_entry_user_mitigated with them (arch/x86/fred.c chooses). Ring 0's entries
; are the same in both: nothing there is a mitigation's.
%macro FRED_ENTRIES 2
align 4096
global fred_entry_user%1, fred_exit_user%1, fred_eretu%1
; Ring 3's events. GS_BASE is ours, RSP the task's stack, IRQs off.
fred_entry_user%1:
	FRED_PT_REGS			; pt_regs complete at the top of the task's stack
%if %2
	IBRS_ENTER			; EAX, ECX, EDX are saved: WRMSR may have them
	CLEAR_BRANCH_HISTORY		; before the dispatch's first indirect branch
%endif
	mov rdi, rsp			; arg 0: struct pt_regs *
	mov rsi, [rsp + PT_SS]		; arg 1: the SS word, the CPU's, not the user's RSI
	CLEAR_REGS			; no other user value reaches C in a register
	call fred_entry_from_user	; by type and vector; IRQs off on return
; The way back to ring 3: RSP = &pt_regs, IRQs off, every exit hook run.
fred_exit_user%1:
%if %2
	IBRS_EXIT			; EAX, ECX, EDX are still to be popped
%endif
	POP_REGS			; every GPR as in pt_regs; RSP = &pt_regs->orig_ax
%if %2
	CLEAR_CPU_BUFFERS		; the last memory access before ring 3
%endif
fred_eretu%1:
	ERETU				; ring 3, the user's GS_BASE; NMIs as SS's bit says
	; a #GP here (a frame ring 3 made bad: a sigreturn's) is a bad return to
	; ring 3, with GS_BASE ours: fixup_bad_iret() (entry/irq.c)

; Ring 0's events, at the entry point plus 256, as the CPU computes it.
	times 256 - ($ - fred_entry_user%1) int3
fred_entry_kernel%1:
	FRED_PT_REGS			; pt_regs on the stack the stack level chose
	mov rdi, rsp			; arg 0: struct pt_regs *
	mov rsi, [rsp + PT_SS]		; arg 1: the SS word
	CLEAR_REGS			; nor an interrupted value, as from ring 3
	call fred_entry_from_kernel	; by type and vector; IRQs off on return
	POP_REGS			; every GPR as found; RSP = &pt_regs->orig_ax
	ERETS				; back, at the stack level the frame's CS says
%endmacro

FRED_ENTRIES , 0
FRED_ENTRIES _mitigated, 1

section .text
; fred_unblock_nmis_irqoff: unblock NMIs here and now, in ring 0 at stack level 0, by
; an ERETS to the next instruction whose SS word has the NMI bit: for a bad ERETU
; from a ring-3 NMI, whose replacement may never run (fixup_bad_iret(), entry/irq.c).
; IRQs off; every register but RAX and RCX kept.
global fred_unblock_nmis_irqoff
fred_unblock_nmis_irqoff:
	mov rax, rsp			; RSP after the ERETS: at our return address
	push __KERNEL_DS | FRED_SSX_NMI	; the SS word: this SS, NMIs unblocked
	push rax			; RSP
	pushfq				; RFLAGS: IF still clear
	push __KERNEL_CS		; the CS word: this CS, stack level 0
	lea rcx, [rel .unblocked]
	push rcx			; RIP
	push 0				; the error code ERETS skips
	ERETS				; RSP = RAX; NMIs unblocked
.unblocked:
	ret
