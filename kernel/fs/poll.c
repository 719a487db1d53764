// SPDX-License-Identifier: GPL-2.0
/*
 * poll(2) and ppoll(2), as Linux's fs/select.c: each pollfd's revents is what
 * its file is ready for now, of what it asked (POLLERR and POLLHUP always
 * count), POLLNVAL for an fd that is not open, 0 for a negative fd; the call
 * returns how many are non-zero, at once if any is or the timeout is 0, else
 * once one becomes so (include/poll.h: a change wakes every poller, which looks
 * again) or the timeout passes (0).
 *
 * A signal ends the wait, with every revents written back as the last look
 * found it (as Linux's do_sys_poll(); a write-back that faults is -EFAULT
 * instead). With a handler the call returns -EINTR; without one
 * (an ignored signal, a stop and continue) it resumes, as on Linux: poll()
 * through restart_syscall() with the same deadline, ppoll() by its own restart
 * after the time left is written back to its timeout (ppoll() writes it back
 * whenever it returns, as Linux's; a write-back that faults is no error, but the
 * call then ends with -EINTR instead of resuming). ppoll() waits with its
 * mask as the blocked set, as rt_sigsuspend() does, and the old mask comes back
 * when it returns, or after the handler it woke for has run.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <poll.h>
#include <resource.h>
#include <sched.h>
#include <signal.h>
#include <syscalls.h>
#include <time.h>
#include <wait.h>

#define POLL_STACK_FDS	16		/* the first ones, on the stack; the rest in pages */

static unsigned long poll_seq;		/* bumped by every poll_wake() */
static struct wait_chan pollers;

void poll_wake(void)
{
	__atomic_add_fetch(&poll_seq, 1, __ATOMIC_SEQ_CST);
	wait_chan_wake(&pollers);
}

unsigned int file_poll(struct file *f)
{
	return f->op->poll ? f->op->poll(f) : DEFAULT_POLLMASK;
}

unsigned long poll_seq_now(void)
{
	return __atomic_load_n(&poll_seq, __ATOMIC_SEQ_CST);
}

long poll_wait(long (*look)(void *arg, unsigned long seq), void *arg, bool nowait,
	       u64 deadline)
{
	for (;;) {
		unsigned long seq = poll_seq_now();
		long ret = look(arg, seq);

		if (ret || nowait)
			return ret;
		/* A poll_wake() after the look ends the sleep: look again. */
		ret = wait_chan_sleep(&pollers, deadline, poll_seq_now() != seq);
		if (ret == -ETIMEDOUT || (!ret && deadline && ktime_get_ns() >= deadline))
			return look(arg, poll_seq_now());	/* the last look */
		if (ret)
			return ret;
	}
}

/*
 * The caller's pollfds, as Linux's poll_list: the first POLL_STACK_FDS in a
 * chunk on the stack, the rest in chunks of a page each, so that an array is
 * bounded by RLIMIT_NOFILE only (at most 2^20 entries: about 2 000 pages), not by
 * the fd table.
 */
struct poll_list {
	struct poll_list *next;
	unsigned int len;
	struct pollfd entries[];
};

#define POLL_PAGE_FDS	((PAGE_SIZE - sizeof(struct poll_list)) / sizeof(struct pollfd))

/* One look at every fd: revents filled in; returns how many are non-zero. */
static long poll_once(void *arg, unsigned long seq)
{
	unsigned int ready = 0;

	for (struct poll_list *l = arg; l; l = l->next) {
		for (unsigned int i = 0; i < l->len; i++) {
			struct pollfd *p = &l->entries[i];
			struct file *f;

			p->revents = 0;
			if (p->fd < 0)
				continue;
			f = fget(p->fd);	/* NULL past the table too: POLLNVAL */
			if (!f) {
				p->revents = POLLNVAL;
			} else {
				p->revents = file_poll(f) & ((u16)p->events | POLLERR | POLLHUP);
				file_put(f);
			}
			ready += p->revents != 0;
		}
	}
	return ready;
}

/* The pages of a list whose head is on the stack. */
static void poll_list_free(struct poll_list *head)
{
	for (struct poll_list *l = head->next, *next; l; l = next) {
		next = l->next;
		free_page_object(l);
	}
}

/**
 * do_poll - the wait of poll() and ppoll()
 * @ufds: the user's array of @nfds pollfds; their revents are written back,
 *	  a signal's end of the wait too
 * @nowait: a timeout of 0: look once
 * @deadline: ktime_get_ns() to give up at, or 0 for none
 *
 * Returns the number ready, 0 at the deadline, -ERESTARTSYS for a signal, or
 * -EINVAL (more fds than RLIMIT_NOFILE, as Linux's do_sys_poll()), -EFAULT,
 * -ENOMEM.
 */
