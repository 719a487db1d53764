// SPDX-License-Identifier: GPL-2.0
/*
 * Memory files (kernel/fs/memfd.c) and kcmp(2) (kernel/kcmp.c): a memfd is a
 * regular file in memory, read, written, sought and truncated as Linux's;
 * kcmp tells a shared open file, address space or table from a look-alike.
 */
#include <file.h>
#include <uapi/fs.h>
#include <uapi/stat.h>
#include <uapi/uio.h>
#include "harness.h"

#define MFD_CLOEXEC	1
#define KCMP_FILE	0
#define KCMP_VM		1
#define KCMP_FILES	2
#define KCMP_FS		3
#define KCMP_TYPES	8
#define MEMFD_MAX_SIZE	(511L * 4096)	/* the table's 511 frames: kernel/fs/memfd.c */

static long memfd_create(const char *name, long flags)
{
	return syscall2(__NR_memfd_create, name, flags);
}

static long kcmp(long pid1, long pid2, long type, long idx1, long idx2)
{
	return syscall5(__NR_kcmp, pid1, pid2, type, idx1, idx2);
}

static u8 page[2 * 4096];

SELFTEST(memfd, read_write_seek_and_holes)
{
	struct kernel_stat st;
	long fd = memfd_create("test", MFD_CLOEXEC);
	char buf[16] = "";

	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFD), (long)FD_CLOEXEC);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFL) & O_ACCMODE, (long)O_RDWR);
	EXPECT_EQ(t, syscall3(__NR_read, fd, buf, sizeof(buf)), 0L);	/* empty */
	EXPECT_EQ(t, syscall3(__NR_write, fd, "hello", 5), 5L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_SET), 0L);
	EXPECT_EQ(t, syscall3(__NR_read, fd, buf, sizeof(buf)), 5L);	/* up to the size */
	EXPECT_STREQ(t, buf, "hello");
	/* A write a page and more past the end leaves a hole that reads as zeros. */
	EXPECT_EQ(t, syscall4(__NR_pwrite64, fd, "!", 1, 3 * 4096L), 1L);
	ASSERT_EQ(t, syscall2(__NR_fstat, fd, &st), 0L);
	EXPECT_EQ(t, st.st_mode & S_IFMT, (unsigned int)S_IFREG);
	EXPECT_EQ(t, st.st_size, 3 * 4096L + 1);
	memset(page, 0x5a, sizeof(page));
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, page, sizeof(page), 4090L), (long)sizeof(page));
	EXPECT_EQ(t, page[0], 0);
	EXPECT_EQ(t, page[4095], 0);
	EXPECT_EQ(t, page[sizeof(page) - 1], 0);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_END), 3 * 4096L + 1);
	syscall1(__NR_close, fd);
}

SELFTEST(memfd, truncate_shares_and_errors)
{
	long fd = memfd_create("test", 0), pid, longest;
	char name[300], c = 0;

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fd, F_GETFD), 0L);
	EXPECT_EQ(t, syscall3(__NR_write, fd, "abcdef", 6), 6L);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, 2), 0L);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, 6), 0L);	/* grown back: a hole */
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 1, 4L), 1L);
	EXPECT_EQ(t, c, 0);					/* fails if the cut stays */
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, -1), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, MEMFD_MAX_SIZE + 1), -EFBIG);
	EXPECT_EQ(t, syscall4(__NR_pwrite64, fd, "x", 1, MEMFD_MAX_SIZE), -EFBIG);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, 1, 0), -EINVAL);	/* the console has no size */
	/* A forked child writes through the shared open file; the parent reads it. */
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, syscall4(__NR_pwrite64, fd, "Z", 1, 0L) != 1);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 1, 0L), 1L);
	EXPECT_EQ(t, c, 'Z');
	memset(name, 'n', sizeof(name));
	name[249] = 0;
	longest = memfd_create(name, 0);			/* 249 bytes: the longest */
	EXPECT_GE(t, longest, 0L);
	syscall1(__NR_close, longest);
	name[249] = 'n';
	name[250] = 0;
	EXPECT_EQ(t, memfd_create(name, 0), -EINVAL);
	EXPECT_EQ(t, memfd_create("x", 0x100), -EINVAL);	/* unknown flag */
	EXPECT_EQ(t, memfd_create((const char *)8, 0), -EFAULT);
	syscall1(__NR_close, fd);
}

/*
 * Positions at the limits, as Linux's: lseek() may reach LONG_MAX but not one past
 * it (fails with the sum wrapped to LONG_MIN, where a read indexed the page table
 * at 2^51 and oopsed); a transfer whose last byte would lie past LONG_MAX is
 * -EINVAL, one of nothing is not; a negative offset or length is -EINVAL before the
 * fd is looked at.
 */
