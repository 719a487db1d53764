// SPDX-License-Identifier: GPL-2.0
/*
 * Threads, made with a raw clone() as glibc's pthread_create() makes them, and
 * futexes: shared memory, own thread IDs, CLONE_CHILD_CLEARTID's wake-up on
 * exit, thread- and process-directed signals, exit_group(), and a TLB shootdown
 * that must reach the other CPU running the process (SMP=2 boots).
 */
#include <elf.h>
#include <uapi/futex.h>
#include <uapi/ldt.h>
#include <uapi/mman.h>
#include <uapi/resource.h>
#include "harness.h"

static long futex(volatile int *uaddr, int op, int val, const struct timespec64 *ts, int bitset)
{
	return syscall6(__NR_futex, (long)uaddr, op, val, (long)ts, 0, bitset);
}

static int open_null(void *fd)
{
	*(volatile long *)fd = syscall4(__NR_openat, -100 /* AT_FDCWD */, "/dev/null", 0, 0);
	return 0;
}

/* CLONE_FILES: a descriptor one thread opens is the other's too. */
SELFTEST(threads, descriptors_are_shared)
{
	struct thread th;
	volatile long fd = -1;

	ASSERT_TRUE(t, thread_start(&th, open_null, (void *)&fd) > 0);
	thread_join(&th);
	ASSERT_TRUE(t, fd >= 3);
	EXPECT_EQ(t, syscall3(__NR_fcntl, fd, 1 /* F_GETFD */, 0), 0L);
	EXPECT_EQ(t, syscall1(__NR_close, fd), 0L);
}

static volatile struct { int tid, pid, ppid; } seen;

static int report_ids(void *arg)
{
	seen.tid = syscall0(__NR_gettid);
	seen.pid = getpid();
	seen.ppid = syscall0(__NR_getppid);
	return 0;
}

SELFTEST(threads, thread_shares_memory_with_its_own_tid)
{
	struct thread th;
	long tid;

	seen.tid = 0;
	tid = thread_start(&th, report_ids, NULL);
	ASSERT_TRUE(t, tid > 0);
	thread_join(&th);
	EXPECT_EQ(t, seen.tid, (int)tid);
	EXPECT_EQ(t, th.ptid, (int)tid);		/* CLONE_PARENT_SETTID */
	EXPECT_EQ(t, seen.pid, getpid());		/* same process */
	EXPECT_NE(t, seen.tid, getpid());
	EXPECT_EQ(t, seen.ppid, (int)syscall0(__NR_getppid));
	EXPECT_EQ(t, th.ctid, 0);			/* CLONE_CHILD_CLEARTID */
}

SELFTEST(threads, futex_wait_checks_the_value_and_times_out)
{
	static volatile int word = 5;
	struct timespec64 ts = { 0, 20 * 1000 * 1000 };

	EXPECT_EQ(t, futex(&word, FUTEX_WAIT, 4, NULL, 0), -EAGAIN);
	EXPECT_EQ(t, futex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 5, &ts, 0), -ETIMEDOUT);
	EXPECT_EQ(t, futex(&word, FUTEX_WAKE, 1, NULL, 0), 0);		/* nobody waits */
	EXPECT_EQ(t, futex(&word, FUTEX_WAIT_BITSET, 5, NULL, 0), -EINVAL);	/* empty bitset */
	EXPECT_EQ(t, futex((int *)1, FUTEX_WAIT, 0, NULL, 0), -EINVAL);	/* misaligned */
	EXPECT_EQ(t, futex((int *)0x10000, FUTEX_WAIT, 0, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex(&word, 99, 0, NULL, 0), -ENOSYS);
}

/*
 * A shared futex (no FUTEX_PRIVATE_FLAG) is named by its page, so it needs one,
 * as Linux's get_futex_key(): no region, PROT_NONE, past a shared object's end,
 * the vDSO, and read-only private memory that holds only the zero page are
 * -EFAULT. A private one is its address: only a kernel address is refused.
 */
