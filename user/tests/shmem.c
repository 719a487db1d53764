// SPDX-License-Identifier: GPL-2.0
/*
 * Shared anonymous memory as an object behind its mappings (include/shmem.h),
 * as Linux's shmem: nothing is allocated at mmap() time, a page is allocated on
 * its first touch by any sharer (a child forked before it too), mremap() of
 * old_len 0 maps the same pages again, a mapping grown past the object's size
 * has no page there (SIGBUS, BUS_ADRERR), and MREMAP_DONTUNMAP leaves the old
 * range mapped: empty for private memory, the object's pages again for shared,
 * a region apart from the one it moved to.
 * /proc/self/maps names the object as Linux names its shmem file, and a shared
 * mapping of /dev/zero at a file offset maps the object from that page on.
 */
#include <uapi/fcntl.h>
#include <uapi/mman.h>
#include "harness.h"

#define PROT_RW		(PROT_READ | PROT_WRITE)
#define SHARED		(MAP_SHARED | MAP_ANONYMOUS)
#define PRIVATE		(MAP_PRIVATE | MAP_ANONYMOUS)
#define SHMEM_NAPS	5000		/* of 1 ms: generous for a loaded TCG host */

static long map(unsigned long len, unsigned long flags)
{
	return syscall6(__NR_mmap, 0, len, PROT_RW, flags, -1, 0);
}

static long map_fd(unsigned long len, unsigned long flags, long fd, unsigned long off)
{
	return syscall6(__NR_mmap, 0, len, PROT_RW, flags, fd, off);
}

static long mremap(unsigned long old, unsigned long old_len, unsigned long new_len, int flags,
		   unsigned long new)
{
	return syscall5(__NR_mremap, old, old_len, new_len, flags, new);
}

static unsigned long free_frames(void)
{
	struct sysinfo si;

	return syscall1(__NR_sysinfo, &si) ? 0 : si.freeram;
}

/* Naps until *word is value, a bounded number of times: true if it got there. */
static bool wait_for(volatile u64 *word, u64 value)
{
	for (int i = 0; i < SHMEM_NAPS && *word != value; i++)
		nap_ms(1);
	return *word == value;
}

static unsigned long target;

static void read_target(void)
{
	(void)*(volatile u8 *)target;
}

/* Does a read at addr raise SIGBUS with BUS_ADRERR and the address? */
static bool sigbus_at(unsigned long addr)
{
	target = addr;
	return faults(read_target) && caught.sig == SIGBUS && caught.code == BUS_ADRERR &&
	       caught.addr == addr;
}

/*
 * Neither side touches the pages before the fork: the child's first write
 * (page 0) and the parent's (page 1) each allocate the page in the object, and
 * the other side finds it there (fails when a first touch gets a frame of its
 * own, as private memory does).
 */
SELFTEST(shmem, a_child_forked_before_the_first_touch_shares_the_pages)
{
	volatile u64 *p = (volatile u64 *)map(2 * PAGE_SIZE, SHARED);
	const unsigned long second = PAGE_SIZE / sizeof(u64);
	long pid;

	ASSERT_TRUE(t, (unsigned long)p < TASK_SIZE_MAX);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		p[0] = 1;
		syscall1(__NR_exit, wait_for(&p[second], 2) ? 0 : 1);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_TRUE(t, wait_for(&p[0], 1));
	p[second] = 2;
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall2(__NR_munmap, (unsigned long)p, 2 * PAGE_SIZE);
}

/*
 * mremap(p, 0, n, MREMAP_MAYMOVE) of shared memory maps its object a second
 * time: a write through either address is read through the other, pages
 * touched before and after alike, and the pages outlive the first mapping. A
 * private mapping refuses (-EINVAL), and without MREMAP_MAYMOVE there is no
 * room to grow into (-ENOMEM). When both go, the frames are free again (fails
 * when the object keeps them).
 */
#define DUP_PAGES	256

