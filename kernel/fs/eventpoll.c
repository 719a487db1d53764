// SPDX-License-Identifier: GPL-2.0
/*
 * epoll (epoll_create, epoll_create1, epoll_ctl, epoll_wait, epoll_pwait,
 * epoll_pwait2), as Linux's fs/eventpoll.c has it for programs, on top of the
 * files' poll operations (include/poll.h) rather than wait-queue callbacks:
 *
 *   - an epoll file holds watches, one per (file, fd) added; a watched file with
 *     no poll operation (/dev/null, a snapshot) is -EPERM, as Linux's regular
 *     files; an epoll may watch another epoll, in chains of at most
 *     EP_MAX_NESTS epolls below the top one and never in a loop (-ELOOP, as
 *     Linux's ep_loop_check(); -EINVAL for itself); watches are kmalloc()ed one
 *     by one, max_user_watches (4% of RAM's worth) their only limit (-ENOSPC);
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
#include <slab.h>
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
	struct watch *next;		/* its epoll's watches, in the order added */
	struct file *file;
	int fd;
	u32 events;			/* what was asked; 0: a fired EPOLLONESHOT */
	unsigned long seq;		/* EPOLLET: poll_seq_now() at the last report */
	u64 data;
};

#define EPOLL_BATCH	32		/* events an epoll_wait() returns at most */
#define EP_MAX_NESTS	4		/* Linux's: epolls in a chain below the top one */

struct eventpoll {
	spinlock_t lock;		/* the watches; never across a user access */
	struct eventpoll *next;		/* every epoll, under epolls_lock */
	struct file *file;		/* its own file, which other epolls may watch */
	struct watch *watches;		/* kmalloc()ed, one each, in the order added */
	struct watch *cursor;		/* where the next epoll_wait() scan starts (NULL: first) */
	unsigned long gen;		/* epolls_lock: the nest check that measured it last, */
	int depth;			/* ... and the depth it found */
};

/*
 * Locks: epolls_lock (IRQs off) covers the list of epolls, the nest check's marks, and every
 * watch of an epoll by another epoll being added or an epoll going away, so that the graph
 * of epolls watching epolls cannot grow while it is measured; it is taken before any
 * epoll's lock. An epoll's lock covers its watches. Two epoll locks are held together only
 * parent (the watcher) before child (the watched): eventpoll_poll() and the nest check walk
 * that way, and the nest check keeps the graph acyclic, which makes this an order.
 */
static DEFINE_SPINLOCK(epolls_lock);
static struct eventpoll *epolls;
static unsigned long nest_gen;		/* epolls_lock */
static unsigned long nr_watches;	/* every epoll's watches: atomic */

static const struct file_operations eventpoll_fops;

static bool is_epoll(const struct file *f)
{
	return f->op == &eventpoll_fops;
}

/*
 * Linux's max_user_watches: the watches that fit in 4% of RAM (Linux's 1/25 of low
 * memory), the only limit on their number; counted for all users together, as entrylab
 * keeps no per-user accounts.
 */
static unsigned long max_user_watches(void)
{
	return pmm_total_frames() / 25 * PAGE_SIZE / sizeof(struct watch);
}

/* ep->lock held: unlinks the watch *link points at, frees it and drops the counts. */
static void watch_del_locked(struct eventpoll *ep, struct watch **link)
{
	struct watch *w = *link;

	*link = w->next;
	if (ep->cursor == w)
		ep->cursor = w->next;
	__atomic_sub_fetch(&w->file->epoll_watches, 1, __ATOMIC_RELAXED);
	__atomic_sub_fetch(&nr_watches, 1, __ATOMIC_RELAXED);
	kfree(w);
}

/*
 * The file's last reference is going: every watch of it goes first. An epoll whose
 * eventpoll_release() has begun is either still listed, its watches intact, or gone with
 * all of them (both under epolls_lock), so no epoll is left pointing at f.
 */
