// SPDX-License-Identifier: GPL-2.0
/*
 * The runner's own check. With "selftest.fail_demo" on the command line this
 * test fails on purpose; tests/run.py boots that way and expects the boot to be
 * reported as failed, which proves a failing test cannot go unnoticed.
 */
#include <cmdline.h>
#include <selftest.h>

SELFTEST(selftest, fail_demo)
{
	if (!cmdline_flag(&boot_cmdline, "selftest.fail_demo"))
		SKIP(t, "boot with selftest.fail_demo to see a failure");
	EXPECT_EQ(t, 1 + 1, 3);
}

/*
 * With "selftest.oops_demo" this test dereferences an unmapped kernel address
 * outside any fixup: the kernel must print a complete oops (registers, CR2, a
 * symbolised backtrace) and end the run with the failure status. tests/run.py
 * checks each part of that report.
 */
static noinline unsigned long oops_demo_read(const unsigned long *p)
{
	return READ_ONCE(*p);
}

SELFTEST(selftest, oops_demo)
{
	if (!cmdline_flag(&boot_cmdline, "selftest.oops_demo"))
		SKIP(t, "boot with selftest.oops_demo to see an oops");
	oops_demo_read((const unsigned long *)0xffffc7ffdead0000UL);
	EXPECT_TRUE(t, false);	/* not reached */
}
