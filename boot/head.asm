; boot/head.asm - from GRUB's hand-off to kmain().
;
; GRUB (multiboot2) enters _start in 32-bit protected mode: paging off, flat
; segments, EAX = multiboot2 magic, EBX = physical address of the boot information,
; interrupts off, no stack. This file checks that we can run at all, builds the
; first page tables, enters long mode and jumps to the higher half. Everything here
; runs at physical addresses until the final jump.
;
; On a fatal condition (no multiboot2 loader, no long mode, no NX) it prints one line
; on COM1 and the VGA text screen, reports BOOT_EXIT_BADBOOT through QEMU's
; isa-debug-exit port (harmless on a PC, where nothing listens) and halts.

%include "boot/layout.inc"

MB2_MAGIC		equ 0xe85250d6
MB2_ARCH_I386		equ 0
MB2_BOOTLOADER_MAGIC	equ 0x36d76289

COM1			equ 0x3f8
DEBUG_EXIT_PORT		equ 0xf4
BOOT_EXIT_BADBOOT	equ 2 + 1	; EXIT_BADBOOT_STATUS + 1, as kernel_exit() writes it

PTE_P			equ 1 << 0
PTE_W			equ 1 << 1
PTE_PS			equ 1 << 7

section .multiboot2 progbits alloc noexec nowrite align=8
mb2_header:
	dd MB2_MAGIC
	dd MB2_ARCH_I386
	dd mb2_header_end - mb2_header
	dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
	; framebuffer tag: type 5, flags 1 (optional: boot without one too), size 20,
	; no preferred width, height or depth. Under UEFI, GRUB sets a graphics mode
	; and reports it (kernel/printk/fbcon.c draws on it); on BIOS, grub.cfg's
	; gfxpayload=text keeps the VGA text mode (arch/x86/drivers/vga.c).
	dw 5, 1
	dd 20
	dd 0, 0, 0
	align 8
	; end tag: type 0, flags 0, size 8.
	dw 0, 0
	dd 8
mb2_header_end:

section .boot.bss nobits alloc noexec write align=4096
; One page directory of 2 MiB pages maps the first 1 GiB three times: identity
; (so the instruction after "paging on" still exists), the direct map at PAGE_OFFSET
; (so early C can reach the multiboot info) and the kernel image at KERNEL_VMA.
; paging_init() replaces all of it with 4 KiB, least-privilege mappings.
boot_pml4:	resb 4096
boot_pdpt_low:	resb 4096
boot_pdpt_high:	resb 4096
boot_pd:	resb 4096
boot_stack:	resb 4096
boot_stack_top:

section .boot.rodata progbits alloc noexec nowrite align=8
boot_gdt:
	dq 0
	dq 0x00af9a000000ffff		; 0x08: 64-bit kernel code, DPL 0
	dq 0x00cf92000000ffff		; 0x10: kernel data, DPL 0
boot_gdt_end:
boot_gdt_ptr:
	dw boot_gdt_end - boot_gdt - 1
	dd boot_gdt

msg_no_mb2:	db "entrylab: boot failed: not loaded by a multiboot2 loader (bad magic in EAX)", 0
msg_no_cpuid:	db "entrylab: boot failed: CPU has no CPUID instruction", 0
msg_no_lm:	db "entrylab: boot failed: CPU does not support long mode (x86-64)", 0
msg_no_nx:	db "entrylab: boot failed: CPU does not support NX (execute disable)", 0

