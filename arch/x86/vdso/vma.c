// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO in every process: the vvar page (read-only, no execute) at
 * USER_VVAR_BASE and the vDSO's pages (read-execute) right above it, where the
 * vDSO's code expects its data (arch/x86/vdso/vdso.lds); for an i386 program the
 * 32-bit vDSO (arch/x86/vdso/vdso32.asm) at COMPAT_VVAR_BASE. Both map the kernel's
 * own frames: the vvar page is kernel/time/time.c's timekeeper, the vDSO's pages are
 * the image inside the kernel's .rodata. Every process shares them, so:
 *
 *  - each mapping holds an owner count on its frames (kernel/mm/pmm.c); the kernel
 *    holds the first, which it never drops, so no frame is ever freed;
 *  - the entries carry _PAGE_SPECIAL: mprotect() refuses to make them writable
 *    (-EACCES, as Linux for the vvar), MADV_DONTNEED leaves them (they read the
 *    same afterwards), and a write faults as on any read-only page;
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

/* mm->lock held: maps [va, va + len) to the kernel's frames at kva, each with an owner more. */
static int map_shared_frames(struct mm *mm, unsigned long va, const void *kva, unsigned long len,
			     u64 flags)
{
	for (unsigned long off = 0; off < len; off += PAGE_SIZE) {
		phys_addr_t pa = virt_to_phys((const u8 *)kva + off);

		if (map_page(mm->pml4, va + off, pa, flags | _PAGE_USER | _PAGE_SPECIAL))
			return -ENOMEM;
		_Static_assert(MAX_TASKS + 1 <= 256,
			       "a frame's owners: every process and the kernel");
		get_frame(pa);
	}
	return 0;
}

int vdso_map(struct mm *mm)
{
	const struct vdso_image *image = mm_vdso_image(mm);
	unsigned long flags, base = image->vvar_base;
	int err;

	spin_lock_irqsave(&mm->lock, flags);
	err = map_shared_frames(mm, base, &vvar, PAGE_SIZE, _PAGE_PRESENT | _PAGE_NX);
	if (!err)
		err = map_shared_frames(mm, base + PAGE_SIZE, image->start, vdso_size(image),
					_PAGE_PRESENT);
	if (!err) {
		mm->vvar = base;
		mm->vdso = base + PAGE_SIZE;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	return err;
}

bool vdso_mapping_whole(struct mm *mm, unsigned long addr, unsigned long len)
{
	return (addr == mm->vdso && len == vdso_size(mm_vdso_image(mm))) ||
	       (addr == mm->vvar && len == PAGE_SIZE);
}

const char *vdso_region_name(const struct mm *mm, unsigned long va)
{
	if (mm->vvar && va - mm->vvar < PAGE_SIZE)
		return "[vvar]";
	if (mm->vdso && va - mm->vdso < vdso_size(mm_vdso_image(mm)))
		return "[vdso]";
	return NULL;
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
