// SPDX-License-Identifier: GPL-2.0
/*
 * Signals: sending, the signal syscalls, delivery by the exit-work loop, and
 * restart_syscall(), which a sleep interrupted by a handlerless signal resumes by.
 *
 * A signal whose action is "ignore" is discarded when it is sent, so it never
 * makes the return path slow: kill(getpid(), SIGWINCH) costs one syscall, no
 * lock and no exit work. Any other signal is marked pending with its siginfo,
 * in the thread's own set (tgkill(), tkill(), faults) or in the process's shared
 * set (kill()), and one thread that does not block it gets TIF_SIGPENDING (and
 * is woken if asleep, or kicked by an IPI if it runs on another CPU), as Linux's
 * complete_signal() chooses: the thread named, else any other. Its next return
 * to user mode goes through do_signal(), which runs the default action or builds
 * a handler frame (arch/x86/signal.c), and which also restarts or fails the
 * system call the signal interrupted. A standard signal is kept once: a second
 * instance sent while one is pending is merged into it. Real-time signals queue
 * (include/signal.h, struct sigpending), each instance with its own siginfo,
 * and are taken oldest first. Stop signals have no job control to serve and are treated as ignored.
 */
#include <asm/ptrace.h>
#include <asm/uaccess.h>
#include <compat.h>
#include <errno.h>
#include <pmm.h>
#include <rseq.h>
#include <sched.h>
#include <signal.h>
#include <smp.h>
#include <string.h>
#include <syscalls.h>
#include <time.h>
#include <timers.h>
#include <user_namespace.h>
#include <wait.h>

/*
 * The queued real-time instances beyond each number's oldest, from one pool
 * that every process shares. Entries never used are taken in order, freed ones
 * are reused first.
 */
struct sigqueue {
	struct sigqueue *next;
	int sig;
	struct ksiginfo info;
};

static struct sigqueue sigqueue_pool[SIGQUEUE_MAX];
static struct sigqueue *sigqueue_free;	/* freed entries */
static unsigned int sigqueue_unused;	/* sigqueue_pool[this..] never used yet */
static DEFINE_SPINLOCK(sigqueue_lock);	/* a leaf: taken under a sighand's lock */

/*
 * What is counted against the target's RLIMIT_SIGPENDING, as Linux's sigqueue
 * allocations are. Linux counts them per user (the real uid's ucounts); every
 * task here is uid 0 (include/user_namespace.h), so one count is that user's.
 * Counted: each pending instance, in info[] (ksiginfo.charged) or queued, but
 * SIGKILL's and a POSIX timer's; and each POSIX timer, from timer_create() to
 * its deletion, which pays for its signal ahead (kernel/time/posix_timers.c). A
 * standard signal, and a real-time one kill() sends, may pass the limit: then
 * it is pending without its siginfo, or refused if it is a real-time one
 * whose si_code is negative (sigqueue()'s).
 */
static unsigned long sigpending_count;	/* under sigqueue_lock */

bool sigpending_charge(const struct task *t, bool override)
{
	unsigned long flags;
	bool ok;

	spin_lock_irqsave(&sigqueue_lock, flags);
	ok = override || sigpending_count < READ_ONCE(t->signal->rlim[RLIMIT_SIGPENDING].cur);
	if (ok)
		sigpending_count++;
	spin_unlock_irqrestore(&sigqueue_lock, flags);
	return ok;
}

void sigpending_uncharge(bool charged)
{
	unsigned long flags;

	if (!charged)
		return;
	spin_lock_irqsave(&sigqueue_lock, flags);
	sigpending_count--;
	spin_unlock_irqrestore(&sigqueue_lock, flags);
}

static struct sigqueue *sigqueue_alloc(void)
{
	struct sigqueue *q = NULL;
	unsigned long flags;

	spin_lock_irqsave(&sigqueue_lock, flags);
	if (sigqueue_free) {
		q = sigqueue_free;
		sigqueue_free = q->next;
	} else if (sigqueue_unused < SIGQUEUE_MAX) {
		q = &sigqueue_pool[sigqueue_unused++];
	}
	spin_unlock_irqrestore(&sigqueue_lock, flags);
	return q;
}

static void sigqueue_release(struct sigqueue *q)
{
	unsigned long flags;

	sigpending_uncharge(q->info.charged);
	spin_lock_irqsave(&sigqueue_lock, flags);
	q->next = sigqueue_free;
	sigqueue_free = q;
	spin_unlock_irqrestore(&sigqueue_lock, flags);
}

static const char *const signal_names[] = {
	[SIGHUP] = "SIGHUP", [SIGINT] = "SIGINT", [SIGQUIT] = "SIGQUIT",
	[SIGILL] = "SIGILL", [SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
	[SIGBUS] = "SIGBUS", [SIGFPE] = "SIGFPE", [SIGKILL] = "SIGKILL",
	[SIGUSR1] = "SIGUSR1", [SIGSEGV] = "SIGSEGV", [SIGUSR2] = "SIGUSR2",
	[SIGPIPE] = "SIGPIPE", [SIGALRM] = "SIGALRM", [SIGTERM] = "SIGTERM",
	[SIGSTKFLT] = "SIGSTKFLT", [SIGCHLD] = "SIGCHLD", [SIGCONT] = "SIGCONT",
	[SIGSTOP] = "SIGSTOP", [SIGTSTP] = "SIGTSTP", [SIGTTIN] = "SIGTTIN",
	[SIGTTOU] = "SIGTTOU", [SIGURG] = "SIGURG", [SIGXCPU] = "SIGXCPU",
	[SIGXFSZ] = "SIGXFSZ", [SIGVTALRM] = "SIGVTALRM", [SIGPROF] = "SIGPROF",
	[SIGWINCH] = "SIGWINCH", [SIGIO] = "SIGIO", [SIGPWR] = "SIGPWR",
	[SIGSYS] = "SIGSYS",
};

const char *signal_name(int sig)
{
	if (sig > 0 && sig < (int)ARRAY_SIZE(signal_names) && signal_names[sig])
		return signal_names[sig];
	return sig >= SIGRTMIN && sig <= _NSIG ? "SIGRT" : "unknown";
}

/*
 * The signals whose default action does nothing here. Linux stops the process for
 * the last four (job control, which entrylab has not).
 */
#define SIG_DEFAULT_IGNORE (sigmask(SIGCHLD) | sigmask(SIGURG) | sigmask(SIGWINCH) | \
			    sigmask(SIGCONT) | sigmask(SIGSTOP) | sigmask(SIGTSTP) |  \
			    sigmask(SIGTTIN) | sigmask(SIGTTOU))
