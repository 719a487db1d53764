// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO in every process: the vvar page (read-only, no execute) at
 * USER_VVAR_BASE and the vDSO's pages (read-execute) right above it, where the
 * vDSO's code expects its data (arch/x86/vdso/vdso.lds); for an i386 program the
 * 32-bit vDSO (arch/x86/vdso/vdso32.asm) at COMPAT_VVAR_BASE. Both map the kernel's
 * own frames: the vvar page is kernel/time/time.c's timekeeper, the vDSO's pages are
 * the image inside the kernel's .rodata. Every process shares them, so:
 *
 *  - the entries carry _PAGE_SPECIAL: no owner count, never freed, never
 *    writable. mprotect(PROT_WRITE) is -EACCES for the vvar page (no VM_MAYWRITE)
 *    and allowed for the vDSO, whose pages then become copy-on-write: a write (or
 *    a debugger's PTRACE_POKEDATA) gives the process a private copy, as Linux;
 *  - MADV_DONTNEED drops such copies (the next touch maps the kernel's page
 *    again) and is -EINVAL on the vvar page (VM_PFNMAP), as Linux;
 *  - mremap() may move either mapping whole, as Linux allows for CRIU, but not a
 *    part of it or to another size (-EINVAL); mm->vdso follows a move.
 */
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <compat.h>
#include <elf.h>
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>
#include <user_layout.h>
#include <vdso.h>
#include "vdso32-syms.h"

extern const u8 vdso_image_start[], vdso_image_end[], vdso32_image_start[], vdso32_image_end[];

/* A vDSO image in the kernel, and where a process maps it with its vvar page. */
struct vdso_image {
	const u8 *start, *end;
	unsigned long vvar_base;
};

/* The 64-bit one, and the 32-bit one (arch/x86/vdso/vdso32.asm) for i386 programs. */
static const struct vdso_image vdso_images[2] = {
	{ vdso_image_start, vdso_image_end, USER_VVAR_BASE },
	{ vdso32_image_start, vdso32_image_end, COMPAT_VVAR_BASE },
};

const struct vdso32_symbols vdso32_sym = {
	.vsyscall = VDSO32___kernel_vsyscall,
	.sigreturn = VDSO32___kernel_sigreturn,
	.rt_sigreturn = VDSO32___kernel_rt_sigreturn,
	.int80_landing_pad = VDSO32_int80_landing_pad,
	.sigreturn_landing_pad = VDSO32_sigreturn_landing_pad,
	.rt_sigreturn_landing_pad = VDSO32_rt_sigreturn_landing_pad,
};

static const struct vdso_image *mm_vdso_image(const struct mm *mm)
{
	return &vdso_images[mm->ia32];
}

static unsigned long vdso_size(const struct vdso_image *image)
{
	return ALIGN_UP((unsigned long)(image->end - image->start), PAGE_SIZE);
}

/* The build made them (Makefile); a broken build is still better said than run. */
void vdso_init(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(vdso_images); i++) {
		const u8 *start = vdso_images[i].start;

		if (((unsigned long)start & ~PAGE_MASK) || memcmp(start, "\177ELF", 4) ||
		    ((const struct elf32_ehdr *)start)->e_type != ET_DYN)
			panic("vdso: a built image is not a page-aligned ELF shared object");
	}
}

void vdso32_patch_fast_syscall(bool sysenter32, bool syscall32)
{
	/* mov ebp, esp; sysenter */
	static const u8 sysenter[4] = { 0x89, 0xe5, 0x0f, 0x34 };
	/* mov ebp, ecx; syscall */
	static const u8 syscall[4] = { 0x89, 0xcd, 0x0f, 0x05 };
	u8 *slot = (u8 *)vdso32_image_start + VDSO32_vsyscall_fast;

	_Static_assert(VDSO32_int80_landing_pad - VDSO32_vsyscall_fast == sizeof(sysenter) + 2,
		       "vdso32.asm: four bytes of slot, then int $0x80, then the landing pad");
	if (sysenter32)
		memcpy(slot, sysenter, sizeof(sysenter));
	else if (syscall32)
		memcpy(slot, syscall, sizeof(syscall));
}

/*
 * The vvar region (no VM_MAYWRITE: mprotect(PROT_WRITE) is -EACCES, and a forced
 * write is refused) and the vDSO's (VM_MAYWRITE: made writable, a write gets a
 * private copy), as Linux's special mappings. Their pages are mapped by the
 * fault that first touches them (vdso_page()).
 */
int vdso_map(struct mm *mm)
{
	const struct vdso_image *image = mm_vdso_image(mm);
	unsigned long flags, base = image->vvar_base;
	int err;

	spin_lock_irqsave(&mm->lock, flags);
	err = vma_reserve(mm, 2);
	if (!err) {
		vma_insert(mm, base, base + PAGE_SIZE,
			   VM_READ | VM_MAYREAD | VM_PFNMAP | VM_DONTEXPAND | VM_VVAR, 0, NULL);
		vma_insert(mm, base + PAGE_SIZE, base + PAGE_SIZE + vdso_size(image),
			   VM_READ | VM_EXEC | VM_MAY_ALL | VM_DONTEXPAND | VM_VDSO, 0, NULL);
		mm->vvar = base;
		mm->vdso = base + PAGE_SIZE;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	return err;
}

phys_addr_t vdso_page(const struct mm *mm, const struct vm_area *vma, unsigned long va)
{
	const struct vdso_image *image = mm_vdso_image(mm);
	unsigned long page = vma->pgoff + (va - vma->start) / PAGE_SIZE;

	if (vma->flags & VM_VVAR)
		return virt_to_phys(&vvar);
	if (page >= vdso_size(image) / PAGE_SIZE)
		return 0;
	return virt_to_phys(image->start + page * PAGE_SIZE);
}

bool vdso_mapping_whole(struct mm *mm, unsigned long addr, unsigned long len)
{
	return (addr == mm->vdso && len == vdso_size(mm_vdso_image(mm))) ||
	       (addr == mm->vvar && len == PAGE_SIZE);
}

void vdso_moved(struct mm *mm, unsigned long from, unsigned long to)
{
	struct pt_regs *regs = current->regs;

	if (from == mm->vvar) {
		mm->vvar = to;
		return;
	}
	if (from != mm->vdso)
		return;
	mm->vdso = to;
	/*
	 * The mremap() that moved it may have been made through __kernel_vsyscall,
	 * and would then return to the landing pad where it was: to where it is now
	 * instead (Linux's vdso_fix_landing()).
	 */
	if (mm->ia32 && in_ia32_syscall() && regs->ip == from + vdso32_sym.int80_landing_pad)
		regs->ip = to + vdso32_sym.int80_landing_pad;
}
