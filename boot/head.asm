; boot/head.asm - from GRUB's hand-off to kmain().
;
; GRUB (multiboot2) enters _start in 32-bit protected mode: paging off, flat
; segments, EAX = multiboot2 magic, EBX = physical address of the boot information,
; interrupts off, no stack. This file checks that we can run at all, builds the
; first page tables, enters long mode and jumps to the higher half.
;
; The kernel is relocatable: the header's tag 10 lets GRUB load it at any 2 MiB
; boundary below 4 GiB where it finds room, which on a UEFI PC need not be the
; address it is linked to load at (_kernel_phys_start). Until the final jump this
; code runs wherever GRUB put it, so it names every address of its own as EBP +
; the linked address, EBP being the load offset it computes first: where it runs
; minus where it was linked to run. The higher half keeps its linked virtual
; addresses, mapped onto the image where it is; the offset is saved in phys_base
; for every later translation of a kernel address (asm/page.h).
;
; On a fatal condition (no multiboot2 loader, no long mode, no NX) it prints one line
; on COM1 and the VGA text screen, reports BOOT_EXIT_BADBOOT through QEMU's
; isa-debug-exit port (harmless on a PC, where nothing listens) and halts.

%include "boot/layout.inc"

extern _kernel_phys_start, _kernel_phys_end	; linker.ld: the image as linked

MB2_MAGIC		equ 0xe85250d6
MB2_ARCH_I386		equ 0
MB2_BOOTLOADER_MAGIC	equ 0x36d76289
MB2_LOAD_PREFERENCE_LOW	equ 1
HPAGE			equ 0x200000	; a 2 MiB page: the load address's alignment

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
	; relocatable tag: type 10, flags 0 (GRUB must honour it or refuse), size 24.
	; Anywhere from the linked address to 4 GiB (the boot code addresses 32 bits),
	; on a 2 MiB boundary (the boot page tables map the image by 2 MiB pages),
	; as low as there is room: where it links, when that is free.
	dw 10, 0
	dd 24
	dd _kernel_phys_start		; min_addr
	dd 0xffffffff			; max_addr: the image ends below 4 GiB
	dd HPAGE			; align
	dd MB2_LOAD_PREFERENCE_LOW	; preference
	align 8
	; end tag: type 0, flags 0, size 8.
	dw 0, 0
	dd 8
mb2_header_end:

