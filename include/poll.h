/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Waiting on several files at once (kernel/fs/poll.c). There are no per-file wait
 * queues: a poller sleeps on one channel, and every change that can make a file
 * ready (data in or out of a pipe, an eventfd count, an end closed) calls
 * poll_wake(), which bumps a sequence number and wakes them all; each then asks
 * its files again. Cheap to keep right, at the price of waking pollers that did
 * not care: entrylab has few.
 */
#ifndef _ENTRYLAB_POLL_H
#define _ENTRYLAB_POLL_H

#include <compiler.h>
#include <time.h>
#include <uapi/poll.h>

/* What a file without a poll operation is: always ready both ways, as Linux's. */
#define DEFAULT_POLLMASK	(POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

struct file;

/* Something a file's poll() reports may have changed: pollers look again. */
void poll_wake(void);
/* f's ready bits now. */
unsigned int file_poll(struct file *f);
/*
 * The poller's wait of poll(), ppoll() and the epoll waits: look(arg, seq) (seq:
 * the wake-up count before the look) until it returns non-zero, then that;
 * with nowait, one look; at the deadline (ktime_get_ns(); 0: none) a last look's
 * result; -ERESTARTSYS for a signal.
 */
long poll_wait(long (*look)(void *arg, unsigned long seq), void *arg, bool nowait,
	       u64 deadline);
/*
 * The timeout of select(), pselect6() and ppoll(), as Linux's: its end on
 * CLOCK_MONOTONIC, the clock's end if it is further (poll_select_set_timeout()).
 * A zero timeout is one look, and is not written back.
 */
struct poll_timeout {
	struct kernel_timespec end;
	u64 deadline;			/* poll_wait()'s: 0 for none */
	bool nowait;
};

/* to set from ts (NULL: none); 0, or -EINVAL for a negative or unnormalised ts. */
long poll_timeout_start(struct poll_timeout *to, const struct kernel_timespec *ts);
/*
 * The call's result ret, the time left of to written back at ut first (unless
 * NULL or zero) as a timeval or a timespec. A write-back that faults is not the
 * call's error, as Linux's poll_select_finish(): but without it the call cannot
 * resume (-ERESTARTNOHAND becomes -EINTR).
 */
long poll_timeout_finish(const struct poll_timeout *to, void __user *ut, bool timeval, long ret);
/* The wake-up count now: what an EPOLLET watch compares its last report with. */
unsigned long poll_seq_now(void);
/* epoll: the file's last reference is going; its watches go first (kernel/fs/eventpoll.c). */
void epoll_file_gone(struct file *f);

#endif
