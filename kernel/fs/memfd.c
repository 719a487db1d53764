// SPDX-License-Identifier: GPL-2.0
/*
 * Memory files: memfd_create(2), as Linux's mm/memfd.c over shmem, for a kernel
 * with no filesystem. A memory file is a regular file with no name in any
 * directory: read(), write(), pread()/pwrite(), lseek(), fstat() and ftruncate()
 * work on it, dup() and fork() share it, and its memory goes with its last
 * descriptor.
 *
 * Its bytes live in frames found through a table of one page (so at most
 * MEMFD_MAX_PAGES of them: -EFBIG past that, as past any file size limit); a
 * frame is allocated the first time a write reaches it, and a hole reads as
 * zeros. Frames are never taken back before the file is released: ftruncate()
 * to a shorter size zeroes what it cuts off instead. So a read or write can copy
 * to or from user memory, which may fault, holding no lock: the frames it finds
 * stay for the file's lifetime. What the lock orders is the table and the size.
 *
 * Not here: mmap() of one (entrylab maps anonymous memory only) and sealing
 * (MFD_ALLOW_SEALING is -EINVAL, as on a kernel built without it).
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <spinlock.h>
#include <string.h>
#include <syscalls.h>
#include <uapi/stat.h>

#define MFD_CLOEXEC		0x0001U
#define MFD_NAME_MAX_LEN	249		/* NAME_MAX less "memfd:", as Linux */
#define MEMFD_MAX_PAGES		((PAGE_SIZE - sizeof(spinlock_t)) / sizeof(phys_addr_t))
#define MEMFD_MAX_SIZE		((long)(MEMFD_MAX_PAGES * PAGE_SIZE))

struct memfd {
	spinlock_t lock;			/* page[] and the file's size */
	phys_addr_t page[MEMFD_MAX_PAGES];	/* 0: a hole */
};

/* The frame behind page index i, allocated first when alloc; NULL: a hole, or no memory. */
static u8 *memfd_page(struct memfd *m, unsigned long i, bool alloc)
{
	phys_addr_t new = 0, pa;
	unsigned long flags;

	pa = READ_ONCE(m->page[i]);
	if (pa || !alloc)
		return pa ? phys_to_virt(pa) : NULL;
	new = alloc_frame();			/* zeroed */
	if (!new)
		return NULL;
	spin_lock_irqsave(&m->lock, flags);
	pa = m->page[i];
	if (!pa)
		pa = m->page[i] = new, new = 0;
	spin_unlock_irqrestore(&m->lock, flags);
	if (new)				/* another writer filled it first */
		free_frame(new);
	return phys_to_virt(pa);
}

static long memfd_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	long size = READ_ONCE(f->size), done = 0;

	if (*pos >= size)
		return 0;
	count = MIN(count, (size_t)(size - *pos));
	while ((size_t)done < count) {
		unsigned long off = (*pos + done) % PAGE_SIZE;
		size_t n = MIN(count - done, PAGE_SIZE - off);
		const u8 *page = memfd_page(f->data, (*pos + done) / PAGE_SIZE, false) ?: zero_page;
		unsigned long left = copy_to_user(buf + done, page + off, n);

		done += n - left;
		if (left)
			break;
	}
	*pos += done;
	return done ? done : -EFAULT;
}

/* The size grows to end if it is shorter; a racing ftruncate() may shrink it after. */
static void memfd_extend(struct file *f, long end)
{
	struct memfd *m = f->data;
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	if (end > (long)f->size)
		f->size = end;
	spin_unlock_irqrestore(&m->lock, flags);
}

static long memfd_write(struct file *f, const char __user *buf, size_t count, long *pos)
{
	long done = 0;

	if (f->flags & O_APPEND)
		*pos = READ_ONCE(f->size);
	if (*pos >= MEMFD_MAX_SIZE)
		return count ? -EFBIG : 0;
	count = MIN(count, (size_t)(MEMFD_MAX_SIZE - *pos));
	while ((size_t)done < count) {
		unsigned long off = (*pos + done) % PAGE_SIZE;
		size_t n = MIN(count - done, PAGE_SIZE - off);
		u8 *page = memfd_page(f->data, (*pos + done) / PAGE_SIZE, true);
		unsigned long left;

		if (!page) {
			if (!done)
				return -ENOSPC;		/* Linux's shmem says so, out of memory */
			break;
		}
		left = copy_from_user(page + off, buf + done, n);
		done += n - left;
		if (left)
			break;
	}
	if (!done)
		return -EFAULT;
	*pos += done;
	memfd_extend(f, *pos);
	return done;
}

