/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A task's x86 state while it is switched out, struct task's thread (Linux's
 * struct thread_struct), and the switch that saves prev's and loads next's
 * (arch/x86/process.c, then arch/x86/switch_to.asm for the kernel stacks).
 */
#ifndef _ASM_X86_SWITCH_TO_H
#define _ASM_X86_SWITCH_TO_H

#include <asm/debugreg.h>
#include <asm/fpu.h>
#include <asm/fsgsbase.h>
#include <compiler.h>

struct thread_struct {
	unsigned long sp;		/* saved kernel RSP while switched out */
	struct user_segments segs;	/* FS and GS while not running (arch/x86/process.c) */
	struct tls_descs tls;		/* set_thread_area()'s (arch/x86/tls.c) */
	/* Port access (arch/x86/ioport.c): ioperm()'s bitmap, 1 = denied; iopl() 0 or 3. */
	u8 *io_bitmap;
	u64 io_bitmap_seq;
	unsigned int iopl_emul;
	struct debugregs debug;		/* hardware breakpoints (arch/x86/hw_breakpoint.c) */
	/*
	 * User FPU, SSE, AVX and AVX-512 state while switched out (asm/fpu.h: XSAVE
	 * or FXSAVE format), fpu_config.size bytes: allocated with the task.
	 */
	u8 *fpu;
};

struct task;

/**
 * __switch_to - give this CPU from prev to next
 * @prev: the task running here, current until the caller switched it
 * @next: a user task, or this CPU's idle task
 *
 * IRQs off, next's address space loaded. Everything the CPU needs to run next in
 * ring 3 follows the task: its FPU state, its TSS stack, ports, breakpoints, TLS
 * descriptors and segments. Then the kernel stacks change: this returns when prev
 * is switched to again.
 */
void __switch_to(struct task *prev, struct task *next);
/* A task that has never run: the frame its first switch pops, returning to ret_from_fork_asm. */
void thread_init_fork_frame(struct task *t);

#endif
