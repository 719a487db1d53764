// SPDX-License-Identifier: GPL-2.0
/*
 * membarrier(2) (Linux 4.3, expedited 4.14, RSEQ 5.10): a memory barrier on
 * other threads' CPUs, asked for by one thread, so that the others' fast paths
 * can go without one (userspace RCU's readers, a JIT's code patching, rseq's
 * per-CPU data). The barrier is an IPI to every CPU that runs the process now:
 * taking an interrupt and returning by IRET orders memory and serialises the
 * instruction stream on x86, so the SYNC_CORE form is the same IPI. The RSEQ
 * form also aborts a critical section the IPI found the process in, as a
 * preemption would (include/rseq.h), so a thread can make sure no other is
 * still inside one that uses data it is about to move.
 *
 * A process registers each expedited form it will use, as on Linux: the mask of
 * its MEMBARRIER_CMD_REGISTER_* commands is its state (GET_REGISTRATIONS returns
 * it), kept in its mm, and a new program (execve) starts with none.
 */
#include <errno.h>
#include <mm.h>
#include <rcu.h>
#include <rseq.h>
#include <sched.h>
#include <smp.h>
#include <syscalls.h>
#include <uapi/membarrier.h>

/* A nohz_full CPU in user mode never reports to RCU: no grace period is a barrier there. */
static bool nohz_full_enabled(void)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (per_cpu(cpu, sched.nohz_full))
			return true;
	return false;
}

static long membarrier_query(void)
{
	unsigned long cmds = MEMBARRIER_CMD_GLOBAL | MEMBARRIER_CMD_PRIVATE_EXPEDITED |
		    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED |
		    MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE |
		    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE |
		    MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ |
		    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ |
		    MEMBARRIER_CMD_GET_REGISTRATIONS;

	return nohz_full_enabled() ? cmds & ~MEMBARRIER_CMD_GLOBAL : cmds;
}

/* The IPI: its interrupt is the barrier (smp_mb() says so to the compiler). */
static void ipi_mb(void *mm)
{
	smp_mb();
}

static void ipi_rseq(void *mm)
{
	smp_mb();
	if (current->mm == mm)
		rseq_preempt_irqoff();
}

/**
 * membarrier_private_expedited - the barrier on every CPU running this process
 * @registered: the REGISTER_ command this form needs first
 * @cpu: only this CPU (MEMBARRIER_CMD_FLAG_CPU), or -1
 * @ipi: what the IPI does
 *
 * A CPU that switches to the process later runs a full barrier in the switch
 * (switch_mm's), so only the CPUs running it now need the IPI; a process with
 * one thread, running here, needs none at all. A CPU that is not there is no
 * error (Linux's answer too: the caller's list of CPUs may be stale).
 */
static long membarrier_private_expedited(unsigned int registered, int cpu,
					 void (*ipi)(void *mm))
{
	struct mm *mm = current->mm;

	if (!(READ_ONCE(mm->membarrier_state) & registered))
		return -EPERM;
	if (cpu >= 0) {
		if (cpu < NR_CPUS && cpu_online(cpu) &&
		    (cpu == (int)smp_processor_id() || READ_ONCE(per_cpu(cpu, loaded_mm)) == mm))
			smp_call_function_single(cpu, ipi, mm, true);
	} else if (READ_ONCE(mm->users) > 1) {
		on_each_cpu_running_mm(mm, ipi, mm);
	}
	smp_mb();
	return 0;
}

/* membarrier(cmd, flags, cpu_id) */
long sys_membarrier(struct pt_regs *regs)
{
	unsigned int cmd = regs->di, flags = regs->si;
	int cpu = flags & MEMBARRIER_CMD_FLAG_CPU ? (int)regs->dx : -1;
	struct mm *mm = current->mm;

	if (flags & ~(cmd == MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ ? MEMBARRIER_CMD_FLAG_CPU : 0))
		return -EINVAL;
	switch (cmd) {
	case MEMBARRIER_CMD_QUERY:
		return membarrier_query();
	case MEMBARRIER_CMD_GLOBAL:
		if (nohz_full_enabled())
			return -EINVAL;
		if (num_online_cpus() > 1)
			synchronize_rcu();	/* each CPU's quiescent state: a barrier */
		return 0;
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED:
		return membarrier_private_expedited(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, -1,
						    ipi_mb);
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE:
		return membarrier_private_expedited(
			MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE, -1, ipi_mb);
	case MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ:
		return membarrier_private_expedited(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ,
						    cpu, ipi_rseq);
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED:
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE:
	case MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ:
		__atomic_or_fetch(&mm->membarrier_state, cmd, __ATOMIC_SEQ_CST);
		return 0;
	case MEMBARRIER_CMD_GET_REGISTRATIONS:
		return READ_ONCE(mm->membarrier_state);
	default:
		return -EINVAL;
	}
}
