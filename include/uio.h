/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's side of scatter-gather buffers (uapi/uio.h): Linux's import checks. */
#ifndef _ENTRYLAB_UIO_H
#define _ENTRYLAB_UIO_H

#include <uapi/uio.h>

/**
 * iovec_check - Linux's checks of an iovec array before anything moves
 * @uiov: the array, in user memory
 * @n: its length
 * @own_buffers: the buffers are the caller's (readv, writev, process_vm_readv's
 *               local side), so each must be user memory over its whole length
 *
 * Returns 0, -EINVAL (more than UIO_MAXIOV entries, or a length that is not an
 * ssize_t) or -EFAULT (the array unreadable, or an own buffer that runs past
 * the top of user space), as Linux's import_iovec(): a call fails whole, with
 * nothing transferred, rather than after its good segments; every length is
 * checked before any buffer.
 */
long iovec_check(const struct iovec __user *uiov, unsigned long n, bool own_buffers);

/**
 * get_iovec - element i of a user's iovec array, in the caller's ABI
 * @uiov: the array, in user memory
 * @i: which element
 * @v: where it goes
 *
 * An i386 call's array holds i386's two-word struct compat_iovec, read and
 * widened here, its length signed (Linux's copy_compat_iovec_from_user()), so
 * that every call taking iovecs serves both ABIs. Returns 0 or -EFAULT.
 */
int get_iovec(const struct iovec __user *uiov, unsigned long i, struct iovec *v);

#endif
