// SPDX-License-Identifier: GPL-2.0
/*
 * epoll (epoll_create, epoll_create1, epoll_ctl, epoll_wait, epoll_pwait,
 * epoll_pwait2), as Linux's fs/eventpoll.c has it for programs, on top of the
 * files' poll operations (include/poll.h) rather than wait-queue callbacks:
 *
 *   - an epoll file holds watches, one per (file, fd) added; a watched file with
 *     no poll operation (/dev/null, a snapshot) is -EPERM, as Linux's regular
 *     files; an epoll may watch another epoll that watches none (-ELOOP past
 *     that, -EINVAL for itself);
 *   - a watch takes no reference: when the file's last reference goes, its
 *     watches go with it (epoll_file_gone()), as on Linux, so closing a pipe's
 *     last write end still ends its reader's data;
 *   - epoll_wait() reports each watch whose file is ready for what it asked
 *     (EPOLLERR and EPOLLHUP always), up to maxevents and at most 32 a call,
 *     the scan going on where the last call stopped so that no watch starves,
 *     waiting like poll() when none is; a signal ends the wait with -EINTR,
 *     never a restart, as Linux;
 *   - EPOLLONESHOT disables a watch once reported, until EPOLL_CTL_MOD;
 *   - EPOLLET reports a ready watch once, and again only after some file has
 *     changed since (a poll_wake()): every report Linux makes, on each arrival of
 *     data, and at times one more, which an edge-triggered reader that reads
 *     until -EAGAIN takes in its stride (entrylab's files keep no event count of
 *     their own to tell their changes from others').
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
#include <time.h>

#define EPOLL_CTL_ADD	1
#define EPOLL_CTL_DEL	2
#define EPOLL_CTL_MOD	3
#define EPOLLEXCLUSIVE	(1U << 28)
#define EPOLLWAKEUP	(1U << 29)
#define EPOLLONESHOT	(1U << 30)
#define EPOLLET		(1U << 31)
#define EPOLL_CLOEXEC	O_CLOEXEC

struct epoll_event {
	u32 events;
	u64 data;
} __packed;				/* x86-64's layout: 12 bytes */

struct watch {
	struct file *file;		/* NULL: a free slot */
	int fd;
	u32 events;			/* what was asked; 0: a fired EPOLLONESHOT */
	unsigned long seq;		/* EPOLLET: poll_seq_now() at the last report */
	u64 data;
};

#define MAX_WATCHES	((PAGE_SIZE - 64) / sizeof(struct watch))

#define EPOLL_BATCH	32		/* events an epoll_wait() returns at most */

struct eventpoll {
	spinlock_t lock;		/* the watches; never across a user access */
	struct eventpoll *next;		/* every epoll, for epoll_file_gone() */
	unsigned int nr_epolls;		/* watches of other epolls (-ELOOP past 0) */
	unsigned int slots;		/* w[] used below this: the scans stop there */
	unsigned int cursor;		/* where the next epoll_wait() scan starts */
	struct watch w[MAX_WATCHES];
};

_Static_assert(sizeof(struct eventpoll) <= PAGE_SIZE, "an epoll fills one page");

static DEFINE_SPINLOCK(epolls_lock);	/* the list; taken before any epoll's lock */
static struct eventpoll *epolls;

static const struct file_operations eventpoll_fops;

static bool is_epoll(const struct file *f)
{
	return f->op == &eventpoll_fops;
}

/* The file's last reference is going: every watch of it goes first. */
void epoll_file_gone(struct file *f)
{
	unsigned long flags;

	spin_lock_irqsave(&epolls_lock, flags);
	for (struct eventpoll *ep = epolls; ep; ep = ep->next) {
		spin_lock(&ep->lock);
		for (unsigned int i = 0; i < MAX_WATCHES; i++)
			if (ep->w[i].file == f) {
				ep->w[i].file = NULL;
				ep->nr_epolls -= is_epoll(f);
			}
		spin_unlock(&ep->lock);
	}
	spin_unlock_irqrestore(&epolls_lock, flags);
	WRITE_ONCE(f->epoll_watches, 0);
}

/*
 * ep->lock held: what watch w reports now (0: nothing), seq being the poll
 * sequence before the look; its EPOLLET and EPOLLONESHOT state updated as for a
 * report when report is set.
 */
static u32 watch_ready(struct watch *w, unsigned long seq, bool report)
{
	u32 mask = file_poll(w->file) & (w->events | POLLERR | POLLHUP);

	if ((w->events & EPOLLET) && w->seq == seq)
		mask = 0;			/* reported, and nothing changed since */
	if (mask && report) {
		w->seq = seq;
		if (w->events & EPOLLONESHOT)
			w->events = 0;
	}
	return mask;
}

static unsigned int eventpoll_poll(struct file *f)
{
	struct eventpoll *ep = f->data;
	unsigned int mask = 0;
	unsigned long flags;

	spin_lock_irqsave(&ep->lock, flags);
	for (unsigned int i = 0; i < ep->slots && !mask; i++)
		if (ep->w[i].file && ep->w[i].events &&
		    watch_ready(&ep->w[i], poll_seq_now(), false))
			mask = POLLIN | POLLRDNORM;
	spin_unlock_irqrestore(&ep->lock, flags);
	return mask;
}