SELFTEST(shmem, mremap_of_old_len_0_maps_the_same_pages_again)
{
	unsigned long before = free_frames(), after;
	unsigned long p = map(DUP_PAGES * PAGE_SIZE, SHARED), priv = map(PAGE_SIZE, PRIVATE);
	long q;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && priv < TASK_SIZE_MAX);
	*(volatile u64 *)p = 0x1234;
	q = mremap(p, 0, DUP_PAGES * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, (unsigned long)q < TASK_SIZE_MAX && q != (long)p);
	EXPECT_EQ(t, *(volatile u64 *)q, 0x1234UL);
	*(volatile u64 *)(q + PAGE_SIZE) = 0x5678;
	EXPECT_EQ(t, *(volatile u64 *)(p + PAGE_SIZE), 0x5678UL);
	for (unsigned long i = 2; i < DUP_PAGES; i++)
		*(volatile u64 *)(p + i * PAGE_SIZE) = i;
	EXPECT_EQ(t, mremap(p, 0, PAGE_SIZE, 0, 0), -ENOMEM);
	EXPECT_EQ(t, mremap(priv, 0, PAGE_SIZE, MREMAP_MAYMOVE, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, DUP_PAGES * PAGE_SIZE), 0L);
	EXPECT_EQ(t, *(volatile u64 *)(q + (DUP_PAGES - 1) * PAGE_SIZE), DUP_PAGES - 1UL);
	EXPECT_EQ(t, *(volatile u64 *)q, 0x1234UL);
	EXPECT_EQ(t, syscall2(__NR_munmap, q, DUP_PAGES * PAGE_SIZE), 0L);
	syscall2(__NR_munmap, priv, PAGE_SIZE);
	after = free_frames();
	EXPECT_TRUE(t, after + 16 >= before);
	if (after + 16 < before)
		printf("# %lu frames free before, %lu after\n", before, after);
}

/*
 * The object keeps the size mmap() gave it: a mapping grown by mremap(), in
 * place or moved, or a second mapping longer than the object, has no page past
 * it, and a touch there is SIGBUS with BUS_ADRERR (fails with SIGSEGV or a zero
 * page). A page cut off by shrinking is still the object's, data and all, when
 * the mapping grows back over it.
 */
SELFTEST(shmem, a_mapping_grown_past_its_object_is_sigbus_there)
{
	unsigned long p = map(2 * PAGE_SIZE, SHARED);
	long q, r;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	*(volatile u8 *)p = 0x42;
	*(volatile u8 *)(p + PAGE_SIZE) = 0x43;
	ASSERT_EQ(t, mremap(p, 2 * PAGE_SIZE, PAGE_SIZE, 0, 0), (long)p);
	q = mremap(p, PAGE_SIZE, 4 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, (unsigned long)q < TASK_SIZE_MAX);
	EXPECT_EQ(t, *(volatile u8 *)q, 0x42);
	EXPECT_EQ(t, *(volatile u8 *)(q + PAGE_SIZE), 0x43);	/* the object's page 1 */
	EXPECT_TRUE(t, sigbus_at(q + 2 * PAGE_SIZE));
	EXPECT_TRUE(t, sigbus_at(q + 4 * PAGE_SIZE - 1));
	r = mremap(q + PAGE_SIZE, 0, 2 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, (unsigned long)r < TASK_SIZE_MAX);
	EXPECT_EQ(t, *(volatile u8 *)r, 0x43);
	EXPECT_TRUE(t, sigbus_at(r + PAGE_SIZE));
	/* MADV_POPULATE_* past the end: -EFAULT, as Linux answers a SIGBUS fault there. */
	EXPECT_EQ(t, syscall3(__NR_madvise, q + 2 * PAGE_SIZE, PAGE_SIZE, MADV_POPULATE_WRITE),
		  -EFAULT);
	EXPECT_EQ(t, syscall3(__NR_madvise, q, PAGE_SIZE, MADV_POPULATE_READ), 0L);
	syscall2(__NR_munmap, q, 4 * PAGE_SIZE);
	syscall2(__NR_munmap, r, 2 * PAGE_SIZE);
}

