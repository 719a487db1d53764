// SPDX-License-Identifier: GPL-2.0
/*
 * Ring-0 micro-benchmarks, kvm-unit-tests' vmexit style: a table of tests, each a
 * name and a function that runs its operation n times; n doubles from MIN_ITERS
 * until one run takes GOAL_MS (or MAX_ITERS is reached); the same n of the test's
 * baseline (the loop alone, or what the operation needs set up each time) is
 * subtracted; one "micro name=... ticks_per_op=..." line each, then a table.
 *
 * Two groups (docs/benchmarks.md says what each shows):
 *  - single instructions and pairs the entry path is made of, or avoids: POPF,
 *    CLI/STI, a conditional STI, locked RMWs, RDTSC(P), LFENCE, SWAPGS, WRMSR;
 *  - KVM's APICv posted-interrupt drain (seed 3): moving a 256-bit pending bitmap
 *    (PIR) into an IRR-like one, by an XCHG of every 64-bit word, by reading each
 *    word first and XCHG-ing only the non-zero ones, and the same unrolled; with
 *    0, 1 and 8 bits pending.
 * Under icount a tick is an instruction: the table counts instructions, and shows
 * where the read-first drain saves them; the locked XCHG's real cost shows only in
 * cycles, on KVM or bare metal. The timer is stopped while measuring, so nothing
 * else runs in the loops; tests that need IRQs off run with them off.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/hypervisor.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <micro.h>
#include <printk.h>
#include <vsprintf.h>

#define MIN_ITERS	1024UL
#define MAX_ITERS	(1UL << 22)
#define GOAL_MS		5

struct micro_test {
	const char *name;
	void (*fn)(u64 n);
	void (*base)(u64 n);	/* the same loop without the operation */
	bool irqs_on;		/* the operation sets IF: measured with IRQs on */
};

#define MICRO_LOOP(name, ...)					\
static noinline void name(u64 n)				\
{								\
	for (u64 i = 0; i < n; i++)				\
		asm volatile(__VA_ARGS__);			\
}

static u64 word __aligned(64);
static u32 tsc_aux;

MICRO_LOOP(loop_empty, "" ::: "memory")
MICRO_LOOP(op_pushf_popf, "pushf; popf" ::: "memory", "cc")
MICRO_LOOP(op_irqsave_popf, "pushf; pop %%rax; cli; push %%rax; popf" ::: "rax", "memory", "cc")
MICRO_LOOP(op_irqsave_sti, "pushf; pop %%rax; cli; test $0x200, %%eax; jz 1f; sti; 1:"
	   ::: "rax", "memory", "cc")
MICRO_LOOP(op_cli_sti, "cli; sti" ::: "memory")
MICRO_LOOP(op_lock_xchg, "xchg %%rax, %0" : "+m"(word) : : "rax", "memory")
MICRO_LOOP(op_lock_inc, "lock incq %0" : "+m"(word) : : "memory", "cc")
MICRO_LOOP(op_rdtsc, "rdtsc" ::: "rax", "rdx", "memory")
MICRO_LOOP(op_rdtscp, "rdtscp" ::: "rax", "rcx", "rdx", "memory")
MICRO_LOOP(op_lfence, "lfence" ::: "memory")
MICRO_LOOP(op_swapgs_pair, "swapgs; swapgs" ::: "memory")
MICRO_LOOP(op_wrmsr, "wrmsr" : : "c"(MSR_TSC_AUX), "a"(tsc_aux), "d"(0) : "memory")

/*
 * The posted-interrupt descriptor's 256 request bits, and an IRR laid out as the
 * local APIC's: eight 32-bit registers 16 bytes apart.
 */
static u64 pir[4] __aligned(64);
static u32 irr[8 * 4] __aligned(64);
static u64 pattern[4];

static __always_inline u64 xchg_zero(u64 *p)
{
	u64 v = 0;

	asm volatile("xchg %0, %1" : "+r"(v), "+m"(*p) : : "memory");
	return v;
}

static __always_inline void irr_or(unsigned int w, u64 v)
{
	irr[w * 8] |= (u32)v;
	irr[w * 8 + 4] |= v >> 32;
}

static __always_inline void pir_arm(void)
{
	for (unsigned int w = 0; w < 4; w++)
		WRITE_ONCE(pir[w], pattern[w]);
}

static noinline void pir_arm_only(u64 n)
{
	for (u64 i = 0; i < n; i++) {
		pir_arm();
		barrier();
	}
}

/* Before: every word XCHG-ed, pending or not (four locked RMWs every time). */
static noinline void pir_xchg_all(u64 n)
{
	for (u64 i = 0; i < n; i++) {
		pir_arm();
		for (unsigned int w = 0; w < 4; w++)
			irr_or(w, xchg_zero(&pir[w]));
	}
}

/* After: read first; only a non-zero word pays for the XCHG. */
static noinline void pir_read_first(u64 n)
{
	for (u64 i = 0; i < n; i++) {
		pir_arm();
		for (unsigned int w = 0; w < 4; w++)
			if (READ_ONCE(pir[w]))
				irr_or(w, xchg_zero(&pir[w]));
	}
}

#define DRAIN_WORD(w)							\
	do {								\
		if (READ_ONCE(pir[w]))					\
			irr_or(w, xchg_zero(&pir[w]));			\
	} while (0)

