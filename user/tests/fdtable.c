// SPDX-License-Identifier: GPL-2.0
/*
 * The descriptor table at its limits, as Linux's: it grows to RLIMIT_NOFILE (1024 by
 * default), dup2() past the limit is -EBADF, F_DUPFD's start is an int and -EINVAL at or
 * past the limit, open() is -EMFILE when every slot is taken, fork() copies a big table,
 * select() looks at no more fds than the table holds.
 */
#include <file.h>
#include <uapi/mman.h>
#include <uapi/resource.h>
#include "harness.h"

#define NOFILE_DEFAULT	1024

static long dup2(long oldfd, long newfd)
{
	return syscall2(__NR_dup2, oldfd, newfd);
}

static long fcntl(long fd, long cmd, long arg)
{
	return syscall3(__NR_fcntl, fd, cmd, arg);
}

static long open_null(void)
{
	return syscall4(__NR_openat, AT_FDCWD, "/dev/null", O_RDWR, 0);
}

static long set_nofile(unsigned long cur, unsigned long max)
{
	struct rlimit64 r = { cur, max };

	return syscall2(__NR_setrlimit, RLIMIT_NOFILE, &r);
}

/* Closes every fd from 3 up to (not including) end. */
static void close_from_3(long end)
{
	for (long fd = 3; fd < end; fd++)
		syscall1(__NR_close, fd);
}

SELFTEST(fdtable, dup2_up_to_rlimit_nofile)
{
	struct rlimit64 r;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NOFILE, &r), 0L);
	ASSERT_EQ(t, r.cur, NOFILE_DEFAULT);
	EXPECT_EQ(t, dup2(0, 900), 900L);
	EXPECT_EQ(t, fcntl(900, F_GETFD, 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_write, 900, "", 0), 0L);
	EXPECT_EQ(t, dup2(0, 1023), 1023L);
	EXPECT_EQ(t, dup2(0, 1024), -EBADF);
	EXPECT_EQ(t, dup2(0, 0x7fffffff), -EBADF);
	EXPECT_EQ(t, dup2(0, -1), -EBADF);
	EXPECT_EQ(t, dup2(1024, 5), -EBADF);
	EXPECT_EQ(t, syscall3(__NR_dup3, 0, 1023, O_CLOEXEC), 1023L);
	EXPECT_EQ(t, fcntl(1023, F_GETFD, 0), (long)FD_CLOEXEC);
	EXPECT_EQ(t, syscall1(__NR_close, 900), 0L);
	EXPECT_EQ(t, syscall1(__NR_close, 1023), 0L);
	EXPECT_EQ(t, syscall1(__NR_close, 1023), -EBADF);
}

/* Linux's fcntl() passes (int)arg to f_dupfd(): the high half is dropped, negative is -EINVAL. */
SELFTEST(fdtable, f_dupfd_start_is_an_int_below_the_limit)
{
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 600), 600L);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 600), 601L);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, (1L << 32) + 10), 10L);
	EXPECT_EQ(t, fcntl(0, F_DUPFD_CLOEXEC, 1023), 1023L);
	EXPECT_EQ(t, fcntl(1023, F_GETFD, 0), (long)FD_CLOEXEC);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 1023), -EMFILE);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 1024), -EINVAL);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, -1), -EINVAL);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 0x7fffffff), -EINVAL);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 0xffffffffL), -EINVAL);	/* (int) -1 */
	for (long fd = 10; fd <= 1023; fd++)
		syscall1(__NR_close, fd);
}

SELFTEST(fdtable, open_until_emfile_then_one_more_after_a_close)
{
	long fd, last = -1;

	while ((fd = open_null()) >= 0)
		last = fd;
	EXPECT_EQ(t, fd, -EMFILE);
	EXPECT_EQ(t, last, NOFILE_DEFAULT - 1L);
	EXPECT_EQ(t, syscall1(__NR_dup, 0), -EMFILE);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 0), -EMFILE);
	EXPECT_EQ(t, syscall1(__NR_close, 500), 0L);
	EXPECT_EQ(t, open_null(), 500L);
	EXPECT_EQ(t, open_null(), -EMFILE);
	close_from_3(NOFILE_DEFAULT);
	EXPECT_EQ(t, open_null(), 3L);
	close_from_3(4);
}

/*
 * A limit lowered below open fds leaves them open and usable; new ones are below it.
 * Raised to the hard limit, the table grows to it; root may raise the hard limit to
 * fs.nr_open (2^20) and no further.
 */
