// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel half of the syscall benchmark. The ring-3 program (bench/user/bench.c)
 * measures; this file switches rows for it, masks the timer while it measures,
 * collects what it reports and prints the table: ticks per call for each row and
 * operation, the difference from a base row, and one machine-readable line per
 * cell.
 *
 * Rows: every entry variant (difference from irqsave-outline, the design before
 * the 2016 patches), then the boot's variant twice more, once with context
 * tracking off and once with only the RCU tracker off (difference from that
 * variant): what each layer costs per syscall. Those two switch the trackers
 * while the benchmark's task is in the kernel and every other CPU is held in an
 * interrupt handler (trackers_switch()), so they measure on any number of CPUs.
 * Where the boot chose FRED, FRED is switched off on every CPU for the rows LSTAR
 * chooses and on for the fred row (select_events()): one boot measures them all.
 *
 * The calls that change the machine, a row's LSTAR and trackers, the timer and
 * the vDSO's clock reader, belong to the programs the kernel starts from boot
 * modules: init's threads, and the self-tests' probe before init. Any other
 * process (init's children among them) gets -EPERM: it could otherwise send
 * every later syscall of its CPU to the floor stub, or stop the tick. What was
 * changed is undone at BENCH_END on every CPU it was changed on, and by
 * bench_release() if the program ends before that.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/fred.h>
#include <asm/hypervisor.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/mitigations.h>
#include <asm/pmu.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <context_tracking.h>
#include <cputime.h>
#include <entry-common.h>
#include <errno.h>
#include <kernel.h>
#include <printk.h>
#include <rcu.h>
#include <sched.h>
#include <smp.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/bench.h>
#include <variants.h>
#include <vdso.h>

_Static_assert((int)BENCH_CLOCK_SYSCALL == VCLOCK_SYSCALL &&
	       (int)BENCH_CLOCK_STABLE == VCLOCK_STABLE &&
	       (int)BENCH_CLOCK_PERCPU == VCLOCK_PERCPU, "uapi/bench.h and vvar.h disagree");

struct bench_row {
	char name[48];		/* "irqoff-inline,rcu_eqs=off" */
	const char *what;
	unsigned int entry;	/* index into entry_variants[] */
	bool ct, rcu;		/* context tracking, RCU tracker: as booted, or off */
	bool vtime;		/* CPU time measured at each crossing (include/cputime.h) */
	bool rseq;		/* the program registers an rseq area (include/rseq.h) first */
	unsigned int base;	/* the row its difference is taken from */
};

static struct bench_row rows[BENCH_MAX_ROWS];
static unsigned long changed_cpus;	/* whose LSTAR, trackers or timer were changed */
static unsigned int nr_rows;
static bool boot_ct, boot_rcu;
static unsigned long events_switches;	/* fred_switch()es the rows made, both ways */

/*
 * The rows after the variants': the boot's variant with one layer changed, each
 * measured against it. ct and rcu: the tracker as booted, or off.
 */
static const struct layer_row {
	bool ct, rcu, vtime, rseq;
	bool fastpath;		/* the asm fast path's row, measured against the first of these */
	const char *suffix, *what;
} layer_rows[] = {
	{ .suffix = ",context_tracking=off",
	  .what = "the same, context tracking off (and the RCU tracker with it)" },
	{ .ct = true, .suffix = ",rcu_eqs=off",
	  .what = "the same, context tracking on, RCU tracker off" },
	/* Its fast path runs only untracked (Linux's TIF_NOHZ sent tracked tasks to C). */
	{ .fastpath = true, .suffix = ",context_tracking=off",
	  .what = "the asm fast path itself: context tracking off (and the RCU tracker)" },
	{ .ct = true, .rcu = true, .vtime = true, .suffix = ",cputime=exact",
	  .what = "the same, CPU time measured at each crossing (nohz_full's, cputime=exact)" },
	{ .ct = true, .rcu = true, .rseq = true, .suffix = ",rseq",
	  .what = "the same, with an rseq area registered (glibc registers one in every thread)" },
};
_Static_assert(NR_ENTRY_VARIANTS + ARRAY_SIZE(layer_rows) <= BENCH_MAX_ROWS,
	       "the benchmark's rows must fit BENCH_MAX_ROWS (include/uapi/bench.h)");

static void add_row(unsigned int entry, bool ct, bool rcu, bool vtime, bool rseq,
		    unsigned int base, const char *what, const char *suffix)
{
	struct bench_row *row = &rows[nr_rows++];

	*row = (struct bench_row){ .entry = entry, .ct = ct, .rcu = rcu, .vtime = vtime,
				   .rseq = rseq, .base = base, .what = what };
	snprintf(row->name, sizeof(row->name), "%s%s", entry_variants[entry].name, suffix);
}

/*
 * Does one RDTSC tick count one instruction? Under QEMU's icount (shift=0) it
 * does: then a run of 128 NOPs between two reads takes exactly 64 ticks more than
 * a run of 64, every time, which no clock of a real CPU does (it retires NOPs
 * several a cycle, and its TSC ticks at its own rate).
 */
static bool tsc_counts_instructions(void)
{
	for (int i = 0; i < 3; i++) {
		u64 t0, t1, t2;

		asm volatile("rdtsc; shl $32, %%rdx; or %%rdx, %%rax; mov %%rax, %%rsi\n\t"
			     ".rept 64; nop; .endr\n\t"
			     "rdtsc; shl $32, %%rdx; or %%rdx, %%rax; mov %%rax, %%rdi\n\t"
			     ".rept 128; nop; .endr\n\t"
			     "rdtsc; shl $32, %%rdx; or %%rdx, %%rax"
			     : "=a"(t2), "=S"(t0), "=D"(t1) : : "rdx");
		if ((t2 - t1) - (t1 - t0) != 64 || t1 - t0 < 64 || t1 - t0 > 72)
			return false;
	}
	return true;
}

/*
 * Under Bochs (under_bochs(), arch/x86/hypervisor.c) the TSC is the emulator's
 * instruction count (on one CPU: make bench under Bochs measures on one), though
 * Bochs 3.0 charges a RDTSC a few ticks more or less now and then (64 NOPs read 75),
 * which tsc_counts_instructions()'s exact test refuses.
 */

/* What the figures count, said in the tables and the results block. */
static const char *tick_unit;
static bool ticks_are_instructions, bochs;
/* The counters BENCH_BEGIN programmed (the same on every CPU): BENCH_PMU's answer. */
static struct bench_pmu pmu_counters;

/*
 * What a TSC tick is here. A hypervisor that runs the guest on the CPU (KVM, Hyper-V,
 * VMware, Xen, VirtualBox) passes the host's TSC through, offset and perhaps scaled:
 * cycles at the TSC's rate. QEMU's TCG, which emulates, follows host time, and so does
 * a hypervisor that names itself to no one; under icount or Bochs a tick is one
 * instruction.
 */
static const char *clock_unit(const struct hypervisor_info *hv)
{
	static char unit[96];

	if (ticks_are_instructions)
		return "instructions (QEMU icount or Bochs: one TSC tick per instruction), "
		       "not cycles";
	switch (hv->kind) {
	case HV_NONE:
		return "TSC ticks: cycles at the TSC's rate, not the core clock";
	case HV_QEMU_TCG:
	case HV_OTHER:
		return "RDTSC ticks of a hypervisor (QEMU TCG without icount: host time, "
		       "not the work)";
	default:
		snprintf(unit, sizeof(unit), "TSC ticks under %s: cycles at the TSC's rate",
			 hv->name);
		return unit;
	}
}

/* After syscall_init() (the variants' names) and context_tracking_init(). */
void bench_init(void)
{
	unsigned int v = boot_entry_variant;

	bochs = under_bochs();
	ticks_are_instructions = tsc_counts_instructions() || bochs;	/* Bochs: on one CPU */
	pmu_init();
	tick_unit = clock_unit(hypervisor());

	boot_ct = context_tracking_on();
	boot_rcu = rcu_eqs_on();
	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		add_row(i, boot_ct, boot_rcu, false, false, 0, entry_variants[i].what, "");
	for (const struct layer_row *l = layer_rows; l < layer_rows + ARRAY_SIZE(layer_rows); l++)
		add_row(l->fastpath ? ENTRY_ASM_FASTPATH : v, l->ct && boot_ct, l->rcu && boot_rcu,
			l->vtime, l->rseq, l->fastpath ? NR_ENTRY_VARIANTS : v, l->what, l->suffix);
}

/*
 * Does row v take its own path for a #PF from ring 3? The fault never runs the
 * SYSCALL stub LSTAR names: every row enters it by the IDT's stub (or FRED's) and
 * the default variant's irqentry hooks (entry/irq.c), and only the trackers, the
 * CPU-time mode and an rseq area change those. So the boot's row and the rows
 * that change one of them on it measure the fault ops; a row that differs from
 * one of those in its SYSCALL stub alone (another variant, the asm fast path
 * untracked) would repeat a figure, and prints why it has none
 * (bench_print_results()).
 */
static bool row_measures_faults(unsigned int v)
{
	return v == boot_entry_variant ||
	       (v >= NR_ENTRY_VARIANTS && rows[v].entry == boot_entry_variant);
}

/*
 * What row v can measure: the floor serves "invalid" only (it returns -ENOSYS for
 * everything). A tracker row needs one CPU, and a tracker on at boot to turn off;
 * the rseq row is the boot's row with the program's area registered. The fault
 * ops: row_measures_faults().
 */
static long row_ops(unsigned int v)
{
	const struct bench_row *row = &rows[v];
	long all = BIT(BENCH_NR_OPS) - 1;

	if (!row_measures_faults(v))
		all &= ~BENCH_FAULT_OPS;
	/*
	 * The fred row where the boot chose FRED; the rows LSTAR chooses run with FRED
	 * switched off for them (select_events()).
	 */
	if (entry_variants[row->entry].fred)
		return boot_cpu.fred_why ? 0 : BIT(BENCH_NR_OPS) - 1;
	if (!entry_variant_runs(row->entry))
		return 0;
	if (entry_variants[row->entry].floor)
		return BIT(BENCH_OP_INVALID);
	if (row->rseq)
		return all | BENCH_ROW_RSEQ;
	if (v >= NR_ENTRY_VARIANTS &&
	    row->ct == boot_ct && row->rcu == boot_rcu && row->vtime == vtime_boot_exact())
		return 0;
	return all;
}

/* This CPU's LSTAR and CPU-time accounting: the parts of a row that are per CPU. */
static void select_row_here(const struct bench_row *row)
{
	syscall_select_entry(row->entry);
	vtime_select_this_cpu(row->vtime);
}

/*
 * The trackers are every CPU's: switched with the others held, and only if they change.
 * False if another CPU could not be held (smp_call_with_others_held() says so).
 */
static bool select_trackers(bool ct, bool rcu)
{
	return (ct == context_tracking_on() && rcu == rcu_eqs_on()) || trackers_switch(ct, rcu);
}

/*
 * How events are delivered: by FRED for the fred row, by the IDT and SYSCALL for the
 * others, on every CPU (fred_switch()). A CPU with FRED never reads LSTAR, so a boot
 * that chose FRED switches it off for the rows LSTAR chooses and on again for the
 * fred row and at the end. @regs: the control call's, which cannot go back through
 * its stub after a switch, and then this returns only if nothing was switched; NULL
 * where no return to ring 3 follows. Returns 0 or fred_switch()'s error.
 */
static long select_events(bool fred, struct pt_regs *regs)
{
	long err;

	if (boot_cpu.fred_why || fred == boot_cpu.fred)
		return 0;
	err = fred_switch(fred);
	if (err || !regs)
		return err;
	events_switches++;
	regs->ax = 0;
	syscall_return_to_user(regs);
}

/* Only a boot program's threads change rows, the timer or the clock reader. */
static bool may_control(void)
{
	return current->signal->boot_program;
}

static void mark_changed(void)
{
	__atomic_or_fetch(&changed_cpus, BIT(smp_processor_id()), __ATOMIC_RELAXED);
}

/* On each CPU changed: the boot's row, the tick and no ring-3 RDPMC, as before BENCH_BEGIN. */
static void restore_here(void *arg)
{
	select_row_here(&rows[boot_entry_variant]);
	lapic_timer_start(TIMER_HZ);
	pmu_bench_stop();
}

/*
 * Undoes every change, on each CPU one was made on; returns those CPUs. Events go
 * back to FRED last (@regs as for select_events(): then it does not return).
 */
static unsigned long restore_all(struct pt_regs *regs)
{
	unsigned long cpus = __atomic_exchange_n(&changed_cpus, 0, __ATOMIC_RELAXED);

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpus & BIT(cpu))
			smp_call_function_single(cpu, restore_here, NULL, true);
	if (cpus) {
		vtime_key_select(false);	/* after the flags it guards */
		select_trackers(boot_ct, boot_rcu);
	}
	vclock_set_mode(vclock_boot_mode);
	if (select_events(!boot_cpu.fred_why, regs))
		printk("bench: events stay delivered by the IDT: another task or CPU is busy\n");
	return cpus;
}