/*
 * MREMAP_DONTUNMAP moves the pages and leaves the old range mapped: private
 * memory reads zeros there and may be written again (fails when the old range
 * is unmapped, or keeps the data); shared memory finds its object's pages
 * there again, one set of pages at both addresses. It needs MREMAP_MAYMOVE and
 * old_len == new_len as passed, before rounding (-EINVAL), and may go to a
 * fixed address too.
 */
SELFTEST(shmem, mremap_dontunmap_moves_and_leaves_the_old_range)
{
	const int move = MREMAP_MAYMOVE | MREMAP_DONTUNMAP;
	unsigned long p = map(2 * PAGE_SIZE, PRIVATE), s = map(PAGE_SIZE, SHARED);
	unsigned long f = map(PAGE_SIZE, PRIVATE);
	long q, r;

	ASSERT_TRUE(t, p < TASK_SIZE_MAX && s < TASK_SIZE_MAX && f < TASK_SIZE_MAX);
	memset((void *)p, 0x5a, 2 * PAGE_SIZE);
	*(volatile u64 *)s = 77;
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, PAGE_SIZE, MREMAP_DONTUNMAP, 0), -EINVAL);
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, 2 * PAGE_SIZE, move, 0), -EINVAL);
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, PAGE_SIZE - 1, move, 0), -EINVAL);
	EXPECT_EQ(t, mremap(p, 0, 0, move, 0), -EINVAL);
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, PAGE_SIZE, move | 8, 0), -EINVAL);
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, PAGE_SIZE, move, p), -EINVAL);	/* overlaps */

	q = mremap(p, 2 * PAGE_SIZE, 2 * PAGE_SIZE, move, 0);
	ASSERT_TRUE(t, (unsigned long)q < TASK_SIZE_MAX && q != (long)p);
	EXPECT_EQ(t, *(volatile u8 *)(q + PAGE_SIZE), 0x5a);
	EXPECT_EQ(t, *(volatile u8 *)p, 0);
	EXPECT_EQ(t, *(volatile u8 *)(p + PAGE_SIZE), 0);
	*(volatile u8 *)p = 1;
	EXPECT_EQ(t, *(volatile u8 *)q, 0x5a);

	r = mremap(s, PAGE_SIZE, PAGE_SIZE, move, 0);
	ASSERT_TRUE(t, (unsigned long)r < TASK_SIZE_MAX && r != (long)s);
	EXPECT_EQ(t, *(volatile u64 *)r, 77UL);
	EXPECT_EQ(t, *(volatile u64 *)s, 77UL);
	*(volatile u64 *)s = 78;
	EXPECT_EQ(t, *(volatile u64 *)r, 78UL);

	EXPECT_EQ(t, mremap(q, PAGE_SIZE, PAGE_SIZE, move | MREMAP_FIXED, f), (long)f);
	EXPECT_EQ(t, *(volatile u8 *)f, 0x5a);
	EXPECT_EQ(t, *(volatile u8 *)q, 0);
	syscall2(__NR_munmap, p, 2 * PAGE_SIZE);
	/*
	 * Of a locked region only the range that moved stays behind unlocked: the rest
	 * is locked still, and MADV_DONTNEED refuses it (fails when the whole region
	 * loses VM_LOCKED).
	 */
	p = map(3 * PAGE_SIZE, PRIVATE | MAP_LOCKED);
	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	*(volatile u8 *)p = 1;
	r = mremap(p, PAGE_SIZE, PAGE_SIZE, move, 0);
	ASSERT_TRUE(t, (unsigned long)r < TASK_SIZE_MAX);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, PAGE_SIZE, MADV_DONTNEED), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, p + 2 * PAGE_SIZE, PAGE_SIZE, MADV_DONTNEED), -EINVAL);
	syscall2(__NR_munmap, p, 3 * PAGE_SIZE);
	syscall2(__NR_munmap, r, PAGE_SIZE);
	syscall2(__NR_munmap, q, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, s, PAGE_SIZE);
	syscall2(__NR_munmap, r, PAGE_SIZE);
	syscall2(__NR_munmap, f, PAGE_SIZE);
}

#define MAPS_SIZE	(16 * 1024)
#define LINE_MAX	160

