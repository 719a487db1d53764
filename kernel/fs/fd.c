// SPDX-License-Identifier: GPL-2.0
/*
 * File descriptors (include/file.h), as Linux's fs/file.c: the per-process table,
 * the reference counts that keep a file open while any descriptor or call uses
 * it, and close(), dup(), dup2(), dup3() and fcntl().
 *
 * A number may be reserved (fd_reserve()) before its file is installed: the slot
 * stays empty, so the number names nothing yet, but no other descriptor takes it.
 * A copy of the table (fork) does not keep the reservations, as Linux's
 * dup_fd() does not: the reserving thread installs only in its own table.
 *
 * A new descriptor is the lowest free number below RLIMIT_NOFILE: programs rely
 * on that (close(0); open() gets 0). The table starts with NR_OPEN_DEFAULT slots
 * in struct files and grows to the next power of two above the highest fd asked
 * for, as Linux's expand_files(); it never shrinks, but a fork()'s copy is sized
 * to the highest fd open. It grows under its lock, IRQs off: kmalloc() never
 * sleeps, so unlike Linux the lock is not dropped for the allocation and no
 * reader sees a half-copied table. The table lock covers the array, its size,
 * the slots and the close-on-exec and reserved bits; a call that uses a file takes a reference
 * under the lock (fget()) and drops it when done, so a close() by another thread
 * meanwhile only removes the descriptor, and the last reference releases the file.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <poll.h>
#include <pmm.h>
#include <resource.h>
#include <sched.h>
#include <slab.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/resource.h>

struct file *file_alloc(const struct file_operations *op, unsigned int flags)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->op = op;
	f->refs = 1;
	f->flags = flags;
	return f;
}

void file_get(struct file *f)
{
	__atomic_add_fetch(&f->refs, 1, __ATOMIC_RELAXED);
}

void file_put(struct file *f)
{
	if (__atomic_sub_fetch(&f->refs, 1, __ATOMIC_ACQ_REL))
		return;
	if (READ_ONCE(f->epoll_watches))
		epoll_file_gone(f);
	if (f->op->release)
		f->op->release(f);
	kfree(f);
}

/*
 * A table's slot array of max slots, zeroed: kmalloc() up to KMALLOC_MAX_SIZE (32768
 * slots); past it (up to NR_OPEN_MAX's 8 MiB) whole frames in a row from pmm, where
 * Linux's kvmalloc() would take vmalloc(): physically contiguous, so it can fail
 * (-ENOMEM) where Linux's would not, when memory is fragmented.
 */
static struct file **slots_alloc(unsigned int max)
{
	size_t size = (size_t)max * sizeof(struct file *);
	phys_addr_t pa;

	if (size <= KMALLOC_MAX_SIZE)
		return kzalloc(size);
	pa = alloc_frames(size / PAGE_SIZE);
	return pa ? phys_to_virt(pa) : NULL;
}

static void slots_free(struct file **slots, unsigned int max)
{
	size_t size = (size_t)max * sizeof(*slots);

	if (size <= KMALLOC_MAX_SIZE)
		kfree(slots);
	else if (slots)
		free_frames(virt_to_phys(slots), size / PAGE_SIZE);
}

static struct files *files_alloc(void)
{
	struct files *files = kzalloc(sizeof(*files));

	if (!files)
		return NULL;
	files->lock = (spinlock_t)SPINLOCK_INIT(files_lock);
	files->refs = 1;
	files->max_fds = NR_OPEN_DEFAULT;
	files->fd = files->fd_array;
	files->cloexec = &files->cloexec_init;
	files->reserved = &files->reserved_init;
	return files;
}

static void files_free(struct files *files)
{
	if (files->fd != files->fd_array) {
		slots_free(files->fd, files->max_fds);
		kfree(files->cloexec);		/* reserved shares its allocation */
	}
	kfree(files);
}

/**
 * files_expand_locked - make fd a slot of the table
 * @files: the table, its lock held (or not yet shared)
 * @fd: the descriptor that must fit
 *
 * Grows the table to the next power of two above fd, copying the slots and both maps.
 * Return: 0, -EMFILE at NR_OPEN_MAX or above, -ENOMEM.
 */
