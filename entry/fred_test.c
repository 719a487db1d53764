// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of FRED's own rules (entry/fred.c, arch/x86/fred.c), each skipped on a
 * boot that delivers events by the IDT: SWAPGS is #UD, so nothing may run it; the
 * MSRs say what arch/x86/fred.c set, on this CPU; an NMI in ring 0 lands on its
 * stack level's stack, its pt_regs where the frame puts it; and an NMI's ERETS unblocks NMIs,
 * which the entry must keep by giving the frame's SS word back whole (a second NMI
 * would otherwise never arrive); the ERETS to itself that unblocks NMIs after
 * a bad ERETU keeps the context it returns to; a #DB in ring 0 lands on stack
 * level 1 with its condition as event data; an exception inside an NMI's
 * handler returns without unblocking NMIs, so that none nests; and FRED switched
 * off and on again at run time (fred_switch()) leaves every CPU, MSR and text byte
 * as booted.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/debugreg.h>
#include <asm/extable.h>
#include <asm/fred.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <sched.h>
#include <selftest.h>
#include <smp.h>
#include <time.h>

SELFTEST(fred, swapgs_raises_ud)
{
	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: SWAPGS is the entry's own instruction");
	this_cpu_write(fixup_vector, ~0UL);
	EXPECT_TRUE(t, insn_faults("swapgs"));
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_UD);
}

SELFTEST(fred, msrs_and_cr4_as_set)
{
	unsigned long levels;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: the FRED MSRs may not exist");
	levels = rdmsr(MSR_IA32_FRED_STKLVLS);
	EXPECT_TRUE(t, read_cr4() & X86_CR4_FRED);
	/* Page-aligned entry point; the current stack level (bits 1:0) is 0 here. */
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_CONFIG) & FRED_CONFIG_CSL_MASK, 0UL);
	EXPECT_EQ(t, (levels >> (2 * X86_TRAP_DB)) & 3, 1UL);
	EXPECT_EQ(t, (levels >> (2 * X86_TRAP_NMI)) & 3, 2UL);
	EXPECT_EQ(t, (levels >> (2 * X86_TRAP_MC)) & 3, 2UL);
	EXPECT_EQ(t, (levels >> (2 * X86_TRAP_DF)) & 3, 3UL);
	EXPECT_EQ(t, levels & ~(FRED_STKLVL(X86_TRAP_DB, 3) | FRED_STKLVL(X86_TRAP_NMI, 3) |
				FRED_STKLVL(X86_TRAP_MC, 3) | FRED_STKLVL(X86_TRAP_DF, 3)), 0UL);
}

/*
 * An NMI in ring 0 moves to stack level 2, IA32_FRED_RSP2 (the NMI's IST stack), and
 * the CPU's 64-byte frame at its top leaves pt_regs 16 bytes below it.
 */
SELFTEST(fred, nmi_in_ring_0_lands_on_stack_level_2)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count;
	unsigned long top = (unsigned long)this_cpu()->ist_stacks[IST_NMI - 1] + IST_STACK_SIZE;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: the NMI's IST stack");
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_RSP2), top);
	send_nmi_self();
	ASSERT_TRUE(t, nmi_count_moved(count, before));
	EXPECT_EQ(t, (unsigned long)this_cpu_read(nmi_regs),
		  top - TOP_OF_KERNEL_STACK_PADDING - sizeof(struct pt_regs));
}

SELFTEST(fred, erets_unblocks_nmis_after_an_nmi)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: IRETQ unblocks NMIs");
	send_nmi_self();
	EXPECT_TRUE(t, nmi_count_moved(count, before));
	send_nmi_self();		/* blocked for ever if the first ERETS did not unblock */
	EXPECT_TRUE(t, nmi_count_moved(count, before + 1));
	EXPECT_EQ(t, *count, before + 2);
}

/*
 * fred_unblock_nmis_irqoff(), for a bad ERETU from a ring-3 NMI, ERETSes to itself:
 * it must come back with the same stack, flags and stack level (a wrong word in
 * its frame is a #GP, or a return elsewhere), and NMIs still arrive after it.
 */
SELFTEST(fred, erets_to_itself_keeps_the_context)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count, flags, in, out, sp, sp_after;
	const unsigned long arith = X86_EFLAGS_CF | X86_EFLAGS_PF | X86_EFLAGS_AF |
				    X86_EFLAGS_ZF | X86_EFLAGS_SF | X86_EFLAGS_OF;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: no ERETS");
	local_irq_save(flags);
	in = native_save_fl();
	asm volatile("mov %%rsp, %0" : "=r"(sp));
	fred_unblock_nmis_irqoff();
	asm volatile("mov %%rsp, %0" : "=r"(sp_after));
	out = native_save_fl();
	local_irq_restore(flags);
	EXPECT_EQ(t, sp_after, sp);
	EXPECT_EQ(t, out & ~arith, in & ~arith);	/* IF still clear, AC, DF as they were */
	/* Still stack level 0. */
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_CONFIG) & FRED_CONFIG_CSL_MASK, 0UL);
	send_nmi_self();
	EXPECT_TRUE(t, nmi_count_moved(count, before));
}

