// SPDX-License-Identifier: GPL-2.0
/*
 * epoll (kernel/fs/eventpoll.c): epoll_ctl's errors, level- and edge-triggered
 * reports, EPOLLONESHOT, HUP and a closed file's watch going with it, and waits
 * that another process's write, the timeout or a signal ends; chains of epolls
 * no deeper than Linux's EP_MAX_NESTS and no loops; watches without a per-epoll
 * cap, max_user_watches their only limit.
 */
#include <file.h>
#include <uapi/poll.h>
#include <uapi/resource.h>
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
	/* An epoll may watch an epoll that watches one; two watching each other is a loop. */
	ep2 = syscall1(__NR_epoll_create1, 0);
	ep3 = syscall1(__NR_epoll_create1, 0);
	EXPECT_EQ(t, ctl(ep2, EPOLL_CTL_ADD, ep, EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(ep3, EPOLL_CTL_ADD, ep2, EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, ep2, EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, ep3, EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(ep3, EPOLL_CTL_ADD, ep2, EPOLLIN, 0), -EEXIST);
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

#define EP_MAX_NESTS	4		/* Linux's: epolls in a chain below its top one */
#define CHAIN		40

/*
 * Linux 6.12's ep_loop_check(): a chain holds at most EP_MAX_NESTS epolls below its top
 * one, whether it grows at the top or at the bottom, and no epoll watches one that
 * reaches it. An epoll_wait() and a poll() on the top of the longest chain see the pipe
 * at its bottom (the kernel's recursion is bounded by the same rule; a 40-deep chain
 * once overran the kernel stack).
 */
SELFTEST(epoll, chains_past_ep_max_nests_and_loops_are_eloop)
{
	struct epoll_event ev;
	struct pollfd p;
	long e[CHAIN], top = 0;
	int fds[2];

	for (int i = 0; i < CHAIN; i++)
		ASSERT_TRUE(t, (e[i] = syscall1(__NR_epoll_create1, 0)) >= 0);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, O_NONBLOCK), 0L);
	ASSERT_EQ(t, ctl(e[0], EPOLL_CTL_ADD, fds[0], EPOLLIN, 0), 0L);
	/* Each e[i + 1] watches e[i]: the 4 watches up to e[4] work, the next ones do not. */
	for (int i = 0; i + 1 < CHAIN; i++)
		if (!ctl(e[i + 1], EPOLL_CTL_ADD, e[i], EPOLLIN, i))
			top = i + 1;
		else
			break;
	EXPECT_EQ(t, top, (long)EP_MAX_NESTS);
	EXPECT_EQ(t, ctl(e[5], EPOLL_CTL_ADD, e[4], EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(e[6], EPOLL_CTL_ADD, e[4], EPOLLIN, 0), -ELOOP);
	/* Growing at the bottom is refused the same (Linux's upward depth)... */
	EXPECT_EQ(t, ctl(e[0], EPOLL_CTL_ADD, e[5], EPOLLIN, 0), -ELOOP);
	/* ... a branch from e[1] may hold one more, and then no further. */
	EXPECT_EQ(t, ctl(e[1], EPOLL_CTL_ADD, e[5], EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(e[5], EPOLL_CTL_ADD, e[6], EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(e[1], EPOLL_CTL_DEL, e[5], 0, 0), 0L);
	/* Loops: the bottom watching the top or a middle one, the top itself. */
	EXPECT_EQ(t, ctl(e[0], EPOLL_CTL_ADD, e[4], EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(e[1], EPOLL_CTL_ADD, e[3], EPOLLIN, 0), -ELOOP);
	EXPECT_EQ(t, ctl(e[4], EPOLL_CTL_ADD, e[4], EPOLLIN, 0), -EINVAL);
	/* A watch that adds no depth (a shortcut within the chain) is allowed. */
	EXPECT_EQ(t, ctl(e[4], EPOLL_CTL_ADD, e[0], EPOLLIN, 0), 0L);

	EXPECT_EQ(t, wait(e[4], &ev, 1, 0), 0L);
	p = (struct pollfd){ e[4], POLLIN, 0 };
	EXPECT_EQ(t, syscall3(__NR_poll, &p, 1, 0), 0L);
	ASSERT_EQ(t, fd_write(fds[1], "x", 1), 1L);
	EXPECT_EQ(t, wait(e[4], &ev, 1, 0), 1L);
	EXPECT_EQ(t, ev.events, EPOLLIN);
	EXPECT_EQ(t, syscall3(__NR_poll, &p, 1, 0), 1L);
	EXPECT_EQ(t, p.revents, POLLIN);

	/* Shorter again (a link deleted), the chain may grow back to the bound, no further. */
	EXPECT_EQ(t, ctl(e[4], EPOLL_CTL_DEL, e[0], 0, 0), 0L);
	EXPECT_EQ(t, ctl(e[1], EPOLL_CTL_DEL, e[0], 0, 0), 0L);
	EXPECT_EQ(t, ctl(e[5], EPOLL_CTL_ADD, e[4], EPOLLIN, 0), 0L);
	EXPECT_EQ(t, ctl(e[6], EPOLL_CTL_ADD, e[5], EPOLLIN, 0), -ELOOP);
	/* A closed link's watches go with it: e[3] closed, e[4] watches nothing. */
	EXPECT_EQ(t, syscall1(__NR_close, e[3]), 0L);
	EXPECT_EQ(t, ctl(e[6], EPOLL_CTL_ADD, e[5], EPOLLIN, 0), 0L);
	e[3] = -1;
	close_all(e, CHAIN);
	close_pair(fds);
}

#define WATCHES		2000	/* in one epoll: past a page's worth (126 once) */
#define FIRST_FD	64	/* the watched fds: dups of a pipe's read end */
#define SPREAD		200	/* watches per epoll while filling to the limit */
#define MAX_EPOLLS	4000

/* Adds watches of FIRST_FD.. to new epolls until -ENOSPC; how many were added, or -errno. */
static long fill_watches(long *eps, int *neps)
{
	long added = 0, err = 0;

	for (*neps = 0; !err && *neps < MAX_EPOLLS; (*neps)++) {
		eps[*neps] = syscall1(__NR_epoll_create1, 0);
		if (eps[*neps] < 0)
			return eps[*neps];
		for (int i = 0; i < SPREAD && !err; i++)
			if (!(err = ctl(eps[*neps], EPOLL_CTL_ADD, FIRST_FD + i, EPOLLIN, i)))
				added++;
	}
	return err == -ENOSPC ? added : (err ? err : -1);
}

/* dup2()s a pipe's read end to FIRST_FD.. FIRST_FD + WATCHES - 1, the limit raised for it. */
static long dup_read_ends(int fds[2], struct rlimit64 *old)
{
	struct rlimit64 r;

	if (syscall2(__NR_getrlimit, RLIMIT_NOFILE, old))
		return -1;
	r = (struct rlimit64){ old->max, old->max };
	if (syscall2(__NR_setrlimit, RLIMIT_NOFILE, &r) || syscall2(__NR_pipe2, fds, O_NONBLOCK))
		return -1;
	for (long fd = FIRST_FD; fd < FIRST_FD + WATCHES; fd++)
		if (syscall2(__NR_dup2, fds[0], fd) != fd)
			return -1;
	return 0;
}

static long undup_read_ends(int fds[2], const struct rlimit64 *old)
{
	for (long fd = FIRST_FD; fd < FIRST_FD + WATCHES; fd++)
		syscall1(__NR_close, fd);
	close_pair(fds);
	return syscall2(__NR_setrlimit, RLIMIT_NOFILE, old);
}

/* Watches are allocated one by one: an epoll holds 2000 of them and reports them all. */
SELFTEST(epoll, an_epoll_holds_2000_watches)
{
	struct epoll_event ev[8];
	struct rlimit64 old;
	long ep, reported = 0;
	int fds[2];

	ASSERT_EQ(t, dup_read_ends(fds, &old), 0L);
	ep = syscall1(__NR_epoll_create1, 0);
	ASSERT_TRUE(t, ep >= 0);
	for (long fd = FIRST_FD; fd < FIRST_FD + WATCHES; fd++)
		ASSERT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fd, EPOLLIN, fd), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, FIRST_FD + WATCHES - 1, EPOLLIN, 0), -EEXIST);
	ASSERT_EQ(t, fd_write(fds[1], "x", 1), 1L);
	for (int i = 0; i < WATCHES / 8; i++)
		reported += wait(ep, ev, 8, 0);
	EXPECT_EQ(t, reported, (long)WATCHES);		/* each watch once, in turn */
	EXPECT_EQ(t, ev[7].data, (u64)FIRST_FD + WATCHES - 1);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_DEL, FIRST_FD + 7, 0, 0), 0L);
	EXPECT_EQ(t, ctl(ep, EPOLL_CTL_DEL, FIRST_FD + 7, 0, 0), -ENOENT);
	EXPECT_EQ(t, syscall1(__NR_close, ep), 0L);
	EXPECT_EQ(t, undup_read_ends(fds, &old), 0L);
}

