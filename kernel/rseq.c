// SPDX-License-Identifier: GPL-2.0
/*
 * rseq(2): registering an area (include/rseq.h), what fork, clone, execve and
 * exit do with it, and the concurrency IDs the context switch hands out.
 *
 * A concurrency ID (mm_cid, Linux 6.3) numbers the process's threads that are on
 * a CPU right now, from 0 up, so a program can index per-thread-slot data by it
 * with as many slots as it runs threads at once, not as many as the machine has
 * CPUs. Here a registered task takes the lowest ID its process has free when
 * it is switched in and gives it back when switched out: the IDs in use are
 * always fewer than both the process's registered threads and the CPUs.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <mm.h>
#include <rseq.h>
#include <sched.h>
#include <smp.h>
#include <syscalls.h>
#include <uapi/rseq.h>

/* sched_lock held: t, on a CPU or about to be, takes the lowest free ID. */
static void mm_cid_get_locked(struct task *t)
{
	struct mm *mm = t->mm;
	u32 cid = __builtin_ctzl(~mm->cid_mask);

	_Static_assert(NR_CPUS <= 8 * sizeof(mm->cid_mask), "an ID per CPU fits cid_mask");
	mm->cid_mask |= BIT(cid);
	t->rseq.cid = cid;
}

/* sched_lock held: t leaves its CPU, or its area. */
static void mm_cid_put_locked(struct task *t)
{
	if (t->rseq.cid != MM_CID_UNSET)
		t->mm->cid_mask &= ~BIT(t->rseq.cid);
	t->rseq.cid = MM_CID_UNSET;
}

void rseq_switch_out_locked(struct task *prev)
{
	mm_cid_put_locked(prev);
}

/*
 * next runs here now. Its area needs looking at on the way out if it runs on
 * another CPU or with another ID than the area says, or if it was interrupted
 * in user mode (a critical section may have been cut): else, a task that slept
 * in a syscall and comes back where it was, nothing.
 */
void rseq_switch_in_locked(struct task *next, unsigned int cpu)
{
	struct rseq_event *ev = &next->rseq.event;

	mm_cid_get_locked(next);
	if (next->rseq.cpu_id != cpu || next->rseq.mm_cid != next->rseq.cid)
		ev->ids_changed = 1;
	if (ev->ids_changed | ev->user_irq) {
		ev->sched_switch = 1;
		set_tsk_thread_flag(next, TIF_RSEQ);
	}
}

/* The area, as current registers it; the IDs are written on the way out. */
static void rseq_register(struct rseq __user *area, u32 len, u32 sig)
{
	struct task *t = current;
	unsigned long flags;

	tasklist_lock(&flags);
	t->rseq.usrptr = area;
	t->rseq.len = len;
	t->rseq.sig = sig;
	t->rseq.cpu_id = RSEQ_CPU_ID_UNINITIALIZED;
	t->rseq.event.has_rseq = 1;
	t->rseq.event.ids_changed = 1;
	t->rseq.event.sched_switch = 1;
	set_tsk_thread_flag(t, TIF_RSEQ);
	mm_cid_get_locked(t);
	tasklist_unlock(flags);
}

static void rseq_clear(struct task *t)
{
	unsigned long flags;

	tasklist_lock(&flags);
	if (t->rseq.event.has_rseq)
		mm_cid_put_locked(t);
	t->rseq = (struct rseq_state){ .cid = MM_CID_UNSET };
	tasklist_unlock(flags);
}

/*
 * Unregistering leaves the area as a never-registered one reads, as Linux's
 * rseq_reset_rseq_cpu_node_id(): the C library may hand it to a later thread.
 */
static long rseq_unregister(struct rseq __user *area, u32 len, u32 sig)
{
	struct task *t = current;
	const u32 ids[2] = { 0, RSEQ_CPU_ID_UNINITIALIZED }, node_cid[2] = { 0, 0 };

	if (!t->rseq.usrptr || area != t->rseq.usrptr || len != t->rseq.len)
		return -EINVAL;
	if (sig != t->rseq.sig)
		return -EPERM;
	if (copy_to_user(&area->cpu_id_start, ids, sizeof(ids)) ||
	    copy_to_user(&area->node_id, node_cid, sizeof(node_cid)))
		return -EFAULT;
	rseq_clear(t);
	return 0;
}

/**
 * sys_rseq - rseq(area, len, flags, sig)
 * @regs: the caller's registers
 *
 * Linux's rules and errors: one area per thread (the same one again is -EBUSY,
 * another -EINVAL, another signature -EPERM); its length at least the original
 * 32 bytes, which hold every field this kernel keeps current (AT_RSEQ_FEATURE_SIZE
 * in the aux vector), and the area aligned as AT_RSEQ_ALIGN says; unregistering
 * with the same area, length and signature.
 */
long sys_rseq(struct pt_regs *regs)
{
	struct rseq __user *area = (struct rseq __user *)regs->di;
	u32 len = (u32)regs->si, sig = (u32)regs->r10;
	int flags = (int)regs->dx;
	struct task *t = current;

	if (flags & RSEQ_FLAG_UNREGISTER) {
		if (flags & ~RSEQ_FLAG_UNREGISTER)
			return -EINVAL;
		return rseq_unregister(area, len, sig);
	}
	if (flags)
		return -EINVAL;
	if (t->rseq.usrptr) {
		if (area != t->rseq.usrptr || len != t->rseq.len)
			return -EINVAL;
		return sig != t->rseq.sig ? -EPERM : -EBUSY;
	}
	_Static_assert(RSEQ_FEATURE_SIZE <= ORIG_RSEQ_SIZE && __alignof__(struct rseq) == 32,
		       "any length from 32 holds every field, and both alignments are 32");
	if (len < ORIG_RSEQ_SIZE || (unsigned long)area % __alignof__(struct rseq))
		return -EINVAL;
	if (!access_ok(area, len))
		return -EFAULT;
	rseq_register(area, len, sig);
	return 0;
}

/*
 * A child that shares the memory (a thread, a vfork child) would share the area:
 * it starts without one, as on Linux, and the C library registers its own. A
 * copy of the process keeps the registration at the same address in its copy,
 * and its first return to user mode writes its IDs.
 */
void rseq_fork(struct task *p, bool shares_mm)
{
	struct task *cur = current;

	p->rseq = (struct rseq_state){ .cid = MM_CID_UNSET };
	if (shares_mm || !cur->rseq.event.has_rseq)
		return;
	p->rseq.usrptr = cur->rseq.usrptr;
	p->rseq.len = cur->rseq.len;
	p->rseq.sig = cur->rseq.sig;
	p->rseq.cpu_id = RSEQ_CPU_ID_UNINITIALIZED;
	p->rseq.event.has_rseq = 1;
}

void rseq_mm_release(struct task *t)
{
	if (t->rseq.event.has_rseq)
		rseq_clear(t);
}
