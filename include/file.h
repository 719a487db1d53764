/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Open files and file descriptors, as Linux's struct file and files_struct, for a
 * kernel without a filesystem: the files are devices and synthetic ones
 * (kernel/fs/devices.c), found by path in kernel/fs/open.c.
 *
 * A struct file is one open: its operations, flags and position, counted by the
 * descriptors that name it (dup() and fork() share it, as on Linux: the position
 * and O_NONBLOCK with it). A process's descriptor table (struct files) maps small
 * numbers to files, with each descriptor's close-on-exec bit; threads share the
 * table (CLONE_FILES), fork() copies it, the last user closes every file.
 */
#ifndef _ENTRYLAB_FILE_H
#define _ENTRYLAB_FILE_H

#include <compiler.h>
#include <spinlock.h>
#include <uapi/fcntl.h>

struct file;
struct iov_iter;
struct kernel_stat;
struct task;

struct file_operations {
	/* Bytes moved or -errno; pos: the file's, or pread's own. NULL (and no _iter): -EINVAL. */
	long (*read)(struct file *f, char __user *buf, size_t count, long *pos);
	long (*write)(struct file *f, const char __user *buf, size_t count, long *pos);
	/*
	 * Optional, in place of read and write (Linux's read_iter and write_iter): the
	 * whole of a readv() or writev() in one call, and read() or write() as one
	 * segment, so that the file decides what the call moves as a unit. A file
	 * without them is read or written one segment at a time.
	 */
	long (*read_iter)(struct file *f, struct iov_iter *to, long *pos);
	long (*write_iter)(struct file *f, struct iov_iter *from, long *pos);
	long (*ioctl)(struct file *f, unsigned int cmd, unsigned long arg);	/* NULL: -ENOTTY */
	long (*truncate)(struct file *f, long size);	/* ftruncate(); NULL: -EINVAL */
	/* lseek()'s SEEK_DATA/SEEK_HOLE: where the next data (hole) starts; NULL: -EINVAL. */
	long (*seek_hole_data)(struct file *f, long offset, bool hole);
	/* POLL* bits ready now (include/poll.h); NULL: always readable and writable. */
	unsigned int (*poll)(struct file *f);
	void (*release)(struct file *f);	/* the last reference is gone; may be NULL */
	u32 mode;				/* st_mode: type and permission bits */
	u32 rdev;				/* st_rdev of a device, else 0 */
	bool seekable;				/* lseek() and pread() work, else -ESPIPE */
	bool seeks_to_zero;			/* lseek() always lands at 0 (Linux's null_lseek) */
	bool maps_anonymous;			/* mmap() gives anonymous memory (/dev/zero) */
};

struct file {
	const struct file_operations *op;
	int refs;
	unsigned int flags;		/* O_ACCMODE, O_NONBLOCK...: F_GETFL gives them */
	long pos;
	int pos_lock;			/* pos's mutex (read_write.c) */
	void *data;			/* the file's own, e.g. a snapshot's text */
	size_t size;			/* ... and its length (st_size) */
	int epoll_watches;		/* epolls watching it (kernel/fs/eventpoll.c) */
};

/*
 * A table holds NR_OPEN_DEFAULT descriptors in itself and grows, doubling, to hold the
 * highest one asked for, as Linux's files_struct and fdtable: up to RLIMIT_NOFILE, whose
 * hard limit can be raised to NR_OPEN_MAX (Linux's fs.nr_open default). Its arrays come
 * from kmalloc(), and the slots of a table past KMALLOC_MAX_SIZE (32768 descriptors) from
 * whole frames in a row (kernel/fs/fd.c: slots_alloc()).
 */
#define NR_OPEN_DEFAULT	64
#define NR_OPEN_MAX	(1U << 20)

struct files {
	spinlock_t lock;		/* the table; taken with IRQs off */
	int refs;			/* tasks using it */
	unsigned int max_fds;		/* slots in fd[], bits in the maps: a multiple of 64 */
	struct file **fd;		/* fd_array, or kmalloc()ed once grown */
	u64 *cloexec;			/* max_fds / 64 words each: close-on-exec, */
	u64 *reserved;			/* ... taken by fd_reserve(), fd[] still NULL */
	struct file *fd_array[NR_OPEN_DEFAULT];
	u64 cloexec_init, reserved_init;
};

struct file *file_alloc(const struct file_operations *op, unsigned int flags);
void file_get(struct file *f);
void file_put(struct file *f);

