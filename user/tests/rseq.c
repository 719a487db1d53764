// SPDX-License-Identifier: GPL-2.0
/*
 * rseq(2) and membarrier(2): registration and its errors, the IDs written on the
 * way back to user mode, and a critical section aborted when it was interrupted
 * in user mode and then preempted, sent a signal, or reached by membarrier's
 * RSEQ IPI, but not when the task slept in a syscall (Linux 6.19's rule).
 */
#include <uapi/membarrier.h>
#include <uapi/rseq.h>
#include "harness.h"

#define RSEQ_SIG		0x53053053	/* the selftests' x86 signature */
#define AT_RSEQ_FEATURE_SIZE	27
#define AT_RSEQ_ALIGN		28
#define SPIN_ROUNDS		(1UL << 29)	/* seconds under TCG: an abort ends it soon */

/*
 * rseq_spin(&area->rseq_cs, &cs, rounds): arms cs, then counts rounds down
 * inside it. 0 at its end, 1 from its abort handler, whose address is preceded
 * by the signature. rseq_yield(&area->rseq_cs, &cs): the same around a
 * sched_yield() instead.
 */
extern char rseq_spin_start[], rseq_spin_end[], rseq_spin_abort[];
extern char rseq_yield_start[], rseq_yield_end[], rseq_yield_abort[];
long rseq_spin(u64 *rseq_cs, struct rseq_cs *cs, unsigned long rounds);
long rseq_yield(u64 *rseq_cs, struct rseq_cs *cs);
asm(".pushsection .text\n"
    ".globl rseq_spin\n"
    "rseq_spin:\n"
    "	movq %rsi, (%rdi)\n"
    "rseq_spin_start:\n"
    "1:	decq %rdx\n"
    "	jnz 1b\n"
    "rseq_spin_end:\n"
    "	xorl %eax, %eax\n"
    "	ret\n"
    "	.long 0x53053053\n"
    "rseq_spin_abort:\n"
    "	movl $1, %eax\n"
    "	ret\n"
    ".globl rseq_yield\n"
    "rseq_yield:\n"
    "	movq %rsi, (%rdi)\n"
    "rseq_yield_start:\n"
    "	movl $24, %eax\n"		/* __NR_sched_yield */
    "	syscall\n"
    "	nop\n"			/* the return address is inside the section */
    "rseq_yield_end:\n"
    "	xorl %eax, %eax\n"
    "	ret\n"
    "	.long 0x53053053\n"
    "rseq_yield_abort:\n"
    "	movl $1, %eax\n"
    "	ret\n"
    ".popsection\n");

static struct rseq area __aligned(32);
static struct rseq_cs spin_cs, yield_cs;

static long sys_rseq(struct rseq *a, u32 len, int flags, u32 sig)
{
	return syscall4(__NR_rseq, a, len, flags, sig);
}

static long sys_membarrier(unsigned int cmd, unsigned int flags, int cpu)
{
	return syscall3(__NR_membarrier, cmd, flags, cpu);
}

static void describe(struct rseq_cs *cs, char *start, char *end, char *abort)
{
	*cs = (struct rseq_cs){ .start_ip = (u64)start, .post_commit_offset = end - start,
				.abort_ip = (u64)abort };
}

/* Registers the static area (with sig): 0 or -errno. */
static long register_area(struct rseq *a, u32 sig)
{
	describe(&spin_cs, rseq_spin_start, rseq_spin_end, rseq_spin_abort);
	describe(&yield_cs, rseq_yield_start, rseq_yield_end, rseq_yield_abort);
	return sys_rseq(a, sizeof(*a), 0, sig);
}

static unsigned int getcpu(void)
{
	unsigned int cpu = ~0U;

	syscall3(__NR_getcpu, &cpu, NULL, NULL);
	return cpu;
}

static unsigned long allowed_cpus(void)
{
	unsigned long mask = 0;

	syscall3(__NR_sched_getaffinity, 0, sizeof(mask), &mask);
	return mask;
}

static long move_to(unsigned int cpu)
{
	unsigned long one = 1UL << cpu;

	return syscall3(__NR_sched_setaffinity, 0, sizeof(one), &one);
}

