// SPDX-License-Identifier: GPL-2.0
/*
 * Reading and writing open files (include/file.h), as Linux's fs/read_write.c
 * and fs/stat.c: read, write, their vector and positioned forms, lseek, fstat
 * and ioctl. Each call takes a reference on the file for its duration (fget()),
 * checks the access mode the file was opened with (-EBADF, as Linux), and leaves
 * the work to the file's operations. A range that is not user memory over its
 * whole length is -EFAULT before anything moves, then the count is clamped to
 * Linux's MAX_RW_COUNT.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/fs.h>
#include <uapi/stat.h>
#include <uio.h>

#define MAX_RW_COUNT	(0x7fffffffUL & PAGE_MASK)	/* INT_MAX, page-aligned */

static bool can_read(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_WRONLY;
}

static bool can_write(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_RDONLY;
}

/* May f be read (written) at all: -EBADF against its access mode, -EINVAL without the operation. */
static long rw_allowed(const struct file *f, bool write)
{
	if (!(write ? can_write(f) : can_read(f)))
		return -EBADF;
	if (write ? !f->op->write : !f->op->read)
		return -EINVAL;			/* an epoll: Linux's answer */
	return 0;
}

/*
 * One transfer, f's mode checked; pos: the file's position, or pread()/pwrite()'s
 * own offset. The whole range first, as Linux's vfs_read()/vfs_write(), and the
 * last byte's position must fit in a long too (Linux's rw_verify_area()): then
 * the clamp. A vector transfer comes here for each segment, so that an array or
 * a position another thread changed meanwhile is checked again.
 */
static long rw_transfer(struct file *f, bool write, void __user *buf, size_t count, long *pos)
{
	if (!access_ok(buf, count))
		return -EFAULT;
	if ((long)(*pos + count) < 0)
		return -EINVAL;
	count = MIN(count, MAX_RW_COUNT);
	if (write)
		return f->op->write(f, buf, count, pos);
	return f->op->read(f, buf, count, pos);
}

static long rw(struct file *f, bool write, void __user *buf, size_t count, long *pos)
{
	long err = rw_allowed(f, write);

	return err ? err : rw_transfer(f, write, buf, count, pos);
}

static long do_rw(int fd, bool write, void __user *buf, size_t count)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = rw(f, write, buf, count, &f->pos);
	file_put(f);
	return ret;
}

/*
 * pread64()/pwrite64(): at offset, the file's position untouched. A negative one
 * is -EINVAL before the fd is looked at, as Linux's.
 */
