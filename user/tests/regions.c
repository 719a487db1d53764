// SPDX-License-Identifier: GPL-2.0
/*
 * The regions of an address space (kernel/mm/vma.c, kernel/mm/mmap.c) under
 * Linux's rules: brk stops below the next mapping, lengths are checked before
 * and after rounding as Linux's PAGE_ALIGN() checks them, unknown mmap flags are
 * ignored, mremap() shrinks over holes but grows only within one region,
 * mprotect() changes what it can before a hole, anonymous memory costs nothing
 * until touched, unmapping frees the page tables that mapped only what went, and
 * /proc/self/maps shows one line per region.
 */
#include <elf.h>
#include <file.h>
#include <uapi/fs.h>
#include <uapi/mman.h>
#include "harness.h"

#define PROT_RW		(PROT_READ | PROT_WRITE)
#define ANON		(MAP_PRIVATE | MAP_ANONYMOUS)

static long map(unsigned long addr, unsigned long len, unsigned long prot, unsigned long flags)
{
	return syscall6(__NR_mmap, addr, len, prot, flags, -1, 0);
}

static long mprotect(unsigned long addr, unsigned long len, unsigned long prot)
{
	return syscall3(__NR_mprotect, addr, len, prot);
}

static long mremap(unsigned long old, unsigned long old_len, unsigned long new_len, int flags,
		   unsigned long new)
{
	return syscall5(__NR_mremap, old, old_len, new_len, flags, new);
}

static unsigned long write_target;

static void write_it(void)
{
	*(volatile u8 *)write_target = 1;
}

/* Does a write at addr fault with SIGSEGV and code? */
static bool write_faults(unsigned long addr, int code)
{
	write_target = addr;
	return faults(write_it) && caught.sig == SIGSEGV && caught.code == code;
}

/*
 * brk() grows only to a page below the next mapping (Linux's brk(): newbrk +
 * PAGE_SIZE > vm_start_gap(next) is refused) and returns the old break; the
 * read-only mapping there stays as it was, read-only.
 */
SELFTEST(regions, brk_stops_a_page_below_the_next_mapping)
{
	unsigned long start = syscall1(__NR_brk, 0), end = (start + PAGE_SIZE - 1) & PAGE_MASK;
	unsigned long above = end + 4 * PAGE_SIZE;

	ASSERT_EQ(t, map(above, PAGE_SIZE, PROT_RW, ANON | MAP_FIXED_NOREPLACE), (long)above);
	*(volatile u8 *)above = 0x5a;
	ASSERT_EQ(t, mprotect(above, PAGE_SIZE, PROT_READ), 0);
	EXPECT_EQ(t, syscall1(__NR_brk, above + 2 * PAGE_SIZE), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, above - PAGE_SIZE + 1), (long)start);
	EXPECT_EQ(t, syscall1(__NR_brk, above - PAGE_SIZE), (long)(above - PAGE_SIZE));
	*(volatile u8 *)(above - PAGE_SIZE - 1) = 1;		/* the heap's last byte */
	EXPECT_EQ(t, *(volatile u8 *)above, 0x5a);
	EXPECT_TRUE(t, write_faults(above, SEGV_ACCERR));
	EXPECT_EQ(t, syscall1(__NR_brk, start), (long)start);
	EXPECT_TRUE(t, write_faults(end, SEGV_MAPERR));		/* the heap is gone */
	EXPECT_EQ(t, syscall2(__NR_munmap, above, PAGE_SIZE), 0);
}

/*
 * The vDSO moved to the page just above the break: brk() stops below it, and
 * the vDSO's page stays read-only (a write faults). Were it made writable, the
 * write would land in the kernel's own vDSO, every process's. In a child: the
 * move is its own.
 */
static int brk_below_the_moved_vdso(void)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR), start = syscall1(__NR_brk, 0);
	unsigned long end = (start + PAGE_SIZE - 1) & PAGE_MASK;

	if (mremap(vdso, PAGE_SIZE, PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED, end) != (long)end)
		return 1;
	if (syscall1(__NR_brk, end + 2 * PAGE_SIZE) != (long)start)
		return 2;
	if (!write_faults(end, SEGV_ACCERR))
		return 3;
	return memcmp((void *)end, "\177ELF", 4) ? 4 : 0;
}