/*
 * The number of watches is limited by max_user_watches only, 4% of RAM's worth (Linux's
 * 1/25 of low memory): filled up to it, each watch counts for 32 to 256 bytes of it; an
 * epoll closed gives its watches back. Skipped where RAM makes that over 400,000 watches.
 */
SELFTEST(epoll, max_user_watches_is_the_only_limit)
{
	static long eps[MAX_EPOLLS];
	struct sysinfo si;
	struct rlimit64 old;
	unsigned long budget;
	long added, again;
	int fds[2], neps;

	ASSERT_EQ(t, syscall1(__NR_sysinfo, &si), 0L);
	budget = si.totalram * si.mem_unit / 25;
	if (budget / 32 > 400000)
		SKIP(t, "RAM allows too many watches to fill in a test");
	ASSERT_EQ(t, dup_read_ends(fds, &old), 0L);
	added = fill_watches(eps, &neps);
	EXPECT_TRUE(t, added > 0 && (unsigned long)added * 32 <= budget &&
		       (unsigned long)added * 256 >= budget);
	EXPECT_EQ(t, ctl(eps[0], EPOLL_CTL_ADD, FIRST_FD + SPREAD, EPOLLIN, 0), -ENOSPC);
	/* The first epoll's SPREAD watches given back: as many can be added, no more. */
	EXPECT_EQ(t, syscall1(__NR_close, eps[0]), 0L);
	again = 0;
	for (int i = 0; i <= SPREAD; i++)
		again += !ctl(eps[neps - 1], EPOLL_CTL_ADD, FIRST_FD + SPREAD + i, EPOLLIN, 0);
	EXPECT_EQ(t, again, (long)SPREAD);
	close_all(eps + 1, neps - 1);
	EXPECT_EQ(t, undup_read_ends(fds, &old), 0L);
}