/* Reads back what restore_here() set on the calling CPU. */
static void report_here(void *arg)
{
	unsigned int entry = syscall_current_entry();

	printk("bench: CPU %u: entry %s, timer %s\n", smp_processor_id(),
	       entry < NR_ENTRY_VARIANTS ? entry_variants[entry].name : "unknown",
	       lapic_timer_running() ? "running" : "STOPPED");
}

void bench_release(const char *who)
{
	unsigned long cpus = restore_all(NULL);

	if (!cpus)
		return;
	printk("bench: %s ended between BENCH_BEGIN and BENCH_END; restored:\n", who);
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpus & BIT(cpu))
			smp_call_function_single(cpu, report_here, NULL, true);
}

#define OP_NAME(id, name)	[BENCH_OP_##id] = name,
static const char *const op_names[BENCH_NR_OPS] = { BENCH_OPS_LIST(OP_NAME) };

static struct cell {
	bool valid;
	unsigned long iters;
	struct bench_result r;
} cells[BENCH_MAX_ROWS][BENCH_NR_OPS];

_Static_assert(BENCH_NR_OPS < 64, "BENCH_OPS returns the ops as a bit mask");

static bool tick_count_sane(long long ticks)
{
	return ticks > -(1LL << 40) && ticks < (1LL << 40);
}

