// SPDX-License-Identifier: GPL-2.0
/*
 * File descriptors (kernel/fs/fd.c, kernel/fs/read_write.c, kernel/fs/open.c): the
 * console on 0-2, /dev/null, /proc/self/maps, and Linux's rules for numbers,
 * sharing, flags and errors.
 */
#include <file.h>
#include <uapi/fs.h>
#include <uapi/mman.h>
#include <uapi/resource.h>
#include <uapi/stat.h>
#include <uapi/termios.h>
#include <uapi/uio.h>
#include <uapi/unistd_32.h>
#include <user_layout.h>
#include "harness.h"


static long open_path(const char *path, long flags)
{
	return syscall4(__NR_openat, AT_FDCWD, path, flags, 0);
}

static long close_fd(long fd)
{
	return syscall1(__NR_close, fd);
}

static long fcntl(long fd, long cmd, long arg)
{
	return syscall3(__NR_fcntl, fd, cmd, arg);
}

/* 0-2 are one open of the console: writable, end of file to read, no seeking. */
SELFTEST(files, console_is_fds_0_to_2)
{
	struct kernel_stat st;
	char buf[8];

	EXPECT_EQ(t, syscall3(__NR_write, 1, "", 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_read, 0, buf, sizeof(buf)), 0L);
	ASSERT_EQ(t, syscall2(__NR_fstat, 1, &st), 0L);
	EXPECT_EQ(t, st.st_mode & S_IFMT, (unsigned int)S_IFCHR);
	EXPECT_EQ(t, syscall3(__NR_lseek, 1, 0, SEEK_CUR), -ESPIPE);
	EXPECT_EQ(t, syscall4(__NR_pread64, 0, buf, 1, 0), -ESPIPE);
	EXPECT_EQ(t, fcntl(2, F_GETFL, 0) & O_ACCMODE, (long)O_RDWR);
}

/*
 * The console answers as a terminal (C libraries then line-buffer it): Linux's
 * default settings, kept as set, an 80x25 window; a file that is none says -ENOTTY.
 */
SELFTEST(files, console_is_a_terminal)
{
	struct kernel_termios tio, back;
	struct winsize ws;
	long null = open_path("/dev/null", O_RDWR);

	ASSERT_EQ(t, syscall3(__NR_ioctl, 0, TCGETS, &tio), 0L);
	EXPECT_TRUE(t, tio.c_lflag & 0000002);			/* ICANON */
	EXPECT_TRUE(t, tio.c_oflag & 0000004);			/* ONLCR */
	EXPECT_EQ(t, tio.c_cc[0], 3);				/* VINTR: ^C */
	tio.c_lflag &= ~0000010;				/* ECHO off */
	EXPECT_EQ(t, syscall3(__NR_ioctl, 1, TCSETS, &tio), 0L);
	ASSERT_EQ(t, syscall3(__NR_ioctl, 2, TCGETS, &back), 0L);	/* one console */
	EXPECT_EQ(t, back.c_lflag, tio.c_lflag);
	tio.c_lflag |= 0000010;
	EXPECT_EQ(t, syscall3(__NR_ioctl, 1, TCSETSW, &tio), 0L);
	ASSERT_EQ(t, syscall3(__NR_ioctl, 1, TIOCGWINSZ, &ws), 0L);
	EXPECT_EQ(t, ws.ws_row, 25);
	EXPECT_EQ(t, ws.ws_col, 80);
	EXPECT_EQ(t, syscall3(__NR_ioctl, 1, TCGETS, (void *)8), -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_ioctl, 1, 0x1234, 0), -ENOTTY);
	EXPECT_EQ(t, syscall3(__NR_ioctl, null, TCGETS, &tio), -ENOTTY);
	EXPECT_EQ(t, syscall3(__NR_ioctl, 300, TCGETS, &tio), -EBADF);
	close_fd(null);
}

/* A new fd is the lowest free one; a closed fd is free again and -EBADF until then. */
SELFTEST(files, lowest_free_number_and_close)
{
	long a = open_path("/dev/null", O_RDWR), b, c;

	ASSERT_TRUE(t, a >= 3);
	b = syscall1(__NR_dup, a);
	EXPECT_TRUE(t, b > a);
	EXPECT_EQ(t, close_fd(a), 0L);
	EXPECT_EQ(t, close_fd(a), -EBADF);
	EXPECT_EQ(t, syscall3(__NR_write, a, "x", 1), -EBADF);
	c = open_path("/dev/null", O_RDONLY);
	EXPECT_EQ(t, c, a);				/* the hole is reused first */
	EXPECT_EQ(t, close_fd(b), 0L);
	EXPECT_EQ(t, close_fd(c), 0L);
	EXPECT_EQ(t, close_fd(-1), -EBADF);
	EXPECT_EQ(t, close_fd(NR_OPEN_MAX), -EBADF);
	EXPECT_EQ(t, close_fd(0x7fffffff), -EBADF);
}

