// SPDX-License-Identifier: GPL-2.0
/*
 * The legacy vsyscall page (arch/x86/vsyscall.c), execute-only as in Linux's
 * default mode: a call to one of its three functions is emulated and returns
 * what the syscall gives; a read, a call inside a function and a bad pointer are
 * SIGSEGV. And process_vm_readv() (kernel/mm/process_vm.c), which cannot read it.
 */
#include <time.h>
#include <uapi/mman.h>
#include <uapi/uio.h>
#include "harness.h"

#define VSYSCALL_ADDR		0xffffffffff600000UL

typedef long (*gettimeofday_fn)(struct kernel_timeval *tv, void *tz);
typedef long (*time_fn)(long *t);
typedef long (*getcpu_fn)(unsigned int *cpu, unsigned int *node, void *cache);

static const gettimeofday_fn vgettimeofday = (gettimeofday_fn)VSYSCALL_ADDR;
static const time_fn vtime = (time_fn)(VSYSCALL_ADDR + 0x400);
static const getcpu_fn vgetcpu = (getcpu_fn)(VSYSCALL_ADDR + 0x800);

/* Each of the three answers as its syscall does, and returns to its caller. */
SELFTEST(vsyscall, calls_are_emulated)
{
	struct kernel_timeval before, tv, after;
	unsigned int cpu = ~0U, node = ~0U, sys_cpu = ~1U;
	long t1, t2 = 0;

	ASSERT_EQ(t, syscall2(__NR_gettimeofday, &before, NULL), 0L);
	EXPECT_EQ(t, vgettimeofday(&tv, NULL), 0L);
	ASSERT_EQ(t, syscall2(__NR_gettimeofday, &after, NULL), 0L);
	EXPECT_TRUE(t, before.tv_sec * 1000000 + before.tv_usec <=
		    tv.tv_sec * 1000000 + tv.tv_usec);
	EXPECT_TRUE(t, tv.tv_sec * 1000000 + tv.tv_usec <= after.tv_sec * 1000000 + after.tv_usec);
	t1 = vtime(&t2);
	EXPECT_EQ(t, t1, t2);
	EXPECT_TRUE(t, t1 >= before.tv_sec && t1 <= after.tv_sec);
	ASSERT_TRUE(t, pin_to_this_cpu());
	EXPECT_EQ(t, vgetcpu(&cpu, &node, NULL), 0L);
	syscall3(__NR_getcpu, &sys_cpu, NULL, NULL);
	unpin();
	EXPECT_EQ(t, cpu, sys_cpu);
	EXPECT_EQ(t, node, 0U);
}

static void read_the_page(void)
{
	(void)*(volatile unsigned long *)VSYSCALL_ADDR;
}

static void call_inside_a_function(void)
{
	((time_fn)(VSYSCALL_ADDR + 0x404))(NULL);
}

static void call_with_a_bad_pointer(void)
{
	vgettimeofday((struct kernel_timeval *)8, NULL);
}

/* Execute-only: nothing there to read, and only the three entry points run. */
SELFTEST(vsyscall, read_and_misuse_are_sigsegv)
{
	EXPECT_TRUE(t, faults(read_the_page));
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.addr, VSYSCALL_ADDR);
	EXPECT_TRUE(t, faults(call_inside_a_function));
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.ip, VSYSCALL_ADDR + 0x404);
	EXPECT_TRUE(t, faults(call_with_a_bad_pointer));
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.ip, VSYSCALL_ADDR);
}

static long vm_readv(long pid, struct iovec *local, unsigned long nl, struct iovec *remote,
		     unsigned long nr, unsigned long flags)
{
	return syscall6(__NR_process_vm_readv, pid, (long)local, nl, (long)remote, nr, flags);
}

/*
 * A forked child's copy of a buffer, read by the parent while the child waits:
 * gathered from two remote pieces into two local ones, crossing a page.
 */
SELFTEST(vsyscall, process_vm_readv_reads_another_process)
{
	static u8 data[2 * PAGE_SIZE] __aligned(PAGE_SIZE), got[3000];
	struct iovec remote[2] = { { data + PAGE_SIZE - 1000, 1500 }, { data + 10, 1500 } };
	struct iovec local[2] = { { got, 1000 }, { got + 1000, 2000 } };
	volatile int *ready = (int *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					      MAP_SHARED | MAP_ANONYMOUS,
					      -1, 0);
	long pid;

	for (unsigned int i = 0; i < sizeof(data); i++)
		data[i] = (u8)(i * 7);
	*ready = 0;
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		for (unsigned int i = 0; i < sizeof(data); i++)
			data[i] ^= 0xff;		/* the child's copy differs from ours */
		*ready = 1;
		syscall1(__NR_pause, 0);
		syscall1(__NR_exit, 0);
	}
	ASSERT_TRUE(t, pid > 0);
	while (!*ready)
		syscall0(__NR_sched_yield);
	EXPECT_EQ(t, vm_readv(pid, local, 2, remote, 2, 0), 3000L);
	EXPECT_EQ(t, got[0], (u8)~(u8)((PAGE_SIZE - 1000) * 7));
	EXPECT_EQ(t, got[1499], (u8)~(u8)((PAGE_SIZE + 499) * 7));
	EXPECT_EQ(t, got[1500], (u8)~(u8)(10 * 7));
	EXPECT_EQ(t, got[2999], (u8)~(u8)(1509 * 7));
	kill(pid, SIGKILL);
	wait_status(pid);
	syscall2(__NR_munmap, ready, PAGE_SIZE);
}

/* Linux's errors; the vsyscall page has nothing to read; a short read stops at a hole. */
SELFTEST(vsyscall, process_vm_readv_errors)
{
	static u8 buf[64];
	struct iovec local = { buf, sizeof(buf) }, remote = { buf, sizeof(buf) };
	struct iovec vsys = { (void *)VSYSCALL_ADDR, sizeof(buf) };
	unsigned long hole = syscall6(__NR_mmap, 0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct iovec across = { (void *)(hole + PAGE_SIZE - 16), 32 };

	EXPECT_EQ(t, vm_readv(getpid(), &local, 1, &remote, 1, 0), (long)sizeof(buf));
	EXPECT_EQ(t, vm_readv(getpid(), &local, 1, &remote, 1, 1), -EINVAL);	/* flags */
	EXPECT_EQ(t, vm_readv(getpid(), &local, UIO_MAXIOV + 1, &remote, 1, 0), -EINVAL);
	EXPECT_EQ(t, vm_readv(99999, &local, 1, &remote, 1, 0), -ESRCH);
	EXPECT_EQ(t, vm_readv(getpid(), (struct iovec *)8, 1, &remote, 1, 0), -EFAULT);
	EXPECT_EQ(t, vm_readv(getpid(), &local, 1, &vsys, 1, 0), -EFAULT);
	EXPECT_EQ(t, vm_readv(getpid(), &local, 0, &remote, 1, 0), 0L);	/* nothing asked */
	ASSERT_EQ(t, syscall2(__NR_munmap, hole + PAGE_SIZE, PAGE_SIZE), 0L);
	EXPECT_EQ(t, vm_readv(getpid(), &local, 1, &across, 1, 0), 16L);	/* up to the hole */
	syscall2(__NR_munmap, hole, PAGE_SIZE);
}
