// SPDX-License-Identifier: GPL-2.0
/*
 * FS and GS from ring 3: arch_prctl(2)'s four codes, the bases and selectors a
 * process keeps while another process runs on its CPU with different ones (DS's
 * and ES's selectors too), and,
 * when AT_HWCAP2 says the CPU lets ring 3 do it, RDFSBASE/WRGSBASE, including a
 * GS base in the kernel half that the entry code must not mistake for its own.
 */
#include <uapi/prctl.h>
#include "harness.h"

#define AT_HWCAP2		26
#define ROUNDS			10
#define KERNEL_HALF_BASE	0xffff800000000000UL	/* canonical, never a user address */

static const unsigned long gs_word = 0x6773677367736773UL;	/* "sgsgsgsg" */

static long arch_prctl(unsigned long code, unsigned long addr)
{
	return syscall2(__NR_arch_prctl, code, addr);
}

static unsigned long get_base(unsigned long code)
{
	unsigned long base = 0xbad;

	arch_prctl(code, (unsigned long)&base);
	return base;
}

static bool have_fsgsbase(void)
{
	return getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE;
}

static u16 gs_selector(void)
{
	u16 sel;

	asm volatile("mov %%gs, %0" : "=r"(sel));
	return sel;
}

static unsigned long rdgsbase(void)
{
	unsigned long base;

	asm volatile("rdgsbase %0" : "=r"(base));
	return base;
}

static void wrgsbase(unsigned long base)
{
	asm volatile("wrgsbase %0" : : "r"(base) : "memory");
}

static void do_rdfsbase(void)
{
	unsigned long base;

	asm volatile("rdfsbase %0" : "=r"(base));
}

/* A forked child on this CPU that sets its own FS and GS, then keeps yielding. */
static long fork_rival(void)
{
	long pid = syscall0(__NR_fork);

	if (pid)
		return pid;
	arch_prctl(ARCH_SET_GS, 0x1000);
	arch_prctl(ARCH_SET_FS, 0x2000);
	for (int i = 0; i < ROUNDS + 2; i++)
		syscall0(__NR_sched_yield);
	syscall1(__NR_exit, get_base(ARCH_GET_GS) == 0x1000 ? 0 : 1);
	__builtin_unreachable();
}

SELFTEST(fsgsbase, arch_prctl_set_gs_reaches_gs_addressing)
{
	unsigned long got;

	ASSERT_EQ(t, arch_prctl(ARCH_SET_GS, (unsigned long)&gs_word), 0L);
	asm volatile("mov %%gs:0, %0" : "=r"(got));
	EXPECT_EQ(t, got, gs_word);
	EXPECT_EQ(t, get_base(ARCH_GET_GS), (unsigned long)&gs_word);
	EXPECT_EQ(t, gs_selector(), 0);
	EXPECT_EQ(t, arch_prctl(ARCH_SET_GS, 0), 0L);
}

SELFTEST(fsgsbase, arch_prctl_refusals)
{
	unsigned long fs = get_base(ARCH_GET_FS);

	EXPECT_EQ(t, arch_prctl(ARCH_SET_GS, TASK_SIZE_MAX), -EPERM);
	EXPECT_EQ(t, arch_prctl(ARCH_SET_FS, KERNEL_HALF_BASE), -EPERM);
	EXPECT_EQ(t, arch_prctl(0x1005, 0), -EINVAL);
	EXPECT_EQ(t, arch_prctl(ARCH_GET_GS, 0), -EFAULT);
	EXPECT_EQ(t, get_base(ARCH_GET_GS), 0UL);	/* nothing changed on the way */
	EXPECT_EQ(t, get_base(ARCH_GET_FS), fs);
}

/* Another process with other bases runs on this CPU between our every two reads. */
SELFTEST(fsgsbase, bases_survive_another_process_on_this_cpu)
{
	unsigned long fs = get_base(ARCH_GET_FS), ok = 0;
	long pid;

	ASSERT_TRUE(t, pin_to_this_cpu());
	ASSERT_EQ(t, arch_prctl(ARCH_SET_GS, (unsigned long)&gs_word), 0L);
	ASSERT_EQ(t, arch_prctl(ARCH_SET_FS, 0x3000), 0L);
	pid = fork_rival();
	for (int i = 0; i < ROUNDS; i++) {
		syscall0(__NR_sched_yield);
		ok += get_base(ARCH_GET_GS) == (unsigned long)&gs_word &&
		      get_base(ARCH_GET_FS) == 0x3000;
	}
	EXPECT_EQ(t, ok, (unsigned long)ROUNDS);
	EXPECT_EQ(t, wait_status(pid), 0);		/* and the rival kept its own */
	arch_prctl(ARCH_SET_FS, fs);
	arch_prctl(ARCH_SET_GS, 0);
	unpin();
}