/* dup2, dup3 and fcntl as Linux: flags per descriptor, status flags per open file. */
SELFTEST(files, dup2_dup3_and_fcntl)
{
	long fd = open_path("/dev/null", O_RDWR), d;

	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall2(__NR_dup2, fd, fd), fd);
	EXPECT_EQ(t, syscall2(__NR_dup2, 200, 201), -EBADF);
	EXPECT_EQ(t, syscall3(__NR_dup3, fd, fd, 0), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_dup3, fd, 100, 1), -EINVAL);	/* only O_CLOEXEC */
	EXPECT_EQ(t, syscall3(__NR_dup3, fd, 100, O_CLOEXEC), 100L);
	EXPECT_EQ(t, fcntl(100, F_GETFD, 0), (long)FD_CLOEXEC);
	EXPECT_EQ(t, fcntl(fd, F_GETFD, 0), 0L);
	EXPECT_EQ(t, syscall2(__NR_dup2, fd, 100), 100L);	/* replaced: cloexec clear */
	EXPECT_EQ(t, fcntl(100, F_GETFD, 0), 0L);
	EXPECT_EQ(t, fcntl(fd, F_SETFL, O_NONBLOCK | O_APPEND | O_RDONLY), 0L);
	EXPECT_EQ(t, fcntl(100, F_GETFL, 0), (long)(O_RDWR | O_NONBLOCK | O_APPEND | O_LARGEFILE));
	d = fcntl(fd, F_DUPFD_CLOEXEC, 50);
	EXPECT_EQ(t, d, 50L);
	EXPECT_EQ(t, fcntl(d, F_GETFD, 0), (long)FD_CLOEXEC);
	EXPECT_EQ(t, fcntl(fd, F_DUPFD, 1 << 20), -EINVAL);
	EXPECT_EQ(t, fcntl(fd, 9999, 0), -EINVAL);
	EXPECT_EQ(t, fcntl(300, F_GETFD, 0), -EBADF);
	EXPECT_EQ(t, syscall2(__NR_dup2, fd, 1 << 20), -EBADF);
	close_fd(d);
	close_fd(100);
	close_fd(fd);
}

/* /dev/null: writes vanish whole, reads see end of file, at any offset. */
SELFTEST(files, dev_null)
{
	long fd = open_path("/dev/null", O_RDWR);
	struct kernel_stat st;
	char buf[16];

	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall3(__NR_write, fd, buf, sizeof(buf)), (long)sizeof(buf));
	EXPECT_EQ(t, syscall3(__NR_read, fd, buf, sizeof(buf)), 0L);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, buf, sizeof(buf), 12345), 0L);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, buf, sizeof(buf), -1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 100, SEEK_SET), 0L);	/* always 0, as Linux's */
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, __LONG_MAX__, SEEK_HOLE), 0L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, 99), -EINVAL);	/* a whence Linux has not */
	EXPECT_EQ(t, syscall3(__NR_write, fd, buf, sizeof(buf)), (long)sizeof(buf));
	ASSERT_EQ(t, syscall2(__NR_fstat, fd, &st), 0L);
	EXPECT_EQ(t, st.st_mode, (unsigned int)(S_IFCHR | 0666));
	EXPECT_EQ(t, st.st_rdev, 0x103UL);			/* 1:3, as on Linux */
	EXPECT_EQ(t, syscall3(__NR_write, fd, (void *)8, 4), 4L);	/* never read:
									 * Linux's too */
	EXPECT_EQ(t, syscall3(__NR_write, fd, (void *)-4096L, 4), -EFAULT);	/* not user
										 * memory */
	close_fd(fd);
	fd = open_path("/dev/null", O_RDONLY);
	EXPECT_EQ(t, syscall3(__NR_write, fd, buf, 1), -EBADF);	/* opened read-only */
	close_fd(fd);
	fd = open_path("/dev/null", O_WRONLY);
	EXPECT_EQ(t, syscall3(__NR_read, fd, buf, 1), -EBADF);
	close_fd(fd);
}

