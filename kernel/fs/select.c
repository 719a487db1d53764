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
 * Linux does, and so does pselect6() (include/poll.h: struct poll_timeout).
 * A signal ends the wait: -EINTR after a handler, a restart without one
 * (-ERESTARTNOHAND). pselect6() waits with its mask as the blocked set, as
 * ppoll() does.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <slab.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>

#define POLLIN_SET	(POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR)
#define POLLEX_SET	POLLPRI

struct select_sets {
	unsigned int nfds, words;
	u64 *in[3];			/* read, write, except: asked */
	u64 *out[3];			/* ... and ready: words each, in one allocation */
};

static const unsigned int select_masks[3] = { POLLIN_SET, POLLOUT_SET, POLLEX_SET };

/* One look at every fd asked about: the ready sets filled in, how many bits; or -EBADF. */
static long select_once(void *arg, unsigned long seq)
{
	struct select_sets *s = arg;
	long ready = 0;

	memset(s->out[0], 0, 3 * s->words * sizeof(u64));
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
	struct select_sets s;
	size_t bytes;
	u64 *sets;
	long ret;

	if (nfds < 0)
		return -EINVAL;
	/* Linux: fds past the table's size are not looked at (nor read, nor written). */
	s.nfds = MIN((unsigned int)nfds, READ_ONCE(current->files->max_fds));
	s.words = ALIGN_UP(s.nfds, 64) / 64;
	bytes = s.words * sizeof(u64);
	sets = kcalloc(6 * s.words, sizeof(u64));
	if (!sets && s.words)
		return -ENOMEM;
	for (int i = 0; i < 3; i++) {
		s.in[i] = sets + i * s.words;
		s.out[i] = sets + (3 + i) * s.words;
	}
	ret = 0;
	for (int i = 0; i < 3 && !ret; i++)
		if (ufds[i] && copy_from_user(s.in[i], ufds[i], bytes))
			ret = -EFAULT;
	if (!ret)
		ret = poll_wait(select_once, &s, nowait, deadline);
	for (int i = 0; i < 3 && ret >= 0; i++)
		if (ufds[i] && copy_to_user(ufds[i], s.out[i], bytes))
			ret = -EFAULT;
	kfree(sets);
	return ret == -ERESTARTSYS ? -ERESTARTNOHAND : ret;
}

/*
 * The three calls' common end: the wait for the sets with timeout to, the time
 * left written back at ut, as a timeval or a timespec.
 */
static long select_timed(struct pt_regs *regs, const struct kernel_timespec *ts,
			 void __user *ut, bool timeval, const sigset_t __user *mask,
			 unsigned long masksize)
{
	u64 __user *ufds[3] = { (void __user *)regs->si, (void __user *)regs->dx,
				(void __user *)regs->r10 };
	struct poll_timeout to;
	long ret = poll_timeout_start(&to, ts);

	if (ret)
		return ret;
	if (mask && (ret = set_temporary_sigmask(mask, masksize)))
		return ret;
	ret = do_select((int)regs->di, ufds, to.nowait, to.deadline);
	if (mask)
		restore_temporary_sigmask(ret == -ERESTARTNOHAND);
	return poll_timeout_finish(&to, ut, timeval, ret);
}

/*
 * select(nfds, readfds, writefds, exceptfds, timeout): a timeval, NULL for none.
 * Its microseconds carry into its seconds before it is checked, as Linux's
 * kern_select(): {1, -1000000} is no time at all, {0, 1000000} a second.
 */
long sys_select(struct pt_regs *regs)
{
	struct kernel_timeval __user *utv = (struct kernel_timeval __user *)regs->r8;
	struct kernel_timespec ts;
	struct kernel_timeval tv;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		ts.tv_sec = (u64)tv.tv_sec + tv.tv_usec / USEC_PER_SEC;	/* may wrap: -EINVAL */
		ts.tv_nsec = tv.tv_usec % USEC_PER_SEC * (long)NSEC_PER_USEC;
	}
	return select_timed(regs, utv ? &ts : NULL, utv, true, NULL, 0);
}

/*
 * pselect6(nfds, readfds, writefds, exceptfds, timeout, {sigmask, sigsetsize}):
 * the last argument is read first, as Linux's.
 */
long sys_pselect6(struct pt_regs *regs)
{
	struct kernel_timespec __user *uts = (struct kernel_timespec __user *)regs->r8;
	struct { const sigset_t __user *mask; unsigned long size; } sm = { NULL, 0 };
	struct kernel_timespec ts;

	if (regs->r9 && copy_from_user(&sm, (const void __user *)regs->r9, sizeof(sm)))
		return -EFAULT;
	if (uts && get_user_timespec(&ts, uts, false))
		return -EFAULT;
	return select_timed(regs, uts ? &ts : NULL, uts, false, sm.mask, sm.size);
}