/*
 * The line of /proc/self/maps for the region at start, newline and all, into
 * line (empty if there is none). Read whole into a static buffer first: the
 * regions of the suite fit in a few pages.
 */
static void maps_line(unsigned long start, char *line)
{
	static char buf[MAPS_SIZE];
	long fd = syscall4(__NR_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY, 0), n;
	unsigned long total = 0;
	char head[24], *at, *end;

	line[0] = '\0';
	if (fd < 0)
		return;
	while ((n = syscall3(__NR_read, fd, buf + total, MIN(MAPS_SIZE - 1 - total, 4096UL))) > 0)
		total += n;
	syscall1(__NR_close, fd);
	buf[total] = '\0';
	snprintf(head, sizeof(head), "\n%08lx-", start);
	at = strstr(buf, head);
	end = at ? strchr(at + 1, '\n') : NULL;
	if (end && end - at <= LINE_MAX - 1) {
		memcpy(line, at + 1, end - at);
		line[end - at] = '\0';
	}
}

/* Linux's line for a region of shared memory: the name at column 73. */
static void shmem_line(char *line, unsigned long start, unsigned long end, const char *perms,
		       unsigned long offset, unsigned long ino)
{
	char head[LINE_MAX];

	snprintf(head, sizeof(head), "%08lx-%08lx %s %08lx 00:01 %lu", start, end, perms, offset,
		 ino);
	snprintf(line, LINE_MAX, "%-72s /dev/zero (deleted)\n", head);
}

/* The inode number of the line of maps_line(), 0 if it has none. */
static unsigned long line_ino(const char *line)
{
	const char *at = strstr(line, " 00:01 ");
	unsigned long ino = 0;

	for (at = at ? at + 7 : ""; *at >= '0' && *at <= '9'; at++)
		ino = ino * 10 + *at - '0';
	return ino;
}

/*
 * /proc/self/maps shows shared memory as Linux 6.1 and 6.12 show it: the name
 * "/dev/zero (deleted)" at column 73, device 00:01, an inode number per object
 * (nonzero, each object's its own, MAP_SHARED|MAP_ANONYMOUS and /dev/zero's
 * alike), kept by both halves of a split and by a fork child; the offset is
 * the region's page in the object: 0x1000 for the second half of a split and
 * for what a munmap() of the front page leaves (fails without the name, with
 * one inode number for all, or with the offset 0 after the munmap()).
 */
SELFTEST(shmem, maps_names_shared_memory_as_linux)
{
	static char line[LINE_MAX], want[LINE_MAX];
	unsigned long a = map(3 * PAGE_SIZE, SHARED), b = map(2 * PAGE_SIZE, SHARED), z;
	unsigned long ino_a, ino_b, ino_z;
	long fd = syscall4(__NR_openat, AT_FDCWD, "/dev/zero", O_RDWR, 0), pid;

	ASSERT_TRUE(t, fd >= 0);
	z = map_fd(PAGE_SIZE, MAP_SHARED, fd, 0);
	syscall1(__NR_close, fd);
	ASSERT_TRUE(t, a < TASK_SIZE_MAX && b < TASK_SIZE_MAX && z < TASK_SIZE_MAX);
	maps_line(a, line);
	ino_a = line_ino(line);
	shmem_line(want, a, a + 3 * PAGE_SIZE, "rw-s", 0, ino_a);
	EXPECT_STREQ(t, line, want);
	maps_line(b, line);
	ino_b = line_ino(line);
	maps_line(z, line);
	ino_z = line_ino(line);
	shmem_line(want, z, z + PAGE_SIZE, "rw-s", 0, ino_z);
	EXPECT_STREQ(t, line, want);
	EXPECT_TRUE(t, ino_a && ino_b && ino_z);
	EXPECT_TRUE(t, ino_a != ino_b && ino_b != ino_z && ino_a != ino_z);

	ASSERT_EQ(t, syscall3(__NR_mprotect, b + PAGE_SIZE, PAGE_SIZE, PROT_READ), 0L);
	maps_line(b, line);
	shmem_line(want, b, b + PAGE_SIZE, "rw-s", 0, ino_b);
	EXPECT_STREQ(t, line, want);
	maps_line(b + PAGE_SIZE, line);
	shmem_line(want, b + PAGE_SIZE, b + 2 * PAGE_SIZE, "r--s", PAGE_SIZE, ino_b);
	EXPECT_STREQ(t, line, want);

	ASSERT_EQ(t, syscall2(__NR_munmap, a, PAGE_SIZE), 0L);
	maps_line(a + PAGE_SIZE, line);
	shmem_line(want, a + PAGE_SIZE, a + 3 * PAGE_SIZE, "rw-s", PAGE_SIZE, ino_a);
	EXPECT_STREQ(t, line, want);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		maps_line(a + PAGE_SIZE, line);
		syscall1(__NR_exit, strcmp(line, want) ? 1 : 0);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
	syscall2(__NR_munmap, a + PAGE_SIZE, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, b, 2 * PAGE_SIZE);
	syscall2(__NR_munmap, z, PAGE_SIZE);
}