static long do_poll(struct pollfd __user *ufds, unsigned int nfds, bool nowait, u64 deadline)
{
	union {
		struct poll_list list;
		u8 bytes[sizeof(struct poll_list) + POLL_STACK_FDS * sizeof(struct pollfd)];
	} stack;
	struct poll_list *head = &stack.list, *l = head;
	struct pollfd __user *u = ufds;
	unsigned int left = nfds;
	long ret = -EFAULT;

	if (nfds > rlimit(RLIMIT_NOFILE))
		return -EINVAL;
	*head = (struct poll_list){ .len = MIN(nfds, POLL_STACK_FDS) };
	for (;;) {
		if (copy_from_user(l->entries, u, l->len * sizeof(*u)))
			goto out;
		u += l->len;
		left -= l->len;
		if (!left)
			break;
		l->next = alloc_page_object();
		l = l->next;
		if (!l) {
			ret = -ENOMEM;
			goto out;
		}
		l->len = MIN(left, POLL_PAGE_FDS);
	}
	ret = poll_wait(poll_once, head, nowait, deadline);
	/* The last look's revents, however the wait ended (a signal too), as Linux's. */
	u = ufds;
	for (l = head; l && ret != -EFAULT; u += l->len, l = l->next)
		for (unsigned int i = 0; i < l->len && ret != -EFAULT; i++)
			if (copy_to_user(&u[i].revents, &l->entries[i].revents,
					 sizeof(u[i].revents)))
				ret = -EFAULT;
out:
	poll_list_free(head);
	return ret;
}

static long poll_restart(struct restart_block *rb)
{
	return do_poll(rb->ufds, rb->nfds, false, rb->deadline);
}

/* poll(fds, nfds, timeout): timeout in ms, negative for none. */
long sys_poll(struct pt_regs *regs)
{
	struct pollfd __user *ufds = (struct pollfd __user *)regs->di;
	unsigned int nfds = regs->si;
	int timeout = regs->dx;
	u64 deadline = timeout > 0 ? ktime_get_ns() + (u64)timeout * NSEC_PER_MSEC : 0;
	long ret = do_poll(ufds, nfds, timeout == 0, deadline);

	if (ret == -ERESTARTSYS) {
		current->restart = (struct restart_block){
			.fn = poll_restart, .deadline = deadline, .ufds = ufds, .nfds = nfds,
		};
		ret = -ERESTART_RESTARTBLOCK;
	}
	return ret;
}

long poll_timeout_start(struct poll_timeout *to, const struct kernel_timespec *ts)
{
	struct kernel_timespec now;
	u64 sec;

	*to = (struct poll_timeout){ .nowait = ts && !ts->tv_sec && !ts->tv_nsec };
	if (!ts)
		return 0;
	if (!timespec_valid(ts))
		return -EINVAL;
	if (to->nowait)
		return 0;
	now = ns_to_timespec(ktime_get_ns());
	sec = now.tv_sec + ts->tv_sec;			/* both below 2^63: no wrap */
	to->end.tv_nsec = now.tv_nsec + ts->tv_nsec;
	if (to->end.tv_nsec >= (long)NSEC_PER_SEC) {
		to->end.tv_nsec -= NSEC_PER_SEC;
		sec++;
	}
	to->end.tv_sec = sec;
	if (sec > (u64)__LONG_MAX__)
		to->end = (struct kernel_timespec){ __LONG_MAX__, 0 };
	to->deadline = MAX(timespec_to_ns(&to->end), 1UL);	/* saturates */
	return 0;
}

long poll_timeout_finish(const struct poll_timeout *to, void __user *ut, bool timeval, long ret)
{
	struct kernel_timespec now = ns_to_timespec(ktime_get_ns()), left = { 0, 0 };
	struct kernel_timeval tv;

	if (!ut || to->nowait)
		return ret;
	if (to->end.tv_sec > now.tv_sec ||
	    (to->end.tv_sec == now.tv_sec && to->end.tv_nsec > now.tv_nsec)) {
		left.tv_sec = to->end.tv_sec - now.tv_sec;
		left.tv_nsec = to->end.tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_nsec += NSEC_PER_SEC;
			left.tv_sec--;
		}
	}
	tv = (struct kernel_timeval){ left.tv_sec, left.tv_nsec / NSEC_PER_USEC };
	if (timeval ? copy_to_user(ut, &tv, sizeof(tv)) : copy_to_user(ut, &left, sizeof(left)))
		return ret == -ERESTARTNOHAND ? -EINTR : ret;
	return ret;
}

/* ppoll(fds, nfds, timeout, sigmask, sigsetsize): a timespec, NULL for none. */
long sys_ppoll(struct pt_regs *regs)
{
	struct kernel_timespec __user *uts = (struct kernel_timespec __user *)regs->dx;
	const sigset_t __user *umask = (const sigset_t __user *)regs->r10;
	struct poll_timeout to;
	struct kernel_timespec ts;
	long ret;

	if (uts && get_user_timespec(&ts, uts, false))
		return -EFAULT;
	ret = poll_timeout_start(&to, uts ? &ts : NULL);
	if (ret)
		return ret;
	if (umask && (ret = set_temporary_sigmask(umask, regs->r8)))
		return ret;
	ret = do_poll((struct pollfd __user *)regs->di, regs->si, to.nowait, to.deadline);
	if (ret == -ERESTARTSYS)
		ret = -ERESTARTNOHAND;
	if (umask)
		restore_temporary_sigmask(ret == -ERESTARTNOHAND);
	return poll_timeout_finish(&to, uts, false, ret);
}
