// SPDX-License-Identifier: GPL-2.0
/*
 * Ending a run: panic(), bad_boot() and kernel_exit(), which reports the status
 * to isa-debug-exit under QEMU, or prints and halts on real hardware. (A task
 * ending is kernel/exit.c.)
 */
#include <asm/io.h>
#include <asm/irqflags.h>
#include <kernel.h>
#include <printk.h>
#include <smp.h>
#include <stdarg.h>

#define DEBUG_EXIT_PORT	0xf4

bool selftests_failed;

static const char *const exit_names[] = {
	[EXIT_SUCCESS_STATUS] = "success",
	[EXIT_FAILURE_STATUS] = "failure",
	[EXIT_BADBOOT_STATUS] = "bad boot",
	[EXIT_INIT_STATUS] = "init exited with an error",
	[EXIT_INIT_SIGNAL] = "init killed by a signal",
};

void __noreturn kernel_exit(enum exit_status status)
{
	local_irq_disable();
	if (nr_cpus_online > 1) {
		smp_send_stop();	/* nothing else may print or run after this */
		console_break_lock();
	}
	if (status == EXIT_SUCCESS_STATUS && selftests_failed)
		status = EXIT_FAILURE_STATUS;
	printk("entrylab: run ended: %s (%d)\n", exit_names[status], status);
	outl(DEBUG_EXIT_PORT, status + 1);	/* see kernel.h: QEMU's encoding */
	/* Still here: no isa-debug-exit device, so a real PC. Halt for good. */
	printk("entrylab: halted; it is safe to power off\n");
	for (;;)
		asm volatile("cli; hlt");
}

static void __noreturn vdie(enum exit_status status, const char *what, const char *fmt,
			    va_list ap)
{
	char buf[256];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	printk("%s: %s\n", what, buf);
	kernel_exit(status);
}

void __noreturn panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(EXIT_FAILURE_STATUS, "Kernel panic", fmt, ap);
}

void __noreturn bad_boot(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(EXIT_BADBOOT_STATUS, "entrylab: boot failed", fmt, ap);
}
