// SPDX-License-Identifier: GPL-2.0
/*
 * epoll (kernel/fs/eventpoll.c): epoll_ctl's errors, level- and edge-triggered
 * reports, EPOLLONESHOT, HUP and a closed file's watch going with it, and waits
 * that another process's write, the timeout or a signal ends.
 */
#include <file.h>
#include "harness.h"

#define EPOLL_CTL_ADD	1
#define EPOLL_CTL_DEL	2
#define EPOLL_CTL_MOD	3
#define EPOLLIN		0x001
#define EPOLLOUT	0x004
#define EPOLLERR	0x008
#define EPOLLHUP	0x010
#define EPOLLONESHOT	(1U << 30)
#define EPOLLET		(1U << 31)

struct epoll_event {
	u32 events;
	u64 data;
} __packed;

static long ctl(long ep, long op, long fd, u32 events, u64 data)
{
	struct epoll_event ev = { events, data };

	return syscall4(__NR_epoll_ctl, ep, op, fd, &ev);
}

static long wait(long ep, struct epoll_event *ev, long max, long ms)
{
	return syscall4(__NR_epoll_wait, ep, ev, max, ms);
}

/* A new epoll, and a non-blocking pipe in fds; the epoll's fd, or -1. */
static long epoll_and_pipe(int fds[2])
{
	long ep = syscall1(__NR_epoll_create1, 0);

	if (ep < 0 || syscall2(__NR_pipe2, fds, O_NONBLOCK))
		return -1;
	return ep;
}

static void close_all(const long *fds, int n)
{
	for (int i = 0; i < n; i++)
		syscall1(__NR_close, fds[i]);
}

SELFTEST(epoll, create_and_ctl_errors)
{
	long ep = syscall1(__NR_epoll_create1, O_CLOEXEC), ep2, ep3, null;
	struct epoll_event ev = { EPOLLIN, 0 };
	int fds[2];

	ASSERT_TRUE(t, ep >= 0);
	EXPECT_EQ(t, syscall2(__NR_fcntl, ep, F_GETFD), (long)FD_CLOEXEC);
	EXPECT_EQ(t, syscall1(__NR_epoll_create, 0), -EINVAL);
	EXPECT_EQ(t, syscall1(__NR_epoll_create1, 1), -EINVAL);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	null = syscall4(__NR_openat, AT_FDCWD, "/dev/null", O_RDONLY, 0);
	EXPECT_EQ(t, ctl(fds[0], EPOLL_CTL_ADD, fds[1], EPOLLIN, 0), -EINVAL);	/* not an epoll */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, ep, EPOLLIN, 0), -EINVAL);		/* itself */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, 999, EPOLLIN, 0), -EBADF);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, null, EPOLLIN, 0), -EPERM);	/* cannot be polled */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_MOD, fds[0], EPOLLIN, 0), -ENOENT);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN, 0), -EEXIST);
	EXPECT_EQ(t, ctl(ep, 9, fds[0], EPOLLIN, 0), -EINVAL);
	EXPECT_EQ(t, syscall4(__NR_epoll_ctl, ep, EPOLL_CTL_MOD, fds[0], 8), -EFAULT);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_DEL, fds[0], 0, 0), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_DEL, fds[0], 0, 0), -ENOENT);
	EXPECT_EQ(t, wait(ep, &ev, 0, 0), -EINVAL);
	/* More events than an int's worth of bytes is -EINVAL (fails with -EFAULT). */
	EXPECT_EQ(t, wait(ep, &ev, __INT_MAX__ / (int)sizeof(ev) + 1, 0), -EINVAL);
	EXPECT_EQ(t, wait(ep, &ev, __INT_MAX__, 0), -EINVAL);
	EXPECT_EQ(t, wait(fds[0], &ev, 1, 0), -EINVAL);
	EXPECT_EQ(t, wait(ep, (struct epoll_event *)0xffff888000000000UL, 1, 0), -EFAULT);
	/* An epoll may watch an epoll, one deep. */
	ep2 = syscall1(__NR_epoll_create1, 0);
	ep3 = syscall1(__NR_epoll_create1, 0);
	EXPECT_EQ(t, ctl(ep2, EPOLL_CTL_ADD, ep, EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(ep3, EPOLL_CTL_ADD, ep2, EPOLLIN, 0), -ELOOP);
	close_all((long[]){ ep, ep2, ep3, null, fds[0], fds[1] }, 6);
}

