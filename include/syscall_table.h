/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system call table (entry/syscall_table.c): one handler per number, each
 * taking the user's registers (the handlers: include/syscalls.h).
 */
#ifndef _ENTRYLAB_SYSCALL_TABLE_H
#define _ENTRYLAB_SYSCALL_TABLE_H

#include <compiler.h>

struct pt_regs;

/* The table's size: past every number of include/uapi/unistd.h (entry/syscall_table.c checks). */
#define NR_syscalls	512

typedef long (*sys_call_ptr_t)(struct pt_regs *regs);
extern const sys_call_ptr_t sys_call_table[NR_syscalls];
/* Which calls need all of pt_regs (entry/syscall_table.c). */
extern const u8 sys_call_ptregs[NR_syscalls];

#endif
