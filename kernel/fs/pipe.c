// SPDX-License-Identifier: GPL-2.0
/*
 * Pipes (pipe(2), pipe2(2)), with Linux's semantics (fs/pipe.c):
 *
 *   - a 64 KiB ring kept as Linux keeps it: 16 slots (pipe_buffers) of at most
 *     a page each. A write's first count % PAGE_SIZE bytes join the last slot
 *     if its page has room for them, the rest take a slot a page at a time; so
 *     a write of at most PIPE_BUF bytes is atomic, and capacity is in slots.
 *     One open file for each end, shared by dup() and fork() as any file;
 *   - read() returns what is there, at most count, as soon as anything is; with
 *     nothing there it sleeps until a writer writes, or returns 0 (end of file)
 *     once no writer is left, or -EAGAIN with O_NONBLOCK;
 *   - write() waits for a free slot. Once no reader is left it raises SIGPIPE
 *     and returns -EPIPE (or what it wrote before); with O_NONBLOCK, what fits,
 *     or -EAGAIN;
 *   - readv() and writev() are one read or write of all their iovecs
 *     (read_iter, write_iter: include/uio.h's iterator), read() and write()
 *     the one-buffer case (ITER_UBUF, one copy with no array to walk): a
 *     writev() of at most PIPE_BUF is as atomic as a write(), and a fault part
 *     way is judged on the whole call;
 *   - a fault moves whole slots or nothing, as Linux's copies: a read returns
 *     the slots it copied whole, the faulting one stays; a write keeps the
 *     pages it copied whole, the faulting one's slot stays empty (a reader
 *     frees it); -EFAULT only when nothing moved;
 *   - a sleep is interrupted by a signal: -ERESTARTSYS, so the call restarts
 *     after a SA_RESTART handler, or returns -EINTR (or the bytes moved so far).
 *
 * The same ring carries one direction of a socket pair (kernel/net/unix.c,
 * through include/pipe.h): there the ends are two sockets' files, and there are
 * no slots. A SOCK_STREAM pair's ring is bytes: a write copies what fits, a read
 * what is there, each whole or nothing (-EFAULT), as Linux's copy of one
 * sk_buff; a write of at most PIPE_BUF waits until all of it fits. A
 * SOCK_SEQPACKET pair's ring keeps each write's length, so that a read takes
 * one message whole (what it has no room for, or all of it when the copy
 * faults, is dropped, as Linux drops it). A
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
#include <uio.h>
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
	/*
	 * A byte stream's data in Linux's pipe_buffers (slots): slots of them from
	 * slot_tail, wrapping, slot_len[] bytes in each (0 for one a faulting write
	 * took), slot_end[] where the next merged write would start in its page.
	 */
	unsigned int slot_tail, slots;
	u16 slot_len[PIPE_PAGES], slot_end[PIPE_PAGES];
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

/*
 * Mutex held: n bytes (the iterator has them) between the ring at offset off
 * and the iterator's user buffers, which it moves past: one copy, two when they
 * wrap past the ring's end. Bytes moved: fewer than n only at a fault, where
 * the copy stops.
 */
static __always_inline size_t ring_copy(struct pipe *p, unsigned int off, struct iov_iter *i,
					size_t n, bool to_ring)
{
	size_t first = MIN(n, PIPE_SIZE - off), moved;

	moved = to_ring ? copy_from_iter(p->ring + off, first, i) :
			  copy_to_iter(p->ring + off, first, i);
	if (moved == n || moved < first)
		return moved;
	return moved + (to_ring ? copy_from_iter(p->ring, n - first, i) :
				  copy_to_iter(p->ring, n - first, i));
}

/* A pipe's ring keeps slots; a socket pair's does not (the top of this file). */
static bool ring_slots(const struct pipe *p)
{
	return !p->packets && !p->peer;
}

/*
 * Whether a read finds something: on a pipe a slot, which may be empty (one a
 * faulting write took, as Linux's), on a packet ring a message, which may be
 * empty too (a zero-length write is one, as Linux queues an empty record).
 */
static bool pipe_data(const struct pipe *p)
{
	if (p->packets)
		return READ_ONCE(p->msgs);
	return ring_slots(p) ? READ_ONCE(p->slots) : READ_ONCE(p->len);
}

/* Mutex held: n bytes at the data's head gone. */
static void pipe_consume(struct pipe *p, unsigned int n)
{
	p->head = (p->head + n) % PIPE_SIZE;
	WRITE_ONCE(p->len, p->len - n);
}

/*
 * Mutex held, a message there: it goes whole, copied or not (what count has no
 * room for is dropped), as Linux's unix_dgram_recvmsg() dequeues it before it
 * copies. Its length, at most count, or -EFAULT.
 */