section .boot.bss nobits alloc noexec write align=4096
; The boot page tables, 2 MiB pages throughout: the first 4 GiB twice, identity
; (so that the instruction after "paging on" still exists) and at PAGE_OFFSET, the
; direct map through which early C reads the boot information and the modules
; (multiboot2's addresses are 32-bit: they all lie below 4 GiB); and the kernel
; image at its linked virtual addresses, onto where GRUB loaded it. The firmware's
; MTRRs keep the device memory below 4 GiB uncached through these write-back
; mappings; nothing touches it before paging_init() replaces all of this with
; least-privilege mappings (arch/x86/mm/paging.c).
boot_pml4:	resb 4096
boot_pdpt_low:	resb 4096
boot_pdpt_high:	resb 4096
boot_pd_kernel:	resb 4096
boot_pd_low:	resb BOOT_MAPPED_GIB * 4096
boot_tables_end:
boot_stack:	resb 4096
boot_stack_top:

section .boot.rodata progbits alloc noexec nowrite align=8
boot_gdt:
	dq 0
	dq 0x00af9a000000ffff		; 0x08: 64-bit kernel code, DPL 0
	dq 0x00cf92000000ffff		; 0x10: kernel data, DPL 0
boot_gdt_end:

msg_no_mb2:	db "entrylab: boot failed: not loaded by a multiboot2 loader (bad magic in EAX)", 0
msg_no_cpuid:	db "entrylab: boot failed: CPU has no CPUID instruction", 0
msg_no_lm:	db "entrylab: boot failed: CPU does not support long mode (x86-64)", 0
msg_no_nx:	db "entrylab: boot failed: CPU does not support NX (execute disable)", 0

section .boot.text progbits alloc exec nowrite align=16
bits 32
global _start
_start:
	cli
	cld
	mov edi, eax			; EDI = loader magic, ESI = info: for kmain
	mov esi, ebx			; (ESI untouched by CPUID and the rep stosd below)
	xor ebp, ebp			; EBP = load offset: not known yet, as linked

	; Not multiboot2: no tag 10 was read, so a loader of ELF files put the image
	; where it links, and boot_fail's addresses with offset 0 are right.
	cmp edi, MB2_BOOTLOADER_MAGIC
	mov eax, msg_no_mb2
	jne boot_fail

	; Where are we? Only a CALL tells 32-bit code its EIP, and GRUB gives no
	; stack: borrow the boot information's first word (total_size) as a 4-byte
	; stack for that one call, and put it back.
	mov edx, [esi]
	lea esp, [esi + 4]
	call .here
.here:
	pop ebp
	mov [esi], edx
	sub ebp, .here			; EBP = load offset, a multiple of HPAGE
	lea esp, [ebp + boot_stack_top]	; our own stack from here on
	push edi			; the magic, while CPUID and the tables take EDI

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
	lea edi, [ebp + boot_pml4]
	mov ecx, (boot_tables_end - boot_pml4) / 4
	xor eax, eax
	rep stosd

	lea eax, [ebp + boot_pdpt_low + (PTE_P | PTE_W)]
	mov [ebp + boot_pml4 + 0 * 8], eax
	mov [ebp + boot_pml4 + PML4_INDEX_PAGE_OFFSET * 8], eax
	lea eax, [ebp + boot_pdpt_high + (PTE_P | PTE_W)]
	mov [ebp + boot_pml4 + 511 * 8], eax
	lea eax, [ebp + boot_pd_kernel + (PTE_P | PTE_W)]
	mov [ebp + boot_pdpt_high + 510 * 8], eax	; 0xffffffff80000000 is PDPT slot 510

	; The first BOOT_MAPPED_GIB GiB: one page directory per GiB.
	lea edi, [ebp + boot_pdpt_low]
	lea eax, [ebp + boot_pd_low + (PTE_P | PTE_W)]
	mov ecx, BOOT_MAPPED_GIB
.fill_pdpt:
	mov [edi], eax
	add eax, 4096
	add edi, 8
	loop .fill_pdpt
	lea edi, [ebp + boot_pd_low]
	mov eax, PTE_P | PTE_W | PTE_PS
	mov ecx, BOOT_MAPPED_GIB * 512
.fill_pd_low:
	mov [edi], eax
	add eax, HPAGE			; wraps to 0 after the last: never stored
	add edi, 8
	loop .fill_pd_low

	; The image: KERNEL_VMA + linked address -> linked address + load offset,
	; for each 2 MiB from _kernel_phys_start (HPAGE-aligned) to _kernel_phys_end.
	mov edx, _kernel_phys_start
	shr edx, 21			; its slot in boot_pd_kernel
	mov ecx, _kernel_phys_end + HPAGE - 1
	shr ecx, 21
	sub ecx, edx			; 2 MiB pages to map
	lea edi, [ebp + boot_pd_kernel + edx * 8]
	lea eax, [ebp + _kernel_phys_start + (PTE_P | PTE_W | PTE_PS)]
.fill_pd_kernel:
	mov [edi], eax
	add eax, HPAGE
	add edi, 8
	loop .fill_pd_kernel

	mov eax, 1 << 5			; CR4.PAE alone: required for long mode; written
	mov cr4, eax			; whole, as a loader may leave LA57 (5-level) set
	lea eax, [ebp + boot_pml4]
	mov cr3, eax

	mov ecx, 0xc0000080		; EFER
	rdmsr
	or eax, (1 << 8) | (1 << 11)	; LME, NXE
	wrmsr

	mov eax, cr0
	or eax, (1 << 31) | (1 << 16) | 1	; PG, WP, PE: long mode is now active
	mov cr0, eax

	; The GDT pointer and the far jump's target are addresses: built at run time.
	lea eax, [ebp + boot_gdt]
	push eax
	push word boot_gdt_end - boot_gdt - 1
	lgdt [esp]
	add esp, 6
	pop edi				; the magic again
	push dword 0x08			; a far return loads a 64-bit CS
	lea eax, [ebp + long_mode_start]
	push eax
	retf

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

; boot_fail - print the message at EAX (its linked address; EBP = load offset) on COM1
; and VGA, report, halt forever.
bits 32
boot_fail:
	lea esi, [ebp + eax]		; the message where it was loaded
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
global boot_stack_guard, boot_stack_hh, boot_stack_hh_top
boot_stack_guard:	resb 4096
boot_stack_hh:		resb 16384
boot_stack_hh_top:

section .data
align 8
; Where GRUB loaded the kernel minus where it is linked to load: a multiple of
; 2 MiB, 0 when it loaded it at _kernel_phys_start. Set once, here, before any C.
global phys_base
phys_base:	dq 0

section .text
bits 64
extern kmain
higher_half_start:
	mov rsp, boot_stack_hh_top	; the boot CPU's first kernel stack, in .bss
	mov ebp, ebp			; the load offset, zero-extended
	mov [rel phys_base], rbp
	mov edi, edi			; arg 0: loader magic (zero-extended)
	mov esi, esi			; arg 1: physical address of the multiboot2 info
	xor ebp, ebp			; terminates frame-pointer backtraces
	call kmain
.hang:
	cli
	hlt
	jmp .hang