SELFTEST(regions, brk_never_maps_over_the_vdso)
{
	unsigned long vdso = getauxval(AT_SYSINFO_EHDR);

	EXPECT_EQ(t, in_child(brk_below_the_moved_vdso), 0);
	EXPECT_EQ(t, memcmp((void *)vdso, "\177ELF", 4), 0);	/* ours, untouched */
}

/*
 * Each call's length at its limits, as Linux checks it: mprotect() and
 * madvise() round first and refuse a length that wraps (-ENOMEM for mprotect,
 * -EINVAL for madvise), munmap() checks the length against TASK_SIZE before
 * rounding and refuses nothing else: an unmapped range is fine, mapped or not,
 * below mmap_min_addr too. mmap()'s rounded length of 0 is -ENOMEM.
 */
SELFTEST(regions, lengths_at_their_limits)
{
	unsigned long p = map(0, PAGE_SIZE, PROT_RW, ANON);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	EXPECT_EQ(t, mprotect(p, -1UL, PROT_READ), -ENOMEM);
	EXPECT_EQ(t, mprotect(p, 1UL << 62, PROT_READ), -ENOMEM);
	EXPECT_EQ(t, mprotect(p, 1UL << 63, PROT_READ), -ENOMEM);
	EXPECT_EQ(t, mprotect(p, 0, PROT_READ), 0);
	EXPECT_EQ(t, mprotect(p + 1, PAGE_SIZE, PROT_READ), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, -1UL, MADV_DONTNEED), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, -PAGE_SIZE, MADV_DONTNEED), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 1UL << 62, MADV_NORMAL), -ENOMEM);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 0, MADV_DONTNEED), 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, p + 1, PAGE_SIZE, 12345), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, 0x1000, PAGE_SIZE), 0);
	EXPECT_EQ(t, syscall2(__NR_munmap, 0, PAGE_SIZE), 0);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, -1UL), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 1UL << 63), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, TASK_SIZE_MAX, PAGE_SIZE), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, TASK_SIZE_MAX + PAGE_SIZE, PAGE_SIZE), -EINVAL);
	EXPECT_EQ(t, map(0, -1UL, PROT_RW, ANON), -ENOMEM);
	EXPECT_EQ(t, map(0, 1UL << 62, PROT_RW, ANON), -ENOMEM);
	EXPECT_EQ(t, map(TASK_SIZE_MAX, PAGE_SIZE, PROT_RW, ANON | MAP_FIXED), -ENOMEM);
	EXPECT_EQ(t, map(p + 1, PAGE_SIZE, PROT_RW, ANON | MAP_FIXED), -EINVAL);
	EXPECT_EQ(t, mremap(p, -1UL, PAGE_SIZE, 0, 0), -EINVAL);	/* old_len 0: private */
	EXPECT_EQ(t, mremap(p, PAGE_SIZE, -1UL, MREMAP_MAYMOVE, 0), -EINVAL);
	EXPECT_EQ(t, *(volatile u8 *)p, 0);				/* still mapped */
	EXPECT_EQ(t, syscall2(__NR_munmap, p, PAGE_SIZE), 0);
}

/*
 * PROT_SEM is accepted (and means nothing on x86); mmap() ignores unknown
 * protection and flag bits, MAP_NONBLOCK and MAP_LOCKED included, as Linux's
 * do_mmap() does without MAP_SHARED_VALIDATE; mprotect() refuses unknown bits.
 * Anonymous memory is MAP_SHARED or MAP_PRIVATE, nothing else; /dev/zero
 * refuses unknown flags under MAP_SHARED_VALIDATE (-EOPNOTSUPP). No huge pages.
 */
