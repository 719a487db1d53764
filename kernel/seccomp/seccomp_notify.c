// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp's user notification, as Linux's: a filter attached with
 * SECCOMP_FILTER_FLAG_NEW_LISTENER comes with a listener file, and a call the
 * filter answers SECCOMP_RET_USER_NOTIF waits for the listener's answer instead
 * of taking a fixed one. A supervisor (a container runtime that emulates
 * mount(), say) reads the call with SECCOMP_IOCTL_NOTIF_RECV, may give the
 * caller a descriptor of its own (ADDFD), and answers with SEND: a result, an
 * errno, or "continue", which runs the call after all.
 *
 * A call's states: INIT (queued; the listener polls POLLIN), SENT (received:
 * POLLOUT; ID_VALID says yes), REPLIED (answered, or the listener closed:
 * -ENOSYS). The caller sleeps until REPLIED. A signal ends its wait early with
 * -ERESTARTSYS, so that a handler with SA_RESTART makes the call again (a new
 * notification, with a new id); with WAIT_KILLABLE_RECV, once the call was
 * received only SIGKILL ends the wait, even a wait a signal ended as the call
 * was being received, as Linux's. poll() reports POLLHUP once the filter
 * has no users left, and RECV then answers -ENOENT instead of waiting.
 *
 * The caller's record lives on its kernel stack while it waits. The filter's
 * notify_lock guards the list and every record's state; callers sleep on
 * notify_replied and are all woken by any answer (each checks its own record),
 * listeners on notify_wait. poll() is told through poll_wake().
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <poll.h>
#include <ptrace.h>
#include <string.h>

#include "seccomp_filter.h"

enum notify_state { NOTIFY_INIT, NOTIFY_SENT, NOTIFY_REPLIED };

/* An ADDFD request, on the listener's stack until the caller has installed it. */
struct seccomp_addfd {
	struct seccomp_addfd *next;
	struct file *file;
	bool setfd;			/* at newfd, else at the lowest free number */
	unsigned int newfd;		/* unsigned, as Linux's: 2^31 and up are -EBADF */
	bool cloexec;
	bool send;			/* the fd is also the call's answer */
	bool done;
	long ret;			/* the fd, or -errno; -ESRCH if the call ended first */
};

/* A call waiting for the listener (Linux's struct seccomp_knotif). */
struct seccomp_knotif {
	struct seccomp_knotif *next;
	struct task *task;
	u64 id;
	enum notify_state state;
	const struct seccomp_data *data;
	struct seccomp_addfd *addfd;	/* requests for the caller to install */
	long long val;
	int error;
	u32 flags;
};

/* notify_lock held: the oldest call not yet received, or NULL. */
static struct seccomp_knotif *first_unreceived_locked(struct seccomp_filter *f)
{
	struct seccomp_knotif *n = f->notify.calls;

	while (n && n->state != NOTIFY_INIT)
		n = n->next;
	return n;
}

/* notify_lock held: the link in the list that points at n; with n NULL, the tail's. */
static struct seccomp_knotif **call_link_locked(struct seccomp_filter *f,
						const struct seccomp_knotif *n)
{
	struct seccomp_knotif **link = &f->notify.calls;

	while (*link && *link != n)
		link = &(*link)->next;
	return link;
}

/* notify_lock held: the call with this id, or NULL. */
static struct seccomp_knotif *find_call_locked(struct seccomp_filter *f, u64 id)
{
	struct seccomp_knotif *n = f->notify.calls;

	while (n && n->id != id)
		n = n->next;
	return n;
}

/* ADDFD requests a caller takes per wake-up: the files they replace are put after. */
#define ADDFD_BATCH	8

/*
 * In the caller, notify_lock held: installs up to ADDFD_BATCH pending ADDFDs in
 * its own table (Linux does it there too, so the table and RLIMIT_NOFILE are
 * the caller's), or with failed (the call is ending) answers them -ESRCH. What
 * SETFD replaced is left in replaced[] for the caller to put unlocked. Returns
 * how many requests it finished.
 */
static int take_addfds_locked(struct seccomp_knotif *n, bool failed,
			      struct file *replaced[ADDFD_BATCH])
{
	int taken = 0;

	for (; n->addfd && (failed || taken < ADDFD_BATCH); n->addfd = n->addfd->next) {
		struct seccomp_addfd *a = n->addfd;

		if (!failed)
			replaced[taken] = NULL;
		if (failed)
			a->ret = -ESRCH;
		else if (!a->setfd)
			a->ret = fd_install(a->file, a->cloexec);
		else
			a->ret = fd_install_at(a->file, a->newfd, a->cloexec, &replaced[taken]);
		if (a->send && !failed && a->ret >= 0) {
			n->val = a->ret;
			n->error = 0;
		} else if (a->send && !failed) {
			n->state = NOTIFY_SENT;	/* no answer after all: one may still come */
		}
		WRITE_ONCE(a->done, true);
		taken++;
	}
	return taken;
}

