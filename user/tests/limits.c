// SPDX-License-Identifier: GPL-2.0
/* getrlimit, setrlimit and prlimit64: defaults, errors, and the two enforced limits. */
#include <uapi/mman.h>
#include <uapi/resource.h>
#include "harness.h"

static struct rlimit64 get(unsigned int resource)
{
	struct rlimit64 r = { 0, 0 };

	syscall2(__NR_getrlimit, resource, &r);
	return r;
}

SELFTEST(limits, defaults_reported)
{
	EXPECT_EQ(t, get(RLIMIT_NOFILE).cur, 1024UL);
	EXPECT_EQ(t, get(RLIMIT_NOFILE).max, 4096UL);
	EXPECT_EQ(t, get(RLIMIT_STACK).cur, 8UL << 20);	/* Linux's _STK_LIM */
	EXPECT_EQ(t, get(RLIMIT_STACK).max, RLIM_INFINITY);
	EXPECT_EQ(t, get(RLIMIT_AS).cur, RLIM_INFINITY);
	EXPECT_EQ(t, get(RLIMIT_CORE).cur, 0UL);
}

SELFTEST(limits, set_get_and_prlimit64_agree)
{
	struct rlimit64 old = get(RLIMIT_NOFILE), new = { 100, 200 }, seen;

	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, &new), 0);
	EXPECT_EQ(t, get(RLIMIT_NOFILE).cur, 100UL);
	EXPECT_EQ(t, syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &old, &seen), 0);
	EXPECT_EQ(t, seen.max, 200UL);				/* the value it replaced */
	EXPECT_EQ(t, syscall4(__NR_prlimit64, getpid(), RLIMIT_NOFILE, NULL, &seen), 0);
	EXPECT_EQ(t, seen.cur, old.cur);
}

SELFTEST(limits, bad_requests_refused)
{
	struct rlimit64 r = get(RLIMIT_NOFILE), inverted = { 20, 10 };
	struct rlimit64 huge = { 1024, 1UL << 21 };

	EXPECT_EQ(t, syscall2(__NR_getrlimit, RLIM_NLIMITS, &r), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, &inverted), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, &huge), -EPERM);	/* > nr_open */
	EXPECT_EQ(t, syscall4(__NR_prlimit64, 12345, RLIMIT_NOFILE, NULL, &r), -ESRCH);
	EXPECT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NOFILE, 0x10000), -EFAULT);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, 0xffffffff80100000UL), -EFAULT);
	EXPECT_EQ(t, get(RLIMIT_NOFILE).cur, r.cur);		/* unchanged by all that */
}

/* RLIMIT_AS: mapping past it fails, and a refused MAP_FIXED keeps what was there. */
SELFTEST(limits, address_space_limit_enforced)
{
	struct rlimit64 old = get(RLIMIT_AS), tight;
	unsigned long p = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), q;
	long heap = syscall1(__NR_brk, 0);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	*(volatile u8 *)p = 7;
	tight = (struct rlimit64){ 64UL << 10, RLIM_INFINITY };	/* below the stack alone */
	ASSERT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_AS, &tight), 0);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), -ENOMEM);
	EXPECT_EQ(t, syscall6(__NR_mmap, p, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), -ENOMEM);
	EXPECT_EQ(t, *(volatile u8 *)p, 7);
	EXPECT_EQ(t, syscall1(__NR_brk, heap + PAGE_SIZE), heap);	/* brk did not grow */
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_AS, &old), 0);
	syscall1(__NR_brk, heap);
	q = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		     -1, 0);
	EXPECT_TRUE(t, q < TASK_SIZE_MAX);
	syscall2(__NR_munmap, q, PAGE_SIZE);
	syscall2(__NR_munmap, p, PAGE_SIZE);
}

/* RLIMIT_DATA bounds the heap. */
SELFTEST(limits, data_limit_bounds_brk)
{
	struct rlimit64 old = get(RLIMIT_DATA), small = { 2 * PAGE_SIZE, RLIM_INFINITY };
	unsigned long start = syscall1(__NR_brk, 0);

	ASSERT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_DATA, &small), 0);
	EXPECT_EQ(t, syscall1(__NR_brk, start + 16 * PAGE_SIZE), (long)start);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_DATA, &old), 0);
	EXPECT_EQ(t, syscall1(__NR_brk, start + 16 * PAGE_SIZE), (long)(start + 16 * PAGE_SIZE));
	EXPECT_EQ(t, syscall1(__NR_brk, start), (long)start);
}

/* Touches the stack depth bytes below here: grown, or SIGSEGV. */
static noinline int touch_stack(unsigned long depth)
{
	volatile char *p = __builtin_alloca(depth);

	p[0] = 1;
	return p[0] == 1 ? 0 : 1;
}

static int stack_grows_past_the_first_mapping(void)
{
	return touch_stack(300UL << 10);
}

static int stack_stops_at_the_limit(void)
{
	struct rlimit64 small = { 256UL << 10, RLIM_INFINITY };

	syscall2(__NR_setrlimit, RLIMIT_STACK, &small);
	return touch_stack(300UL << 10);
}

static int stack_grows_without_a_limit(void)
{
	struct rlimit64 none = { RLIM_INFINITY, RLIM_INFINITY };

	syscall2(__NR_setrlimit, RLIMIT_STACK, &none);
	return touch_stack(300UL << 10);
}

/*
 * execve maps the top 128 KiB of the stack; a touch below, within RLIMIT_STACK,
 * grows it (Linux's rseq selftests keep 260 KiB of arrays on main's stack), also
 * with no limit at all (fails with the limit's RLIM_INFINITY wrapping the bound
 * to the top), and one below a lowered limit is SIGSEGV.
 */
SELFTEST(limits, stack_grows_down_to_its_limit)
{
	EXPECT_EQ(t, in_child(stack_grows_past_the_first_mapping), 0);
	EXPECT_EQ(t, in_child(stack_grows_without_a_limit), 0);
	EXPECT_EQ(t, in_child(stack_stops_at_the_limit), SIGSEGV);
}