#define SIG_UNBLOCKABLE	(sigmask(SIGKILL) | sigmask(SIGSTOP))

struct sighand *sighand_alloc(void)
{
	struct sighand *sh = alloc_page_object();	/* zeroed: every action SIG_DFL */

	_Static_assert(sizeof(struct sighand) <= PAGE_SIZE, "struct sighand outgrew its page");
	if (!sh)
		return NULL;
	sh->lock = (spinlock_t)SPINLOCK_INIT(siglock);
	sh->refs = 1;
	return sh;
}

void sighand_get(struct sighand *sh)
{
	__atomic_add_fetch(&sh->refs, 1, __ATOMIC_RELAXED);
}

void sighand_put(struct sighand *sh)
{
	if (!__atomic_sub_fetch(&sh->refs, 1, __ATOMIC_ACQ_REL))
		free_page_object(sh);
}

struct signal_struct *signal_alloc(void)
{
	struct signal_struct *sig = alloc_page_object();

	_Static_assert(sizeof(struct signal_struct) <= PAGE_SIZE,
		       "struct signal_struct outgrew its page");
	if (!sig)
		return NULL;
	sig->refs = 1;
	sig->live = 1;
	return sig;
}

void signal_get(struct signal_struct *sig)
{
	__atomic_add_fetch(&sig->refs, 1, __ATOMIC_RELAXED);
}

void signal_put(struct signal_struct *sig)
{
	if (!__atomic_sub_fetch(&sig->refs, 1, __ATOMIC_ACQ_REL)) {
		flush_sigpending(&sig->shared_pending, ~0UL);
		timers_free(sig);
		put_user_ns(sig->user_ns);
		free_page_object(sig);
	}
}

void flush_signal_handlers(struct task *t, struct sighand *spare)
{
	struct sighand *old = t->sighand;
	unsigned long flags;

	tasklist_lock(&flags);
	if (READ_ONCE(old->refs) > 1) {
		/* Shared (CLONE_SIGHAND, or threads not yet reaped): ours from now on. */
		memcpy(spare->action, old->action, sizeof(old->action));
		t->sighand = spare;
		spare = old;		/* to drop our reference to it */
	}
	spin_lock(&t->sighand->lock);
	for (unsigned int i = 0; i < _NSIG; i++) {
		struct kernel_sigaction *ka = &t->sighand->action[i];

		if (ka->handler != SIG_IGN)
			ka->handler = SIG_DFL;
		ka->flags = 0;
		ka->restorer = 0;
		ka->mask = 0;
	}
	spin_unlock(&t->sighand->lock);
	t->sig.altstack = (kernel_stack_t){ .ss_flags = SS_DISABLE };
	tasklist_unlock(flags);
	sighand_put(spare);
}

/* Does t's action for sig do nothing: SIG_IGN, or SIG_DFL for a signal ignored by default? */
static __always_inline bool sig_handler_ignored(const struct task *t, int sig)
{
	unsigned long handler = t->sighand->action[sig - 1].handler;

	return handler == SIG_IGN || (handler == SIG_DFL && (SIG_DEFAULT_IGNORE & sigmask(sig)));
}

/*
 * May sending sig to t be skipped? Not when t is traced, as on Linux: its tracer
 * sees every signal (ptrace's attach stops with SIGSTOP, a tracer may turn an
 * ignored signal into another), and do_signal() drops it after the tracer's word.
 * SIGKILL is never ignored: no action can be set for it.
 */
static __always_inline bool sig_ignored(const struct task *t, int sig)
{
	return sig_handler_ignored(t, sig) && !READ_ONCE(t->ptrace.tracer);
}

/* t's sighand lock held. */
void recalc_sigpending(struct task *t)
{
	if (((t->sig.pending.set | t->signal->shared_pending.set) & ~t->sig.blocked) ||
	    t->ptrace.interrupt)
		set_tsk_thread_flag(t, TIF_SIGPENDING);
	else
		clear_tsk_thread_flag(t, TIF_SIGPENDING);
}

/*
 * sched_lock held; t has TIF_SIGPENDING. Asleep, it wakes. Running on another
 * CPU, it only looks at its flags when it enters the kernel: a reschedule IPI
 * makes it enter now (Linux's kick_process()).
 */
void signal_wake_up_locked(struct task *t)
{
	int cpu = READ_ONCE(t->on_cpu);

	wake_up_task_locked(t);
	if (t->sig.pending.set & sigmask(SIGKILL))
		wake_up_traced_locked(t);	/* of the signals, only SIGKILL ends a
						 * ptrace stop */
	if (cpu >= 0 && (unsigned int)cpu != smp_processor_id())
		smp_send_reschedule(cpu);
}

/* Can t take sig now? sched_lock and the sighand lock held. */
static bool wants_signal(const struct task *t, int sig)
{
	return task_alive(t) && !(t->sig.blocked & sigmask(sig));
}

/*
 * A process-directed signal is pending in p's process: pick the thread to take
 * it, p itself first, else any thread that does not block it; with none, it
 * waits until one unblocks it. SIGKILL takes every thread at once.
 */
