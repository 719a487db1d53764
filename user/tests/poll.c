// SPDX-License-Identifier: GPL-2.0
/*
 * poll and ppoll (kernel/fs/poll.c): what each kind of file reports, POLLNVAL and
 * the errors, sleeps that a write or the timeout ends, and signals: -EINTR after
 * a handler, ppoll's mask keeping one out until it returns.
 */
#include <file.h>
#include <uapi/mman.h>
#include <uapi/poll.h>
#include <uapi/resource.h>
#include "harness.h"

static long poll(struct pollfd *fds, long n, long timeout_ms)
{
	return syscall3(__NR_poll, fds, n, timeout_ms);
}

SELFTEST(poll, what_pipes_and_the_console_report)
{
	struct pollfd p[4];
	int fds[2];

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	p[0] = (struct pollfd){ fds[0], POLLIN, -1 };
	p[1] = (struct pollfd){ fds[1], POLLOUT | POLLIN, -1 };
	p[2] = (struct pollfd){ -1, POLLIN, -1 };		/* ignored: revents 0 */
	p[3] = (struct pollfd){ 1, POLLIN | POLLOUT, -1 };	/* the console */
	EXPECT_EQ(t, poll(p, 4, 0), 2L);
	EXPECT_EQ(t, p[0].revents, 0);
	EXPECT_EQ(t, p[1].revents, POLLOUT);
	EXPECT_EQ(t, p[2].revents, 0);
	EXPECT_EQ(t, p[3].revents, POLLIN | POLLOUT);
	syscall3(__NR_write, fds[1], "x", 1);
	EXPECT_EQ(t, poll(p, 1, 0), 1L);
	EXPECT_EQ(t, p[0].revents, POLLIN);
	syscall1(__NR_close, fds[1]);
	EXPECT_EQ(t, poll(p, 1, 0), 1L);
	EXPECT_EQ(t, p[0].revents, POLLIN | POLLHUP);	/* HUP is reported unasked */
	p[1].fd = fds[1];				/* closed now */
	EXPECT_EQ(t, poll(p, 2, 0), 2L);
	EXPECT_EQ(t, p[1].revents, POLLNVAL);
	syscall1(__NR_close, fds[0]);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	syscall1(__NR_close, fds[0]);
	p[0] = (struct pollfd){ fds[1], POLLOUT, -1 };
	EXPECT_EQ(t, poll(p, 1, 0), 1L);
	EXPECT_EQ(t, p[0].revents, POLLOUT | POLLERR);	/* no reader */
	syscall1(__NR_close, fds[1]);
	EXPECT_EQ(t, poll((struct pollfd *)8, 1, 0), -EFAULT);
	EXPECT_EQ(t, poll(p, 1000000, 0), -EINVAL);	/* more than RLIMIT_NOFILE */
	EXPECT_EQ(t, poll(NULL, 0, 0), 0L);
}

/* Nothing ready: the timeout ends the wait; a write in another process ends it first. */
SELFTEST(poll, timeout_or_a_write_ends_the_wait)
{
	struct pollfd p;
	int fds[2];
	long pid;

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	p = (struct pollfd){ fds[0], POLLIN, 0 };
	EXPECT_EQ(t, poll(&p, 1, 20), 0L);
	EXPECT_EQ(t, p.revents, 0);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		syscall3(__NR_write, fds[1], "x", 1);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, poll(&p, 1, -1), 1L);
	EXPECT_EQ(t, p.revents, POLLIN);
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}

static volatile int handled;

static void count_signal(int sig)
{
	handled++;
}

/*
 * A handled signal ends poll() with -EINTR, even with SA_RESTART (Linux never
 * restarts a poll after a handler), every revents written back as the last
 * look found it (0 here: nothing was ready, whatever was there). ppoll() with
 * the signal in its mask sleeps on until the data comes, and the signal is
 * delivered once it returned.
 */
SELFTEST(poll, signals_and_the_ppoll_mask)
{
	kernel_sigset_t mask = SIGBIT(SIGUSR1), now;
	struct timespec64 ts = { 5, 0 };
	struct pollfd p;
	int fds[2];
	long pid;

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	p = (struct pollfd){ fds[0], POLLIN, 0x7777 };
	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	handled = 0;
	pid = signal_later(SIGUSR1, 30, 0);
	EXPECT_EQ(t, poll(&p, 1, -1), -EINTR);
	EXPECT_EQ(t, p.revents, 0);
	EXPECT_EQ(t, handled, 1);
	EXPECT_EQ(t, wait_status(pid), 0);

	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		kill(syscall0(__NR_getppid), SIGUSR1);
		nap_ms(30);
		syscall3(__NR_write, fds[1], "x", 1);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 1, &ts, &mask, sizeof(mask)), 1L);
	EXPECT_EQ(t, handled, 2);			/* delivered after ppoll, not during */
	EXPECT_EQ(t, sigprocmask(SIG_BLOCK, NULL, &now), 0);
	EXPECT_EQ(t, now & SIGBIT(SIGUSR1), 0UL);	/* the old mask is back */
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 1, &ts, &mask, 4), -EINVAL);
	EXPECT_EQ(t, wait_status(pid), 0);
	sigaction(SIGUSR1, SIG_DFL, 0, 0, NULL);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}