/*
 * A MAP_SHARED mapping of /dev/zero at a file offset maps its object from that
 * page on, the object of the mapping's size all the same, as Linux 6.1 and
 * 6.12's shmem_zero_setup(): three pages at offset 8 KiB read and write their
 * first page (the object's page 2) and raise SIGBUS on the others, and maps
 * shows the offset 00002000; one page at offset 4 KiB is SIGBUS throughout;
 * grown by mremap() it keeps its offset and data. MAP_SHARED|MAP_ANONYMOUS
 * ignores the offset (fails when the offset is ignored for /dev/zero too:
 * zeros instead of SIGBUS).
 */
SELFTEST(shmem, dev_zero_shared_at_an_offset_maps_the_object_from_there)
{
	static char line[LINE_MAX], want[LINE_MAX];
	long fd = syscall4(__NR_openat, AT_FDCWD, "/dev/zero", O_RDWR, 0), q;
	unsigned long p, one, anon;

	ASSERT_TRUE(t, fd >= 0);
	p = map_fd(3 * PAGE_SIZE, MAP_SHARED, fd, 2 * PAGE_SIZE);
	one = map_fd(PAGE_SIZE, MAP_SHARED, fd, PAGE_SIZE);
	anon = map_fd(2 * PAGE_SIZE, SHARED, -1, 2 * PAGE_SIZE);
	syscall1(__NR_close, fd);
	ASSERT_TRUE(t, p < TASK_SIZE_MAX && one < TASK_SIZE_MAX && anon < TASK_SIZE_MAX);
	EXPECT_EQ(t, *(volatile u64 *)p, 0UL);
	*(volatile u64 *)p = 5;
	EXPECT_TRUE(t, sigbus_at(p + PAGE_SIZE));
	EXPECT_TRUE(t, sigbus_at(p + 3 * PAGE_SIZE - 1));
	EXPECT_TRUE(t, sigbus_at(one));
	EXPECT_EQ(t, *(volatile u64 *)(anon + PAGE_SIZE), 0UL);
	maps_line(p, line);
	shmem_line(want, p, p + 3 * PAGE_SIZE, "rw-s", 2 * PAGE_SIZE, line_ino(line));
	EXPECT_STREQ(t, line, want);
	maps_line(anon, line);
	shmem_line(want, anon, anon + 2 * PAGE_SIZE, "rw-s", 0, line_ino(line));
	EXPECT_STREQ(t, line, want);

	q = mremap(p, 3 * PAGE_SIZE, 5 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, (unsigned long)q < TASK_SIZE_MAX);
	EXPECT_EQ(t, *(volatile u64 *)q, 5UL);
	EXPECT_TRUE(t, sigbus_at(q + 4 * PAGE_SIZE));
	maps_line(q, line);
	shmem_line(want, q, q + 5 * PAGE_SIZE, "rw-s", 2 * PAGE_SIZE, line_ino(line));
	EXPECT_STREQ(t, line, want);
	syscall2(__NR_munmap, q, 5 * PAGE_SIZE);
	syscall2(__NR_munmap, one, PAGE_SIZE);
	syscall2(__NR_munmap, anon, 2 * PAGE_SIZE);
}