SELFTEST(fdtable, setrlimit_nofile_below_open_fds_and_up_to_the_hard_limit)
{
	struct rlimit64 old;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NOFILE, &old), 0L);
	ASSERT_EQ(t, dup2(0, 900), 900L);
	ASSERT_EQ(t, set_nofile(100, old.max), 0L);
	EXPECT_EQ(t, syscall3(__NR_write, 900, "", 0), 0L);
	EXPECT_EQ(t, fcntl(900, F_GETFD, 0), 0L);
	EXPECT_EQ(t, dup2(0, 100), -EBADF);
	EXPECT_EQ(t, dup2(0, 99), 99L);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 100), -EINVAL);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, 99), -EMFILE);
	EXPECT_EQ(t, syscall1(__NR_close, 900), 0L);

	ASSERT_EQ(t, set_nofile(old.max, old.max), 0L);
	EXPECT_EQ(t, dup2(0, old.max - 1), (long)old.max - 1);
	EXPECT_EQ(t, dup2(0, old.max), -EBADF);
	EXPECT_EQ(t, fcntl(0, F_DUPFD, old.max - 1), -EMFILE);
	EXPECT_EQ(t, syscall1(__NR_close, old.max - 1), 0L);

	EXPECT_EQ(t, set_nofile(NR_OPEN_MAX + 1, NR_OPEN_MAX + 1), -EPERM);
	ASSERT_EQ(t, set_nofile(NR_OPEN_MAX, NR_OPEN_MAX), 0L);	/* init is root */
	EXPECT_EQ(t, dup2(0, 20000), 20000L);
	EXPECT_EQ(t, syscall1(__NR_close, 20000), 0L);
	EXPECT_EQ(t, set_nofile(old.cur, old.max), 0L);
	EXPECT_EQ(t, syscall1(__NR_close, 99), 0L);
}

static int check_1000_fds(void)
{
	int bad = 0;

	for (long fd = 3; fd < 1003; fd++) {
		long want = fd % 7 ? 0 : FD_CLOEXEC;

		bad += fcntl(fd, F_GETFD, 0) != want;
		bad += syscall3(__NR_write, fd, "", 0) != 0;
	}
	bad += fcntl(1003, F_GETFD, 0) != -EBADF;
	close_from_3(1003);
	return bad > 255 ? 255 : bad;
}

/* fork() copies a table of 1000 fds with their close-on-exec bits; the copy is its own. */
SELFTEST(fdtable, fork_copies_a_table_of_1000_fds)
{
	for (long fd = 3; fd < 1003; fd++) {
		ASSERT_EQ(t, dup2(0, fd), fd);
		if (!(fd % 7))
			ASSERT_EQ(t, fcntl(fd, F_SETFD, FD_CLOEXEC), 0L);
	}
	EXPECT_EQ(t, in_child(check_1000_fds), 0);
	EXPECT_EQ(t, fcntl(1002, F_GETFD, 0), 0L);	/* the child's closes were its own */
	EXPECT_EQ(t, check_1000_fds(), 0);
}

static unsigned long *select_set;	/* 1024 bits that end where the mapping does */

/* A fork()'s table is sized to its highest open fd (1000): 1024 slots, whatever ours is. */
static int select_all_fds(void)
{
	struct { long sec, usec; } zero = { 0, 0 };

	return syscall5(__NR_select, 0x7fffffff, select_set, 0, 0, &zero) != 1;
}

/*
 * select() with nfds far past the table looks at the table's fds only, as Linux clamps
 * nfds to max_fds: a set of 1024 bits that ends at an unmapped page is not overrun.
 */