SELFTEST(memfd, positions_at_the_limits)
{
	long fd = memfd_create("limits", 0);
	char c = 'x', v[16];
	struct iovec iov = { &c, 1 }, two[2] = { { v, 5 }, { v + 5, 10 } };

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall3(__NR_write, fd, "abc", 3), 3L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__, SEEK_END), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__ - 3, SEEK_END), __LONG_MAX__);
	ASSERT_EQ(t, syscall3(__NR_lseek, fd, 1, SEEK_CUR), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_CUR), __LONG_MAX__);	/* unmoved */
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, -1, SEEK_SET), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 1UL << 63, SEEK_SET), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__, SEEK_SET), __LONG_MAX__);
	EXPECT_EQ(t, syscall3(__NR_read, fd, &c, 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_write, fd, &c, 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_readv, fd, &iov, 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, &iov, 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_read, fd, &c, 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_write, fd, &c, 0), 0L);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 1, __LONG_MAX__), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_pwrite64, fd, &c, 1, __LONG_MAX__), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 2, __LONG_MAX__ - 1), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 1, __LONG_MAX__ - 1), 0L);	/* past the end */
	EXPECT_EQ(t, syscall4(__NR_pwrite64, fd, &c, 0, __LONG_MAX__), 0L);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, &c, 1, 1UL << 63), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_pread64, 999, &c, 1, -1), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_pwrite64, 999, &c, 1, -1), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, 999, -1), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, 1UL << 63), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_ftruncate, fd, __LONG_MAX__), -EFBIG);
	/* A vector's whole length counts (fails with each iovec checked alone: 0, -EFBIG). */
	ASSERT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__ - 10, SEEK_SET), __LONG_MAX__ - 10);
	EXPECT_EQ(t, syscall3(__NR_readv, fd, two, 2), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, two, 2), -EINVAL);
	syscall1(__NR_close, fd);
}

/*
 * SEEK_DATA and SEEK_HOLE, as Linux's shmem: a page written is data, one never
 * written a hole, the end a hole; an offset outside the file is -ENXIO (fails
 * with -EINVAL: whence unknown).
 */
SELFTEST(memfd, seek_data_and_hole)
{
	long fd = memfd_create("holes", 0);

	ASSERT_TRUE(t, fd >= 0);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_DATA), -ENXIO);	/* empty */
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_HOLE), -ENXIO);
	ASSERT_EQ(t, syscall2(__NR_ftruncate, fd, 3 * 4096L), 0L);
	ASSERT_EQ(t, syscall4(__NR_pwrite64, fd, "x", 1, 4096 + 5), 1L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_DATA), 4096L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_CUR), 4096L);		/* it moved */
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 6144, SEEK_DATA), 6144L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 8192, SEEK_DATA), -ENXIO);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_HOLE), 0L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 4096, SEEK_HOLE), 8192L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 10240, SEEK_HOLE), 10240L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 3 * 4096L, SEEK_HOLE), -ENXIO);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, -1, SEEK_DATA), -ENXIO);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__, SEEK_HOLE), -ENXIO);
	ASSERT_EQ(t, syscall2(__NR_ftruncate, fd, 4096 + 100), 0L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 4096, SEEK_HOLE), 4096L + 100);	/* the end */
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_CUR), 4096L + 100);
	syscall1(__NR_close, fd);
}

/* An unknown whence is -EINVAL before the file is asked: on a pipe too, not -ESPIPE. */
SELFTEST(memfd, lseek_unknown_whence_first)
{
	long fd = memfd_create("whence", 0);
	int p[2];

	ASSERT_TRUE(t, fd >= 0);
	ASSERT_EQ(t, syscall2(__NR_pipe2, p, 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_MAX + 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, (1UL << 32) | SEEK_CUR), 0L);	/* an int */
	EXPECT_EQ(t, syscall3(__NR_lseek, p[0], 0, SEEK_HOLE), -ESPIPE);
	EXPECT_EQ(t, syscall3(__NR_lseek, p[0], 0, 7), -EINVAL);	/* fails with -ESPIPE */
	close_pair(p);
	syscall1(__NR_close, fd);
}


#define RACE_WORDS	(16L << 10)		/* 64 KiB of 4-byte words */

static struct {
	int fd;
	bool write;
	u64 seen[RACE_WORDS / 64];	/* the words read, a bit each */
	long dups, moved;
} race;

/*
 * One of two threads at one memfd's position, 4 bytes at a time: a write, or a
 * read whose word must be one nobody read before (write() and readv() in turn).
 */
