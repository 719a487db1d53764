// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the command-line parser and its typed getters. */
#include <cmdline.h>
#include <selftest.h>
#include <string.h>

static struct cmdline cl;	/* 2 KiB: too big for a test's stack frame */

SELFTEST(cmdline, key_value_and_flags)
{
	cmdline_parse(&cl, "  selftest entry=irqoff-inline   quiet\tn=3 ");
	EXPECT_EQ(t, cl.nr, 4u);
	EXPECT_TRUE(t, cmdline_flag(&cl, "selftest"));
	EXPECT_TRUE(t, cmdline_flag(&cl, "quiet"));
	EXPECT_FALSE(t, cmdline_flag(&cl, "absent"));
	EXPECT_STREQ(t, cmdline_str(&cl, "entry", "x"), "irqoff-inline");
	EXPECT_STREQ(t, cmdline_str(&cl, "absent", "default"), "default");
}

SELFTEST(cmdline, numbers)
{
	cmdline_parse(&cl, "a=10 b=0x1F c=junk d=18446744073709551616 e=");
	EXPECT_EQ(t, cmdline_u64(&cl, "a", 0), 10u);
	EXPECT_EQ(t, cmdline_u64(&cl, "b", 0), 31u);
	EXPECT_EQ(t, cmdline_u64(&cl, "c", 7), 7u);		/* not a number */
	EXPECT_EQ(t, cmdline_u64(&cl, "d", 7), 7u);		/* overflows u64 */
	EXPECT_EQ(t, cmdline_u64(&cl, "e", 7), 7u);		/* empty */
	EXPECT_EQ(t, cmdline_u64(&cl, "missing", 5), 5u);
}

SELFTEST(cmdline, booleans)
{
	cmdline_parse(&cl, "a=on b=off c d=0 e=maybe");
	EXPECT_TRUE(t, cmdline_bool(&cl, "a", false));
	EXPECT_FALSE(t, cmdline_bool(&cl, "b", true));
	EXPECT_TRUE(t, cmdline_bool(&cl, "c", false));	/* a bare flag means on */
	EXPECT_FALSE(t, cmdline_bool(&cl, "d", true));
	EXPECT_TRUE(t, cmdline_bool(&cl, "e", true));		/* junk keeps the default */
	EXPECT_FALSE(t, cmdline_bool(&cl, "f", false));
}

SELFTEST(cmdline, last_occurrence_wins)
{
	cmdline_parse(&cl, "entry=a entry=b");
	EXPECT_STREQ(t, cmdline_str(&cl, "entry", NULL), "b");
}

SELFTEST(cmdline, unknown_keys_reported_once)
{
	cmdline_parse(&cl, "known typo1 typo1=2 typo2");
	cmdline_flag(&cl, "known");
	EXPECT_EQ(t, cmdline_warn_unknown(&cl), 2u);	/* typo1 once, typo2 once */
}