SELFTEST(threads, futex_shared_key_needs_a_page)
{
	char *none = (char *)syscall6(__NR_mmap, 0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
				      -1, 0);
	char *ro = (char *)syscall6(__NR_mmap, 0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
				    -1, 0);
	char *shared = (char *)syscall6(__NR_mmap, 0, 4096, PROT_READ | PROT_WRITE,
					MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	static volatile int word;
	int *kernel = (int *)0xffff800000000000UL;

	/* Grown past its one-page object: a page with nothing behind it. */
	shared = (char *)syscall5(__NR_mremap, (long)shared, 4096, 8192, MREMAP_MAYMOVE, 0);
	ASSERT_TRUE(t, (long)none > 0 && (long)ro > 0 && (long)shared > 0);
	EXPECT_EQ(t, futex((int *)0x10000, FUTEX_WAKE, 1, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex((int *)0x10000, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, 0), 0);
	EXPECT_EQ(t, futex((int *)none, FUTEX_WAKE, 1, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex((int *)none, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, 0), 0);
	EXPECT_EQ(t, futex((int *)none, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex(kernel, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex((int *)ro, FUTEX_WAKE, 1, NULL, 0), -EFAULT);
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&word, FUTEX_REQUEUE, 1, 1, (long)ro, 0),
		  -EFAULT);
	EXPECT_EQ(t, futex((int *)shared, FUTEX_WAKE, 1, NULL, 0), 0);
	EXPECT_EQ(t, futex((int *)(shared + 4096), FUTEX_WAKE, 1, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex((int *)(shared + 4096), FUTEX_WAIT, 0, NULL, 0), -EFAULT);
	EXPECT_EQ(t, futex((int *)(shared + 4096), FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, 0),
		  0);
	EXPECT_EQ(t, futex((int *)getauxval(AT_SYSINFO_EHDR), FUTEX_WAKE, 1, NULL, 0), -EFAULT);
	/* Misaligned is -EINVAL in either word; an unknown command is -ENOSYS first. */
	EXPECT_EQ(t, futex((int *)(shared + 1), FUTEX_WAKE, 1, NULL, 0), -EINVAL);
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&word, FUTEX_REQUEUE, 1, 1, (long)&word + 1, 0),
		  -EINVAL);
	EXPECT_EQ(t, futex((int *)(shared + 1), 99, 0, NULL, 0), -ENOSYS);
	syscall2(__NR_munmap, (long)none, 4096);
	syscall2(__NR_munmap, (long)ro, 4096);
	syscall2(__NR_munmap, (long)shared, 8192);
}

static volatile int gate, woken, waiting;

static int wait_on_gate(void *bitset)
{
	__atomic_add_fetch(&waiting, 1, __ATOMIC_SEQ_CST);	/* at its futex call, nearly */
	while (gate == 0)
		futex(&gate, FUTEX_WAIT_BITSET, 0, NULL, (int)(long)bitset);
	__atomic_add_fetch(&woken, 1, __ATOMIC_SEQ_CST);	/* two may wake at once */
	return 0;
}

/*
 * Until both waiters have come to their futex call, however late their CPU ran
 * them, then a nap for the few instructions into it.
 */
static void both_waiters_asleep(void)
{
	struct timespec64 nap = { 0, 10 * 1000 * 1000 };

	while (waiting < 2)
		syscall0(__NR_sched_yield);
	syscall2(__NR_nanosleep, &nap, NULL);
}

/*
 * A wake reaches only the waiters whose bitset shares a bit with its own; a count
 * of 0 still wakes one (Linux counts after waking; Linux's fsgsbase test relies on it).
 */
SELFTEST(threads, futex_wake_bitset_picks_waiters)
{
	struct thread a, b;

	gate = 0;
	woken = 0;
	waiting = 0;
	ASSERT_TRUE(t, thread_start(&a, wait_on_gate, (void *)1L) > 0);
	ASSERT_TRUE(t, thread_start(&b, wait_on_gate, (void *)2L) > 0);
	both_waiters_asleep();
	gate = 1;
	EXPECT_EQ(t, futex(&gate, FUTEX_WAKE_BITSET, 10, NULL, 4), 0);	/* neither */
	EXPECT_EQ(t, futex(&gate, FUTEX_WAKE_BITSET, 10, NULL, 2), 1);	/* b */
	thread_join(&b);
	EXPECT_EQ(t, woken, 1);
	EXPECT_EQ(t, futex(&gate, FUTEX_WAKE, 0, NULL, 0), 1);	/* a: 0 wakes one, as Linux */
	thread_join(&a);
	EXPECT_EQ(t, woken, 2);
}

/*
 * FUTEX_CMP_REQUEUE moves a waiter to another word, asleep (musl's condition
 * variables hand theirs to the mutex so): a wake of the first word no longer
 * reaches it, one of the second does; a changed word is -EAGAIN.
 */
SELFTEST(threads, futex_requeue_moves_waiters)
{
	static volatile int other;
	struct thread a, b;

	gate = 0;
	woken = 0;
	waiting = 0;
	ASSERT_TRUE(t, thread_start(&a, wait_on_gate, (void *)-1L) > 0);
	ASSERT_TRUE(t, thread_start(&b, wait_on_gate, (void *)-1L) > 0);
	both_waiters_asleep();
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&gate, FUTEX_CMP_REQUEUE, 0, 1, (long)&other, 7),
		  -EAGAIN);				/* gate is 0, not 7 */
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&gate, FUTEX_CMP_REQUEUE, 0, 1, (long)&other, 0),
		  1L);					/* one moved, none woken */
	gate = 1;
	EXPECT_EQ(t, futex(&gate, FUTEX_WAKE, 10, NULL, 0), 1);		/* the one left */
	EXPECT_EQ(t, futex(&other, FUTEX_WAKE, 10, NULL, 0), 1);	/* the moved one */
	thread_join(&a);
	thread_join(&b);
	EXPECT_EQ(t, woken, 2);
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&gate, FUTEX_REQUEUE, 1, 1, (long)&other, 0), 0L);
	EXPECT_EQ(t, syscall6(__NR_futex, (long)&gate, FUTEX_REQUEUE, 1, 1, 2, 0), -EINVAL);
}

