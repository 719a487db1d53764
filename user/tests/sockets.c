// SPDX-License-Identifier: GPL-2.0
/*
 * Unix socket pairs (kernel/net/unix.c): both directions, SOCK_SEQPACKET's
 * message boundaries, the peer's close, poll, and Linux's errors.
 */
#include <file.h>
#include <uapi/mman.h>
#include <uapi/poll.h>
#include <uapi/stat.h>
#include <uapi/uio.h>
#include "harness.h"

#define AF_UNIX		1
#define AF_INET		2
#define SOCK_STREAM	1
#define SOCK_DGRAM	2
#define SOCK_SEQPACKET	5
#define SOCK_NONBLOCK	O_NONBLOCK
#define SOCK_CLOEXEC	O_CLOEXEC
#define RING_SIZE	65536		/* one direction's ring: include/pipe.h */

static long socketpair(long domain, long type, long protocol, int *sv)
{
	return syscall4(__NR_socketpair, domain, type, protocol, sv);
}

static u8 big[RING_SIZE + 1];

SELFTEST(sockets, stream_pair_carries_both_ways)
{
	struct kernel_stat st;
	char buf[16] = "";
	int sv[2];

	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0L);
	EXPECT_EQ(t, sv[1], sv[0] + 1);
	EXPECT_EQ(t, syscall2(__NR_fcntl, sv[0], F_GETFD), (long)FD_CLOEXEC);
	EXPECT_EQ(t, syscall2(__NR_fcntl, sv[1], F_GETFL) & O_ACCMODE, (long)O_RDWR);
	ASSERT_EQ(t, syscall2(__NR_fstat, sv[0], &st), 0L);
	EXPECT_EQ(t, st.st_mode & S_IFMT, (unsigned int)S_IFSOCK);
	EXPECT_EQ(t, fd_write(sv[0], "ping", 4), 4L);
	EXPECT_EQ(t, fd_write(sv[1], "pong", 4), 4L);
	EXPECT_EQ(t, fd_write(sv[0], "!", 1), 1L);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), 5L);		/* a stream: no
									 * boundaries */
	EXPECT_STREQ(t, buf, "ping!");
	memset(buf, 0, sizeof(buf));
	EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 4L);		/* fails if one ring
									 * serves both */
	EXPECT_STREQ(t, buf, "pong");
	EXPECT_EQ(t, syscall3(__NR_lseek, sv[0], 0, 0), -ESPIPE);
	close_pair(sv);
}

SELFTEST(sockets, seqpacket_keeps_message_boundaries)
{
	char buf[16] = "";
	int sv[2];

	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, fd_write(sv[0], "one", 3), 3L);
	EXPECT_EQ(t, fd_write(sv[0], "two", 3), 3L);
	EXPECT_EQ(t, fd_write(sv[0], "three", 5), 5L);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), 3L);		/* fails as a stream: 11 */
	EXPECT_STREQ(t, buf, "one");
	EXPECT_EQ(t, fd_read(sv[1], buf, 1), 1L);			/* the rest of "two"
									 * dropped */
	EXPECT_EQ(t, buf[0], 't');
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), 5L);
	EXPECT_EQ(t, buf[0], 't');
	EXPECT_EQ(t, buf[4], 'e');
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), -EAGAIN);
	EXPECT_EQ(t, fd_write(sv[0], big, sizeof(big)), -EMSGSIZE);	/* longer than the ring */
	EXPECT_EQ(t, fd_write(sv[0], big, RING_SIZE), (long)RING_SIZE);
	EXPECT_EQ(t, fd_write(sv[0], big, 1), -EAGAIN);		/* whole or nothing */
	close_pair(sv);
}

/*
 * A zero-length write to a SOCK_SEQPACKET socket is a record of its own: a read
 * returns 0 for it, and a reader asleep wakes for it. On a stream it is nothing.
 */
SELFTEST(sockets, zero_length_seqpacket_record)
{
	char buf[8] = "";
	struct pollfd pfd;
	int sv[2];
	long pid;

	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0L);
	pfd = (struct pollfd){ .fd = sv[1], .events = POLLIN };
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		nap_ms(30);
		fd_write(sv[1], "", 0);
		nap_ms(30);
		fd_write(sv[1], "next", 4);
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 0L);	/* fails with 4: nothing queued */
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, syscall3(__NR_fcntl, sv[0], F_SETFL, O_NONBLOCK), 0L);
	EXPECT_EQ(t, syscall3(__NR_fcntl, sv[1], F_SETFL, O_NONBLOCK), 0L);
	EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 4L);
	EXPECT_STREQ(t, buf, "next");
	EXPECT_EQ(t, fd_write(sv[0], "", 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);		/* the empty record */
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), 0L);
	EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 0L);
	close_pair(sv);

	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, fd_write(sv[0], "", 0), 0L);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), -EAGAIN);	/* nothing queued */
	close_pair(sv);
}

