// SPDX-License-Identifier: GPL-2.0
/*
 * Reading and writing open files (include/file.h), as Linux's fs/read_write.c
 * and fs/stat.c: read, write, their vector and positioned forms, lseek, fstat
 * and ioctl. Each call takes a reference on the file for its duration (fget()),
 * checks the access mode the file was opened with (-EBADF, as Linux), and leaves
 * the work to the file's operations. A range that is not user memory over its
 * whole length is -EFAULT before anything moves, then the count is clamped to
 * Linux's MAX_RW_COUNT. A regular file's position is held for the whole call
 * (f_pos_lock()), so that two threads reading one file never both get the same
 * bytes.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <sched.h>
#include <slab.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/fs.h>
#include <uapi/stat.h>
#include <uio.h>
#include <wait.h>

static bool can_read(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_WRONLY;
}

static bool can_write(const struct file *f)
{
	return (f->flags & O_ACCMODE) != O_RDONLY;
}

/* May f be read (written) at all: -EBADF against its access mode, -EINVAL without the operation. */
static __always_inline long rw_allowed(const struct file *f, bool write)
{
	if (!(write ? can_write(f) : can_read(f)))
		return -EBADF;
	if (write ? !f->op->write && !f->op->write_iter : !f->op->read && !f->op->read_iter)
		return -EINVAL;			/* an epoll: Linux's answer */
	return 0;
}

/*
 * A file's read_iter or write_iter with an ITER_UBUF iterator of one buffer,
 * Linux's new_sync_read()/new_sync_write(): apart, so that the iterator's stack
 * frame is no cost to a file that has its own read or write.
 */
static noinline long rw_sync_iter(struct file *f, bool write, void __user *buf, size_t count,
				  long *pos)
{
	struct iov_iter i;

	iov_iter_ubuf(&i, buf, count);
	return write ? f->op->write_iter(f, &i, pos) : f->op->read_iter(f, &i, pos);
}

/* One segment through a file's own read or write, else rw_sync_iter(): vfs_read()'s order. */
static __always_inline long rw_segment(struct file *f, bool write, void __user *buf,
				       size_t count, long *pos)
{
	if (write && f->op->write)
		return f->op->write(f, buf, count, pos);
	if (!write && f->op->read)
		return f->op->read(f, buf, count, pos);
	return rw_sync_iter(f, write, buf, count, pos);
}

/*
 * One transfer, f's mode checked; pos: the file's position, or pread()/pwrite()'s
 * own offset. The whole range first, as Linux's vfs_read()/vfs_write(), and the
 * last byte's position must fit in a long too (Linux's rw_verify_area()): then
 * the clamp.
 */
static long rw_transfer(struct file *f, bool write, void __user *buf, size_t count, long *pos)
{
	if (!access_ok(buf, count))
		return -EFAULT;
	if ((long)(*pos + count) < 0)
		return -EINVAL;
	return rw_segment(f, write, buf, MIN(count, MAX_RW_COUNT), pos);
}

/*
 * A mutex in an int: 0 free, 1 held, 2 held with sleepers, a futex's mutex. The
 * sleep is uninterruptible, as Linux's mutex_lock(), and meant to be short: the
 * holder is copying.
 */
void sleep_mutex_lock(int *lock)
{
	int free = 0;

	if (!__atomic_compare_exchange_n(lock, &free, 1, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		__sleep_event(lock, 0, !__atomic_exchange_n(lock, 2, __ATOMIC_ACQUIRE), false);
}

void sleep_mutex_unlock(int *lock)
{
	if (__atomic_exchange_n(lock, 0, __ATOMIC_RELEASE) == 2)
		wake_up(lock);
}

/*
 * Linux's fdget_pos(): a regular file's position (FMODE_ATOMIC_POS) is taken
 * for a read, write or lseek that uses it, as a mutex (f->pos_lock). Linux skips
 * it for a file only one table holds while that table has one user; here it is
 * always taken, as an uncontended one is one atomic. Returns whether it was taken.
 */
static bool f_pos_lock(struct file *f)
{
	if (!S_ISREG(f->op->mode))
		return false;
	sleep_mutex_lock(&f->pos_lock);
	return true;
}

static void f_pos_unlock(struct file *f, bool locked)
{
	if (locked)
		sleep_mutex_unlock(&f->pos_lock);
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

	bool locked;

	if (!f)
		return -EBADF;
	locked = f_pos_lock(f);
	ret = rw(f, write, buf, count, &f->pos);
	f_pos_unlock(f, locked);
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

/*
 * A file without read_iter or write_iter: one segment after another, stopping
 * at an error or a short transfer, as Linux's do_loop_readv_writev(). Bytes
 * moved, or the first segment's error.
 */
static long rwv_loop(struct file *f, bool write, struct iov_iter *i)
{
	long done = 0, ret;

	for (; iov_iter_count(i); i->iov++, i->nr_segs--) {
		size_t len = MIN(i->iov->iov_len, iov_iter_count(i));

		ret = rw_segment(f, write, i->iov->iov_base, len, &f->pos);
		if (ret < 0)
			return done ? done : ret;
		done += ret;
		i->count -= ret;
		if ((size_t)ret < len)
			break;
	}
	return done;
}

/*
 * readv()/writev(), in Linux's vfs_readv()/vfs_writev() order: the file's mode,
 * then the array, imported whole and checked (import_iovec(): its sum cut to
 * MAX_RW_COUNT), whose last byte's position must fit in a long; nothing to move
 * is 0. Then one call of the file's read_iter or write_iter with every segment,
 * so that a pipe's write of at most PIPE_BUF is atomic and a fault part way is
 * the pipe's to answer, or else each segment in turn.
 */
static long do_rwv(int fd, bool write, const struct iovec __user *uiov, unsigned long n)
{
	struct iovec fast[UIO_FASTIOV], *iov = NULL;
	struct file *f = fget(fd);
	struct iov_iter i;
	bool locked;
	long ret;

	if (!f)
		return -EBADF;
	locked = f_pos_lock(f);
	ret = rw_allowed(f, write);
	if (!ret)
		ret = import_iovec(uiov, n, fast, &iov, &i);
	if (ret > 0 && (long)(f->pos + ret) < 0)
		ret = -EINVAL;
	if (ret > 0 && (write ? f->op->write_iter : f->op->read_iter))
		ret = write ? f->op->write_iter(f, &i, &f->pos) : f->op->read_iter(f, &i, &f->pos);
	else if (ret > 0)
		ret = rwv_loop(f, write, &i);
	kfree(iov);
	f_pos_unlock(f, locked);
	file_put(f);
	return ret;
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
	bool locked;

	if (!f)
		return -EBADF;
	locked = f_pos_lock(f);
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
	f_pos_unlock(f, locked);
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
