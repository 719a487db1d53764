// SPDX-License-Identifier: GPL-2.0
/*
 * CPU time (include/cputime.h): run time at every switch, user and system
 * time sampled by the tick or measured at each crossing, and the totals of a
 * process, its gone threads and its waited-for children, as Linux's
 * kernel/sched/cputime.c keeps them.
 *
 * A task's counters are written only on the CPU it runs on, with IRQs off
 * (the tick, a switch, a crossing); another CPU reads them under sched_lock,
 * which a switch holds too, so a reader sees a task either running with its
 * run not yet counted or switched out with it counted, never both.
 */
#include <asm/apic.h>
#include <asm/div64.h>
#include <asm/irqflags.h>
#include <asm/ptrace.h>
#include <asm/timex.h>
#include <cmdline.h>
#include <cputime.h>
#include <errno.h>
#include <kernel.h>
#include <printk.h>
#include <sched.h>
#include <smp.h>
#include <string.h>
#include <time.h>

void __vtime_user_exit(void)
{
	struct task *t = current;
	u64 now = get_cycles(), d = now - this_cpu_read(cputime.vtime_start);

	this_cpu_write(cputime.vtime_start, now);
	WRITE_ONCE(t->utime, t->utime + tsc_delta_to_ns(d));
}

void __vtime_user_enter(void)
{
	struct task *t = current;
	u64 now = get_cycles(), d = now - this_cpu_read(cputime.vtime_start);

	this_cpu_write(cputime.vtime_start, now);
	WRITE_ONCE(t->stime, t->stime + tsc_delta_to_ns(d));
}

void cputime_tick_irqoff(const struct pt_regs *regs)
{
	struct task *t = current;

	if (this_cpu_read(cputime.exact) || is_idle_task(t))
		return;
	if (user_mode(regs))
		WRITE_ONCE(t->utime, t->utime + TICK_NSEC);
	else
		WRITE_ONCE(t->stime, t->stime + TICK_NSEC);
}

void cputime_switch_irqoff(struct task *prev)
{
	u64 now = get_cycles(), run = now - this_cpu_read(cputime.exec_start);

	this_cpu_write(cputime.exec_start, now);
	WRITE_ONCE(prev->sum_exec_runtime, prev->sum_exec_runtime + tsc_delta_to_ns(run));
	if (this_cpu_read(cputime.exact)) {	/* prev is in the kernel: system time */
		u64 sys = now - this_cpu_read(cputime.vtime_start);

		this_cpu_write(cputime.vtime_start, now);
		WRITE_ONCE(prev->stime, prev->stime + tsc_delta_to_ns(sys));
	}
}

static bool exact_everywhere;		/* cputime=exact */
static bool exact_at_boot;		/* that, or a nohz_full CPU: vtime_exact_key stays on */

DEFINE_STATIC_KEY_FALSE(vtime_exact_key);

bool vtime_key_select(bool exact)
{
	return static_key_set(&vtime_exact_key.key, exact || exact_at_boot);
}

bool vtime_boot_exact(void)
{
	return exact_everywhere || this_cpu_read(sched.nohz_full);
}

void vtime_select_this_cpu(bool exact)
{
	unsigned long flags;

	local_irq_save(flags);
	this_cpu_write(cputime.vtime_start, get_cycles());
	this_cpu_write(cputime.exact, exact || vtime_boot_exact());
	local_irq_restore(flags);
}

/* On each CPU (on_each_cpu(): IRQs off), from its own TSC: the clocks start now. */
static void cputime_start_this_cpu(void *arg)
{
	this_cpu_write(cputime.exec_start, get_cycles());
	vtime_select_this_cpu(false);
}