static void complete_signal(struct task *p, int sig)
{
	struct task *t, *target = wants_signal(p, sig) ? p : NULL;
	unsigned int i;

	if (target && sig != SIGKILL) {
		set_tsk_thread_flag(target, TIF_SIGPENDING);
		signal_wake_up_locked(target);
		return;
	}
	for_each_task(t, i) {
		if (t->signal != p->signal || !task_alive(t))
			continue;
		if (sig == SIGKILL) {
			t->sig.pending.set |= sigmask(SIGKILL);
			set_tsk_thread_flag(t, TIF_SIGPENDING);
			signal_wake_up_locked(t);
		} else if (!target && wants_signal(t, sig)) {
			target = t;
			set_tsk_thread_flag(target, TIF_SIGPENDING);
			signal_wake_up_locked(target);
		}
	}
}

/*
 * The link that points at sig's next queued instance; at the tail's NULL when
 * none is queued (so sig 0, which no entry has, finds the tail).
 */
static struct sigqueue **sigqueue_find(struct sigpending *pending, int sig)
{
	struct sigqueue **q = &pending->queue;

	while (*q && (*q)->sig != sig)
		q = &(*q)->next;
	return q;
}

/*
 * sighand lock held: standard sig, not pending yet, becomes so for t with its
 * siginfo, charged against t's RLIMIT_SIGPENDING as Linux's
 * __send_signal_locked() charges it: never refused, but past the limit a
 * negative si_code's (tgkill()'s, sigqueue()'s) loses its siginfo, as there.
 */
static void standard_signal_add_locked(struct task *t, struct sigpending *pending, int sig,
				       const struct ksiginfo *info)
{
	struct ksiginfo *slot = &pending->info[sig - 1];

	*slot = *info;
	slot->charged = false;
	if (sig == SIGKILL || info->timer)
		return;			/* never counted; a timer paid for its signal */
	if (sigpending_charge(t, info->code >= 0))
		slot->charged = true;
	else				/* what Linux's collect_signal() makes up */
		*slot = (struct ksiginfo){ .code = SI_USER };
}

/*
 * sighand lock held: an instance of real-time sig for t joins pending, in
 * info[] if it is the first, else queued behind the others, charged against
 * t's RLIMIT_SIGPENDING (Linux's __send_signal_locked()). A timer's is not
 * charged: its timer was. Past the limit or with the pool empty, kill()'s
 * (SI_USER) still makes sig pending but without its siginfo, as Linux's; the
 * others' sender gets -EAGAIN. Out of line: a standard signal, the common
 * case, needs none of it.
 */
static noinline int rt_signal_add_locked(struct task *t, struct sigpending *pending, int sig,
					 const struct ksiginfo *info)
{
	bool first = !(pending->set & sigmask(sig)), charged = !info->timer;
	struct sigqueue *q;

	if (!charged || sigpending_charge(t, false)) {
		if (first) {
			pending->info[sig - 1] = *info;
			pending->info[sig - 1].charged = charged;
			return 0;
		}
		q = sigqueue_alloc();
		if (q) {
			*q = (struct sigqueue){ .sig = sig, .info = *info };
			q->info.charged = charged;
			*sigqueue_find(pending, 0) = q;	/* no entry is signal 0: the tail */
			return 0;
		}
		sigpending_uncharge(charged);
	}
	if (info->code != SI_USER)
		return -EAGAIN;
	if (first)				/* what Linux's collect_signal() makes up */
		pending->info[sig - 1] = (struct ksiginfo){ .code = SI_USER };
	return 0;
}

/**
 * send_signal - make sig pending for a thread or for its whole process
 * @t: the thread (tgkill), or any thread of the process (kill)
 * @sig: 1.._NSIG
 * @info: what the handler's siginfo will say
 * @group: process-directed (kill) rather than thread-directed (tgkill)
 *
 * sched_lock held, so that t cannot vanish and a sleeping thread cannot miss
 * its wake-up; or t is current, which does not block sig, and sig is not
 * SIGKILL: then no other task is looked at, and current needs no waking.
 * Nothing happens when the process ignores sig or has no live thread left (a
 * zombie).
 */
int send_signal(struct task *t, int sig, const struct ksiginfo *info, bool group)
{
	struct sigpending *pending = group ? &t->signal->shared_pending : &t->sig.pending;
	unsigned long flags;

	if (sig_ignored(t, sig) || !t->signal->live)
		return 0;
	spin_lock_irqsave(&t->sighand->lock, flags);
	if (sig < SIGRTMIN) {
		if (!(pending->set & sigmask(sig)))
			standard_signal_add_locked(t, pending, sig, info);
	} else {
		int err = rt_signal_add_locked(t, pending, sig, info);

		if (err) {
			spin_unlock_irqrestore(&t->sighand->lock, flags);
			return err;
		}
	}
	pending->set |= sigmask(sig);
	if (group) {
		complete_signal(t, sig);
	} else if (!(t->sig.blocked & sigmask(sig))) {
		set_tsk_thread_flag(t, TIF_SIGPENDING);
		signal_wake_up_locked(t);
	}
	spin_unlock_irqrestore(&t->sighand->lock, flags);
	return 0;
}

bool signal_ignored(const struct task *t, int sig)
{
	return sig_ignored(t, sig);
}

/* The kernel's own signal to p's process (the self-tests end their programs so). */
void send_sig_kernel(struct task *p, int sig)
{
	struct ksiginfo info = { .code = SI_KERNEL };
	unsigned long flags;

	tasklist_lock(&flags);
	send_signal(p, sig, &info, true);
	tasklist_unlock(flags);
}

/*
 * A synchronous fault: returning to the faulting instruction without handling
 * it would fault forever, so a blocked or ignored signal reverts to the default.
 * Only for current, which is running: no lock against its exit, no wake-up.
 */