SELFTEST(rseq, auxv_says_size_and_alignment)
{
	EXPECT_EQ(t, getauxval(AT_RSEQ_FEATURE_SIZE), 28UL);
	EXPECT_EQ(t, getauxval(AT_RSEQ_ALIGN), 32UL);
}

SELFTEST(rseq, registration_follows_linux_rules)
{
	static struct rseq other __aligned(32);

	EXPECT_EQ(t, sys_rseq(NULL, 0, 0, 0), -EINVAL);	/* how libraries probe for it */
	EXPECT_EQ(t, sys_rseq(&area, 31, 0, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq((struct rseq *)((char *)&area + 8), 32, 0, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq(&area, 32, 2, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq((struct rseq *)(TASK_SIZE_MAX - 32), 64, 0, RSEQ_SIG), -EFAULT);
	ASSERT_EQ(t, register_area(&area, RSEQ_SIG), 0L);
	EXPECT_EQ(t, sys_rseq(&area, 32, 0, RSEQ_SIG), -EBUSY);
	EXPECT_EQ(t, sys_rseq(&area, 32, 0, RSEQ_SIG + 1), -EPERM);
	EXPECT_EQ(t, sys_rseq(&other, 32, 0, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq(&area, 64, 0, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG + 1), -EPERM);
	EXPECT_EQ(t, sys_rseq(&area, 64, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER | 2, RSEQ_SIG), -EINVAL);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), 0L);
	EXPECT_EQ(t, area.cpu_id, RSEQ_CPU_ID_UNINITIALIZED);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), -EINVAL);
}

/* The IDs are written before the call returns, and again after each move. */
SELFTEST(rseq, ids_follow_the_task_to_each_cpu)
{
	unsigned long all = allowed_cpus();

	ASSERT_EQ(t, register_area(&area, RSEQ_SIG), 0L);
	EXPECT_EQ(t, area.cpu_id, getcpu());
	EXPECT_EQ(t, area.cpu_id_start, getcpu());
	EXPECT_EQ(t, area.node_id, 0U);
	EXPECT_EQ(t, area.mm_cid, 0U);			/* the only thread: ID 0 */
	for (unsigned int cpu = 0; cpu < 64; cpu++) {
		if (!(all & (1UL << cpu)))
			continue;
		EXPECT_EQ(t, move_to(cpu), 0L);
		EXPECT_EQ(t, area.cpu_id, cpu);
		EXPECT_EQ(t, area.cpu_id_start, cpu);
		EXPECT_EQ(t, area.mm_cid, 0U);
	}
	syscall3(__NR_sched_setaffinity, 0, sizeof(all), &all);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), 0L);
}

static void on_usr1(int sig)
{
}

/* Spins in a section while a child sends SIGUSR1: the frame returns to the abort handler. */
static int aborted_by_a_signal(u32 sig)
{
	long pid, ret;

	if (register_area(&area, sig))
		return 2;
	sigaction(SIGUSR1, (unsigned long)on_usr1, 0, 0, NULL);
	pid = signal_later(SIGUSR1, 20, 0);
	ret = rseq_spin(&area.rseq_cs, &spin_cs, SPIN_ROUNDS);
	wait_status(pid);
	return ret == 1 && area.rseq_cs == 0 ? 0 : 3;
}

static int aborted_by_a_signal_with_the_signature(void)
{
	return aborted_by_a_signal(RSEQ_SIG);
}

static int abort_with_another_signature(void)
{
	return aborted_by_a_signal(RSEQ_SIG + 1);
}

SELFTEST(rseq, signal_aborts_and_a_wrong_signature_kills)
{
	EXPECT_EQ(t, in_child(aborted_by_a_signal_with_the_signature), 0);
	EXPECT_EQ(t, in_child(abort_with_another_signature), SIGSEGV);
}

/* A runnable sibling on our CPU: the tick preempts one of us in user mode. */
static long spinning_sibling(void)
{
	long pid = syscall0(__NR_fork);

	if (pid == 0)
		for (;;)
			asm volatile("pause");
	return pid;
}

static int preempted_in_user_mode(void)
{
	long pid, ret;

	if (!pin_to_this_cpu() || register_area(&area, RSEQ_SIG))
		return 2;
	pid = spinning_sibling();
	ret = rseq_spin(&area.rseq_cs, &spin_cs, SPIN_ROUNDS);
	kill(pid, SIGKILL);
	wait_status(pid);
	return ret == 1 ? 0 : 3;
}

