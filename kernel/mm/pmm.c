// SPDX-License-Identifier: GPL-2.0
/*
 * Physical frame allocator: one bit per 4 KiB frame up to the end of the highest
 * usable range of the memory map, above 4 GiB too, set = in use. The bitmap and the
 * owner counts are sized at boot and live in usable memory below 4 GiB (the boot
 * page tables map no more), in the first place that holds them, as Linux's memblock
 * places its own arrays. Everything starts in use; pmm_init() frees the usable
 * ranges of the multiboot2 memory map except the first megabyte (BIOS data, VGA,
 * option ROMs), the kernel image, the boot modules, the boot information and those
 * two arrays. alloc_frame() hands out zeroed
 * frames through the direct map. The bitmap and counters are under pmm_lock,
 * taken with IRQs off so that a future interrupt-time allocation cannot deadlock.
 *
 * A user frame can be mapped by several address spaces at once: fork() shares
 * every page copy-on-write. frame_extra_refs[] counts the owners beyond the
 * first, so a frame with one owner (nearly all of them) needs no count at all:
 * get_frame() adds an owner, put_frame() drops one and frees the frame with the
 * last. 32 bits per frame, as Linux's page count: every process maps the kernel's
 * own vDSO pages.
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

static u64 *frame_bitmap;		/* nr_frames bits, a whole number of words */
static u32 *frame_extra_refs;		/* nr_frames counts */
static unsigned long nr_frames, nr_free, nr_total, search_hint;
static phys_addr_t max_phys;		/* the highest usable range's end: the direct map's */
static DEFINE_SPINLOCK(pmm_lock);

static void mark_range(phys_addr_t start, phys_addr_t end, bool used)
{
	start = ALIGN_DOWN(start, PAGE_SIZE);
	end = MIN(ALIGN_UP(end, PAGE_SIZE), max_phys);
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

/*
 * What no allocation may overlap before the bitmap exists, [start, end) pairs: the
 * first MiB, the kernel image where GRUB loaded it, the boot information and the
 * modules. paging_init() maps them all in the direct map, RAM or not.
 */
unsigned int boot_reserved(phys_addr_t (*r)[2])
{
	unsigned int n = 0;

	r[n][0] = 0, r[n++][1] = 1UL << 20;
	r[n][0] = kernel_phys_start(), r[n++][1] = kernel_phys_end();
	r[n][0] = boot_info.info_start, r[n++][1] = boot_info.info_end;
	for (unsigned int i = 0; i < boot_info.nr_modules; i++)
		r[n][0] = boot_info.modules[i].start, r[n++][1] = boot_info.modules[i].end;
	return n;
}

/*
 * The lowest page-aligned place of size bytes in usable memory below BOOT_MAPPED_LIMIT
 * that overlaps nothing boot_reserved() names; 0 if there is none.
 */
static phys_addr_t find_boot_room(size_t size)
{
	phys_addr_t reserved[BOOT_RESERVED_MAX][2];
	unsigned int nr = boot_reserved(reserved);

	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];
		phys_addr_t pa = ALIGN_UP(r->start, PAGE_SIZE);
		phys_addr_t end = MIN(ALIGN_DOWN(r->end, PAGE_SIZE), BOOT_MAPPED_LIMIT);

		bool moved = r->usable;

		while (moved && pa + size <= end) {
			moved = false;
			for (unsigned int k = 0; k < nr; k++) {
				if (pa < reserved[k][1] && reserved[k][0] < pa + size) {
					pa = ALIGN_UP(reserved[k][1], PAGE_SIZE);
					moved = true;
				}
			}
		}
		if (r->usable && pa + size <= end)
			return pa;
	}
	return 0;
}

