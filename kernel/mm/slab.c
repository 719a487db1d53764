// SPDX-License-Identifier: GPL-2.0
/*
 * kmalloc: power-of-two caches of slabs for objects up to KMALLOC_MAX_CACHE_SIZE, whole
 * frames above it (as Linux's kmalloc_large() takes pages straight from the page allocator).
 *
 * A slab is 1, 2 or 4 physically contiguous frames, aligned to its size, so an object's slab
 * is its address rounded down. Its first 64 bytes hold struct slab; objects follow at their
 * natural alignment. Free objects are chained through their first word. A cache keeps the
 * slabs that have a free object on a list; a full slab is on no list, an empty one goes back
 * to pmm at once, so pmm_free_frames() accounts for every byte kmalloc no longer uses (the
 * resource check after each ring-3 run compares it).
 *
 * Which frames are kmalloc's, and how, is one byte per frame (frame_kind), the kernel's
 * smallest stand-in for Linux's struct page: kfree() refuses a pointer whose frame says
 * nothing, or that is not an object's start. The table is a directory of frames made at boot
 * for the memory pmm found (4 GiB: 256 frames; 128 MiB: 8).
 *
 * Locking: one spinlock per cache, taken with IRQs saved, so kmalloc() and kfree() work in
 * any context but NMI and never sleep. Per-CPU freelists (Linux's SLUB) would spare the
 * lock on two CPUs; entrylab allocates rarely enough that one lock keeps the code short.
 * New slabs are allocated with the cache's lock dropped, so pmm_lock nests in no cache lock.
 *
 * DEBUG_ENTRY builds poison a free object with Linux's POISON_FREE (0x6b) past its freelist
 * word and check the poison when the object is handed out again (a write after free), and
 * look a freed object up on its slab's freelist (a double free). Both are reported on one
 * line, counted in slab_debug_reports, and the object is left as it was.
 */
#include <asm/page.h>
#include <kernel.h>
#include <pmm.h>
#include <printk.h>
#include <slab.h>
#include <spinlock.h>
#include <string.h>

#define POISON_FREE		0x6b	/* Linux's include/linux/poison.h */
#define SLAB_HEADER_SIZE	64
#define NR_KMALLOC_CACHES	8	/* 16 .. 2048 */

/* frame_kind values: 0 is not kmalloc's; 1..NR_KMALLOC_CACHES a slab of that cache, +1. */
#define FRAME_LARGE_TAIL	0x40	/* a large allocation's second or later frame */
#define FRAME_LARGE_HEAD	0x80	/* | its number of frames - 1 */
#define KINDS_PER_LEAF		PAGE_SIZE

struct slab {
	struct kmem_cache *cache;
	void *freelist;
	struct slab *next, *prev;	/* on cache->partial while it has a free object */
	unsigned int inuse;
};
_Static_assert(sizeof(struct slab) <= SLAB_HEADER_SIZE, "struct slab outgrew its header");

struct kmem_cache {
	spinlock_t lock;
	const char *name;
	unsigned int size, frames, objects;
	struct slab *partial;		/* under lock */
};

#define KMALLOC_CACHE(sz, nframes) {				\
	.lock = SPINLOCK_INIT(kmalloc_##sz), .name = "kmalloc-" #sz,	\
	.size = sz, .frames = nframes,					\
	.objects = ((nframes) * PAGE_SIZE - MAX(sz, SLAB_HEADER_SIZE)) / sz }

/* Slabs of at least 7 objects: 1 frame up to 512 bytes, 2 for 1024, 4 for 2048. */
static struct kmem_cache kmalloc_caches[NR_KMALLOC_CACHES] = {
	KMALLOC_CACHE(16, 1), KMALLOC_CACHE(32, 1), KMALLOC_CACHE(64, 1),
	KMALLOC_CACHE(128, 1), KMALLOC_CACHE(256, 1), KMALLOC_CACHE(512, 1),
	KMALLOC_CACHE(1024, 2), KMALLOC_CACHE(2048, 4),
};

static u8 **frame_kind_dir;	/* [pfn / KINDS_PER_LEAF][pfn % KINDS_PER_LEAF] */
static unsigned long frame_kind_frames;

