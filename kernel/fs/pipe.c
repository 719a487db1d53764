// SPDX-License-Identifier: GPL-2.0
/*
 * Pipes (pipe(2), pipe2(2)), with Linux's semantics (fs/pipe.c):
 *
 *   - a 64 KiB ring (Linux's default capacity, 16 pages), one open file for
 *     each end, shared by dup() and fork() as any file;
 *   - read() returns what is there, at most count, as soon as anything is; with
 *     nothing there it sleeps until a writer writes, or returns 0 (end of file)
 *     once no writer is left, or -EAGAIN with O_NONBLOCK;
 *   - write() of at most PIPE_BUF bytes is atomic: it waits until all of it
 *     fits, and never interleaves with another write; a longer one may be split.
 *     Once no reader is left it raises SIGPIPE and returns -EPIPE (or what it
 *     wrote before); with O_NONBLOCK, what fits, or -EAGAIN;
 *   - a sleep is interrupted by a signal: -ERESTARTSYS, so the call restarts
 *     after a SA_RESTART handler, or returns -EINTR (or the bytes moved so far).
 *
 * The same ring carries one direction of a socket pair (kernel/net/unix.c,
 * through include/pipe.h): there the ends are two sockets' files, and a
 * SOCK_SEQPACKET pair's ring keeps each write's length too, so that a read takes
 * one message whole (what it has no room for is dropped, as Linux drops it). A
 * socket's pending error (Linux's sk_err) lives on the ring it reads: a socket
 * closed with data unread leaves its peer ECONNRESET, which the peer's next read
 * takes (before any data on a SOCK_SEQPACKET pair, once none is left on a
 * stream), or its next SOCK_SEQPACKET write; poll() says POLLERR until then. A
 * SOCK_SEQPACKET write to a closed peer is -EPIPE without SIGPIPE, as Linux's.
 *
 * One "mutex" per pipe orders readers and writers as Linux's pipe->mutex does: a
 * flag taken under the spinlock, its holder the only one to touch the ring, so
 * that it can copy between the ring and user memory, which may fault, with the
 * spinlock released. A waiter gives it up while it sleeps.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pipe.h>
#include <pmm.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spinlock.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/stat.h>
#include <wait.h>

#define PIPE_PAGES	16
#define PIPE_SIZE	(PIPE_PAGES * PAGE_SIZE)
#define PIPE_BUF	PAGE_SIZE		/* writes this long or shorter are atomic */
#define PIPE_MSGS	256			/* messages a SOCK_SEQPACKET ring holds */

struct pipe {
	spinlock_t lock;
	bool busy;			/* the mutex: someone is at the ring */
	bool packets;			/* each write one message: msg_len[] keeps them */
	/* Readers wait for data, writers for room, lockers for the mutex. */
	struct wait_chan readable, writable, unlocked;
	unsigned int head, len;		/* the data: len bytes from head, wrapping */
	int readers, writers;		/* open files of each end */
	u8 *ring;			/* PIPE_SIZE bytes, physically contiguous */
	struct pipe *peer;		/* a socket pair's other direction, else NULL */
	int sk_err;			/* its reading socket's pending error, else 0 */
	unsigned int msg_head, msgs;	/* msgs lengths from msg_head, wrapping */
	u32 msg_len[PIPE_MSGS];
};

static bool pipe_try_lock(struct pipe *p)
{
	unsigned long flags;
	bool got;

	spin_lock_irqsave(&p->lock, flags);
	got = !p->busy;
	if (got)			/* never a store of true over the holder's unlock */
		p->busy = true;
	spin_unlock_irqrestore(&p->lock, flags);
	return got;
}

/* The pipe's mutex; -ERESTARTSYS if a signal came first. */
static long pipe_lock(struct pipe *p)
{
	return wait_chan_sleep(&p->unlocked, 0, pipe_try_lock(p));
}

static void pipe_unlock(struct pipe *p)
{
	WRITE_ONCE(p->busy, false);
	wait_chan_wake(&p->unlocked);
}

/*
 * Mutex held: wait (without it) until cond, then take it again. 0, or
 * -ERESTARTSYS with the mutex not held.
 */
#define pipe_wait(p, chan, cond)					\
({									\
	long __err;							\
	pipe_unlock(p);							\
	__err = wait_chan_sleep(chan, 0, cond);				\
	if (!__err)							\
		__err = pipe_lock(p);					\
	__err;								\
})