/* BENCH_OPS: the ops row v can measure, as a mask. */
static long bench_ops(unsigned long v)
{
	if (v >= nr_rows)
		return -EINVAL;
	return row_ops(v);
}

/* BENCH_SELECT: row v's LSTAR and trackers on this CPU, and its events on every CPU. */
static long bench_select(unsigned long v, struct pt_regs *regs)
{
	if (v >= nr_rows || !row_ops(v))
		return -EINVAL;
	mark_changed();
	/*
	 * A CPU whose flag is set always finds the key on: the key goes on before
	 * the flag is set, and off only after it is cleared.
	 */
	if (rows[v].vtime && !vtime_key_select(true))
		return -EBUSY;
	select_row_here(&rows[v]);
	if (!rows[v].vtime && !vtime_key_select(false))
		return -EBUSY;
	if (!select_trackers(rows[v].ct, rows[v].rcu))
		return -EBUSY;
	return select_events(entry_variants[rows[v].entry].fred, regs);
}

/* BENCH_BEGIN: no tick, and ring-3 RDPMC of the counters BENCH_PMU names. */
static long bench_begin(void)
{
	mark_changed();
	lapic_timer_stop();
	pmu_bench_start(&pmu_counters);
	return 0;
}

/* BENCH_PMU: the counters this CPU counts, if the benchmark's BENCH_BEGIN ran here. */
static long bench_pmu(struct bench_pmu __user *out)
{
	if (!(read_cr4() & X86_CR4_PCE))
		return -ENODEV;
	if (copy_to_user(out, &pmu_counters, sizeof(pmu_counters)))
		return -EFAULT;
	return 0;
}