static long map_fd(long fd, long prot, long flags, long offset)
{
	return syscall6(__NR_mmap, 0, 4096, prot, flags, fd, offset);
}

/*
 * /dev/zero reads zeros, swallows writes, and maps as anonymous memory: private
 * (zeroed, writable, our own) or shared with a forked child. Other files do not
 * map (-ENODEV), and the access mode and offset are checked as on Linux.
 */
SELFTEST(files, dev_zero_reads_zeros_and_maps_anonymous)
{
	long fd = open_path("/dev/zero", O_RDWR), ro = open_path("/dev/zero", O_RDONLY);
	long null = open_path("/dev/null", O_RDWR), pid;
	volatile char *shared, *private;
	char buf[5000];

	ASSERT_TRUE(t, fd >= 3 && ro >= 3 && null >= 3);
	memset(buf, 0x5a, sizeof(buf));
	EXPECT_EQ(t, syscall3(__NR_read, fd, buf, sizeof(buf)), (long)sizeof(buf));
	EXPECT_EQ(t, buf[0] | buf[4096] | buf[sizeof(buf) - 1], 0);
	EXPECT_EQ(t, syscall3(__NR_write, fd, buf, sizeof(buf)), (long)sizeof(buf));
	private = (volatile char *)map_fd(ro, PROT_READ | PROT_WRITE, MAP_PRIVATE, 4096);
	ASSERT_TRUE(t, (unsigned long)private < 1UL << 47);
	EXPECT_EQ(t, private[100], 0);
	private[100] = 1;
	shared = (volatile char *)map_fd(fd, PROT_READ | PROT_WRITE, MAP_SHARED, 0);
	ASSERT_TRUE(t, (unsigned long)shared < 1UL << 47);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		shared[0] = 42;
		syscall1(__NR_exit, 0);
	}
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, shared[0], 42);		/* fails if the mapping is private */
	/* shared and writable, of a read-only file */
	EXPECT_EQ(t, map_fd(ro, PROT_READ | PROT_WRITE, MAP_SHARED, 0), -EACCES);
	/* an offset not page-aligned */
	EXPECT_EQ(t, map_fd(fd, PROT_READ, MAP_PRIVATE, 100), -EINVAL);
	/* /dev/null does not map */
	EXPECT_EQ(t, map_fd(null, PROT_READ, MAP_PRIVATE, 0), -ENODEV);
	EXPECT_EQ(t, map_fd(200, PROT_READ, MAP_PRIVATE, 0), -EBADF);
	syscall2(__NR_munmap, (long)private, 4096);
	syscall2(__NR_munmap, (long)shared, 4096);
	close_fd(fd);
	close_fd(ro);
	close_fd(null);
}