static int pos_racer(void *arg)
{
	for (long i = 0;; i++) {
		u32 w = (long)arg * RACE_WORDS / 2 + i;
		struct iovec iov = { &w, sizeof(w) };
		long n;

		if (race.write)
			n = i < RACE_WORDS / 2 ? syscall3(__NR_write, race.fd, &w, sizeof(w)) : 0;
		else
			n = i & 1 ? syscall3(__NR_readv, race.fd, &iov, 1) :
				    syscall3(__NR_read, race.fd, &w, sizeof(w));
		if (n != sizeof(w))
			return 0;
		__atomic_add_fetch(&race.moved, 1, __ATOMIC_RELAXED);
		if (!race.write && (w >= RACE_WORDS ||
				    __atomic_fetch_or(&race.seen[w / 64], 1UL << (w % 64),
						      __ATOMIC_RELAXED) & (1UL << (w % 64))))
			__atomic_add_fetch(&race.dups, 1, __ATOMIC_RELAXED);
	}
}

/* Two threads at one file's position, as Linux's f_pos_lock orders them. */
static void race_pos(bool write)
{
	struct thread a, b;

	race.write = write;
	race.dups = race.moved = 0;
	memset(race.seen, 0, sizeof(race.seen));
	thread_start(&a, pos_racer, (void *)0L);
	thread_start(&b, pos_racer, (void *)1L);
	thread_join(&a);
	thread_join(&b);
}

/*
 * Two threads reading one memfd get each word once, and two writing it lose no
 * word: read(), readv() and write() hold the position for the whole transfer
 * (Linux's fdget_pos()). Without that, two reads at one position (on two CPUs)
 * both return its bytes and both move it on.
 */
SELFTEST(memfd, threads_share_the_position_atomically)
{
	static u32 words[RACE_WORDS];

	race.fd = memfd_create("race", MFD_CLOEXEC);
	ASSERT_TRUE(t, race.fd >= 3);
	for (long i = 0; i < RACE_WORDS; i++)
		words[i] = i;
	ASSERT_EQ(t, syscall3(__NR_write, race.fd, words, sizeof(words)), (long)sizeof(words));
	for (int round = 0; round < 2; round++) {
		ASSERT_EQ(t, syscall3(__NR_lseek, race.fd, 0, SEEK_SET), 0L);
		race_pos(false);
		EXPECT_EQ(t, race.dups, 0L);
		EXPECT_EQ(t, race.moved, RACE_WORDS);
		ASSERT_EQ(t, syscall2(__NR_ftruncate, race.fd, 0), 0L);
		ASSERT_EQ(t, syscall3(__NR_lseek, race.fd, 0, SEEK_SET), 0L);
		race_pos(true);
		EXPECT_EQ(t, race.moved, RACE_WORDS);
		EXPECT_EQ(t, syscall3(__NR_lseek, race.fd, 0, SEEK_END), RACE_WORDS * 4);
	}
	syscall1(__NR_close, race.fd);
}

/* kcmp: a dup and a fork's copy are the same open file; another open is not. */
SELFTEST(kcmp, tells_shared_objects_from_look_alikes)
{
	long me = syscall0(__NR_getpid), a = memfd_create("a", 0), b = memfd_create("b", 0);
	long dup = syscall1(__NR_dup, a), pid, order;

	ASSERT_TRUE(t, a >= 0 && b >= 0);
	EXPECT_EQ(t, kcmp(me, me, KCMP_FILE, a, dup), 0L);
	order = kcmp(me, me, KCMP_FILE, a, b);
	EXPECT_TRUE(t, order == 1 || order == 2);		/* fails if all files are equal */
	EXPECT_EQ(t, kcmp(me, me, KCMP_FILE, b, a), 3 - order);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		syscall1(__NR_pause, 0);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, kcmp(me, pid, KCMP_FILE, a, a), 0L);	/* fork shares open files */
	EXPECT_NE(t, kcmp(me, pid, KCMP_VM, 0, 0), 0L);		/* ... and copies the rest */
	EXPECT_NE(t, kcmp(me, pid, KCMP_FILES, 0, 0), 0L);
	EXPECT_EQ(t, kcmp(me, me, KCMP_VM, 0, 0), 0L);
	EXPECT_EQ(t, kcmp(me, pid, KCMP_FILE, a, 200), -EBADF);
	EXPECT_EQ(t, kcmp(me, pid, KCMP_FS, 0, 0), -EOPNOTSUPP);
	EXPECT_EQ(t, kcmp(me, pid, KCMP_TYPES, 0, 0), -EINVAL);
	EXPECT_EQ(t, kcmp(me, 99999, KCMP_VM, 0, 0), -ESRCH);
	syscall2(__NR_kill, pid, SIGKILL);
	EXPECT_EQ(t, wait_status(pid), SIGKILL);
	syscall1(__NR_close, a);
	syscall1(__NR_close, b);
	syscall1(__NR_close, dup);
}
