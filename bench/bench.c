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
 * while the benchmark's task is in the kernel, which is safe on one CPU only
 * (trackers_set()), so with more CPUs online they measure nothing.
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
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/mitigations.h>
#include <asm/pmu.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <context_tracking.h>
#include <cputime.h>
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
 * Is this Bochs? Its models copy real parts' CPUID, hypervisor bit clear, so the one
 * sign is its debug port: with "port_e9_hack" on (scripts/bochs.sh sets it) a read of
 * port 0xE9 answers 0xE9, where a PC's unclaimed port reads 0xFF. There the TSC is
 * the emulator's instruction count (on one CPU: make bench under Bochs measures on
 * one), though Bochs 3.0 charges a RDTSC a few ticks more or less now and then
 * (64 NOPs read 75), which tsc_counts_instructions()'s exact test refuses.
 */
#define BOCHS_E9_PORT	0xe9

static bool under_bochs(void)
{
	return inb(BOCHS_E9_PORT) == BOCHS_E9_PORT;
}

/* Is this KVM (CPUID's hypervisor leaf says "KVMKVMKVM")? */
static bool under_kvm(void)
{
	struct cpuid_regs r = cpuid(0x40000000);

	return boot_cpu.hypervisor && !memcmp(&r.ebx, "KVMK", 4) && !memcmp(&r.ecx, "VMKV", 4);
}

/* What the figures count, said in the tables and the results block. */
static const char *tick_unit;
static bool ticks_are_instructions, bochs;
/* The counters BENCH_BEGIN programmed (the same on every CPU): BENCH_PMU's answer. */
static struct bench_pmu pmu_counters;

/* After syscall_init() (the variants' names) and context_tracking_init(). */
void bench_init(void)
{
	unsigned int v = boot_entry_variant;

	bochs = under_bochs();
	ticks_are_instructions = tsc_counts_instructions() || bochs;	/* Bochs: on one CPU */
	pmu_init();
	tick_unit = ticks_are_instructions ?
		"instructions (QEMU icount or Bochs: one TSC tick per instruction), not cycles" :
		under_kvm() ? "TSC ticks under KVM: cycles at the TSC's rate" :
		!boot_cpu.hypervisor ? "TSC ticks: cycles at the TSC's rate, not the core clock" :
		"RDTSC ticks of a hypervisor (QEMU TCG without icount: host time, not the work)";

	boot_ct = context_tracking_on;
	boot_rcu = rcu_eqs_on;
	for (unsigned int i = 0; i < NR_ENTRY_VARIANTS; i++)
		add_row(i, boot_ct, boot_rcu, false, false, 0, entry_variants[i].what, "");
	for (const struct layer_row *l = layer_rows; l < layer_rows + ARRAY_SIZE(layer_rows); l++)
		add_row(l->fastpath ? ENTRY_ASM_FASTPATH : v, l->ct && boot_ct, l->rcu && boot_rcu,
			l->vtime, l->rseq, l->fastpath ? NR_ENTRY_VARIANTS : v, l->what, l->suffix);
}

/*
 * What row v can measure: the floor serves "invalid" only (it returns -ENOSYS for
 * everything). A tracker row needs one CPU, and a tracker on at boot to turn off;
 * the rseq row is the boot's row with the program's area registered.
 */
static long row_ops(unsigned int v)
{
	const struct bench_row *row = &rows[v];

	/* With FRED every SYSCALL is an event: no LSTAR row means what it says. */
	if (entry_variants[row->entry].fred)
		return boot_cpu.fred ? BIT(BENCH_NR_OPS) - 1 : 0;
	if (boot_cpu.fred)
		return 0;
	if (!entry_variant_runs(row->entry))
		return 0;
	if (entry_variants[row->entry].floor)
		return BIT(BENCH_OP_INVALID);
	if (row->rseq)
		return (BIT(BENCH_NR_OPS) - 1) | BENCH_ROW_RSEQ;
	if (v >= NR_ENTRY_VARIANTS &&
	    (num_online_cpus() > 1 ||
	     (row->ct == boot_ct && row->rcu == boot_rcu && row->vtime == vtime_boot_exact())))
		return 0;
	return BIT(BENCH_NR_OPS) - 1;
}

/* The benchmark's task is in the kernel: both trackers' states are consistent. */
static void select_row(const struct bench_row *row)
{
	syscall_select_entry(row->entry);
	trackers_set(row->ct, row->rcu);
	vtime_select_this_cpu(row->vtime);
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
	select_row(&rows[boot_entry_variant]);
	lapic_timer_start(TIMER_HZ);
	pmu_bench_stop();
}

/* Undoes every change, on each CPU one was made on; returns those CPUs. */
static unsigned long restore_all(void)
{
	unsigned long cpus = __atomic_exchange_n(&changed_cpus, 0, __ATOMIC_RELAXED);

	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpus & BIT(cpu))
			smp_call_function_single(cpu, restore_here, NULL, true);
	vclock_set_mode(vclock_boot_mode);
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
	unsigned long cpus = restore_all();

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

/* BENCH_SELECT: row v's LSTAR and trackers on this CPU. */
static long bench_select(unsigned long v)
{
	if (v >= nr_rows || !row_ops(v))
		return -EINVAL;
	mark_changed();
	select_row(&rows[v]);
	return 0;
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
		return bench_select(v);
	case BENCH_BEGIN:
		return bench_begin();
	case BENCH_PMU:
		return bench_pmu((struct bench_pmu __user *)v);
	case BENCH_NS:
		return !tsc_khz_guessed && !ticks_are_instructions;
	case BENCH_END:
		restore_all();
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
		       "AMD core counters", pmu.version, pmu.width);
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
	printk("%sTSC %lu.%03lu MHz (%s), %s, %s\n", prefix, (unsigned long)(tsc_khz / 1000),
	       (unsigned long)(tsc_khz % 1000), tsc_khz_source,
	       boot_cpu.invariant_tsc ? "invariant" : "not invariant (may change with P-states)",
	       boot_cpu.hypervisor ? "under a hypervisor" :
	       bochs ? "Bochs (its port 0xE9 answers), an emulator" :
	       ticks_are_instructions ? "an emulator (no CPU's TSC counts instructions)" :
	       "no hypervisor (bare metal)");
	print_pmu(prefix);
	mitigations_name(mit, sizeof(mit));
	printk("%sentry %s, context tracking %s, RCU tracker %s, irq_restore=%s, %u CPU(s); "
	       "mitigations %s\n", prefix, rows[boot_entry_variant].name, boot_ct ? "on" : "off",
	       boot_rcu ? "on" : "off", irq_restore_sti ? "sti" : "popf", num_online_cpus(), mit);
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
	printk("results: %-36s %s\n", "row", "op: ticks per call (ns)");
	for (unsigned int v = 0; v < nr_rows; v++) {
		printk("results: %-36s", rows[v].name);
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
	printk("bench: RDTSC ticks per call, minimum over the repetitions, empty loop subtracted;\n"
	       "bench: difference from %s (the tracker rows: from %s). Timer tick masked\n"
	       "bench: while measuring.\n", rows[0].name, rows[boot_entry_variant].name);
	printk("bench: %-36s", "variant");
	for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
		printk(" %10s %-22s", op_names[op], "");
	printk("\n");
	for (unsigned int v = 0; v < nr_rows; v++) {
		const struct cell *base = cells[rows[v].base];

		printk("bench: %-36s", rows[v].name);
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
