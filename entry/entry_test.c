// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the entry path. Most run the probe module (user/probe.c) in ring 3
 * and check what the kernel saw; without that module they fail, since they
 * cannot test anything. The rest check the SYSRET decision and user-copy checks
 * directly. Init is never involved: it may be any program the user chose.
 */
#include <asm/apic.h>
#include <asm/entry-common.h>
#include <asm/msr.h>
#include <asm/uaccess.h>
#include <context_tracking.h>
#include <elf.h>
#include <entry-common.h>
#include <init.h>
#include <pmm.h>
#include <rcu.h>
#include <sched.h>
#include <selftest.h>
#include <smp.h>
#include <signal.h>
#include <time.h>
#include <variants.h>

void bench_reset(void);

#define NO_PROBE "no probe module: grub.cfg needs \"module2 /boot/probe.elf probe\""

/* Runs "probe ARGS"; false (and the test failed) if it could not start. */
static bool run_probe(struct test *t, const char *args, struct user_result *r)
{
	const struct boot_module *m = boot_module("probe");
	const char *err;

	if (!m) {
		test_fail(t, __FILE__, __LINE__, NO_PROBE);
		return false;
	}
	/* On this CPU: the tests read its per-CPU counters. */
	err = run_user_program(m, args, BIT(smp_processor_id()), r);
	if (err)
		test_fail(t, __FILE__, __LINE__, "cannot run \"%s\": %s", args, err);
	return !err;
}

SELFTEST(entry, context_tracking_after_user_mode)
{
	unsigned long warnings = this_cpu_read(ct.warnings);
	struct user_result r;

	if (!context_tracking_enabled())
		SKIP(t, "context_tracking=off");
	if (!run_probe(t, "probe syscalls n=10", &r))
		return;
	EXPECT_EQ(t, r.status, 0);
	EXPECT_EQ(t, r.signal, 0);
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings);
}

/*
 * Interrupts taken in the kernel are no transition: two timer ticks leave the
 * counter where it was. With the timer stopped, a program making N syscalls
 * crosses the user/kernel boundary 2N + 2 times: the first return to user mode,
 * an exit and an entry per syscall, and the final exit_group's entry; and twice
 * more for each page fault that maps a page on its first touch. The same program
 * making 15 more syscalls touches the same pages: exactly 30 more crossings.
 * RCU sees each one.
 */
SELFTEST(entry, rcu_tracker_counts_every_transition)
{
	unsigned long ticks = READ_ONCE(tick_counts[smp_processor_id()].ticks);
	struct rcu_snap snap, mid;
	struct user_result r;
	unsigned long first;

	if (!rcu_eqs_on())
		SKIP(t, "rcu_eqs=off");
	snap = rcu_snapshot(0);
	while (READ_ONCE(tick_counts[smp_processor_id()].ticks) < ticks + 2)
		cpu_relax();
	EXPECT_EQ(t, rcu_snapshot(0).watching, snap.watching);
	lapic_timer_stop();
	snap = rcu_snapshot(0);
	EXPECT_TRUE(t, rcu_is_watching());
	if (run_probe(t, "probe syscalls n=10", &r)) {
		mid = rcu_snapshot(0);
		first = mid.watching - snap.watching;
		EXPECT_GE(t, first, 2UL * 10 + 2);
		EXPECT_EQ(t, first % 2, 0UL);
		EXPECT_TRUE(t, rcu_quiescent_since(0, snap));
		if (run_probe(t, "probe syscalls n=25", &r))
			EXPECT_EQ(t, rcu_snapshot(0).watching - mid.watching, first + 2UL * 15);
	}
	lapic_timer_start(TIMER_HZ);
	EXPECT_TRUE(t, rcu_is_watching());
}

SELFTEST(entry, timer_tick_in_user_mode)
{
	struct tick_count *count = &tick_counts[smp_processor_id()];
	unsigned long user_ticks = READ_ONCE(count->user_ticks);
	unsigned long warnings = this_cpu_read(ct.warnings);
	struct user_result r;

	if (!run_probe(t, "probe spin loops=50000000", &r))
		return;
	EXPECT_EQ(t, r.status, 0);
	EXPECT_GT(t, READ_ONCE(count->user_ticks), user_ticks);	/* ticks hit ring 3 */
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings);	/* hooks balanced */
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
	EXPECT_TRUE(t, rcu_is_watching());
}

