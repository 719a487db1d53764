// SPDX-License-Identifier: GPL-2.0
/*
 * User iovec arrays (include/uio.h), as Linux's lib/iov_iter.c and its import
 * checks: an array is read from user memory once, checked, and walked from the
 * kernel's copy. The copies through an iterator stop at the first fault and say
 * how much moved, so that a file's read_iter or write_iter decides, as Linux's
 * do, what a partial copy means (a pipe keeps whole slots, a socket whole
 * records). Callers may sleep and fault: nothing here takes a lock.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <kernel.h>
#include <slab.h>
#include <uio.h>

int get_iovec(const struct iovec __user *uiov, unsigned long i, struct iovec *v)
{
	struct compat_iovec c;

	if (!in_ia32_syscall())
		return copy_from_user(v, &uiov[i], sizeof(*v)) ? -EFAULT : 0;
	if (copy_from_user(&c, (const struct compat_iovec __user *)uiov + i, sizeof(c)))
		return -EFAULT;
	/* Signed, as Linux's compat_ssize_t: 2^31 and up is a negative length. */
	*v = (struct iovec){ compat_ptr(c.iov_base), (long)(s32)c.iov_len };
	return 0;
}

/*
 * Element by element, a negative length -EINVAL where it is met, as Linux's
 * copy_iovec_from_user(): every length is checked before any buffer.
 */
long iovec_from_user(const struct iovec __user *uvec, unsigned long nr, struct iovec *fast,
		     struct iovec **iovp)
{
	struct iovec *iov = fast;
	long err = 0;

	if (nr > UIO_MAXIOV)
		return -EINVAL;
	if (nr > UIO_FASTIOV) {
		iov = kmalloc(nr * sizeof(*iov));
		if (!iov)
			return -ENOMEM;
	}
	for (unsigned long i = 0; !err && i < nr; i++) {
		err = get_iovec(uvec, i, &iov[i]);
		if (!err && (long)iov[i].iov_len < 0)
			err = -EINVAL;
	}
	if (err && iov != fast)
		kfree(iov);
	*iovp = err ? NULL : iov;
	return err;
}

/*
 * Each buffer whole below the top of user space, the sum cut to MAX_RW_COUNT
 * by shortening the segment that crosses it, as Linux's __import_iovec(): the
 * check is of the length asked, the cut after it.
 */
long import_iovec(const struct iovec __user *uvec, unsigned long nr, struct iovec *fast,
		  struct iovec **iovp, struct iov_iter *i)
{
	struct iovec *iov;
	size_t total = 0;
	long err = iovec_from_user(uvec, nr, fast, &iov);

	*iovp = NULL;
	if (err)
		return err;
	for (unsigned long s = 0; s < nr; s++) {
		if (!access_ok(iov[s].iov_base, iov[s].iov_len)) {
			if (iov != fast)
				kfree(iov);
			return -EFAULT;
		}
		iov[s].iov_len = MIN(iov[s].iov_len, MAX_RW_COUNT - total);
		total += iov[s].iov_len;
	}
	*i = (struct iov_iter){ .iter_type = ITER_IOVEC, .iov = iov, .nr_segs = nr,
				.count = total };
	*iovp = iov == fast ? NULL : iov;
	return total;
}

long iovec_check(const struct iovec __user *uiov, unsigned long n, bool own_buffers)
{
	struct iovec fast[UIO_FASTIOV], *iov;
	struct iov_iter i;
	long err;

	if (own_buffers) {
		err = import_iovec(uiov, n, fast, &iov, &i);
		kfree(iov);
		return MIN(err, 0L);
	}
	err = iovec_from_user(uiov, n, fast, &iov);
	if (!err && iov != fast)
		kfree(iov);
	return err;
}

/*
 * Up to n bytes between kernel memory at k and an ITER_IOVEC iterator's user
 * buffers, segment by segment; a segment that faults ends it where the fault
 * came.
 */
size_t iovec_iter_copy(void *k, size_t n, struct iov_iter *i, bool to_user)
{
	size_t done = 0;

	n = MIN(n, i->count);
	while (done < n) {
		u8 __user *u = (u8 __user *)i->iov->iov_base + i->iov_offset;
		size_t part = MIN(n - done, i->iov->iov_len - i->iov_offset);
		size_t left = to_user ? copy_to_user(u, (u8 *)k + done, part) :
					copy_from_user((u8 *)k + done, u, part);

		done += part - left;
		i->iov_offset += part - left;
		i->count -= part - left;
		if (left)
			break;
		if (i->iov_offset == i->iov->iov_len && i->nr_segs > 1) {
			i->iov++;
			i->nr_segs--;
			i->iov_offset = 0;
		}
	}
	return done;
}
