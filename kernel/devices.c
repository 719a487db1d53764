// SPDX-License-Identifier: GPL-2.0
/*
 * The files there are (include/file.h), with no filesystem under them:
 *
 *   the console     fds 0-2 of every program the kernel starts (/dev/console):
 *                   writes go to the serial port and the screen, reads see end
 *                   of file at once (nothing reads the serial port). It is no
 *                   terminal: no line discipline, so the tty ioctls are -ENOTTY
 *                   and isatty() is false. Not seekable.
 *   /dev/null       reads are end of file, writes vanish whole (Linux's mem.c).
 *   /proc/self/maps a snapshot of the caller's mappings, taken at open() and
 *                   read like a regular file (kernel/proc_maps.c).
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <printk.h>
#include <uapi/stat.h>

#define MKDEV(major, minor)	((major) << 8 | (minor))

static long console_file_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	return 0;
}

static long console_file_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	size_t done = 0;
	char chunk[256];

	while (done < count) {
		size_t n = MIN(count - done, sizeof(chunk));
		size_t left = copy_from_user(chunk, buf + done, n);

		console_write(chunk, n - left);
		done += n - left;
		if (left)
			return done ? (long)done : -EFAULT;
	}
	return done;
}

static const struct file_operations console_fops = {
	.read = console_file_read,
	.write = console_file_write,
	.mode = S_IFCHR | 0600,
	.rdev = MKDEV(5, 1),
};

struct file *console_open(void)
{
	return file_alloc(&console_fops, O_RDWR);
}

static long null_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	return 0;
}

static long null_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	return count;
}

static const struct file_operations null_fops = {
	.read = null_read,
	.write = null_write,
	.mode = S_IFCHR | 0666,
	.rdev = MKDEV(1, 3),
	.seekable = true,		/* every offset reads nothing, as on Linux */
};

struct file *null_open(void)
{
	return file_alloc(&null_fops, O_RDWR);
}