/* DR7: breakpoint n on (L), for data writes (RW 01) of 8 bytes (LEN 10). */
#define DR7_WRITE_8(n)		(BIT(2 * (n)) | 0x9UL << (16 + 4 * (n)))

/*
 * A #DB in ring 0, as when copy_from_user() trips a user watchpoint: here the
 * current task's breakpoints 0 and 1 watch two kernel words, loaded by the
 * context switch's own function, and ring 0 writes the first. The #DB moves to
 * stack level 1 (IA32_FRED_RSP1, the IDT's #DB IST stack), its pt_regs 16 bytes
 * below the top as for the NMI, and returns after the write, a trap. The frame's
 * event data names the condition in DR6's bit positions, B0 and not B1, whose
 * breakpoint is on too, and the handler records B0 for the task. (Whether it read
 * the event data or DR6 does not show here: DR6 holds the same B0-B3 after a #DB.)
 */
SELFTEST(fred, db_in_ring_0_lands_on_stack_level_1_with_its_event_data)
{
	static volatile unsigned long watched[2];
	unsigned long top = (unsigned long)this_cpu()->ist_stacks[IST_DEBUG - 1] + IST_STACK_SIZE;
	struct pt_regs *frame = (struct pt_regs *)(top - TOP_OF_KERNEL_STACK_PADDING) - 1;
	struct debugregs *debug = &current->thread.debug, saved = *debug;
	unsigned long flags, after, got;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: the #DB's IST stack, and DR6 read");
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_RSP1), top);
	local_irq_save(flags);
	frame->ip = 0;
	*(unsigned long *)(frame + 1) = ~0UL;	/* the event data's word */
	debug->addr[0] = (unsigned long)&watched[0];
	debug->addr[1] = (unsigned long)&watched[1];
	debug->dr7 = DR7_WRITE_8(0) | DR7_WRITE_8(1);
	debug->dr6 = 0;
	switch_debugregs_irqoff(current);
	asm volatile("movq $1, %1\n"
		     "1:	lea 1b(%%rip), %0"		/* where the trap returns */
		     : "=r"(after), "=m"(watched[0]));
	debug->dr7 = 0;
	switch_debugregs_irqoff(current);	/* breakpoints off before they are read */
	got = debug->dr6;
	*debug = saved;
	switch_debugregs_irqoff(current);
	read_and_clear_dr6();		/* the B0 this #DB set in it */
	local_irq_restore(flags);
	EXPECT_EQ(t, frame->ip, after);
	EXPECT_EQ(t, fred_event_data(frame), BIT(0));
	EXPECT_EQ(t, got, BIT(0));
}

/* NMIs the flood must land while the handler takes its #DB; at most this long (ms). */
#define NMIS_IN_FLOOD		64
#define NMI_FLOOD_MS		2000

struct nmi_flood {
	u32 target;				/* the APIC ID the NMIs go to */
	const volatile unsigned long *count;	/* its NMI count */
	unsigned long until;			/* what the count must reach */
	u64 deadline;
	bool done;				/* the sender's word that it has ended */
};

/*
 * On another CPU, IRQs off: NMIs at the target as fast as the ICR takes them, so
 * that one is pending whenever the target's handler runs, until it took enough.
 */
static void send_nmis_until_counted(void *arg)
{
	struct nmi_flood *f = arg;

	while (*f->count < f->until && rdtsc() < f->deadline)
		lapic_send_ipi_irqoff(f->target, APIC_DM_NMI);
	WRITE_ONCE(f->done, true);
}

/*
 * What makes Linux's IDT NMI entry a state machine: an exception inside an NMI's
 * handler returns by IRETQ, which unblocks NMIs, so the next one lands on the same
 * IST stack over the first one's frame. Under FRED only an ERET whose frame has
 * the NMI bit unblocks them, and an exception's frame has not. Here this CPU's
 * data breakpoint on its NMI count raises a #DB inside every do_nmi() while
 * another CPU keeps an NMI pending: each must wait for the handler's own ERETS,
 * none found do_nmi() running (nmis_nested), and the #DBs did fire (B0). The
 * flood keeps one pending where an IPI lands as soon as it is sent, as under
 * Bochs; where IPIs are slower than the handler, the test proves less.
 */
