// SPDX-License-Identifier: GPL-2.0
/*
 * futex(2): a user-space lock word at uaddr, and the kernel only for waiting on it
 * and waking its waiters. FUTEX_WAIT(uaddr, val) sleeps if *uaddr still holds
 * val; FUTEX_WAKE(uaddr, n) wakes up to n sleepers. The _BITSET forms add a
 * 32-bit mask: a wake reaches only waiters whose mask shares a bit with its own.
 * FUTEX_REQUEUE(uaddr, n, m, uaddr2) wakes up to n and moves up to m more to wait
 * on uaddr2 instead, still asleep; FUTEX_CMP_REQUEUE does so only while *uaddr
 * holds val3 (musl's condition variables hand their waiters to the mutex so).
 *
 * A futex is named as Linux names it. A private one (FUTEX_PRIVATE_FLAG, or any
 * word in memory only this process maps) by its address space and address; a
 * shared one, a word in a MAP_SHARED page used without the flag, by the page's
 * physical address, so that the processes sharing the page meet whatever
 * address each maps it at. Waiters sleep on the name (prepare_to_sleep(): the
 * user address, or for a shared futex the frame's kernel address, which no user
 * address can equal) and a wake scans the task table's slots in use: no hash
 * table, so a wake costs a look at every task alive.
 *
 * No lost wake-up: the waiter is marked asleep before it reads *uaddr, and the
 * waker changed *uaddr before it scans (taking sched_lock orders the two). If
 * the read saw the old value, the scan sees the sleeper.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <futex.h>
#include <mm.h>
#include <sched.h>
#include <syscalls.h>
#include <time.h>
#include <uapi/futex.h>
#include <wait.h>

#define FUTEX_CMD_MASK		(~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))

struct futex_key {
	struct mm *mm;		/* NULL: shared, by physical address */
	const void *chan;	/* what its waiters sleep on */
	u32 bitset;
};

/*
 * futex_key - name the futex at uaddr, as Linux's get_futex_key()
 *
 * A private key is the address, whatever is there; a shared one needs a page
 * to name (user_addr_shared()): -EFAULT where there is none.
 */
static int futex_key(struct mm *mm, unsigned long uaddr, bool private, u32 bitset,
		     struct futex_key *key)
{
	phys_addr_t pa;
	int shared;

	if (uaddr & 3)
		return -EINVAL;
	if (!access_ok((void __user *)uaddr, sizeof(u32)))
		return -EFAULT;
	*key = (struct futex_key){ mm, (const void *)uaddr, bitset };
	if (private)
		return 0;
	shared = user_addr_shared(mm, uaddr, &pa);
	if (shared > 0)
		*key = (struct futex_key){ NULL, phys_to_virt(pa), bitset };
	return shared < 0 ? shared : 0;
}

/* sched_lock held: t waits on key's futex, for a bit of key's mask. */
static bool futex_waits_on(const struct task *t, const struct futex_key *key)
{
	return (!key->mm || t->mm == key->mm) && t->wait_chan == key->chan &&
	       (t->futex_bitset & key->bitset);
}

/*
 * sched_lock held. A waiter that matches is taken off the futex: its bitset
 * cleared is how futex_wait() knows a wake, not a signal or a timeout, ended
 * its sleep.
 */
static bool futex_match(struct task *t, const void *arg)
{
	if (!futex_waits_on(t, arg))
		return false;
	t->futex_bitset = 0;
	return true;
}

int futex_wake(struct mm *mm, unsigned long uaddr, bool private, int nr, u32 bitset)
{
	struct futex_key key;
	int err = futex_key(mm, uaddr, private, bitset, &key);

	return err ? err : wake_up_match(futex_match, &key, nr);
}

/* FUTEX_REQUEUE's walk: the first nr_wake waiters of from woken, the next nr_requeue moved. */
struct requeue {
	struct futex_key from, to;
	int nr_wake, nr_requeue;
	int *woken, *moved;
};

/* sched_lock held: true for a waiter to wake; one to move gets to's channel instead. */
static bool requeue_match(struct task *t, const void *arg)
{
	const struct requeue *rq = arg;

	if (!futex_waits_on(t, &rq->from))
		return false;
	if (*rq->woken < rq->nr_wake) {
		(*rq->woken)++;
		t->futex_bitset = 0;		/* off the futex: woken */
		return true;
	}
	if (*rq->moved < rq->nr_requeue) {
		(*rq->moved)++;
		t->wait_chan = rq->to.chan;
	}
	return false;
}