/* The caller's wait is over when answered, or when an ADDFD waits for it. */
static bool call_wakes(struct seccomp_knotif *n)
{
	return READ_ONCE(n->state) == NOTIFY_REPLIED || READ_ONCE(n->addfd);
}

/*
 * Linux's should_sleep_killable(): with WAIT_KILLABLE_RECV, a call received
 * (or answered) waits on through any signal but SIGKILL.
 */
static bool call_waits_killable(struct seccomp_filter *f, struct seccomp_knotif *n)
{
	return f->notify.killable && READ_ONCE(n->state) != NOTIFY_INIT;
}

int seccomp_user_notify(struct seccomp_filter *f, const struct seccomp_data *sd,
			struct pt_regs *regs, int nr)
{
	struct seccomp_knotif n = { .task = current, .data = sd, .state = NOTIFY_INIT };
	struct seccomp_knotif **link;
	unsigned long flags;
	long err = 0;

	spin_lock_irqsave(&f->notify_lock, flags);
	if (!f->notify.open) {
		spin_unlock_irqrestore(&f->notify_lock, flags);
		regs->ax = -ENOSYS;
		return -1;
	}
	n.id = f->notify.next_id++;
	*call_link_locked(f, NULL) = &n;
	spin_unlock_irqrestore(&f->notify_lock, flags);
	wait_chan_wake(&f->notify_wait);
	poll_wake();

	for (;;) {
		bool killable = call_waits_killable(f, &n);
		struct file *replaced[ADDFD_BATCH];
		bool done;
		int taken;

		if (killable)
			err = wait_chan_sleep_killable(&f->notify_replied, 0, call_wakes(&n));
		else
			err = wait_chan_sleep(&f->notify_replied, 0, call_wakes(&n) ||
					      call_waits_killable(f, &n));
		spin_lock_irqsave(&f->notify_lock, flags);
		/* A signal as the call was received: it waits on, only SIGKILL ends it now. */
		if (err && !killable && call_waits_killable(f, &n))
			err = 0;
		taken = take_addfds_locked(&n, err, replaced);
		done = err || (n.state == NOTIFY_REPLIED && !n.addfd);
		if (done) {
			/* Off the list: gone already if the listener closed. */
			link = call_link_locked(f, &n);
			if (*link)
				*link = n.next;
		}
		spin_unlock_irqrestore(&f->notify_lock, flags);
		for (int i = 0; i < taken && !err; i++)
			if (replaced[i])
				file_put(replaced[i]);
		if (taken || err)
			wait_chan_wake(&f->notify_wait);	/* ADDFD senders, and RECV */
		if (done)
			break;
	}
	poll_wake();
	if (err) {
		regs->ax = -ERESTARTSYS;	/* the signal's action decides */
		return -1;
	}
	if (n.flags & SECCOMP_USER_NOTIF_FLAG_CONTINUE)
		return nr;
	regs->ax = n.error ? n.error : n.val;
	return -1;
}

/* Is a call waiting to be received, or has the filter no users left? */
static bool recv_ready(struct seccomp_filter *f)
{
	unsigned long flags;
	bool ready;

	if (!READ_ONCE(f->users))
		return true;
	spin_lock_irqsave(&f->notify_lock, flags);
	ready = first_unreceived_locked(f);
	spin_unlock_irqrestore(&f->notify_lock, flags);
	return ready;
}

/*
 * SECCOMP_IOCTL_NOTIF_RECV: waits for a call and gives it; the buffer must come
 * zeroed (-EINVAL), so that the structure can grow. A call whose copy-out
 * faults goes back to INIT for the next RECV. -ENOENT when the filter has no
 * users left, or the call went away first.
 */
