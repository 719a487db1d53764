// SPDX-License-Identifier: GPL-2.0
/* Self-tests for kmalloc (kernel/mm/slab.c). */
#include <asm/page.h>
#include <pmm.h>
#include <selftest.h>
#include <slab.h>

/* Each class's size, its neighbours, and the large sizes up to the limit. */
static const size_t probe_sizes[] = {
	1, 8, 16, 17, 32, 33, 64, 65, 128, 129, 256, 257, 512, 513, 1024, 1025, 2048,
	2049, PAGE_SIZE, PAGE_SIZE + 1, 3 * PAGE_SIZE, KMALLOC_MAX_SIZE,
};

static size_t class_of(size_t size)
{
	size_t c = KMALLOC_MIN_SIZE;

	while (c < size)
		c *= 2;
	return size > KMALLOC_MAX_CACHE_SIZE ? ALIGN_UP(size, PAGE_SIZE) : c;
}

static bool filled_with(const u8 *p, size_t n, u8 v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* Every size: aligned to its class, all bytes writable, a freed object is the next one out. */
SELFTEST(slab, every_size_class_writes_frees_and_reuses)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(probe_sizes); i++) {
		size_t size = probe_sizes[i], align = MIN(class_of(size), PAGE_SIZE);
		u8 *keep = kmalloc(size), *a, *b;

		ASSERT_NE(t, keep, NULL);	/* keeps the slab alive while a comes and goes */
		a = kmalloc(size);
		ASSERT_NE(t, a, NULL);
		EXPECT_EQ(t, (unsigned long)a % align, 0);
		EXPECT_EQ(t, ksize(a), class_of(size));
		memset(a, 0xa5, size);
		memset(keep, 0x5a, size);
		EXPECT_TRUE(t, filled_with(a, size, 0xa5));
		kfree(a);
		b = kmalloc(size);
		if (size <= KMALLOC_MAX_CACHE_SIZE)
			EXPECT_EQ(t, b, a);
		EXPECT_TRUE(t, filled_with(keep, size, 0x5a));
		kfree(b);
		kfree(keep);
	}
}

/*
 * Three slabs' worth of each class and a run of large ones, each object filled with its
 * own byte: an overlap would overwrite a neighbour. All of it back to pmm afterwards.
 */
SELFTEST(slab, objects_never_overlap_and_all_frames_come_back)
{
	static u8 *obj[3 * 252 + 1];	/* three slabs of the 16-byte class, plus one */
	unsigned long before = pmm_free_frames();

	for (size_t size = KMALLOC_MIN_SIZE; size <= 4 * PAGE_SIZE; size *= 2) {
		unsigned int n = MIN(ARRAY_SIZE(obj), 3 * (PAGE_SIZE * 4 / size) + 1);
		bool intact = true;

		for (unsigned int i = 0; i < n; i++) {
			obj[i] = kmalloc(size);
			ASSERT_NE(t, obj[i], NULL);
			memset(obj[i], (u8)i, size);
		}
		for (unsigned int i = 0; i < n; i++)
			intact &= filled_with(obj[i], size, (u8)i);
		EXPECT_TRUE(t, intact);
		for (unsigned int i = 0; i < n; i++)
			kfree(obj[i]);
		EXPECT_EQ(t, pmm_free_frames(), before);
	}
}

SELFTEST(slab, bad_sizes_and_kcalloc_overflow_return_null)
{
	u8 *z;

	EXPECT_EQ(t, kmalloc(0), NULL);
	EXPECT_EQ(t, kzalloc(0), NULL);
	EXPECT_EQ(t, kmalloc(KMALLOC_MAX_SIZE + 1), NULL);
	EXPECT_EQ(t, kmalloc(~0UL), NULL);
	EXPECT_EQ(t, kmalloc(1UL << 63), NULL);
	EXPECT_EQ(t, kcalloc(1UL << 32, 1UL << 32), NULL);	/* 2^64: wraps to 0 */
	EXPECT_EQ(t, kcalloc((1UL << 63) + 1, 2), NULL);	/* wraps to 2 */
	EXPECT_EQ(t, kcalloc(~0UL, 16), NULL);
	EXPECT_EQ(t, kcalloc(0, 16), NULL);
	kfree(NULL);
	z = kcalloc(64, 16);
	ASSERT_NE(t, z, NULL);
	EXPECT_TRUE(t, filled_with(z, 64 * 16, 0));
	kfree(z);
}