void cputime_init(void)
{
	const char *mode = cmdline_str(&boot_cmdline, "cputime", "sampled");

	unsigned int cpu;

	exact_everywhere = !strcmp(mode, "exact");
	if (!exact_everywhere && strcmp(mode, "sampled"))
		printk("cmdline: warning: cputime=%s is not exact or sampled, using sampled\n",
		       mode);
	exact_at_boot = exact_everywhere;
	for_each_online_cpu(cpu)
		exact_at_boot |= per_cpu(cpu, sched.nohz_full);
	/*
	 * The key before any CPU's flag says exact (the hooks read the flag only
	 * under the key). No other CPU holds a lock yet, so only a host too slow to
	 * answer within a second can refuse the hold: try again, then give up.
	 */
	for (int try = 0; !vtime_key_select(false); try++)
		if (try == 10)
			bad_boot("cputime: the other CPUs could not be held to set vtime_exact_key");
	on_each_cpu(cputime_start_this_cpu, NULL);
	printk("cputime: %s\n", exact_everywhere ? "exact on every CPU (cputime=exact)" :
	       "sampled by the tick, exact on nohz_full CPUs");
}

/* The TSC interval from start to now in ns; 0 if now is behind (another CPU's start). */
static u64 ns_since(u64 start, u64 now)
{
	return now > start ? tsc_delta_to_ns(now - start) : 0;
}

/*
 * t's counters with what it has run since its CPU last counted, unscaled.
 * On another CPU, our TSC stands in for its own: bring-up checked that
 * they agree (arch/x86/tsc_sync.c). On a CPU that accounts exactly, the time
 * since its last crossing is user or system time by the mode it is in now, as
 * context tracking says (Linux's vtime_delta()): so a task that spins in user
 * mode on a nohz_full CPU, with no tick and no crossing, is seen to run there.
 */
void task_cputime_raw_locked(const struct task *t, struct task_cputime *ct)
{
	int cpu = READ_ONCE(t->on_cpu);
	u64 now = get_cycles(), since;

	*ct = (struct task_cputime){ READ_ONCE(t->sum_exec_runtime), READ_ONCE(t->utime),
				     READ_ONCE(t->stime) };
	if (cpu < 0)
		return;
	ct->sum_exec_runtime += ns_since(READ_ONCE(per_cpu(cpu, cputime.exec_start)), now);
	if (!READ_ONCE(per_cpu(cpu, cputime.exact)))
		return;
	since = ns_since(READ_ONCE(per_cpu(cpu, cputime.vtime_start)), now);
	if (t != current && READ_ONCE(per_cpu(cpu, ct.context)) == CONTEXT_USER)
		ct->utime += since;
	else
		ct->stime += since;
}

/*
 * Linux's cputime_adjust(), sched_lock held: the user/system split of ct scaled
 * so that the two add up to the run time, the measured one (with no sample of
 * one part yet, all of it is the other's). Neither part is reported below what
 * was reported before (prev): a scaling by a new ratio could make one go back,
 * and a time must not.
 */
static void cputime_adjust(struct task_cputime *ct, struct prev_cputime *prev)
{
	u64 rtime = ct->sum_exec_runtime, stime = ct->stime, utime = ct->utime;

	if (prev->stime + prev->utime < rtime) {
		if (stime && !utime)
			stime = rtime;
		else if (stime)			/* <= rtime: it fits */
			stime = mul_u64_u64_div_u64(stime, rtime, stime + utime);
		stime = MAX(stime, prev->stime);
		utime = rtime - stime;
		if (utime < prev->utime) {
			utime = prev->utime;
			stime = rtime - utime;
		}
		*prev = (struct prev_cputime){ utime, stime };
	}
	ct->utime = prev->utime;
	ct->stime = prev->stime;
}

void task_cputime(struct task *t, bool process, struct task_cputime *ct)
{
	if (process) {
		const struct signal_struct *sig = t->signal;
		struct task_cputime one;
		unsigned int i;
		struct task *p;

		*ct = (struct task_cputime){ sig->sum_exec_runtime, sig->utime, sig->stime };
		for_each_task(p, i) {
			if (p->signal != sig || p->state == TASK_ZOMBIE || p->state == TASK_DEAD)
				continue;
			task_cputime_raw_locked(p, &one);
			ct->sum_exec_runtime += one.sum_exec_runtime;
			ct->utime += one.utime;
			ct->stime += one.stime;
		}
	} else {
		task_cputime_raw_locked(t, ct);
	}
	cputime_adjust(ct, process ? &t->signal->prev_cputime : &t->prev_cputime);
}