/*
 * The peer's close: reads see end of file, poll says so, a stream's writes, an
 * empty one too, SIGPIPE and -EPIPE.
 */
SELFTEST(sockets, peer_close_is_eof_hup_and_epipe)
{
	struct pollfd pfd;
	char c;
	int sv[2];

	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0L);
	pfd = (struct pollfd){ .fd = sv[0], .events = POLLIN | POLLOUT };
	EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);
	EXPECT_EQ(t, pfd.revents, POLLOUT);
	EXPECT_EQ(t, fd_write(sv[1], "x", 1), 1L);
	EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);
	EXPECT_EQ(t, pfd.revents, POLLIN | POLLOUT);
	syscall1(__NR_close, sv[1]);
	EXPECT_EQ(t, fd_read(sv[0], &c, 1), 1L);			/* what was sent stays */
	EXPECT_EQ(t, fd_read(sv[0], &c, 1), 0L);
	pfd.events = POLLIN | POLLRDHUP;
	EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);
	EXPECT_EQ(t, pfd.revents, POLLIN | POLLRDHUP | POLLHUP);
	catch_signal(SIGPIPE, 0, false);
	caught.sig = 0;
	EXPECT_EQ(t, fd_write(sv[0], "x", 1), -EPIPE);
	EXPECT_EQ(t, caught.sig, SIGPIPE);
	caught.sig = 0;
	EXPECT_EQ(t, fd_write(sv[0], "", 0), -EPIPE);		/* fails with 0: empty skips
								 * the check */
	EXPECT_EQ(t, caught.sig, SIGPIPE);
	syscall1(__NR_close, sv[0]);

	/* A SOCK_SEQPACKET write to a closed peer is -EPIPE with no SIGPIPE. */
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0L);
	syscall1(__NR_close, sv[1]);
	caught.sig = 0;
	EXPECT_EQ(t, fd_write(sv[0], "x", 1), -EPIPE);
	EXPECT_EQ(t, fd_write(sv[0], "", 0), -EPIPE);
	EXPECT_EQ(t, caught.sig, 0);
	reset_signal(SIGPIPE);
	syscall1(__NR_close, sv[0]);
}

/*
 * A peer closed with data unread leaves ECONNRESET for one call: a stream's read
 * once the data it was sent is read, a SOCK_SEQPACKET read before it, or its
 * write; poll() says POLLERR until then.
 */
SELFTEST(sockets, peer_closed_with_data_unread_leaves_econnreset)
{
	struct pollfd pfd = { .events = POLLIN };
	char buf[8];
	int sv[2];

	for (int type = SOCK_STREAM; type; type = type == SOCK_STREAM ? SOCK_SEQPACKET : 0) {
		ASSERT_EQ(t, socketpair(AF_UNIX, type, 0, sv), 0L);
		EXPECT_EQ(t, fd_write(sv[0], "abc", 3), 3L);		/* sv[1] never reads it */
		EXPECT_EQ(t, fd_write(sv[1], "z", 1), 1L);
		syscall1(__NR_close, sv[1]);
		pfd.fd = sv[0];
		EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);
		EXPECT_EQ(t, pfd.revents, POLLIN | POLLERR | POLLHUP);	/* fails without POLLERR */
		if (type == SOCK_STREAM)
			EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 1L);
		EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), -ECONNRESET);
		if (type == SOCK_SEQPACKET)
			EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 1L);
		EXPECT_EQ(t, fd_read(sv[0], buf, sizeof(buf)), 0L);
		EXPECT_EQ(t, syscall3(__NR_poll, &pfd, 1, 0), 1L);
		EXPECT_EQ(t, pfd.revents, POLLIN | POLLHUP);
		syscall1(__NR_close, sv[0]);
	}
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0L);
	EXPECT_EQ(t, fd_write(sv[0], "abc", 3), 3L);
	syscall1(__NR_close, sv[1]);
	EXPECT_EQ(t, fd_write(sv[0], "", 0), -ECONNRESET);
	EXPECT_EQ(t, fd_write(sv[0], "", 0), -EPIPE);
	syscall1(__NR_close, sv[0]);
}

