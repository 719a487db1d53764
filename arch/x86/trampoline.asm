; arch/x86/trampoline.asm - where an application processor starts.
;
; A STARTUP IPI starts the AP in 16-bit real mode at CS:IP = (vector << 8):0, so
; this code must run from a page below 1 MiB. It is assembled into the kernel's
; .rodata and copied to TRAMPOLINE_PHYS by smpboot.c before each AP is started,
; with the parameters at trampoline_params filled in. It runs at that physical
; address: every absolute address below goes through TR().
;
; The AP goes from real mode to long mode in one step (CR0.PE and CR0.PG set by
; the same MOV, which the architecture allows once EFER.LME is set), on page
; tables smpboot.c builds next to the code: the low 2 MiB identity-mapped, so the
; instruction after the switch is still there, and the kernel's upper half, so
; the final jump reaches ap_start() in the kernel's text. ap_start() then loads the
; kernel's own page tables, GDT, IDT and per-CPU area.

TRAMPOLINE_PHYS		equ 0x8000	; SIPI vector 0x08; smpboot.c's TRAMPOLINE_PHYS
%define TR(label)	(TRAMPOLINE_PHYS + (label) - trampoline_start)

section .rodata
align 16
global trampoline_start, trampoline_end, trampoline_params

bits 16
trampoline_start:
	cli				; IF may be anything after INIT: make it 0
	cld
	mov ax, cs			; CS = TRAMPOLINE_PHYS >> 4, IP = 0
	mov ds, ax			; DS-relative offsets = offsets in this page
	lgdt [tr_gdt_ptr - trampoline_start]	; 24-bit base: enough below 1 MiB

	mov eax, cr4
	or eax, 1 << 5			; CR4.PAE: long mode requires it
	mov cr4, eax
	mov eax, [tr_cr3 - trampoline_start]
	mov cr3, eax			; the trampoline's page tables (below 1 MiB)

	mov ecx, 0xc0000080		; EFER
	rdmsr
	or eax, (1 << 8) | (1 << 11)	; LME, NXE: kernel pages carry NX bits
	wrmsr

	; CR0 from scratch: after INIT it has CD and NW set (caches off), which
	; OR-ing bits in would keep. PG, WP, ET, PE: long mode, compatibility.
	mov eax, (1 << 31) | (1 << 16) | (1 << 4) | 1
	mov cr0, eax
	jmp dword 0x08:TR(tr_long)	; a 64-bit CS: now in 64-bit mode

bits 64
tr_long:
	mov ax, 0x10			; flat data for DS, ES, SS
	mov ds, ax
	mov es, ax
	mov ss, ax
	mov rsp, [TR(tr_stack)]		; this AP's idle stack, in the kernel's .bss
	mov edi, [TR(tr_cpu)]		; arg 0: the CPU number smpboot.c gave it
	mov rax, [TR(tr_entry)]		; ap_start(), in the higher half
	call rax			; a call keeps the ABI's stack alignment
.hang:					; ap_start() never returns
	cli
	hlt
	jmp .hang

align 8
tr_gdt:
	dq 0
	dq 0x00af9a000000ffff		; 0x08: 64-bit kernel code
	dq 0x00cf92000000ffff		; 0x10: kernel data
tr_gdt_ptr:
	dw tr_gdt_ptr - tr_gdt - 1
	dd TR(tr_gdt)

; Filled in by smpboot.c for each AP (struct trampoline_params).
align 8
trampoline_params:
tr_cr3:		dd 0
tr_cpu:		dd 0
tr_stack:	dq 0
tr_entry:	dq 0
trampoline_end:
