/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Virtual memory layout (4-level paging, 48-bit addresses):
 *
 *   0000000000000000 - 00007fffffffefff  user space (TASK_SIZE_MAX = 2^47 - 4096)
 *   00007ffffffff000 - 00007fffffffffff  never mapped: see TASK_SIZE_MAX below
 *   ffff880000000000 - ffff887fffffffff  PTI only: each process's LDT, at
 *                                        LDT_REMAP_BASE + its frames' addresses
 *   ffff888000000000 - ...               direct map of all RAM (PAGE_OFFSET)
 *   ffffc90000000000 - ...               ioremap space (LAPIC registers)
 *   ffffff0000000000 - ffffff00ffffffff  espfix64's read-only ministack aliases
 *   ffffffff80000000 - ...               kernel image (KERNEL_VMA), as linked; its
 *                                        frames wherever GRUB loaded it (phys_base)
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#include <compiler.h>

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define HPAGE_SIZE		(1UL << 21)

#define KERNEL_SPACE_START	0xffff800000000000UL
#define LDT_REMAP_BASE		0xffff880000000000UL
#define PAGE_OFFSET		0xffff888000000000UL
#define IOREMAP_BASE		0xffffc90000000000UL
#define KERNEL_VMA		0xffffffff80000000UL

/*
 * boot/head.asm's page tables map the first 4 GiB at PAGE_OFFSET, all that a
 * multiboot2 loader's 32-bit addresses can name (boot/layout.inc: BOOT_MAPPED_GIB):
 * until paging_init(), only that much of the direct map exists.
 */
#define BOOT_MAPPED_LIMIT	(1UL << 32)

/*
 * The highest user address is one page below the canonical boundary, and that top
 * page is never mapped. A SYSCALL instruction in the last bytes of the top mapped
 * page would otherwise have a return address (RCX) of 2^47: non-canonical, and
 * SYSRET to it faults in ring 0 on Intel with the user's RSP (CVE-2012-0217).
 */
#define TASK_SIZE_MAX		((1UL << 47) - PAGE_SIZE)

/*
 * Where GRUB loaded the kernel minus where it is linked to load (boot/head.asm):
 * a kernel address KERNEL_VMA + x is physical x + phys_base. As Linux's phys_base.
 */
extern unsigned long phys_base;

/* linker.ld: the image's physical bounds as linked; kernel_phys_*() as loaded. */
extern char _kernel_phys_start[], _kernel_phys_end[];

static __always_inline phys_addr_t kernel_phys_start(void)
{
	return (phys_addr_t)_kernel_phys_start + phys_base;
}

static __always_inline phys_addr_t kernel_phys_end(void)
{
	return (phys_addr_t)_kernel_phys_end + phys_base;
}

static __always_inline void *phys_to_virt(phys_addr_t pa)
{
	return (void *)(pa + PAGE_OFFSET);
}

static __always_inline phys_addr_t virt_to_phys(const void *va)
{
	unsigned long v = (unsigned long)va;

	return v >= KERNEL_VMA ? v - KERNEL_VMA + phys_base : v - PAGE_OFFSET;
}

#endif