SELFTEST(sockets, socketpair_errors)
{
	long lowest = syscall1(__NR_dup, 0);
	int sv[2] = { -1, -1 };

	syscall1(__NR_close, lowest);

	EXPECT_EQ(t, socketpair(AF_INET, SOCK_STREAM, 0, sv), -EAFNOSUPPORT);
	EXPECT_EQ(t, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), -ESOCKTNOSUPPORT);
	EXPECT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM, 6, sv), -EPROTONOSUPPORT);
	EXPECT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM | 0x100, 0, sv), -EINVAL);
	EXPECT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM, 0, (int *)8), -EFAULT);
	EXPECT_EQ(t, sv[0], -1);
	EXPECT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0L);
	EXPECT_EQ(t, sv[0], lowest);				/* the -EFAULT left none behind */
	close_pair(sv);
}

/*
 * A buffer whose second page is not mapped: a stream pair's write or read of
 * both pages is one copy (Linux's one sk_buff), whole or -EFAULT with nothing
 * moved, unlike a pipe's page-by-page slots (pipes.c); a SOCK_SEQPACKET
 * message whose read faults is gone, as Linux dequeues it first.
 */
SELFTEST(sockets, a_faulting_copy_moves_nothing)
{
	u8 *m = (u8 *)syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int sv[2];

	ASSERT_EQ(t, syscall2(__NR_munmap, (long)m + PAGE_SIZE, PAGE_SIZE), 0L);
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, fd_write(sv[0], m, 2 * PAGE_SIZE), -EFAULT);
	EXPECT_EQ(t, fd_read(sv[1], big, sizeof(big)), -EAGAIN);	/* nothing queued */
	EXPECT_EQ(t, fd_write(sv[0], big, 2 * PAGE_SIZE), (long)(2 * PAGE_SIZE));
	EXPECT_EQ(t, fd_read(sv[1], m, 2 * PAGE_SIZE), -EFAULT);
	EXPECT_EQ(t, fd_read(sv[1], big, sizeof(big)), (long)(2 * PAGE_SIZE));	/* it stayed */
	close_pair(sv);
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, fd_write(sv[0], m, 2 * PAGE_SIZE), -EFAULT);
	EXPECT_EQ(t, fd_write(sv[0], big, 2 * PAGE_SIZE), (long)(2 * PAGE_SIZE));
	EXPECT_EQ(t, fd_write(sv[0], big, 1), 1L);
	EXPECT_EQ(t, fd_read(sv[1], m, 2 * PAGE_SIZE), -EFAULT);
	EXPECT_EQ(t, fd_read(sv[1], big, sizeof(big)), 1L);	/* the faulting one gone */
	close_pair(sv);
	syscall2(__NR_munmap, (long)m, PAGE_SIZE);
}

/*
 * A writev() is one sendmsg(): on SOCK_SEQPACKET one message whatever its
 * iovecs, which a readv() takes whole into its own; a bad iovec anywhere
 * queues nothing, on a stream too (one sk_buff). Fails with one write() per
 * iovec: a read of 5, and 5 queued before the fault.
 */
SELFTEST(sockets, writev_is_one_message)
{
	u8 *bad = (u8 *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char buf[16] = "";
	struct iovec iov[3] = { { "hello", 5 }, { " world", 6 }, { "!", 1 } };
	struct iovec in[2] = { { buf, 5 }, { buf + 5, 6 } };
	int sv[2];

	ASSERT_TRUE(t, (long)bad > 0);
	ASSERT_EQ(t, syscall2(__NR_munmap, (long)bad, PAGE_SIZE), 0L);
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, syscall3(__NR_writev, sv[0], iov, 2), 11L);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), 11L);
	EXPECT_STREQ(t, buf, "hello world");
	memset(buf, 0, sizeof(buf));
	EXPECT_EQ(t, fd_write(sv[0], "hello world", 11), 11L);
	EXPECT_EQ(t, syscall3(__NR_readv, sv[1], in, 2), 11L);
	EXPECT_STREQ(t, buf, "hello world");
	iov[1].iov_base = bad;
	EXPECT_EQ(t, syscall3(__NR_writev, sv[0], iov, 3), -EFAULT);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), -EAGAIN);	/* nothing queued */
	close_pair(sv);
	ASSERT_EQ(t, socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0L);
	EXPECT_EQ(t, syscall3(__NR_writev, sv[0], iov, 3), -EFAULT);
	EXPECT_EQ(t, fd_read(sv[1], buf, sizeof(buf)), -EAGAIN);
	close_pair(sv);
}