/* Mutex held: copy n bytes between the ring at offset off and user memory. */
static bool ring_copy(struct pipe *p, unsigned int off, void __user *ubuf, size_t n, bool to_ring)
{
	size_t first = MIN(n, PIPE_SIZE - off);

	if (to_ring)
		return !copy_from_user(p->ring + off, ubuf, first) &&
		       !copy_from_user(p->ring, (const u8 __user *)ubuf + first, n - first);
	return !copy_to_user(ubuf, p->ring + off, first) &&
	       !copy_to_user((u8 __user *)ubuf + first, p->ring, n - first);
}

/*
 * Whether a read finds something: bytes, or on a packet ring a message, which
 * may be empty (a zero-length write is one, as Linux queues an empty record).
 */
static bool pipe_data(const struct pipe *p)
{
	return p->packets ? READ_ONCE(p->msgs) : READ_ONCE(p->len);
}

long pipe_ring_read(struct pipe *p, char __user *buf, size_t count, bool nonblock)
{
	long err, done = 0;
	size_t n, take;

	if (!count)
		return 0;
	err = pipe_lock(p);
	if (err)
		return err;
	if (p->packets && READ_ONCE(p->sk_err)) {	/* a datagram's error comes first */
		done = -__atomic_exchange_n(&p->sk_err, 0, __ATOMIC_RELAXED);
		goto out;
	}
	while (!pipe_data(p)) {
		if (READ_ONCE(p->sk_err)) {		/* a stream's, once the data is read */
			done = -__atomic_exchange_n(&p->sk_err, 0, __ATOMIC_RELAXED);
			goto out;
		}
		if (!READ_ONCE(p->writers))
			goto out;			/* end of file */
		if (nonblock) {
			done = -EAGAIN;
			goto out;
		}
		err = pipe_wait(p, &p->readable, pipe_data(p) || !READ_ONCE(p->writers) ||
						 READ_ONCE(p->sk_err));
		if (err)
			return err;
	}
	take = p->packets ? p->msg_len[p->msg_head] : p->len;
	n = MIN(count, take);
	if (!ring_copy(p, p->head, buf, n, false)) {
		done = -EFAULT;			/* the data stays, as on Linux */
		goto out;
	}
	if (p->packets) {			/* the message goes whole, read or not */
		n = take;
		p->msg_head = (p->msg_head + 1) % PIPE_MSGS;
		p->msgs--;
	}
	p->head = (p->head + n) % PIPE_SIZE;
	WRITE_ONCE(p->len, p->len - n);
	done = MIN(count, take);
	wait_chan_wake(&p->writable);
	poll_wake();
out:
	pipe_unlock(p);
	return done;
}

/* Without readers: SIGPIPE to the writing thread, as Linux's send_sig(), but for a packet ring. */
static long broken_pipe(const struct pipe *p, long done)
{
	if (!p->packets)
		send_sig_kernel(current, SIGPIPE);
	return done ? done : -EPIPE;
}

/* Mutex held: whether want more bytes (and a message, for a packet ring) fit now. */
static bool pipe_room(const struct pipe *p, size_t want)
{
	return PIPE_SIZE - READ_ONCE(p->len) >= want && (!p->packets || p->msgs < PIPE_MSGS);
}

long pipe_ring_write(struct pipe *p, const char __user *buf, size_t count, bool nonblock)
{
	long err, done = 0;

	/* A SOCK_SEQPACKET writer takes its own pending error first: on the ring it reads. */
	if (p->packets && READ_ONCE(p->peer->sk_err))
		return -__atomic_exchange_n(&p->peer->sk_err, 0, __ATOMIC_RELAXED);
	if (p->packets && count > PIPE_SIZE)
		return -EMSGSIZE;
	err = pipe_lock(p);
	if (err)
		return err;
	/* An empty write to a stream still finds its reader gone, as a socket's does. */
	if (!count && !p->packets && !READ_ONCE(p->readers))
		done = broken_pipe(p, 0);
	/* A packet ring's message goes whole in one turn, even an empty one. */
	while ((size_t)done < count || (p->packets && !done)) {
		size_t want = count <= PIPE_BUF || p->packets ? count : 1, n;

		if (!READ_ONCE(p->readers)) {
			done = broken_pipe(p, done);
			break;
		}
		if (!pipe_room(p, want)) {
			if (nonblock) {
				done = done ? done : -EAGAIN;
				break;
			}
			err = pipe_wait(p, &p->writable, pipe_room(p, want) ||
							 !READ_ONCE(p->readers));
			if (err)
				return done ? done : err;
			continue;
		}
		n = MIN(count - done, PIPE_SIZE - (size_t)p->len);
		if (!ring_copy(p, (p->head + p->len) % PIPE_SIZE, (void __user *)(buf + done), n,
			       true)) {
			done = done ? done : -EFAULT;
			break;
		}
		if (p->packets) {
			p->msg_len[(p->msg_head + p->msgs) % PIPE_MSGS] = n;
			WRITE_ONCE(p->msgs, p->msgs + 1);
		}
		WRITE_ONCE(p->len, p->len + n);
		done += n;
		wait_chan_wake(&p->readable);
		poll_wake();
		if (p->packets)
			break;
	}
	pipe_unlock(p);
	return done;
}