static long futex_requeue(unsigned long uaddr, unsigned long uaddr2, bool private, int nr_wake,
			  int nr_requeue, const u32 *cmpval)
{
	struct mm *mm = current->mm;
	int woken = 0, moved = 0, err;
	struct requeue rq = { .nr_wake = nr_wake, .nr_requeue = nr_requeue,
			      .woken = &woken, .moved = &moved };
	u32 now;

	if (nr_wake < 0 || nr_requeue < 0)
		return -EINVAL;
	err = futex_key(mm, uaddr, private, FUTEX_BITSET_MATCH_ANY, &rq.from);
	if (!err)
		err = futex_key(mm, uaddr2, private, FUTEX_BITSET_MATCH_ANY, &rq.to);
	if (err)
		return err;
	if (cmpval) {
		if (copy_from_user(&now, (const u32 __user *)uaddr, sizeof(now)))
			return -EFAULT;
		if (now != *cmpval)
			return -EAGAIN;
	}
	wake_up_match(requeue_match, &rq, WAKE_ALL);
	return woken + moved;
}

static long futex_wait(unsigned long uaddr, bool private, u32 val, u64 deadline, u32 bitset);

/* restart_syscall() after a signal without handler interrupted a timed wait. */
static long futex_wait_restart(struct restart_block *rb)
{
	return futex_wait(rb->uaddr, rb->private, rb->val, rb->deadline, rb->bitset);
}

/* Sleeps while *uaddr == val, until woken, the deadline (0: none) or a signal. */
static long futex_wait(unsigned long uaddr, bool private, u32 val, u64 deadline, u32 bitset)
{
	struct task *t = current;
	struct futex_key key;
	long ret = futex_key(t->mm, uaddr, private, bitset, &key);
	u32 now;

	if (ret)
		return ret;
	t->futex_bitset = bitset;
	for (;;) {
		prepare_to_sleep(key.chan, deadline);
		if (!READ_ONCE(t->futex_bitset))
			break;					/* woken */
		if (copy_from_user(&now, (const u32 __user *)uaddr, sizeof(now))) {
			ret = -EFAULT;
			break;
		}
		if (now != val) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(t)) {
			ret = -ERESTARTSYS;
			break;
		}
		if (deadline && ktime_get_ns() >= deadline) {
			ret = -ETIMEDOUT;
			break;
		}
		schedule();
	}
	finish_sleep();
	t->futex_bitset = 0;
	if (ret == -ERESTARTSYS && deadline) {
		t->restart = (struct restart_block){
			.fn = futex_wait_restart, .uaddr = uaddr, .val = val,
			.deadline = deadline, .bitset = bitset, .private = private,
		};
		ret = -ERESTART_RESTARTBLOCK;
	}
	return ret;
}

/*
 * futex(uaddr, op, val, timeout, uaddr2, val3): WAIT, WAKE, their _BITSET forms,
 * REQUEUE. time32: the timeout is i386's old struct timespec (its futex, not
 * futex_time64).
 */
static long futex_common(struct pt_regs *regs, bool time32)
{
	unsigned long uaddr = regs->di;
	int op = (int)regs->si, cmd = op & FUTEX_CMD_MASK;
	u32 val = regs->dx, bitset = FUTEX_BITSET_MATCH_ANY;
	bool realtime = op & FUTEX_CLOCK_REALTIME, private = op & FUTEX_PRIVATE_FLAG;
	u64 deadline;
	long err;

	if (realtime && cmd != FUTEX_WAIT && cmd != FUTEX_WAIT_BITSET)
		return -ENOSYS;
	switch (cmd) {
	case FUTEX_WAIT_BITSET:
	case FUTEX_WAKE_BITSET:
		bitset = regs->r9;
		if (!bitset)
			return -EINVAL;
		break;
	case FUTEX_WAIT:
	case FUTEX_WAKE:
		break;
	case FUTEX_REQUEUE:		/* (uaddr, nr_wake, nr_requeue, uaddr2) */
	case FUTEX_CMP_REQUEUE:		/* ... while *uaddr == val3 */
		val = regs->r9;
		return futex_requeue(uaddr, regs->r8, private, (int)regs->dx, (int)regs->r10,
				     cmd == FUTEX_CMP_REQUEUE ? &val : NULL);
	default:
		return -ENOSYS;		/* wake-op, PI: glibc and musl need neither */
	}
	if (cmd == FUTEX_WAKE || cmd == FUTEX_WAKE_BITSET)
		/* Linux counts after each wake: a count of 0 or less still wakes one. */
		return futex_wake(current->mm, uaddr, private, (int)val > 0 ? (int)val : 1, bitset);
	/* FUTEX_WAIT's timeout is a duration, FUTEX_WAIT_BITSET's a time. */
	deadline = 0;
	err = regs->r10 ? user_timespec_to_deadline((const void __user *)regs->r10, time32,
						    cmd == FUTEX_WAIT_BITSET, realtime,
						    &deadline) : 0;
	if (err)
		return err;
	return futex_wait(uaddr, private, val, deadline, bitset);
}

long sys_futex(struct pt_regs *regs)
{
	return futex_common(regs, false);
}

long compat_sys_futex(struct pt_regs *regs)
{
	return futex_common(regs, true);
}