static struct pollfd many[2048];

/*
 * poll() and ppoll() take as many entries as RLIMIT_NOFILE, not only as many as
 * the fd table has slots (fails with -EINVAL for 1024): a negative fd is
 * skipped, one past the table is POLLNVAL, ready ones are found anywhere in
 * the array; one entry more than the limit is -EINVAL, a higher limit lets
 * more in, and an infinite wait on them ends by a write to the last one.
 */
SELFTEST(poll, nfds_up_to_rlimit_nofile)
{
	struct timespec64 zero = { 0, 0 };
	struct rlimit64 old, more;
	int fds[2];
	long pid;

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	for (unsigned int i = 0; i < ARRAY_SIZE(many); i++)
		many[i] = (struct pollfd){ -1, POLLIN, 0x7f };
	EXPECT_EQ(t, poll(many, 1024, 0), 0L);
	EXPECT_EQ(t, many[1023].revents, 0);
	many[5] = (struct pollfd){ fds[1], POLLOUT, 0 };
	many[300] = (struct pollfd){ NR_OPEN_MAX, POLLIN, 0 };	/* past any table */
	many[1000] = (struct pollfd){ fds[0], POLLIN, 0 };
	EXPECT_EQ(t, poll(many, 1024, 0), 2L);
	EXPECT_EQ(t, many[5].revents, POLLOUT);
	EXPECT_EQ(t, many[300].revents, POLLNVAL);
	EXPECT_EQ(t, many[1000].revents, 0);
	EXPECT_EQ(t, syscall5(__NR_ppoll, many, 1024, &zero, NULL, 8), 2L);
	EXPECT_EQ(t, poll(many, 1025, 0), -EINVAL);

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NOFILE, &old), 0L);
	more = (struct rlimit64){ ARRAY_SIZE(many), old.max };
	ASSERT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, &more), 0L);
	many[5].fd = many[300].fd = -1;
	many[ARRAY_SIZE(many) - 1] = (struct pollfd){ fds[0], POLLIN, 0 };
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		syscall3(__NR_write, fds[1], "x", 1);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, poll(many, ARRAY_SIZE(many), -1), 2L);
	EXPECT_EQ(t, many[1000].revents, POLLIN);
	EXPECT_EQ(t, many[ARRAY_SIZE(many) - 1].revents, POLLIN);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, syscall2(__NR_setrlimit, RLIMIT_NOFILE, &old), 0L);
	close_pair(fds);
}

/*
 * select() and pselect6(): the sets come back with only the ready fds' bits,
 * the count of bits is returned, the time left is written back; -EBADF for an
 * fd asked about that is not open, -EINVAL, -EFAULT.
 */
SELFTEST(poll, select_and_pselect6)
{
	struct { long sec, usec; } tv = { 0, 0 };
	struct timespec64 ts = { 0, 20 * 1000000L };
	u64 rd, wr, big[4];
	int fds[2];

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	rd = BIT(fds[0]) | BIT(fds[1]);			/* the write end is never readable */
	wr = BIT(fds[1]);
	EXPECT_EQ(t, syscall5(__NR_select, fds[1] + 1, &rd, &wr, NULL, &tv), 1L);
	EXPECT_EQ(t, rd, 0UL);
	EXPECT_EQ(t, wr, BIT(fds[1]));			/* fails with the sets not written back */
	syscall3(__NR_write, fds[1], "x", 1);
	rd = BIT(fds[0]);
	wr = BIT(fds[1]);
	EXPECT_EQ(t, syscall5(__NR_select, fds[1] + 1, &rd, &wr, NULL, NULL), 2L);
	EXPECT_EQ(t, rd, BIT(fds[0]));
	syscall3(__NR_read, fds[0], &rd, 1);
	rd = BIT(fds[0]);
	tv.usec = 20000;				/* nothing comes: 0, and no time left */
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &tv), 0L);
	EXPECT_EQ(t, tv.sec | tv.usec, 0L);
	EXPECT_EQ(t, rd, 0UL);
	rd = BIT(fds[0]);
	EXPECT_EQ(t, syscall6(__NR_pselect6, fds[0] + 1, (long)&rd, 0, 0, (long)&ts, 0), 0L);
	memset(big, 0, sizeof(big));
	big[200 / 64] = BIT(200 % 64);			/* fd 200: not open */
	EXPECT_EQ(t, syscall5(__NR_select, 201, big, NULL, NULL, &tv), -EBADF);
	EXPECT_EQ(t, syscall5(__NR_select, -1, NULL, NULL, NULL, &tv), -EINVAL);
	EXPECT_EQ(t, syscall5(__NR_select, 1, 8, NULL, NULL, &tv), -EFAULT);
	tv.usec = -1;
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &tv), -EINVAL);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}

