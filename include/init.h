/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ENTRYLAB_INIT_H
#define _ENTRYLAB_INIT_H

#include <kernel.h>
#include <multiboot2.h>

struct user_result {
	int status;		/* exit status, when signal == 0 */
	int signal;		/* the signal that killed it, or 0 */
	unsigned long ip;	/* where it was when it ended */
	unsigned long addr;	/* fault address of a SIGSEGV / SIGBUS */
};

/*
 * The boot module whose string's first word is name, or NULL. grub.cfg loads
 * "init" (the program the run is for) and "probe" (user/probe.c, the entry
 * self-tests' ring-3 half): scripts/mkiso.sh writes both lines.
 */
const struct boot_module *boot_module(const char *name);

#define CPUS_ANY	(~0UL)

/*
 * Runs the module's program with argv from args, on the CPUs in the cpus mask,
 * until it ends. Returns NULL, or why the program could not start (a bad ELF
 * file, no memory).
 */
const char *run_user_program(const struct boot_module *m, const char *args,
			     unsigned long cpus, struct user_result *res);

struct task;
/* The two halves of run_user_program(): a runnable task, or NULL and why not in *err; */
struct task *start_user_program(const struct boot_module *m, const char *args,
				unsigned long cpus, const char **err);
/* and, later, wait for it to end, say how in *res, and free it. */
void finish_user_program(struct task *t, struct user_result *res);

/* Runs init, prints how it ended, returns the run's exit status. */
enum exit_status run_init(void);

/* bench/bench.c: the benchmark's rows, after syscall_init(); its table, after init. */
void bench_init(void);
void bench_print_results(void);
/* After a boot program has ended: what it left changed (a row, the timer) is restored. */
void bench_release(const char *who);

#endif