unsigned long slab_debug_reports;
bool slab_report_expected;

void slab_init(void)
{
	unsigned long leaves;

	frame_kind_frames = pmm_max_phys() / PAGE_SIZE;
	leaves = ALIGN_UP(frame_kind_frames, KINDS_PER_LEAF) / KINDS_PER_LEAF;
	frame_kind_dir = alloc_page_object();
	if (!frame_kind_dir || leaves > PAGE_SIZE / sizeof(u8 *))
		panic("slab: no room for the frame table");
	for (unsigned long i = 0; i < leaves; i++) {
		frame_kind_dir[i] = alloc_page_object();
		if (!frame_kind_dir[i])
			panic("slab: no room for the frame table");
	}
}

/* The kind byte of the frame holding p, or NULL if p is not in the direct map's memory. */
static u8 *frame_kind(const void *p)
{
	unsigned long va = (unsigned long)p, pfn;

	if (va < PAGE_OFFSET)
		return NULL;
	pfn = (va - PAGE_OFFSET) / PAGE_SIZE;
	if (pfn >= frame_kind_frames)
		return NULL;
	return &frame_kind_dir[pfn / KINDS_PER_LEAF][pfn % KINDS_PER_LEAF];
}

static void set_frame_kinds(void *start, unsigned int n, u8 head, u8 tail)
{
	for (unsigned int i = 0; i < n; i++)
		*frame_kind((char *)start + i * PAGE_SIZE) = i ? tail : head;
}

static unsigned int first_object(const struct kmem_cache *c)
{
	return MAX(c->size, SLAB_HEADER_SIZE);
}

#ifdef DEBUG_ENTRY
static void slab_report(const struct kmem_cache *c, const void *obj, const char *what)
{
	slab_debug_reports++;
	printk("%sslab: %s: %s of object %p\n", slab_report_expected ? "    # expected " : "",
	       c->name, what, obj);
	slab_report_expected = false;
}

static void poison_object(const struct kmem_cache *c, void *obj)
{
	memset((char *)obj + sizeof(void *), POISON_FREE, c->size - sizeof(void *));
}

/* Handing obj out: every byte past its freelist word must still be POISON_FREE. */
static void check_poison_locked(const struct kmem_cache *c, void *obj)
{
	const u8 *b = obj;

	for (unsigned int i = sizeof(void *); i < c->size; i++) {
		if (b[i] != POISON_FREE) {
			slab_report(c, obj, "write after free");
			return;
		}
	}
}

static bool on_freelist_locked(const struct slab *s, const void *obj)
{
	for (void *f = s->freelist; f; f = *(void **)f)
		if (f == obj)
			return true;
	return false;
}
#else
static void slab_report(const struct kmem_cache *c, const void *obj, const char *what) { }
static void poison_object(const struct kmem_cache *c, void *obj) { }
static void check_poison_locked(const struct kmem_cache *c, void *obj) { }
static bool on_freelist_locked(const struct slab *s, const void *obj) { return false; }
#endif

static void partial_add_locked(struct kmem_cache *c, struct slab *s)
{
	s->prev = NULL;
	s->next = c->partial;
	if (c->partial)
		c->partial->prev = s;
	c->partial = s;
}

static void partial_del_locked(struct kmem_cache *c, struct slab *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		c->partial = s->next;
	if (s->next)
		s->next->prev = s->prev;
}

/* A slab with every object free, not yet on any list: no lock needed. */
static struct slab *new_slab(struct kmem_cache *c)
{
	phys_addr_t pa = alloc_frames_aligned(c->frames, c->frames);
	struct slab *s;
	void **link;

	if (!pa)
		return NULL;
	s = phys_to_virt(pa);
	s->cache = c;
	link = &s->freelist;
	for (unsigned int i = 0; i < c->objects; i++) {
		void *obj = (char *)s + first_object(c) + i * c->size;

		poison_object(c, obj);
		*link = obj;
		link = obj;
	}
	*link = NULL;
	set_frame_kinds(s, c->frames, c - kmalloc_caches + 1, c - kmalloc_caches + 1);
	return s;
}