#define RACE_ROUNDS	500

static volatile long race_fd;		/* the fd the thread closes; -1: stop */
static volatile int race_turn;		/* 1: both close now; 0: the thread is done */

static int close_on_cue(void *arg)
{
	(void)arg;
	for (;;) {
		while (!__atomic_load_n(&race_turn, __ATOMIC_ACQUIRE))
			syscall0(__NR_sched_yield);	/* one CPU: let the other run */
		if (race_fd < 0)
			return 0;
		syscall1(__NR_close, race_fd);
		__atomic_store_n(&race_turn, 0, __ATOMIC_RELEASE);
	}
}

/*
 * An epoll's last close and its watched file's last close at the same moment, on two
 * CPUs when there are two (a thread sharing the table closes one): the epoll's release
 * drops the file's watch count while the file's own release looks for its watches. Both
 * go through epolls_lock, so neither writes to the other's freed memory; a DEBUG_ENTRY
 * kernel reports such a write as "slab: ... write after free". Here: no crash, and the
 * fds and epolls made after it work.
 */
SELFTEST(epoll, last_closes_of_an_epoll_and_its_file_race)
{
	struct thread th;
	struct epoll_event ev;
	int fds[2], bad = 0;

	race_turn = 0;
	race_fd = 0;
	ASSERT_TRUE(t, thread_start(&th, close_on_cue, NULL) > 0);
	for (int i = 0; i < RACE_ROUNDS; i++) {
		long ep = syscall1(__NR_epoll_create1, 0);

		if (ep < 0 || syscall2(__NR_pipe2, fds, O_NONBLOCK)) {
			bad++;
			break;
		}
		bad += ctl(ep, EPOLL_CTL_ADD, fds[0], EPOLLIN, 0) != 0;
		race_fd = fds[0];
		__atomic_store_n(&race_turn, 1, __ATOMIC_RELEASE);
		syscall1(__NR_close, ep);
		while (__atomic_load_n(&race_turn, __ATOMIC_ACQUIRE))
			syscall0(__NR_sched_yield);
		syscall1(__NR_close, fds[1]);
	}
	race_fd = -1;
	__atomic_store_n(&race_turn, 1, __ATOMIC_RELEASE);
	thread_join(&th);
	EXPECT_EQ(t, bad, 0);
	{
		long ep = epoll_and_pipe(fds);

		ASSERT_TRUE(t, ep >= 0);
		EXPECT_EQ(t, ctl(ep, EPOLL_CTL_ADD, fds[1], EPOLLOUT, 5), 0L);
		EXPECT_EQ(t, wait(ep, &ev, 1, 0), 1L);
		EXPECT_EQ(t, ev.data, 5UL);
		close_all((long[]){ ep, fds[0], fds[1] }, 3);
	}
}
