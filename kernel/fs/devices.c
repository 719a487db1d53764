// SPDX-License-Identifier: GPL-2.0
/*
 * The files there are (include/file.h), with no filesystem under them:
 *
 *   the console     fds 0-2 of every program the kernel starts (/dev/console):
 *                   writes go to the serial port and the screen, reads see end
 *                   of file at once (nothing reads the serial port). It answers
 *                   as a terminal, as Linux's console does, so that C libraries
 *                   line-buffer their output: TCGETS gives Linux's default
 *                   settings, TCSETS* keep what they are given (nothing acts on
 *                   it: there is no line discipline), TIOCGWINSZ says 80x25, the
 *                   text screen's size. Not seekable.
 *   /dev/null       reads are end of file, writes vanish whole (Linux's mem.c).
 *   /dev/zero       reads are zeros, writes vanish whole; mmap() of it is
 *                   anonymous memory, private or shared, as on Linux.
 *   /proc/self/maps the opener's mappings, printed as they are read, a seq_file
 *                   (kernel/fs/proc_maps.c).
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <poll.h>
#include <printk.h>
#include <spinlock.h>
#include <uapi/stat.h>
#include <uapi/termios.h>

#define MKDEV(major, minor)	((major) << 8 | (minor))

/* Reads of the console and of /dev/null: end of file at once. */
static long read_eof(struct file *f, char __user *buf, size_t count, long *pos)
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

/* The one console's terminal settings: Linux's tty_std_termios at first. */
static struct kernel_termios console_termios = {
	.c_iflag = 0000400 | 0002000,				/* ICRNL IXON */
	.c_oflag = 0000001 | 0000004,				/* OPOST ONLCR */
	.c_cflag = 0000017 | 0000060 | 0000200 | 0002000,	/* B38400 CS8 CREAD HUPCL */
	.c_lflag = 0000001 | 0000002 | 0000010 | 0000020 | 0000040 | 0001000 | 0004000 |
		   0100000,		/* ISIG ICANON ECHO ECHOE ECHOK ECHOCTL ECHOKE IEXTEN */
	.c_cc = "\003\034\177\025\004\0\1\0\021\023\032\0\022\017\027\026\0",
};
static DEFINE_SPINLOCK(console_termios_lock);

static long console_file_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	static const struct winsize size = { .ws_row = 25, .ws_col = 80 };
	struct kernel_termios t;
	unsigned long flags;

	switch (cmd) {
	case TCGETS:
		spin_lock_irqsave(&console_termios_lock, flags);
		t = console_termios;
		spin_unlock_irqrestore(&console_termios_lock, flags);
		return copy_to_user((void __user *)arg, &t, sizeof(t)) ? -EFAULT : 0;
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		if (copy_from_user(&t, (const void __user *)arg, sizeof(t)))
			return -EFAULT;
		spin_lock_irqsave(&console_termios_lock, flags);
		console_termios = t;
		spin_unlock_irqrestore(&console_termios_lock, flags);
		return 0;
	case TIOCGWINSZ:
		return copy_to_user((void __user *)arg, &size, sizeof(size)) ? -EFAULT : 0;
	}
	return -ENOTTY;
}

/* As a terminal, pollable (epoll takes it): always writable, and readable: end of file. */
static unsigned int console_file_poll(struct file *f)
{
	return DEFAULT_POLLMASK;
}

static const struct file_operations console_fops = {
	.read = read_eof,
	.write = console_file_write,
	.ioctl = console_file_ioctl,
	.poll = console_file_poll,
	.mode = S_IFCHR | 0600,
	.rdev = MKDEV(5, 1),
};

struct file *console_open(void)
{
	return file_alloc(&console_fops, O_RDWR);
}

static long null_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	return count;
}

static const struct file_operations null_fops = {
	.read = read_eof,
	.write = null_write,
	.mode = S_IFCHR | 0666,
	.rdev = MKDEV(1, 3),
	.seekable = true,		/* every offset reads nothing, as on Linux */
	.seeks_to_zero = true,
};

struct file *null_open(void)
{
	return file_alloc(&null_fops, O_RDWR);
}

const u8 zero_page[PAGE_SIZE];

static long zero_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	size_t done = 0;

	while (done < count) {
		size_t n = MIN(count - done, sizeof(zero_page));
		size_t left = copy_to_user(buf + done, zero_page, n);

		done += n - left;
		if (left)
			return done ? (long)done : -EFAULT;
	}
	return done;
}

static const struct file_operations zero_fops = {
	.read = zero_read,
	.write = null_write,
	.mode = S_IFCHR | 0666,
	.rdev = MKDEV(1, 5),
	.seekable = true,
	.seeks_to_zero = true,
	.maps_anonymous = true,
};

struct file *zero_open(void)
{
	return file_alloc(&zero_fops, O_RDWR);
}

long file_mmap_check(int fd, bool write, bool shared)
{
	struct file *f = fget(fd);
	long ret = -ENODEV;

	if (!f)
		return -EBADF;
	if ((f->flags & O_ACCMODE) == O_WRONLY ||
	    (shared && write && (f->flags & O_ACCMODE) == O_RDONLY))
		ret = -EACCES;
	else if (f->op->maps_anonymous)
		ret = 0;
	file_put(f);
	return ret;
}