static long notify_recv(struct seccomp_filter *f, void __user *ubuf)
{
	static const struct seccomp_notif zero;
	struct seccomp_notif out;
	struct seccomp_knotif *n;
	unsigned long flags;
	long err;

	if (copy_from_user(&out, ubuf, sizeof(out)))
		return -EFAULT;
	if (memcmp(&out, &zero, sizeof(out)))
		return -EINVAL;
	err = wait_chan_sleep(&f->notify_wait, 0, recv_ready(f));
	if (err)
		return err;
	spin_lock_irqsave(&f->notify_lock, flags);
	n = first_unreceived_locked(f);
	if (n) {
		out = (struct seccomp_notif){ .id = n->id, .pid = task_pid_vnr(n->task),
					      .data = *n->data };
		n->state = NOTIFY_SENT;
	}
	spin_unlock_irqrestore(&f->notify_lock, flags);
	if (!n)
		return -ENOENT;
	if (f->notify.killable)
		wait_chan_wake(&f->notify_replied);	/* its wait becomes killable */
	poll_wake();
	if (!copy_to_user(ubuf, &out, sizeof(out)))
		return 0;
	spin_lock_irqsave(&f->notify_lock, flags);
	n = find_call_locked(f, out.id);
	if (n && n->state == NOTIFY_SENT)
		n->state = NOTIFY_INIT;
	spin_unlock_irqrestore(&f->notify_lock, flags);
	wait_chan_wake(&f->notify_wait);
	poll_wake();
	return -EFAULT;
}

/*
 * notify_lock held: the received call with this id, in *n, or why not:
 * -ENOENT (no such call), -EINPROGRESS (not received yet, or answered).
 */
static long find_sent_locked(struct seccomp_filter *f, u64 id, struct seccomp_knotif **n)
{
	*n = find_call_locked(f, id);
	if (!*n)
		return -ENOENT;
	return (*n)->state == NOTIFY_SENT ? 0 : -EINPROGRESS;
}

/* SECCOMP_IOCTL_NOTIF_SEND: the answer, once per call; CONTINUE wants val and error 0. */
static long notify_send(struct seccomp_filter *f, const void __user *uresp)
{
	struct seccomp_notif_resp resp;
	struct seccomp_knotif *n;
	unsigned long flags;
	long ret;

	if (copy_from_user(&resp, uresp, sizeof(resp)))
		return -EFAULT;
	if (resp.flags & ~SECCOMP_USER_NOTIF_FLAG_CONTINUE)
		return -EINVAL;
	if ((resp.flags & SECCOMP_USER_NOTIF_FLAG_CONTINUE) && (resp.error || resp.val))
		return -EINVAL;
	spin_lock_irqsave(&f->notify_lock, flags);
	ret = find_sent_locked(f, resp.id, &n);
	if (!ret) {
		n->state = NOTIFY_REPLIED;
		n->error = resp.error;
		n->val = resp.val;
		n->flags = resp.flags;
	}
	spin_unlock_irqrestore(&f->notify_lock, flags);
	if (!ret)
		wait_chan_wake(&f->notify_replied);
	return ret;
}

/* SECCOMP_IOCTL_NOTIF_ID_VALID: 0 while the call is received and unanswered. */
static long notify_id_valid(struct seccomp_filter *f, const void __user *uid)
{
	struct seccomp_knotif *n;
	unsigned long flags;
	long ret;
	u64 id;

	if (copy_from_user(&id, uid, sizeof(id)))
		return -EFAULT;
	spin_lock_irqsave(&f->notify_lock, flags);
	ret = find_sent_locked(f, id, &n) ? -ENOENT : 0;
	spin_unlock_irqrestore(&f->notify_lock, flags);
	return ret;
}

/*
 * SECCOMP_IOCTL_NOTIF_ADDFD: the caller installs one of our descriptors in its
 * own table (at the lowest free number, or at newfd with SETFD) and we wait
 * for the number it got; with SEND that number is also the call's answer, and
 * no other answer can follow. -ESRCH if the call ended first; a signal ends
 * our wait (-ERESTARTSYS), withdrawing the request if it was not taken yet.
 */
