// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel half of the syscall benchmark. The ring-3 program (user/init.c)
 * measures; this file switches entry variants for it, masks the timer while it
 * measures, collects what it reports and prints the table: ticks per call for
 * each variant and operation, the difference from irqsave-outline (the design
 * before the 2016 patches), and one machine-readable line per cell.
 */
#include <asm/apic.h>
#include <asm/syscall.h>
#include <asm/uaccess.h>
#include <context_tracking.h>
#include <errno.h>
#include <printk.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/bench.h>

#define OP_NAME(id, name)	[BENCH_OP_##id] = name,
static const char *const op_names[BENCH_NR_OPS] = { BENCH_OPS_LIST(OP_NAME) };

static struct cell {
	bool valid;
	unsigned long iters;
	struct bench_result r;
} cells[BENCH_MAX_VARIANTS][BENCH_NR_OPS];

_Static_assert(BENCH_NR_OPS < 64, "BENCH_OPS returns the ops as a bit mask");

static bool tick_count_sane(long long ticks)
{
	return ticks > -(1LL << 40) && ticks < (1LL << 40);
}

long sys_entrylab_bench(struct pt_regs *regs)
{
	unsigned long v = regs->si, op = regs->dx;
	struct bench_result r;

	switch (regs->di) {
	case BENCH_VARIANTS:
		return nr_entry_variants;
	case BENCH_OPS:
		if (v >= nr_entry_variants)
			return -EINVAL;
		/* The floor returns -ENOSYS for everything: it serves "invalid" only. */
		return entry_variants[v].floor ? BIT(BENCH_OP_INVALID) : BIT(BENCH_NR_OPS) - 1;
	case BENCH_SELECT:
		if (v >= nr_entry_variants)
			return -EINVAL;
		syscall_select_entry(v);
		return 0;
	case BENCH_BEGIN:
		lapic_timer_stop();
		return 0;
	case BENCH_END:
		syscall_select_entry(boot_entry_variant);
		lapic_timer_start(TIMER_HZ);
		return 0;
	case BENCH_REPORT:
		if (v >= nr_entry_variants || op >= BENCH_NR_OPS ||
		    !regs->r10 || regs->r10 > BENCH_MAX_ITERS)
			return -EINVAL;
		if (copy_from_user(&r, (const void __user *)regs->r8, sizeof(r)))
			return -EFAULT;
		/* Bounded so the table's arithmetic cannot overflow or divide by zero. */
		if (!r.reps || r.reps > BENCH_MAX_REPS || !tick_count_sane(r.min_ticks) ||
		    !tick_count_sane(r.median_ticks))
			return -EINVAL;
		cells[v][op] = (struct cell){ true, regs->r10, r };
		return 0;
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

/* Called after init exits: prints what it reported, if anything. */
void bench_print_results(void)
{
	const struct cell *base = cells[0];
	bool any = false;
	char a[32], b[48];

	for (unsigned int v = 0; v < nr_entry_variants; v++)
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
			any |= cells[v][op].valid;
	if (!any)
		return;

	printk("\nbench: RDTSC ticks per call, minimum over the repetitions, empty loop subtracted;\n"
	       "bench: difference from %s. Timer tick masked while measuring.\n",
	       entry_variants[0].name);
	printk("bench: %-16s", "variant");
	for (unsigned int op = 0; op < BENCH_NR_OPS; op++)
		printk(" %10s %-22s", op_names[op], "");
	printk("\n");
	for (unsigned int v = 0; v < nr_entry_variants; v++) {
		printk("bench: %-16s", entry_variants[v].name);
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			const struct cell *c = &cells[v][op];

			if (!c->valid) {
				printk(" %10s %-22s", "-", "");
				continue;
			}
			fmt_per_call(a, sizeof(a), c->r.min_ticks, c->iters);
			if (v && base[op].valid)
				fmt_delta(b, sizeof(b), c, &base[op]);
			else
				b[0] = '\0';
			printk(" %10s %-22s", a, b);
		}
		printk("\n");
	}
	for (unsigned int v = 0; v < nr_entry_variants; v++)
		printk("bench: %-16s %s\n", entry_variants[v].name, entry_variants[v].what);

	for (unsigned int v = 0; v < nr_entry_variants; v++) {
		for (unsigned int op = 0; op < BENCH_NR_OPS; op++) {
			const struct cell *c = &cells[v][op];

			if (!c->valid)
				continue;
			printk("bench variant=%s op=%s iters=%lu ticks_per_call=%s median=%s reps=%lu\n",
			       entry_variants[v].name, op_names[op], c->iters,
			       fmt_per_call(a, sizeof(a), c->r.min_ticks, c->iters),
			       fmt_per_call(b, sizeof(b), c->r.median_ticks, c->iters), c->r.reps);
		}
	}
	printk("bench: CT_WARN_ON count %lu\n", ct_warnings_total());
}
