// SPDX-License-Identifier: GPL-2.0
/*
 * Opening files by name, as Linux's fs/open.c, for a kernel with no filesystem:
 * the names are a fixed table of the files kernel/fs/devices.c provides. Every
 * other name is -ENOENT, as for a file that is not there (never -ENOSYS, so C
 * libraries and runtimes take their fallbacks); so is O_CREAT of a new one,
 * since no directory exists to make it in. A relative name is taken from "/",
 * the working directory every process has; with a dirfd it is -ENOTDIR, as no
 * open file is a directory (-EBADF if dirfd is not open). Names match exactly:
 * no "." or ".." walks, no doubled slashes.
 */
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <sched.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/stat.h>

#define PATH_MAX	4096

static const struct {
	const char *path;
	struct file *(*open)(void);
} names[] = {
	{ "/dev/console", console_open },
	{ "/dev/null", null_open },
	{ "/dev/zero", zero_open },
	{ "/proc/self/maps", proc_maps_open },
#define VULNERABILITY_NAME(name) \
	{ "/sys/devices/system/cpu/vulnerabilities/" #name, cpu_vulnerability_##name##_open },
	CPU_VULNERABILITIES(VULNERABILITY_NAME)
};

/*
 * A relative name's dirfd: -EBADF if it names no open file, else -ENOTDIR, as
 * no open file is a directory. An absolute name never looks at it, as Linux's.
 */
static long dirfd_lookup(int dirfd)
{
	struct file *f = fget(dirfd);

	if (!f)
		return -EBADF;
	file_put(f);
	return -ENOTDIR;
}

/* The name at upath, looked up: its opener, or -errno. */
static long lookup(int dirfd, const char __user *upath, struct file *(**open)(void))
{
	phys_addr_t page = alloc_frame();
	char *path;
	long len;

	if (!page)
		return -ENOMEM;
	path = phys_to_virt(page);
	path[0] = '/';
	len = strncpy_from_user(path + 1, upath, PATH_MAX - 1);
	if (len == PATH_MAX - 1)
		len = -ENAMETOOLONG;
	else if (len == 0)
		len = -ENOENT;			/* "" names nothing (AT_EMPTY_PATH aside) */
	else if (len > 0 && path[1] != '/' && dirfd != AT_FDCWD)
		len = dirfd_lookup(dirfd);
	if (len > 0) {
		const char *abs = path[1] == '/' ? path + 1 : path;

		len = -ENOENT;
		for (unsigned int i = 0; i < ARRAY_SIZE(names) && len; i++)
			if (!strcmp(abs, names[i].path)) {
				*open = names[i].open;
				len = 0;
			}
	}
	free_frame(page);
	return len;
}

/*
 * The flags an open keeps (F_GETFL's answer), as Linux's build_open_flags() and
 * do_dentry_open(): the known ones, less those that only act at the open.
 */
static unsigned int open_file_flags(unsigned int flags)
{
	flags &= O_ACCMODE | O_APPEND | O_NONBLOCK | O_SYNC | FASYNC | O_DIRECT | O_LARGEFILE |
		 O_DIRECTORY | O_NOFOLLOW | O_NOATIME;
	return flags & __O_SYNC ? flags | O_DSYNC : flags;
}

/*
 * A 64-bit caller's open always has O_LARGEFILE, as Linux's force_o_largefile()
 * gives it on x86-64; an i386 one's only if asked (Linux's compat_sys_open()).
 */
static unsigned int open_largefile(unsigned int flags)
{
	return in_ia32_syscall() ? flags : flags | O_LARGEFILE;
}

static long do_open(int dirfd, const char __user *upath, unsigned int flags)
{
	struct file *(*open)(void);
	struct file *f;
	long err = lookup(dirfd, upath, &open);
	int fd;

	if (err)
		return err;
	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		return -EEXIST;
	if (flags & O_DIRECTORY)
		return -ENOTDIR;
	f = open();
	if (!f)
		return -ENOMEM;
	if ((flags & O_ACCMODE) != O_RDONLY && !(f->op->mode & 0222)) {
		file_put(f);
		return -EACCES;			/* read-only, as /proc/self/maps */
	}
	f->flags = open_file_flags(flags);
	fd = fd_install(f, flags & O_CLOEXEC);
	file_put(f);
	return fd;
}

/*
 * chdir(path): "/" is the only directory, and the working directory already;
 * a file's name is -ENOTDIR, anything else what looking it up says.
 */
long sys_chdir(struct pt_regs *regs)
{
	const char __user *upath = (const char __user *)regs->di;
	struct file *(*open)(void);
	char root[2];
	long err;

	if (copy_from_user(root, upath, 1))
		return -EFAULT;
	if (root[0] == '/' && !copy_from_user(root + 1, upath + 1, 1) && !root[1])
		return 0;
	err = lookup(AT_FDCWD, upath, &open);
	return err ? err : -ENOTDIR;
}

/* openat(dirfd, path, flags, mode) */
long sys_openat(struct pt_regs *regs)
{
	return do_open((int)regs->di, (const char __user *)regs->si, open_largefile(regs->dx));
}

/* open(path, flags, mode) */
long sys_open(struct pt_regs *regs)
{
	return do_open(AT_FDCWD, (const char __user *)regs->di, open_largefile(regs->si));
}

/*
 * newfstatat(dirfd, path, statbuf, flags): a name's stat, or dirfd's with
 * AT_EMPTY_PATH (i386's fstatat64, stat64 and lstat64 too: put_stat()).
 */
static long do_fstatat(int dirfd, const char __user *upath, void __user *ust,
		       unsigned long flags)
{
	struct file *(*open)(void);
	struct kernel_stat st;
	struct file *f;
	char c;
	long err;

	if (flags & ~(AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW))
		return -EINVAL;
	if (copy_from_user(&c, upath, 1))
		return -EFAULT;
	if (!c && (flags & AT_EMPTY_PATH)) {
		f = fget(dirfd);
		if (!f)
			return -EBADF;
	} else {
		err = lookup(dirfd, upath, &open);
		if (err)
			return err;
		f = open();
		if (!f)
			return -ENOMEM;
	}
	file_stat(f, &st);
	file_put(f);
	return put_stat(ust, &st);
}

/* newfstatat(dirfd, path, buf, flags) */
long sys_newfstatat(struct pt_regs *regs)
{
	return do_fstatat((int)regs->di, (const char __user *)regs->si,
			  (void __user *)regs->dx, regs->r10);
}

/* stat(path, buf): nothing here is a link, so lstat() is the same. */
long sys_stat(struct pt_regs *regs)
{
	return do_fstatat(AT_FDCWD, (const char __user *)regs->di,
			  (void __user *)regs->si, 0);
}