section .boot.text progbits alloc exec nowrite align=16
bits 32
global _start
_start:
	cli
	mov esp, boot_stack_top		; our own stack: GRUB gives us none
	mov ebp, eax			; EBP = loader magic, ESI = info: kept for kmain,
	mov esi, ebx			; untouched by CPUID and the rep stosd below

	cmp ebp, MB2_BOOTLOADER_MAGIC
	mov eax, msg_no_mb2
	jne boot_fail

	; CPUID exists iff EFLAGS.ID (bit 21) can be toggled.
	pushfd
	pop eax
	mov ecx, eax
	xor eax, 1 << 21
	push eax
	popfd
	pushfd
	pop eax
	push ecx
	popfd
	cmp eax, ecx
	mov eax, msg_no_cpuid
	je boot_fail

	mov eax, 0x80000000		; highest extended leaf
	cpuid
	cmp eax, 0x80000001
	mov eax, msg_no_lm
	jb boot_fail
	mov eax, 0x80000001
	cpuid
	test edx, 1 << 29		; LM
	mov eax, msg_no_lm
	jz boot_fail
	test edx, 1 << 20		; NX: every user and kernel data page relies on it
	mov eax, msg_no_nx
	jz boot_fail

	; Page tables. .boot.bss is NOBITS: GRUB zeroes it, but do not rely on that.
	mov edi, boot_pml4
	mov ecx, (boot_stack - boot_pml4) / 4
	xor eax, eax
	rep stosd

	mov eax, boot_pdpt_low + (PTE_P | PTE_W)
	mov [boot_pml4 + 0 * 8], eax
	mov [boot_pml4 + PML4_INDEX_PAGE_OFFSET * 8], eax
	mov eax, boot_pdpt_high + (PTE_P | PTE_W)
	mov [boot_pml4 + 511 * 8], eax
	mov eax, boot_pd + (PTE_P | PTE_W)
	mov [boot_pdpt_low + 0 * 8], eax
	mov [boot_pdpt_high + 510 * 8], eax	; 0xffffffff80000000 is PDPT slot 510

	mov edi, boot_pd
	mov eax, PTE_P | PTE_W | PTE_PS
	mov ecx, 512
.fill_pd:
	mov [edi], eax
	add eax, 0x200000
	add edi, 8
	loop .fill_pd

	mov eax, cr4
	or eax, 1 << 5			; CR4.PAE: required for long mode
	mov cr4, eax
	mov eax, boot_pml4
	mov cr3, eax

	mov ecx, 0xc0000080		; EFER
	rdmsr
	or eax, (1 << 8) | (1 << 11)	; LME, NXE
	wrmsr

	mov eax, cr0
	or eax, (1 << 31) | (1 << 16) | 1	; PG, WP, PE: long mode is now active
	mov cr0, eax

	lgdt [boot_gdt_ptr]
	jmp 0x08:long_mode_start	; far jump loads a 64-bit CS

bits 64
long_mode_start:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor eax, eax
	mov fs, ax
	mov gs, ax
	; Still running at the identity-mapped physical address: jump to the higher
	; half through an absolute address (a relative jump would stay down here).
	mov rax, higher_half_start
	jmp rax

; boot_fail - print the message at EAX on COM1 and VGA, report, halt forever.
bits 32
boot_fail:
	mov esi, eax
	mov dx, COM1 + 3		; LCR: 8N1, DLAB on
	mov al, 0x83
	out dx, al
	mov dx, COM1			; divisor 1: 115200 baud
	mov al, 1
	out dx, al
	mov dx, COM1 + 1
	xor al, al
	out dx, al
	mov dx, COM1 + 3		; DLAB off
	mov al, 0x03
	out dx, al
	mov edi, 0xb8000
.next:
	lodsb
	test al, al
	jz .done
	mov ah, 0x4f			; white on red
	mov [edi], ax
	add edi, 2
	mov ah, al
	mov dx, COM1 + 5
.wait:
	in al, dx
	test al, 0x20			; THR empty
	jz .wait
	mov dx, COM1
	mov al, ah
	out dx, al
	jmp .next
.done:
	mov dx, COM1
	mov al, 13
	out dx, al
	mov al, 10
	out dx, al
	mov dx, DEBUG_EXIT_PORT
	mov eax, BOOT_EXIT_BADBOOT
	out dx, eax
.halt:
	hlt
	jmp .halt

section .bss
align 4096
; The boot CPU's stack (kmain, the idle task, the self-tests), with a guard page
; below it that paging_init() leaves unmapped: an overflow faults, and the fault
; that cannot push its frame becomes a double fault on its own IST stack.
global boot_stack_guard
boot_stack_guard:	resb 4096
boot_stack_hh:		resb 16384
boot_stack_hh_top:

section .text
bits 64
extern kmain
higher_half_start:
	mov rsp, boot_stack_hh_top	; the boot CPU's first kernel stack, in .bss
	mov edi, ebp			; arg 0: loader magic (zero-extended)
	mov esi, esi			; arg 1: physical address of the multiboot2 info
	xor ebp, ebp			; terminates frame-pointer backtraces
	call kmain
.hang:
	cli
	hlt
	jmp .hang