static void eventpoll_release(struct file *f)
{
	struct eventpoll *ep = f->data, **p;
	unsigned long flags;

	spin_lock_irqsave(&epolls_lock, flags);
	for (p = &epolls; *p != ep; p = &(*p)->next)
		;
	*p = ep->next;
	spin_unlock_irqrestore(&epolls_lock, flags);
	for (unsigned int i = 0; i < MAX_WATCHES; i++)
		if (ep->w[i].file)
			__atomic_sub_fetch(&ep->w[i].file->epoll_watches, 1, __ATOMIC_RELAXED);
	free_page_object(ep);
}

static const struct file_operations eventpoll_fops = {
	.poll = eventpoll_poll,
	.release = eventpoll_release,
	.mode = 0600,			/* Linux's anonymous inode */
};

static long do_epoll_create(unsigned int flags)
{
	struct eventpoll *ep;
	unsigned long irq;
	struct file *f;
	long fd;

	if (flags & ~EPOLL_CLOEXEC)
		return -EINVAL;
	ep = alloc_page_object();
	f = ep ? file_alloc(&eventpoll_fops, O_RDWR) : NULL;
	if (!f) {
		if (ep)
			free_page_object(ep);
		return -ENOMEM;
	}
	ep->lock = (spinlock_t)SPINLOCK_INIT(epoll_lock);
	f->data = ep;
	spin_lock_irqsave(&epolls_lock, irq);
	ep->next = epolls;
	epolls = ep;
	spin_unlock_irqrestore(&epolls_lock, irq);
	fd = fd_install(f, flags & EPOLL_CLOEXEC);
	file_put(f);
	return fd;
}

/* epoll_create1(flags) */
long sys_epoll_create1(struct pt_regs *regs)
{
	return do_epoll_create(regs->di);
}

/* epoll_create(size): size must be positive and means nothing else. */
long sys_epoll_create(struct pt_regs *regs)
{
	return (int)regs->di <= 0 ? -EINVAL : do_epoll_create(0);
}

static struct watch *find_watch(struct eventpoll *ep, const struct file *f, int fd)
{
	for (unsigned int i = 0; i < ep->slots; i++)
		if (ep->w[i].file == f && ep->w[i].fd == fd)
			return &ep->w[i];
	return NULL;
}

/* ep->lock held: ADD, MOD or DEL of (tf, fd) with ev. */
static long ctl_locked(struct eventpoll *ep, int op, struct file *tf, int fd,
		       const struct epoll_event *ev)
{
	struct watch *w = find_watch(ep, tf, fd);
	u32 events = ev->events & ~(EPOLLEXCLUSIVE | EPOLLWAKEUP);

	switch (op) {
	case EPOLL_CTL_ADD:
		if (w)
			return -EEXIST;
		if (is_epoll(tf) && ((struct eventpoll *)tf->data)->nr_epolls)
			return -ELOOP;		/* no deeper than one epoll in another */
		for (unsigned int i = 0; !w && i < MAX_WATCHES; i++)
			if (!ep->w[i].file)
				w = &ep->w[i];
		if (!w)
			return -ENOSPC;		/* Linux's answer past max_user_watches */
		*w = (struct watch){ .file = tf, .fd = fd, .events = events, .data = ev->data,
				     .seq = ~0UL };
		ep->slots = MAX(ep->slots, (unsigned int)(w - ep->w) + 1);
		ep->nr_epolls += is_epoll(tf);
		__atomic_add_fetch(&tf->epoll_watches, 1, __ATOMIC_RELAXED);
		return 0;
	case EPOLL_CTL_MOD:
		if (!w)
			return -ENOENT;
		w->events = events;
		w->data = ev->data;
		w->seq = ~0UL;
		return 0;
	case EPOLL_CTL_DEL:
		if (!w)
			return -ENOENT;
		w->file = NULL;
		ep->nr_epolls -= is_epoll(tf);
		__atomic_sub_fetch(&tf->epoll_watches, 1, __ATOMIC_RELAXED);
		return 0;
	}
	return -EINVAL;
}