/* BENCH_REPORT: a cell of the table, bounded so its arithmetic cannot overflow or divide by 0. */
static long bench_report(unsigned long v, unsigned long op, unsigned long iters,
			 const struct bench_result __user *result)
{
	struct bench_result r;

	if (v >= nr_rows || op >= BENCH_NR_OPS || !iters || iters > BENCH_MAX_ITERS)
		return -EINVAL;
	if (copy_from_user(&r, result, sizeof(r)))
		return -EFAULT;
	if (!r.reps || r.reps > BENCH_MAX_REPS || !tick_count_sane(r.min_ticks) ||
	    !tick_count_sane(r.median_ticks) || !tick_count_sane(r.min_cycles) ||
	    !tick_count_sane(r.min_instructions))
		return -EINVAL;
	cells[v][op] = (struct cell){ true, iters, r };
	return 0;
}

/* The commands that change the machine or the table: a boot program's alone. */
#define BENCH_CONTROLS	(BIT(BENCH_SELECT) | BIT(BENCH_BEGIN) | BIT(BENCH_END) | \
			 BIT(BENCH_CLOCK) | BIT(BENCH_REPORT))

/* The control call, include/uapi/bench.h: (cmd, v, op, iters, result) in di, si, dx, r10, r8. */
long sys_entrylab_bench(struct pt_regs *regs)
{
	unsigned long cmd = regs->di, v = regs->si;

	if (cmd < BENCH_NR_CMDS && (BENCH_CONTROLS & BIT(cmd)) && !may_control())
		return -EPERM;
	switch (cmd) {
	case BENCH_ROWS:
		return nr_rows;
	case BENCH_OPS:
		return bench_ops(v);
	case BENCH_SELECT:
		return bench_select(v, regs);
	case BENCH_BEGIN:
		return bench_begin();
	case BENCH_PMU:
		return bench_pmu((struct bench_pmu __user *)v);
	case BENCH_NS:
		return !tsc_khz_guessed && !ticks_are_instructions;
	case BENCH_END:
		restore_all(regs);
		return 0;
	case BENCH_CLOCK:
		return vclock_set_mode(v);
	case BENCH_CLOCK_SYSCALLS:
		return current->clock_syscalls;
	case BENCH_BOOT_ROW:
		return boot_entry_variant;
	case BENCH_REPORT:
		return bench_report(v, regs->dx, regs->r10,
				    (const struct bench_result __user *)regs->r8);
	}
	return -EINVAL;
}

