/* SPDX-License-Identifier: GPL-2.0 */
/* fstat(2) and newfstatat(2)'s buffer, Linux's x86-64 struct stat, and its mode bits. */
#ifndef _UAPI_STAT_H
#define _UAPI_STAT_H

#include <compiler.h>

struct kernel_stat {
	unsigned long st_dev, st_ino, st_nlink;
	unsigned int st_mode, st_uid, st_gid, __pad0;
	unsigned long st_rdev;
	long st_size, st_blksize, st_blocks;
	unsigned long st_atime, st_atime_nsec, st_mtime, st_mtime_nsec, st_ctime, st_ctime_nsec;
	long __unused[3];
};

#define S_IFMT		0170000
#define S_IFSOCK	0140000
#define S_IFREG		0100000
#define S_IFCHR		0020000
#define S_IFIFO		0010000
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)

#endif