/* epoll_ctl(epfd, op, fd, event): event is read for ADD and MOD only. */
long sys_epoll_ctl(struct pt_regs *regs)
{
	int epfd = regs->di, op = regs->si, fd = regs->dx;
	struct epoll_event ev = { 0 };
	struct file *ef, *tf;
	unsigned long flags;
	long err;

	if (op != EPOLL_CTL_DEL &&
	    copy_from_user(&ev, (const void __user *)regs->r10, sizeof(ev)))
		return -EFAULT;
	ef = fget(epfd);
	if (!ef)
		return -EBADF;
	tf = fget(fd);
	if (!tf) {
		file_put(ef);
		return -EBADF;
	}
	if (!is_epoll(ef) || tf == ef)
		err = -EINVAL;
	else if (!tf->op->poll)
		err = -EPERM;			/* as Linux for a file that cannot be polled */
	else if (op == EPOLL_CTL_ADD && (ev.events & EPOLLEXCLUSIVE) && is_epoll(tf))
		err = -EINVAL;
	else {
		struct eventpoll *ep = ef->data;

		spin_lock_irqsave(&ep->lock, flags);
		err = ctl_locked(ep, op, tf, fd, &ev);
		spin_unlock_irqrestore(&ep->lock, flags);
		if (!err)
			poll_wake();		/* a waiter may have something now */
	}
	file_put(tf);
	file_put(ef);
	return err;
}

struct collect {
	struct eventpoll *ep;
	struct epoll_event *out;
	unsigned int max;
};

/*
 * Ready watches into out (at most max), reported; returns how many. The scan
 * starts at the cursor and leaves it after the last watch taken.
 */
static long collect(void *arg, unsigned long seq)
{
	const struct collect *c = arg;
	struct eventpoll *ep = c->ep;
	struct epoll_event *out = c->out;
	unsigned int n = 0, start, max = c->max;
	unsigned long flags;

	spin_lock_irqsave(&ep->lock, flags);
	start = ep->cursor;
	for (unsigned int k = 0; k < ep->slots && n < max; k++) {
		unsigned int i = (start + k) % ep->slots;
		struct watch *w = &ep->w[i];
		u32 mask;

		if (!w->file || !w->events)
			continue;
		mask = watch_ready(w, seq, true);
		if (mask) {
			out[n++] = (struct epoll_event){ mask, w->data };
			ep->cursor = i + 1;
		}
	}
	spin_unlock_irqrestore(&ep->lock, flags);
	return n;
}

/*
 * The wait of epoll_wait() and its variants: the number of events written to
 * uevents, 0 at the deadline (nowait: at once), -EINTR for a signal.
 */
static long do_epoll_wait(int epfd, struct epoll_event __user *uevents, int maxevents,
			  bool nowait, u64 deadline)
{
	struct epoll_event out[EPOLL_BATCH];
	struct file *f;
	long ret;

	/* Linux's EP_MAX_EVENTS: the buffer's size must fit in an int. */
	if (maxevents <= 0 || maxevents > __INT_MAX__ / (int)sizeof(*uevents))
		return -EINVAL;
	if (!access_ok(uevents, (unsigned long)maxevents * sizeof(*uevents)))
		return -EFAULT;
	f = fget(epfd);
	if (!f)
		return -EBADF;
	if (!is_epoll(f)) {
		file_put(f);
		return -EINVAL;
	}
	ret = poll_wait(collect, &(struct collect){ f->data, out, MIN(maxevents, EPOLL_BATCH) },
			nowait, deadline);
	if (ret == -ERESTARTSYS)
		ret = -EINTR;
	if (ret > 0 && copy_to_user(uevents, out, ret * sizeof(*out)))
		ret = -EFAULT;
	file_put(f);
	return ret;
}

/* A timeout in ms (negative: none) as do_epoll_wait() takes it. */
static long wait_ms(int epfd, struct epoll_event __user *ev, int max, int ms)
{
	return do_epoll_wait(epfd, ev, max, ms == 0,
			     ms > 0 ? ktime_get_ns() + (u64)ms * NSEC_PER_MSEC : 0);
}

/* epoll_wait(epfd, events, maxevents, timeout) */
long sys_epoll_wait(struct pt_regs *regs)
{
	return wait_ms(regs->di, (void __user *)regs->si, regs->dx, regs->r10);
}

/* epoll_pwait(epfd, events, maxevents, timeout, sigmask, sigsetsize) */
long sys_epoll_pwait(struct pt_regs *regs)
{
	const sigset_t __user *umask = (const void __user *)regs->r8;
	long ret;

	if (umask && (ret = set_temporary_sigmask(umask, regs->r9)))
		return ret;
	ret = wait_ms(regs->di, (void __user *)regs->si, regs->dx, regs->r10);
	if (umask)
		restore_temporary_sigmask(ret == -EINTR);
	return ret;
}

/* epoll_pwait2(epfd, events, maxevents, timeout, sigmask, sigsetsize): a timespec. */
long sys_epoll_pwait2(struct pt_regs *regs)
{
	const struct kernel_timespec __user *uts = (const void __user *)regs->r10;
	const sigset_t __user *umask = (const void __user *)regs->r8;
	u64 deadline = 0;
	long ret;

	if (uts && (ret = user_timespec_to_deadline(uts, false, false, false, &deadline)))
		return ret;
	if (umask && (ret = set_temporary_sigmask(umask, regs->r9)))
		return ret;
	ret = do_epoll_wait(regs->di, (void __user *)regs->si, regs->dx,
			    deadline && deadline <= ktime_get_ns(), deadline);
	if (umask)
		restore_temporary_sigmask(ret == -EINTR);
	return ret;
}
