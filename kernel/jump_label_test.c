// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of static keys (kernel/jump_label.c): every site in the text is what
 * its key says, a key's sites flip both ways and come back byte for byte, and the
 * trackers (context tracking, the RCU tracker) switch while another CPU makes
 * syscalls in ring 3 without leaving a CPU in a state its hooks did not expect.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/hypervisor.h>
#include <asm/processor.h>
#include <context_tracking.h>
#include <init.h>
#include <jump_label.h>
#include <printk.h>
#include <rcu.h>
#include <sched.h>
#include <selftest.h>
#include <smp.h>
#include <string.h>

/* Is site e's instruction the NOP, or the JMP to its target? Else neither. */
enum site_insn { SITE_NOP, SITE_JMP, SITE_OTHER };

static enum site_insn site_insn(const struct jump_entry *e)
{
	static const u8 nop[JUMP_LABEL_NOP_SIZE] = { JUMP_LABEL_NOP5 };
	const u8 *p = (const u8 *)e->code;
	s32 rel;

	if (!memcmp(p, nop, sizeof(nop)))
		return SITE_NOP;
	memcpy(&rel, p + 1, sizeof(rel));
	if (p[0] == JUMP_LABEL_JMP32 && e->code + JUMP_LABEL_NOP_SIZE + rel == e->target)
		return SITE_JMP;
	return SITE_OTHER;
}

extern const char _text[], _etext[];

SELFTEST(jump_label, every_site_is_what_its_key_says)
{
	unsigned int sites = 0;

	for (const struct jump_entry *e = __start___jump_table; e < __stop___jump_table; e++) {
		bool on = READ_ONCE(jump_entry_key(e)->enabled);
		enum site_insn want = jump_entry_is_jmp(e, on) ? SITE_JMP : SITE_NOP;

		EXPECT_TRUE(t, e->code >= (unsigned long)_text && e->code < (unsigned long)_etext);
		EXPECT_TRUE(t, e->target >= (unsigned long)_text &&
			       e->target < (unsigned long)_etext);
		if (!EXPECT_EQ(t, site_insn(e), want))
			printk("    # site %#lx key %#lx\n", e->code, e->key);
		sites++;
	}
	printk("    # %u sites\n", sites);
	EXPECT_GT(t, sites, 0U);
}

/* Two keys, each tested both ways: the four kinds of site. */
static DEFINE_STATIC_KEY_FALSE(test_key_false);
static DEFINE_STATIC_KEY_TRUE(test_key_true);

static noinline int test_branches(void)
{
	int r = 0;

	if (static_branch_unlikely(&test_key_false))
		r |= 1;
	if (static_branch_likely(&test_key_false))
		r |= 2;
	if (static_branch_unlikely(&test_key_true))
		r |= 4;
	if (static_branch_likely(&test_key_true))
		r |= 8;
	return r;
}

#define TEST_MAX_SITES	8

struct site_copy {
	unsigned int n;
	u8 bytes[TEST_MAX_SITES][JUMP_LABEL_NOP_SIZE];
};

/* Copies key's sites' bytes; returns how many it has. */
static unsigned int copy_sites(struct static_key *key, struct site_copy *c)
{
	memset(c, 0, sizeof(*c));
	for (const struct jump_entry *e = __start___jump_table; e < __stop___jump_table; e++)
		if (jump_entry_key(e) == key && c->n < TEST_MAX_SITES)
			memcpy(c->bytes[c->n++], (const void *)e->code, JUMP_LABEL_NOP_SIZE);
	return c->n;
}

/* How many of key's sites are the JMP. */
static unsigned int jmp_sites(struct static_key *key)
{
	unsigned int n = 0;

	for (const struct jump_entry *e = __start___jump_table; e < __stop___jump_table; e++)
		if (jump_entry_key(e) == key && site_insn(e) == SITE_JMP)
			n++;
	return n;
}

