/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct pt_regs: the user (or interrupted kernel) register state saved at the top
 * of the kernel stack on every entry. The layout is Linux's, lowest address first:
 * what the entry code pushes last comes first. Its five highest words are the
 * hardware interrupt frame (ip, cs, flags, sp, ss), which the SYSCALL stub fakes so
 * that every entry, and the IRETQ exit, share one layout. Every entry saves every
 * register, except the SYSCALL stub of entry=asm-fastpath (entry/entry_64.asm): like
 * Linux's fast path to 4.15 it leaves the callee-saved half (r15 to bx) unwritten on a
 * call with no work, and saves it before the exit work or a call of sys_call_ptregs[]
 * (entry/syscall_table.c), the only readers of that half. The NASM side uses the
 * PT_* offsets generated from this struct into build/asm-offsets.inc.
 */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

#include <asm/segment.h>
#include <compiler.h>

struct pt_regs {
	/* Callee-saved in the C ABI (C code preserves them; the entry saves them anyway). */
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long bp;
	unsigned long bx;
	/* Caller-saved. */
	unsigned long r11;
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
	unsigned long ax;	/* syscall return value, preset to -ENOSYS */
	unsigned long cx;
	unsigned long dx;
	unsigned long si;
	unsigned long di;
	/* Syscall number on SYSCALL entry; error code (or -1) on exceptions. */
	unsigned long orig_ax;
	/* The interrupt frame: pushed by the CPU, or by the SYSCALL stub. */
	unsigned long ip;
	unsigned long cs;
	unsigned long flags;
	unsigned long sp;
	unsigned long ss;
};

/*
 * The interrupt frame alone, as IRETQ pops it: pt_regs' last five words, and the
 * copies the entry makes of them (the PTI entry stack's, espfix64's ministack's).
 */
struct iret_frame {
	unsigned long ip;
	unsigned long cs;
	unsigned long flags;
	unsigned long sp;
	unsigned long ss;
};

#define IRET_FRAME_AT(field)						\
	(offsetof(struct pt_regs, field) - offsetof(struct pt_regs, ip) ==	\
	 offsetof(struct iret_frame, field))
_Static_assert(IRET_FRAME_AT(ip) && IRET_FRAME_AT(cs) && IRET_FRAME_AT(flags) &&
	       IRET_FRAME_AT(sp) && IRET_FRAME_AT(ss) &&
	       sizeof(struct pt_regs) - offsetof(struct pt_regs, ip) == sizeof(struct iret_frame),
	       "struct iret_frame is pt_regs' tail");

/*
 * Bytes left free above pt_regs at the top of every task's kernel stack (Linux's
 * TOP_OF_KERNEL_STACK_PADDING). A FRED event from ring 3 pushes a 64-byte frame
 * at the 64-aligned stack top: the error code, the five words of pt_regs' frame,
 * then the event data and a reserved word. So pt_regs, whose orig_ax .. ss are
 * that frame's first six words, ends 16 bytes below the top; the IDT and SYSCALL
 * entries start their pt_regs there too, so that every entry builds it in the
 * one place current->regs names.
 */
#define TOP_OF_KERNEL_STACK_PADDING	16

static __always_inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->cs & 3) == 3;
}

/*
 * Ring 3 in 64-bit mode: its CS is the one 64-bit user code segment (an LDT
 * segment cannot be one: modify_ldt() never sets L). Not so in compat mode (a
 * 32-bit CS: __USER32_CS, or an LDT code segment after a far jump or sigreturn).
 */
static __always_inline bool user_64bit_mode(const struct pt_regs *regs)
{
	return regs->cs == __USER_CS;
}

/*
 * The register holding argument i (0..5) of the running syscall: int $0x80's and
 * SYSENTER's order (bx, cx, dx, si, di, bp) for an i386 call, SYSCALL's otherwise.
 * The whole register: seccomp and ptrace show an i386 call's upper halves, as Linux.
 */
static __always_inline unsigned long *syscall_arg_reg(struct pt_regs *regs, bool ia32, int i)
{
	switch (i) {		/* i a constant where it is called: one load */
	case 0:
		return ia32 ? &regs->bx : &regs->di;
	case 1:
		return ia32 ? &regs->cx : &regs->si;
	case 2:
		return &regs->dx;
	case 3:
		return ia32 ? &regs->si : &regs->r10;
	case 4:
		return ia32 ? &regs->di : &regs->r8;
	default:
		return ia32 ? &regs->bp : &regs->r9;
	}
}

#endif