/* A selector loaded with MOV is the process's too; the rival loads none. */
SELFTEST(fsgsbase, gs_selector_survives_another_process_on_this_cpu)
{
	unsigned long ok = 0;
	long pid;

	ASSERT_TRUE(t, pin_to_this_cpu());
	asm volatile("mov %0, %%gs" : : "r"((u16)__USER_DS));
	pid = fork_rival();
	for (int i = 0; i < ROUNDS; i++) {
		syscall0(__NR_sched_yield);
		ok += gs_selector() == __USER_DS;
	}
	EXPECT_EQ(t, ok, (unsigned long)ROUNDS);
	EXPECT_EQ(t, wait_status(pid), 0);
	arch_prctl(ARCH_SET_GS, 0);
	EXPECT_EQ(t, gs_selector(), 0);
	unpin();
}

#define read_selector(seg)						\
	({								\
		u16 __sel;						\
		asm volatile("mov %%" #seg ", %0" : "=r"(__sel));	\
		__sel;							\
	})

/* A forked child that nulls DS and ES, yields, and checks they stay null. */
static long fork_null_ds_es_rival(void)
{
	long pid = syscall0(__NR_fork);
	int kept = 0;

	if (pid)
		return pid;
	asm volatile("mov %0, %%ds; mov %0, %%es" : : "r"(0));
	for (int i = 0; i < ROUNDS + 2; i++) {
		syscall0(__NR_sched_yield);
		kept += !read_selector(ds) && !read_selector(es);
	}
	syscall1(__NR_exit, kept == ROUNDS + 2 ? 0 : 1);
	__builtin_unreachable();
}

/*
 * DS and ES are each process's own, as on Linux: 64-bit code ignores them, but
 * ring 3 reads them and compat-mode code addresses through them.
 */
SELFTEST(fsgsbase, ds_es_selectors_survive_another_process_on_this_cpu)
{
	unsigned long ok = 0;
	long pid;

	ASSERT_TRUE(t, pin_to_this_cpu());
	asm volatile("mov %0, %%ds; mov %0, %%es" : : "r"(__USER_DS));
	pid = fork_null_ds_es_rival();
	for (int i = 0; i < ROUNDS; i++) {
		syscall0(__NR_sched_yield);
		ok += read_selector(ds) == __USER_DS && read_selector(es) == __USER_DS;
	}
	EXPECT_EQ(t, ok, (unsigned long)ROUNDS);
	EXPECT_EQ(t, wait_status(pid), 0);
	asm volatile("mov %0, %%ds; mov %0, %%es" : : "r"(0));
	unpin();
}

SELFTEST(fsgsbase, instructions_work_as_hwcap2_says)
{
	bool faulted = faults(do_rdfsbase);

	EXPECT_EQ(t, faulted, !have_fsgsbase());
	if (faulted)
		EXPECT_EQ(t, caught.sig, SIGILL);
}

/*
 * WRGSBASE of a kernel-half value: the kernel hears nothing of it, yet entries
 * (syscalls, the rival's turns, timer ticks) must neither use it nor lose it.
 */
SELFTEST(fsgsbase, wrgsbase_kernel_half_survives_entries_and_switches)
{
	unsigned long ok = 0;
	long pid;

	if (!have_fsgsbase())
		SKIP(t, "no FSGSBASE (AT_HWCAP2)");
	ASSERT_TRUE(t, pin_to_this_cpu());
	pid = fork_rival();
	wrgsbase(KERNEL_HALF_BASE);
	for (int i = 0; i < ROUNDS; i++) {
		syscall0(__NR_sched_yield);
		ok += rdgsbase() == KERNEL_HALF_BASE && get_base(ARCH_GET_GS) == KERNEL_HALF_BASE;
	}
	wrgsbase(0);
	EXPECT_EQ(t, ok, (unsigned long)ROUNDS);
	EXPECT_EQ(t, wait_status(pid), 0);
	unpin();
}
