// SPDX-License-Identifier: GPL-2.0
/*
 * sched_setaffinity(2), sched_getaffinity(2) and getcpu(2): a task moves to each
 * CPU it is allowed, and every bad argument gets Linux's errno. With one CPU
 * the moves are to CPU 0 only; make test also runs this suite with SMP=2.
 */
#include <time.h>
#include <uapi/mman.h>
#include "harness.h"

static long setaffinity(int pid, unsigned long len, const void *mask)
{
	return syscall3(__NR_sched_setaffinity, pid, len, mask);
}

static long getaffinity(int pid, unsigned long len, void *mask)
{
	return syscall3(__NR_sched_getaffinity, pid, len, mask);
}

static unsigned int getcpu(void)
{
	unsigned int cpu = ~0U;

	syscall3(__NR_getcpu, &cpu, NULL, NULL);
	return cpu;
}

SELFTEST(affinity, getaffinity_lists_the_cpu_we_run_on)
{
	unsigned long mask = 0;

	EXPECT_EQ(t, getaffinity(0, sizeof(mask), &mask), (long)sizeof(mask));
	EXPECT_NE(t, mask, 0UL);
	EXPECT_TRUE(t, mask & (1UL << getcpu()));
	EXPECT_EQ(t, getaffinity(getpid(), sizeof(mask), &mask), (long)sizeof(mask));
}

SELFTEST(affinity, task_moves_to_each_allowed_cpu)
{
	unsigned long all = 0;

	ASSERT_EQ(t, getaffinity(0, sizeof(all), &all), (long)sizeof(all));
	for (unsigned int cpu = 0; cpu < 64; cpu++) {
		unsigned long one = 1UL << cpu, now = 0;

		if (!(all & one))
			continue;
		EXPECT_EQ(t, setaffinity(0, sizeof(one), &one), 0);
		/* The move happens on the way back to user mode: we are there now. */
		EXPECT_EQ(t, getcpu(), cpu);
		EXPECT_EQ(t, getaffinity(0, sizeof(now), &now), (long)sizeof(now));
		EXPECT_EQ(t, now, one);
	}
	EXPECT_EQ(t, setaffinity(0, sizeof(all), &all), 0);
}

SELFTEST(affinity, bad_masks_and_lengths_refused)
{
	unsigned long empty = 0, offline = 1UL << 63, mask = 0, cpu0 = 1;
	unsigned char byte0 = 1;

	EXPECT_EQ(t, setaffinity(0, sizeof(empty), &empty), -EINVAL);
	EXPECT_EQ(t, setaffinity(0, sizeof(offline), &offline), -EINVAL);
	EXPECT_EQ(t, setaffinity(0, 0, &cpu0), -EINVAL);	/* reads nothing: empty */
	EXPECT_EQ(t, setaffinity(0, 1, &byte0), 0);		/* short: the bytes given */
	EXPECT_EQ(t, getcpu(), 0U);
	EXPECT_EQ(t, getaffinity(0, 4, &mask), -EINVAL);	/* not whole longs */
	EXPECT_EQ(t, getaffinity(0, 0, &mask), -EINVAL);
	EXPECT_EQ(t, setaffinity(12345, sizeof(cpu0), &cpu0), -ESRCH);
	EXPECT_EQ(t, getaffinity(-1, sizeof(mask), &mask), -ESRCH);
	mask = ~0UL;
	EXPECT_EQ(t, setaffinity(0, sizeof(mask), &mask), 0);
}

/*
 * getcpu writes 4-byte values, so the efault suite's straddling pointer (which
 * assumes 8-byte objects) would be a valid one here: these are wholly bad.
 */
SELFTEST(affinity, getcpu_null_and_bad_pointers)
{
	static const unsigned long bad[] = {
		0xffffffff80100000UL, 0xffff888000100000UL, 0x0000800000000000UL, 0x10000UL,
	};
	unsigned int node = ~0U;

	EXPECT_EQ(t, syscall3(__NR_getcpu, NULL, NULL, NULL), 0);
	EXPECT_EQ(t, syscall3(__NR_getcpu, NULL, &node, NULL), 0);
	EXPECT_EQ(t, node, 0U);
	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(t, syscall3(__NR_getcpu, bad[i], NULL, NULL), -EFAULT);
		EXPECT_EQ(t, syscall3(__NR_getcpu, NULL, bad[i], NULL), -EFAULT);
	}
}

#define RUN_LIMIT_NS	500000000L	/* the spinner's CPU time before it gives up */
#define SPIN_BYTES	(64 * 1024)	/* a getrandom() call long beside a tick */

static volatile int *parent_ran;

static long thread_cputime_ns(void)
{
	struct timespec64 ts;

	syscall2(__NR_clock_gettime, CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.sec * 1000000000L + ts.nsec;
}

/* Stays in the kernel nearly all the time: the ticks land there, not in ring 3. */
static int spin_in_system_calls(void)
{
	char *buf = (char *)syscall6(__NR_mmap, 0, SPIN_BYTES, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if ((long)buf < 0)
		return 2;
	while (!*parent_ran && thread_cputime_ns() < RUN_LIMIT_NS)
		syscall3(__NR_getrandom, buf, SPIN_BYTES, 0);
	return *parent_ran ? 0 : 1;
}

/*
 * A task that spends its time in system calls is preempted as one that spins in
 * ring 3 is: the tick asks for the switch wherever it lands, and the task takes it
 * on its way back to user mode (fails, the child's status 1, when only a tick that
 * interrupts ring 3 preempts: we, woken after 5 ms, wait until the child gives up).
 * Both on one CPU.
 */
SELFTEST(affinity, a_task_in_system_calls_is_preempted)
{
	long pid;

	parent_ran = (volatile int *)syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(t, (long)parent_ran > 0);
	ASSERT_TRUE(t, pin_to_this_cpu());
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, spin_in_system_calls());
	nap_ms(5);
	*parent_ran = 1;
	EXPECT_EQ(t, wait_status(pid), 0);
	unpin();
	syscall2(__NR_munmap, (long)parent_ran, PAGE_SIZE);
}
