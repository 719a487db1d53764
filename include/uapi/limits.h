/* SPDX-License-Identifier: GPL-2.0 */
/* Limits a program sees, as Linux's uapi linux/limits.h. */
#ifndef _UAPI_ENTRYLAB_LIMITS_H
#define _UAPI_ENTRYLAB_LIMITS_H

#define ARG_MAX		131072	/* execve()'s strings may always take this much */
#define PATH_MAX	4096	/* a path's bytes, its NUL included */

#endif