SELFTEST(entry, sysret_decision)
{
	struct pt_regs ok = {
		.ip = 0x401000, .cx = 0x401000, .flags = 0x246, .r11 = 0x246,
		.cs = __USER_CS, .ss = __USER_DS, .sp = 0x7fff0000,
	}, r;

	EXPECT_TRUE(t, syscall_can_sysret(&ok));
	r = ok, r.cx++;
	EXPECT_FALSE(t, syscall_can_sysret(&r));		/* RCX != RIP */
	r = ok, r.r11 ^= X86_EFLAGS_CF;
	EXPECT_FALSE(t, syscall_can_sysret(&r));		/* R11 != RFLAGS */
	r = ok, r.cs = __KERNEL_CS;
	EXPECT_FALSE(t, syscall_can_sysret(&r));
	r = ok, r.ss = __KERNEL_DS;
	EXPECT_FALSE(t, syscall_can_sysret(&r));
	r = ok, r.ip = r.cx = TASK_SIZE_MAX - 1;
	EXPECT_TRUE(t, syscall_can_sysret(&r));			/* last byte below: fine */
	r = ok, r.ip = r.cx = TASK_SIZE_MAX;
	EXPECT_FALSE(t, syscall_can_sysret(&r));		/* the unmapped top page */
	r = ok, r.ip = r.cx = 1UL << 47;
	EXPECT_FALSE(t, syscall_can_sysret(&r));		/* non-canonical: CVE-2012-0217 */
	r = ok, r.ip = r.cx = 0xffff800000000000UL;
	EXPECT_FALSE(t, syscall_can_sysret(&r));		/* kernel half */
	r = ok, r.flags = r.r11 = 0x246 | X86_EFLAGS_TF;
	EXPECT_FALSE(t, syscall_can_sysret(&r));
	r = ok, r.flags = r.r11 = 0x246 | X86_EFLAGS_RF;
	EXPECT_FALSE(t, syscall_can_sysret(&r));
}

/*
 * The flags SYSCALL clears, spelled out here apart from arch/x86/syscall.c's
 * mask: Linux's set. A flag missing lets ring 3 choose it for the kernel (AC
 * would open SMAP, NT make the kernel's IRETQ fault, TF single-step it).
 */
SELFTEST(entry, sfmask_clears_every_flag_linux_clears)
{
	static const struct { unsigned long flag; const char *name; } flags[] = {
		{ X86_EFLAGS_CF, "CF" }, { X86_EFLAGS_PF, "PF" }, { X86_EFLAGS_AF, "AF" },
		{ X86_EFLAGS_ZF, "ZF" }, { X86_EFLAGS_SF, "SF" }, { X86_EFLAGS_TF, "TF" },
		{ X86_EFLAGS_IF, "IF" }, { X86_EFLAGS_DF, "DF" }, { X86_EFLAGS_OF, "OF" },
		{ X86_EFLAGS_IOPL, "IOPL" }, { X86_EFLAGS_NT, "NT" }, { X86_EFLAGS_RF, "RF" },
		{ X86_EFLAGS_AC, "AC" }, { X86_EFLAGS_ID, "ID" },
	};
	u64 mask = rdmsr(MSR_SYSCALL_MASK);

	for (unsigned int i = 0; i < ARRAY_SIZE(flags); i++)
		if (!(mask & flags[i].flag))
			test_fail(t, __FILE__, __LINE__, "SFMASK lets %s into the kernel",
				  flags[i].name);
}

SELFTEST(entry, edge_syscall_numbers)
{
	struct user_result r;

	if (run_probe(t, "probe edges", &r))
		EXPECT_EQ(t, r.status, 0);	/* the probe prints what went wrong */
}

SELFTEST(entry, efault_from_user_mode)
{
	struct user_result r;

	if (run_probe(t, "probe efault", &r))
		EXPECT_EQ(t, r.status, 0);
}

SELFTEST(entry, uaccess_rejects_bad_pointers)
{
	char buf[16] = "unchanged";

	/* Nothing is mapped in the lower half while the idle task runs. */
	EXPECT_EQ(t, copy_from_user(buf, (void *)0x400000, 8), 8UL);	/* unmapped */
	EXPECT_EQ(t, copy_from_user(buf, (void *)buf, 8), 8UL);	/* kernel address */
	EXPECT_EQ(t, copy_from_user(buf, (void *)(1UL << 47), 8), 8UL);	/* non-canonical */
	EXPECT_EQ(t, copy_to_user((void *)(TASK_SIZE_MAX - 4), buf, 8), 8UL); /* straddles */
	EXPECT_EQ(t, copy_to_user((void *)-8UL, buf, 16), 16UL);	/* wraps around */
	EXPECT_EQ(t, copy_to_user((void *)0x400000, buf, 0), 0UL);	/* nothing to do */
	EXPECT_STREQ(t, buf, "unchanged");
}