void epoll_file_gone(struct file *f)
{
	unsigned long flags;

	spin_lock_irqsave(&epolls_lock, flags);
	for (struct eventpoll *ep = epolls; ep; ep = ep->next) {
		struct watch **link = &ep->watches;

		spin_lock(&ep->lock);
		while (*link)
			if ((*link)->file == f)
				watch_del_locked(ep, link);
			else
				link = &(*link)->next;
		spin_unlock(&ep->lock);
	}
	spin_unlock_irqrestore(&epolls_lock, flags);
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

/*
 * An epoll is readable when a watch of it is ready. For a watched epoll this recurses
 * (file_poll() -> eventpoll_poll()), holding each epoll's lock, parent first: at most
 * EP_MAX_NESTS + 1 epolls deep, as the nest check lets no chain grow longer.
 */
static unsigned int eventpoll_poll(struct file *f)
{
	struct eventpoll *ep = f->data;
	unsigned int mask = 0;
	unsigned long flags;

	spin_lock_irqsave(&ep->lock, flags);
	for (struct watch *w = ep->watches; w && !mask; w = w->next)
		if (w->events && watch_ready(w, poll_seq_now(), false))
			mask = POLLIN | POLLRDNORM;
	spin_unlock_irqrestore(&ep->lock, flags);
	return mask;
}

/*
 * The epoll's last reference is gone. It leaves the list and drops every watch, each
 * watched file's count with it, all under epolls_lock: a watched file's last file_put()
 * on another CPU runs epoll_file_gone() under that lock too, so it either removes its
 * watch from this epoll before we look, or finds this epoll gone and its count dropped.
 * Unlinking first and dropping the counts after, unlocked, would let that file be freed
 * between the two and its count be written after the free.
 */
static void eventpoll_release(struct file *f)
{
	struct eventpoll *ep = f->data, **p;
	unsigned long flags;

	spin_lock_irqsave(&epolls_lock, flags);
	for (p = &epolls; *p != ep; p = &(*p)->next)
		;
	*p = ep->next;
	spin_lock(&ep->lock);
	while (ep->watches)
		watch_del_locked(ep, &ep->watches);
	spin_unlock(&ep->lock);
	spin_unlock_irqrestore(&epolls_lock, flags);
	kfree(ep);
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
	ep = kzalloc(sizeof(*ep));
	f = ep ? file_alloc(&eventpoll_fops, O_RDWR) : NULL;
	if (!f) {
		kfree(ep);
		return -ENOMEM;
	}
	ep->lock = (spinlock_t)SPINLOCK_INIT(epoll_lock);
	ep->file = f;
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

/* ep->lock held: the link to (f, fd)'s watch, or the list's end (*link NULL) without one. */
static struct watch **watch_link(struct eventpoll *ep, const struct file *f, int fd)
{
	struct watch **link = &ep->watches;

	while (*link && ((*link)->file != f || (*link)->fd != fd))
		link = &(*link)->next;
	return link;
}

/* ep->lock held: ADD, MOD or DEL of (tf, fd) with ev. */
static long ctl_locked(struct eventpoll *ep, int op, struct file *tf, int fd,
		       const struct epoll_event *ev)
{
	struct watch **link = watch_link(ep, tf, fd), *w = *link;
	u32 events = ev->events & ~(EPOLLEXCLUSIVE | EPOLLWAKEUP);

	switch (op) {
	case EPOLL_CTL_ADD:
		if (w)
			return -EEXIST;
		if (__atomic_add_fetch(&nr_watches, 1, __ATOMIC_RELAXED) > max_user_watches()) {
			__atomic_sub_fetch(&nr_watches, 1, __ATOMIC_RELAXED);
			return -ENOSPC;		/* Linux's answer past max_user_watches */
		}
		w = kmalloc(sizeof(*w));
		if (!w) {
			__atomic_sub_fetch(&nr_watches, 1, __ATOMIC_RELAXED);
			return -ENOMEM;
		}
		*w = (struct watch){ .file = tf, .fd = fd, .events = events, .data = ev->data,
				     .seq = ~0UL };
		*link = w;			/* at the end: reports keep the order added */
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
		watch_del_locked(ep, link);
		return 0;
	}
	return -EINVAL;
}

/*
 * epolls_lock held: how many epolls deep the chains below ep reach (0: it watches none), or
 * more than EP_MAX_NESTS when they reach past that or reach into (a loop), as Linux's
 * ep_loop_check_proc(). Each epoll is measured once a check (gen); the recursion holds
 * the locks of its path, parent first, at most EP_MAX_NESTS + 2 deep.
 */
static int nest_depth_below_locked(struct eventpoll *ep, const struct eventpoll *into,
				   int depth)
{
	int result = 0;

	if (ep->gen == nest_gen)
		return ep->depth;
	spin_lock(&ep->lock);
	ep->gen = nest_gen;
	for (struct watch *w = ep->watches; w && result <= EP_MAX_NESTS; w = w->next) {
		struct eventpoll *child;

		if (!is_epoll(w->file))
			continue;
		child = w->file->data;
		if (child == into || depth > EP_MAX_NESTS)
			result = EP_MAX_NESTS + 1;
		else
			result = MAX(result, nest_depth_below_locked(child, into, depth + 1) + 1);
	}
	ep->depth = result;
	spin_unlock(&ep->lock);
	return result;
}

/* epolls_lock held: whether another epoll, parent, watches ep's file. */
static bool watches_epoll_locked(struct eventpoll *parent, const struct eventpoll *ep)
{
	bool found = false;

	spin_lock(&parent->lock);
	for (struct watch *w = parent->watches; w && !found; w = w->next)
		found = w->file == ep->file;
	spin_unlock(&parent->lock);
	return found;
}

/*
 * epolls_lock held: how many epolls deep the chains above ep reach (0: none watches it), as
 * Linux's ep_get_upwards_depth_proc(); no more than EP_MAX_NESTS, which the checks before
 * kept, so the recursion is bounded. Each epoll is measured once a check (gen).
 */
static int nest_depth_above_locked(struct eventpoll *ep)
{
	int result = 0;

	if (ep->gen == nest_gen)
		return ep->depth;
	if (READ_ONCE(ep->file->epoll_watches))
		for (struct eventpoll *parent = epolls; parent; parent = parent->next)
			if (parent != ep && watches_epoll_locked(parent, ep))
				result = MAX(result, nest_depth_above_locked(parent) + 1);
	ep->gen = nest_gen;
	ep->depth = result;
	return result;
}

/*
 * epolls_lock held: whether ep may watch the epoll to, as Linux's ep_loop_check(): not if
 * ep is reachable from to (a loop), nor if the longest chain through the new watch would
 * hold more than EP_MAX_NESTS epolls below its top one.
 */
static bool nest_check_locked(struct eventpoll *ep, struct eventpoll *to)
{
	int below, above;

	nest_gen++;
	below = nest_depth_below_locked(to, ep, 0);
	if (below > EP_MAX_NESTS)
		return false;
	nest_gen++;
	above = nest_depth_above_locked(ep);
	return below + 1 + above <= EP_MAX_NESTS;
}

/* epoll_ctl(epfd, op, fd, event): event is read for ADD and MOD only. */
long sys_epoll_ctl(struct pt_regs *regs)
{
	int epfd = regs->di, op = regs->si, fd = regs->dx;
	struct epoll_event ev = { 0 };
	struct file *ef, *tf;
	unsigned long flags, irq = 0;
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
		bool nest = op == EPOLL_CTL_ADD && is_epoll(tf);

		/* An epoll watching an epoll: checked and added under epolls_lock, as one. */
		if (nest)
			spin_lock_irqsave(&epolls_lock, irq);
		if (nest && !nest_check_locked(ep, tf->data)) {
			err = -ELOOP;
		} else {
			spin_lock_irqsave(&ep->lock, flags);
			err = ctl_locked(ep, op, tf, fd, &ev);
			spin_unlock_irqrestore(&ep->lock, flags);
		}
		if (nest)
			spin_unlock_irqrestore(&epolls_lock, irq);
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
	struct watch *start, *w;
	unsigned int n = 0, max = c->max;
	unsigned long flags;

	spin_lock_irqsave(&ep->lock, flags);
	start = w = ep->cursor ? ep->cursor : ep->watches;
	while (w && n < max) {
		u32 mask = w->events ? watch_ready(w, seq, true) : 0;

		if (mask) {
			out[n++] = (struct epoll_event){ mask, w->data };
			ep->cursor = w->next;
		}
		w = w->next ? w->next : ep->watches;
		if (w == start)
			break;
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