/* Names: the few files there are; everything else is not there. */
SELFTEST(files, open_errors)
{
	struct kernel_stat st;
	long fd, abs;

	EXPECT_EQ(t, open_path("/etc/passwd", O_RDONLY), -ENOENT);
	EXPECT_EQ(t, open_path("/tmp/new", O_CREAT | O_WRONLY), -ENOENT);	/* no directory */
	EXPECT_EQ(t, open_path("", O_RDONLY), -ENOENT);
	EXPECT_EQ(t, open_path((const char *)8, O_RDONLY), -EFAULT);
	EXPECT_EQ(t, open_path("/dev/null", O_CREAT | O_EXCL), -EEXIST);
	EXPECT_EQ(t, open_path("/dev/null", O_DIRECTORY), -ENOTDIR);
	EXPECT_EQ(t, open_path("/proc/self/maps", O_WRONLY), -EACCES);
	fd = open_path("dev/null", O_RDONLY);			/* relative to "/" */
	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall4(__NR_openat, fd, "null", O_RDONLY, 0), -ENOTDIR);
	EXPECT_EQ(t, syscall4(__NR_openat, fd, "nope", O_RDONLY, 0), -ENOTDIR);
	EXPECT_EQ(t, syscall4(__NR_openat, fd, "", O_RDONLY, 0), -ENOENT);
	/* A dirfd that is not open: -EBADF for a relative name, ignored for an absolute one. */
	EXPECT_EQ(t, syscall4(__NR_openat, -5, "dev/null", O_RDONLY, 0), -EBADF);
	EXPECT_EQ(t, syscall4(__NR_openat, 999, "nope", O_RDONLY, 0), -EBADF);
	EXPECT_EQ(t, syscall4(__NR_openat, 0x7fffffff, "dev/null", O_RDONLY, 0), -EBADF);
	EXPECT_EQ(t, syscall4(__NR_openat, -5, "", O_RDONLY, 0), -ENOENT);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, -5, "dev/null", &st, 0), -EBADF);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, fd, "dev/null", &st, 0), -ENOTDIR);
	st.st_rdev = 0;
	EXPECT_EQ(t, syscall4(__NR_newfstatat, -5, "/dev/null", &st, 0), 0L);
	EXPECT_EQ(t, st.st_rdev, 0x103UL);
	abs = syscall4(__NR_openat, -5, "/dev/null", O_RDONLY, 0);
	EXPECT_TRUE(t, abs >= 3);
	close_fd(abs);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, AT_FDCWD, "/dev/null", &st, 0), 0L);
	EXPECT_EQ(t, st.st_rdev, 0x103UL);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, 1, "", &st, AT_EMPTY_PATH), 0L);
	EXPECT_EQ(t, st.st_mode & S_IFMT, (unsigned int)S_IFCHR);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, 1, "", &st, 0), -ENOENT);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, AT_FDCWD, "/nope", &st, 0), -ENOENT);
	EXPECT_EQ(t, syscall4(__NR_newfstatat, AT_FDCWD, "/dev/null", &st, 1), -EINVAL);
	st.st_rdev = 0;
	EXPECT_EQ(t, syscall2(__NR_stat, "/dev/null", &st), 0L);	/* stat, lstat: the same */
	EXPECT_EQ(t, st.st_rdev, 0x103UL);
	EXPECT_EQ(t, syscall2(__NR_lstat, "/dev/console", &st), 0L);
	EXPECT_EQ(t, syscall2(__NR_stat, "/nope", &st), -ENOENT);
	EXPECT_EQ(t, syscall2(__NR_lstat, "/dev/null", (void *)8), -EFAULT);
	close_fd(fd);
}

/* RLIMIT_NOFILE bounds the numbers handed out: -EMFILE past it. */
SELFTEST(files, rlimit_nofile_is_enforced)
{
	struct rlimit64 old, five = { 5, 5 };
	long a, b;

	ASSERT_EQ(t, syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &five, &old), 0L);
	a = open_path("/dev/null", O_RDONLY);
	b = open_path("/dev/null", O_RDONLY);
	EXPECT_EQ(t, a, 3L);
	EXPECT_EQ(t, b, 4L);
	EXPECT_EQ(t, open_path("/dev/null", O_RDONLY), -EMFILE);
	EXPECT_EQ(t, syscall1(__NR_dup, 0), -EMFILE);
	EXPECT_EQ(t, syscall2(__NR_dup2, 0, 5), -EBADF);	/* past the limit */
	close_fd(a);
	close_fd(b);
	ASSERT_EQ(t, syscall4(__NR_prlimit64, 0, RLIMIT_NOFILE, &old, NULL), 0L);
}

/* fork copies the table: the child's close leaves ours open; the open file is shared. */
SELFTEST(files, fork_copies_the_table)
{
	long fd = open_path("/dev/null", O_RDWR), pid;

	ASSERT_TRUE(t, fd >= 3);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		long ok = close_fd(fd) == 0 && fcntl(fd, F_GETFD, 0) == -EBADF;

		syscall1(__NR_exit, ok ? 0 : 1);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, fcntl(fd, F_GETFD, 0), 0L);		/* still ours */
	close_fd(fd);
}

/* The vector forms: each iovec in turn; zero of them is 0; too many -EINVAL. */
SELFTEST(files, readv_and_writev)
{
	long fd = open_path("/dev/null", O_RDWR);
	char a[3], b[5];
	struct iovec iov[2] = { { a, sizeof(a) }, { b, sizeof(b) } };

	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, 2), 8L);
	EXPECT_EQ(t, syscall3(__NR_readv, fd, iov, 2), 0L);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, 0), 0L);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, UIO_MAXIOV + 1), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_writev, fd, (void *)8, 1), -EFAULT);
	/* Every length is checked before any buffer, as Linux's: -EINVAL, not -EFAULT. */
	iov[0].iov_base = (void *)-4096L;		/* not user memory */
	iov[1].iov_len = -1UL;
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, 2), -EINVAL);
	/* Lengths summing past LONG_MAX are no error of their own: the buffers are. */
	iov[0] = (struct iovec){ a, 1UL << 62 };
	iov[1] = (struct iovec){ b, 1UL << 62 };
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, 2), -EFAULT);
	/* The sum is cut to INT_MAX's last page, not each length (fails with twice that). */
	iov[0] = (struct iovec){ (void *)0x10000, 0x7ffff000 };
	iov[1] = (struct iovec){ (void *)0x10000, 0x7ffff000 };
	EXPECT_EQ(t, syscall3(__NR_writev, fd, iov, 2), 0x7ffff000L);
	close_fd(fd);
	/* The access mode before the array, even an empty one (fails with 0). */
	fd = open_path("/dev/null", O_WRONLY);
	EXPECT_EQ(t, syscall3(__NR_readv, fd, iov, 0), -EBADF);
	EXPECT_EQ(t, syscall3(__NR_readv, fd, iov, UIO_MAXIOV + 1), -EBADF);
	close_fd(fd);
}