/* ftruncate(): a shorter file's cut-off bytes zeroed (its frames stay), a longer one a hole. */
static long memfd_truncate(struct file *f, long size)
{
	struct memfd *m = f->data;
	unsigned long flags;
	long old;

	if (size > MEMFD_MAX_SIZE)
		return -EFBIG;
	spin_lock_irqsave(&m->lock, flags);
	old = f->size;
	f->size = size;
	spin_unlock_irqrestore(&m->lock, flags);
	for (long at = size; at < old; at = ALIGN_DOWN(at, PAGE_SIZE) + PAGE_SIZE) {
		u8 *page = memfd_page(m, at / PAGE_SIZE, false);

		if (page)
			memset(page + at % PAGE_SIZE, 0, PAGE_SIZE - at % PAGE_SIZE);
	}
	return 0;
}

/*
 * SEEK_DATA/SEEK_HOLE, as Linux's shmem_file_llseek(): a page with a frame is
 * data, one without a hole, the end of the file a hole; an offset outside the
 * file is -ENXIO. A page a shorter ftruncate() cut off keeps its zeroed frame,
 * so after the file grows again it counts as data, where Linux finds a hole:
 * the call's contract allows reporting a hole as data.
 */
static long memfd_seek_hole_data(struct file *f, long offset, bool hole)
{
	struct memfd *m = f->data;
	unsigned long flags;
	long at = offset;

	spin_lock_irqsave(&m->lock, flags);
	if (offset < 0 || offset >= (long)f->size) {
		at = -ENXIO;
		goto out;
	}
	while (at < (long)f->size && !m->page[at / PAGE_SIZE] != hole)	/* the other kind */
		at = ALIGN_DOWN(at, PAGE_SIZE) + PAGE_SIZE;
	if (at >= (long)f->size)
		at = hole ? (long)f->size : -ENXIO;
out:
	spin_unlock_irqrestore(&m->lock, flags);
	return at;
}

static void memfd_release(struct file *f)
{
	struct memfd *m = f->data;

	for (unsigned long i = 0; i < MEMFD_MAX_PAGES; i++)
		if (m->page[i])
			free_frame(m->page[i]);
	free_page_object(m);
}

static const struct file_operations memfd_fops = {
	.read = memfd_read,
	.write = memfd_write,
	.truncate = memfd_truncate,
	.seek_hole_data = memfd_seek_hole_data,
	.release = memfd_release,
	.mode = S_IFREG | 0777,
	.seekable = true,
};

/*
 * memfd_create(name, flags): a new, empty memory file open for reading and
 * writing at the lowest free fd. The name (at most 249 bytes, else -EINVAL)
 * labels the file in Linux's /proc/PID/fd; entrylab has no such directory, so
 * it is checked and not kept.
 */
long sys_memfd_create(struct pt_regs *regs)
{
	char name[MFD_NAME_MAX_LEN + 1];
	struct memfd *m;
	struct file *f;
	long len, fd;

	if (regs->si & ~MFD_CLOEXEC)
		return -EINVAL;
	len = strncpy_from_user(name, (const char __user *)regs->di, sizeof(name));
	if (len < 0)
		return len;
	if (len == sizeof(name))
		return -EINVAL;
	m = alloc_page_object();
	_Static_assert(sizeof(struct memfd) <= PAGE_SIZE, "struct memfd outgrew its page");
	f = m ? file_alloc(&memfd_fops, O_RDWR | O_LARGEFILE) : NULL;
	if (!f) {
		if (m)
			free_page_object(m);
		return -ENFILE;
	}
	m->lock = (spinlock_t)SPINLOCK_INIT(memfd_lock);
	f->data = m;
	fd = fd_install(f, regs->si & MFD_CLOEXEC);
	file_put(f);				/* the descriptor holds its own, or none */
	return fd;
}
