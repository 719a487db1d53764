/* SPDX-License-Identifier: GPL-2.0 */
/* lseek(2)'s whence values, as Linux's include/uapi/linux/fs.h. */
#ifndef _UAPI_FS_H
#define _UAPI_FS_H

#define SEEK_SET	0	/* offset itself */
#define SEEK_CUR	1	/* the file's position plus offset */
#define SEEK_END	2	/* the file's size plus offset */
#define SEEK_DATA	3	/* the first data at or after offset */
#define SEEK_HOLE	4	/* the first hole at or after offset (the end is one) */
#define SEEK_MAX	SEEK_HOLE

#endif