SELFTEST(regions, prot_and_flags_as_linux_takes_them)
{
	long zero = syscall4(__NR_openat, AT_FDCWD, "/dev/zero", O_RDWR, 0);
	unsigned long p;

	p = map(0, PAGE_SIZE, PROT_RW | PROT_SEM, ANON);
	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	EXPECT_EQ(t, mprotect(p, PAGE_SIZE, PROT_READ | PROT_SEM), 0);
	EXPECT_EQ(t, mprotect(p, PAGE_SIZE, PROT_EXEC << 2), -EINVAL);
	EXPECT_EQ(t, mprotect(p, PAGE_SIZE, PROT_READ | PROT_GROWSUP), -EINVAL);
	EXPECT_EQ(t, mprotect(p, PAGE_SIZE, PROT_READ | PROT_GROWSDOWN), -EINVAL);
	EXPECT_EQ(t, mprotect(p, PAGE_SIZE, PROT_GROWSUP | PROT_GROWSDOWN), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, PAGE_SIZE), 0);
	for (unsigned long flags = MAP_NONBLOCK; flags; flags = flags == MAP_NONBLOCK ? MAP_LOCKED :
	     flags == MAP_LOCKED ? 0x80000000UL : flags == 0x80000000UL ? MAP_UNINITIALIZED : 0) {
		p = map(0, PAGE_SIZE, PROT_RW | (PROT_EXEC << 2), ANON | flags);
		EXPECT_TRUE(t, p < TASK_SIZE_MAX);
		if (p < TASK_SIZE_MAX) {
			*(volatile u8 *)p = 1;
			syscall2(__NR_munmap, p, PAGE_SIZE);
		}
	}
	EXPECT_EQ(t, map(0, PAGE_SIZE, PROT_RW, MAP_SHARED_VALIDATE | MAP_ANONYMOUS), -EINVAL);
	EXPECT_EQ(t, map(0, PAGE_SIZE, PROT_RW, MAP_SHARED | MAP_ANONYMOUS | MAP_GROWSDOWN),
		  -EINVAL);
	EXPECT_EQ(t, map(0, PAGE_SIZE, PROT_RW, 4 | MAP_ANONYMOUS), -EINVAL);
	EXPECT_EQ(t, map(0, PAGE_SIZE, PROT_RW, ANON | MAP_HUGETLB), -ENOMEM);
	EXPECT_EQ(t, map(0, PAGE_SIZE, PROT_RW, ANON | MAP_HUGETLB | 25 << MAP_HUGE_SHIFT),
		  -EINVAL);
	ASSERT_TRUE(t, zero >= 0);
	EXPECT_EQ(t, syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_RW, MAP_SHARED_VALIDATE | MAP_SYNC,
			      zero, 0), -EOPNOTSUPP);
	p = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_RW, MAP_SHARED | MAP_SYNC, zero, 0);
	EXPECT_TRUE(t, p < TASK_SIZE_MAX);
	syscall2(__NR_munmap, p, PAGE_SIZE);
	syscall1(__NR_close, zero);
}

/*
 * mremap() shrinking in place is an munmap() of the tail, holes and all; growing
 * or moving needs the old range in one region (Linux's vma_to_resize(): -EFAULT),
 * and duplicating a private one (old_len 0) is refused.
 */
SELFTEST(regions, mremap_shrinks_over_holes_grows_within_one_region)
{
	unsigned long p = map(0, 4 * PAGE_SIZE, PROT_RW, ANON);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	ASSERT_EQ(t, syscall2(__NR_munmap, p + PAGE_SIZE, PAGE_SIZE), 0);
	EXPECT_EQ(t, mremap(p, 3 * PAGE_SIZE, PAGE_SIZE, 0, 0), (long)p);
	EXPECT_EQ(t, map(p + PAGE_SIZE, 2 * PAGE_SIZE, PROT_RW, ANON | MAP_FIXED_NOREPLACE),
		  (long)(p + PAGE_SIZE));			/* the tail is free */
	ASSERT_EQ(t, mprotect(p + PAGE_SIZE, PAGE_SIZE, PROT_READ), 0);	/* two regions */
	EXPECT_EQ(t, mremap(p, 2 * PAGE_SIZE, 4 * PAGE_SIZE, MREMAP_MAYMOVE, 0), -EFAULT);
	EXPECT_EQ(t, mremap(p, 2 * PAGE_SIZE, 2 * PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED,
			    p + 8 * PAGE_SIZE), -EFAULT);
	EXPECT_EQ(t, mremap(p, 0, PAGE_SIZE, MREMAP_MAYMOVE, 0), -EINVAL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, 4 * PAGE_SIZE), 0);
}

/*
 * mprotect() over a hole: the regions before it change, the call says -ENOMEM
 * (Linux's do_mprotect_pkey()); the ones after the hole keep their protection.
 */
