/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's side of scatter-gather buffers (uapi/uio.h), as Linux's
 * lib/iov_iter.c: a user's iovec array imported whole into kernel memory
 * (Linux's import checks), and an iterator over it that a file's read_iter and
 * write_iter operations copy through, so that one call of theirs sees every
 * segment (kernel/fs/iov_iter.c). read() and write() hand the same operations
 * an iterator of their one buffer, whose copies are inline here.
 */
#ifndef _ENTRYLAB_UIO_H
#define _ENTRYLAB_UIO_H

#include <asm/page.h>
#include <asm/uaccess.h>
#include <compiler.h>
#include <uapi/uio.h>

#define UIO_FASTIOV	8		/* segments an import keeps on the caller's stack */
#define MAX_RW_COUNT	(0x7fffffffUL & PAGE_MASK)	/* a transfer at most: INT_MAX, paged */

/*
 * What an iterator walks, as Linux 6.x's enum iter_type: read() and write()
 * hand a file one user buffer (ITER_UBUF), so that their copies are one
 * copy_to_user() or copy_from_user() with no array to walk; readv() and writev()
 * an imported iovec array (ITER_IOVEC).
 */
enum iter_type {
	ITER_UBUF,
	ITER_IOVEC,
};

/*
 * A position in user buffers. An ITER_IOVEC array is the kernel's copy, so a
 * thread changing the user's array meanwhile changes nothing here.
 */
struct iov_iter {
	u8 iter_type;
	size_t iov_offset;		/* bytes of ubuf, or of *iov, already moved */
	size_t count;			/* bytes left in all, at most the segments' sum */
	union {
		void __user *ubuf;		/* ITER_UBUF: the buffer */
		const struct iovec *iov;	/* ITER_IOVEC: the current segment */
	};
	unsigned long nr_segs;		/* ITER_IOVEC: segments from iov on */
};

static __always_inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

static __always_inline bool iter_is_ubuf(const struct iov_iter *i)
{
	return i->iter_type == ITER_UBUF;
}

/* One user buffer as an iterator (Linux's iov_iter_ubuf()): read() and write(). */
static __always_inline void iov_iter_ubuf(struct iov_iter *i, void __user *buf, size_t count)
{
	*i = (struct iov_iter){ .iter_type = ITER_UBUF, .ubuf = buf, .count = count };
}

/* The ITER_IOVEC copy, segment by segment (kernel/fs/iov_iter.c). */
size_t iovec_iter_copy(void *k, size_t n, struct iov_iter *i, bool to_user);

/*
 * The ITER_UBUF copy: one user copy of at most the bytes left, which stops at
 * the first byte that faults; the iterator advances past what moved.
 */
static __always_inline size_t ubuf_iter_copy(void *k, size_t n, struct iov_iter *i,
					     bool to_user)
{
	u8 __user *u = (u8 __user *)i->ubuf + i->iov_offset;
	size_t done;

	n = MIN(n, i->count);
	done = n - (to_user ? copy_to_user(u, k, n) : copy_from_user(k, u, n));
	i->iov_offset += done;
	i->count -= done;
	return done;
}

/**
 * copy_from_iter - user bytes at the iterator's position into the kernel
 * @to: where they go
 * @n: how many, at most; the iterator's count bounds it too
 * @i: the iterator, advanced past what moved
 *
 * Stops at the first byte that faults, as Linux's: returns the bytes moved,
 * fewer than asked only at a fault or at the iterator's end. A single buffer
 * (read(), write()) is copied here inline; an array out of line.
 */
static __always_inline size_t copy_from_iter(void *to, size_t n, struct iov_iter *i)
{
	if (likely(iter_is_ubuf(i)))
		return ubuf_iter_copy(to, n, i, false);
	return iovec_iter_copy(to, n, i, false);
}

/* The same towards user memory: bytes moved, fewer only at a fault or the end. */
static __always_inline size_t copy_to_iter(const void *from, size_t n, struct iov_iter *i)
{
	if (likely(iter_is_ubuf(i)))
		return ubuf_iter_copy((void *)from, n, i, true);
	return iovec_iter_copy((void *)from, n, i, true);
}

/**
 * iovec_from_user - a user's iovec array, copied in
 * @uvec: the array, in user memory, in the caller's ABI (i386's two-word
 *        struct compat_iovec in an i386 call, its length signed)
 * @nr: its length
 * @fast: UIO_FASTIOV segments of the caller's, used when nr fits
 * @iovp: set to the copy: fast, or a kmalloc()ed array the caller kfree()s
 *
 * Returns 0, -EINVAL (more than UIO_MAXIOV entries, or a length that is not an
 * ssize_t, met before the array is unreadable), -EFAULT or -ENOMEM, as
 * Linux's iovec_from_user(); on error nothing is left to free.
 */
long iovec_from_user(const struct iovec __user *uvec, unsigned long nr, struct iovec *fast,
		     struct iovec **iovp);

/**
 * import_iovec - the buffers of readv() and writev(), checked, as an iterator
 * @uvec: the array, in user memory, in the caller's ABI
 * @nr: its length
 * @fast: UIO_FASTIOV segments of the caller's, used when nr fits
 * @iovp: set to what to kfree() once done: NULL when fast held the array
 * @i: the iterator over it
 *
 * Linux's import_iovec(): iovec_from_user(), then each buffer must be user
 * memory over its whole length (-EFAULT) before anything moves, so a call fails
 * whole rather than after its good segments; the sum is cut to MAX_RW_COUNT.
 * Returns the iterator's count, or -errno with nothing to free.
 */
long import_iovec(const struct iovec __user *uvec, unsigned long nr, struct iovec *fast,
		  struct iovec **iovp, struct iov_iter *i);

/*
 * Linux's checks of an array whose buffers are not all the caller's to move
 * (process_vm_readv's remote side: own_buffers false): iovec_from_user()'s
 * answer, and with own_buffers import_iovec()'s. 0 or -errno.
 */
long iovec_check(const struct iovec __user *uiov, unsigned long n, bool own_buffers);

/* Element i of a user's iovec array, in the caller's ABI: 0 or -EFAULT. */
int get_iovec(const struct iovec __user *uiov, unsigned long i, struct iovec *v);

#endif
