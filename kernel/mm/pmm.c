// SPDX-License-Identifier: GPL-2.0
/*
 * Physical frame allocator: one bit per 4 KiB frame below MAX_PHYS, set = in use.
 * Everything starts in use; pmm_init() frees the usable ranges of the multiboot2
 * memory map except the first megabyte (BIOS data, VGA, option ROMs), the kernel
 * image, the boot modules and the boot information. alloc_frame() hands out zeroed
 * frames through the direct map. The bitmap and counters are under pmm_lock,
 * taken with IRQs off so that a future interrupt-time allocation cannot deadlock.
 *
 * A user frame can be mapped by several address spaces at once: fork() shares
 * every page copy-on-write. frame_extra_refs[] counts the owners beyond the
 * first, so a frame with one owner (nearly all of them) needs no count at all:
 * get_frame() adds an owner, put_frame() drops one and frees the frame with the
 * last. One byte per frame bounds the owners at 256: each process, and the kernel's
 * own vDSO pages (arch/x86/vdso/vma.c checks MAX_TASKS against it).
 *
 * A freed frame's first word is overwritten with FRAME_POISON: whoever still
 * reaches the frame (a stale TLB entry, a dangling pointer) reads garbage that
 * says so, as Linux's page poisoning does for whole pages. One word keeps the
 * cost to a store; alloc_frame() zeroes the frame again.
 */
#include <asm/page.h>
#include <kernel.h>
#include <multiboot2.h>
#include <pmm.h>
#include <printk.h>
#include <spinlock.h>
#include <string.h>

#define MAX_PHYS	(4UL << 30)	/* frames above 4 GiB are left unused */
#define MAX_FRAMES	(MAX_PHYS / PAGE_SIZE)

static u64 frame_bitmap[MAX_FRAMES / 64];
static u8 frame_extra_refs[MAX_FRAMES];
static unsigned long nr_free, nr_total, search_hint;
static phys_addr_t max_phys;
static DEFINE_SPINLOCK(pmm_lock);

extern char _kernel_phys_start[], _kernel_phys_end[];

static void mark_range(phys_addr_t start, phys_addr_t end, bool used)
{
	start = ALIGN_DOWN(start, PAGE_SIZE);
	end = MIN(ALIGN_UP(end, PAGE_SIZE), MAX_PHYS);
	for (phys_addr_t pa = start; pa < end; pa += PAGE_SIZE) {
		unsigned long f = pa / PAGE_SIZE;
		bool was_used = frame_bitmap[f / 64] & BIT(f % 64);

		if (used && !was_used) {
			frame_bitmap[f / 64] |= BIT(f % 64);
			nr_free--;
		} else if (!used && was_used) {
			frame_bitmap[f / 64] &= ~BIT(f % 64);
			nr_free++;
		}
	}
}

void pmm_init(void)
{
	memset(frame_bitmap, 0xff, sizeof(frame_bitmap));
	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];
		phys_addr_t start = ALIGN_UP(r->start, PAGE_SIZE);
		phys_addr_t end = ALIGN_DOWN(r->end, PAGE_SIZE);

		if (!r->usable || start >= end || start >= MAX_PHYS)
			continue;
		mark_range(start, end, false);
		max_phys = MAX(max_phys, MIN(end, MAX_PHYS));
	}
	mark_range(0, 1UL << 20, true);
	mark_range((phys_addr_t)_kernel_phys_start, (phys_addr_t)_kernel_phys_end, true);
	mark_range(boot_info.info_start, boot_info.info_end, true);
	for (unsigned int i = 0; i < boot_info.nr_modules; i++)
		mark_range(boot_info.modules[i].start, boot_info.modules[i].end, true);
	nr_total = nr_free;
	if (!nr_free)
		bad_boot("no usable memory in the multiboot2 memory map");
}

