// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of page-table isolation (arch/x86/mm/pti.c): what a user PML4 maps
 * of the kernel, read back from a fresh address space's tables. With PTI off
 * each one skips.
 */
#include <asm/desc.h>
#include <asm/espfix.h>
#include <asm/percpu.h>
#include <asm/pti.h>
#include <mm.h>
#include <selftest.h>
#include <smp.h>

extern char _entry_text[], _entry_text_end[];

/* A page of the entry area and what it may allow; anything else must be absent. */
struct area {
	unsigned long start, end;
	bool writable, exec;
};

#define MAX_AREAS	(2 + 4 * NR_CPUS + 1)

static unsigned int entry_areas(struct area *a)
{
	unsigned int n = 0;

	a[n++] = (struct area){ (unsigned long)_entry_text, (unsigned long)_entry_text_end,
				false, true };
	a[n++] = (struct area){ (unsigned long)idt_page(), (unsigned long)idt_page() + PAGE_SIZE,
				false, false };
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct percpu *pc = &percpu_areas[cpu];

		a[n++] = (struct area){ (unsigned long)&pc->entry, (unsigned long)(&pc->entry + 1),
					true, false };
		a[n++] = (struct area){ (unsigned long)pc->gdt,
					(unsigned long)pc->gdt + PAGE_SIZE, false, false };
		a[n++] = (struct area){ (unsigned long)&pc->tss,
					ALIGN_UP((unsigned long)(&pc->tss + 1), PAGE_SIZE), false,
					false };
		a[n++] = (struct area){ (unsigned long)pc->ist_stacks,
					(unsigned long)pc->ist_stacks + sizeof(pc->ist_stacks),
					true, false };
	}
	a[n++] = (struct area){ ESPFIX_BASE_ADDR, ESPFIX_BASE_ADDR + (1UL << 39), false, false };
	return n;
}

struct walk_result {
	const struct area *areas;
	unsigned int nr_areas;
	unsigned long leaves, outside, user, too_permissive, entry_pages;
};

static void check_leaf(struct walk_result *w, unsigned long va, u64 eff)
{
	const struct area *a = NULL;

	w->leaves++;
	for (unsigned int i = 0; i < w->nr_areas && !a; i++)
		if (va >= w->areas[i].start && va < w->areas[i].end)
			a = &w->areas[i];
	if (!a) {
		w->outside++;
		return;
	}
	if (va < ESPFIX_BASE_ADDR || va >= ESPFIX_BASE_ADDR + (1UL << 39))
		w->entry_pages++;
	if (eff & _PAGE_USER)
		w->user++;
	if (((eff & _PAGE_RW) && !a->writable) || (!(eff & _PAGE_NX) && !a->exec))
		w->too_permissive++;
}

/*
 * Every present leaf under table, with the permissions of the whole walk. A
 * table the entry before names too is walked once: espfix64's aliases are one
 * page table under 2,048 directory entries.
 */
static void walk(struct walk_result *w, const pte_t *table, int level, unsigned long base,
		 u64 eff)
{
	for (unsigned int i = level == 3 ? KERNEL_PML4_FIRST : 0; i < 512; i++) {
		pte_t e = table[i];
		unsigned long va = base + ((unsigned long)i << (12 + 9 * level));
		u64 here = (eff & (e | ~(_PAGE_USER | _PAGE_RW))) | (e & _PAGE_NX);

		if (level == 3)
			va |= 0xffff000000000000UL;
		if (!(e & _PAGE_PRESENT))
			continue;
		if (level == 0 || (e & _PAGE_PSE))
			check_leaf(w, va, here);
		else if (i == 0 || (table[i - 1] & PTE_ADDR_MASK) != (e & PTE_ADDR_MASK))
			walk(w, phys_to_virt(e & PTE_ADDR_MASK), level - 1, va, here);
	}
}

static unsigned long pages_of(const struct area *a, unsigned int n)
{
	unsigned long pages = 0;

	for (unsigned int i = 0; i + 1 < n; i++)	/* all but espfix64's slot */
		pages += (a[i].end - a[i].start) / PAGE_SIZE;
	return pages;
}

/* A user PML4 maps the entry area, each page as tight as its use, and nothing else. */
SELFTEST(pti, user_tables_map_the_entry_area_alone)
{
	struct area areas[MAX_AREAS];
	struct walk_result w = { .areas = areas, .nr_areas = entry_areas(areas) };
	struct mm *mm;

	if (!mitigation_on(MIT_PTI))
		SKIP(t, "PTI is off");
	mm = mm_alloc();
	ASSERT_TRUE(t, mm);
	walk(&w, mm->pml4 + PTI_PML4_ENTRIES, 3, 0, _PAGE_USER | _PAGE_RW);
	mm_put(mm);
	EXPECT_EQ(t, w.outside, 0);
	EXPECT_EQ(t, w.user, 0);
	EXPECT_EQ(t, w.too_permissive, 0);
	EXPECT_EQ(t, w.entry_pages, pages_of(areas, w.nr_areas));
}

/* Kernel text past the entry text, kernel data, the direct map: none translate. */
SELFTEST(pti, kernel_text_data_and_direct_map_are_absent)
{
	const unsigned long absent[] = {
		(unsigned long)_entry_text_end, (unsigned long)pti_init,
		(unsigned long)&mitigations,
		(unsigned long)kernel_pml4, (unsigned long)&percpu_areas[0].self,
		(unsigned long)phys_to_virt(kernel_phys_start()),
	};
	struct mm *mm;

	if (!mitigation_on(MIT_PTI))
		SKIP(t, "PTI is off");
	mm = mm_alloc();
	ASSERT_TRUE(t, mm);
	for (unsigned int i = 0; i < ARRAY_SIZE(absent); i++) {
		EXPECT_FALSE(t, translate(mm->pml4 + PTI_PML4_ENTRIES, absent[i], NULL, NULL));
		EXPECT_TRUE(t, translate(mm->pml4, absent[i], NULL, NULL));
	}
	mm_put(mm);
}

/* Every entry from ring 3 through the IDT lands on the CPU's entry stack. */
SELFTEST(pti, tss_rsp0_is_the_entry_stack_on_every_cpu)
{
	if (!mitigation_on(MIT_PTI))
		SKIP(t, "PTI is off");
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu_online(cpu) || cpu == 0)
			EXPECT_EQ(t, per_cpu(cpu, tss.rsp[0]),
				  (unsigned long)(&percpu_areas[cpu].entry + 1));
}
