// SPDX-License-Identifier: GPL-2.0
/*
 * Ending a run: panic(), bad_boot() and kernel_exit(), which reports the status
 * to isa-debug-exit under QEMU, or, with no such device (a real PC), waits
 * halt_after=N seconds (default 10; "never" keeps the screen) and powers off
 * through ACPI, or resets with "reboot". (A task ending is kernel/exit.c.)
 */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/idle.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <cmdline.h>
#include <kernel.h>
#include <printk.h>
#include <smp.h>
#include <stdarg.h>
#include <string.h>

#define DEBUG_EXIT_PORT	0xf4

bool selftests_failed;

static const char *const exit_names[] = {
	[EXIT_SUCCESS_STATUS] = "success",
	[EXIT_FAILURE_STATUS] = "failure",
	[EXIT_BADBOOT_STATUS] = "bad boot",
	[EXIT_INIT_STATUS] = "init exited with an error",
	[EXIT_INIT_SIGNAL] = "init killed by a signal",
};

#define HALT_AFTER_DEFAULT	10	/* seconds to read the screen before power-off */

/*
 * IRQs off, alone on the machine. halt_after=N waits N seconds (TSC-timed: no
 * wait before the TSC is calibrated), then "reboot" resets, else ACPI powers
 * off; whatever fails ends in HLT with a line saying so.
 */
static u64 halt_after = HALT_AFTER_DEFAULT;
static bool halt_never, end_reboot;

/* halt_after=N|never and reboot, read at boot (a bad boot before uses the defaults). */
void kernel_exit_init(void)
{
	const char *after = cmdline_str(&boot_cmdline, "halt_after", NULL);

	end_reboot = cmdline_flag(&boot_cmdline, "reboot");
	halt_never = after && !strcmp(after, "never");
	if (after && !halt_never)
		halt_after = cmdline_u64(&boot_cmdline, "halt_after", HALT_AFTER_DEFAULT);
}

static void __noreturn end_without_exit_device(void)
{
	if (halt_never) {
		printk("entrylab: halted (halt_after=never); it is safe to power off\n");
		halt_forever();
	}
	printk("entrylab: no debug-exit device: %s in %lu s (halt_after=N|never)\n",
	       end_reboot ? "reset" : "power-off", (unsigned long)halt_after);
	for (u64 ms = 0; ms < halt_after * 1000; ms++)
		udelay(1000);
	if (end_reboot)
		acpi_reset();
	else
		acpi_power_off();
	printk("entrylab: halted; it is safe to power off\n");
	halt_forever();
}

void __noreturn kernel_exit(enum exit_status status)
{
	local_irq_disable();
	if (num_online_cpus() > 1) {
		smp_send_stop();	/* nothing else may print or run after this */
		console_break_lock();
	}
	if (status == EXIT_SUCCESS_STATUS && selftests_failed)
		status = EXIT_FAILURE_STATUS;
	printk("entrylab: run ended: %s (%d)\n", exit_names[status], status);
	outl(DEBUG_EXIT_PORT, status + 1);	/* see kernel.h: QEMU's encoding */
	/* Still here: no isa-debug-exit device, so a real PC (or QEMU without one). */
	end_without_exit_device();
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
