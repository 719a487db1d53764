/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ending a run. The status is the one README.md documents, and the same number
 * everywhere: the kernel prints it ("run ended: success (0)"), scripts/qemu.sh
 * exits with it, make names it. Under QEMU it leaves through the isa-debug-exit
 * device (iobase 0xf4, iosize 4) as status + 1, because QEMU exits with
 * (value << 1) | 1 and value 0 would give exit code 1, which QEMU itself uses for
 * its own errors; qemu.sh undoes that. On a real PC, where nothing decodes that
 * port, the kernel prints the result and halts.
 */
#ifndef _ENTRYLAB_KERNEL_H
#define _ENTRYLAB_KERNEL_H

#include <compiler.h>

enum exit_status {
	EXIT_SUCCESS_STATUS = 0,	/* run completed, every check passed */
	EXIT_FAILURE_STATUS = 1,	/* oops, panic or a failed self-test */
	EXIT_BADBOOT_STATUS = 2,	/* cannot boot (CPU, loader, init) */
	EXIT_INIT_STATUS = 3,		/* init exited with a non-zero status */
	EXIT_INIT_SIGNAL = 4,		/* init was killed by a signal */
};

void __noreturn kernel_exit(enum exit_status status);
/* kernel/panic.c: halt_after= and reboot, for a run with no isa-debug-exit device. */
void kernel_exit_init(void);
void __noreturn panic(const char *fmt, ...) __printf(1, 2);
void __noreturn bad_boot(const char *fmt, ...) __printf(1, 2);

/* Marks a boot-time self-test failure; kernel_exit() reports it. */
extern bool selftests_failed;

#endif
