// SPDX-License-Identifier: GPL-2.0
/* Self-tests for the command-line parser and its typed getters. */
#include <cmdline.h>
#include <selftest.h>
#include <string.h>

static struct cmdline cl;	/* 2 KiB: too big for a test's stack frame */

/* The warnings these tests provoke are KTAP diagnostics, not alarms. */
#define EXPECTED	"    # expected: cmdline"

SELFTEST(cmdline, key_value_and_flags)
{
	cmdline_parse(&cl, EXPECTED, "  selftest entry=irqoff-inline   quiet\tn=3 ");
	EXPECT_EQ(t, cl.nr, 4u);
	EXPECT_TRUE(t, cmdline_flag(&cl, "selftest"));
	EXPECT_TRUE(t, cmdline_flag(&cl, "quiet"));
	EXPECT_FALSE(t, cmdline_flag(&cl, "absent"));
	EXPECT_STREQ(t, cmdline_str(&cl, "entry", "x"), "irqoff-inline");
	EXPECT_STREQ(t, cmdline_str(&cl, "absent", "default"), "default");
}

SELFTEST(cmdline, numbers)
{
	cmdline_parse(&cl, EXPECTED, "a=10 b=0x1F c=junk d=18446744073709551616 e=");
	EXPECT_EQ(t, cmdline_u64(&cl, "a", 0), 10u);
	EXPECT_EQ(t, cmdline_u64(&cl, "b", 0), 31u);
	EXPECT_EQ(t, cmdline_u64(&cl, "c", 7), 7u);		/* not a number */
	EXPECT_EQ(t, cmdline_u64(&cl, "d", 7), 7u);		/* overflows u64 */
	EXPECT_EQ(t, cmdline_u64(&cl, "e", 7), 7u);		/* empty */
	EXPECT_EQ(t, cmdline_u64(&cl, "missing", 5), 5u);
}

SELFTEST(cmdline, ranges_clamp_to_the_nearer_bound)
{
	cmdline_parse(&cl, EXPECTED, "lo=0 hi=100 ok=7 bad=x");
	EXPECT_EQ(t, cmdline_u64_range(&cl, "lo", 5, 1, 64), 1u);
	EXPECT_EQ(t, cmdline_u64_range(&cl, "hi", 5, 1, 64), 64u);
	EXPECT_EQ(t, cmdline_u64_range(&cl, "ok", 5, 1, 64), 7u);
	EXPECT_EQ(t, cmdline_u64_range(&cl, "bad", 5, 1, 64), 5u);
}

SELFTEST(cmdline, grub_quoting_undone)
{
	/* GRUB's encoding of the three words  it's  k=a b  back\slash  */
	cmdline_parse(&cl, EXPECTED, "it\\'s \"k=a b\" back\\\\slash");
	EXPECT_EQ(t, cl.nr, 3u);
	EXPECT_TRUE(t, cmdline_flag(&cl, "it's"));
	EXPECT_STREQ(t, cmdline_str(&cl, "k", ""), "a b");
	EXPECT_TRUE(t, cmdline_flag(&cl, "back\\slash"));
}

SELFTEST(cmdline, argv_words_are_parameters)
{
	char a0[] = "init", a1[] = "iters=5", a2[] = "with space", a3[] = "flag";
	char *argv[] = { a0, a1, a2, a3, NULL };

	cmdline_parse_argv(&cl, EXPECTED, 4, argv);
	EXPECT_EQ(t, cl.nr, 3u);
	EXPECT_EQ(t, cmdline_u64(&cl, "iters", 0), 5u);
	EXPECT_TRUE(t, cmdline_flag(&cl, "with space"));
	EXPECT_TRUE(t, cmdline_flag(&cl, "flag"));
}

SELFTEST(cmdline, booleans)
{
	cmdline_parse(&cl, EXPECTED, "a=on b=off c d=0 e=maybe");
	EXPECT_TRUE(t, cmdline_bool(&cl, "a", false));
	EXPECT_FALSE(t, cmdline_bool(&cl, "b", true));
	EXPECT_TRUE(t, cmdline_bool(&cl, "c", false));	/* a bare flag means on */
	EXPECT_FALSE(t, cmdline_bool(&cl, "d", true));
	EXPECT_TRUE(t, cmdline_bool(&cl, "e", true));		/* junk keeps the default */
	EXPECT_FALSE(t, cmdline_bool(&cl, "f", false));
}

SELFTEST(cmdline, last_occurrence_wins)
{
	cmdline_parse(&cl, EXPECTED, "entry=a entry=b");
	EXPECT_STREQ(t, cmdline_str(&cl, "entry", NULL), "b");
}

SELFTEST(cmdline, unknown_keys_reported_once)
{
	cmdline_parse(&cl, EXPECTED, "known typo1 typo1=2 typo2");
	cmdline_flag(&cl, "known");
	EXPECT_EQ(t, cmdline_warn_unknown(&cl), 2u);	/* typo1 once, typo2 once */
}
