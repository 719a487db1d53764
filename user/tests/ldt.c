// SPDX-License-Identifier: GPL-2.0
/*
 * modify_ldt(2) (arch/x86/ldt.c): a process's own segments, loaded through
 * selectors with the TI bit (index << 3 | 4 | 3), read back, refused where
 * Linux refuses them, copied by fork(), and a selector whose entry went away
 * while it sat in GS loading as null at the next context switch instead of
 * faulting in the kernel.
 */
#include <uapi/ldt.h>
#include <uapi/mman.h>
#include <uapi/prctl.h>
#include "harness.h"

#define LDT_SEL(n)	((n) << 3 | SEGMENT_TI_LDT | 3)

/* The raw call returns an int zero-extended into RAX, as Linux's does. */
static unsigned int modify_ldt(int func, const void *ptr, unsigned long bytecount)
{
	return (unsigned int)syscall3(__NR_modify_ldt, func, ptr, bytecount);
}

/* A flat-ish 32-bit read-write data segment at base. */
static struct user_desc data_segment(unsigned int n, unsigned int base)
{
	return (struct user_desc){ .entry_number = n, .base_addr = base, .limit = 0xfffff,
				   .seg_32bit = 1, .limit_in_pages = 1 };
}

static const struct user_desc empty = { .read_exec_only = 1, .seg_not_present = 1 };

static unsigned short gs_selector(void)
{
	unsigned short sel;

	asm volatile("mov %%gs, %0" : "=r"(sel));
	return sel;
}

static void load_gs(unsigned short sel)
{
	asm volatile("mov %0, %%gs" : : "r"(sel));
}

/* Back to a null GS with a zero base, as the harness found it. */
static void reset_gs(void)
{
	load_gs(0);
	syscall2(__NR_arch_prctl, ARCH_SET_GS, 0);
}

static unsigned int *low_word(void)
{
	return (unsigned int *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
					-1, 0);
}

/*
 * An entry written with modify_ldt() is a segment GS loads: %gs:0 reads the word
 * at its base. Its descriptor reads back as Linux builds it: DPL 3, present,
 * accessed, 32-bit, page-granular; the rest of a larger read is zeros.
 */
SELFTEST(ldt, written_entry_loads_and_reads_back)
{
	unsigned int *word = low_word();
	struct user_desc d = data_segment(2, (unsigned int)(unsigned long)word);
	u64 table[4] = { ~0UL, ~0UL, ~0UL, ~0UL };
	unsigned int got;

	ASSERT_TRUE(t, (unsigned long)word < 1UL << 32);
	*word = 0x1337f00d;
	ASSERT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), 0U);
	EXPECT_EQ(t, segment_limit(LDT_SEL(2)), 0xffffffffL);
	load_gs(LDT_SEL(2));
	asm volatile("movl %%gs:0, %0" : "=r"(got));
	EXPECT_EQ(t, got, 0x1337f00dU);
	EXPECT_EQ(t, gs_selector(), (unsigned short)LDT_SEL(2));
	reset_gs();

	EXPECT_EQ(t, modify_ldt(0, table, sizeof(table)), (unsigned int)sizeof(table));
	EXPECT_EQ(t, table[0] | table[1], 0UL);			/* entries 0 and 1: never written */
	EXPECT_EQ(t, table[2] & 0x00f0ff0000000000UL, 0x00c0f30000000000UL);	/* G D P DPL3
										 * S RW A */
	EXPECT_EQ(t, table[3], 0UL);				/* past the end: zero-filled */
	EXPECT_EQ(t, modify_ldt(2, table, sizeof(table)), (unsigned int)sizeof(table));
	EXPECT_EQ(t, table[0] | table[1] | table[2] | table[3], 0UL);	/* the default: none */
	EXPECT_EQ(t, modify_ldt(0x11, &(struct user_desc){ .entry_number = 2, .read_exec_only = 1,
							   .seg_not_present = 1 }, sizeof(d)), 0U);
	EXPECT_EQ(t, segment_limit(LDT_SEL(2)), -1L);		/* cleared */
	syscall2(__NR_munmap, word, PAGE_SIZE);
}