static long notify_addfd(struct seccomp_filter *f, const void __user *uaddfd, size_t size)
{
	struct seccomp_notif_addfd args;
	struct seccomp_addfd req = { 0 };
	struct seccomp_knotif *n;
	unsigned long flags;
	long ret;

	if (size < sizeof(args) || size >= PAGE_SIZE)
		return -EINVAL;
	ret = copy_struct_from_user(&args, sizeof(args), uaddfd, size);
	if (ret)
		return ret;
	if ((args.newfd_flags & ~O_CLOEXEC) ||
	    (args.flags & ~(SECCOMP_ADDFD_FLAG_SETFD | SECCOMP_ADDFD_FLAG_SEND)) ||
	    (args.newfd && !(args.flags & SECCOMP_ADDFD_FLAG_SETFD)))
		return -EINVAL;
	req.file = fget(args.srcfd);
	if (!req.file)
		return -EBADF;
	req.setfd = args.flags & SECCOMP_ADDFD_FLAG_SETFD;
	req.newfd = args.newfd;
	req.cloexec = args.newfd_flags & O_CLOEXEC;
	req.send = args.flags & SECCOMP_ADDFD_FLAG_SEND;
	spin_lock_irqsave(&f->notify_lock, flags);
	ret = find_sent_locked(f, args.id, &n);
	if (!ret && req.send && n->addfd)
		ret = -EBUSY;		/* the answer would race the requests before it */
	if (!ret) {
		if (req.send)
			n->state = NOTIFY_REPLIED;
		req.next = n->addfd;
		n->addfd = &req;
	}
	spin_unlock_irqrestore(&f->notify_lock, flags);
	if (!ret) {
		wait_chan_wake(&f->notify_replied);
		ret = wait_chan_sleep(&f->notify_wait, 0, READ_ONCE(req.done));
		spin_lock_irqsave(&f->notify_lock, flags);
		/*
		 * A signal, as Linux's interruptible wait: the request is withdrawn
		 * unless the caller took it meanwhile. Not done, it is still on
		 * n's list (a caller leaves only with its requests all done), and
		 * a SEND one gives back the answer it had claimed.
		 */
		if (!req.done) {
			struct seccomp_addfd **link = &n->addfd;

			while (*link != &req)
				link = &(*link)->next;
			*link = req.next;
			if (req.send)
				n->state = NOTIFY_SENT;
		} else {
			ret = req.ret;
		}
		spin_unlock_irqrestore(&f->notify_lock, flags);
	}
	file_put(req.file);
	return ret;
}

static long listener_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct seccomp_filter *f = file->data;

	/* ADDFD's struct may grow: its size is the one the command encodes. */
	if (IOC_TYPE_NR(cmd) == IOC_TYPE_NR(SECCOMP_IOCTL_NOTIF_ADDFD))
		return notify_addfd(f, (const void __user *)arg, IOC_SIZE(cmd));
	switch (cmd) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		return notify_recv(f, (void __user *)arg);
	case SECCOMP_IOCTL_NOTIF_SEND:
		return notify_send(f, (const void __user *)arg);
	case SECCOMP_IOCTL_NOTIF_ID_VALID:
	case SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR:
		return notify_id_valid(f, (const void __user *)arg);
	case SECCOMP_IOCTL_NOTIF_SET_FLAGS:
		/* A hint to wake the caller on the listener's CPU: one run queue here. */
		return arg & ~SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP ? -EINVAL : 0;
	}
	return -EINVAL;
}

static unsigned int listener_poll(struct file *file)
{
	struct seccomp_filter *f = file->data;
	unsigned int mask = 0;
	unsigned long flags;

	spin_lock_irqsave(&f->notify_lock, flags);
	for (struct seccomp_knotif *n = f->notify.calls; n; n = n->next)
		mask |= n->state == NOTIFY_INIT ? POLLIN | POLLRDNORM :
			n->state == NOTIFY_SENT ? POLLOUT | POLLWRNORM : 0;
	spin_unlock_irqrestore(&f->notify_lock, flags);
	return mask | (READ_ONCE(f->users) ? 0 : POLLHUP);
}

/* The listener is gone: every waiting call gets -ENOSYS, and so do later ones. */
static void listener_release(struct file *file)
{
	struct seccomp_filter *f = file->data;
	unsigned long flags;

	spin_lock_irqsave(&f->notify_lock, flags);
	f->notify.open = false;
	for (struct seccomp_knotif *n = f->notify.calls; n; n = n->next) {
		n->state = NOTIFY_REPLIED;
		n->error = -ENOSYS;
		n->val = 0;
		n->flags = 0;
	}
	f->notify.calls = NULL;
	spin_unlock_irqrestore(&f->notify_lock, flags);
	wait_chan_wake(&f->notify_replied);
	seccomp_filter_put(f);
}

static const struct file_operations listener_fops = {
	.ioctl = listener_ioctl,
	.poll = listener_poll,
	.release = listener_release,
	.mode = 0600,			/* Linux's anonymous inode: no file type bits */
};

struct file *seccomp_listener_open(struct seccomp_filter *f, bool killable)
{
	struct file *file = file_alloc(&listener_fops, O_RDWR);

	if (!file)
		return NULL;
	__atomic_add_fetch(&f->refs, 1, __ATOMIC_RELAXED);
	file->data = f;
	f->notify.open = true;
	f->notify.killable = killable;
	return file;
}

void seccomp_notify_orphaned(struct seccomp_filter *f)
{
	wait_chan_wake(&f->notify_wait);
	poll_wake();
}