/* sig for current, which cannot ignore or block it away (Linux's force_sig_info()). */
static void force_sig_info(int sig, const struct ksiginfo *info)
{
	struct task *t = current;
	struct kernel_sigaction *ka = &t->sighand->action[sig - 1];
	unsigned long flags;

	spin_lock_irqsave(&t->sighand->lock, flags);
	if ((t->sig.blocked & sigmask(sig)) || ka->handler == SIG_IGN) {
		ka->handler = SIG_DFL;
		t->sig.blocked &= ~sigmask(sig);
	}
	t->fault_addr = info->addr;
	if (t->sig.pending.set & sigmask(sig))
		sigpending_uncharge(t->sig.pending.info[sig - 1].charged);	/* replaced */
	t->sig.pending.info[sig - 1] = *info;
	t->sig.pending.info[sig - 1].charged = sigpending_charge(t, true);
	t->sig.pending.set |= sigmask(sig);
	recalc_sigpending(t);
	spin_unlock_irqrestore(&t->sighand->lock, flags);
}

void force_sig_fault(int sig, int code, unsigned long addr, unsigned long trapno,
		     unsigned long err)
{
	force_sig_info(sig, &(struct ksiginfo){ .code = code, .addr = addr, .trapno = trapno,
						.err = err });
}

void force_sig_sigsys(int code, int nr, unsigned int arch, int data, unsigned long call_addr)
{
	force_sig_info(SIGSYS, &(struct ksiginfo){ .code = code, .addr = call_addr,
						   .sys = { nr, arch, data } });
}

/*
 * sighand lock held: real-time sig's next queued instance, if there is one,
 * moves into pending->info[] (true), over the one taken. Out of line: a
 * standard signal, the common case, never comes here.
 */
static noinline bool take_queued_locked(struct sigpending *pending, int sig)
{
	struct sigqueue **next = sigqueue_find(pending, sig), *q = *next;

	if (!q)
		return false;
	pending->info[sig - 1] = q->info;	/* its charge with it */
	q->info.charged = false;
	*next = q->next;
	sigqueue_release(q);
	return true;
}

/*
 * sighand lock held: sig's oldest pending instance goes, and its charge; a
 * real-time signal's next instance, if one is queued, takes its place.
 */
static __always_inline void take_first_locked(struct sigpending *pending, int sig)
{
	sigpending_uncharge(pending->info[sig - 1].charged);
	if (sig < SIGRTMIN || !take_queued_locked(pending, sig))
		pending->set &= ~sigmask(sig);
}

/* sighand lock held: the lowest signal of pending in ready, its oldest instance taken. */
static __always_inline int take_signal(struct sigpending *pending, sigset_t ready,
				       struct ksiginfo *info)
{
	int sig;

	ready &= pending->set;
	if (!ready)
		return 0;
	sig = __builtin_ctzl(ready) + 1;
	*info = pending->info[sig - 1];
	take_first_locked(pending, sig);
	return sig;
}

/* A pending instance sent by POSIX timer id of this process. */
static bool timer_sent(const struct ksiginfo *info, int id)
{
	return info->timer && info->pid == id;
}

void flush_timer_signal(struct task *t, bool group, int sig, int id)
{
	struct sigpending *pending = group ? &t->signal->shared_pending : &t->sig.pending;
	struct sigqueue **q = &pending->queue;
	unsigned long flags;

	spin_lock_irqsave(&t->sighand->lock, flags);
	while (*q) {			/* a real-time signal's younger instances */
		struct sigqueue *gone = *q;

		if (gone->sig != sig || !timer_sent(&gone->info, id)) {
			q = &gone->next;
			continue;
		}
		*q = gone->next;
		sigqueue_release(gone);
	}
	if ((pending->set & sigmask(sig)) && timer_sent(&pending->info[sig - 1], id))
		take_first_locked(pending, sig);
	recalc_sigpending(t);
	spin_unlock_irqrestore(&t->sighand->lock, flags);
}

void flush_sigpending(struct sigpending *pending, sigset_t set)
{
	struct sigqueue **q = &pending->queue;
	sigset_t firsts = pending->set & set;

	for (; firsts; firsts &= firsts - 1)	/* each number's first instance */
		sigpending_uncharge(pending->info[__builtin_ctzl(firsts)].charged);
	pending->set &= ~set;
	while (*q) {
		struct sigqueue *gone = *q;

		if (!(set & sigmask(gone->sig))) {
			q = &gone->next;
			continue;
		}
		*q = gone->next;
		sigqueue_release(gone);
	}
}

int peek_pending_signal(struct task *t, bool shared, unsigned long n, struct ksiginfo *out)
{
	struct sigpending *pending = shared ? &t->signal->shared_pending : &t->sig.pending;
	const struct ksiginfo *found = NULL;
	unsigned long flags;
	int sig;

	spin_lock_irqsave(&t->sighand->lock, flags);
	for (sig = 1; sig <= _NSIG; sig++) {
		if (!(pending->set & sigmask(sig)))
			continue;
		found = n-- ? NULL : &pending->info[sig - 1];
		for (struct sigqueue *q = pending->queue; q && !found; q = q->next)
			if (q->sig == sig && !n--)
				found = &q->info;
		if (found)
			break;
	}
	if (found)
		*out = *found;
	spin_unlock_irqrestore(&t->sighand->lock, flags);
	return found ? sig : 0;
}

/*
 * The lowest-numbered pending signal of t in ready, removed: the thread's own
 * first, then the process's, as Linux. 0 if none.
 */
