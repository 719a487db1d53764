/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring under a pipe (kernel/fs/pipe.c), shared with the socket pairs of
 * kernel/net/unix.c: one direction of bytes with a reading and a writing end,
 * each counted once when made. A packet ring (SOCK_SEQPACKET) keeps each write
 * as one message, an empty one too. Reads and writes sleep interruptibly (-ERESTARTSYS) unless
 * nonblock (-EAGAIN); a write with no reader left is -EPIPE, with SIGPIPE but on a packet ring.
 */
#ifndef _ENTRYLAB_PIPE_H
#define _ENTRYLAB_PIPE_H

#include <compiler.h>

struct iov_iter;
struct pipe;

/* A ring with one reader and one writer, or NULL: no memory. */
struct pipe *pipe_ring_alloc(bool packets);
/* What the iterator has room for (a read) or holds (a write), with every segment in one turn. */
long pipe_ring_read(struct pipe *p, struct iov_iter *to, bool nonblock);
long pipe_ring_write(struct pipe *p, struct iov_iter *from, bool nonblock);
/* The POLL* bits of the reading end (reader) or of the writing end. */
unsigned int pipe_ring_poll(const struct pipe *p, bool reader);
/* One end gone: the other end's sleepers wake; the ring is freed with its last end. */
void pipe_ring_close(struct pipe *p, bool reader);
/*
 * A socket's last close: its reading end of rx, its writing end of rx's peer;
 * with data left unread in rx, the peer socket's pending error is ECONNRESET.
 */
void pipe_ring_close_socket(struct pipe *rx);
/* A socket pair's two directions, each found from the other. */
void pipe_ring_pair(struct pipe *a, struct pipe *b);
struct pipe *pipe_ring_peer(const struct pipe *p);

#endif