SELFTEST(regions, mprotect_changes_what_it_can_before_a_hole)
{
	unsigned long p = map(0, 3 * PAGE_SIZE, PROT_RW, ANON);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	ASSERT_EQ(t, syscall2(__NR_munmap, p + PAGE_SIZE, PAGE_SIZE), 0);
	EXPECT_EQ(t, mprotect(p, 3 * PAGE_SIZE, PROT_READ), -ENOMEM);
	EXPECT_TRUE(t, write_faults(p, SEGV_ACCERR));
	EXPECT_TRUE(t, write_faults(p + PAGE_SIZE, SEGV_MAPERR));
	*(volatile u8 *)(p + 2 * PAGE_SIZE) = 1;		/* still writable */
	EXPECT_EQ(t, mprotect(p + PAGE_SIZE, PAGE_SIZE, PROT_READ), -ENOMEM);
	syscall2(__NR_munmap, p, 3 * PAGE_SIZE);
}

/*
 * Anonymous memory costs nothing until touched: 64 GiB maps (more than the
 * machine has), a read of an untouched page is 0, a write sticks, and
 * MADV_DONTNEED makes it read 0 again.
 */
SELFTEST(regions, anonymous_memory_is_paged_in_on_first_touch)
{
	const unsigned long len = 64UL << 30;
	unsigned long p = map(0, len, PROT_RW, ANON | MAP_NORESERVE);

	ASSERT_TRUE(t, p < TASK_SIZE_MAX);
	EXPECT_EQ(t, *(volatile u64 *)(p + len / 2), 0UL);
	*(volatile u64 *)(p + len / 2) = 7;
	*(volatile u64 *)(p + len - 8) = 8;
	EXPECT_EQ(t, *(volatile u64 *)(p + len / 2), 7UL);
	EXPECT_EQ(t, syscall3(__NR_madvise, p + len / 2, PAGE_SIZE, MADV_DONTNEED), 0);
	EXPECT_EQ(t, *(volatile u64 *)(p + len / 2), 0UL);
	EXPECT_EQ(t, *(volatile u64 *)(p + len - 8), 8UL);
	EXPECT_EQ(t, syscall2(__NR_munmap, p, len), 0);
}

static unsigned long free_frames(void)
{
	struct sysinfo si;

	return syscall1(__NR_sysinfo, &si) ? 0 : si.freeram;
}

/*
 * One page touched, then unmapped (or moved away and unmapped), a GiB apart each
 * time: each needs a page table and a directory of its own, which must go with
 * the page, or a process fills memory with empty tables (as Linux's
 * free_pgtables() prevents).
 */
#define TABLE_ROUNDS	3000
#define TABLE_BASE	0x100000000000UL	/* 16 TiB: free in the ring-3 suite */

SELFTEST(regions, unmapping_frees_the_page_tables_left_empty)
{
	unsigned long before = free_frames(), after;

	for (unsigned long i = 0; i < TABLE_ROUNDS; i++) {
		unsigned long at = TABLE_BASE + (2 * i << 30), to = at + (1UL << 30);
		long p = map(at, PAGE_SIZE, PROT_RW, ANON | MAP_FIXED_NOREPLACE);

		ASSERT_EQ(t, p, (long)at);
		*(volatile u8 *)at = 1;
		if (i % 2) {
			ASSERT_EQ(t, mremap(at, PAGE_SIZE, PAGE_SIZE, MREMAP_MAYMOVE | MREMAP_FIXED,
					    to), (long)to);
			at = to;
		}
		ASSERT_EQ(t, syscall2(__NR_munmap, at, PAGE_SIZE), 0L);
	}
	after = free_frames();
	/* Two tables a round would be 6,000 frames; a few may be the suite's own. */
	EXPECT_TRUE(t, after + 16 >= before);
	if (after + 16 < before)
		printf("# %lu frames free before, %lu after\n", before, after);
}

/*
 * MAP_SHARED memory is shared with a child forked before the first touch;
 * private memory touched after the fork is each side's own.
 */
static volatile u8 *shared_page, *private_page;

static int touch_both(void)
{
	shared_page[0] = 1;
	private_page[0] = 1;
	return 0;
}

SELFTEST(regions, shared_memory_is_shared_before_its_first_touch)
{
	shared_page = (volatile u8 *)map(0, PAGE_SIZE, PROT_RW, MAP_SHARED | MAP_ANONYMOUS);
	private_page = (volatile u8 *)map(0, PAGE_SIZE, PROT_RW, ANON);
	ASSERT_TRUE(t, (unsigned long)shared_page < TASK_SIZE_MAX);
	ASSERT_TRUE(t, (unsigned long)private_page < TASK_SIZE_MAX);
	EXPECT_EQ(t, in_child(touch_both), 0);
	EXPECT_EQ(t, shared_page[0], 1);
	EXPECT_EQ(t, private_page[0], 0);
	syscall2(__NR_munmap, (unsigned long)shared_page, PAGE_SIZE);
	syscall2(__NR_munmap, (unsigned long)private_page, PAGE_SIZE);
}

