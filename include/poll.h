/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Waiting on several files at once (kernel/poll.c). There are no per-file wait
 * queues: a poller sleeps on one channel, and every change that can make a file
 * ready (data in or out of a pipe, an eventfd count, an end closed) calls
 * poll_wake(), which bumps a sequence number and wakes them all; each then asks
 * its files again. Cheap to keep right, at the price of waking pollers that did
 * not care: entrylab has few.
 */
#ifndef _ENTRYLAB_POLL_H
#define _ENTRYLAB_POLL_H

#include <uapi/poll.h>

/* What a file without a poll operation is: always ready both ways, as Linux's. */
#define DEFAULT_POLLMASK	(POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

struct file;

/* Something a file's poll() reports may have changed: pollers look again. */
void poll_wake(void);
/* f's ready bits now. */
unsigned int file_poll(struct file *f);
/*
 * A poller's wait: take poll_seq_now(), look at the files, and if none is ready
 * poll_sleep() until a poll_wake() after that look: 0, then look again;
 * -ETIMEDOUT at the deadline (ktime_get_ns(); 0: none); -ERESTARTSYS for a signal.
 */
unsigned long poll_seq_now(void);
long poll_sleep(unsigned long seq, u64 deadline);
/* epoll: the file's last reference is going; its watches go first (kernel/eventpoll.c). */
void epoll_file_gone(struct file *f);

#endif
