// SPDX-License-Identifier: GPL-2.0
/*
 * eventfd(2), eventfd2(2), as Linux's fs/eventfd.c: a file holding a 64-bit
 * counter. write() adds its 8-byte value (waiting while the sum would exceed
 * 2^64 - 2; the value 2^64 - 1 is -EINVAL); read() takes the whole count and
 * resets it to 0, or with EFD_SEMAPHORE takes 1, waiting while it is 0. Both
 * want at least 8 bytes (-EINVAL), and with O_NONBLOCK return -EAGAIN instead
 * of waiting; a signal during a wait is -ERESTARTSYS. Readable when the count is
 * not 0, writable while 1 more still fits.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <poll.h>
#include <sched.h>
#include <spinlock.h>
#include <syscalls.h>
#include <uapi/stat.h>
#include <wait.h>

#define EFD_SEMAPHORE	1
#define EFD_CLOEXEC	O_CLOEXEC
#define EFD_NONBLOCK	O_NONBLOCK
#define EVENTFD_MAX	(~0ULL - 1)		/* the largest count */

struct eventfd {
	spinlock_t lock;
	u64 count;
	bool semaphore;
	struct wait_chan changed;	/* readers wait for a count, writers for room */
};

/* Takes what a read takes, if the count allows: true and *v, else false. */
static bool eventfd_take(struct eventfd *e, u64 *v)
{
	unsigned long flags;
	bool ok;

	spin_lock_irqsave(&e->lock, flags);
	ok = e->count != 0;
	if (ok) {
		*v = e->semaphore ? 1 : e->count;
		e->count -= *v;
	}
	spin_unlock_irqrestore(&e->lock, flags);
	return ok;
}

/* Adds v if it fits. */
static bool eventfd_add(struct eventfd *e, u64 v)
{
	unsigned long flags;
	bool ok;

	spin_lock_irqsave(&e->lock, flags);
	ok = EVENTFD_MAX - e->count >= v;
	if (ok)
		e->count += v;
	spin_unlock_irqrestore(&e->lock, flags);
	return ok;
}

static long eventfd_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	struct eventfd *e = f->data;
	long err = 0;
	u64 v;

	if (count < sizeof(v))
		return -EINVAL;
	if (!eventfd_take(e, &v)) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		err = wait_chan_sleep(&e->changed, 0, eventfd_take(e, &v));
		if (err)
			return err;
	}
	wait_chan_wake(&e->changed);
	poll_wake();
	return copy_to_user(buf, &v, sizeof(v)) ? -EFAULT : (long)sizeof(v);
}

static long eventfd_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	struct eventfd *e = f->data;
	long err;
	u64 v;

	if (count < sizeof(v))
		return -EINVAL;
	if (copy_from_user(&v, buf, sizeof(v)))
		return -EFAULT;
	if (v == ~0ULL)
		return -EINVAL;
	if (!eventfd_add(e, v)) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		err = wait_chan_sleep(&e->changed, 0, eventfd_add(e, v));
		if (err)
			return err;
	}
	wait_chan_wake(&e->changed);
	poll_wake();
	return sizeof(v);
}

static unsigned int eventfd_poll(struct file *f)
{
	const struct eventfd *e = f->data;
	u64 count = READ_ONCE(e->count);

	return (count ? POLLIN | POLLRDNORM : 0) | (count < EVENTFD_MAX ? POLLOUT | POLLWRNORM : 0);
}

static void eventfd_release(struct file *f)
{
	free_page_object(f->data);
}

static const struct file_operations eventfd_fops = {
	.read = eventfd_read,
	.write = eventfd_write,
	.poll = eventfd_poll,
	.release = eventfd_release,
	.mode = 0600,			/* Linux's anonymous inode: no file type bits */
};

static long do_eventfd(unsigned int count, unsigned int flags)
{
	struct eventfd *e;
	struct file *f;
	long fd;

	if (flags & ~(EFD_SEMAPHORE | EFD_CLOEXEC | EFD_NONBLOCK))
		return -EINVAL;
	e = alloc_page_object();
	f = e ? file_alloc(&eventfd_fops, O_RDWR | (flags & EFD_NONBLOCK)) : NULL;
	if (!f) {
		if (e)
			free_page_object(e);
		return -ENOMEM;
	}
	*e = (struct eventfd){ .lock = SPINLOCK_INIT(eventfd_lock), .count = count,
			       .semaphore = flags & EFD_SEMAPHORE };
	f->data = e;
	fd = fd_install(f, flags & EFD_CLOEXEC);
	file_put(f);
	return fd;
}

/* eventfd2(initval, flags) */
long sys_eventfd2(struct pt_regs *regs)
{
	return do_eventfd(regs->di, regs->si);
}

/* eventfd(initval) */
long sys_eventfd(struct pt_regs *regs)
{
	return do_eventfd(regs->di, 0);
}