SELFTEST(epoll, level_triggered_until_drained)
{
	struct epoll_event ev[4];
	int fds[2];
	long ep = epoll_and_pipe(fds);
	char buf[8];

	ASSERT_TRUE(t, ep >= 0);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN, 0x1234), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[1], EPOLLOUT, 0x5678), 0L);
	EXPECT_EQ(t, wait(ep, ev, 4, 0), 1L);			/* the write end only */
	EXPECT_EQ(t, ev[0].events, EPOLLOUT);
	EXPECT_EQ(t, ev[0].data, 0x5678UL);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_DEL, fds[1], 0, 0), 0L);
	syscall3(__NR_write, fds[1], "ab", 2);
	EXPECT_EQ(t, wait(ep, ev, 4, 0), 1L);
	EXPECT_EQ(t, ev[0].events, EPOLLIN);
	EXPECT_EQ(t, ev[0].data, 0x1234UL);
	EXPECT_EQ(t, wait(ep, ev, 4, 0), 1L);			/* level: still readable */
	syscall3(__NR_read, fds[0], buf, sizeof(buf));
	EXPECT_EQ(t, wait(ep, ev, 4, 0), 0L);
	close_all((long[]){ ep, fds[0], fds[1] }, 3);
}

SELFTEST(epoll, edge_triggered_and_oneshot)
{
	struct epoll_event ev[2];
	int fds[2];
	long ep = epoll_and_pipe(fds);
	char buf[8];

	ASSERT_TRUE(t, ep >= 0);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN | EPOLLET, 1), 0L);
	syscall3(__NR_write, fds[1], "a", 1);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 1L);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 0L);			/* edge: reported once */
	while (syscall3(__NR_read, fds[0], buf, sizeof(buf)) > 0)
		;						/* to -EAGAIN */
	syscall3(__NR_write, fds[1], "b", 1);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 1L);			/* a new edge */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_MOD, fds[0], EPOLLIN | EPOLLONESHOT, 2), 0L);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 1L);
	EXPECT_EQ(t, ev[0].data, 2UL);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 0L);			/* disabled, data or not */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_MOD, fds[0], EPOLLIN | EPOLLONESHOT, 3), 0L);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 1L);			/* re-armed */
	close_all((long[]){ ep, fds[0], fds[1] }, 3);
}

/* HUP comes unasked; a file's last close takes its watch with it, as on Linux. */
SELFTEST(epoll, hup_and_a_closed_file_leaves)
{
	long ep = syscall1(__NR_epoll_create1, 0);
	struct epoll_event ev[2];
	int fds[2], again[2];

	ASSERT_TRUE(t, ep >= 0);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, 0), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN, 7), 0L);
	syscall1(__NR_close, fds[1]);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 1L);
	EXPECT_EQ(t, ev[0].events, EPOLLHUP);
	syscall1(__NR_close, fds[0]);
	EXPECT_EQ(t, wait(ep, ev, 2, 0), 0L);			/* the watch went with it */
	ASSERT_EQ(t, syscall2(__NR_pipe2, again, 0), 0L);	/* the same numbers */
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, again[0], EPOLLIN, 8), 0L);	/* no -EEXIST */
	close_all((long[]){ ep, again[0], again[1] }, 3);
}

static volatile int handled;

static void count_signal(int sig)
{
	handled++;
}

/* A wait ends with another process's write, the timeout, or -EINTR for a handler. */
SELFTEST(epoll, waits_end_by_write_timeout_or_signal)
{
	long ep = syscall1(__NR_epoll_create1, 0), efd = syscall2(__NR_eventfd2, 0, 0), pid;
	kernel_sigset_t mask = SIGBIT(SIGUSR1);
	struct epoll_event ev[2];
	u64 one = 1;

	ASSERT_TRUE(t, ep >= 0 && efd >= 0);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, efd, EPOLLIN, 9), 0L);
	EXPECT_EQ(t, wait(ep, ev, 2, 20), 0L);			/* the timeout */
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		syscall3(__NR_write, efd, &one, sizeof(one));
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, wait(ep, ev, 2, -1), 1L);
	EXPECT_EQ(t, ev[0].data, 9UL);
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall3(__NR_read, efd, &one, sizeof(one));

	sigaction(SIGUSR1, (unsigned long)count_signal, SA_RESTART, 0, NULL);
	handled = 0;
	pid = signal_later(SIGUSR1, 30, 0);
	EXPECT_EQ(t, wait(ep, ev, 2, -1), -EINTR);		/* never restarted */
	EXPECT_EQ(t, handled, 1);
	EXPECT_EQ(t, wait_status(pid), 0);
	pid = signal_later(SIGUSR1, 30, 0);
	EXPECT_EQ(t, syscall6(__NR_epoll_pwait, ep, (long)ev, 2, 150, (long)&mask, sizeof(mask)),
		  0L);
	EXPECT_EQ(t, handled, 2);			/* blocked during the wait, then handled */
	EXPECT_EQ(t, wait_status(pid), 0);
	sigaction(SIGUSR1, SIG_DFL, 0, 0, NULL);
	close_all((long[]){ ep, efd }, 2);
}