void cputime_exit_locked(struct task *t)
{
	struct signal_struct *sig = t->signal;
	struct task_cputime ct;

	task_cputime_raw_locked(t, &ct);
	sig->sum_exec_runtime += ct.sum_exec_runtime;
	sig->utime += ct.utime;
	sig->stime += ct.stime;
}

void child_cputime_locked(struct task *child, struct task_cputime *ct)
{
	task_cputime(child, true, ct);
	ct->utime += child->signal->cutime;
	ct->stime += child->signal->cstime;
}

void cputime_reap_locked(const struct task_cputime *child)
{
	current->signal->cutime += child->utime;
	current->signal->cstime += child->stime;
}

/*
 * The CPU-time clocks, as Linux's posix-cpu-timers.c encodes them: a negative
 * id carries ~pid above bit 3, a thread bit (4) and which time (the low two
 * bits): PROF, user + system; VIRT, user; SCHED, the run time. Ids 2 and 3
 * are the caller's process and thread, SCHED.
 */
#define CPUCLOCK_PROF		0
#define CPUCLOCK_VIRT		1
#define CPUCLOCK_SCHED		2
#define CPUCLOCK_MAX		3
#define CPUCLOCK_PERTHREAD	4

/*
 * sched_lock held: the CPU-time clock clock's task, with self the thread "0" names; or NULL.
 * A pid is self's: a timer's clock is read from the tick, in whatever task it
 * interrupted, and must name the task its owner named (Linux holds its struct pid).
 */
static struct task *cpu_clock_task_locked(int clock, struct task *self, int *which, bool *thread)
{
	const struct pid_namespace *ns = task_pid_ns(self);
	int pid = 0;
	struct task *t;

	*which = CPUCLOCK_SCHED;
	*thread = clock == CLOCK_THREAD_CPUTIME_ID;
	if (clock < 0) {
		*which = clock & 3;
		*thread = clock & CPUCLOCK_PERTHREAD;
		pid = ~(clock >> 3);
		if (*which == CPUCLOCK_MAX)
			return NULL;
	}
	t = pid ? find_task_by_pid_ns_locked(pid, ns) : self;
	/* Another thread's clock only within our process; a process's by its pid (or ours). */
	if (t && *thread && t->signal != self->signal)
		return NULL;
	if (t && !*thread && pid && task_tgid_nr_ns(t, ns) != pid && t != self)
		return NULL;
	return t;
}

long cpu_clock_sample_locked(int clock, struct task *self, u64 *ns)
{
	struct task_cputime ct;
	bool thread;
	int which;
	struct task *t = cpu_clock_task_locked(clock, self, &which, &thread);

	if (!t)
		return -EINVAL;
	task_cputime(t, !thread, &ct);
	*ns = which == CPUCLOCK_SCHED ? ct.sum_exec_runtime :
	      which == CPUCLOCK_VIRT ? ct.utime : ct.utime + ct.stime;
	return 0;
}

bool cpu_clock_sleeps(int clock)
{
	int pid = ~(clock >> 3);

	if (clock >= 0)
		return clock == CLOCK_PROCESS_CPUTIME_ID;
	return !(clock & CPUCLOCK_PERTHREAD) || (pid && pid != task_pid_vnr(current));
}

long cpu_clock_get(int clock, bool resolution, u64 *ns)
{
	unsigned long flags;
	bool thread;
	int which;
	long err;

	tasklist_lock(&flags);
	if (resolution)	/* the run time is the TSC's; the split, the tick's */
		err = cpu_clock_task_locked(clock, current, &which, &thread) ? 0 : -EINVAL;
	else
		err = cpu_clock_sample_locked(clock, current, ns);
	tasklist_unlock(flags);
	if (!err && resolution)
		*ns = which == CPUCLOCK_SCHED ? 1 : TICK_NSEC;
	return err;
}
