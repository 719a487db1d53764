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
 *                                    the most the stack may grow to
 *   USER_STACK_TOP - USER_STACK_MAX  the stack: USER_STACK_SIZE of it mapped by
 *                                    execve, the rest a page at a time as faults
 *                                    reach it, down to RLIMIT_STACK
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
#define USER_STACK_MAX		(8UL << 20)	/* the most it may grow: Linux's default limit */
/*
 * RLIMIT_STACK's default, where Linux's is USER_STACK_MAX: glibc gives each new
 * thread a stack of this size, and entrylab allocates anonymous memory when it
 * is mapped, not on first touch, so 8 MiB would cost every pthread_create()
 * 2,048 frames. A program may raise it (prlimit64) up to USER_STACK_MAX.
 */
#define USER_STACK_RLIMIT	(512UL << 10)
#define USER_VVAR_BASE		(USER_STACK_TOP - USER_STACK_MAX - (64UL << 10))

#define COMPAT_TASK_SIZE	0xffffe000UL
#define COMPAT_STACK_TOP	COMPAT_TASK_SIZE
#define COMPAT_MMAP_TOP		0xf7000000UL	/* 128 MiB below the stack's top, as Linux's gap */
#define COMPAT_PIE_BASE		0x00400000UL	/* Linux's ELF_ET_DYN_BASE for an i386 program */
#define COMPAT_VVAR_BASE	(COMPAT_STACK_TOP - USER_STACK_MAX - (64UL << 10))

/*
 * A program's arguments: the module string ("init iters=100 ...") split at spaces,
 * or execve()'s argv and envp, each at most EXEC_MAX_ARGS strings; execve()'s
 * strings, the file name included, share one page (more is -E2BIG). scripts/mkiso.sh
 * reads the first two limits to refuse a longer INIT_ARGS up front.
 */
#define EXEC_MAX_ARGS		32	/* words, the program name included */
#define EXEC_ARGS_MAX		2047	/* characters of the whole string */

#endif