static int files_expand_locked(struct files *files, unsigned int fd)
{
	unsigned int max, old_words = files->max_fds / 64, words;
	struct file **slots;
	u64 *maps;

	if (fd < files->max_fds)
		return 0;
	if (fd >= NR_OPEN_MAX)
		return -EMFILE;
	max = 1U << (32 - __builtin_clz(fd));		/* the power of two above fd */
	words = max / 64;
	slots = slots_alloc(max);
	maps = kcalloc(2 * words, sizeof(*maps));	/* cloexec, then reserved */
	if (!slots || !maps) {
		slots_free(slots, max);
		kfree(maps);
		return -ENOMEM;
	}
	memcpy(slots, files->fd, files->max_fds * sizeof(*slots));
	memcpy(maps, files->cloexec, old_words * sizeof(*maps));
	memcpy(maps + words, files->reserved, old_words * sizeof(*maps));
	if (files->fd != files->fd_array) {
		slots_free(files->fd, files->max_fds);
		kfree(files->cloexec);
	}
	files->fd = slots;
	files->cloexec = maps;
	files->reserved = maps + words;
	files->max_fds = max;
	return 0;
}

struct files *files_alloc_console(void)
{
	struct files *files = files_alloc();
	struct file *con = files ? console_open() : NULL;

	if (!con) {
		if (files)
			files_free(files);
		return NULL;
	}
	for (int fd = 0; fd < 3; fd++) {
		file_get(con);
		files->fd[fd] = con;
	}
	file_put(con);		/* the three descriptors hold it now */
	return files;
}

/* The copy is sized to old's highest open fd, as Linux's dup_fd(); reservations stay behind. */
struct files *files_dup(struct files *old)
{
	struct files *files = files_alloc();
	unsigned int open = 0;
	unsigned long flags;

	if (!files)
		return NULL;
	spin_lock_irqsave(&old->lock, flags);
	for (unsigned int fd = 0; fd < old->max_fds; fd++)
		if (old->fd[fd])
			open = fd + 1;
	if (open && files_expand_locked(files, open - 1)) {
		spin_unlock_irqrestore(&old->lock, flags);
		files_free(files);
		return NULL;
	}
	for (unsigned int fd = 0; fd < open; fd++)
		if ((files->fd[fd] = old->fd[fd]))
			file_get(files->fd[fd]);
	memcpy(files->cloexec, old->cloexec, ALIGN_UP(open, 64) / 8);
	spin_unlock_irqrestore(&old->lock, flags);
	return files;
}

void files_get(struct files *files)
{
	__atomic_add_fetch(&files->refs, 1, __ATOMIC_RELAXED);
}

void files_put(struct files *files)
{
	if (__atomic_sub_fetch(&files->refs, 1, __ATOMIC_ACQ_REL))
		return;
	for (unsigned int fd = 0; fd < files->max_fds; fd++)
		if (files->fd[fd])
			file_put(files->fd[fd]);
	files_free(files);
}

static bool cloexec_test(const struct files *files, int fd)
{
	return files->cloexec[fd / 64] & BIT(fd % 64);
}

static void cloexec_assign(struct files *files, int fd, bool on)
{
	if (on)
		files->cloexec[fd / 64] |= BIT(fd % 64);
	else
		files->cloexec[fd / 64] &= ~BIT(fd % 64);
}

int files_unshare(struct task *t)
{
	struct files *files = t->files, *own;
	unsigned long flags;

	if (READ_ONCE(files->refs) == 1)
		return 0;
	own = files_dup(files);
	if (!own)
		return -ENOMEM;
	tasklist_lock(&flags);		/* kcmp() reads t->files under it */
	t->files = own;
	tasklist_unlock(flags);
	files_put(files);
	return 0;
}

int files_exec(struct task *t)
{
	struct files *files;
	unsigned long flags;

	if (files_unshare(t))
		return -ENOMEM;
	files = t->files;
	for (unsigned int fd = 0; fd < READ_ONCE(files->max_fds); fd++) {
		struct file *f = NULL;

		spin_lock_irqsave(&files->lock, flags);
		if (cloexec_test(files, fd)) {
			f = files->fd[fd];
			files->fd[fd] = NULL;
			cloexec_assign(files, fd, false);
		}
		spin_unlock_irqrestore(&files->lock, flags);
		if (f)
			file_put(f);
	}
	return 0;
}

struct file *fget(int fd)
{
	struct files *files = current->files;
	struct file *f = NULL;
	unsigned long flags;

	spin_lock_irqsave(&files->lock, flags);
	if ((unsigned int)fd < files->max_fds && (f = files->fd[fd]))
		file_get(f);
	spin_unlock_irqrestore(&files->lock, flags);
	return f;
}

struct file *fget_task_locked(struct task *t, unsigned int fd)
{
	struct files *files = t->files;
	struct file *f = NULL;

