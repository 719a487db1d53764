/* SPDX-License-Identifier: GPL-2.0 */
/* Scatter-gather buffers, as Linux's uapi/linux/uio.h: writev(), process_vm_readv(). */
#ifndef _UAPI_UIO_H
#define _UAPI_UIO_H

struct iovec {
	void __user *iov_base;
	unsigned long iov_len;
};

#define UIO_MAXIOV	1024		/* the most iovecs one call takes */

#endif