/* A new process's table: fds 0, 1 and 2 on one open of the console. NULL: no memory. */
struct files *files_alloc_console(void);
/* fork(): a copy, sharing every open file. NULL: no memory. */
struct files *files_dup(struct files *old);
void files_get(struct files *files);
void files_put(struct files *files);
/* unshare(CLONE_FILES): t's table made its own, copied if shared: 0 or -ENOMEM. */
int files_unshare(struct task *t);
/* execve(): the table made the caller's own (copied if shared), close-on-exec fds closed. */
int files_exec(struct task *t);

/*
 * The files there are (kernel/fs/devices.c, kernel/fs/proc_maps.c,
 * arch/x86/vulnerabilities.c): a new open of each, or NULL.
 */
struct file *console_open(void);
struct file *null_open(void);
struct file *zero_open(void);
/* A page of zeros: what /dev/zero and a memory file's holes read. */
extern const u8 zero_page[PAGE_SIZE];
/*
 * mmap() of fd (kernel/mm/mmap.c asks): 0 if the file maps, as anonymous memory
 * (/dev/zero, as Linux's), writable (write) and MAP_SHARED (shared) as its access mode
 * allows; -EBADF, -EACCES, or -ENODEV for a file that does not map.
 */
long file_mmap_check(int fd, bool write, bool shared);
struct file *proc_maps_open(void);
/* /sys/devices/system/cpu/vulnerabilities/NAME, for each NAME here, as Linux's. */
/* Linux 6.12's files whose mitigations are on the entry path (arch/x86/vulnerabilities.c). */
#define CPU_VULNERABILITIES(V)	V(indirect_target_selection) V(mds) V(meltdown)	\
				V(mmio_stale_data) V(reg_file_data_sampling) V(retbleed) \
				V(spec_rstack_overflow) V(spectre_v1) V(spectre_v2) V(tsa) \
				V(tsx_async_abort)
#define DECLARE_VULNERABILITY_OPEN(name) struct file *cpu_vulnerability_##name##_open(void);
CPU_VULNERABILITIES(DECLARE_VULNERABILITY_OPEN)
/*
 * A mutex in an int (0: free), as Linux's mutex_lock(): the sleep is uninterruptible,
 * so hold it only to copy (kernel/fs/read_write.c).
 */
void sleep_mutex_lock(int *lock);
void sleep_mutex_unlock(int *lock);
/* A read-only regular file, its text to be written at f->data (a page), f->size bytes. */
struct file *snapshot_alloc(void);
/* fstat()'s answer for f (kernel/fs/read_write.c). */
void file_stat(const struct file *f, struct kernel_stat *st);
/* A stat at ubuf in the caller's layout: i386's struct stat64 in an i386 call. 0 or -EFAULT. */
long put_stat(void __user *ubuf, const struct kernel_stat *st);

/* current's file for fd, with a reference (file_put() it), or NULL: -EBADF. */
struct file *fget(int fd);
/*
 * sched_lock held (so t's table outlives the call): t's file for fd, with a
 * reference, or NULL. kcmp(2)'s look at another task's descriptors.
 */
struct file *fget_task_locked(struct task *t, unsigned int fd);
/* Installs f at the lowest free fd (taking a reference): the fd, or -EMFILE. */
int fd_install(struct file *f, bool cloexec);
/*
 * A new file's descriptor in two steps, as Linux's get_unused_fd_flags(),
 * fd_install() and put_unused_fd(): fd_reserve() takes the lowest free fd
 * (or -EMFILE), which no other call takes or names until the caller either
 * puts f there with fd_install_reserved() (taking a reference) or gives it
 * back with fd_unreserve(). So a call that may still fail after choosing
 * the number shows no descriptor before it succeeds.
 */
int fd_reserve(void);
void fd_install_reserved(unsigned int fd, struct file *f, bool cloexec);
void fd_unreserve(unsigned int fd);
/*
 * pipe() and socketpair(): a and b at the two lowest free fds, or neither
 * (-EMFILE); the two numbers stored at ufds before either is installed, so that
 * an -EFAULT leaves no descriptor another thread could have seen; the caller's
 * references to a and b dropped either way.
 */
int fd_install_pair_user(struct file *a, struct file *b, bool cloexec, int __user *ufds);
/*
 * f at newfd, taking a reference, as dup2() puts it there: newfd, or -EBADF past
 * the limit, -EBUSY if newfd is reserved (fd_reserve()), as Linux. What newfd
 * named before is left in *replaced (or NULL) for the caller to file_put() when
 * it holds no lock.
 */
int fd_install_at(struct file *f, unsigned int newfd, bool cloexec, struct file **replaced);
/* close(fd): 0 or -EBADF. */
long fd_close(unsigned int fd);

#endif
