// SPDX-License-Identifier: GPL-2.0
/*
 * Starting user programs from the boot module that grub.cfg names init
 * ("module2 /boot/init.elf init arg..."), and reporting how init ended.
 */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <context_tracking.h>
#include <pmm.h>
#include <elf.h>
#include <init.h>
#include <kernel.h>
#include <multiboot2.h>
#include <printk.h>
#include <sched.h>
#include <signal.h>
#include <string.h>

const struct boot_module *boot_module(const char *name)
{
	size_t len = strlen(name);

	for (unsigned int i = 0; i < boot_info.nr_modules; i++) {
		const char *c = boot_info.modules[i].cmdline;

		if (!strncmp(c, name, len) && (c[len] == ' ' || c[len] == '\0'))
			return &boot_info.modules[i];
	}
	return NULL;
}

struct task *start_user_program(const struct boot_module *m, const char *args,
				       unsigned long cpus, const char **err)
{
	char name[16], *space;
	struct task *t;

	/* The module's name, its string's first word ("init", "probe"). */
	strlcpy(name, m->cmdline, sizeof(name));
	space = strchr(name, ' ');
	if (space)
		*space = '\0';
	t = task_create_process(name);
	if (!t) {
		*err = "out of memory for a task";
		return NULL;
	}
	t->cpus_allowed = cpus;
	t->signal->boot_program = true;
	*err = exec_image(t, phys_to_virt(m->start), m->end - m->start, args);
	if (*err) {
		task_free(t);
		return NULL;
	}
	return t;
}

/*
 * The processes the program left behind (reparented to init, or to nobody when
 * init itself has ended) are killed and freed too: their frames must come back
 * before the resource check.
 */
void finish_user_program(struct task *t, struct user_result *res)
{
	task_run_to_exit(t);
	bench_release(t->name);
	res->status = WEXITSTATUS(t->exit_code);
	res->signal = WTERMSIG(t->exit_code);
	res->ip = t->exit_ip;
	res->addr = t->fault_addr;
	task_free(t);
	kill_orphans();
}

const char *run_user_program(const struct boot_module *m, const char *args,
			     unsigned long cpus, struct user_result *res)
{
	const char *err;
	struct task *t = start_user_program(m, args, cpus, &err);

	if (t)
		finish_user_program(t, res);
	return err;
}

/*
 * After init: every frame it used is free again, and the kernel's own page
 * tables are as before. A failure here fails the run.
 */
static void check_resources(unsigned long frames_before, u64 tables_before)
{
	unsigned long frames = pmm_free_frames();
	bool tables_same = kernel_pgtable_checksum() == tables_before;

	if (frames == frames_before && tables_same) {
		printk("init: resources: %lu frames free before and after, kernel page tables "
		       "unchanged, CT_WARN_ON count %lu\n", frames, ct_warnings_total());
		return;
	}
	printk("init: resource check FAILED: %lu frames free before, %lu after; kernel page "
	       "tables %s\n", frames_before, frames, tables_same ? "unchanged" : "CHANGED");
	selftests_failed = true;
}

enum exit_status run_init(void)
{
	const struct boot_module *m = boot_module("init");
	unsigned long frames_before = pmm_free_frames();
	u64 tables_before = kernel_pgtable_checksum();
	struct user_result r;
	const char *err;
	struct task *t;

	if (!m)
		bad_boot("no init module: grub.cfg needs \"module2 /boot/init.elf init\" "
			 "(make run INIT=path adds it)");
	t = start_user_program(m, m->cmdline, CPUS_ANY, &err);
	if (!t)
		bad_boot("init: %s", err);
	printk("init: starting \"%s\" (%lu bytes), pid %d\n", m->cmdline,
	       (unsigned long)(m->end - m->start), t->pid);
	finish_user_program(t, &r);
	check_resources(frames_before, tables_before);
	if (r.signal) {
		printk("init: killed by signal %d (%s) at rip=0x%lx", r.signal,
		       signal_name(r.signal), r.ip);
		if (r.signal == SIGSEGV || r.signal == SIGBUS)
			printk(" addr=0x%lx", r.addr);
		printk("\n");
		return EXIT_INIT_SIGNAL;
	}
	printk("init: exited with status %d\n", r.status);
	return r.status ? EXIT_INIT_STATUS : EXIT_SUCCESS_STATUS;
}
