// SPDX-License-Identifier: GPL-2.0
/*
 * Pipes (kernel/fs/pipe.c): Linux's errors, end of file and EPIPE, O_NONBLOCK,
 * PIPE_BUF atomicity (of a write and of a writev() whatever its iovecs), faults
 * part way, and sleeps that a writer, a reader or a signal ends. The other side
 * is a child process, so the caller really is asleep.
 */
#include <file.h>
#include <uapi/mman.h>
#include <uapi/stat.h>
#include <uapi/uio.h>
#include <uapi/unistd_32.h>
#include "harness.h"

#define PIPE_SIZE	65536		/* Linux's default capacity */
#define PIPE_BUF	4096

static long pipe2(int *fds, long flags)
{
	return syscall2(__NR_pipe2, fds, flags);
}

static u8 big[PIPE_SIZE + PIPE_BUF];

SELFTEST(pipes, pipe2_numbers_flags_and_errors)
{
	struct kernel_stat st;
	int fds[2], again[2];
	char c;

	ASSERT_EQ(t, pipe2(fds, O_CLOEXEC), 0L);
	EXPECT_EQ(t, fds[1], fds[0] + 1);		/* the two lowest free numbers */
	EXPECT_EQ(t, syscall2(__NR_fcntl, fds[0], F_GETFD), (long)FD_CLOEXEC);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fds[0], F_GETFL) & O_ACCMODE, (long)O_RDONLY);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fds[1], F_GETFL) & O_ACCMODE, (long)O_WRONLY);
	EXPECT_EQ(t, syscall2(__NR_fstat, fds[0], &st), 0L);
	EXPECT_EQ(t, st.st_mode & S_IFMT, (unsigned)S_IFIFO);
	EXPECT_EQ(t, fd_write(fds[0], "x", 1), -EBADF);	/* the wrong end */
	EXPECT_EQ(t, fd_read(fds[1], &c, 1), -EBADF);
	EXPECT_EQ(t, syscall3(__NR_lseek, fds[0], 0, 0), -ESPIPE);
	EXPECT_EQ(t, pipe2(fds, 0x4), -EINVAL);		/* not a pipe2() flag */
	EXPECT_EQ(t, pipe2((int *)8, 0), -EFAULT);	/* ... and no descriptor left behind */
	ASSERT_EQ(t, syscall1(__NR_pipe, again), 0L);
	EXPECT_EQ(t, again[0], fds[0] + 2);
	EXPECT_EQ(t, syscall2(__NR_fcntl, again[0], F_GETFD), 0L);
	close_pair(again);
	close_pair(fds);
}

SELFTEST(pipes, data_in_order_then_end_of_file)
{
	char buf[16] = "";
	int fds[2];

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	EXPECT_EQ(t, fd_write(fds[1], "hello ", 6), 6L);
	EXPECT_EQ(t, fd_write(fds[1], "pipe", 4), 4L);
	EXPECT_EQ(t, fd_read(fds[0], buf, 3), 3L);
	EXPECT_EQ(t, fd_read(fds[0], buf + 3, sizeof(buf)), 7L);	/* what is there,
									 * not count */
	EXPECT_STREQ(t, buf, "hello pipe");
	EXPECT_EQ(t, fd_write(fds[1], "", 0), 0L);
	syscall1(__NR_close, fds[1]);
	EXPECT_EQ(t, fd_read(fds[0], buf, sizeof(buf)), 0L);	/* no writer: end of file */
	syscall1(__NR_close, fds[0]);
}

SELFTEST(pipes, nonblocking_eagain_and_partial_writes)
{
	int fds[2];

	ASSERT_EQ(t, pipe2(fds, O_NONBLOCK), 0L);
	EXPECT_EQ(t, fd_read(fds[0], big, 1), -EAGAIN);
	EXPECT_EQ(t, fd_write(fds[1], big, PIPE_SIZE - 100), (long)(PIPE_SIZE - 100));
	/* 16 slots taken, the last one's page 100 bytes short: what Linux counts */
	EXPECT_EQ(t, fd_write(fds[1], big, 200), -EAGAIN);	/* atomic: all 200 or nothing */
	EXPECT_EQ(t, fd_write(fds[1], big, 100), 100L);		/* joins the last slot */
	EXPECT_EQ(t, fd_write(fds[1], big, 1), -EAGAIN);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)PIPE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], big, 1), 1L);
	EXPECT_EQ(t, fd_write(fds[1], big, PIPE_SIZE), (long)(PIPE_SIZE - PIPE_BUF));
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)(PIPE_SIZE - PIPE_BUF + 1));
	EXPECT_EQ(t, syscall3(__NR_fcntl, fds[0], F_SETFL, 0), 0L);
	EXPECT_EQ(t, syscall2(__NR_fcntl, fds[0], F_GETFL) & O_NONBLOCK, 0L);
	close_pair(fds);
}