static int dequeue_signal(struct task *t, sigset_t ready, struct ksiginfo *info)
{
	unsigned long flags;
	int sig;

	spin_lock_irqsave(&t->sighand->lock, flags);
	sig = take_signal(&t->sig.pending, ready, info);
	if (!sig)
		sig = take_signal(&t->signal->shared_pending, ready, info);
	recalc_sigpending(t);
	spin_unlock_irqrestore(&t->sighand->lock, flags);
	if (unlikely(sig && info->code == SI_TIMER))
		posix_timer_dequeued(sig, info);	/* its overruns, and it may send again */
	return sig;
}

/* The task's own change of its blocked mask, under the lock senders take. */
void set_blocked(struct task *t, sigset_t blocked)
{
	unsigned long flags;

	spin_lock_irqsave(&t->sighand->lock, flags);
	t->sig.blocked = blocked & ~SIG_UNBLOCKABLE;
	recalc_sigpending(t);	/* an unblocked signal is delivered on return */
	spin_unlock_irqrestore(&t->sighand->lock, flags);
}

/*
 * The siginfo a handler, rt_sigtimedwait() or waitid() sees for sig, into a
 * zeroed *out (the signal frame is zeroed whole once: no second memset on the
 * path of every handled signal).
 */
/*
 * Linux's siginfo classes, one rule for both layouts: x86-64's struct
 * kernel_siginfo and i386's struct compat_siginfo (include/compat.h) name
 * their fields alike, and an address narrows to 32 bits in the second.
 */
#define FILL_SIGINFO(out, sig, info)						\
	do {									\
		(out)->si_signo = (sig);					\
		(out)->si_code = (info)->code;					\
		if ((info)->code == SI_USER) {		/* kill() */		\
			(out)->kill.pid = (info)->pid;				\
		} else if ((info)->code == SI_TIMER) {	/* Linux's SIL_TIMER */	\
			(out)->timer.tid = (info)->pid;				\
			(out)->timer.overrun = (info)->status;			\
			(out)->timer.value = (info)->value;			\
		} else if ((info)->code < 0) {	/* tkill(), sigqueue(): SIL_RT */	\
			(out)->rt.pid = (info)->pid;				\
			(out)->rt.value = (info)->value;			\
		} else if ((sig) == SIGCHLD && (info)->code > 0 && (info)->code < SI_KERNEL) { \
			(out)->sigchld.pid = (info)->pid;			\
			(out)->sigchld.status = (info)->status;			\
			(out)->sigchld.utime = (info)->chld.utime;		\
			(out)->sigchld.stime = (info)->chld.stime;		\
		} else if ((sig) == SIGTRAP &&					\
			   (info)->code > NSIGTRAP) {	/* a ptrace stop's */	\
			(out)->kill.pid = (info)->pid;				\
		} else if ((sig) == SIGSYS && ((info)->code == SYS_SECCOMP ||	\
					       (info)->code == SYS_USER_DISPATCH)) { \
			(out)->si_errno = (info)->sys.data;			\
			(out)->sigsys.call_addr =				\
				(typeof((out)->sigsys.call_addr))(info)->addr;	\
			(out)->sigsys.syscall = (info)->sys.syscall;		\
			(out)->sigsys.arch = (info)->sys.arch;			\
		} else {							\
			(out)->fault.addr = (typeof((out)->fault.addr))(info)->addr; \
		}								\
	} while (0)

void fill_siginfo(struct kernel_siginfo *out, int sig, const struct ksiginfo *info)
{
	FILL_SIGINFO(out, sig, info);
}

void fill_compat_siginfo(struct compat_siginfo *out, int sig, const struct ksiginfo *info)
{
	FILL_SIGINFO(out, sig, info);
}

long put_siginfo(void __user *to, int sig, const struct ksiginfo *info)
{
	struct compat_siginfo si32 = { 0 };
	struct kernel_siginfo si = { 0 };

	if (in_ia32_syscall()) {
		if (info)
			fill_compat_siginfo(&si32, sig, info);
		return copy_to_user(to, &si32, sizeof(si32)) ? -EFAULT : 0;
	}
	if (info)
		fill_siginfo(&si, sig, info);
	return copy_to_user(to, &si, sizeof(si)) ? -EFAULT : 0;
}

/* The mask a handler frame saves: rt_sigsuspend()'s caller's, not its temporary one. */
static sigset_t take_saved_mask(struct task *t)
{
	if (!t->sig.restore_mask)
		return t->sig.blocked;
	t->sig.restore_mask = false;
	return t->sig.saved_mask;
}

/**
 * do_signal - deliver one pending signal of the current task
 * @regs: the user registers the task will return with
 *
 * Called from the exit work loop with IRQs on; the loop calls again while
 * signals remain, so several pending signals nest their frames as on Linux.
 * A handler gets a frame on the user stack (or its alternate stack); without a
 * handler the default action ends the whole process. A critical section the
 * task was interrupted in is aborted first (include/rseq.h), so the frame saves
 * the abort IP; a frame that cannot be written, or an rseq area that cannot be
 * updated, kills it with SIGSEGV. A syscall the signal interrupted is restarted
 * or fails with -EINTR (syscall_restart(), arch/x86/signal.c).
 */
