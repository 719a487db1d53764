// SPDX-License-Identifier: GPL-2.0
/*
 * Pipes (kernel/fs/pipe.c): Linux's errors, end of file and EPIPE, O_NONBLOCK,
 * PIPE_BUF atomicity, and sleeps that a writer, a reader or a signal ends. The
 * other side is a child process, so the caller really is asleep.
 */
#include <file.h>
#include <uapi/stat.h>
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
	EXPECT_EQ(t, fd_write(fds[1], big, 200), -EAGAIN);	/* atomic: all 200 or nothing */
	EXPECT_EQ(t, fd_write(fds[1], big, PIPE_SIZE), 100L);	/* longer: what fits */
	EXPECT_EQ(t, fd_write(fds[1], big, 1), -EAGAIN);
	EXPECT_EQ(t, fd_read(fds[0], big, sizeof(big)), (long)PIPE_SIZE);
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