/* No reader: SIGPIPE, and -EPIPE when it is caught; by default it kills. */
SELFTEST(pipes, no_reader_is_epipe_and_sigpipe)
{
	int fds[2];
	long pid;

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	syscall1(__NR_close, fds[0]);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		fd_write(fds[1], "x", 1);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, wait_status(pid), SIGPIPE);
	catch_signal(SIGPIPE, 0, false);
	caught.sig = 0;
	EXPECT_EQ(t, fd_write(fds[1], "x", 1), -EPIPE);
	EXPECT_EQ(t, caught.sig, SIGPIPE);
	reset_signal(SIGPIPE);
	syscall1(__NR_close, fds[1]);
}

/* A reader asleep on an empty pipe wakes when a writer writes, or leaves. */
SELFTEST(pipes, blocking_read_woken_by_the_writer)
{
	char buf[8] = "";
	int fds[2];
	long pid;

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		fd_write(fds[1], "late", 4);
		nap_ms(30);
		syscall1(__NR_exit, 0);		/* the last writer leaves */
	}
	syscall1(__NR_close, fds[1]);
	EXPECT_EQ(t, fd_read(fds[0], buf, sizeof(buf)), 4L);
	EXPECT_STREQ(t, buf, "late");
	EXPECT_EQ(t, fd_read(fds[0], buf, sizeof(buf)), 0L);
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall1(__NR_close, fds[0]);
}

/* A writer asleep on a full pipe wakes when a reader makes room. */
SELFTEST(pipes, blocking_write_woken_by_the_reader)
{
	int fds[2];
	long pid;

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	EXPECT_EQ(t, fd_write(fds[1], big, PIPE_SIZE), (long)PIPE_SIZE);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		syscall1(__NR_exit, fd_read(fds[0], big, PIPE_BUF) == PIPE_BUF ? 0 : 1);
	}
	EXPECT_EQ(t, fd_write(fds[1], big, PIPE_BUF), (long)PIPE_BUF);	/* after the child read */
	EXPECT_EQ(t, wait_status(pid), 0);
	close_pair(fds);
}

/*
 * Two writers, each writing whole PIPE_BUF records of its own byte: every record
 * the reader sees is whole, whatever sizes it reads in.
 */
SELFTEST(pipes, pipe_buf_writes_never_interleave)
{
	static u8 rec[PIPE_BUF], got[3000];
	unsigned long total = 0, bad = 0;
	u8 last = 0;
	const int records = 48;
	long pids[2], n;
	int fds[2];

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	for (int w = 0; w < 2; w++) {
		pids[w] = syscall0(__NR_fork);
		if (pids[w] == 0) {
			memset(rec, 'a' + w, sizeof(rec));
			for (int i = 0; i < records; i++)
				fd_write(fds[1], rec, sizeof(rec));
			syscall1(__NR_exit, 0);
		}
	}
	syscall1(__NR_close, fds[1]);
	while ((n = fd_read(fds[0], got, sizeof(got))) > 0) {
		for (long i = 0; i < n; i++, total++) {
			if (total % PIPE_BUF && got[i] != last)
				bad++;			/* a record changed byte in its middle */
			last = got[i];
		}
	}
	EXPECT_EQ(t, total, 2UL * records * PIPE_BUF);
	EXPECT_EQ(t, bad, 0UL);
	EXPECT_EQ(t, wait_status(pids[0]), 0);
	EXPECT_EQ(t, wait_status(pids[1]), 0);
	syscall1(__NR_close, fds[0]);
}

static volatile int handled;

static void count_signal(int sig)
{
	handled++;
}

/* A blocked read and a signal: -EINTR after a handler, a restart with SA_RESTART. */
SELFTEST(pipes, signal_during_a_blocked_read)
{
	char buf[8] = "";
	int fds[2];
	long pid;

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	sigaction(SIGUSR1, (unsigned long)count_signal, 0, 0, NULL);
	handled = 0;
	pid = signal_later(SIGUSR1, 30, 0);
	EXPECT_EQ(t, fd_read(fds[0], buf, sizeof(buf)), -EINTR);
	EXPECT_EQ(t, handled, 1);
	EXPECT_EQ(t, wait_status(pid), 0);

	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		kill(syscall0(__NR_getppid), SIGUSR1);
		nap_ms(30);
		fd_write(fds[1], "after", 5);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, fd_read(fds[0], buf, sizeof(buf)), 5L);	/* restarted, then the data */
	EXPECT_EQ(t, handled, 2);
	EXPECT_EQ(t, wait_status(pid), 0);
	sigaction(SIGUSR1, SIG_DFL, 0, 0, NULL);
	close_pair(fds);
}