/* All of /proc/self/maps, NUL-terminated, in buf. */
static long read_maps(char *buf, size_t size)
{
	long fd = syscall4(__NR_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY, 0), n, total = 0;

	if (fd < 0)
		return fd;
	while ((n = syscall3(__NR_read, fd, buf + total, MIN(size - 1 - total, 512UL))) > 0)
		total += n;
	syscall1(__NR_close, fd);
	buf[total] = '\0';
	return total;
}

#define MANY_REGIONS	300	/* pages of alternating protection: a region each */
#define MAPS_MAX	(64 * 1024)

/*
 * All of /proc/self/maps from fd at its position, chunk bytes a read, into buf;
 * its length. Each read must return chunk bytes but at the end (a chunk below a
 * page), or (a page or more) whole lines of at most a page, as Linux's seq_file:
 * a line is torn only where the reader's count cuts it. -1: a read broke the rule.
 */
static long read_maps_by(long fd, char *buf, size_t size, size_t chunk)
{
	long n, total = 0;
	char after;

	while ((n = syscall3(__NR_read, fd, buf + total, MIN(size - 1 - total, chunk))) > 0) {
		total += n;
		if (chunk >= PAGE_SIZE && (n > (long)PAGE_SIZE || buf[total - 1] != '\n'))
			return -1;
		if (chunk < PAGE_SIZE && n != (long)chunk &&
		    syscall3(__NR_read, fd, &after, 1) != 0)	/* short only at the end */
			return -1;
	}
	buf[total] = '\0';
	return n < 0 ? n : total;
}

/*
 * /proc/self/maps of more regions than a page of text holds: every region has its
 * line, in order, and reads of 1, 7, 100 bytes or 64 KiB at a time, and a pread()
 * from the middle, give the same text, cut as Linux's seq_file cuts it.
 */
SELFTEST(regions, maps_of_many_regions_reads_whole)
{
	static char whole[MAPS_MAX], part[MAPS_MAX];
	static const size_t chunks[] = { 1, 7, 100, PAGE_SIZE, MAPS_MAX };
	unsigned long r = map(0, (MANY_REGIONS + 2) * PAGE_SIZE, PROT_NONE, ANON);
	char line[64], *at;
	long len, fd;

	ASSERT_TRUE(t, r < TASK_SIZE_MAX);
	for (unsigned long i = 1; i <= MANY_REGIONS; i += 2)
		ASSERT_EQ(t, mprotect(r + i * PAGE_SIZE, PAGE_SIZE, PROT_READ), 0);
	fd = syscall4(__NR_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY, 0);
	ASSERT_TRUE(t, fd >= 0);
	len = read_maps_by(fd, whole, sizeof(whole), MAPS_MAX);
	ASSERT_TRUE(t, len > (long)PAGE_SIZE);
	at = whole;
	/* Not the first and last pages: they may merge with a neighbour. */
	for (unsigned long i = 1; i < MANY_REGIONS && at; i++) {
		unsigned long start = r + i * PAGE_SIZE, end = start + PAGE_SIZE;

		snprintf(line, sizeof(line), "\n%08lx-%08lx %s 00000000 00:00 0 \n", start, end,
			 i % 2 ? "r--p" : "---p");
		at = strstr(at, line);
		EXPECT_TRUE(t, at != NULL);
	}
	EXPECT_TRUE(t, strstr(whole, "--xp 00000000 00:00 0") != NULL);	/* [vsyscall] last */
	for (unsigned int c = 0; c < ARRAY_SIZE(chunks); c++) {
		EXPECT_EQ(t, syscall3(__NR_lseek, fd, 0, SEEK_SET), 0L);
		EXPECT_EQ(t, read_maps_by(fd, part, sizeof(part), chunks[c]), len);
		EXPECT_EQ(t, memcmp(part, whole, len), 0);
	}
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, part, 100, len / 2), 100L);
	EXPECT_EQ(t, memcmp(part, whole + len / 2, 100), 0);
	EXPECT_EQ(t, syscall4(__NR_pread64, fd, part, 100, len), 0L);
	EXPECT_EQ(t, syscall3(__NR_lseek, fd, len - 10, SEEK_SET), len - 10);
	EXPECT_EQ(t, syscall3(__NR_read, fd, part, 100), 10L);
	EXPECT_EQ(t, memcmp(part, whole + len - 10, 10), 0);
	syscall1(__NR_close, fd);
	syscall2(__NR_munmap, r, (MANY_REGIONS + 2) * PAGE_SIZE);
}