/* Linux's refusals, each as the int -errno the raw call returns. */
SELFTEST(ldt, refusals)
{
	struct user_desc d = data_segment(0, 0);

	EXPECT_EQ(t, modify_ldt(0x11, &d, sizeof(d) - 1), (unsigned int)-EINVAL);
	d.entry_number = LDT_ENTRIES;
	EXPECT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), (unsigned int)-EINVAL);
	d = data_segment(0, 0);
	d.contents = 3;						/* conforming code, present */
	EXPECT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), (unsigned int)-EINVAL);
	d.seg_not_present = 1;
	EXPECT_EQ(t, modify_ldt(1, &d, sizeof(d)), (unsigned int)-EINVAL);	/* old mode */
	EXPECT_EQ(t, modify_ldt(0x11, (void *)8, sizeof(d)), (unsigned int)-EFAULT);
	EXPECT_EQ(t, modify_ldt(3, &d, sizeof(d)), (unsigned int)-ENOSYS);
	EXPECT_EQ(t, modify_ldt(0x11, &empty, sizeof(empty)), 0U);	/* clearing always works */
}

/* A 16-bit segment is taken (espfix64 makes its stack safe): byte-granular, D clear. */
SELFTEST(ldt, sixteen_bit_segment_is_allowed)
{
	struct user_desc d = { .entry_number = 3, .limit = 0xffff };
	u64 table[4];

	ASSERT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), 0U);
	EXPECT_EQ(t, segment_limit(LDT_SEL(3)), 0xffffL);
	ASSERT_EQ(t, modify_ldt(0, table, sizeof(table)), (unsigned int)sizeof(table));
	EXPECT_EQ(t, table[3] & 0x00f0ff0000000000UL, 0x0000f30000000000UL);	/* P DPL3 S RW A */
	EXPECT_EQ(t, modify_ldt(0x11, &(struct user_desc){ .entry_number = 3, .read_exec_only = 1,
							   .seg_not_present = 1 }, sizeof(d)), 0U);
}

/*
 * GS holds an LDT selector whose entry is then cleared: the CPU keeps the loaded
 * segment, but the next switch back to us must load the selector again and
 * cannot. It loads null instead, in the kernel's fault fixup (with the user's
 * GS_BASE live at that instant), and we carry on.
 */
SELFTEST(ldt, selector_of_a_cleared_entry_loads_as_null)
{
	struct user_desc d = data_segment(1, 0x10000);
	struct user_desc gone = empty;
	long pid;

	ASSERT_TRUE(t, pin_to_this_cpu());	/* the child must take our CPU to run */
	ASSERT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), 0U);
	load_gs(LDT_SEL(1));
	gone.entry_number = 1;
	ASSERT_EQ(t, modify_ldt(0x11, &gone, sizeof(gone)), 0U);
	EXPECT_EQ(t, gs_selector(), (unsigned short)LDT_SEL(1));	/* still loaded */
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, 0);
	EXPECT_EQ(t, wait_status(pid), 0);			/* switched out and in */
	unpin();
	EXPECT_EQ(t, gs_selector(), 0);
	reset_gs();
}

static int child_sees_entry(unsigned int n)
{
	return segment_limit(LDT_SEL(n)) == 0xffffffffL ? 0 : 1;
}

/* fork() copies the LDT: the child has the entry, and clearing it there leaves ours. */
SELFTEST(ldt, fork_copies_the_table)
{
	struct user_desc d = data_segment(3, 0);
	struct user_desc gone = empty;
	long pid;

	ASSERT_EQ(t, modify_ldt(0x11, &d, sizeof(d)), 0U);
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		int bad = child_sees_entry(3);

		gone.entry_number = 3;
		modify_ldt(0x11, &gone, sizeof(gone));
		syscall1(__NR_exit, bad || child_sees_entry(3) == 0);
	}
	EXPECT_EQ(t, wait_status(pid), 0);
	EXPECT_EQ(t, segment_limit(LDT_SEL(3)), 0xffffffffL);
	gone.entry_number = 3;
	modify_ldt(0x11, &gone, sizeof(gone));
}
