/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot-time self-tests, reported as KTAP version 1 on the console.
 *
 *	SELFTEST(suite, name)
 *	{
 *		EXPECT_EQ(t, 2 + 2, 4);
 *	}
 *
 * SELFTEST places a descriptor in the section .selftest.<suite>.<name>; the linker
 * sorts those sections by name, so each suite's tests are contiguous, suites run
 * in alphabetical order and so do the tests of a suite, whatever order the
 * compiler emits them in. A failed EXPECT_* marks the test failed and goes on; a failed
 * ASSERT_* also returns from the test. Both print file:line and the values compared.
 */
#ifndef _ENTRYLAB_SELFTEST_H
#define _ENTRYLAB_SELFTEST_H

#include <compiler.h>
#include <string.h>

struct test {
	bool failed;
	const char *skip_reason;
};

struct selftest {
	const char *suite;
	const char *name;
	void (*fn)(struct test *t);
};

#define SELFTEST(suite, name)							\
	static void selftest_##suite##_##name(struct test *t);			\
	static const struct selftest __selftest_##suite##_##name		\
		__used __section(".selftest." #suite "." #name) __aligned(8) = {	\
		#suite, #name, selftest_##suite##_##name			\
	};									\
	static void selftest_##suite##_##name(struct test *t __maybe_unused)

void test_fail(struct test *t, const char *file, int line, const char *fmt, ...)
	__printf(4, 5);

/* Literals are int: let "x == 0" compare as C would, without -Wsign-compare. */
#define EXPECT_OP(t, a, op, b)							\
	({									\
		__auto_type _a = (a);						\
		__auto_type _b = (b);						\
		_Pragma("GCC diagnostic push")					\
		_Pragma("GCC diagnostic ignored \"-Wsign-compare\"")		\
		bool _ok = _a op _b;						\
		_Pragma("GCC diagnostic pop")					\
		if (!_ok)							\
			test_fail(t, __FILE__, __LINE__,			\
				  "expected %s %s %s, got 0x%lx (%ld) vs 0x%lx (%ld)", \
				  #a, #op, #b, (unsigned long)_a, (long)_a,	\
				  (unsigned long)_b, (long)_b);			\
		_ok;								\
	})

#define EXPECT_EQ(t, a, b)	EXPECT_OP(t, a, ==, b)
#define EXPECT_NE(t, a, b)	EXPECT_OP(t, a, !=, b)
#define EXPECT_LT(t, a, b)	EXPECT_OP(t, a, <, b)
#define EXPECT_LE(t, a, b)	EXPECT_OP(t, a, <=, b)
#define EXPECT_GT(t, a, b)	EXPECT_OP(t, a, >, b)
#define EXPECT_GE(t, a, b)	EXPECT_OP(t, a, >=, b)
#define EXPECT_TRUE(t, c)	EXPECT_OP(t, !!(c), ==, 1)
#define EXPECT_FALSE(t, c)	EXPECT_OP(t, !!(c), ==, 0)

#define EXPECT_STREQ(t, a, b)							\
	({									\
		const char *_a = (a), *_b = (b);				\
		bool _ok = !strcmp(_a, _b);					\
		if (!_ok)							\
			test_fail(t, __FILE__, __LINE__,			\
				  "expected %s == %s, got \"%s\" vs \"%s\"",	\
				  #a, #b, _a, _b);				\
		_ok;								\
	})

/* The ASSERT_ forms end the test at the first failure. */
#define ASSERT_EQ(t, a, b)	do { if (!EXPECT_EQ(t, a, b)) return; } while (0)
#define ASSERT_NE(t, a, b)	do { if (!EXPECT_NE(t, a, b)) return; } while (0)
#define ASSERT_TRUE(t, c)	do { if (!EXPECT_TRUE(t, c)) return; } while (0)

#define SKIP(t, reason)		do { (t)->skip_reason = (reason); return; } while (0)

/* For kernel tests that need a second CPU (the file includes <smp.h>). */
#define SKIP_UNLESS_SMP(t)							\
	do {									\
		if (num_online_cpus() < 2)						\
			SKIP(t, "needs two or more CPUs (SMP=2)");		\
	} while (0)

/* Runs every registered test; returns false if any failed. */
bool selftests_run(void);

#endif