void pmm_init(void)
{
	phys_addr_t reserved[BOOT_RESERVED_MAX][2], arrays;
	unsigned int nr = boot_reserved(reserved);
	size_t bitmap_bytes, refs_bytes;

	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];

		if (r->usable && ALIGN_DOWN(r->end, PAGE_SIZE) > ALIGN_UP(r->start, PAGE_SIZE))
			max_phys = MAX(max_phys, ALIGN_DOWN(r->end, PAGE_SIZE));
	}
	if (!max_phys)
		bad_boot("no usable memory in the multiboot2 memory map");
	nr_frames = ALIGN_UP(max_phys / PAGE_SIZE, 64);
	bitmap_bytes = nr_frames / 8;
	refs_bytes = nr_frames * sizeof(*frame_extra_refs);
	arrays = find_boot_room(ALIGN_UP(bitmap_bytes + refs_bytes, PAGE_SIZE));
	if (!arrays)
		bad_boot("no room below 4 GiB for the frame allocator's bitmap and counts");
	frame_bitmap = phys_to_virt(arrays);
	frame_extra_refs = phys_to_virt(arrays + bitmap_bytes);
	memset(frame_bitmap, 0xff, bitmap_bytes);
	memset(frame_extra_refs, 0, refs_bytes);
	for (unsigned int i = 0; i < boot_info.nr_memranges; i++) {
		const struct boot_memrange *r = &boot_info.memranges[i];
		phys_addr_t start = ALIGN_UP(r->start, PAGE_SIZE);
		phys_addr_t end = ALIGN_DOWN(r->end, PAGE_SIZE);

		if (r->usable && start < end)
			mark_range(start, end, false);
	}
	for (unsigned int k = 0; k < nr; k++)
		mark_range(reserved[k][0], reserved[k][1], true);
	mark_range(arrays, arrays + bitmap_bytes + refs_bytes, true);
	nr_total = nr_free;
	if (!nr_free)
		bad_boot("no usable memory in the multiboot2 memory map");
}

phys_addr_t alloc_frame(void)
{
	phys_addr_t pa = 0;
	unsigned long flags;

	spin_lock_irqsave(&pmm_lock, flags);
	for (unsigned long n = 0; n < nr_frames / 64; n++) {
		unsigned long w = (search_hint + n) % (nr_frames / 64);

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
 * n / 64 whole free words of the bitmap in a row, first fit: n frames, n a multiple
 * of 64. For the largest tables (a descriptor table of fs.nr_open slots, 8 MiB).
 */
static phys_addr_t alloc_frame_words(unsigned int n)
{
	unsigned long words = n / 64, run = 0, flags, w;
	phys_addr_t pa = 0;

	if (!n || n % 64)
		return 0;
	spin_lock_irqsave(&pmm_lock, flags);
	for (w = 0; w < nr_frames / 64 && run < words; w++)
		run = frame_bitmap[w] ? 0 : run + 1;
	if (run == words) {
		for (unsigned long i = w - words; i < w; i++)
			frame_bitmap[i] = ~0UL;
		nr_free -= n;
		pa = (w - words) * 64 * PAGE_SIZE;
	}
	spin_unlock_irqrestore(&pmm_lock, flags);
	if (pa)
		memset(phys_to_virt(pa), 0, (size_t)n * PAGE_SIZE);	/* ours alone now */
	return pa;
}

/*
 * A run of n free frames, first fit: up to 64 within one 64-frame word of the
 * bitmap, for the rare object larger than a page (a task's 8 KiB I/O bitmap);
 * more as whole words (n a multiple of 64, else 0).
 */
phys_addr_t alloc_frames(unsigned int n)
{
	return n <= 64 ? alloc_frames_aligned(n, 1) : alloc_frame_words(n);
}

phys_addr_t alloc_frames_aligned(unsigned int n, unsigned int align)
{
	u64 run = n >= 64 ? ~0UL : BIT(n) - 1;
	phys_addr_t pa = 0;
	unsigned long flags;

	spin_lock_irqsave(&pmm_lock, flags);
	for (unsigned long w = 0; w < nr_frames / 64 && !pa; w++) {
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
	if ((pa & ~PAGE_MASK) || pa >= max_phys || !(frame_bitmap[f / 64] & BIT(f % 64)))
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
	if (frame_extra_refs[f] == U32_MAX)
		panic("get_frame(%lx): 2^32 owners", (unsigned long)pa);
	frame_extra_refs[f]++;
	spin_unlock_irqrestore(&pmm_lock, flags);
}

/* One owner fewer; the last one frees the frame. Returns true if it did. */
bool put_frame(phys_addr_t pa)
{
	unsigned long f = pa / PAGE_SIZE, flags;
	bool shared;

	spin_lock_irqsave(&pmm_lock, flags);
	shared = pa < max_phys && frame_extra_refs[f];
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

	return pa < max_phys && !(frame_bitmap[f / 64] & BIT(f % 64));
}

unsigned long pmm_free_frames(void)
{
	return nr_free;
}

unsigned long pmm_total_frames(void)
{
	return nr_total;
}

/* The end of the highest usable range of the memory map: the direct map ends there. */
phys_addr_t pmm_max_phys(void)
{
	return max_phys;
}