/*
 * /proc/self/maps prints the regions: a mapping split by mprotect() is two lines
 * until it is made whole again (the regions merge), shared memory is "s". A
 * line without a name ends in a space, as Linux's header does (fails without).
 */
SELFTEST(regions, maps_prints_one_line_per_region)
{
	static char maps[PAGE_SIZE + 1];
	/* Inaccessible pages on both sides: no neighbour with its flags to merge with. */
	unsigned long r = map(0, 5 * PAGE_SIZE, PROT_NONE, ANON), p = r + PAGE_SIZE;
	unsigned long s = map(0, PAGE_SIZE, PROT_READ, MAP_SHARED | MAP_ANONYMOUS);
	char line[160];

	ASSERT_TRUE(t, r < TASK_SIZE_MAX && s < TASK_SIZE_MAX);
	ASSERT_EQ(t, map(p, 3 * PAGE_SIZE, PROT_RW, ANON | MAP_FIXED), (long)p);
	ASSERT_EQ(t, mprotect(p + PAGE_SIZE, PAGE_SIZE, PROT_NONE), 0);
	ASSERT_TRUE(t, read_maps(maps, sizeof(maps)) > 0);
	snprintf(line, sizeof(line), "%08lx-%08lx rw-p 00000000 00:00 0 \n%08lx-%08lx ---p "
		 "00000000 00:00 0 \n%08lx-%08lx rw-p 00000000 00:00 0 \n", p, p + PAGE_SIZE,
		 p + PAGE_SIZE, p + 2 * PAGE_SIZE, p + 2 * PAGE_SIZE, p + 3 * PAGE_SIZE);
	EXPECT_TRUE(t, strstr(maps, line) != NULL);
	/* Its object's device and inode, as Linux's shmem file (user/tests/shmem.c checks them). */
	snprintf(line, sizeof(line), "\n%08lx-%08lx r--s 00000000 00:01 ", s, s + PAGE_SIZE);
	EXPECT_TRUE(t, strstr(maps, line) != NULL);
	ASSERT_EQ(t, mprotect(p + PAGE_SIZE, PAGE_SIZE, PROT_RW), 0);
	ASSERT_TRUE(t, read_maps(maps, sizeof(maps)) > 0);
	snprintf(line, sizeof(line), "%08lx-%08lx rw-p 00000000 00:00 0 \n", p, p + 3 * PAGE_SIZE);
	EXPECT_TRUE(t, strstr(maps, line) != NULL);
	syscall2(__NR_munmap, r, 5 * PAGE_SIZE);
	syscall2(__NR_munmap, s, PAGE_SIZE);
}

static volatile u8 *wiped;

/* A fork child's view of wiped[0..3 pages): 0 if the middle page alone reads zeros. */
static int sees_middle_wiped(void)
{
	return wiped[0] == 0x55 && wiped[PAGE_SIZE] == 0 && wiped[2 * PAGE_SIZE] == 0x55 ? 0 : 1;
}

/* The child writes the wiped page, then its own child must see it zeroed again. */
static int wiped_again_in_a_grandchild(void)
{
	long pid;

	wiped[PAGE_SIZE] = 0x77;
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, wiped[PAGE_SIZE] == 0 ? 0 : 1);
	return wait_status(pid) == 0 && wiped[PAGE_SIZE] == 0x77 ? 0 : 1;
}

/* A fork child's view after MADV_KEEPONFORK: the parent's data everywhere. */
static int sees_parents_data(void)
{
	return wiped[0] == 0x55 && wiped[PAGE_SIZE] == 0x66 ? 0 : 1;
}

/*
 * MADV_WIPEONFORK: a fork child gets zero-fill pages for a private anonymous
 * region, keeps the advice (its own child's are zeroed too), and the parent
 * its data; MADV_KEEPONFORK undoes it. A shared region or the program's own
 * (a file's, on Linux) is -EINVAL, a hole -ENOMEM; KEEPONFORK takes any
 * region. Each answer Linux 6.12's (fails with -EINVAL before the advice
 * existed, and with the child seeing 0x55 without the wipe).
 */
