// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO in every process: the vvar page (read-only, no execute) at
 * USER_VVAR_BASE and the vDSO's pages (read-execute) right above it, where the
 * vDSO's code expects its data (arch/x86/vdso/vdso.lds). Both map the kernel's
 * own frames: the vvar page is kernel/time.c's timekeeper, the vDSO's pages are
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
#include <elf.h>
#include <errno.h>
#include <kernel.h>
#include <mm.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>
#include <user_layout.h>
#include <vdso.h>

extern const u8 vdso_image_start[], vdso_image_end[];

#define VDSO_SIZE	ALIGN_UP((unsigned long)(vdso_image_end - vdso_image_start), PAGE_SIZE)

/* The build made it (Makefile); a broken build is still better said than run. */
void vdso_init(void)
{
	const struct elf64_ehdr *eh = (const void *)vdso_image_start;

	if (((unsigned long)vdso_image_start & ~PAGE_MASK) ||
	    memcmp(eh->e_ident, "\177ELF", 4) || eh->e_type != ET_DYN)
		panic("vdso: the built image is not a page-aligned ELF shared object");
}

/* mm->lock held: maps [va, va + len) to the kernel's frames at kva, each with an owner more. */
static int map_shared_frames(struct mm *mm, unsigned long va, const void *kva, unsigned long len,
			     u64 flags)
{
	for (unsigned long off = 0; off < len; off += PAGE_SIZE) {
		phys_addr_t pa = virt_to_phys((const u8 *)kva + off);

		if (map_page(mm->pml4, va + off, pa, flags | _PAGE_USER | _PAGE_SPECIAL))
			return -ENOMEM;
		_Static_assert(MAX_TASKS + 1 <= 256, "a frame's owners: every process and the kernel");
		get_frame(pa);
	}
	return 0;
}

int vdso_map(struct mm *mm)
{
	unsigned long flags;
	int err;

	spin_lock_irqsave(&mm->lock, flags);
	err = map_shared_frames(mm, USER_VVAR_BASE, &vvar, PAGE_SIZE,
				_PAGE_PRESENT | _PAGE_NX);
	if (!err)
		err = map_shared_frames(mm, USER_VVAR_BASE + PAGE_SIZE, vdso_image_start,
					VDSO_SIZE, _PAGE_PRESENT);
	if (!err) {
		mm->vvar = USER_VVAR_BASE;
		mm->vdso = USER_VVAR_BASE + PAGE_SIZE;
	}
	spin_unlock_irqrestore(&mm->lock, flags);
	return err;
}

bool vdso_mapping_whole(struct mm *mm, unsigned long addr, unsigned long len)
{
	return (addr == mm->vdso && len == VDSO_SIZE) || (addr == mm->vvar && len == PAGE_SIZE);
}

const char *vdso_region_name(const struct mm *mm, unsigned long va)
{
	if (mm->vvar && va - mm->vvar < PAGE_SIZE)
		return "[vvar]";
	if (mm->vdso && va - mm->vdso < VDSO_SIZE)
		return "[vdso]";
	return NULL;
}

void vdso_moved(struct mm *mm, unsigned long from, unsigned long to)
{
	if (from == mm->vdso)
		mm->vdso = to;
	else if (from == mm->vvar)
		mm->vvar = to;
}