void do_signal(struct pt_regs *regs)
{
	struct task *t = current;
	struct kernel_sigaction ka;
	struct ksiginfo info;
	sigset_t oldmask;
	int sig;

	if (READ_ONCE(t->signal->group_exit))
		do_exit(t->signal->group_exit_code);	/* another thread ended the process */
	for (;;) {
		if (unlikely(READ_ONCE(t->ptrace.interrupt)))
			ptrace_interrupt_stop();
		sig = dequeue_signal(t, ~t->sig.blocked, &info);
		if (sig && sig != SIGKILL && unlikely(READ_ONCE(t->ptrace.tracer))) {
			sig = ptrace_signal(sig, &info);	/* the tracer decides */
			if (!sig)
				continue;
		}
		if (!sig) {
			/* Nothing to deliver (another thread took it, or it became ignored). */
			syscall_restart(regs, NULL);
			if (t->sig.restore_mask)
				set_blocked(t, take_saved_mask(t));
			return;
		}
		ka = t->sighand->action[sig - 1];
		if (sig_handler_ignored(t, sig))
			continue;	/* ignored: became so while pending, or traced */
		if (ka.handler == SIG_DFL)
			do_group_exit(W_EXITCODE(0, sig));
		break;
	}

	syscall_restart(regs, &ka);
	oldmask = take_saved_mask(t);
	if (!rseq_signal_deliver(regs) || !setup_rt_frame(regs, sig, &info, &ka, oldmask)) {
		t->fault_addr = regs->sp;
		do_group_exit(W_EXITCODE(0, SIGSEGV));
	}
	if (ka.flags & SA_RESETHAND)
		t->sighand->action[sig - 1].handler = SIG_DFL;
	set_blocked(t, t->sig.blocked | ka.mask | (ka.flags & SA_NODEFER ? 0 : sigmask(sig)));
}

/**
 * do_sigaction - read and set a signal's action
 * @sig: 1 to _NSIG
 * @act: the new action, or NULL
 * @oact: where the old one goes, or NULL
 *
 * The action remembers the ABI of the call that set it (SA_IA32_ABI, as Linux's
 * sigaction_compat_abi()): its handler gets an i386 frame (arch/x86/signal_ia32.c)
 * if it was set through int $0x80, whatever mode the task is in when the signal
 * comes. The flag is the kernel's own: never read back.
 */
long do_sigaction(int sig, const struct kernel_sigaction *act, struct kernel_sigaction *oact)
{
	struct kernel_sigaction *ka;

	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if (act && (sig == SIGKILL || sig == SIGSTOP))
		return -EINVAL;
	ka = &current->sighand->action[sig - 1];
	if (oact) {
		*oact = *ka;
		oact->flags &= ~SA_IA32_ABI;
	}
	if (act) {
		struct kernel_sigaction new = *act;
		struct sighand *sh = current->sighand;
		unsigned long flags;
		struct task *t;
		unsigned int i;

		new.mask &= ~SIG_UNBLOCKABLE;
		new.flags = (new.flags & ~SA_IA32_ABI) | (in_ia32_syscall() ? SA_IA32_ABI : 0);
		tasklist_lock(&flags);
		spin_lock(&sh->lock);
		*ka = new;
		/* POSIX: setting "ignore" discards a pending instance, in every thread. */
		if (sig_handler_ignored(current, sig)) {
			flush_sigpending(&current->signal->shared_pending, sigmask(sig));
			for_each_task(t, i) {
				if (t->sighand != sh)
					continue;
				flush_sigpending(&t->sig.pending, sigmask(sig));
				recalc_sigpending(t);
			}
			spin_unlock(&sh->lock);
		} else {
			spin_unlock(&sh->lock);
			posix_timers_unignored_locked(current, sig);
		}
		tasklist_unlock(flags);
	}
	return 0;
}

long sys_rt_sigaction(struct pt_regs *regs)
{
	const struct kernel_sigaction __user *act = (const void __user *)regs->si;
	struct kernel_sigaction __user *oact = (void __user *)regs->dx;
	struct kernel_sigaction new, old;
	long err;

	if (regs->r10 != sizeof(sigset_t))
		return -EINVAL;
	if (act && copy_from_user(&new, act, sizeof(new)))
		return -EFAULT;
	err = do_sigaction((int)regs->di, act ? &new : NULL, oact ? &old : NULL);
	if (!err && oact && copy_to_user(oact, &old, sizeof(old)))
		return -EFAULT;
	return err;
}

long sys_rt_sigprocmask(struct pt_regs *regs)
{
	const sigset_t __user *uset = (const void __user *)regs->si;
	sigset_t __user *uold = (void __user *)regs->dx;
	sigset_t set, old = current->sig.blocked;

	if (regs->r10 != sizeof(sigset_t))
		return -EINVAL;
	if (uset) {
		if (copy_from_user(&set, uset, sizeof(set)))
			return -EFAULT;
		switch (regs->di) {
		case SIG_BLOCK:
			set = old | set;
			break;
		case SIG_UNBLOCK:
			set = old & ~set;
			break;
		case SIG_SETMASK:
			break;
		default:
			return -EINVAL;
		}
	}
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	if (uset)
		set_blocked(current, set);
	return 0;
}

/* The pending signals that are blocked: the ones waiting for an unblock. */
long sys_rt_sigpending(struct pt_regs *regs)
{
	struct task *t = current;
	sigset_t set = (t->sig.pending.set | t->signal->shared_pending.set) & t->sig.blocked;

	if (regs->si > sizeof(sigset_t))
		return -EINVAL;
	if (copy_to_user((void __user *)regs->di, &set, regs->si))
		return -EFAULT;
	return 0;
}

/*
 * Sleeps until a signal is pending: with no condition and no deadline, only a
 * signal's wake-up (signal_wake_up_locked()) ends the sleep.
 */
static long sleep_until_signal(void)
{
	sleep_event(&current->sig, 0, false);
	return -ERESTARTNOHAND;
}

/* pause(): -EINTR once a handler has run; never returns for an ignored signal. */
long sys_pause(struct pt_regs *regs)
{
	return sleep_until_signal();
}

