/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user address space (everything below TASK_SIZE_MAX):
 *
 *   0 .. USER_MIN_ADDR               never mapped: NULL dereferences fault
 *   program segments, then the heap  (brk grows up from the end of the program;
 *                                    a static-PIE one at USER_PIE_BASE)
 *   ... USER_MMAP_TOP                anonymous mmap()s grow down from here
 *   USER_VVAR_BASE                   the vvar page (read-only), then the vDSO
 *                                    (read-execute): AT_SYSINFO_EHDR. 64 KiB below
 *                                    the stack's guard gap at its largest
 *   USER_STACK_TOP - USER_STACK_MAX  the stack: a region of USER_STACK_SIZE made
 *                                    by execve that grows down as faults reach
 *                                    below it, to RLIMIT_STACK, never closer than
 *                                    STACK_GUARD_GAP to the region below
 *   USER_STACK_TOP .. TASK_SIZE_MAX  free for MAP_FIXED (the ring-3 tests use the
 *                                    last page below TASK_SIZE_MAX)
 *
 * An i386 program (an ELF32 file, mm->ia32) has the same regions in its 4 GiB,
 * as Linux gives a compat task: everything below COMPAT_TASK_SIZE (Linux's
 * IA32_PAGE_OFFSET), the stack at the top of it, anonymous mappings below
 * COMPAT_MMAP_TOP, a static-PIE one at COMPAT_PIE_BASE. mm_task_size() and
 * mm_stack_top() (include/mm.h) choose.
 */
#ifndef _ENTRYLAB_USER_LAYOUT_H
#define _ENTRYLAB_USER_LAYOUT_H

#include <asm/page.h>

#define USER_MIN_ADDR		0x10000UL
#define USER_SEGMENT_LIMIT	0x0000100000000000UL	/* programs load below 16 TiB */
/* A static-PIE program's base: Linux's ELF_ET_DYN_BASE, unrandomized (kernel/fs/binfmt_elf.c). */
#define USER_PIE_BASE		0x0000555555554000UL
#define USER_HEAP_MAX		(64UL << 20)
#define USER_MMAP_TOP		0x00007f0000000000UL
#define USER_STACK_TOP		0x00007ffff0000000UL
#define USER_STACK_SIZE		(128UL << 10)	/* mapped by execve */
/* The most the stack may grow, and RLIMIT_STACK's default: Linux's _STK_LIM. */
#define USER_STACK_MAX		(8UL << 20)
/* Linux's stack_guard_gap: no mapping comes closer below a stack (VM_GROWSDOWN). */
#define STACK_GUARD_GAP		(256UL * PAGE_SIZE)
#define USER_VVAR_BASE		(USER_STACK_TOP - USER_STACK_MAX - STACK_GUARD_GAP - (64UL << 10))

#define COMPAT_TASK_SIZE	0xffffe000UL
#define COMPAT_STACK_TOP	COMPAT_TASK_SIZE
#define COMPAT_MMAP_TOP		0xf7000000UL	/* 128 MiB below the stack's top, as Linux's gap */
#define COMPAT_PIE_BASE		0x00400000UL	/* Linux's ELF_ET_DYN_BASE for an i386 program */
#define COMPAT_VVAR_BASE	(COMPAT_STACK_TOP - USER_STACK_MAX - STACK_GUARD_GAP - (64UL << 10))

/*
 * init's arguments: the module string ("init iters=100 ...") split at spaces, at
 * most EXEC_MAX_ARGS words. scripts/mkiso.sh reads both limits to refuse a longer
 * INIT_ARGS up front. (execve()'s are bounded as Linux's: include/elf.h.)
 */
#define EXEC_MAX_ARGS		32	/* words, the program name included */
#define EXEC_ARGS_MAX		2047	/* characters of the whole string */

#endif
