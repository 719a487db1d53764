/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vDSO and its vvar page in every process (arch/x86/vdso/vma.c maps them), and the
 * timekeeper that fills the vvar page (kernel/time/time.c). The page's layout and the
 * readers are in include/vvar.h, shared with the vDSO itself.
 */
#ifndef _ENTRYLAB_VDSO_H
#define _ENTRYLAB_VDSO_H

#include <asm/page.h>
#include <vvar.h>

struct mm;

/* The vvar page, alone in its page: every process maps this frame. */
union vvar_storage {
	struct vvar_page data;
	u8 page[PAGE_SIZE];
};
extern union vvar_storage vvar;

/* The reader vdso_clock= (and tsc=unstable) chose; the benchmark returns to it. */
extern enum vclock_mode vclock_boot_mode;

void vclock_init_cpu(unsigned int cpu);
void timekeeping_tick_irqoff(void);
int vclock_set_mode(enum vclock_mode mode);

/* Checks the built images; before the first exec. */
void vdso_init(void);
/*
 * exec: the regions of the vvar page and the vDSO at USER_VVAR_BASE, or for an i386
 * program (mm->ia32) the 32-bit vDSO at COMPAT_VVAR_BASE; 0 or -ENOMEM.
 */
int vdso_map(struct mm *mm);

/* Offsets in the 32-bit vDSO (arch/x86/vdso/vdso32.asm) of what the kernel uses. */
struct vdso32_symbols {
	unsigned long vsyscall;		/* __kernel_vsyscall: AT_SYSINFO */
	unsigned long sigreturn;	/* __kernel_sigreturn and __kernel_rt_sigreturn: */
	unsigned long rt_sigreturn;	/*   a handler's return without SA_RESTORER */
	unsigned long int80_landing_pad; /* where SYSENTER and SYSCALL return to */
	unsigned long sigreturn_landing_pad;	/* after the int $0x80 of each of */
	unsigned long rt_sigreturn_landing_pad;	/*   the two trampolines */
};
extern const struct vdso32_symbols vdso32_sym;
/*
 * The boot CPU, before paging_init() (the image is still writable): the fast
 * instruction __kernel_vsyscall uses, SYSENTER on Intel, SYSCALL on AMD, as
 * Linux's X86_FEATURE_SYSENTER32 and _SYSCALL32; int $0x80 on any other CPU.
 */
void vdso32_patch_fast_syscall(bool sysenter32, bool syscall32);
struct vm_area;
/* mm->lock held: the kernel frame at va of vma, a VM_VDSO or VM_VVAR region; 0: none. */
phys_addr_t vdso_page(const struct mm *mm, const struct vm_area *vma, unsigned long va);
/* mm->lock held: is [addr, addr + len) exactly the vDSO, or exactly the vvar page? */
bool vdso_mapping_whole(struct mm *mm, unsigned long addr, unsigned long len);
/*
 * mm->lock held, mm current's: the move is done; the vDSO or the vvar page now
 * starts at to (and a call through the 32-bit vDSO returns there).
 */
void vdso_moved(struct mm *mm, unsigned long from, unsigned long to);

#endif