SELFTEST(regions, madvise_wipeonfork_zeroes_the_childs_pages)
{
	long p = map(0, 3 * PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS);
	long shared = map(0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS);

	ASSERT_TRUE(t, p > 0 && shared > 0);
	wiped = (volatile u8 *)p;
	memset((void *)p, 0x55, 3 * PAGE_SIZE);
	EXPECT_EQ(t, syscall3(__NR_madvise, p + PAGE_SIZE, PAGE_SIZE, MADV_WIPEONFORK), 0L);
	EXPECT_EQ(t, in_child(sees_middle_wiped), 0);
	EXPECT_EQ(t, in_child(wiped_again_in_a_grandchild), 0);
	EXPECT_EQ(t, wiped[PAGE_SIZE], 0x55);			/* the parent's stays */
	wiped[PAGE_SIZE] = 0x66;
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 3 * PAGE_SIZE, MADV_KEEPONFORK), 0L);
	EXPECT_EQ(t, in_child(sees_parents_data), 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, shared, PAGE_SIZE, MADV_WIPEONFORK), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, shared, PAGE_SIZE, MADV_KEEPONFORK), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, (long)sees_parents_data & PAGE_MASK, PAGE_SIZE,
			      MADV_WIPEONFORK), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, 0x10000, PAGE_SIZE, MADV_WIPEONFORK), -ENOMEM);
	syscall2(__NR_munmap, p, 3 * PAGE_SIZE);
	syscall2(__NR_munmap, shared, PAGE_SIZE);
}

#define POPULATED	64		/* pages */

/*
 * MADV_POPULATE_WRITE gives each page a frame now (free memory here drops by as
 * many; Linux's per-CPU page lists hide it from sysinfo()), MADV_POPULATE_READ
 * maps what a read would; each takes only a region the access may reach
 * (-EINVAL: no write permission, PROT_NONE, the vvar page) and stops at a hole
 * (-ENOMEM). Each answer Linux 6.12's (fails with -EINVAL before the advice
 * existed, and with free memory unchanged when it populates nothing).
 */
SELFTEST(regions, madvise_populate_faults_pages_in)
{
	long p = map(0, POPULATED * PAGE_SIZE, PROT_READ | PROT_WRITE, ANON);
	long ro = map(0, PAGE_SIZE, PROT_READ, ANON);
	long none = map(0, PAGE_SIZE, PROT_NONE, ANON);
	long shared = map(0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS);
	unsigned long vvar = getauxval(AT_SYSINFO_EHDR) - PAGE_SIZE, before;

	ASSERT_TRUE(t, p > 0 && ro > 0 && none > 0 && shared > 0);
	before = free_frames();
	EXPECT_EQ(t, syscall3(__NR_madvise, p, POPULATED * PAGE_SIZE, MADV_POPULATE_WRITE), 0L);
	EXPECT_TRUE(t, before - free_frames() >= POPULATED);
	EXPECT_EQ(t, ((volatile u8 *)p)[PAGE_SIZE], 0);
	EXPECT_EQ(t, syscall3(__NR_madvise, ro, PAGE_SIZE, MADV_POPULATE_WRITE), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, ro, PAGE_SIZE, MADV_POPULATE_READ), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, none, PAGE_SIZE, MADV_POPULATE_READ), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, shared, PAGE_SIZE, MADV_POPULATE_WRITE), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, vvar, PAGE_SIZE, MADV_POPULATE_READ), -EINVAL);
	EXPECT_EQ(t, syscall3(__NR_madvise, 0x10000, PAGE_SIZE, MADV_POPULATE_READ), -ENOMEM);
	EXPECT_EQ(t, syscall2(__NR_munmap, p + PAGE_SIZE, PAGE_SIZE), 0L);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 3 * PAGE_SIZE, MADV_POPULATE_WRITE), -ENOMEM);
	EXPECT_EQ(t, syscall3(__NR_madvise, p, 3 * PAGE_SIZE, MADV_POPULATE_READ), -ENOMEM);
	syscall2(__NR_munmap, p, POPULATED * PAGE_SIZE);
	syscall2(__NR_munmap, ro, PAGE_SIZE);
	syscall2(__NR_munmap, none, PAGE_SIZE);
	syscall2(__NR_munmap, shared, PAGE_SIZE);
}