/*
 * With pmm empty every size fails cleanly; with one frame left, small objects come from it
 * until it is full. Everything freed, pmm has every frame back.
 */
SELFTEST(slab, out_of_memory_returns_null_and_leaks_nothing)
{
	unsigned long before = pmm_free_frames();
	phys_addr_t chain = 0, f, spare;
	void *objs = NULL, *o;
	unsigned int got = 0;

	spare = alloc_frame();
	ASSERT_NE(t, spare, 0);
	while ((f = alloc_frame())) {		/* each frame links to the previous */
		*(phys_addr_t *)phys_to_virt(f) = chain;
		chain = f;
	}
	EXPECT_EQ(t, pmm_free_frames(), 0);
	for (size_t size = 1; size <= KMALLOC_MAX_SIZE; size *= 2)
		EXPECT_EQ(t, kmalloc(size), NULL);
	free_frame(spare);
	while ((o = kmalloc(64))) {		/* one slab, then nothing */
		*(void **)o = objs;
		objs = o;
		got++;
	}
	EXPECT_GT(t, got, 0);
	EXPECT_LT(t, got, PAGE_SIZE / 64);
	EXPECT_EQ(t, kmalloc(PAGE_SIZE), NULL);
	while (objs) {
		o = *(void **)objs;
		kfree(objs);
		objs = o;
	}
	while (chain) {
		f = *(phys_addr_t *)phys_to_virt(chain);
		free_frame(chain);
		chain = f;
	}
	EXPECT_EQ(t, pmm_free_frames(), before);
}

SELFTEST(slab, debug_catches_double_free)
{
	unsigned long reports = slab_debug_reports;
	void *a, *b, *c, *d;

#ifndef DEBUG_ENTRY
	SKIP(t, "needs a DEBUG_ENTRY=1 build");
#endif
	a = kmalloc(64);
	b = kmalloc(64);		/* keeps the slab, so a stays a freed object in it */
	ASSERT_TRUE(t, a && b);
	kfree(a);
	EXPECT_EQ(t, slab_debug_reports, reports);
	slab_report_expected = true;
	kfree(a);
	EXPECT_EQ(t, slab_debug_reports, reports + 1);
	EXPECT_FALSE(t, slab_report_expected);
	c = kmalloc(64);
	d = kmalloc(64);
	EXPECT_EQ(t, c, a);		/* a is on the freelist once, not twice */
	EXPECT_NE(t, d, a);
	kfree(d);
	kfree(c);
	kfree(b);
	slab_debug_reports = reports;	/* the report was the point */
}

SELFTEST(slab, debug_catches_write_after_free)
{
	unsigned long reports = slab_debug_reports;
	u8 *a, *b, *c, *d;

#ifndef DEBUG_ENTRY
	SKIP(t, "needs a DEBUG_ENTRY=1 build");
#endif
	a = kmalloc(128);
	b = kmalloc(128);
	ASSERT_TRUE(t, a && b);
	kfree(a);
	a[127] = 0;			/* the last byte, past the freelist word */
	slab_report_expected = true;
	c = kmalloc(128);
	EXPECT_EQ(t, c, a);
	EXPECT_EQ(t, slab_debug_reports, reports + 1);
	EXPECT_FALSE(t, slab_report_expected);
	d = kmalloc(128);		/* untouched: not reported */
	EXPECT_EQ(t, slab_debug_reports, reports + 1);
	kfree(d);
	kfree(c);
	kfree(b);
	slab_debug_reports = reports;
}