SELFTEST(jump_label, sites_flip_both_ways_and_come_back_byte_for_byte)
{
	struct site_copy before_f, before_t, after;

	ASSERT_EQ(t, copy_sites(&test_key_false.key, &before_f), 2U);
	ASSERT_EQ(t, copy_sites(&test_key_true.key, &before_t), 2U);
	/* As built: each key's likely test and its unlikely one, one NOP and one JMP. */
	EXPECT_EQ(t, jmp_sites(&test_key_false.key), 1U);
	EXPECT_EQ(t, jmp_sites(&test_key_true.key), 1U);
	EXPECT_EQ(t, test_branches(), 4 | 8);

	ASSERT_TRUE(t, static_branch_enable(&test_key_false));
	EXPECT_TRUE(t, static_key_enabled(&test_key_false));
	EXPECT_EQ(t, test_branches(), 1 | 2 | 4 | 8);
	EXPECT_EQ(t, jmp_sites(&test_key_false.key), 1U);	/* the other one of the two */
	copy_sites(&test_key_false.key, &after);
	EXPECT_NE(t, memcmp(after.bytes, before_f.bytes, sizeof(after.bytes)), 0);
	EXPECT_TRUE(t, static_branch_enable(&test_key_false));	/* already on: no change */
	EXPECT_EQ(t, test_branches(), 1 | 2 | 4 | 8);

	ASSERT_TRUE(t, static_branch_disable(&test_key_true));
	EXPECT_EQ(t, test_branches(), 1 | 2);

	ASSERT_TRUE(t, static_branch_disable(&test_key_false));
	ASSERT_TRUE(t, static_branch_enable(&test_key_true));
	EXPECT_EQ(t, test_branches(), 4 | 8);
	copy_sites(&test_key_false.key, &after);
	EXPECT_EQ(t, memcmp(after.bytes, before_f.bytes, sizeof(after.bytes)), 0);
	copy_sites(&test_key_true.key, &after);
	EXPECT_EQ(t, memcmp(after.bytes, before_t.bytes, sizeof(after.bytes)), 0);
}

/*
 * The trackers' settings in turn, each from the one before: every change of
 * context tracking and of the RCU tracker, both ways.
 */
static const struct { bool ct, rcu; } tracker_steps[] = {
	{ false, false }, { true, false }, { true, true }, { false, false },
	{ true, true }, { true, false }, { false, false }, { true, true },
};

#define BUSY_SYSCALLS	"probe syscalls n=300000"
#define BUSY_WAIT_MS	2000

/*
 * The benchmark's rows switch the trackers on a running machine (trackers_switch()).
 * Here another CPU makes syscalls in ring 3 meanwhile: whatever the switch
 * interrupts there (its ring-3 loop, a syscall in progress), its next entry from
 * ring 3 must find the state its last exit left (no CT_WARN_ON), and at the end the
 * state is KERNEL with RCU watching or in the idle loop's quiescent state.
 *
 * Not under Bochs 3.0 with FRED: its FRED event delivery clears RFLAGS.IF by writing
 * the flags directly (cpu/fred.cc), without handleInterruptMaskChange(), so a pending
 * interrupt stays unmasked and arrives in ring 0 at the handler's first instruction,
 * IF clear. The hold's IPI then lands between an event's delivery from ring 3 and its
 * entry hook, the trackers turn there, and the hook finds the state the other setting
 * left: seen as a CONTEXT_KERNEL at entry from user mode, the IPI at the first
 * instruction of fred_entry_from_user(). A CPU with FRED takes no interrupt with IF
 * clear.
 */
SELFTEST(jump_label, trackers_switch_while_another_cpu_makes_syscalls)
{
	const struct boot_module *m = boot_module("probe");
	unsigned long warnings = ct_warnings_total();
	bool ct = context_tracking_on(), rcu = rcu_eqs_on();
	unsigned int cpu, other = NR_CPUS, switched = 0;
	struct user_result r;
	const char *err;
	struct task *task;

	SKIP_UNLESS_SMP(t);
	if (boot_cpu.fred && under_bochs())
		SKIP(t, "Bochs 3.0's FRED delivery leaves interrupts unmasked with IF clear");
	if (!m)
		SKIP(t, "no probe module");
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id() && other == NR_CPUS)
			other = cpu;
	task = start_user_program(m, BUSY_SYSCALLS, BIT(other), &err);
	ASSERT_TRUE(t, task != NULL);
	for (unsigned int i = 0; i < 4 * ARRAY_SIZE(tracker_steps); i++) {
		u64 deadline = rdtsc() + tsc_khz * BUSY_WAIT_MS;

		while (READ_ONCE(task->on_cpu) != (int)other && rdtsc() < deadline)
			cpu_relax();
		if (READ_ONCE(task->on_cpu) != (int)other)
			break;		/* it ended (or never ran): no busy CPU to switch under */
		EXPECT_TRUE(t, trackers_switch(tracker_steps[i % ARRAY_SIZE(tracker_steps)].ct,
					       tracker_steps[i % ARRAY_SIZE(tracker_steps)].rcu));
		switched++;
	}
	EXPECT_TRUE(t, trackers_switch(ct, rcu));
	finish_user_program(task, &r);
	EXPECT_EQ(t, r.status, 0);
	EXPECT_EQ(t, r.signal, 0);
	printk("    # %u switches while CPU %u ran the program\n", switched, other);
	EXPECT_GE(t, switched, 8U);
	EXPECT_EQ(t, ct_warnings_total(), warnings);
	EXPECT_EQ(t, READ_ONCE(per_cpu(other, ct.context)), CONTEXT_KERNEL);
	EXPECT_EQ(t, ct_state(), CONTEXT_KERNEL);
	EXPECT_TRUE(t, rcu_is_watching());
}
