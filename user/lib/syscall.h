/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux x86-64 system calls: number in RAX, arguments in RDI, RSI, RDX, R10,
 * R8, R9, result in RAX; the SYSCALL instruction itself clobbers RCX and R11.
 */
#ifndef _USER_SYSCALL_H
#define _USER_SYSCALL_H

#include <uapi/unistd.h>

static inline long syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	register long r10 asm("r10") = a3;
	register long r8 asm("r8") = a4;
	register long r9 asm("r9") = a5;
	long ret;

	asm volatile("syscall"
		     : "=a"(ret)
		     : "a"(nr), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
		     : "rcx", "r11", "memory");
	return ret;
}

#define syscall0(nr)			syscall6(nr, 0, 0, 0, 0, 0, 0)
#define syscall1(nr, a)			syscall6(nr, (long)(a), 0, 0, 0, 0, 0)
#define syscall2(nr, a, b)		syscall6(nr, (long)(a), (long)(b), 0, 0, 0, 0)
#define syscall3(nr, a, b, c)		syscall6(nr, (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define syscall4(nr, a, b, c, d)	\
	syscall6(nr, (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)
#define syscall5(nr, a, b, c, d, e)	\
	syscall6(nr, (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), 0)

#endif