/*
 * Linux 6.19: a task that entered the kernel by a syscall cannot be inside a
 * section, so a switch while it sleeps there leaves the section alone.
 */
static int switched_in_a_syscall(void)
{
	long pid, ret;

	if (!pin_to_this_cpu() || register_area(&area, RSEQ_SIG))
		return 2;
	pid = spinning_sibling();
	ret = rseq_yield(&area.rseq_cs, &yield_cs);
	kill(pid, SIGKILL);
	wait_status(pid);
	return ret == 0 ? 0 : 3;
}

SELFTEST(rseq, preemption_aborts_a_syscall_does_not)
{
	EXPECT_EQ(t, in_child(preempted_in_user_mode), 0);
	EXPECT_EQ(t, in_child(switched_in_a_syscall), 0);
}

static int child_keeps_registration(void)
{
	return sys_rseq(&area, 32, 0, RSEQ_SIG) == -EBUSY && area.cpu_id == getcpu() ? 0 : 1;
}

static int thread_registers_its_own(void *arg)
{
	static struct rseq own __aligned(32);

	*(long *)arg = sys_rseq(&own, 32, 0, RSEQ_SIG);
	return 0;
}

/* fork keeps the registration (same address, the copy's memory); a thread starts without. */
SELFTEST(rseq, fork_keeps_it_a_thread_starts_without)
{
	struct thread th;
	long ret = 1;

	ASSERT_EQ(t, register_area(&area, RSEQ_SIG), 0L);
	EXPECT_EQ(t, in_child(child_keeps_registration), 0);
	ASSERT_TRUE(t, thread_start(&th, thread_registers_its_own, &ret) > 0);
	thread_join(&th);
	EXPECT_EQ(t, ret, 0L);
	EXPECT_EQ(t, sys_rseq(&area, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), 0L);
}

SELFTEST(membarrier, commands_and_registration)
{
	long cmds = sys_membarrier(MEMBARRIER_CMD_QUERY, 0, 0);
	long want = MEMBARRIER_CMD_PRIVATE_EXPEDITED | MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED |
		    MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ |
		    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ |
		    MEMBARRIER_CMD_GET_REGISTRATIONS;

	EXPECT_EQ(t, cmds & want, want);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_QUERY, 1, 0), -EINVAL);
	EXPECT_EQ(t, sys_membarrier(1UL << 20, 0, 0), -EINVAL);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0), -EPERM);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0), 0L);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0), 0L);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED, MEMBARRIER_CMD_FLAG_CPU, 0),
		  -EINVAL);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, 0, 0), -EPERM);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0), 0L);
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
				    MEMBARRIER_CMD_FLAG_CPU, 1000), 0L);	/* no CPU 1000 */
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_GET_REGISTRATIONS, 0, 0),
		  (long)(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED |
			 MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ));
}

struct spinner {
	unsigned int cpu;
	volatile int ready;
	long ret;
};

static int spin_on_cpu(void *arg)
{
	static struct rseq own __aligned(32);
	struct spinner *s = arg;

	if (move_to(s->cpu) || register_area(&own, RSEQ_SIG)) {
		s->ret = -1;
		s->ready = 1;
		return 0;
	}
	s->ready = 1;
	s->ret = rseq_spin(&own.rseq_cs, &spin_cs, SPIN_ROUNDS);
	return 0;
}

/* A thread spinning in a section on another CPU is aborted by the RSEQ barrier aimed there. */
SELFTEST(membarrier, rseq_barrier_aborts_a_section_on_another_cpu)
{
	unsigned long all = allowed_cpus();
	struct spinner s = { .cpu = getcpu() ^ 1 };
	struct thread th;

	if (!(all & (1UL << s.cpu)))
		SKIP(t, "one CPU");
	ASSERT_EQ(t, sys_membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ, 0, 0), 0L);
	ASSERT_TRUE(t, thread_start(&th, spin_on_cpu, &s) > 0);
	while (!s.ready)
		asm volatile("pause");
	nap_ms(20);				/* well inside its section by now */
	EXPECT_EQ(t, sys_membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ,
				    MEMBARRIER_CMD_FLAG_CPU, s.cpu), 0L);
	thread_join(&th);
	EXPECT_EQ(t, s.ret, 1L);
}