static void *cache_alloc(struct kmem_cache *c)
{
	unsigned long flags;
	struct slab *s;
	void *obj;

	spin_lock_irqsave(&c->lock, flags);
	if (!c->partial) {
		spin_unlock_irqrestore(&c->lock, flags);
		s = new_slab(c);
		if (!s)
			return NULL;
		spin_lock_irqsave(&c->lock, flags);
		partial_add_locked(c, s);
	}
	s = c->partial;
	obj = s->freelist;
	s->freelist = *(void **)obj;
	if (!s->freelist)
		partial_del_locked(c, s);
	s->inuse++;
	check_poison_locked(c, obj);
	spin_unlock_irqrestore(&c->lock, flags);
	return obj;
}

static void cache_free(struct kmem_cache *c, void *obj)
{
	struct slab *s = (void *)ALIGN_DOWN((unsigned long)obj, c->frames * PAGE_SIZE);
	unsigned long off = (char *)obj - (char *)s, flags;

	if (off < first_object(c) || (off - first_object(c)) % c->size ||
	    (off - first_object(c)) / c->size >= c->objects)
		panic("kfree(%p): not the start of a %s object", obj, c->name);
	spin_lock_irqsave(&c->lock, flags);
	if (on_freelist_locked(s, obj)) {
		slab_report(c, obj, "double free");
		spin_unlock_irqrestore(&c->lock, flags);
		return;
	}
	poison_object(c, obj);
	*(void **)obj = s->freelist;
	s->freelist = obj;
	if (--s->inuse == 0) {
		if (*(void **)obj)	/* it was on the list: it had other free objects */
			partial_del_locked(c, s);
	} else if (!*(void **)obj) {
		partial_add_locked(c, s);	/* it was full */
	}
	spin_unlock_irqrestore(&c->lock, flags);
	if (!s->inuse) {	/* unreachable now: no list holds it, no object is out */
		set_frame_kinds(s, c->frames, 0, 0);
		free_frames(virt_to_phys(s), c->frames);
	}
}

static void *kmalloc_large(size_t size)
{
	unsigned int n = ALIGN_UP(size, PAGE_SIZE) / PAGE_SIZE;
	phys_addr_t pa = alloc_frames(n);

	if (!pa)
		return NULL;
	set_frame_kinds(phys_to_virt(pa), n, FRAME_LARGE_HEAD | (n - 1), FRAME_LARGE_TAIL);
	return phys_to_virt(pa);
}

static struct kmem_cache *size_cache(size_t size)
{
	return &kmalloc_caches[size <= KMALLOC_MIN_SIZE ? 0 : 64 - __builtin_clzl(size - 1) - 4];
}

void *kmalloc(size_t size)
{
	if (!size || size > KMALLOC_MAX_SIZE)
		return NULL;
	if (size > KMALLOC_MAX_CACHE_SIZE)
		return kmalloc_large(size);
	return cache_alloc(size_cache(size));
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void *kcalloc(size_t n, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kzalloc(bytes);
}

/* The kind byte of an allocated object's frame; panics for anything else. */
static u8 object_kind(const void *p, const char *caller)
{
	u8 *kind = frame_kind(p);

	if (!kind || !*kind || *kind == FRAME_LARGE_TAIL ||
	    ((*kind & FRAME_LARGE_HEAD) && ((unsigned long)p & ~PAGE_MASK)))
		panic("%s(%p): not a kmalloc() allocation", caller, p);
	return *kind;
}

void kfree(const void *p)
{
	u8 kind;

	if (!p)
		return;
	kind = object_kind(p, "kfree");
	if (kind & FRAME_LARGE_HEAD) {
		unsigned int n = (kind & ~FRAME_LARGE_HEAD) + 1;

		set_frame_kinds((void *)p, n, 0, 0);
		free_frames(virt_to_phys(p), n);
	} else {
		cache_free(&kmalloc_caches[kind - 1], (void *)p);
	}
}

size_t ksize(const void *p)
{
	u8 kind = object_kind(p, "ksize");

	if (kind & FRAME_LARGE_HEAD)
		return ((kind & ~FRAME_LARGE_HEAD) + 1) * PAGE_SIZE;
	return kmalloc_caches[kind - 1].size;
}