/*
 * Timeouts at the limits, as Linux's: select()'s microseconds carry into its
 * seconds, and what is negative after that is -EINVAL; a timeout too long for
 * the clock ends at its end, and the time left written back says so (fails with
 * the nanoseconds wrapped); a zero timeout is not written back, and a write-back
 * that faults is no error, so a timeout in read-only memory does (fails with
 * -EFAULT after the call did its work); ppoll() writes back the time left too.
 */
SELFTEST(poll, timeouts_at_the_limits)
{
	struct { long sec, usec; } tv, *ro;
	struct timespec64 ts;
	struct pollfd p;
	u64 rd;
	int fds[2];

	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	syscall3(__NR_write, fds[1], "x", 1);		/* fds[0] stays readable */
	p = (struct pollfd){ fds[0], POLLIN, 0 };
	tv = (typeof(tv)){ 0, 1000000 };		/* a second */
	rd = BIT(fds[0]);
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &tv), 1L);
	EXPECT_EQ(t, tv.sec, 0L);
	EXPECT_GT(t, tv.usec, 500000L);
	tv = (typeof(tv)){ 1, -1000000 };		/* no time at all */
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &tv), 0L);
	EXPECT_EQ(t, tv.sec, 1L);			/* not written back */
	tv = (typeof(tv)){ -1, 2000000 };		/* a second */
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &tv), 1L);
	tv = (typeof(tv)){ 0, -1 };
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &tv), -EINVAL);
	tv = (typeof(tv)){ -1, 999999 };
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &tv), -EINVAL);
	tv = (typeof(tv)){ __LONG_MAX__, 1000000 };	/* the carry overflows */
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &tv), -EINVAL);
	tv = (typeof(tv)){ 10000000000L, 0 };
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &tv), 1L);
	EXPECT_GE(t, tv.sec, 10000000000L - 2);
	tv = (typeof(tv)){ __LONG_MAX__, 999999 };
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &tv), 1L);
	EXPECT_GE(t, tv.sec, __LONG_MAX__ - 1000000);
	ts = (struct timespec64){ __LONG_MAX__, 999999999 };
	EXPECT_EQ(t, syscall6(__NR_pselect6, fds[0] + 1, (long)&rd, 0, 0, (long)&ts, 0), 1L);
	EXPECT_GE(t, ts.sec, __LONG_MAX__ - 1000000);
	ts = (struct timespec64){ 0, 1000000000 };
	EXPECT_EQ(t, syscall6(__NR_pselect6, 0, 0, 0, 0, (long)&ts, 0), -EINVAL);
	ts = (struct timespec64){ 5, 0 };
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 1, &ts, NULL, 8), 1L);
	EXPECT_EQ(t, ts.sec, 4L);			/* the time left */
	ts = (struct timespec64){ __LONG_MAX__, 999999999 };
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 1, &ts, NULL, 8), 1L);
	EXPECT_GE(t, ts.sec, __LONG_MAX__ - 1000000);

	ro = (void *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(t, (unsigned long)ro < TASK_SIZE_MAX);
	ro[1] = (typeof(tv)){ 5, 0 };
	ASSERT_EQ(t, syscall3(__NR_mprotect, ro, PAGE_SIZE, PROT_READ), 0L);
	EXPECT_EQ(t, syscall5(__NR_select, 0, NULL, NULL, NULL, &ro[0]), 0L);
	EXPECT_EQ(t, syscall6(__NR_pselect6, 0, 0, 0, 0, (long)&ro[0], 0), 0L);
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 0, &ro[0], NULL, 8), 0L);
	EXPECT_EQ(t, syscall5(__NR_select, fds[0] + 1, &rd, NULL, NULL, &ro[1]), 1L);
	EXPECT_EQ(t, syscall6(__NR_pselect6, fds[0] + 1, (long)&rd, 0, 0, (long)&ro[1], 0), 1L);
	EXPECT_EQ(t, syscall5(__NR_ppoll, &p, 1, &ro[1], NULL, 8), 1L);
	syscall2(__NR_munmap, ro, PAGE_SIZE);
	syscall1(__NR_close, fds[0]);
	syscall1(__NR_close, fds[1]);
}
