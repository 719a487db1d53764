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
 * One "mutex" per pipe orders readers and writers as Linux's pipe->mutex does: a
 * flag taken under the spinlock, its holder the only one to touch the ring, so
 * that it can copy between the ring and user memory, which may fault, with the
 * spinlock released. A waiter gives it up while it sleeps.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spinlock.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/stat.h>

#define PIPE_PAGES	16
#define PIPE_SIZE	(PIPE_PAGES * PAGE_SIZE)
#define PIPE_BUF	PAGE_SIZE		/* writes this long or shorter are atomic */

struct pipe {
	spinlock_t lock;
	bool busy;			/* the mutex: someone is at the ring */
	/* Readers wait for data, writers for room, lockers for the mutex. */
	struct wait_chan readable, writable, unlocked;
	unsigned int head, len;		/* the data: len bytes from head, wrapping */
	int readers, writers;		/* open files of each end */
	u8 *ring;			/* PIPE_SIZE bytes, physically contiguous */
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

static long pipe_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	struct pipe *p = f->data;
	long err, done = 0;
	size_t n;

	if (!count)
		return 0;
	err = pipe_lock(p);
	if (err)
		return err;
	while (!READ_ONCE(p->len)) {
		if (!READ_ONCE(p->writers))
			goto out;			/* end of file */
		if (f->flags & O_NONBLOCK) {
			done = -EAGAIN;
			goto out;
		}
		err = pipe_wait(p, &p->readable, READ_ONCE(p->len) || !READ_ONCE(p->writers));
		if (err)
			return err;
	}
	n = MIN(count, (size_t)p->len);
	if (!ring_copy(p, p->head, buf, n, false)) {
		done = -EFAULT;			/* the data stays, as on Linux */
		goto out;
	}
	p->head = (p->head + n) % PIPE_SIZE;
	WRITE_ONCE(p->len, p->len - n);
	done = n;
	wait_chan_wake(&p->writable);
	poll_wake();
out:
	pipe_unlock(p);
	return done;
}

/* Without readers: SIGPIPE to the writing thread, as Linux's send_sig(). */
static long broken_pipe(long done)
{
	send_sig_kernel(current, SIGPIPE);
	return done ? done : -EPIPE;
}

static long pipe_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	struct pipe *p = f->data;
	long err, done = 0;

	err = pipe_lock(p);
	if (err)
		return err;
	while ((size_t)done < count) {
		size_t want = count <= PIPE_BUF ? count : 1, n;

		if (!READ_ONCE(p->readers)) {
			done = broken_pipe(done);
			break;
		}
		if (PIPE_SIZE - p->len < want) {
			if (f->flags & O_NONBLOCK) {
				done = done ? done : -EAGAIN;
				break;
			}
			err = pipe_wait(p, &p->writable, PIPE_SIZE - READ_ONCE(p->len) >= want ||
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
		WRITE_ONCE(p->len, p->len + n);
		done += n;
		wait_chan_wake(&p->readable);
		poll_wake();
	}
	pipe_unlock(p);
	return done;
}

static unsigned int pipe_poll(struct file *f)
{
	const struct pipe *p = f->data;
	unsigned int len = READ_ONCE(p->len), mask = 0;

	if ((f->flags & O_ACCMODE) == O_RDONLY) {
		if (len)
			mask |= POLLIN | POLLRDNORM;
		if (!READ_ONCE(p->writers))
			mask |= POLLHUP;
	} else {
		if (len < PIPE_SIZE)
			mask |= POLLOUT | POLLWRNORM;
		if (!READ_ONCE(p->readers))
			mask |= POLLERR;
	}
	return mask;
}

/* The last reference to one end: the other end's sleepers learn of it. */
static void pipe_release(struct file *f)
{
	struct pipe *p = f->data;
	unsigned long flags;
	bool last;

	spin_lock_irqsave(&p->lock, flags);
	if ((f->flags & O_ACCMODE) == O_RDONLY)
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
	phys_addr_t ring;
	int fds[2];
	long err;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	p = alloc_page_object();
	ring = p ? alloc_frames(PIPE_PAGES) : 0;
	rd = ring ? file_alloc(&pipe_fops, O_RDONLY | (flags & O_NONBLOCK)) : NULL;
	if (!rd) {
		if (ring)
			free_frames(ring, PIPE_PAGES);
		if (p)
			free_page_object(p);
		return -ENFILE;
	}
	*p = (struct pipe){ .lock = SPINLOCK_INIT(pipe_lock), .readers = 1, .writers = 1,
			    .ring = phys_to_virt(ring) };
	rd->data = p;
	wr = file_alloc(&pipe_fops, O_WRONLY | (flags & O_NONBLOCK));
	if (!wr) {
		p->writers = 0;
		file_put(rd);			/* the last end: frees the pipe */
		return -ENFILE;
	}
	wr->data = p;
	err = fd_install_pair(rd, wr, flags & O_CLOEXEC, fds);
	if (!err && copy_to_user(ufds, fds, sizeof(fds))) {
		fd_close(fds[0]);
		fd_close(fds[1]);
		err = -EFAULT;
	}
	file_put(rd);				/* the descriptors hold their own */
	file_put(wr);
	return err;
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
