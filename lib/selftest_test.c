// SPDX-License-Identifier: GPL-2.0
/*
 * The runner's own check. With "selftest.fail_demo" on the command line this
 * test fails on purpose; tests/run.py boots that way and expects the boot to be
 * reported as failed, which proves a failing test cannot go unnoticed.
 */
#include <asm/cpufeature.h>
#include <asm/irqflags.h>
#include <asm/mmu_context.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <cmdline.h>
#include <mm.h>
#include <sched.h>
#include <selftest.h>
#include <string.h>

SELFTEST(selftest, fail_demo)
{
	if (!cmdline_flag(&boot_cmdline, "selftest.fail_demo"))
		SKIP(t, "boot with selftest.fail_demo to see a failure");
	EXPECT_EQ(t, 1 + 1, 3);
}

/*
 * With "selftest.oops_demo" this test faults in the kernel outside any fixup, and
 * the kernel must print a complete oops and end the run with the failure status;
 * tests/run.py checks each part of the report. The default reads an unmapped
 * kernel address (#PF); "selftest.oops_demo=stack" recurses until the boot stack
 * runs into its guard page, where the #PF cannot push its frame: a double fault,
 * handled on its own IST stack; "selftest.oops_demo=user" reads a present user
 * page outside uaccess in an address space of its own, which SMAP refuses: an
 * oops, where a retry would fault for ever (it skips on a CPU without SMAP).
 */
static noinline unsigned long oops_demo_read(const unsigned long *p)
{
	return READ_ONCE(*p);
}

static noinline unsigned long oops_demo_recurse(unsigned long depth)
{
	volatile unsigned long frame[64];

	if (depth == 1UL << 20)		/* 512 MiB of frames: the 16 KiB stack ends first */
		return 0;
	frame[0] = depth;
	return oops_demo_recurse(depth + 1) + frame[0];	/* not a tail call */
}

#define OOPS_DEMO_USER_PAGE	0x400000UL

static noinline void oops_demo_user_page(struct test *t)
{
	struct mm *mm = mm_alloc();
	unsigned long flags;
	u8 byte = 0;

	/* A present page: ring 0's read of it is then an SMAP violation at once. */
	ASSERT_TRUE(t, mm && !mm_map_anon(mm, OOPS_DEMO_USER_PAGE, OOPS_DEMO_USER_PAGE + PAGE_SIZE,
					  VM_READ | VM_WRITE | VM_MAY_ALL) &&
		       !access_remote_vm(mm, OOPS_DEMO_USER_PAGE, &byte, 1, FOLL_WRITE));
	local_irq_save(flags);
	current->mm = mm;		/* as in a syscall: the page fault sees a process */
	switch_mm_irqoff(mm);
	local_irq_restore(flags);
	oops_demo_read((const unsigned long *)OOPS_DEMO_USER_PAGE);
}

SELFTEST(selftest, oops_demo)
{
	const char *kind = cmdline_str(&boot_cmdline, "selftest.oops_demo", "pf");

	if (!cmdline_flag(&boot_cmdline, "selftest.oops_demo"))
		SKIP(t, "boot with selftest.oops_demo[=stack] to see an oops");
	if (!strcmp(kind, "stack"))
		oops_demo_recurse(0);
	else if (!strcmp(kind, "user") && !boot_cpu.smap)
		SKIP(t, "no SMAP on this CPU: ring 0 may read user pages");
	else if (!strcmp(kind, "user"))
		oops_demo_user_page(t);
	else
		oops_demo_read((const unsigned long *)0xffffc7ffdead0000UL);
	EXPECT_TRUE(t, false);	/* not reached */
}