	if (!files)
		return NULL;
	spin_lock(&files->lock);
	if (fd < files->max_fds && (f = files->fd[fd]))
		file_get(f);
	spin_unlock(&files->lock);
	return f;
}

/* The table's lock held: is fd taken by fd_reserve(), its file not yet installed? */
static bool fd_reserved_locked(const struct files *files, unsigned int fd)
{
	return files->reserved[fd / 64] & BIT(fd % 64);
}

/* The descriptor limit: RLIMIT_NOFILE (setrlimit() keeps it within NR_OPEN_MAX). */
static unsigned int fd_limit(void)
{
	return MIN(rlimit(RLIMIT_NOFILE), (unsigned long)NR_OPEN_MAX);
}

/*
 * Locked: the lowest fd >= from neither open nor reserved, the table grown to hold it;
 * -EMFILE when none is below the limit (-EINVAL if from is not), -ENOMEM.
 */
static int fd_find_free_locked(struct files *files, unsigned int from)
{
	unsigned int limit = fd_limit(), fd;
	int err;

	if (from >= limit)
		return -EINVAL;
	for (fd = from; fd < MIN(limit, files->max_fds); fd++)
		if (!files->fd[fd] && !fd_reserved_locked(files, fd))
			return fd;
	fd = MAX(from, files->max_fds);
	if (fd >= limit)
		return -EMFILE;
	err = files_expand_locked(files, fd);
	return err ? err : (int)fd;
}

/* Locked: the lowest free fd >= from, with f in it; -EMFILE (-EINVAL past the limit). */
static int fd_install_from_locked(struct files *files, struct file *f, unsigned int from,
				  bool cloexec)
{
	int fd = fd_find_free_locked(files, from);

	if (fd < 0)
		return fd;
	file_get(f);
	files->fd[fd] = f;
	cloexec_assign(files, fd, cloexec);
	return fd;
}

