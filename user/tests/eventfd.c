// SPDX-License-Identifier: GPL-2.0
/*
 * eventfd (kernel/fs/eventfd.c): the counter's read and write rules, EFD_SEMAPHORE,
 * EFD_NONBLOCK, the errors, and a reader asleep until a writer adds.
 */
#include <file.h>
#include "harness.h"

#define EFD_SEMAPHORE	1

static long eventfd2(unsigned int initval, long flags)
{
	return syscall2(__NR_eventfd2, initval, flags);
}

static long get(long fd, u64 *v)
{
	return syscall3(__NR_read, fd, v, sizeof(*v));
}

static long add(long fd, u64 v)
{
	return syscall3(__NR_write, fd, &v, sizeof(v));
}

SELFTEST(eventfd, counter_read_takes_all_write_adds)
{
	long fd = eventfd2(3, O_NONBLOCK | O_CLOEXEC);
	u64 v = 0;

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFD), (long)FD_CLOEXEC);
	EXPECT_EQ(t, get(fd, &v), 8L);
	EXPECT_EQ(t, v, 3UL);
	EXPECT_EQ(t, get(fd, &v), -EAGAIN);		/* 0: nothing to take */
	EXPECT_EQ(t, add(fd, 5), 8L);
	EXPECT_EQ(t, add(fd, 2), 8L);
	EXPECT_EQ(t, get(fd, &v), 8L);
	EXPECT_EQ(t, v, 7UL);
	EXPECT_EQ(t, add(fd, ~0UL - 1), 8L);		/* the largest count */
	EXPECT_EQ(t, add(fd, 1), -EAGAIN);		/* would overflow: wait, or not */
	EXPECT_EQ(t, add(fd, ~0UL), -EINVAL);		/* never a valid value */
	EXPECT_EQ(t, syscall3(__NR_read, fd, &v, 4), -EINVAL);	/* shorter than 8 */
	EXPECT_EQ(t, syscall3(__NR_write, fd, &v, 7), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_read, fd, (void *)8, 8), -EFAULT);
	syscall1(__NR_close, fd);
}

SELFTEST(eventfd, semaphore_takes_one_and_bad_flags_refused)
{
	long fd = eventfd2(2, EFD_SEMAPHORE | O_NONBLOCK);
	u64 v = 0;

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, get(fd, &v), 8L);
	EXPECT_EQ(t, v, 1UL);
	EXPECT_EQ(t, get(fd, &v), 8L);
	EXPECT_EQ(t, get(fd, &v), -EAGAIN);
	syscall1(__NR_close, fd);
	EXPECT_EQ(t, eventfd2(0, 0x10), -EINVAL);
	fd = syscall1(__NR_eventfd, 0);
	EXPECT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFL) & (O_ACCMODE | O_NONBLOCK), (long)O_RDWR);
	syscall1(__NR_close, fd);
}

/* A blocking read sleeps until the other process adds; a fork shares the counter. */
SELFTEST(eventfd, blocking_read_woken_by_a_write)
{
	long fd = eventfd2(0, 0), pid;
	u64 v = 0;

	ASSERT_TRUE(t, fd >= 0);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		add(fd, 42);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, get(fd, &v), 8L);
	EXPECT_EQ(t, v, 42UL);
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall1(__NR_close, fd);
}
