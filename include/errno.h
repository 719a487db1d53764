/* SPDX-License-Identifier: GPL-2.0 */
/* Linux errno values: user programs see exactly these. */
#ifndef _ENTRYLAB_ERRNO_H
#define _ENTRYLAB_ERRNO_H

#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define ENOEXEC		8
#define EBADF		9
#define EAGAIN		11
#define ENOMEM		12
#define EFAULT		14
#define EBUSY		16
#define EINVAL		22
#define ENOSYS		38

#endif
