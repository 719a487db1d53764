// SPDX-License-Identifier: GPL-2.0
/*
 * Snapshot files: the read-only regular files of /proc and /sys whose text is
 * made once, at open(), into a page of their own (f->data, f->size), and read
 * from then on like a file of that size. A reader sees one consistent text,
 * however it splits its reads.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <uapi/stat.h>

static long snapshot_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	size_t n;

	if ((size_t)*pos >= f->size)
		return 0;
	n = MIN(count, f->size - *pos);
	if (copy_to_user(buf, (const char *)f->data + *pos, n))
		return -EFAULT;
	*pos += n;
	return n;
}

static void snapshot_release(struct file *f)
{
	free_frame(virt_to_phys(f->data));
}

static const struct file_operations snapshot_fops = {
	.read = snapshot_read,
	.release = snapshot_release,
	.mode = S_IFREG | 0444,
	.seekable = true,
};

struct file *snapshot_alloc(void)
{
	phys_addr_t page = alloc_frame();
	struct file *f;

	if (!page)
		return NULL;
	f = file_alloc(&snapshot_fops, O_RDONLY);
	if (!f) {
		free_frame(page);
		return NULL;
	}
	f->data = phys_to_virt(page);
	f->size = 0;
	return f;
}
