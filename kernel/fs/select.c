// SPDX-License-Identifier: GPL-2.0
/*
 * select(2) and pselect6(2), as Linux's fs/select.c: three bitmaps of fds (to
 * read, to write, and for exceptional conditions), each fd's bit kept where its
 * file is ready for that now, the rest cleared; the call returns how many bits
 * are set. It waits as poll() does (include/poll.h), by the same files' poll
 * operations: readable is POLLIN, POLLHUP or POLLERR, writable POLLOUT or
 * POLLERR, exceptional POLLPRI. An fd in a set that is not open is -EBADF.
 *
 * The timeout is a duration; select() writes what is left of it back, as
 * Linux does, and so does pselect6(). A signal ends the wait: -EINTR after a
 * handler, a restart without one (-ERESTARTNOHAND). pselect6() waits with its
 * mask as the blocked set, as ppoll() does.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>

#define SET_WORDS	(NR_OPEN / 64)	/* the fds there can be */
#define POLLIN_SET	(POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR)
#define POLLEX_SET	POLLPRI

struct select_sets {
	unsigned int nfds;
	u64 in[3][SET_WORDS];		/* read, write, except: asked */
	u64 out[3][SET_WORDS];		/* ... and ready */
};

static const unsigned int select_masks[3] = { POLLIN_SET, POLLOUT_SET, POLLEX_SET };

/* One look at every fd asked about: the ready sets filled in, how many bits; or -EBADF. */
static long select_once(void *arg, unsigned long seq)
{
	struct select_sets *s = arg;
	long ready = 0;

	memset(s->out, 0, sizeof(s->out));
	for (unsigned int fd = 0; fd < s->nfds; fd++) {
		u64 bit = BIT(fd % 64);
		unsigned int mask;
		struct file *f;

		if (!((s->in[0][fd / 64] | s->in[1][fd / 64] | s->in[2][fd / 64]) & bit))
			continue;
		f = fget(fd);
		if (!f)
			return -EBADF;
		mask = file_poll(f);
		file_put(f);
		for (int i = 0; i < 3; i++) {
			if ((s->in[i][fd / 64] & bit) && (mask & select_masks[i])) {
				s->out[i][fd / 64] |= bit;
				ready++;
			}
		}
	}
	return ready;
}

/*
 * The wait of both: the sets at ufds[] (NULL: none) read, waited on until
 * deadline (ktime_get_ns(); 0: none; nowait: one look), the ready sets
 * written back. How many bits are set, 0 at the deadline, or -errno.
 */
static long do_select(int nfds, u64 __user *ufds[3], bool nowait, u64 deadline)
{
	struct select_sets *s;
	size_t bytes;
	long ret;

	if (nfds < 0)
		return -EINVAL;
	s = alloc_page_object();
	_Static_assert(sizeof(*s) <= PAGE_SIZE, "struct select_sets outgrew its page");
	if (!s)
		return -ENOMEM;
	s->nfds = MIN((unsigned int)nfds, (unsigned int)NR_OPEN);	/* Linux: the table's size */
	bytes = ALIGN_UP(s->nfds, 64) / 8;
	ret = 0;
	for (int i = 0; i < 3 && !ret; i++)
		if (ufds[i] && copy_from_user(s->in[i], ufds[i], bytes))
			ret = -EFAULT;
	if (!ret)
		ret = poll_wait(select_once, s, nowait, deadline);
	for (int i = 0; i < 3 && ret >= 0; i++)
		if (ufds[i] && copy_to_user(ufds[i], s->out[i], bytes))
			ret = -EFAULT;
	free_page_object(s);
	return ret == -ERESTARTSYS ? -ERESTARTNOHAND : ret;
}

/* What is left until deadline, in ns: 0 once it has passed. */
static u64 time_left(u64 deadline)
{
	u64 now = ktime_get_ns();

	return deadline > now ? deadline - now : 0;
}

/* select(nfds, readfds, writefds, exceptfds, timeout): a timeval, NULL for none. */
long sys_select(struct pt_regs *regs)
{
	struct kernel_timeval __user *utv = (struct kernel_timeval __user *)regs->r8;
	u64 __user *ufds[3] = { (void __user *)regs->si, (void __user *)regs->dx,
				(void __user *)regs->r10 };
	struct kernel_timeval tv;
	u64 deadline = 0, timeout = 0, left;
	long ret;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		if (tv.tv_sec < 0 || tv.tv_usec < 0 || (u64)tv.tv_usec >= 1000000)
			return -EINVAL;
		timeout = tv.tv_sec * NSEC_PER_SEC + tv.tv_usec * NSEC_PER_USEC;
		deadline = ktime_get_ns() + timeout;
	}
	ret = do_select((int)regs->di, ufds, utv && !timeout, deadline);
	if (utv) {
		left = time_left(deadline);
		tv = ns_to_timeval(left);
		if (copy_to_user(utv, &tv, sizeof(tv)) && ret >= 0)
			ret = -EFAULT;
	}
	return ret;
}

/* pselect6(nfds, readfds, writefds, exceptfds, timeout, {sigmask, sigsetsize}). */
long sys_pselect6(struct pt_regs *regs)
{
	struct kernel_timespec __user *uts = (struct kernel_timespec __user *)regs->r8;
	u64 __user *ufds[3] = { (void __user *)regs->si, (void __user *)regs->dx,
				(void __user *)regs->r10 };
	struct { const sigset_t __user *mask; unsigned long size; } sm = { NULL, 0 };
	struct kernel_timespec ts;
	u64 deadline = 0, left;
	long ret;

	if (uts && (ret = user_timespec_to_deadline(uts, false, false, false, &deadline)))
		return ret;
	if (regs->r9 && copy_from_user(&sm, (const void __user *)regs->r9, sizeof(sm)))
		return -EFAULT;
	if (sm.mask && (ret = set_temporary_sigmask(sm.mask, sm.size)))
		return ret;
	/* A zero timespec: timespec_to_deadline() made it "now", which has passed. */
	ret = do_select((int)regs->di, ufds, deadline && deadline <= ktime_get_ns(), deadline);
	if (uts) {
		left = time_left(deadline);
		ts = ns_to_timespec(left);
		if (copy_to_user(uts, &ts, sizeof(ts)) && ret >= 0)
			ret = -EFAULT;
	}
	if (sm.mask)
		restore_temporary_sigmask(ret == -ERESTARTNOHAND);
	return ret;
}