long set_temporary_sigmask(const sigset_t __user *umask, unsigned long size)
{
	struct task *t = current;
	sigset_t mask;

	if (size != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	t->sig.saved_mask = t->sig.blocked;
	set_blocked(t, mask);
	return 0;
}

void restore_temporary_sigmask(bool interrupted)
{
	struct task *t = current;

	if (interrupted)
		t->sig.restore_mask = true;	/* after the delivery: do_signal() */
	else
		set_blocked(t, t->sig.saved_mask);
}

/*
 * rt_sigsuspend(mask): wait for a signal with mask as the blocked set. The old
 * mask comes back once a handler has run (the frame saves it, rt_sigreturn
 * restores it), or at once when none runs.
 */
long sys_rt_sigsuspend(struct pt_regs *regs)
{
	struct task *t = current;
	sigset_t mask;

	if (regs->si != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, (const void __user *)regs->di, sizeof(mask)))
		return -EFAULT;
	t->sig.saved_mask = t->sig.blocked;
	t->sig.restore_mask = true;
	set_blocked(t, mask);
	return sleep_until_signal();
}

/**
 * sys_rt_sigtimedwait - take a signal of a set synchronously
 *
 * (set, info, timeout, sigsetsize): returns the lowest pending signal of set,
 * removed, its siginfo copied out; waits for one until timeout (NULL: for
 * ever). The set is unblocked while waiting, as on Linux, so that its arrival
 * wakes us; it is taken here before any handler could run. -EAGAIN when the
 * time is up, -EINTR when another signal arrived.
 */
long sys_rt_sigtimedwait(struct pt_regs *regs)
{
	const struct kernel_timespec __user *uts = (const void __user *)regs->dx;
	struct task *t = current;
	struct kernel_siginfo si;
	struct ksiginfo info;
	u64 deadline = 0;
	sigset_t set, saved;
	long ret;
	int sig;

	if (regs->r10 != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&set, (const void __user *)regs->di, sizeof(set)))
		return -EFAULT;
	set &= ~SIG_UNBLOCKABLE;
	if (uts) {
		struct kernel_timespec ts;

		if (copy_from_user(&ts, uts, sizeof(ts)))
			return -EFAULT;
		if (!timespec_valid(&ts))
			return -EINVAL;
		deadline = ktime_get_ns() + timespec_to_ns(&ts);
	}
	sig = dequeue_signal(t, set, &info);
	if (!sig && deadline != ktime_get_ns()) {
		saved = t->sig.blocked;
		set_blocked(t, saved & ~set);
		ret = sleep_event(&t->sig, deadline, false);
		set_blocked(t, saved);
		sig = dequeue_signal(t, set, &info);
		if (!sig)
			return ret == -ETIMEDOUT ? -EAGAIN : -EINTR;
	}
	if (!sig)
		return -EAGAIN;
	memset(&si, 0, sizeof(si));
	fill_siginfo(&si, sig, &info);
	if (regs->si && copy_to_user((void __user *)regs->si, &si, sizeof(si)))
		return -EFAULT;
	return sig;
}

/*
 * Linux's SIGNAL_UNKILLABLE, for the init of a pid namespace below the initial
 * one: it takes no signal it has no handler for from its own namespace, and from
 * above only SIGKILL and SIGSTOP. (entrylab's own init, the program under test,
 * is not shielded: a signal that ends it ends the run with a report.)
 */
static inline bool ns_init_refuses(const struct task *p, int sig)
{
	if (p->tgid != 1 || task_pid_ns(p) == &init_pid_ns ||
	    p->sighand->action[sig - 1].handler != SIG_DFL)
		return false;
	return task_pid_nr_ns(current, task_pid_ns(p)) || (sig != SIGKILL && sig != SIGSTOP);
}

/*
 * sched_lock held: current sends sig to the process (group) or thread t with
 * info, its si_pid current's pid as t's namespace numbers it (0: there it has
 * none); the init of a namespace may refuse it. 0, or send_signal()'s error.
 */
static int send_signal_from_user(struct task *t, int sig, const struct ksiginfo *from,
				 bool group)
{
	struct ksiginfo info = *from;

	if (info.code == SI_USER || info.code == SI_TKILL)
		info.pid = task_tgid_nr_ns(current, task_pid_ns(t));
	else if (!task_pid_nr_ns(current, task_pid_ns(t)))
		info.pid = 0;		/* a sigqueue() from an ancestor namespace */
	if (ns_init_refuses(t, sig))
		return 0;
	return send_signal(t, sig, &info, group);
}

/*
 * kill(pid, sig): the process pid, every process we see but init and ourselves
 * (-1), or our own (0, -getpid()): each process leads its own process group.
 * The benchmark's case, an ignored signal to ourselves, takes no lock at all.
 */
long sys_kill(struct pt_regs *regs)
{
	int pid = (int)regs->di, sig = (int)regs->si;
	struct ksiginfo info = { .code = SI_USER, .pid = current->tgid };
	unsigned long flags;
	struct task *p;
	unsigned int i;
	long ret = -ESRCH;

	if (sig < 0 || sig > _NSIG)
		return -EINVAL;
	/* Our own group; but an init's -1 means every process, as for anyone. */
	if (pid == 0 || (pid == -current->tgid && current->tgid != 1))
		pid = current->tgid;
	if (pid == current->tgid && (!sig || sig_ignored(current, sig)))
		return 0;
	if (pid == current->tgid && sig != SIGKILL && !(current->sig.blocked & sigmask(sig))) {
		/* We take it: no lock, no search. */
		if (!ns_init_refuses(current, sig))
			send_signal(current, sig, &info, true);
		return 0;
	}
	if (pid < -1)
		return -ESRCH;		/* other process groups: nobody */
	tasklist_lock(&flags);
	if (pid == -1) {
		for_each_task(p, i) {
			if (!thread_group_leader(p) || task_pid_vnr(p) <= 1 ||
			    p->signal == current->signal || !process_alive(p))
				continue;
			if (sig)
				send_signal_from_user(p, sig, &info, true);
			ret = 0;
		}
	} else if ((p = find_process_by_vpid_locked(pid))) {
		if (sig)
			send_signal_from_user(p, sig, &info, true);
		ret = 0;
	}
	tasklist_unlock(flags);
	return ret;
}

