/* SPDX-License-Identifier: GPL-2.0 */
/* The SYSCALL and SYSENTER MSRs (arch/x86/syscall.c). */
#ifndef _ASM_X86_SYSCALL_H
#define _ASM_X86_SYSCALL_H

/* The boot CPU's MSRs, LSTAR pointing at entry (the entry= variant's stub, bench/variants.h). */
void syscall_init(void (*entry)(void));
/* The calling CPU's MSRs, as syscall_init() set the boot CPU's; each AP runs it (ap_start()). */
void syscall_init_cpu(void);

#endif