static long packet_read(struct pipe *p, struct iov_iter *to)
{
	unsigned int take = p->msg_len[p->msg_head];
	size_t count = iov_iter_count(to);
	bool copied = ring_copy(p, p->head, to, MIN(count, take), false) == MIN(count, take);

	p->msg_head = (p->msg_head + 1) % PIPE_MSGS;
	WRITE_ONCE(p->msgs, p->msgs - 1);
	pipe_consume(p, take);
	return copied ? (long)MIN(count, take) : -EFAULT;
}

/* Mutex held, a stream socket's bytes there: as many as to takes, whole, or -EFAULT. */
static long bytes_read(struct pipe *p, struct iov_iter *to)
{
	unsigned int n = MIN(iov_iter_count(to), p->len);

	if (ring_copy(p, p->head, to, n, false) < n)
		return -EFAULT;
	pipe_consume(p, n);
	return n;
}

/*
 * Mutex held: Linux's pipe_read() copy, slot by slot while to has room. A slot
 * that faults stays whole (what went out of it before the fault is not taken):
 * the bytes before it, or -EFAULT if it was the first.
 */
static long stream_read(struct pipe *p, struct iov_iter *to)
{
	long done = 0;

	while (iov_iter_count(to) && p->slots) {
		unsigned int s = p->slot_tail, n = MIN(iov_iter_count(to), p->slot_len[s]);

		if (ring_copy(p, p->head, to, n, false) < n)
			return done ? done : -EFAULT;
		pipe_consume(p, n);
		p->slot_len[s] -= n;
		if (!p->slot_len[s]) {
			p->slot_tail = (s + 1) % PIPE_PAGES;
			WRITE_ONCE(p->slots, p->slots - 1);
		}
		done += n;
	}
	return done;
}

