/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading and loading ring 3's segment registers from C: Linux's savesegment(),
 * loadsegment() and load_gs_index(). Context switches (arch/x86/process.c) and
 * set_thread_area() (arch/x86/tls.c) use them.
 */
#ifndef _ASM_X86_SEGREGS_H
#define _ASM_X86_SEGREGS_H

#include <asm/extable.h>
#include <compiler.h>

/* A segment register's selector: Linux's savesegment(). */
#define savesegment(seg)						\
	({								\
		u16 __sel;						\
		asm volatile("mov %%" #seg ", %0" : "=r"(__sel));	\
		__sel;							\
	})

/*
 * Load a selector into DS, ES, FS or SS: Linux's loadsegment(). One whose
 * descriptor has gone since ring 3 loaded it (an LDT entry that modify_ldt()
 * cleared) faults: the null selector is loaded instead.
 */
#define loadsegment(seg, sel)						\
	asm volatile("1:	mov %0, %%" #seg "\n\t"			\
		     "jmp 3f\n"						\
		     "2:	mov %1, %%" #seg "\n"				\
		     "3:\n\t"							\
		     _ASM_EXTABLE(1b, 2b)				\
		     : : "r"((u16)(sel)), "r"(0) : "memory")

/* entry/entry_irq.asm: the same for GS, whose load needs a SWAPGS window. IRQs off. */
void load_gs_index_irqoff(u16 sel);

#endif