/*
 * tgkill(tgid, tid, sig) and tkill(tid, sig): a signal for one thread, which
 * must belong to tgid if one is given. The signal says SI_TKILL, as on Linux;
 * glibc's raise(), abort() and pthread_kill() send theirs this way.
 */
static long signal_thread(int tgid, int tid, int sig, const struct ksiginfo *info)
{
	unsigned long flags;
	struct task *t;
	long ret = 0;

	if (tid <= 0 || sig < 0 || sig > _NSIG)
		return -EINVAL;
	if (tid == current->pid && (!tgid || tgid == current->tgid) &&
	    (!sig || sig_ignored(current, sig)))
		return 0;
	tasklist_lock(&flags);
	t = find_task_by_vpid_locked(tid);
	if (!t || (tgid && task_tgid_vnr(t) != tgid))
		ret = -ESRCH;
	else if (sig)
		ret = send_signal_from_user(t, sig, info, false);
	tasklist_unlock(flags);
	return ret;
}

long sys_tgkill(struct pt_regs *regs)
{
	struct ksiginfo info = { .code = SI_TKILL, .pid = current->tgid };

	if ((int)regs->di <= 0)
		return -EINVAL;
	return signal_thread((int)regs->di, (int)regs->si, (int)regs->dx, &info);
}

long sys_tkill(struct pt_regs *regs)
{
	struct ksiginfo info = { .code = SI_TKILL, .pid = current->tgid };

	return signal_thread(0, (int)regs->di, (int)regs->si, &info);
}

/*
 * The siginfo a sigqueue()-style sender supplies, for the thread target (tid):
 * only a negative si_code other than SI_TKILL may go to another thread, so
 * that nobody forges the kernel's or kill()'s (Linux's rule). The code, the
 * sender's pid and the value are kept.
 */
static long copy_queued_siginfo(const void __user *uinfo, int target, struct ksiginfo *info)
{
	struct kernel_siginfo si;

	if (copy_from_user(&si, uinfo, sizeof(si)))
		return -EFAULT;
	if ((si.si_code >= 0 || si.si_code == SI_TKILL) && target != current->pid)
		return -EPERM;
	*info = (struct ksiginfo){ .code = si.si_code, .pid = si.rt.pid, .value = si.rt.value };
	return 0;
}

/* rt_sigqueueinfo(tgid, sig, uinfo): sigqueue(); a real-time signal queues. */
long sys_rt_sigqueueinfo(struct pt_regs *regs)
{
	int pid = (int)regs->di, sig = (int)regs->si;
	struct ksiginfo info;
	unsigned long flags;
	struct task *p;
	long ret = copy_queued_siginfo((const void __user *)regs->dx, pid, &info);

	if (ret)
		return ret;
	if (sig < 0 || sig > _NSIG)
		return -EINVAL;
	tasklist_lock(&flags);
	p = pid > 0 ? find_process_by_vpid_locked(pid) : NULL;
	ret = !p ? -ESRCH : sig ? send_signal_from_user(p, sig, &info, true) : 0;
	tasklist_unlock(flags);
	return ret;
}

/* rt_tgsigqueueinfo(tgid, tid, sig, uinfo): the same for one thread (pthread_sigqueue()). */
long sys_rt_tgsigqueueinfo(struct pt_regs *regs)
{
	int tgid = (int)regs->di, tid = (int)regs->si;
	struct ksiginfo info;
	long ret;

	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	ret = copy_queued_siginfo((const void __user *)regs->r10, tid, &info);
	return ret ? ret : signal_thread(tgid, tid, (int)regs->dx, &info);
}

int do_sigaltstack(const kernel_stack_t *ss, kernel_stack_t *old, unsigned long sp)
{
	struct task *t = current;

	unsigned int mode;

	if (old) {
		*old = t->sig.altstack;
		old->ss_flags = altstack_flags(t, sp);
	}
	if (!ss)
		return 0;
	if (on_sig_stack(t, sp))
		return -EPERM;		/* cannot change the stack we are running on */
	mode = ss->ss_flags & ~SS_AUTODISARM;
	if (mode != 0 && mode != SS_ONSTACK && mode != SS_DISABLE)
		return -EINVAL;
	if (mode == SS_DISABLE) {
		t->sig.altstack = (kernel_stack_t){ .ss_flags = ss->ss_flags };
		return 0;
	}
	if (ss->ss_size < MINSIGSTKSZ)
		return -ENOMEM;
	t->sig.altstack = (kernel_stack_t){ .ss_sp = ss->ss_sp, .ss_size = ss->ss_size,
					    .ss_flags = ss->ss_flags & SS_AUTODISARM };
	return 0;
}

long sys_sigaltstack(struct pt_regs *regs)
{
	const kernel_stack_t __user *uss = (const void __user *)regs->di;
	kernel_stack_t __user *uold = (void __user *)regs->si;
	kernel_stack_t ss, old;
	int ret;

	if (uss && copy_from_user(&ss, uss, sizeof(ss)))
		return -EFAULT;
	ret = do_sigaltstack(uss ? &ss : NULL, &old, regs->sp);
	if (!ret && uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return ret;
}

static long no_restart(struct restart_block *rb)
{
	return -EINTR;
}

/*
 * restart_syscall(): what the exit path makes a task call after a signal
 * without handler interrupted a sleep with a deadline (-ERESTART_RESTARTBLOCK,
 * turned into this call by syscall_restart() in arch/x86/signal.c); the sleep
 * left its deadline in current->restart. Only once: a stray call is -EINTR, as
 * on Linux.
 */
long sys_restart_syscall(struct pt_regs *regs)
{
	struct restart_block *rb = &current->restart;
	long (*fn)(struct restart_block *rb) = rb->fn ? rb->fn : no_restart;

	rb->fn = no_restart;
	return fn(rb);
}