SELFTEST(fdtable, select_past_256_fds_and_clamped_to_the_table)
{
	struct { long sec, usec; } zero = { 0, 0 };
	char *page;
	int fds[2];

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	ASSERT_EQ(t, dup2(fds[0], 1000), 1000L);
	ASSERT_EQ(t, fd_write(fds[1], "x", 1), 1L);
	page = (char *)syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(t, (unsigned long)page < -4096UL);
	ASSERT_EQ(t, syscall2(__NR_munmap, (long)page + PAGE_SIZE, PAGE_SIZE), 0L);
	select_set = (unsigned long *)(page + PAGE_SIZE - NOFILE_DEFAULT / 8);
	select_set[1000 / 64] = 1UL << (1000 % 64);
	EXPECT_EQ(t, syscall5(__NR_select, 1001, select_set, 0, 0, &zero), 1L);
	EXPECT_EQ(t, select_set[1000 / 64], 1UL << (1000 % 64));
	EXPECT_EQ(t, syscall5(__NR_select, 1000, select_set, 0, 0, &zero), 0L);
	select_set[1000 / 64] = 1UL << (1000 % 64);
	EXPECT_EQ(t, in_child(select_all_fds), 0);
	EXPECT_EQ(t, syscall5(__NR_select, -1, select_set, 0, 0, &zero), -EINVAL);
	syscall1(__NR_close, 1000);
	close_pair(fds);
	syscall2(__NR_munmap, (long)page, PAGE_SIZE);
}

static volatile int table_grown;

/* Grows the table it shares through 128, 256, 512 and 1024 slots, one dup2() at a time. */
static int grow_shared_table(void *arg)
{
	long fd0 = (long)arg, bad = 0;

	for (long fd = 100; fd < 1000; fd += 100)
		bad += dup2(fd0, fd) != fd;
	__atomic_store_n(&table_grown, bad ? -1 : 1, __ATOMIC_RELEASE);
	return 0;
}

/* In a forked child, whose table is sized to its highest open fd: the growth is certain. */
static int grow_while_using(void)
{
	struct thread th;
	long bad = 0;
	int fds[2];

	if (syscall2(__NR_pipe2, fds, O_CLOEXEC))
		return 1;
	table_grown = 0;
	if (thread_start(&th, grow_shared_table, (void *)(long)fds[0]) <= 0)
		return 2;
	while (!__atomic_load_n(&table_grown, __ATOMIC_ACQUIRE)) {
		bad += fcntl(fds[0], F_GETFD, 0) != FD_CLOEXEC;
		bad += syscall3(__NR_write, fds[1], "", 0) != 0;
	}
	thread_join(&th);
	bad += table_grown != 1;
	bad += fcntl(fds[1], F_GETFD, 0) != FD_CLOEXEC;
	for (long fd = 100; fd < 1000; fd += 100)
		bad += fcntl(fd, F_GETFD, 0) != 0;
	return bad ? 3 : 0;
}

/*
 * A thread (CLONE_FILES) grows the table while another uses fds in it: each growth copies
 * the slots and bits under the table's lock, so the fds below stay open and keep their
 * close-on-exec bits throughout (on two CPUs, at the same time), and the new fds are
 * the other thread's too (fails with the close-on-exec bits not copied).
 */
SELFTEST(fdtable, a_thread_grows_the_shared_table)
{
	EXPECT_EQ(t, in_child(grow_while_using), 0);
}

/*
 * Linux's fs.nr_open, 2^20: with RLIMIT_NOFILE raised to it, dup2() to the last fd
 * below it works (a table of 8 MiB of slots, past kmalloc()'s largest block), and to
 * it is -EBADF, as Linux's dup2() and dup3() answer past the limit. In a child: the
 * table never shrinks. Its exit status: how many checks failed.
 */
static int dup2_to_nr_open(void)
{
	int bad = 0;

	bad += set_nofile(NR_OPEN_MAX, NR_OPEN_MAX) != 0;
	bad += dup2(0, NR_OPEN_MAX - 1) != NR_OPEN_MAX - 1;
	bad += fcntl(NR_OPEN_MAX - 1, F_GETFD, 0) != 0;
	bad += syscall3(__NR_write, NR_OPEN_MAX - 1, "", 0) != 0;
	bad += dup2(0, 1000000) != 1000000;
	bad += dup2(0, NR_OPEN_MAX) != -EBADF;
	bad += syscall3(__NR_dup3, 0, NR_OPEN_MAX, 0) != -EBADF;
	bad += fcntl(0, F_DUPFD, NR_OPEN_MAX - 2) != NR_OPEN_MAX - 2;
	bad += fcntl(0, F_DUPFD, NR_OPEN_MAX - 1) != -EMFILE;
	bad += syscall1(__NR_close, NR_OPEN_MAX - 1) != 0;
	bad += syscall1(__NR_close, NR_OPEN_MAX - 1) != -EBADF;
	return bad;
}

SELFTEST(fdtable, dup2_up_to_nr_open)
{
	EXPECT_EQ(t, in_child(dup2_to_nr_open), 0);
}
