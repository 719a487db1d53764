; arch/x86/vdso/vdso-image.asm - the built vDSO inside the kernel image.
;
; The stripped shared object (Makefile: build/arch/x86/vdso/vdso.so) starts on a
; page boundary and is padded to whole pages, so kernel/vdso.c can map these very
; pages into every process: page-aligned in .rodata, they are the kernel's own
; frames, never written.

section .rodata.vdso align=4096

global vdso_image_start, vdso_image_end
vdso_image_start:
	incbin "arch/x86/vdso/vdso.so"
vdso_image_end:
	align 4096, db 0
