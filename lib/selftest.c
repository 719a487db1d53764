// SPDX-License-Identifier: GPL-2.0
/*
 * The self-test runner. Output is KTAP version 1: one top-level test per suite,
 * each with its test cases nested four spaces deep (as KUnit prints them), and a
 * kselftest-style "# Totals:" line at the end. tests/ktap.py parses it.
 */
#include <asm/irqflags.h>
#include <printk.h>
#include <selftest.h>
#include <stdarg.h>
#include <string.h>

extern const struct selftest __start_selftests[], __stop_selftests[];

/* The flags a test must leave as it found them; the arithmetic ones are free. */
#define SYSTEM_FLAGS (X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF | X86_EFLAGS_IOPL | \
		      X86_EFLAGS_NT | X86_EFLAGS_AC)

void test_fail(struct test *t, const char *file, int line, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printk("    # %s:%d: %s\n", file, line, buf);
	t->failed = true;
}

static unsigned int suite_size(const struct selftest *first)
{
	const struct selftest *s = first;

	while (s < __stop_selftests && !strcmp(s->suite, first->suite))
		s++;
	return s - first;
}

bool selftests_run(void)
{
	unsigned int nr_suites = 0, pass = 0, fail = 0, skip = 0, suite_no = 0;
	const struct selftest *s;

	for (s = __start_selftests; s < __stop_selftests; s += suite_size(s))
		nr_suites++;

	printk("KTAP version 1\n1..%u\n", nr_suites);
	for (s = __start_selftests; s < __stop_selftests;) {
		unsigned int n = suite_size(s), suite_failed = 0;

		printk("    KTAP version 1\n    # Subtest: %s\n    1..%u\n", s->suite, n);
		for (unsigned int i = 0; i < n; i++) {
			struct test t = { 0 };
			unsigned long flags = native_save_fl() & SYSTEM_FLAGS, after;

			s[i].fn(&t);
			/* A test that leaves IRQs in another state would skew the next one. */
			after = native_save_fl() & SYSTEM_FLAGS;
			if (after != flags) {
				test_fail(&t, __FILE__, __LINE__,
					  "test changed RFLAGS system bits from 0x%lx to 0x%lx",
					  flags, after);
				native_restore_fl(flags | X86_EFLAGS_FIXED);
			}
			if (t.failed) {
				printk("    not ok %u %s\n", i + 1, s[i].name);
				fail++;
				suite_failed++;
			} else if (t.skip_reason) {
				printk("    ok %u %s # SKIP %s\n", i + 1, s[i].name, t.skip_reason);
				skip++;
			} else {
				printk("    ok %u %s\n", i + 1, s[i].name);
				pass++;
			}
		}
		printk("%sok %u %s\n", suite_failed ? "not " : "", ++suite_no, s->suite);
		s += n;
	}
	printk("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:%u error:0\n", pass, fail, skip);
	return fail == 0;
}