#define BAD_PIPES	2000
static volatile int watching, watch_done, watched_open;
static int watched_fd;

/* Looks at the lowest free fd until told to stop: a pipe2() that failed must never show it. */
static int watch_free_fd(void *unused)
{
	watching = 1;
	while (!watch_done)
		if (syscall3(__NR_fcntl, watched_fd, F_GETFD, 0) >= 0)
			watched_open = 1;
	return 0;
}

/*
 * pipe2() with an unwritable array: the numbers are stored before either end
 * is installed, so no other thread ever sees them open.
 */
static int failed_pipes_stay_unseen(void)
{
	struct thread th;
	int ret = 9;

	watched_fd = syscall1(__NR_dup, 0);
	syscall1(__NR_close, watched_fd);
	if (thread_start(&th, watch_free_fd, NULL) <= 0)
		return 1;
	while (!watching)
		syscall0(__NR_sched_yield);
	for (int i = 0; i < BAD_PIPES && ret == 9; i++)
		if (pipe2((int *)8, 0) != -EFAULT)
			ret = 2;
	watch_done = 1;
	thread_join(&th);
	if (ret == 9 && watched_open)
		ret = 3;
	return ret;
}

SELFTEST(pipes, failed_pipe2_shows_no_descriptor)
{
	EXPECT_EQ(t, in_child(failed_pipes_stay_unseen), 9 << 8);
}

/*
 * A buffer whose second page is not mapped: Linux's pipe moves whole slots (a
 * page each, or a write's first count % PAGE_SIZE bytes joined to the last
 * one) or nothing. Each figure is what Debian's Linux 6.1 answers to this
 * sequence; a faulting write leaves an empty slot that a later write joins.
 */
SELFTEST(pipes, fault_moves_whole_slots_or_nothing)
{
	u8 *m = (u8 *)syscall6(__NR_mmap, 0, 3 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fds[2];

	ASSERT_EQ(t, syscall2(__NR_munmap, (long)m + PAGE_SIZE, PAGE_SIZE), 0L);
	ASSERT_EQ(t, pipe2(fds, O_NONBLOCK), 0L);
	EXPECT_EQ(t, fd_write(fds[1], m, 2 * PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_read(fds[0], m + 2 * PAGE_SIZE, PAGE_SIZE), (long)PAGE_SIZE);
	/* The empty slot is still there: 904 bytes join it, the next page faults. */
	EXPECT_EQ(t, fd_write(fds[1], m + 100, 5000), 904L);
	EXPECT_EQ(t, fd_write(fds[1], m + 100, 4000), -EFAULT);	/* a new slot's page faults */
	EXPECT_EQ(t, fd_write(fds[1], m, PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], m, 100), 100L);
	EXPECT_EQ(t, fd_write(fds[1], m + PAGE_SIZE - 100, PAGE_SIZE + 100), 100L);
	EXPECT_EQ(t, fd_write(fds[1], m + PAGE_SIZE - 196, PAGE_SIZE + 100), 100L);
	/* Slots of 904, 0, 4096, 200, 100, 0 bytes: a read stops before a fault. */
	EXPECT_EQ(t, fd_read(fds[0], m, 2 * PAGE_SIZE), 904L);
	EXPECT_EQ(t, fd_read(fds[0], m + 100, 2 * PAGE_SIZE), -EFAULT);	/* the data stays */
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)PAGE_SIZE + 300);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), -EAGAIN);	/* the empty slot too */
	EXPECT_EQ(t, fd_write(fds[1], m, PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], m, PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_read(fds[0], m, 2 * PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)PAGE_SIZE);
	close_pair(fds);
	syscall2(__NR_munmap, (long)m, 3 * PAGE_SIZE);
}

static long writev(long fd, const struct iovec *iov, long n)
{
	return syscall3(__NR_writev, fd, iov, n);
}

static long readv(long fd, const struct iovec *iov, long n)
{
	return syscall3(__NR_readv, fd, iov, n);
}

#define RECORD		10		/* one record: two iovecs of half of it */
#define RECORDS		10000		/* each writer's: more than the pipe holds */