int fd_install(struct file *f, bool cloexec)
{
	struct files *files = current->files;
	unsigned long flags;
	int fd;

	spin_lock_irqsave(&files->lock, flags);
	fd = fd_install_from_locked(files, f, 0, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
	return fd == -EINVAL ? -EMFILE : fd;
}

int fd_reserve(void)
{
	struct files *files = current->files;
	unsigned long flags;
	int fd;

	spin_lock_irqsave(&files->lock, flags);
	fd = fd_find_free_locked(files, 0);
	if (fd >= 0)
		files->reserved[fd / 64] |= BIT(fd % 64);
	spin_unlock_irqrestore(&files->lock, flags);
	return fd == -EINVAL ? -EMFILE : fd;
}

void fd_install_reserved(unsigned int fd, struct file *f, bool cloexec)
{
	struct files *files = current->files;
	unsigned long flags;

	file_get(f);
	spin_lock_irqsave(&files->lock, flags);
	files->reserved[fd / 64] &= ~BIT(fd % 64);
	files->fd[fd] = f;
	cloexec_assign(files, fd, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
}

void fd_unreserve(unsigned int fd)
{
	struct files *files = current->files;
	unsigned long flags;

	spin_lock_irqsave(&files->lock, flags);
	files->reserved[fd / 64] &= ~BIT(fd % 64);
	spin_unlock_irqrestore(&files->lock, flags);
}

int fd_install_pair_user(struct file *a, struct file *b, bool cloexec, int __user *ufds)
{
	int fds[2] = { fd_reserve(), -1 };
	int err = fds[0];

	if (fds[0] >= 0) {
		fds[1] = err = fd_reserve();
		if (fds[1] < 0)
			fd_unreserve(fds[0]);
	}
	if (err >= 0 && copy_to_user(ufds, fds, sizeof(fds))) {
		fd_unreserve(fds[0]);		/* never shown: no other thread saw them */
		fd_unreserve(fds[1]);
		err = -EFAULT;
	}
	if (err >= 0) {
		fd_install_reserved(fds[0], a, cloexec);
		fd_install_reserved(fds[1], b, cloexec);
	}
	file_put(a);				/* the descriptors hold their own */
	file_put(b);
	return err < 0 ? err : 0;
}

long fd_close(unsigned int fd)
{
	struct files *files = current->files;
	struct file *f = NULL;
	unsigned long flags;

	spin_lock_irqsave(&files->lock, flags);
	if (fd < files->max_fds && (f = files->fd[fd])) {
		files->fd[fd] = NULL;
		cloexec_assign(files, fd, false);
	}
	spin_unlock_irqrestore(&files->lock, flags);
	if (!f)
		return -EBADF;
	file_put(f);
	return 0;
}

/* close(fd) */
long sys_close(struct pt_regs *regs)
{
	return fd_close(regs->di);
}

/* dup(oldfd): the lowest free fd for the same open file, close-on-exec clear. */
long sys_dup(struct pt_regs *regs)
{
	struct file *f = fget((int)regs->di);
	int fd;

	if (!f)
		return -EBADF;
	fd = fd_install(f, false);
	file_put(f);
	return fd;
}

int fd_install_at(struct file *f, unsigned int newfd, bool cloexec, struct file **replaced)
{
	struct files *files = current->files;
	unsigned long flags;
	int err;

	*replaced = NULL;
	if (newfd >= fd_limit())
		return -EBADF;
	spin_lock_irqsave(&files->lock, flags);
	err = files_expand_locked(files, newfd);
	if (err) {
		spin_unlock_irqrestore(&files->lock, flags);
		return err == -EMFILE ? -EBADF : err;	/* as Linux's do_dup2() */
	}
	if (fd_reserved_locked(files, newfd)) {
		spin_unlock_irqrestore(&files->lock, flags);
		return -EBUSY;		/* its file is on its way in: Linux's answer too */
	}
	file_get(f);
	*replaced = files->fd[newfd];
	files->fd[newfd] = f;
	cloexec_assign(files, newfd, cloexec);
	spin_unlock_irqrestore(&files->lock, flags);
	return newfd;
}

/* dup2() and dup3(): newfd made to name oldfd's file, whatever it named before. */
static long do_dup3(unsigned int oldfd, unsigned int newfd, int oflags)
{
	struct file *f, *old = NULL;
	long ret;

	if (oflags & ~O_CLOEXEC)
		return -EINVAL;
	if (newfd >= fd_limit())
		return -EBADF;
	f = fget(oldfd);
	if (!f)
		return -EBADF;
	ret = fd_install_at(f, newfd, oflags & O_CLOEXEC, &old);
	file_put(f);
	if (old)
		file_put(old);
	return ret;
}

/* dup2(oldfd, newfd): equal fds are no change, if oldfd is open. */
long sys_dup2(struct pt_regs *regs)
{
	struct file *f;

	if ((unsigned int)regs->di == (unsigned int)regs->si) {
		f = fget((int)regs->di);
		if (!f)
			return -EBADF;
		file_put(f);
		return (unsigned int)regs->si;
	}
	return do_dup3(regs->di, regs->si, 0);
}

/* dup3(oldfd, newfd, flags): equal fds are -EINVAL; O_CLOEXEC the only flag. */
long sys_dup3(struct pt_regs *regs)
{
	if ((unsigned int)regs->di == (unsigned int)regs->si)
		return -EINVAL;
	return do_dup3(regs->di, regs->si, (int)regs->dx);
}

/* fcntl(fd, cmd, arg): descriptor flags, file status flags, F_DUPFD(_CLOEXEC). */
long sys_fcntl(struct pt_regs *regs)
{
	struct files *files = current->files;
	unsigned int fd = regs->di, cmd = regs->si;
	unsigned long arg = regs->dx, flags;
	struct file *f = fget(fd);
	long ret = -EINVAL;

	if (!f)
		return -EBADF;
	spin_lock_irqsave(&files->lock, flags);
	if (files->fd[fd] != f)
		cmd = -1U;		/* closed meanwhile */
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		/* Linux's f_dupfd((int)arg): a negative start is past any limit, -EINVAL. */
		ret = fd_install_from_locked(files, f, (int)arg, cmd == F_DUPFD_CLOEXEC);
		break;
	case F_GETFD:
		ret = cloexec_test(files, fd) ? FD_CLOEXEC : 0;
		break;
	case F_SETFD:
		cloexec_assign(files, fd, arg & FD_CLOEXEC);
		ret = 0;
		break;
	case F_GETFL:
		ret = f->flags;
		break;
	case F_SETFL:
		/* Only O_APPEND and O_NONBLOCK change, as on Linux; the rest is ignored. */
		f->flags = (f->flags & ~(O_APPEND | O_NONBLOCK)) | (arg & (O_APPEND | O_NONBLOCK));
		ret = 0;
		break;
	case -1U:
		ret = -EBADF;
		break;
	}
	spin_unlock_irqrestore(&files->lock, flags);
	file_put(f);
	return ret;
}