/*
 * A futex in MAP_SHARED memory is named by its page, so a process can wake one
 * asleep in another (a process-shared mutex); FUTEX_PRIVATE_FLAG names it by
 * address space and address, which reaches no other process. The parent cannot
 * know when the child is asleep, so it tries both wakes until the shared one
 * reaches it: the private one must never have.
 */
SELFTEST(threads, futex_in_map_shared_memory_wakes_another_process)
{
	volatile int *word = (volatile int *)syscall6(__NR_mmap, 0, PAGE_SIZE,
						      PROT_READ | PROT_WRITE,
						      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct timespec64 nap = { 0, 10 * 1000 * 1000 }, patience = { 20, 0 };
	long pid, private_woken = 0, shared_woken = 0;

	ASSERT_TRUE(t, (unsigned long)word < TASK_SIZE_MAX);
	*word = 0;
	pid = syscall0(__NR_fork);
	if (pid == 0)
		syscall1(__NR_exit, futex(word, FUTEX_WAIT, 0, &patience, 0) == 0 ? 0 : 1);
	ASSERT_TRUE(t, pid > 0);
	for (int i = 0; i < 1000 && !shared_woken && !private_woken; i++) {
		syscall2(__NR_nanosleep, &nap, NULL);
		private_woken = futex(word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, NULL, 0);
		if (!private_woken)
			shared_woken = futex(word, FUTEX_WAKE, 1, NULL, 0);
	}
	EXPECT_EQ(t, private_woken, 0L);
	EXPECT_EQ(t, shared_woken, 1L);
	EXPECT_EQ(t, wait_status(pid), 0);		/* woken, not timed out */
	syscall2(__NR_munmap, (unsigned long)word, PAGE_SIZE);
}

static volatile int handled_by, spin_stop;

static void record_tid(int sig)
{
	handled_by = syscall0(__NR_gettid);
}

static int spin_until_stopped(void *arg)
{
	struct timespec64 nap = { 0, 1000 * 1000 };

	while (!spin_stop)
		syscall2(__NR_nanosleep, &nap, NULL);
	return 0;
}

/*
 * tgkill() names the thread that takes the signal; kill() names the process,
 * and a thread that does not block the signal takes it when the caller does.
 */
SELFTEST(threads, thread_and_process_directed_signals)
{
	kernel_sigset_t usr2 = 1UL << (SIGUSR2 - 1), old;
	struct timespec64 nap = { 0, 20 * 1000 * 1000 };
	struct thread th;
	long tid;

	spin_stop = 0;
	sigaction(SIGUSR1, (unsigned long)record_tid, 0, 0, NULL);
	sigaction(SIGUSR2, (unsigned long)record_tid, 0, 0, NULL);
	tid = thread_start(&th, spin_until_stopped, NULL);
	ASSERT_TRUE(t, tid > 0);
	handled_by = 0;
	EXPECT_EQ(t, syscall3(__NR_tgkill, getpid(), tid, SIGUSR1), 0);
	for (int i = 0; i < 100 && !handled_by; i++)
		syscall2(__NR_nanosleep, &nap, NULL);
	EXPECT_EQ(t, handled_by, (int)tid);
	EXPECT_EQ(t, syscall3(__NR_tgkill, getpid() + 1000, tid, SIGUSR1), -ESRCH);

	handled_by = 0;
	sigprocmask(SIG_BLOCK, &usr2, &old);
	EXPECT_EQ(t, kill(getpid(), SIGUSR2), 0);
	for (int i = 0; i < 100 && !handled_by; i++)
		syscall2(__NR_nanosleep, &nap, NULL);
	EXPECT_EQ(t, handled_by, (int)tid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	spin_stop = 1;
	thread_join(&th);
	reset_signal(SIGUSR1);
	reset_signal(SIGUSR2);
}

static int exit_group_5(void *arg)
{
	syscall1(__NR_exit_group, 5);
	return 1;
}

/* exit_group() in one thread ends the others, even one asleep in pause(). */
SELFTEST(threads, exit_group_ends_every_thread)
{
	int status = -1;
	long pid = syscall0(__NR_fork);

	if (pid == 0) {
		struct thread th;

		thread_start(&th, exit_group_5, NULL);
		syscall0(__NR_pause);
		syscall1(__NR_exit, 1);
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), pid);
	EXPECT_EQ(t, status, 5 << 8);
}

static volatile unsigned long shared_page;
static volatile int phase;

/*
 * Pinned to the last CPU: writes the page, caching a writable translation (a
 * read alone would not: the CPU, and QEMU, cache write permission only once the
 * dirty bit is set), keeps it in use by reading, then writes again.
 */
static int write_after_mprotect(void *cpu)
{
	unsigned long mask = 1UL << (long)cpu;

	syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
	*(volatile u8 *)shared_page = 1;
	phase = 1;
	while (phase != 2)
		(void)*(volatile u8 *)shared_page;	/* keep the TLB entry warm */
	*(volatile u8 *)shared_page = 1;	/* must fault: read-only now */
	phase = 3;
	return 0;
}

/*
 * mprotect() in one thread must reach the TLB of the CPU another thread runs
 * on: a stale writable entry there would let the write through. The threads run
 * in a child process, which the expected SIGSEGV ends.
 */
SELFTEST(threads, mprotect_reaches_other_cpus_tlb)
{
	unsigned long all = 0;
	int status = -1;
	long cpu, pid;

	syscall3(__NR_sched_getaffinity, 0, sizeof(all), &all);
	cpu = 63 - __builtin_clzl(all);
	if (!cpu)
		SKIP(t, "needs two or more CPUs (SMP=2)");
	pid = syscall0(__NR_fork);
	if (pid == 0) {
		unsigned long zero = 1;
		struct thread th;

		syscall3(__NR_sched_setaffinity, 0, sizeof(zero), &zero);	/* CPU 0 */
		shared_page = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		phase = 0;
		thread_start(&th, write_after_mprotect, (void *)cpu);
		while (phase != 1)
			;
		syscall3(__NR_mprotect, shared_page, PAGE_SIZE, PROT_READ);
		phase = 2;
		while (phase != 3)
			;
		syscall1(__NR_exit_group, 1);		/* the write went through */
	}
	ASSERT_TRUE(t, pid > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), pid);
	EXPECT_EQ(t, status, SIGSEGV);
}