/* An i386 iovec's length is signed: 2^31 and up is -EINVAL (fails with the write done). */
SELFTEST(files, i386_iovec_lengths_are_signed)
{
	long fd = open_path("/dev/null", O_RDWR);
	static u32 iov32[4];
	struct gprs in = { .rax = __NR_ia32_writev, .rcx = (unsigned long)iov32, .rdx = 1 }, out;

	ASSERT_TRUE(t, fd >= 3);
	ASSERT_TRUE(t, (unsigned long)iov32 < 1UL << 32);	/* an i386 pointer */
	in.rbx = fd;
	iov32[0] = 0x10000;
	iov32[1] = 0x7ffff000;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, 0x7ffff000L);
	iov32[1] = 0x80000000;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, -EINVAL);
	in.rax = __NR_ia32_readv;
	in.rdx = 2;
	iov32[1] = 16;
	iov32[3] = 0xfffffff0;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, (long)out.rax, -EINVAL);
	close_fd(fd);
}

/* Reads all of /proc/self/maps into buf; its length. */
static long read_maps(char *buf, size_t size)
{
	long fd = open_path("/proc/self/maps", O_RDONLY), n, total = 0;

	if (fd < 0)
		return fd;
	while ((n = syscall3(__NR_read, fd, buf + total, MIN(size - 1 - total, 100UL))) > 0)
		total += n;
	close_fd(fd);
	buf[total] = '\0';
	return total;
}

/* Does some line of maps start with prefix and end with suffix? */
static bool has_line(const char *maps, const char *prefix, const char *suffix)
{
	for (const char *l = maps; *l; l = strchr(l, '\n') + 1) {
		const char *end = strchr(l, '\n');
		size_t n = end - l, ns = strlen(suffix);

		if (!strncmp(l, prefix, strlen(prefix)) && n >= ns &&
		    !strncmp(end - ns, suffix, ns))
			return true;
	}
	return false;
}

/*
 * Where execve() began our stack, as Linux's setup_arg_pages(): USER_STACK_SIZE
 * below the page of the lowest string, argv[0]. Below environ[] are NULL, argv[]
 * and argc.
 */
static unsigned long stack_start(void)
{
	unsigned long argc = 0;

	while ((unsigned long)environ[-2 - (long)argc] != argc)
		argc++;
	return ALIGN_DOWN((unsigned long)environ[-1 - (long)argc], PAGE_SIZE) - USER_STACK_SIZE;
}

/*
 * /proc/self/maps: a mapping made here shows with its range and protection, a
 * PROT_NONE one as ---p; the stack (as execve() made it), vDSO and vsyscall
 * lines by name.
 */
SELFTEST(files, proc_self_maps_lists_the_mappings)
{
	static char maps[PAGE_SIZE + 1];
	unsigned long ro = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long none = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_NONE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char line[64];

	ASSERT_TRUE(t, ro < TASK_SIZE_MAX && none < TASK_SIZE_MAX);
	*(volatile char *)ro;
	*(volatile char *)(ro + PAGE_SIZE);
	ASSERT_TRUE(t, read_maps(maps, sizeof(maps)) > 0);
	snprintf(line, sizeof(line), "%08lx-%08lx r--p ", ro, ro + 2 * PAGE_SIZE);
	EXPECT_TRUE(t, has_line(maps, line, ""));
	snprintf(line, sizeof(line), "%08lx-%08lx ---p ", none, none + PAGE_SIZE);
	EXPECT_TRUE(t, has_line(maps, line, ""));
	snprintf(line, sizeof(line), "%08lx-%08lx rw-p ", stack_start(), USER_STACK_TOP);
	EXPECT_TRUE(t, has_line(maps, line, "[stack]"));
	EXPECT_TRUE(t, has_line(maps, "", "[vdso]"));
	EXPECT_TRUE(t, has_line(maps, "ffffffffff600000-ffffffffff601000 --xp ", "[vsyscall]"));
	syscall2(__NR_munmap, ro, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, none, PAGE_SIZE);
}

