// SPDX-License-Identifier: GPL-2.0
/*
 * timerfd_create(2), timerfd_settime(2), timerfd_gettime(2), as Linux's
 * fs/timerfd.c: a timer whose expiries are counted in a file instead of sent as
 * a signal. read() takes the count (8 bytes) and resets it, waiting while it is
 * 0 (-EAGAIN with O_NONBLOCK); poll() says readable while it is not 0. The timer
 * runs on CLOCK_REALTIME or CLOCK_MONOTONIC (BOOTTIME: the same here), absolute
 * or relative, one-shot or periodic; setting it again starts the count from 0.
 *
 * It expires as the POSIX timers do, on CPU 0's tick (kernel/time/posix_timers.c):
 * every armed timerfd is on one list, which the tick walks under its lock,
 * counting the intervals that passed and waking the file's readers and pollers.
 * The ALARM clocks are -EINVAL: entrylab has no RTC alarm to wake a suspended
 * machine with, as for timer_create(). TFD_TIMER_CANCEL_ON_SET is accepted and
 * never cancels: nothing here sets the wall clock.
 */
#include <asm/uaccess.h>
#include <errno.h>
#include <file.h>
#include <kernel.h>
#include <pmm.h>
#include <poll.h>
#include <sched.h>
#include <spinlock.h>
#include <syscalls.h>
#include <time.h>
#include <timers.h>
#include <wait.h>

#define TFD_TIMER_ABSTIME		BIT(0)
#define TFD_TIMER_CANCEL_ON_SET		BIT(1)
#define TFD_CLOEXEC			O_CLOEXEC
#define TFD_NONBLOCK			O_NONBLOCK

struct timerfd {
	struct timerfd *next, **pprev;	/* on armed_list while armed */
	int clock;			/* CLOCK_REALTIME or CLOCK_MONOTONIC */
	u64 expires;			/* on the clock, ns; 0: disarmed */
	u64 interval;			/* ns; 0: one shot */
	u64 ticks;			/* expiries not yet read */
	struct wait_chan expired;	/* readers wait for ticks */
};

/* The armed timerfds, and every field above: the tick's and the calls'. IRQs off. */
static DEFINE_SPINLOCK(timerfd_lock);
static struct timerfd *armed_list;

static u64 clock_now(int clock)
{
	return clock == CLOCK_REALTIME ? ktime_get_real_ns() : ktime_get_ns();
}

/* timerfd_lock held. */
static void disarm_locked(struct timerfd *t)
{
	if (!t->expires)
		return;
	*t->pprev = t->next;
	if (t->next)
		t->next->pprev = t->pprev;
	t->expires = 0;
}

/* timerfd_lock held, t disarmed. Past the clock's end (KTIME_MAX) is never, as Linux's. */
static void arm_locked(struct timerfd *t, u64 expires)
{
	t->expires = MIN(expires, KTIME_MAX) ? : 1;	/* 0 means disarmed: the epoch's first ns */
	t->next = armed_list;
	if (armed_list)
		armed_list->pprev = &t->next;
	t->pprev = &armed_list;
	armed_list = t;
}

/*
 * CPU 0's tick, IRQs off: each timer that is due counts its expiry and the
 * intervals since (Linux's hrtimer_forward()), and is re-armed past now or
 * disarmed. Waking takes sched_lock, after timerfd_lock: the only order the two
 * are ever taken in.
 */
void timerfd_tick(void)
{
	struct timerfd *t, *next;
	bool fired = false;

	if (!READ_ONCE(armed_list))
		return;
	spin_lock(&timerfd_lock);
	for (t = armed_list; t; t = next) {
		u64 now = clock_now(t->clock), n = 1;

		next = t->next;
		if (now < t->expires)
			continue;
		fired = true;
		if (t->interval) {
			n += (now - t->expires) / t->interval;
			t->expires = MIN(t->expires + n * t->interval, KTIME_MAX);
		} else {
			disarm_locked(t);
		}
		t->ticks += n;
		wait_chan_wake(&t->expired);
	}
	spin_unlock(&timerfd_lock);
	if (fired)
		poll_wake();
}

/* Takes the count if there is one: true and *v. */
static bool timerfd_take(struct timerfd *t, u64 *v)
{
	unsigned long flags;

	spin_lock_irqsave(&timerfd_lock, flags);
	*v = t->ticks;
	t->ticks = 0;
	spin_unlock_irqrestore(&timerfd_lock, flags);
	return *v != 0;
}

