// SPDX-License-Identifier: GPL-2.0
/*
 * seq_file (include/seq_file.h), Linux's fs/seq_file.c reduced to what entrylab's
 * records need: seq_read_iter() and traverse() as Linux 6.12 has them. A read first
 * hands out what the last one left in the buffer; then, if it wants more, the
 * buffer is refilled from the record at m->index with as many whole records as
 * the read asks for (at least one) and fit a page. So a record is torn across
 * reads only where the reader's count cuts it, exactly where Linux's would be.
 * A read at another offset than where the last one ended (pread(), lseek())
 * replays the records from the first up to it (traverse()).
 *
 * One page of buffer: a record here is a line of at most a hundred bytes, where
 * Linux grows the buffer for longer ones; one that does not fit an empty page is
 * -ENOMEM, Linux's answer when it cannot grow it.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <kernel.h>
#include <pmm.h>
#include <seq_file.h>
#include <slab.h>
#include <string.h>
#include <uapi/stat.h>
#include <vsprintf.h>

static bool seq_has_overflowed(const struct seq_file *m)
{
	return m->count == m->size;
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list ap;
	int len;

	if (m->count < m->size) {
		va_start(ap, fmt);
		len = vsnprintf(m->buf + m->count, m->size - m->count, fmt, ap);
		va_end(ap);
		if (m->count + len < m->size) {
			m->count += len;
			return;
		}
	}
	m->count = m->size;		/* overflowed: the caller retries with room */
}

void seq_setwidth(struct seq_file *m, size_t size)
{
	m->pad_until = m->count + size;
}

void seq_pad(struct seq_file *m, char c)
{
	if (m->pad_until > m->count) {
		size_t size = m->pad_until - m->count;

		if (m->count + size >= m->size) {
			m->count = m->size;
			return;
		}
		memset(m->buf + m->count, ' ', size);
		m->count += size;
	}
	if (c)
		seq_printf(m, "%c", c);
}

/*
 * m->lock held: the records replayed from the first up to offset, leaving the
 * one that offset falls in (its rest) in the buffer, as Linux's traverse().
 */
static long traverse(struct seq_file *m, long offset)
{
	long pos = 0, err = 0;
	void *p;

	m->index = 0;
	m->count = m->from = 0;
	if (!offset)
		return 0;
	p = m->op->start(m, &m->index);
	while (p) {
		m->op->show(m, p);
		if (seq_has_overflowed(m)) {
			err = -ENOMEM;
			break;
		}
		p = m->op->next(m, p, &m->index);
		if (pos + (long)m->count > offset) {
			m->from = offset - pos;
			m->count -= m->from;
			break;
		}
		pos += m->count;
		m->count = 0;
		if (pos == offset)
			break;
	}
	m->op->stop(m, p);
	return err;
}

/* Copies n bytes of the buffer from buf + from to ubuf; how many: n, or 0 on a fault. */
static size_t copy_out(struct seq_file *m, char __user *ubuf, size_t from, size_t n)
{
	return copy_to_user(ubuf, m->buf + from, n) ? 0 : n;
}

/* Linux's seq_read_iter(), with *pos its iocb->ki_pos: the file's, or pread()'s. */
static long seq_read(struct file *f, char __user *ubuf, size_t count, long *pos)
{
	struct seq_file *m = f->data;
	size_t copied = 0, n;
	long err = 0;
	void *p;

	if (!count)
		return 0;
	sleep_mutex_lock(&m->lock);
	if (*pos == 0) {		/* from the start: the first record again */
		m->index = 0;
		m->count = 0;
	}
	if (*pos != m->read_pos) {
		err = traverse(m, *pos);
		m->read_pos = err ? 0 : *pos;
		if (err) {
			m->index = 0;
			m->count = 0;
			goto done;
		}
	}
	if (m->count) {			/* what the last read left, first */
		n = copy_out(m, ubuf, m->from, MIN(m->count, count));
		m->count -= n;
		m->from += n;
		copied += n;
		if (m->count)
			goto done;
	}
	m->from = 0;
	p = m->op->start(m, &m->index);
	if (p) {
		m->op->show(m, p);	/* one record, whatever the count */
		if (seq_has_overflowed(m)) {
			m->op->stop(m, p);
			m->count = 0;
			err = -ENOMEM;
			goto done;
		}
	}
	while (p) {			/* then more, while the read wants them and they fit */
		size_t offs = m->count;

		p = m->op->next(m, p, &m->index);
		if (!p || m->count >= count - copied)
			break;
		m->op->show(m, p);
		if (seq_has_overflowed(m)) {
			m->count = offs;
			break;
		}
	}
	m->op->stop(m, p);
	n = copy_out(m, ubuf + copied, 0, MIN(m->count, count - copied));
	copied += n;
	m->count -= n;
	m->from = n;
done:
	if (!copied) {
		err = m->count ? -EFAULT : err;
	} else {
		*pos += copied;
		m->read_pos += copied;
		err = copied;
	}
	sleep_mutex_unlock(&m->lock);
	return err;
}

static void seq_release(struct file *f)
{
	struct seq_file *m = f->data;

	m->release(m->private);
	free_frame(virt_to_phys(m->buf));
	kfree(m);
}

static const struct file_operations seq_fops = {
	.read = seq_read,
	.release = seq_release,
	.mode = S_IFREG | 0444,
	.seekable = true,
};

struct file *seq_open(const struct seq_operations *op, void *private,
		      void (*release)(void *private))
{
	struct seq_file *m = kzalloc(sizeof(*m));
	phys_addr_t page = alloc_frame();
	struct file *f = NULL;

	if (m && page)
		f = file_alloc(&seq_fops, O_RDONLY);
	if (!f) {
		if (page)
			free_frame(page);
		kfree(m);
		return NULL;
	}
	m->buf = phys_to_virt(page);
	m->size = PAGE_SIZE;
	m->op = op;
	m->private = private;
	m->release = release;
	f->data = m;
	return f;
}