SELFTEST(entry, kill_semantics)
{
	struct user_result r;

	if (!run_probe(t, "probe kill", &r))
		return;
	EXPECT_EQ(t, r.signal, SIGTERM);	/* only after every other check passed */
}

SELFTEST(entry, user_faults_become_signals)
{
	static const struct {
		const char *args;
		int signal;
		unsigned long addr;
	} cases[] = {
		{ "probe crash=ud2", SIGILL, 0 },
		{ "probe crash=int3", SIGTRAP, 0 },
		{ "probe crash=div0", SIGFPE, 0 },
		{ "probe crash=cli", SIGSEGV, 0 },
		{ "probe crash=kread", SIGSEGV, 0xffffffff80100000UL },
		{ "probe crash=kwrite", SIGSEGV, 0xffff888000100000UL },
	};
	struct user_result r;

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		if (!run_probe(t, cases[i].args, &r))
			return;
		EXPECT_EQ(t, r.signal, cases[i].signal);
		if (cases[i].addr)
			EXPECT_EQ(t, r.addr, cases[i].addr);
	}
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
}

SELFTEST(entry, ct_warn_stays_zero_through_benchmark)
{
	unsigned long warnings = this_cpu_read(ct.warnings);
	struct user_result r;

	if (!run_probe(t, "probe bench iters=20 reps=1", &r))
		return;
	bench_reset();	/* a self-test's figures are not the run's benchmark */
	EXPECT_EQ(t, r.status, 0);
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings);
	EXPECT_EQ(t, syscall_current_entry(), boot_entry_variant);	/* restored */
}

/*
 * IRETQ to ring 3 with a null SS raises #GP in ring 0, at irq_return_iret, with
 * the user's registers already popped: the bad-IRET path must turn that into a
 * SIGSEGV for the task (here, its death) with context tracking balanced.
 */
SELFTEST(entry, faulting_iret_becomes_sigsegv)
{
	const struct boot_module *m = boot_module("probe");
	unsigned long warnings = this_cpu_read(ct.warnings);
	struct task *task;
	const char *err;

	ASSERT_TRUE(t, m != NULL);
	task = task_create_process("badiret");
	ASSERT_TRUE(t, task != NULL);
	/* Here only: no other CPU may start it before its SS is broken below. */
	task->cpus_allowed = BIT(smp_processor_id());
	err = exec_image(task, phys_to_virt(m->start), m->end - m->start, "probe exit=0");
	EXPECT_TRUE(t, err == NULL);
	if (!err) {
		task->regs->ss = 0;
		task_run_to_exit(task);
		EXPECT_EQ(t, WTERMSIG(task->exit_code), SIGSEGV);
	}
	task_free(task);
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings);
	EXPECT_TRUE(t, rcu_is_watching());
}

SELFTEST(entry, tasks_free_everything)
{
	unsigned long before = pmm_free_frames();
	struct user_result r;

	if (run_probe(t, "probe syscalls n=1", &r))
		EXPECT_EQ(t, pmm_free_frames(), before);
}

/*
 * The _irqoff hooks check their precondition in a DEBUG_ENTRY build. Used right,
 * a pretend visit to user mode with IRQs off throughout, they say nothing; called
 * with IRQs on they warn. The misuse runs with the trackers switched off, so that
 * the state does not change and RCU never stops watching while IRQs are on.
 */
SELFTEST(entry, irqoff_hooks_assert_irqs_off)
{
#ifdef DEBUG_ENTRY
	unsigned long warnings = this_cpu_read(ct.warnings);
	bool ct = context_tracking_on(), rcu = rcu_eqs_on();

	local_irq_disable();
	user_enter_irqoff();			/* correct use: IRQs off */
	user_exit_irqoff();
	local_irq_enable();
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings);
	ASSERT_TRUE(t, trackers_switch(false, false));
	ct_warn_expected = true;
	user_exit_irqoff();			/* misuse: IRQs on */
	EXPECT_TRUE(t, trackers_switch(ct, rcu));
	EXPECT_EQ(t, this_cpu_read(ct.warnings), warnings + 1);
	EXPECT_FALSE(t, ct_warn_expected);	/* consumed by that warning */
	this_cpu_write(ct.warnings, warnings);	/* the warning was the point */
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
	EXPECT_TRUE(t, rcu_is_watching());
#else
	SKIP(t, "needs a DEBUG_ENTRY=1 build");
#endif
}