/* The same, unrolled: no loop counter, no indexed addressing. */
static noinline void pir_read_first_unrolled(u64 n)
{
	for (u64 i = 0; i < n; i++) {
		pir_arm();
		DRAIN_WORD(0);
		DRAIN_WORD(1);
		DRAIN_WORD(2);
		DRAIN_WORD(3);
	}
}

static const struct micro_test instruction_tests[] = {
	{ "pushf;popf", op_pushf_popf, loop_empty, false },
	{ "irqsave;popf", op_irqsave_popf, loop_empty, true },
	{ "irqsave;cond-sti", op_irqsave_sti, loop_empty, true },
	{ "cli;sti", op_cli_sti, loop_empty, true },
	{ "lock-xchg", op_lock_xchg, loop_empty, false },
	{ "lock-inc", op_lock_inc, loop_empty, false },
	{ "rdtsc", op_rdtsc, loop_empty, false },
	{ "rdtscp", op_rdtscp, loop_empty, false },
	{ "lfence", op_lfence, loop_empty, false },
	{ "swapgs-pair", op_swapgs_pair, loop_empty, false },
	{ "wrmsr-tsc-aux", op_wrmsr, loop_empty, false },
};

static const struct micro_test pir_tests[] = {
	{ "pir-xchg-all", pir_xchg_all, pir_arm_only, false },
	{ "pir-read-first", pir_read_first, pir_arm_only, false },
	{ "pir-read-first-unrolled", pir_read_first_unrolled, pir_arm_only, false },
};

/* Ticks for n runs of fn, with IRQs as the test needs them. */
static u64 time_loop(void (*fn)(u64 n), u64 n, bool irqs_on)
{
	unsigned long flags;
	u64 t0, t1;

	local_irq_save(flags);
	if (irqs_on)
		local_irq_enable();
	asm volatile("lfence" ::: "memory");
	t0 = rdtsc();
	fn(n);
	asm volatile("lfence" ::: "memory");
	t1 = rdtsc();
	local_irq_restore(flags);
	return t1 - t0;
}

/* Prints the machine line; returns hundredths of a tick per operation. */
static long measure(const struct micro_test *t, const char *name)
{
	u64 goal = tsc_khz * GOAL_MS, n = MIN_ITERS, ticks;
	long base, hundredths;

	while ((ticks = time_loop(t->fn, n, t->irqs_on)) < goal && n < MAX_ITERS)
		n *= 2;
	base = time_loop(t->base, n, t->irqs_on);
	hundredths = ((long)ticks - base) * 100 / (long)n;
	printk("micro name=%s iters=%lu ticks_per_op=%s%ld.%02ld\n", name, (unsigned long)n,
	       hundredths < 0 ? "-" : "", ABS(hundredths) / 100, ABS(hundredths) % 100);
	return hundredths;
}

static void set_pattern(unsigned int bits)
{
	static const u64 eight[4] = { 0x3, 0x30000, 0x100000001UL, 0x8000000000000004UL };

	for (unsigned int w = 0; w < 4; w++)
		pattern[w] = bits == 8 ? eight[w] : bits == 1 && w == 2 ? BIT(5) : 0;
}

void micro_run(void)
{
	static const unsigned int pir_bits[] = { 0, 1, 8 };
	long result[ARRAY_SIZE(instruction_tests) + ARRAY_SIZE(pir_tests) * 3];
	char names[ARRAY_SIZE(pir_tests) * 3][40];
	const char *label[ARRAY_SIZE(result)];
	unsigned int r = 0;

	/* The test writes back what is there: the CPU number the vDSO's RDTSCP reads. */
	tsc_aux = rdmsr(MSR_TSC_AUX);
	lapic_timer_stop();
	for (unsigned int i = 0; i < ARRAY_SIZE(instruction_tests); i++) {
		if (boot_cpu.fred && instruction_tests[i].fn == op_swapgs_pair) {
			printk("micro: swapgs-pair skipped: under FRED SWAPGS raises #UD\n");
			continue;
		}
		label[r] = instruction_tests[i].name;
		result[r] = measure(&instruction_tests[i], label[r]);
		r++;
	}
	for (unsigned int b = 0; b < ARRAY_SIZE(pir_bits); b++) {
		set_pattern(pir_bits[b]);
		for (unsigned int i = 0; i < ARRAY_SIZE(pir_tests); i++, r++) {
			char *name = names[b * ARRAY_SIZE(pir_tests) + i];

			snprintf(name, sizeof(names[0]), "%s,%u-bits", pir_tests[i].name,
				 pir_bits[b]);
			label[r] = name;
			result[r] = measure(&pir_tests[i], name);
		}
	}
	lapic_timer_start(TIMER_HZ);
	printk("micro: RDTSC ticks per operation, the loop (and the PIR's re-arming) "
	       "subtracted; timer stopped\n");
	/* KVM intercepts writes of MSR_TSC_AUX (it keeps each vCPU's), as other hypervisors may. */
	if (boot_cpu.hypervisor)
		printk("micro: wrmsr-tsc-aux under %s: a write the hypervisor may intercept, "
		       "then a VM exit and back, not the instruction's cost\n", hypervisor()->name);
	for (unsigned int i = 0; i < r; i++)
		printk("micro: %-34s %s%ld.%02ld\n", label[i], result[i] < 0 ? "-" : "",
		       ABS(result[i]) / 100, ABS(result[i]) % 100);
}