void bench_reset(void)
{
	memset(cells, 0, sizeof(cells));
}

/* "123.45": ticks/iters with two decimals, sign kept. Returns buf. */
static const char *fmt_per_call(char *buf, size_t size, long long ticks, unsigned long iters)
{
	unsigned long long a = ticks < 0 ? -ticks : ticks;
	unsigned long long hundredths = (a * 100 + iters / 2) / iters;

	snprintf(buf, size, "%s%llu.%02llu", ticks < 0 ? "-" : "", hundredths / 100,
		 hundredths % 100);
	return buf;
}

static void fmt_delta(char *buf, size_t size, const struct cell *c, const struct cell *base)
{
	long long d = c->r.min_ticks * (long long)base->iters -
		      base->r.min_ticks * (long long)c->iters;
	long long denom = base->r.min_ticks * (long long)c->iters;
	unsigned long long ad = d < 0 ? -d : d, aden = denom < 0 ? -denom : denom;
	unsigned long long permille;
	char per[32];

	if (!denom) {
		snprintf(buf, size, "-");
		return;
	}
	/* d / (base.iters * c.iters) ticks per call; the change in % of the base, rounded. */
	fmt_per_call(per, sizeof(per), d, base->iters * c->iters);
	permille = (ad * 1000 + aden / 2) / aden;
	snprintf(buf, size, "%s%s (%c%llu.%llu%%)", d >= 0 ? "+" : "", per, d < 0 ? '-' : '+',
		 permille / 10, permille % 10);
}

/*
 * "12.34 ns" for ticks/iters at the calibrated TSC rate, or "" when the rate is
 * a guess (apic.c) or the ticks are instructions: a user reading the table must not
 * take it for a measurement.
 */
static const char *fmt_ns(char *buf, size_t size, long long ticks, unsigned long iters)
{
	if (tsc_khz_guessed || ticks_are_instructions || ticks < 0) {
		buf[0] = '\0';
		return buf;
	}
	/* ticks / iters / khz * 10^6 ns, in hundredths. */
	return fmt_per_call(buf, size, ticks * 1000000LL / (long long)tsc_khz, iters);
}

/*
 * The counters the benchmark reads beside the TSC (arch/x86/pmu.c), or why none:
 * QEMU's TCG has none, so there the figures are TSC ticks or icount's instructions.
 */
static void print_pmu(const char *prefix)
{
	if (pmu.kind == PMU_NONE)
		printk("%spmu: none (%s)\n", prefix, pmu.why);
	else
		printk("%spmu: %s v%u, %u-bit: core cycles and instructions retired per call\n",
		       prefix, pmu.kind == PMU_INTEL_ARCH ? "Intel architectural fixed counters" :
		       pmu.kind == PMU_AMD_CORE ? "AMD core counters" : "AMD legacy counters",
		       pmu.version, pmu.width);
}

/* " cycles 123.45 instructions 67.00" where the PMU counted the cell; else nothing. */
static void print_pmu_cell(const char *cycles, const char *instructions, const struct cell *c)
{
	char a[32], b[32];

	if (c->r.min_cycles < 0 || c->r.min_instructions < 0)
		return;
	printk("%s%s%s%s", cycles, fmt_per_call(a, sizeof(a), c->r.min_cycles, c->iters),
	       instructions, fmt_per_call(b, sizeof(b), c->r.min_instructions, c->iters));
}