/*
 * Two writers, each writev()ing RECORD-byte records of its own byte as two
 * iovecs: a writev() of at most PIPE_BUF is atomic as a write() is, so every
 * record the reader sees is whole. Each writer alone fills the pipe, and the
 * reader starts late: both sleep on a full pipe, one of them part way through a
 * record if a writev() were one write() per iovec, and the other goes first
 * (fails so, on one CPU and two).
 */
SELFTEST(pipes, writev_records_never_tear)
{
	static u8 rec[RECORD], got[3000];
	unsigned long total = 0, bad = 0;
	u8 first = 0;
	long pids[2], n;
	int fds[2];

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	for (int w = 0; w < 2; w++) {
		pids[w] = syscall0(__NR_fork);
		if (pids[w] == 0) {
			struct iovec iov[2] = { { rec, RECORD / 2 },
						{ rec + RECORD / 2, RECORD / 2 } };

			memset(rec, 'a' + w, sizeof(rec));
			for (int i = 0; i < RECORDS; i++)
				if (writev(fds[1], iov, 2) != RECORD)
					syscall1(__NR_exit, 1);
			syscall1(__NR_exit, 0);
		}
	}
	syscall1(__NR_close, fds[1]);
	nap_ms(30);
	while ((n = fd_read(fds[0], got, sizeof(got))) > 0) {
		for (long i = 0; i < n; i++, total++) {
			if (total % RECORD == 0)
				first = got[i];
			else if (got[i] != first)
				bad++;			/* a record changed byte in its middle */
		}
	}
	EXPECT_EQ(t, total, 2UL * RECORDS * RECORD);
	EXPECT_EQ(t, bad, 0UL);
	EXPECT_EQ(t, wait_status(pids[0]), 0);
	EXPECT_EQ(t, wait_status(pids[1]), 0);
	syscall1(__NR_close, fds[0]);
}

/*
 * The same, made certain on one CPU: a writev() of one record meets a pipe with
 * room for its first iovec only. It must wait for room for the whole record,
 * so the record another writer writes once a slot is free comes before or
 * after it, never inside it (fails on one CPU with one write() per iovec:
 * "aaaaabbbbbbbbbbaaaaa").
 */
SELFTEST(pipes, writev_of_a_record_waits_for_room_for_all_of_it)
{
	static char got[2 * RECORD + 1];
	int fds[2];
	long pid;

	ASSERT_EQ(t, pipe2(fds, 0), 0L);
	memset(big, 'z', sizeof(big));
	/* 16 slots, the last one's page RECORD / 2 bytes short */
	ASSERT_EQ(t, fd_write(fds[1], big, PIPE_SIZE - RECORD / 2), (long)(PIPE_SIZE - RECORD / 2));
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		struct iovec iov[2] = { { "aaaaa", RECORD / 2 }, { "aaaaa", RECORD / 2 } };

		syscall1(__NR_exit, writev(fds[1], iov, 2) == RECORD ? 0 : 1);
	}
	nap_ms(30);					/* the child waits for room */
	/* Two slots free: the child wakes, but on one CPU runs after the write below. */
	EXPECT_EQ(t, fd_read(fds[0], big, 2 * PAGE_SIZE), 2L * PAGE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], "bbbbbbbbbb", RECORD), (long)RECORD);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, fd_read(fds[0], big, PIPE_SIZE - 2 * PAGE_SIZE - RECORD / 2),
		  (long)(PIPE_SIZE - 2 * PAGE_SIZE - RECORD / 2));
	EXPECT_EQ(t, fd_read(fds[0], got, 2 * RECORD), 2L * RECORD);
	/* Either first: Linux 6.12 gives each (its wakeup preempts on one CPU). */
	EXPECT_TRUE(t, !strcmp(got, "bbbbbbbbbbaaaaaaaaaa") ||
		       !strcmp(got, "aaaaaaaaaabbbbbbbbbb"));
	close_pair(fds);
}

/*
 * A writev() whose middle iovec faults: Linux's pipe_write() copies through
 * one iov_iter, a page's slot at a time, and a slot that faults keeps nothing.
 * So a writev() of at most a page moves nothing (-EFAULT), empty pipe or not
 * (the first bytes join the last slot, or fill a new one); a longer one keeps
 * the slots it filled before the fault. Each figure is Linux 6.12's (fails
 * with a writev() that is one write() per iovec: 10 instead of -EFAULT).
 */
