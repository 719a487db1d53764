/* SPDX-License-Identifier: GPL-2.0 */
/* Port I/O. */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <compiler.h>

static __always_inline void outb(u16 port, u8 v)
{
	asm volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline void outw(u16 port, u16 v)
{
	asm volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline void outl(u16 port, u32 v)
{
	asm volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline u8 inb(u16 port)
{
	u8 v;

	asm volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static __always_inline u32 inl(u16 port)
{
	u32 v;

	asm volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static __always_inline u16 inw(u16 port)
{
	u16 v;

	asm volatile("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

#endif