/* What a reader of the figures needs to know about the machine and the kernel. */
static void print_machine(const char *prefix)
{
	char mit[96];

	printk("%sCPU %s \"%s\" family %u model %u stepping %u, microcode ", prefix,
	       boot_cpu.vendor, boot_cpu.model, boot_cpu.family, boot_cpu.model_id,
	       boot_cpu.stepping);
	if (boot_cpu.microcode_known)
		printk("0x%x\n", boot_cpu.microcode);
	else
		printk("not readable\n");
	/*
	 * A hypervisor shows CPUID 0x80000007 EDX[8] only when told to (QEMU's +invtsc,
	 * which also pins the guest to hosts of one TSC rate): its absence there says
	 * nothing about the host's TSC.
	 */
	printk("%sTSC %lu.%03lu MHz (%s), %s, %s%s\n", prefix, (unsigned long)(tsc_khz / 1000),
	       (unsigned long)(tsc_khz % 1000), tsc_khz_source,
	       boot_cpu.invariant_tsc ? "invariant" :
	       boot_cpu.hypervisor ? "invariance not shown by the hypervisor (QEMU: +invtsc)" :
	       "not invariant (may change with P-states)",
	       boot_cpu.hypervisor ? "under " : "", boot_cpu.hypervisor ? hypervisor()->name :
	       bochs ? "Bochs (its port 0xE9 answers), an emulator" :
	       ticks_are_instructions ? "an emulator (no CPU's TSC counts instructions)" :
	       "no hypervisor (bare metal)");
	print_pmu(prefix);
	mitigations_name(mit, sizeof(mit));
	printk("%sentry %s, context tracking %s, RCU tracker %s, irq_restore=%s, %u CPU(s); "
	       "mitigations %s\n", prefix, rows[boot_entry_variant].name, boot_ct ? "on" : "off",
	       boot_rcu ? "on" : "off", irq_restore_sti ? "sti" : "popf", num_online_cpus(), mit);
	if (!boot_cpu.fred_why)		/* the boot chose FRED: one boot, both ways in */
		printk("%sevents: FRED in the fred row; in the others the IDT and SYSCALL, FRED "
		       "switched off for them on every CPU at run time (%lu switches, "
		       "arch/x86/fred.c)\n", prefix, events_switches);
}

/*
 * Why row v has no figure at all, or NULL if it has one: the tables print it in place
 * of the figures, so that no row is a name alone. row_ops()'s refusals, in its order;
 * a row it allows and the program left out is init's rows=boot (a mitigation table
 * cell). Called after the program reported (bench_print_results()).
 */
static const char *row_unmeasured_why(unsigned int v)
{
	const struct bench_row *row = &rows[v];
	static char why[96];

	for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
		if (cells[v][op].valid)
			return NULL;
	if (entry_variants[row->entry].fred && !boot_cpu.fred)
		return boot_cpu.fred_why;
	if (!entry_variants[row->entry].fred && boot_cpu.fred)
		return "FRED is on, so no SYSCALL reads LSTAR (a fred=off boot measures it)";
	if (!entry_variant_runs(row->entry))
		return "it runs only with mitigations=off (its stub has no mitigation sites)";
	if (!row_ops(v)) {
		snprintf(why, sizeof(why), "this boot's settings: it would repeat %s",
			 rows[boot_entry_variant].name);
		return why;
	}
	return "the program measured none of its ops (init's rows=boot: the boot's row alone)";
}

/* What a figure counts, for the tables' headers: "instructions" or "TSC ticks". */
static const char *figure_unit(void)
{
	return ticks_are_instructions ? "instructions" : "TSC ticks";
}

/*
 * The end: every row's minimum ticks per call, and ns where the TSC rate was
 * measured, fenced so that it can be copied from a serial log or photographed
 * from the screen whole. docs/benchmarks.md says where it goes.
 */