phys_addr_t alloc_frame(void)
{
	phys_addr_t pa = 0;
	unsigned long flags;

	spin_lock_irqsave(&pmm_lock, flags);
	for (unsigned long n = 0; n < MAX_FRAMES / 64; n++) {
		unsigned long w = (search_hint + n) % (MAX_FRAMES / 64);

		if (frame_bitmap[w] == ~0UL)
			continue;
		pa = (w * 64 + __builtin_ctzl(~frame_bitmap[w])) * PAGE_SIZE;
		frame_bitmap[w] |= BIT((pa / PAGE_SIZE) % 64);
		nr_free--;
		search_hint = w;
		break;
	}
	spin_unlock_irqrestore(&pmm_lock, flags);
	if (pa)
		memset(phys_to_virt(pa), 0, PAGE_SIZE);	/* ours alone now: no lock */
	return pa;
}

/*
 * A run of n free frames within one 64-frame word of the bitmap, first fit: for
 * the rare object larger than a page (a task's 8 KiB I/O bitmap).
 */
phys_addr_t alloc_frames(unsigned int n)
{
	return alloc_frames_aligned(n, 1);
}

phys_addr_t alloc_frames_aligned(unsigned int n, unsigned int align)
{
	u64 run = n >= 64 ? ~0UL : BIT(n) - 1;
	phys_addr_t pa = 0;
	unsigned long flags;

	spin_lock_irqsave(&pmm_lock, flags);
	for (unsigned long w = 0; w < MAX_FRAMES / 64 && !pa; w++) {
		for (unsigned int b = 0; n && frame_bitmap[w] != ~0UL && b + n <= 64; b += align) {
			if (frame_bitmap[w] & (run << b))
				continue;
			frame_bitmap[w] |= run << b;
			nr_free -= n;
			pa = (w * 64 + b) * PAGE_SIZE;
			break;
		}
	}
	spin_unlock_irqrestore(&pmm_lock, flags);
	if (pa)
		memset(phys_to_virt(pa), 0, n * PAGE_SIZE);	/* ours alone now: no lock */
	return pa;
}

void free_frames(phys_addr_t pa, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		free_frame(pa + i * PAGE_SIZE);
}

void free_frame(phys_addr_t pa)
{
	unsigned long f = pa / PAGE_SIZE, flags;

	spin_lock_irqsave(&pmm_lock, flags);
	if ((pa & ~PAGE_MASK) || pa >= MAX_PHYS || !(frame_bitmap[f / 64] & BIT(f % 64)))
		panic("free_frame(%lx): not an allocated frame", (unsigned long)pa);
	*(u64 *)phys_to_virt(pa) = FRAME_POISON;
	frame_bitmap[f / 64] &= ~BIT(f % 64);
	nr_free++;
	if (f / 64 < search_hint)
		search_hint = f / 64;
	spin_unlock_irqrestore(&pmm_lock, flags);
}

/* One more address space maps pa (fork's copy-on-write sharing). */
void get_frame(phys_addr_t pa)
{
	unsigned long f = pa / PAGE_SIZE, flags;

	spin_lock_irqsave(&pmm_lock, flags);
	if (frame_extra_refs[f] == U8_MAX)
		panic("get_frame(%lx): more than 256 owners", (unsigned long)pa);
	frame_extra_refs[f]++;
	spin_unlock_irqrestore(&pmm_lock, flags);
}

/* One owner fewer; the last one frees the frame. Returns true if it did. */
bool put_frame(phys_addr_t pa)
{
	unsigned long f = pa / PAGE_SIZE, flags;
	bool shared;

	spin_lock_irqsave(&pmm_lock, flags);
	shared = pa < MAX_PHYS && frame_extra_refs[f];
	if (shared)
		frame_extra_refs[f]--;
	spin_unlock_irqrestore(&pmm_lock, flags);
	if (!shared)
		free_frame(pa);
	return !shared;
}

/* Does more than one address space map pa? A racy answer unless the caller owns pa. */
bool frame_shared(phys_addr_t pa)
{
	return READ_ONCE(frame_extra_refs[pa / PAGE_SIZE]) != 0;
}

bool frame_is_free(phys_addr_t pa)
{
	unsigned long f = pa / PAGE_SIZE;

	return pa < MAX_PHYS && !(frame_bitmap[f / 64] & BIT(f % 64));
}

unsigned long pmm_free_frames(void)
{
	return nr_free;
}

unsigned long pmm_total_frames(void)
{
	return nr_total;
}

phys_addr_t pmm_max_phys(void)
{
	return max_phys;
}