/* Does /proc/self/maps have a region of exactly [start, end)? */
static bool maps_region(unsigned long start, unsigned long end)
{
	static char line[LINE_MAX];
	char range[40];

	maps_line(start, line);
	snprintf(range, sizeof(range), "%08lx-%08lx ", start, end);
	return !strncmp(line, range, strlen(range));
}

/*
 * The range MREMAP_DONTUNMAP moves to is a region apart from the one it left,
 * as Linux 6.1 and 6.12 keep them (/proc/self/maps: two lines), whether the
 * move lands just after the old range or just before it, its pages touched or
 * not; between inaccessible pages, so that no other neighbour merges (fails
 * when the moved region merges with the old one). Untouched, they merge once
 * mprotect() makes them over, as Linux's do.
 */
SELFTEST(shmem, mremap_dontunmap_moves_to_a_region_of_its_own)
{
	const int move = MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP;

	for (int touch = 0; touch < 2; touch++) {
		for (int after = 0; after < 2; after++) {
			unsigned long g = syscall6(__NR_mmap, 0, 6 * PAGE_SIZE, PROT_NONE, PRIVATE,
						   -1, 0), a = g + PAGE_SIZE;
			unsigned long old = after ? a : a + 2 * PAGE_SIZE;
			unsigned long new = after ? a + 2 * PAGE_SIZE : a;

			ASSERT_TRUE(t, g < TASK_SIZE_MAX);
			ASSERT_EQ(t, syscall6(__NR_mmap, a, 4 * PAGE_SIZE, PROT_RW,
					      PRIVATE | MAP_FIXED, -1, 0), (long)a);
			ASSERT_EQ(t, syscall2(__NR_munmap, new, 2 * PAGE_SIZE), 0L);
			if (touch)
				*(volatile u8 *)old = 1;
			ASSERT_EQ(t, mremap(old, 2 * PAGE_SIZE, 2 * PAGE_SIZE, move, new),
				  (long)new);
			EXPECT_TRUE(t, maps_region(a, a + 2 * PAGE_SIZE));
			EXPECT_TRUE(t, maps_region(a + 2 * PAGE_SIZE, a + 4 * PAGE_SIZE));
			if (!touch) {
				syscall3(__NR_mprotect, a, 4 * PAGE_SIZE, PROT_READ);
				syscall3(__NR_mprotect, a, 4 * PAGE_SIZE, PROT_RW);
				EXPECT_TRUE(t, maps_region(a, a + 4 * PAGE_SIZE));
			}
			syscall2(__NR_munmap, g, 6 * PAGE_SIZE);
		}
	}
}

/*
 * A GiB of shared memory costs nothing at mmap() (its object's root table),
 * and a touch costs its page (and the tables that map it), for the process and
 * a child forked before it alike (fails when mmap() allocates the pages: with
 * the suite's memory, -ENOMEM).
 */
#define GIB		(1UL << 30)
#define FEW_FRAMES	8

SELFTEST(shmem, a_gib_maps_at_once_and_a_touch_costs_a_page)
{
	unsigned long before = free_frames(), mapped, touched;
	long p = map(GIB, SHARED), pid;

	ASSERT_TRUE(t, (unsigned long)p < TASK_SIZE_MAX);
	mapped = free_frames();
	EXPECT_TRUE(t, mapped + FEW_FRAMES >= before);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		*(volatile u64 *)(p + GIB / 2) = 9;
		syscall1(__NR_exit, 0);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, *(volatile u64 *)(p + GIB / 2), 9UL);
	touched = free_frames();
	EXPECT_TRUE(t, touched + FEW_FRAMES >= mapped);
	EXPECT_EQ(t, *(volatile u64 *)(p + GIB - 8), 0UL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, GIB), 0L);
	if (mapped + FEW_FRAMES < before || touched + FEW_FRAMES < mapped)
		printf("# %lu frames free before, %lu mapped, %lu touched\n", before, mapped,
		       touched);
}
