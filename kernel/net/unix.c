// SPDX-License-Identifier: GPL-2.0
/*
 * Unix-domain socket pairs: socketpair(AF_UNIX, SOCK_STREAM or SOCK_SEQPACKET),
 * as Linux's net/unix/af_unix.c behaves for a connected pair, read and written
 * with read(2) and write(2) (and their vector and poll forms: a readv() or
 * writev() is one read or write of all its iovecs, as Linux's one recvmsg() or
 * sendmsg()).
 *
 * A pair is two rings (include/pipe.h), one per direction: each socket reads
 * the one its peer writes. So a pair behaves as two pipes: a read sleeps until
 * data comes or returns 0 once the peer is closed, a write to a closed peer
 * fails -EPIPE, a zero-length one too, and on a stream raises SIGPIPE. A peer
 * closed with data unread leaves ECONNRESET for one read (or SOCK_SEQPACKET
 * write), as Linux's unix_release_sock(). A SOCK_SEQPACKET ring keeps each
 * write as a message: a read takes one whole, the part that does not fit
 * dropped, a zero-length write is an empty message (a read of it returns 0),
 * and a write longer than the ring is -EMSGSIZE.
 *
 * Not here: socket(), bind() and connect() (a Unix socket's name lives in a
 * filesystem, and entrylab has none), SOCK_DGRAM, the send and receive calls
 * and their ancillary data (SCM_RIGHTS), and shutdown().
 */
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pipe.h>
#include <pmm.h>
#include <poll.h>
#include <syscalls.h>
#include <uapi/stat.h>

#define AF_UNIX		1
#define SOCK_STREAM	1
#define SOCK_SEQPACKET	5
#define SOCK_TYPE_MASK	0xf
#define SOCK_CLOEXEC	O_CLOEXEC
#define SOCK_NONBLOCK	O_NONBLOCK

/* A socket's file: f->data is the ring it reads; its peer's ring is the one it writes. */
static long unix_read_iter(struct file *f, struct iov_iter *to, long *pos)
{
	return pipe_ring_read(f->data, to, f->flags & O_NONBLOCK);
}

/* A write's segments are one sendmsg(): on SOCK_SEQPACKET one message, as Linux's. */
static long unix_write_iter(struct file *f, struct iov_iter *from, long *pos)
{
	return pipe_ring_write(pipe_ring_peer(f->data), from, f->flags & O_NONBLOCK);
}

/*
 * Readable when data waits; once the peer is gone, readable (end of file) and
 * hung up, as Linux's unix_poll() reports a pair its peer left. Writable while
 * the peer's ring has room.
 */
static unsigned int unix_poll(struct file *f)
{
	unsigned int mask = pipe_ring_poll(f->data, true);

	if (mask & POLLHUP)
		mask |= POLLIN | POLLRDNORM | POLLRDHUP;
	return mask | (pipe_ring_poll(pipe_ring_peer(f->data), false) & (POLLOUT | POLLWRNORM));
}

static void unix_release(struct file *f)
{
	pipe_ring_close_socket(f->data);
}

static const struct file_operations unix_fops = {
	.read_iter = unix_read_iter,
	.write_iter = unix_write_iter,
	.poll = unix_poll,
	.release = unix_release,
	.mode = S_IFSOCK | 0777,
};

/*
 * socketpair(domain, type, protocol, sv): two connected sockets at sv[0] and
 * sv[1]. Linux's errors: another family -EAFNOSUPPORT, a protocol other than 0
 * (or AF_UNIX's own) -EPROTONOSUPPORT, a type this file has not
 * -ESOCKTNOSUPPORT, unknown flags in type -EINVAL.
 */
long sys_socketpair(struct pt_regs *regs)
{
	unsigned int type = regs->si & SOCK_TYPE_MASK, flags = regs->si & ~SOCK_TYPE_MASK;
	struct file *a = NULL, *b = NULL;
	struct pipe *ab, *ba;

	if (flags & ~(SOCK_CLOEXEC | SOCK_NONBLOCK))
		return -EINVAL;
	if (regs->di != AF_UNIX)
		return -EAFNOSUPPORT;
	if (type != SOCK_STREAM && type != SOCK_SEQPACKET)
		return -ESOCKTNOSUPPORT;
	if (regs->dx && regs->dx != AF_UNIX)
		return -EPROTONOSUPPORT;
	ab = pipe_ring_alloc(type == SOCK_SEQPACKET);
	ba = ab ? pipe_ring_alloc(type == SOCK_SEQPACKET) : NULL;
	if (ba) {
		pipe_ring_pair(ab, ba);
		a = file_alloc(&unix_fops, O_RDWR | (flags & SOCK_NONBLOCK));
		b = a ? file_alloc(&unix_fops, O_RDWR | (flags & SOCK_NONBLOCK)) : NULL;
	}
	if (!b) {				/* each ring's ends closed: freed */
		if (a)				/* no ring of its own yet: no release */
			free_page_object(a);
		for (struct pipe *p = ab; p; p = p == ab ? ba : NULL) {
			pipe_ring_close(p, true);
			pipe_ring_close(p, false);
		}
		return -ENFILE;
	}
	a->data = ba;				/* a reads what b writes */
	b->data = ab;
	return fd_install_pair_user(a, b, flags & SOCK_CLOEXEC, (int __user *)regs->r10);
}
