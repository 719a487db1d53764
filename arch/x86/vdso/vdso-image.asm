; arch/x86/vdso/vdso-image.asm - the built vDSOs inside the kernel image.
;
; Each stripped shared object (Makefile: build/arch/x86/vdso/vdso.so, and
; vdso32.so for i386 programs) starts on a page boundary and is padded to whole
; pages, so arch/x86/vdso/vma.c can map these very pages into every process:
; page-aligned in .rodata, they are the kernel's own frames, never written after
; boot (the boot CPU fills the 32-bit one's fast-syscall slot first).

section .rodata.vdso align=4096

global vdso_image_start, vdso_image_end
vdso_image_start:
	incbin "arch/x86/vdso/vdso.so"
vdso_image_end:
	align 4096, db 0

global vdso32_image_start, vdso32_image_end
vdso32_image_start:
	incbin "arch/x86/vdso/vdso32.so"
vdso32_image_end:
	align 4096, db 0
