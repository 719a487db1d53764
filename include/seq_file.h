/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Files whose text is made record by record as it is read, as Linux's seq_file
 * (kernel/fs/seq_file.c): each read() asks the operations for whole records from
 * where the last one stopped, so a file of any length reads with a page of
 * buffer, and a reader sees each record whole, as Linux hands them out.
 */
#ifndef _ENTRYLAB_SEQ_FILE_H
#define _ENTRYLAB_SEQ_FILE_H

#include <compiler.h>
#include <file.h>

struct seq_file;

/*
 * start() finds the record at *index (the operations' own numbering) and takes
 * what lock the records need; next() steps past v, setting *index to the next
 * one's; show() prints v with seq_printf(); stop() drops the lock (v: the last
 * record start() or next() gave, maybe NULL). NULL from start() or next(): no more.
 */
struct seq_operations {
	void *(*start)(struct seq_file *m, long *index);
	void *(*next)(struct seq_file *m, void *v, long *index);
	void (*stop)(struct seq_file *m, void *v);
	void (*show)(struct seq_file *m, void *v);
};

struct seq_file {
	char *buf;		/* a page: one record always fits */
	size_t size, count;	/* buf's size; the bytes in it */
	size_t from;		/* where in buf the bytes not yet read start */
	size_t pad_until;	/* seq_pad()'s column */
	long index;		/* the next record's (start()'s argument) */
	long read_pos;		/* the file offset that follows what was read */
	int lock;		/* sleep_mutex: one reader at a time, as Linux's m->lock */
	const struct seq_operations *op;
	void *private;		/* the operations' own */
	void (*release)(void *private);	/* at the last close */
};

/*
 * A new open file of these operations, read-only and seekable, of size 0 (fstat), as
 * Linux's; release(private) at its last close. NULL: no memory.
 */
struct file *seq_open(const struct seq_operations *op, void *private,
		      void (*release)(void *private));
void seq_printf(struct seq_file *m, const char *fmt, ...) __printf(2, 3);
/* Sets the column that seq_pad() pads to, counted from the record's start. */
void seq_setwidth(struct seq_file *m, size_t size);
/* Spaces up to the column, then c (if not '\0'), as Linux's seq_pad(). */
void seq_pad(struct seq_file *m, char c);

#endif