/*
 * F_GETFL gives what Linux's does on x86-64: an open() keeps its flags but those
 * that act only at the open (O_CREAT, O_EXCL, O_NOCTTY, O_TRUNC, O_CLOEXEC) and
 * unknown bits, O_SYNC brings O_DSYNC, and a 64-bit caller's open has
 * O_LARGEFILE (an i386 caller's not); a memfd is O_RDWR | O_LARGEFILE; pipes,
 * eventfd, epoll, timerfd and sockets only their access mode and O_NONBLOCK.
 * Each figure is Debian's Linux 6.1's answer.
 */
SELFTEST(files, getfl_as_linux)
{
	static const struct { long flags, getfl; } opens[] = {
		{ O_RDONLY, 0100000 },
		{ O_RDWR | O_CLOEXEC | O_CREAT | O_TRUNC | O_NOCTTY, 0100002 },
		{ O_RDWR | O_NOFOLLOW | O_SYNC | O_NONBLOCK | O_APPEND, 04516002 },
		{ O_RDWR | O_NOATIME, 01100002 },
		{ O_RDWR | O_LARGEFILE, 0100002 },
		{ O_RDWR | 0x80000000 | 040000000 | 0100000000, 0100002 },
	};
	struct gprs in = { .rax = __NR_ia32_open, .rcx = O_RDWR }, out;
	static const char null32[] = "/dev/null";
	int fds[2];
	long fd;

	for (unsigned int i = 0; i < ARRAY_SIZE(opens); i++) {
		fd = open_path("/dev/null", opens[i].flags);
		EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), opens[i].getfl);
		close_fd(fd);
	}
	fd = syscall2(__NR_open, "/proc/self/maps", O_RDONLY);
	EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), (long)O_LARGEFILE);
	close_fd(fd);
	in.rbx = (unsigned long)null32;			/* i386's open: no O_LARGEFILE added */
	ASSERT_TRUE(t, in.rbx < 1UL << 32);
	int80_gprs(&in, &out);
	EXPECT_EQ(t, fcntl(out.rax, F_GETFL, 0), (long)O_RDWR);
	close_fd(out.rax);
	in.rax = __NR_ia32_openat;
	in.rbx = (unsigned int)AT_FDCWD;
	in.rcx = (unsigned long)null32;
	in.rdx = O_RDWR | O_LARGEFILE;
	int80_gprs(&in, &out);
	EXPECT_EQ(t, fcntl(out.rax, F_GETFL, 0), (long)(O_RDWR | O_LARGEFILE));
	close_fd(out.rax);
	fd = syscall2(__NR_memfd_create, "m", 1 /* MFD_CLOEXEC */);
	EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), (long)(O_RDWR | O_LARGEFILE));
	close_fd(fd);
	ASSERT_EQ(t, syscall2(__NR_pipe2, fds, O_NONBLOCK | O_CLOEXEC), 0L);
	EXPECT_EQ(t, fcntl(fds[0], F_GETFL, 0), (long)(O_RDONLY | O_NONBLOCK));
	EXPECT_EQ(t, fcntl(fds[1], F_GETFL, 0), (long)(O_WRONLY | O_NONBLOCK));
	close_fd(fds[0]);
	close_fd(fds[1]);
	fd = syscall2(__NR_eventfd2, 0, O_NONBLOCK | O_CLOEXEC);
	EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), (long)(O_RDWR | O_NONBLOCK));
	close_fd(fd);
	fd = syscall1(__NR_epoll_create1, O_CLOEXEC);
	EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), (long)O_RDWR);
	close_fd(fd);
	fd = syscall2(__NR_timerfd_create, 1 /* CLOCK_MONOTONIC */, 0);
	EXPECT_EQ(t, fcntl(fd, F_GETFL, 0), (long)O_RDWR);
	close_fd(fd);
	ASSERT_EQ(t, syscall4(__NR_socketpair, 1 /* AF_UNIX */, 1 /* SOCK_STREAM */, 0, fds), 0L);
	EXPECT_EQ(t, fcntl(fds[0], F_GETFL, 0), (long)O_RDWR);
	close_fd(fds[0]);
	close_fd(fds[1]);
}