static void print_results_block(void)
{
	char t[32], n[32];

	printk("bench: ----------------- entrylab results: copy from here -----------------\n");
	print_machine("results: ");
	printk("results: clock: %s\n", tick_unit);
	printk("results: %-36s op: %s per call%s\n", "row", figure_unit(),
	       tsc_khz_guessed || ticks_are_instructions ? "" : " (ns)");
	for (unsigned int v = 0; v < nr_rows; v++) {
		printk("results: %-36s", rows[v].name);
		if (row_unmeasured_why(v))
			printk(" not measured: %s", row_unmeasured_why(v));
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			const struct cell *c = &cells[v][op];

			if (!c->valid)
				continue;
			fmt_ns(n, sizeof(n), c->r.min_ticks, c->iters);
			printk(" %s %s%s%s%s", op_names[op],
			       fmt_per_call(t, sizeof(t), c->r.min_ticks, c->iters),
			       n[0] ? " (" : "", n, n[0] ? ")" : "");
			print_pmu_cell(" [cycles ", " instructions ", c);
			if (c->r.min_cycles >= 0)
				printk("]");
		}
		printk("\n");
	}
	printk("bench: ----------------------- end of results -----------------------\n");
}

/*
 * Why a row that measured syscalls has no fault figures (row_measures_faults()):
 * said once, if any such row was printed.
 */
static void print_fault_reason(void)
{
	for (unsigned int v = 0; v < nr_rows; v++) {
		bool syscalls = false, faults = false;

		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			if (!cells[v][op].valid)
				continue;
			if (BENCH_FAULT_OPS & BIT(op))
				faults = true;
			else
				syscalls = true;
		}
		if (syscalls && !faults) {
			printk("bench: fault-read, fault-write: '-' where a row differs only in its "
			       "SYSCALL stub from\n"
			       "bench: one that measures them: a #PF enters by the IDT (or FRED) and "
			       "the default's\n"
			       "bench: irqentry hooks whatever LSTAR names; %s and its tracker rows "
			       "measure it.\n", rows[boot_entry_variant].name);
			return;
		}
	}
}

/* Called after init exits: prints what it reported, if anything. */
void bench_print_results(void)
{
	bool any = false;
	char a[32], b[48];

	for (unsigned int v = 0; v < nr_rows; v++)
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
			any |= cells[v][op].valid;
	if (!any)
		return;

	print_machine("bench: ");
	printk("\nbench: clock: %s\n", tick_unit);
	printk("bench: %s per call, minimum over the repetitions, empty loop subtracted\n"
	       "bench: (fault-read, fault-write: per page of a fresh mapping, less the same loop\n"
	       "bench: over the pages just touched); difference from %s (the tracker rows:\n"
	       "bench: from %s). Timer tick masked while measuring.\n", figure_unit(),
	       rows[0].name, rows[boot_entry_variant].name);
	printk("bench: %-36s", "variant");
	for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
		printk(" %10s %-22s", op_names[op], "");
	printk("\n");
	for (unsigned int v = 0; v < nr_rows; v++) {
		const struct cell *base = cells[rows[v].base];

		printk("bench: %-36s", rows[v].name);
		if (row_unmeasured_why(v)) {
			printk(" not measured: %s\n", row_unmeasured_why(v));
			continue;
		}
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			const struct cell *c = &cells[v][op];

			if (!c->valid) {
				printk(" %10s %-22s", "-", "");
				continue;
			}
			fmt_per_call(a, sizeof(a), c->r.min_ticks, c->iters);
			if (v != rows[v].base && base[op].valid)
				fmt_delta(b, sizeof(b), c, &base[op]);
			else
				b[0] = '\0';
			printk(" %10s %-22s", a, b);
		}
		printk("\n");
	}
	for (unsigned int v = 0; v < nr_rows; v++)
		printk("bench: %-36s %s\n", rows[v].name, rows[v].what);
	print_fault_reason();

	for (unsigned int v = 0; v < nr_rows; v++) {
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			const struct cell *c = &cells[v][op];

			if (!c->valid)
				continue;
			printk("bench variant=%s op=%s iters=%lu ticks_per_call=%s "
			       "median=%s reps=%lu",
			       rows[v].name, op_names[op], c->iters,
			       fmt_per_call(a, sizeof(a), c->r.min_ticks, c->iters),
			       fmt_per_call(b, sizeof(b), c->r.median_ticks, c->iters), c->r.reps);
			if (*fmt_ns(a, sizeof(a), c->r.min_ticks, c->iters))
				printk(" ns_per_call=%s", a);
			print_pmu_cell(" pmu_cycles_per_call=", " pmu_instructions_per_call=", c);
			printk("\n");
		}
	}
	printk("bench: CT_WARN_ON count %lu\n", ct_warnings_total());
	print_results_block();
}