long pipe_ring_read(struct pipe *p, struct iov_iter *to, bool nonblock)
{
	long err, done = 0;

	if (!iov_iter_count(to))
		return 0;
	err = pipe_lock(p);
	if (err)
		return err;
	if (p->packets && READ_ONCE(p->sk_err)) {	/* a datagram's error comes first */
		done = -__atomic_exchange_n(&p->sk_err, 0, __ATOMIC_RELAXED);
		goto out;
	}
	for (;;) {
		if (pipe_data(p)) {
			if (p->packets)
				done = packet_read(p, to);
			else
				done = ring_slots(p) ? stream_read(p, to) : bytes_read(p, to);
			wait_chan_wake(&p->writable);
			poll_wake();
			if (done || p->packets)
				break;
			continue;		/* only empty slots were there: wait on */
		}
		if (READ_ONCE(p->sk_err)) {		/* a stream's, once the data is read */
			done = -__atomic_exchange_n(&p->sk_err, 0, __ATOMIC_RELAXED);
			break;
		}
		if (!READ_ONCE(p->writers))
			break;				/* end of file */
		if (nonblock) {
			done = -EAGAIN;
			break;
		}
		err = pipe_wait(p, &p->readable, pipe_data(p) || !READ_ONCE(p->writers) ||
						 READ_ONCE(p->sk_err));
		if (err)
			return err;
	}
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

/*
 * Whether a write finds room now: on a pipe a free slot; else want bytes, and
 * on a packet ring a message.
 */
static bool pipe_room(const struct pipe *p, size_t want)
{
	if (ring_slots(p))
		return READ_ONCE(p->slots) < PIPE_PAGES;
	return PIPE_SIZE - READ_ONCE(p->len) >= want && (!p->packets ||
							 READ_ONCE(p->msgs) < PIPE_MSGS);
}

/* Mutex held: n more bytes in slot s, the last, copied in already. */
static void slot_grow(struct pipe *p, unsigned int s, unsigned int n)
{
	p->slot_len[s] += n;
	p->slot_end[s] += n;
	WRITE_ONCE(p->len, p->len + n);
}

/*
 * Mutex held, a stream: Linux's pipe_write() begins by appending the write's
 * first count % PAGE_SIZE bytes to the last slot when they fit in its page, so
 * that small writes share a slot (all of a write shorter than a page, whatever
 * its segments). Bytes merged (maybe 0), or -EFAULT with none.
 */
static long stream_merge(struct pipe *p, struct iov_iter *from)
{
	unsigned int chars = iov_iter_count(from) % PAGE_SIZE;
	unsigned int last = (p->slot_tail + p->slots - 1) % PIPE_PAGES;

	if (!chars || !p->slots || p->slot_end[last] + chars > PAGE_SIZE)
		return 0;
	if (ring_copy(p, (p->head + p->len) % PIPE_SIZE, from, chars, true) < chars)
		return -EFAULT;
	slot_grow(p, last, chars);
	return chars;
}

/*
 * Mutex held, room there: the next up to a page of from into a new slot, taken
 * before the copy and left empty if it faults, whatever part of the page came
 * before the fault (Linux's reader frees it). Bytes moved, or -EFAULT.
 */
static long stream_write_slot(struct pipe *p, struct iov_iter *from)
{
	unsigned int s = (p->slot_tail + p->slots) % PIPE_PAGES;
	size_t n = MIN(iov_iter_count(from), PAGE_SIZE);

	p->slot_len[s] = p->slot_end[s] = 0;
	WRITE_ONCE(p->slots, p->slots + 1);
	if (ring_copy(p, (p->head + p->len) % PIPE_SIZE, from, n, true) < n)
		return -EFAULT;
	slot_grow(p, s, n);
	return n;
}

/* Mutex held, room there: what fits of a stream socket's write, whole, or -EFAULT. */
static long bytes_write(struct pipe *p, struct iov_iter *from)
{
	size_t n = MIN(iov_iter_count(from), PIPE_SIZE - (size_t)p->len);

	if (ring_copy(p, (p->head + p->len) % PIPE_SIZE, from, n, true) < n)
		return -EFAULT;
	WRITE_ONCE(p->len, p->len + n);
	return n;
}

/* Mutex held, room there: one message of every segment, whole, or -EFAULT with nothing queued. */
static long packet_write(struct pipe *p, struct iov_iter *from)
{
	size_t count = iov_iter_count(from);

	if (ring_copy(p, (p->head + p->len) % PIPE_SIZE, from, count, true) < count)
		return -EFAULT;
	p->msg_len[(p->msg_head + p->msgs) % PIPE_MSGS] = count;
	WRITE_ONCE(p->msgs, p->msgs + 1);
	WRITE_ONCE(p->len, p->len + count);
	return count;
}

long pipe_ring_write(struct pipe *p, struct iov_iter *from, bool nonblock)
{
	size_t count = iov_iter_count(from);
	/* What must fit before a turn: all of a packet or of an atomic write, else a byte. */
	size_t want = p->packets || count <= PIPE_BUF ? count : 1;
	long err, done = 0, n;

	/* A SOCK_SEQPACKET writer takes its own pending error first: on the ring it reads. */
	if (p->packets && READ_ONCE(p->peer->sk_err))
		return -__atomic_exchange_n(&p->peer->sk_err, 0, __ATOMIC_RELAXED);
	if (p->packets && count > PIPE_SIZE)
		return -EMSGSIZE;
	err = pipe_lock(p);
	if (err)
		return err;
	/* An empty write to a stream still finds its reader gone, as a socket's does. */
	if (!p->packets && !READ_ONCE(p->readers))
		done = broken_pipe(p, 0);
	else if (ring_slots(p))
		done = stream_merge(p, from);
	/* A packet ring's message goes whole in one turn, even an empty one. */
	while (done >= 0 && ((size_t)done < count || (p->packets && !done))) {
		if (!READ_ONCE(p->readers)) {
			done = broken_pipe(p, done);
			break;
		}
		if (!pipe_room(p, want)) {
			if (nonblock) {
				done = done ? done : -EAGAIN;
				break;
			}
			wait_chan_wake(&p->readable);	/* what this write put there */
			poll_wake();
			err = pipe_wait(p, &p->writable, pipe_room(p, want) ||
							 !READ_ONCE(p->readers));
			if (err)
				return done ? done : err;
			continue;
		}
		if (p->packets)
			n = packet_write(p, from);
		else if (ring_slots(p))
			n = stream_write_slot(p, from);
		else
			n = bytes_write(p, from);
		if (n < 0) {
			done = done ? done : n;
			break;
		}
		done += n;
		if (p->packets)
			break;
	}
	pipe_unlock(p);
	wait_chan_wake(&p->readable);
	poll_wake();
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

static long pipe_read_iter(struct file *f, struct iov_iter *to, long *pos)
{
	return pipe_ring_read(f->data, to, f->flags & O_NONBLOCK);
}

static long pipe_write_iter(struct file *f, struct iov_iter *from, long *pos)
{
	if (!iov_iter_count(from))
		return 0;		/* a pipe's null write succeeds, reader or not */
	return pipe_ring_write(f->data, from, f->flags & O_NONBLOCK);
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
	.read_iter = pipe_read_iter,
	.write_iter = pipe_write_iter,
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