static long do_prw(int fd, bool write, void __user *buf, size_t count, long offset)
{
	struct file *f;
	long ret = -ESPIPE;

	if (offset < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (f->op->seekable)
		ret = rw(f, write, buf, count, &offset);
	file_put(f);
	return ret;
}

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
 * Every length first (one past LONG_MAX is -EINVAL), then every buffer
 * (-EFAULT), as Linux's iovec_from_user() reads the whole array before
 * __import_iovec() looks at any buffer. The sum is the caller's to bound.
 */
long iovec_check(const struct iovec __user *uiov, unsigned long n, bool own_buffers)
{
	struct iovec v;

	if (n > UIO_MAXIOV)
		return -EINVAL;
	for (unsigned long i = 0; i < n; i++) {
		if (get_iovec(uiov, i, &v))
			return -EFAULT;
		if ((long)v.iov_len < 0)
			return -EINVAL;
	}
	for (unsigned long i = 0; own_buffers && i < n; i++)
		if (get_iovec(uiov, i, &v) || !access_ok(v.iov_base, v.iov_len))
			return -EFAULT;
	return 0;
}

/*
 * readv()/writev(), in Linux's vfs_readv()/vfs_writev() order: the file's mode,
 * then the array whole (iovec_check()), then the sum of the lengths, cut to
 * MAX_RW_COUNT as Linux's __import_iovec() cuts it, whose last byte's position
 * must fit in a long; then each iovec in turn, stopping at a short transfer.
 */
static long do_rwv(int fd, bool write, const struct iovec __user *uiov, unsigned long n)
{
	struct file *f = fget(fd);
	size_t left = 0;
	long done = 0, ret;
	struct iovec iov;

	if (!f)
		return -EBADF;
	ret = rw_allowed(f, write);
	if (!ret)
		ret = iovec_check(uiov, n, true);
	for (unsigned long i = 0; !ret && i < n; i++)
		if (get_iovec(uiov, i, &iov))
			ret = -EFAULT;
		else
			left = MIN(left + iov.iov_len, MAX_RW_COUNT);	/* each below 2^63 */
	if (!ret && (long)(f->pos + left) < 0)
		ret = -EINVAL;
	for (unsigned long i = 0; !ret && left && i < n; i++) {
		size_t len;

		if (get_iovec(uiov, i, &iov)) {
			ret = -EFAULT;
			break;
		}
		len = MIN(iov.iov_len, left);
		ret = rw_transfer(f, write, iov.iov_base, len, &f->pos);
		if (ret < 0)
			break;
		done += ret;
		left -= ret;
		ret = (size_t)ret < len;	/* short: stop */
	}
	file_put(f);
	return done ? done : MIN(ret, 0L);
}

long sys_read(struct pt_regs *regs)
{
	return do_rw(regs->di, false, (void __user *)regs->si, regs->dx);
}

long sys_write(struct pt_regs *regs)
{
	return do_rw(regs->di, true, (void __user *)regs->si, regs->dx);
}

long sys_readv(struct pt_regs *regs)
{
	return do_rwv(regs->di, false, (const struct iovec __user *)regs->si, regs->dx);
}

long sys_writev(struct pt_regs *regs)
{
	return do_rwv(regs->di, true, (const struct iovec __user *)regs->si, regs->dx);
}

long sys_pread64(struct pt_regs *regs)
{
	return do_prw(regs->di, false, (void __user *)regs->si, regs->dx, regs->r10);
}

long sys_pwrite64(struct pt_regs *regs)
{
	return do_prw(regs->di, true, (void __user *)regs->si, regs->dx, regs->r10);
}

/*
 * lseek(fd, offset, whence), in Linux's order: the fd, then an unknown whence
 * (-EINVAL, also on a pipe), then the file: /dev/null and its kind land at 0
 * whatever is asked, a pipe or socket is -ESPIPE, SEEK_DATA and SEEK_HOLE need
 * a file that knows its holes (a memory file; else -EINVAL, as Linux's
 * seq_lseek() for /proc), and a position past LONG_MAX is -EINVAL, as a negative
 * one (Linux's vfs_setpos()).
 */
long sys_lseek(struct pt_regs *regs)
{
	unsigned int whence = regs->dx;		/* an unsigned int, as Linux's */
	struct file *f = fget(regs->di);
	long offset = regs->si, base = -1, pos, ret;

	if (!f)
		return -EBADF;
	if (whence == SEEK_SET)
		base = 0;
	else if (whence == SEEK_CUR)
		base = f->pos;
	else if (whence == SEEK_END)
		base = f->size;
	if (whence > SEEK_MAX)
		ret = -EINVAL;
	else if (f->op->seeks_to_zero)
		ret = 0;
	else if (!f->op->seekable)
		ret = -ESPIPE;
	else if (whence == SEEK_DATA || whence == SEEK_HOLE)
		ret = f->op->seek_hole_data ? f->op->seek_hole_data(f, offset, whence == SEEK_HOLE)
					    : -EINVAL;
	else if (__builtin_add_overflow(base, offset, &pos) || pos < 0)
		ret = -EINVAL;
	else
		ret = pos;
	if (ret >= 0)
		f->pos = ret;
	file_put(f);
	return ret;
}

/*
 * ftruncate(fd, length): a file open for writing that has a size to set (a memory
 * file). A negative length is -EINVAL before the fd is looked at, as Linux's.
 */
long sys_ftruncate(struct pt_regs *regs)
{
	struct file *f;
	long ret = -EINVAL;

	if ((long)regs->si < 0)
		return -EINVAL;
	f = fget(regs->di);
	if (!f)
		return -EBADF;
	if (can_write(f) && f->op->truncate)
		ret = f->op->truncate(f, regs->si);
	file_put(f);
	return ret;
}

void file_stat(const struct file *f, struct kernel_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = 5;			/* one device for everything: there is one "fs" */
	/* Distinct per kind of file, and 32 bits: i386 programs' ino_t is. */
	st->st_ino = (u32)((unsigned long)f->op >> 4);
	st->st_nlink = 1;
	st->st_mode = f->op->mode;
	st->st_rdev = f->op->rdev;
	st->st_size = f->size;
	st->st_blksize = PAGE_SIZE;
}

long put_stat(void __user *ubuf, const struct kernel_stat *st)
{
	struct stat64 s64;

	if (!in_ia32_syscall())
		return copy_to_user(ubuf, st, sizeof(*st)) ? -EFAULT : 0;
	memset(&s64, 0, sizeof(s64));
	s64.st_dev = st->st_dev;
	s64.__st_ino = st->st_ino;
	s64.st_ino = st->st_ino;
	s64.st_mode = st->st_mode;
	s64.st_nlink = st->st_nlink;
	s64.st_rdev = st->st_rdev;
	s64.st_size = st->st_size;
	s64.st_blksize = st->st_blksize;
	s64.st_blocks = st->st_blocks;
	return copy_to_user(ubuf, &s64, sizeof(s64)) ? -EFAULT : 0;
}

/* fstat(fd, statbuf); i386's fstat64 */
long sys_fstat(struct pt_regs *regs)
{
	struct file *f = fget(regs->di);
	struct kernel_stat st;

	if (!f)
		return -EBADF;
	file_stat(f, &st);
	file_put(f);
	return put_stat((void __user *)regs->si, &st);
}

/* ioctl(fd, request, arg): the file's to answer; -ENOTTY from one that takes none. */
long sys_ioctl(struct pt_regs *regs)
{
	struct file *f = fget(regs->di);
	long ret;

	if (!f)
		return -EBADF;
	ret = f->op->ioctl ? f->op->ioctl(f, regs->si, regs->dx) : -ENOTTY;
	file_put(f);
	return ret;
}