SELFTEST(pipes, writev_fault_in_a_middle_iovec)
{
	u8 *m = (u8 *)syscall6(__NR_mmap, 0, 4 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u8 *hole = m + 2 * PAGE_SIZE;
	struct iovec iov[3] = { { m, 10 }, { hole, 10 }, { m + 3 * PAGE_SIZE, 10 } };
	int fds[2];

	ASSERT_TRUE(t, (long)m > 0);
	ASSERT_EQ(t, syscall2(__NR_munmap, (long)hole, PAGE_SIZE), 0L);
	ASSERT_EQ(t, pipe2(fds, O_NONBLOCK), 0L);
	EXPECT_EQ(t, writev(fds[1], iov, 3), -EFAULT);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), -EAGAIN);	/* nothing queued */
	EXPECT_EQ(t, fd_write(fds[1], "x", 1), 1L);
	EXPECT_EQ(t, writev(fds[1], iov, 3), -EFAULT);			/* joining the slot */
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), 1L);
	/* Past PIPE_BUF: a page of the first iovec, then its last 1904 bytes fault
	 * with the second's; after "x", 6020 % 4096 bytes join its slot first. */
	iov[0].iov_len = 6000;
	EXPECT_EQ(t, writev(fds[1], iov, 3), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], "x", 1), 1L);
	EXPECT_EQ(t, writev(fds[1], iov, 3), 6020L % 4096);	/* what joined the slot */
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), 1L + 6020 % 4096);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), -EAGAIN);
	close_pair(fds);
	syscall2(__NR_munmap, (long)m, 4 * PAGE_SIZE);
}

/*
 * readv() from a pipe into [good, bad]: Linux's pipe_read() copies a slot at a
 * time and takes a slot only once it is copied whole, so a slot the bad iovec
 * cuts stays for the next read (fails with a readv() that is one read() per
 * iovec: 5, the first half gone).
 */
SELFTEST(pipes, readv_into_a_bad_iovec_leaves_the_slot)
{
	u8 *bad = (u8 *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char got[16] = "";
	struct iovec iov[2] = { { got, 5 }, { bad, 5 } };
	int fds[2];

	ASSERT_TRUE(t, (long)bad > 0);
	ASSERT_EQ(t, syscall2(__NR_munmap, (long)bad, PAGE_SIZE), 0L);
	ASSERT_EQ(t, pipe2(fds, O_NONBLOCK), 0L);
	EXPECT_EQ(t, fd_write(fds[1], "0123456789", 10), 10L);
	EXPECT_EQ(t, readv(fds[0], iov, 2), -EFAULT);
	EXPECT_EQ(t, fd_read(fds[0], got, sizeof(got)), 10L);		/* all still there */
	EXPECT_STREQ(t, got, "0123456789");
	EXPECT_EQ(t, fd_write(fds[1], "abc", 3), 3L);
	EXPECT_EQ(t, readv(fds[0], iov, 2), 3L);			/* no fault reached */
	/* Two slots: the first comes whole, the second stays. */
	EXPECT_EQ(t, fd_write(fds[1], big, PAGE_SIZE), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_write(fds[1], "0123456789", 10), 10L);
	iov[0] = (struct iovec){ big, PAGE_SIZE };
	iov[1].iov_len = 10;
	EXPECT_EQ(t, readv(fds[0], iov, 2), (long)PAGE_SIZE);
	EXPECT_EQ(t, fd_read(fds[0], got, sizeof(got)), 10L);
	close_pair(fds);
}

/*
 * The i386 entry's writev() (int $0x80, two-word iovecs) takes the same path:
 * a bad middle iovec moves nothing (fails with one write() per iovec: 4).
 */
SELFTEST(pipes, i386_writev_with_a_bad_iovec_moves_nothing)
{
	static char good[4] = "abcd";
	static u32 iov32[6];
	struct gprs in = { .rax = __NR_ia32_writev, .rcx = (unsigned long)iov32, .rdx = 3 }, out;
	int fds[2];

	ASSERT_TRUE(t, (unsigned long)iov32 < 1UL << 32 && (unsigned long)good < 1UL << 32);
	ASSERT_EQ(t, pipe2(fds, O_NONBLOCK), 0L);
	in.rbx = fds[1];
	iov32[0] = iov32[4] = (u32)(unsigned long)good;
	iov32[1] = iov32[3] = iov32[5] = sizeof(good);
	iov32[2] = PAGE_SIZE;				/* below every mapping */
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, -EFAULT);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), -EAGAIN);
	iov32[2] = (u32)(unsigned long)good;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, 12L);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), 12L);
	close_pair(fds);
}
