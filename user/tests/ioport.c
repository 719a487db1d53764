// SPDX-License-Identifier: GPL-2.0
/*
 * Port I/O from ring 3: ioperm(2) grants single ports through the TSS's I/O
 * bitmap, iopl(3) grants every port but not IF, and neither leaks to a task that
 * was not given them. Ports 0x80 and 0xed are the POST and delay ports, which
 * every PC (and QEMU) ignores: reading them changes nothing.
 */
#include "harness.h"

#define PORT_A		0x80
#define PORT_B		0xed
#define PORTS		65536

static void in_a(void)	{ asm volatile("inb %0, %%al" : : "i"(PORT_A) : "rax"); }
static void in_b(void)	{ asm volatile("inb %0, %%al" : : "i"(PORT_B) : "rax"); }
static void do_cli(void) { asm volatile("cli"); }
static void do_sti(void) { asm volatile("sti"); }

static long ioperm(unsigned long from, unsigned long num, int on)
{
	return syscall3(__NR_ioperm, from, num, on);
}

static long iopl(unsigned long level)
{
	return syscall1(__NR_iopl, level);
}

/* A port denied to ring 3 raises #GP: SIGSEGV, si_code SI_KERNEL, trap 13. */
static bool denied(void (*in)(void))
{
	return faults(in) && caught.sig == SIGSEGV && caught.code == SI_KERNEL &&
	       caught.trapno == 13;
}

SELFTEST(ioperm, allows_only_the_ports_asked_for)
{
	EXPECT_TRUE(t, denied(in_a));
	ASSERT_EQ(t, ioperm(PORT_A, 1, 1), 0L);
	EXPECT_FALSE(t, faults(in_a));
	EXPECT_TRUE(t, denied(in_b));
	ASSERT_EQ(t, ioperm(PORT_A, 1, 0), 0L);
	EXPECT_TRUE(t, denied(in_a));
}

SELFTEST(ioperm, ranges_past_the_last_port_are_einval)
{
	EXPECT_EQ(t, ioperm(PORTS - 1, 2, 1), -EINVAL);
	EXPECT_EQ(t, ioperm(1, -1UL, 1), -EINVAL);
	EXPECT_TRUE(t, denied(in_a));		/* nothing was granted on the way */
	EXPECT_EQ(t, ioperm(0, PORTS, 1), 0L);
	EXPECT_FALSE(t, faults(in_b));
	EXPECT_EQ(t, ioperm(0, PORTS, 0), 0L);
	EXPECT_TRUE(t, denied(in_b));
}

/* The child starts with the parent's ports, and what it gives up stays given up by it alone. */
SELFTEST(ioperm, fork_copies_the_ports)
{
	long pid;

	ASSERT_EQ(t, ioperm(PORT_A, 1, 1), 0L);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		int bad = faults(in_a) ? 1 : 0;

		bad |= ioperm(PORT_A, 1, 0) ? 2 : 0;
		bad |= denied(in_a) ? 0 : 4;
		syscall1(__NR_exit, bad);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_FALSE(t, faults(in_a));		/* the child's ioperm(off) was its own */
	EXPECT_EQ(t, ioperm(PORT_A, 1, 0), 0L);
}

/*
 * The TSS is the CPU's, not the task's: a task without ports that runs right
 * after one with them, on the same CPU, must find them denied. Both are pinned
 * to this CPU and take turns through sched_yield(); the parent grants itself a
 * port only after the fork and uses it between turns, so the TSS holds a valid
 * bitmap allowing it each time the child is switched in.
 */
SELFTEST(ioperm, a_task_switched_in_does_not_get_the_last_ones_ports)
{
	long pid;

	ASSERT_TRUE(t, pin_to_this_cpu());
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		int allowed = 0;

		for (int i = 0; i < 10; i++) {
			syscall0(__NR_sched_yield);
			allowed += !denied(in_a);
		}
		syscall1(__NR_exit, allowed);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, ioperm(PORT_A, 1, 1), 0L);
	for (int i = 0; i < 12; i++) {
		in_a();
		syscall0(__NR_sched_yield);
	}
	EXPECT_EQ(t, wait_status(pid), 0);	/* exit status 0: all ten reads denied */
	EXPECT_EQ(t, ioperm(PORT_A, 1, 0), 0L);
	unpin();
}

/* iopl(3) as Linux emulates it: every port, but CLI and STI do nothing and IF stays set. */
SELFTEST(iopl, level_3_allows_every_port_but_not_cli)
{
	ASSERT_EQ(t, iopl(3), 0L);
	EXPECT_FALSE(t, faults(in_a));
	EXPECT_FALSE(t, faults(in_b));
	EXPECT_FALSE(t, faults(do_cli));
	EXPECT_TRUE(t, read_flags() & X86_EFLAGS_IF);
	EXPECT_FALSE(t, faults(do_sti));
	EXPECT_EQ(t, iopl(0), 0L);
	EXPECT_TRUE(t, denied(in_a));
	EXPECT_TRUE(t, denied(do_cli));		/* without iopl(3), CLI is #GP again */
}

SELFTEST(iopl, level_above_3_is_einval)
{
	EXPECT_EQ(t, iopl(4), -EINVAL);
	EXPECT_TRUE(t, denied(in_a));
}

/* Dropping iopl(3) keeps the ports ioperm() gave. */
SELFTEST(iopl, level_0_keeps_ioperm_ports)
{
	ASSERT_EQ(t, ioperm(PORT_B, 1, 1), 0L);
	ASSERT_EQ(t, iopl(3), 0L);
	EXPECT_FALSE(t, faults(in_a));
	ASSERT_EQ(t, iopl(0), 0L);
	EXPECT_TRUE(t, denied(in_a));
	EXPECT_FALSE(t, faults(in_b));
	EXPECT_EQ(t, ioperm(PORT_B, 1, 0), 0L);
}