SELFTEST(fred, an_exception_in_an_nmi_keeps_nmis_blocked)
{
	volatile unsigned long *count = &this_cpu()->nmis;
	unsigned long before = *count, nested = this_cpu()->nmis_nested, flags, got;
	struct debugregs *debug = &current->thread.debug, saved = *debug;
	static struct nmi_flood flood;
	unsigned int cpu, other = smp_processor_id();

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: a nested NMI overwrites the first one's frame");
	SKIP_UNLESS_SMP(t);
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			other = cpu;
	local_irq_save(flags);
	debug->addr[0] = (unsigned long)count;
	debug->dr7 = DR7_WRITE_8(0);
	debug->dr6 = 0;
	switch_debugregs_irqoff(current);	/* this task's, through any switch meanwhile */
	local_irq_restore(flags);
	flood = (struct nmi_flood){ .target = this_cpu_read(apic_id), .count = count,
				    .until = before + NMIS_IN_FLOOD,
				    .deadline = rdtsc() + tsc_khz * NMI_FLOOD_MS };
	smp_call_function_single(other, send_nmis_until_counted, &flood, false);
	while (!READ_ONCE(flood.done))
		cpu_relax();
	local_irq_save(flags);
	debug->dr7 = 0;
	switch_debugregs_irqoff(current);	/* no #DB from a late NMI past here */
	got = debug->dr6;
	*debug = saved;
	switch_debugregs_irqoff(current);
	read_and_clear_dr6();			/* the B0s the #DBs set in it */
	local_irq_restore(flags);
	nested = this_cpu()->nmis_nested - nested;
	EXPECT_TRUE(t, *count - before >= NMIS_IN_FLOOD);
	EXPECT_EQ(t, nested, 0UL);
	EXPECT_EQ(t, got, BIT(0));
}

/* FNV-1a over the kernel's text: the patch sites' bytes among the rest. */
static u64 text_hash(void)
{
	extern const u8 _text[], _etext[];
	u64 h = 0xcbf29ce484222325ULL;

	for (const u8 *p = _text; p < _etext; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

static void read_cr4_here(void *arg)
{
	*(u64 *)arg = read_cr4();
}

/* Does every online CPU's CR4.FRED say fred? */
static bool every_cpu_fred(bool fred)
{
	unsigned int cpu;
	bool all = true;

	for_each_online_cpu(cpu) {
		u64 cr4;

		smp_call_function_single(cpu, read_cr4_here, &cr4, true);
		all &= !!(cr4 & X86_CR4_FRED) == fred;
	}
	return all;
}

/*
 * fred_switch() off and on again (the benchmark's rows, arch/x86/fred.c), from the
 * boot CPU's idle context with every other CPU idle: while off, every CPU takes
 * events by the IDT (the tick and an NMI arrive) and the FRED blocks of the text are
 * skipped; on again, CR4, the MSRs and every byte of the text are as the boot left them.
 */
SELFTEST(fred, switched_off_and_on_again_as_booted)
{
	volatile unsigned long *nmis = &this_cpu()->nmis;
	unsigned long config, levels, ticks, before;
	u64 booted, deadline;

	if (!boot_cpu.fred)
		SKIP(t, "events by the IDT: nothing to switch");
	/* Read only now: without FRED the MSRs do not exist and RDMSR raises #GP. */
	config = rdmsr(MSR_IA32_FRED_CONFIG);
	levels = rdmsr(MSR_IA32_FRED_STKLVLS);
	booted = text_hash();
	ASSERT_EQ(t, fred_switch(false), 0);
	EXPECT_FALSE(t, boot_cpu.fred);
	EXPECT_TRUE(t, every_cpu_fred(false));
	EXPECT_NE(t, text_hash(), booted);
	ticks = READ_ONCE(tick_counts[smp_processor_id()].ticks);
	deadline = rdtsc() + tsc_khz * 1000;
	while (READ_ONCE(tick_counts[smp_processor_id()].ticks) == ticks && rdtsc() < deadline)
		cpu_relax();
	EXPECT_NE(t, READ_ONCE(tick_counts[smp_processor_id()].ticks), ticks);
	before = *nmis;
	send_nmi_self();
	EXPECT_TRUE(t, nmi_count_moved(nmis, before));
	ASSERT_EQ(t, fred_switch(true), 0);
	EXPECT_TRUE(t, boot_cpu.fred);
	EXPECT_TRUE(t, every_cpu_fred(true));
	EXPECT_EQ(t, text_hash(), booted);
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_CONFIG), config);
	EXPECT_EQ(t, rdmsr(MSR_IA32_FRED_STKLVLS), levels);
}