static long timerfd_read(struct file *f, char __user *buf, size_t count, long *pos)
{
	struct timerfd *t = f->data;
	long err;
	u64 v;

	if (count < sizeof(v))
		return -EINVAL;
	if (!timerfd_take(t, &v)) {
		if (f->flags & O_NONBLOCK)
			return -EAGAIN;
		err = wait_chan_sleep(&t->expired, 0, timerfd_take(t, &v));
		if (err)
			return err;
	}
	return copy_to_user(buf, &v, sizeof(v)) ? -EFAULT : (long)sizeof(v);
}

static unsigned int timerfd_poll(struct file *f)
{
	const struct timerfd *t = f->data;

	return READ_ONCE(t->ticks) ? POLLIN | POLLRDNORM : 0;
}

static void timerfd_release(struct file *f)
{
	unsigned long flags;

	spin_lock_irqsave(&timerfd_lock, flags);
	disarm_locked(f->data);
	spin_unlock_irqrestore(&timerfd_lock, flags);
	free_page_object(f->data);
}

static const struct file_operations timerfd_fops = {
	.read = timerfd_read,
	.poll = timerfd_poll,
	.release = timerfd_release,
	.mode = 0600,			/* Linux's anonymous inode: no file type bits */
};

/* timerfd_create(clockid, flags) */
long sys_timerfd_create(struct pt_regs *regs)
{
	int clock = (int)regs->di, flags = (int)regs->si;
	struct timerfd *t;
	struct file *f;
	long fd;

	if ((clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC && clock != CLOCK_BOOTTIME) ||
	    (flags & ~(TFD_CLOEXEC | TFD_NONBLOCK)))
		return -EINVAL;
	t = alloc_page_object();
	f = t ? file_alloc(&timerfd_fops, O_RDWR | (flags & TFD_NONBLOCK)) : NULL;
	if (!f) {
		if (t)
			free_page_object(t);
		return -ENOMEM;
	}
	*t = (struct timerfd){ .clock = clock_base(clock) };
	f->data = t;
	fd = fd_install(f, flags & TFD_CLOEXEC);
	file_put(f);
	return fd;
}

/* fd's timer, with a reference (file_put() it): -EBADF, or -EINVAL for another file. */
static struct file *timerfd_get(int fd, long *err)
{
	struct file *f = fget(fd);

	*err = f ? 0 : -EBADF;
	if (f && f->op != &timerfd_fops) {
		file_put(f);
		*err = -EINVAL;
		return NULL;
	}
	return f;
}

/* timerfd_lock held: what timerfd_gettime() reports, the time left and the interval. */
static struct itimerspec timerfd_value_locked(const struct timerfd *t)
{
	u64 now = clock_now(t->clock), left = t->expires > now ? t->expires - now : 0;

	if (t->expires && !left)
		left = 1;		/* due at the next tick: still armed, as Linux says */
	return (struct itimerspec){ ns_to_timespec(t->interval), ns_to_timespec(left) };
}

/* timerfd_settime(fd, flags, new, old) */
long sys_timerfd_settime(struct pt_regs *regs)
{
	int flags = (int)regs->si;
	struct itimerspec new, old;
	unsigned long irqflags;
	struct timerfd *t;
	struct file *f;
	long err;

	if (flags & ~(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET))
		return -EINVAL;
	if (copy_from_user(&new, (const void __user *)regs->dx, sizeof(new)))
		return -EFAULT;
	if (!timespec_valid(&new.it_value) || !timespec_valid(&new.it_interval))
		return -EINVAL;
	f = timerfd_get((int)regs->di, &err);
	if (!f)
		return err;
	t = f->data;
	spin_lock_irqsave(&timerfd_lock, irqflags);
	old = timerfd_value_locked(t);
	disarm_locked(t);
	t->ticks = 0;
	t->interval = timespec_to_ns(&new.it_interval);
	if (new.it_value.tv_sec || new.it_value.tv_nsec) {
		u64 value = timespec_to_ns(&new.it_value);

		arm_locked(t, flags & TFD_TIMER_ABSTIME ? value : clock_now(t->clock) + value);
	}
	spin_unlock_irqrestore(&timerfd_lock, irqflags);
	file_put(f);
	if (regs->r10 && copy_to_user((void __user *)regs->r10, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* timerfd_gettime(fd, curr) */
long sys_timerfd_gettime(struct pt_regs *regs)
{
	struct itimerspec cur;
	unsigned long flags;
	struct file *f;
	long err;

	f = timerfd_get((int)regs->di, &err);
	if (!f)
		return err;
	spin_lock_irqsave(&timerfd_lock, flags);
	cur = timerfd_value_locked(f->data);
	spin_unlock_irqrestore(&timerfd_lock, flags);
	file_put(f);
	return copy_to_user((void __user *)regs->si, &cur, sizeof(cur)) ? -EFAULT : 0;
}