static volatile int ldt_phase;

/* LDT entry 1 (selector 0xf): does this CPU's LDTR show the entry? */
static bool ldt_entry_1_visible(void)
{
	return segment_limit(0xf) >= 0;
}

/* Pinned to CPU arg, where it spins in ring 3 (no switch reloads its LDTR) until entry 1 shows. */
static int wait_for_ldt_entry(void *arg)
{
	unsigned long mask = 1UL << (long)arg;

	syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
	ldt_phase = ldt_entry_1_visible() ? 3 : 1;
	while (ldt_phase == 1)
		if (ldt_entry_1_visible())
			ldt_phase = 2;
	return 0;
}

/*
 * modify_ldt() in one thread reaches the LDTR of another that runs on another CPU
 * at that moment: the table grows from one entry to two, and the spinning thread
 * sees the second without ever entering the kernel (fails without the reload IPI).
 */
SELFTEST(threads, modify_ldt_reaches_other_cpus_ldtr)
{
	struct user_desc desc = { .limit = 0xfffff, .seg_32bit = 1, .limit_in_pages = 1 };
	struct timespec64 nap = { 0, 1000000 };
	unsigned long all = 0, zero = 1;
	struct thread th;
	long cpu;

	syscall3(__NR_sched_getaffinity, 0, sizeof(all), &all);
	cpu = 63 - __builtin_clzl(all);
	if (!cpu)
		SKIP(t, "needs two or more CPUs (SMP=2)");
	syscall3(__NR_sched_setaffinity, 0, sizeof(zero), &zero);	/* CPU 0 */
	ASSERT_EQ(t, syscall3(__NR_modify_ldt, 0x11, &desc, sizeof(desc)), 0L);	/* entry 0 */
	ldt_phase = 0;
	thread_start(&th, wait_for_ldt_entry, (void *)cpu);
	while (ldt_phase == 0)
		syscall2(__NR_nanosleep, &nap, NULL);
	desc.entry_number = 1;
	ASSERT_EQ(t, syscall3(__NR_modify_ldt, 0x11, &desc, sizeof(desc)), 0L);	/* entry 1 */
	for (int i = 0; i < 1000 && ldt_phase == 1; i++)
		syscall2(__NR_nanosleep, &nap, NULL);
	EXPECT_EQ(t, ldt_phase, 2);
	ldt_phase = 4;			/* a thread still spinning stops */
	thread_join(&th);
	unpin();
}