unsigned int pipe_ring_poll(const struct pipe *p, bool reader)
{
	unsigned int mask = 0;

	if (reader) {
		if (pipe_data(p))
			mask |= POLLIN | POLLRDNORM;
		if (READ_ONCE(p->sk_err))
			mask |= POLLERR;
		if (!READ_ONCE(p->writers))
			mask |= POLLHUP;
	} else {
		if (pipe_room(p, 1))
			mask |= POLLOUT | POLLWRNORM;
		if (!READ_ONCE(p->readers))
			mask |= POLLERR;
	}
	return mask;
}

void pipe_ring_close(struct pipe *p, bool reader)
{
	unsigned long flags;
	bool last;

	spin_lock_irqsave(&p->lock, flags);
	if (reader)
		p->readers--;
	else
		p->writers--;
	last = !p->readers && !p->writers;
	spin_unlock_irqrestore(&p->lock, flags);
	wait_chan_wake(&p->readable);
	wait_chan_wake(&p->writable);
	poll_wake();
	if (last) {
		free_frames(virt_to_phys(p->ring), PIPE_PAGES);
		free_page_object(p);
	}
}

void pipe_ring_close_socket(struct pipe *rx)
{
	struct pipe *tx = rx->peer;		/* before rx may go */

	if (pipe_data(rx))
		WRITE_ONCE(tx->sk_err, ECONNRESET);
	pipe_ring_close(rx, true);
	pipe_ring_close(tx, false);		/* wakes the peer's reader to find it */
}

void pipe_ring_pair(struct pipe *a, struct pipe *b)
{
	a->peer = b;
	b->peer = a;
}

struct pipe *pipe_ring_peer(const struct pipe *p)
{
	return p->peer;
}

struct pipe *pipe_ring_alloc(bool packets)
{
	struct pipe *p = alloc_page_object();
	phys_addr_t ring = p ? alloc_frames(PIPE_PAGES) : 0;

	_Static_assert(sizeof(struct pipe) <= PAGE_SIZE, "struct pipe outgrew its page");
	if (!ring) {
		if (p)
			free_page_object(p);
		return NULL;
	}
	*p = (struct pipe){ .lock = SPINLOCK_INIT(pipe_lock), .readers = 1, .writers = 1,
			    .ring = phys_to_virt(ring), .packets = packets };
	return p;
}

static bool pipe_file_reads(const struct file *f)
{
	return (f->flags & O_ACCMODE) == O_RDONLY;
}

static long pipe_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	return pipe_ring_read(f->data, buf, count, f->flags & O_NONBLOCK);
}

static long pipe_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	if (!count)
		return 0;		/* a pipe's null write succeeds, reader or not */
	return pipe_ring_write(f->data, buf, count, f->flags & O_NONBLOCK);
}

static unsigned int pipe_poll(struct file *f)
{
	return pipe_ring_poll(f->data, pipe_file_reads(f));
}

/* The last reference to one end: the other end's sleepers learn of it. */
static void pipe_release(struct file *f)
{
	pipe_ring_close(f->data, pipe_file_reads(f));
}

static const struct file_operations pipe_fops = {
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
	.release = pipe_release,
	.mode = S_IFIFO | 0600,
};

static long do_pipe2(int __user *ufds, unsigned int flags)
{
	struct file *rd, *wr;
	struct pipe *p;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	p = pipe_ring_alloc(false);
	rd = p ? file_alloc(&pipe_fops, O_RDONLY | (flags & O_NONBLOCK)) : NULL;
	if (!rd) {
		if (p) {			/* both ends closed: freed */
			pipe_ring_close(p, true);
			pipe_ring_close(p, false);
		}
		return -ENFILE;
	}
	rd->data = p;
	wr = file_alloc(&pipe_fops, O_WRONLY | (flags & O_NONBLOCK));
	if (!wr) {
		pipe_ring_close(p, false);
		file_put(rd);			/* the last end: frees the pipe */
		return -ENFILE;
	}
	wr->data = p;
	return fd_install_pair_user(rd, wr, flags & O_CLOEXEC, ufds);
}

/* pipe2(fds, flags) */
long sys_pipe2(struct pt_regs *regs)
{
	return do_pipe2((int __user *)regs->di, regs->si);
}

/* pipe(fds) */
long sys_pipe(struct pt_regs *regs)
{
	return do_pipe2((int __user *)regs->di, 0);
}
