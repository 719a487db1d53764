/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ending a run. Under QEMU the status goes to the isa-debug-exit device
 * (iobase 0xf4, iosize 4), which makes QEMU exit with (status << 1) | 1. Statuses
 * start at 1 so that no QEMU exit code they produce is 1, which QEMU itself uses
 * for its own errors. On a real PC, where nothing decodes that port, the kernel
 * prints the result and halts. docs/testing.md lists the codes; tests/ relies on
 * them, and scripts/qemu.sh turns them back into 0-4.
 */
#ifndef _ENTRYLAB_KERNEL_H
#define _ENTRYLAB_KERNEL_H

#include <compiler.h>

enum exit_status {
	EXIT_SUCCESS_STATUS = 1,	/* QEMU exits 3: run completed, every check passed */
	EXIT_FAILURE_STATUS = 2,	/* QEMU exits 5: oops, panic or a failed self-test */
	EXIT_BADBOOT_STATUS = 3,	/* QEMU exits 7: cannot boot (CPU, loader, init) */
	EXIT_INIT_STATUS = 4,		/* QEMU exits 9: init exited with a non-zero status */
	EXIT_INIT_SIGNAL = 5,		/* QEMU exits 11: init was killed by a signal */
};

void __noreturn kernel_exit(enum exit_status status);
void __noreturn panic(const char *fmt, ...) __printf(1, 2);
void __noreturn bad_boot(const char *fmt, ...) __printf(1, 2);

/* Marks a boot-time self-test failure; kernel_exit() reports it. */
extern bool selftests_failed;

#endif