#define WATCHED_PAGES	64
#define WATCHED_VALUE	0x5a5a5a5a5a5a5a5aUL
#define FREE_ROUNDS	8

enum unmap_how { BY_MUNMAP, BY_MAP_FIXED, BY_MADV_DONTNEED, NR_UNMAP_HOW };

static volatile unsigned long watched;
static volatile int reader_running;

/*
 * Pinned to the last CPU: reads the first and the last page of the watched
 * mapping through its TLB. Its old contents, or the zeros that replace them,
 * are fine; FRAME_POISON means the frame was freed while this CPU could still
 * reach it. A fault (the mapping is gone, and the flush reached here) ends the
 * process with SIGSEGV.
 */
static int read_watched(void *cpu)
{
	unsigned long mask = 1UL << (long)cpu, last = (WATCHED_PAGES - 1) * PAGE_SIZE;

	syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
	for (reader_running = 1;;) {
		u64 first = *(volatile u64 *)watched, end = *(volatile u64 *)(watched + last);

		if ((first && first != WATCHED_VALUE) || (end && end != WATCHED_VALUE))
			syscall1(__NR_exit_group, 2);
	}
	return 0;
}

/* A child process: a reader on the last CPU while this thread, on CPU 0, unmaps. */
static void __noreturn unmap_under_reader(long cpu, enum unmap_how how)
{
	unsigned long zero = 1, len = WATCHED_PAGES * PAGE_SIZE;
	struct thread th;

	syscall3(__NR_sched_setaffinity, 0, sizeof(zero), &zero);	/* CPU 0 */
	watched = syscall6(__NR_mmap, 0, len, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (unsigned long off = 0; off < len; off += PAGE_SIZE)
		*(volatile u64 *)(watched + off) = WATCHED_VALUE;
	thread_start(&th, read_watched, (void *)cpu);
	while (!reader_running)
		;
	if (how == BY_MUNMAP)
		syscall2(__NR_munmap, watched, len);
	else if (how == BY_MAP_FIXED)
		syscall6(__NR_mmap, watched, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	else
		syscall3(__NR_madvise, watched, len, MADV_DONTNEED);
	for (int i = 0; i < 100000; i++)	/* the reader's chance to see the new state */
		cpu_relax();
	exit(how == BY_MUNMAP ? 1 : 0);	/* munmap: the reader should have faulted */
}

/*
 * munmap(), mmap(MAP_FIXED) over a mapping and MADV_DONTNEED free frames that a
 * thread on another CPU may be using through its TLB: the kernel must flush that
 * TLB before the frames reach the allocator (kernel/mm/pmm.c poisons each freed
 * frame, so a read after the free shows it). Several rounds of each.
 */
SELFTEST(threads, frames_are_freed_only_after_other_cpus_flush)
{
	static const int expected[NR_UNMAP_HOW] = { SIGSEGV, 0, 0 };
	static const char *const name[NR_UNMAP_HOW] = { "munmap", "MAP_FIXED", "MADV_DONTNEED" };
	unsigned long all = 0;
	long cpu;

	syscall3(__NR_sched_getaffinity, 0, sizeof(all), &all);
	cpu = 63 - __builtin_clzl(all);
	if (!cpu)
		SKIP(t, "needs two or more CPUs (SMP=2)");
	for (int how = 0; how < NR_UNMAP_HOW; how++) {
		for (int round = 0; round < FREE_ROUNDS; round++) {
			int status = -1;
			long pid = syscall0(__NR_fork);

			if (pid == 0)
				unmap_under_reader(cpu, how);
			ASSERT_TRUE(t, pid > 0);
			EXPECT_EQ(t, syscall4(__NR_wait4, pid, &status, 0, NULL), pid);
			if (status != expected[how]) {
				printf("# %s, round %d: status 0x%x "
				       "(0x200: a freed frame was read)\n",
				       name[how], round, status);
				EXPECT_EQ(t, status, expected[how]);
				break;
			}
		}
	}
}

static int return_at_once(void *arg)
{
	return 0;
}

/*
 * Tids are handed out cyclically, as on Linux: the next thread does not get the
 * tid of one that has just exited (programs that keep tids would see two threads
 * with one), and neither does the next process.
 */
SELFTEST(threads, tid_is_not_reused_by_the_next_thread)
{
	struct thread th;
	long first, second, child;
	int status;

	first = thread_start(&th, return_at_once, NULL);
	ASSERT_TRUE(t, first > 0);
	thread_join(&th);
	second = thread_start(&th, return_at_once, NULL);
	ASSERT_TRUE(t, second > 0);
	thread_join(&th);
	EXPECT_NE(t, second, first);
	child = syscall0(__NR_fork);
	if (child == 0)
		syscall1(__NR_exit, 0);
	ASSERT_TRUE(t, child > 0);
	EXPECT_EQ(t, syscall4(__NR_wait4, child, &status, 0, NULL), child);
	EXPECT_NE(t, child, first);
	EXPECT_NE(t, child, second);
}

/*
 * Threads, too, go up to threads-max (twice RLIMIT_NPROC's default, or one more),
 * far past the 240 a fixed table once held: then clone() says -EAGAIN, as Linux.
 * Each waits at a gate opened once the limit is met; all are joined.
 */
SELFTEST(threads, threads_alive_up_to_threads_max)
{
	struct rlimit64 nproc;
	struct thread *th;
	int n = 0, alive;
	size_t size;
	long tid;

	ASSERT_EQ(t, syscall2(__NR_getrlimit, RLIMIT_NPROC, &nproc), 0L);
	size = (nproc.cur * 2 + 1) * sizeof(*th);
	th = (struct thread *)syscall6(__NR_mmap, 0, size, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_TRUE(t, (long)th > 0);
	gate = 0;
	for (;;) {
		tid = thread_start(&th[n], wait_on_gate, (void *)(long)FUTEX_BITSET_MATCH_ANY);
		if (tid < 0)
			break;
		if (++n == (int)(nproc.cur * 2 + 1) || n == TASKS_TRIED_MAX)
			break;
	}
	alive = threads_alive();
	EXPECT_TRUE(t, n > 240);
	if (n < TASKS_TRIED_MAX) {
		EXPECT_EQ(t, tid, -EAGAIN);
		EXPECT_TRUE(t, alive == (int)nproc.cur * 2 || alive == (int)nproc.cur * 2 + 1);
	}
	gate = 1;
	futex(&gate, FUTEX_WAKE, n, NULL, 0);
	for (int i = 0; i < n; i++)
		thread_join(&th[i]);
	syscall2(__NR_munmap, (long)th, size);
}
