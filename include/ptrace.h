/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptrace: one task (the tracer) stops another (the tracee) at chosen points and
 * reads or changes its registers and memory while it is stopped (kernel/ptrace.c).
 *
 * A tracee stops for its tracer
 *  - before a signal is delivered (signal-delivery-stop: the tracer decides which
 *    signal, if any, the tracee gets): do_signal() calls ptrace_signal();
 *  - at the entry and at the exit of each syscall under PTRACE_SYSCALL (at the
 *    entry alone under PTRACE_SYSEMU, which runs no syscall): the
 *    syscall work (entry/work.c) calls ptrace_report_syscall_*();
 *  - when PTRACE_INTERRUPT asks it to (a PTRACE_EVENT_STOP).
 * Stopped, it sleeps until the tracer resumes it (or a SIGKILL comes); its tracer's
 * wait4()/waitid() reports the stop once (kernel/exit.c).
 */
#ifndef _ENTRYLAB_PTRACE_H
#define _ENTRYLAB_PTRACE_H

#include <compiler.h>
#include <signal.h>
#include <uapi/ptrace.h>

struct task;
struct pt_regs;

/* A task's tracing state. Under sched_lock, except where noted. */
struct ptrace_state {
	struct task *tracer;		/* NULL: not traced */
	unsigned int options;		/* PTRACE_O_* */
	int code;			/* while stopped: the stop (SIGTRAP | 0x80, ...); then
					 * the signal the tracer resumed it with */
	/* A byte, with the flags after it: struct task fills its page. */
	u8 signo;			/* the stop's siginfo, for PTRACE_GETSIGINFO */
	bool seized;			/* PTRACE_SEIZE: no SIGSTOP at attach, INTERRUPT allowed */
	bool stopped;			/* stopped for the tracer; it may touch our state */
	bool reported;			/* the tracer's wait has seen this stop */
	bool frozen;			/* a request is using our state: SIGKILL waits */
	bool interrupt;			/* PTRACE_INTERRUPT: stop at the next chance */
	bool forced_tf;			/* PTRACE_SINGLESTEP set TF, not the task */
	struct ksiginfo info;
	unsigned long message;		/* the stop's PTRACE_GETEVENTMSG (PTRACE_EVENTMSG_*) */
};

/* do_signal(), for a traced task that dequeued sig: the signal to deliver, or 0. */
int ptrace_signal(int sig, struct ksiginfo *info);
/* do_signal(): the stop PTRACE_INTERRUPT asked for, if it did. */
void ptrace_interrupt_stop(void);
/* Has current a tracer that asked for PTRACE_EVENT_* event (PTRACE_O_TRACE*)? */
bool ptrace_event_enabled(int event);
/* The event's stop, with message for PTRACE_GETEVENTMSG; true if a SIGKILL came meanwhile. */
bool ptrace_event(int event, unsigned long message);
/* The syscall work: true when the syscall must not run (a SIGKILL came meanwhile). */
bool ptrace_report_syscall_entry(struct pt_regs *regs);
void ptrace_report_syscall_exit(struct pt_regs *regs);
/*
 * sched_lock held: t is exiting; its tracees go free (or die: EXITKILL), and those
 * that exited before it to whoever reaps them next; t is untraced, unless its
 * tracer reaps its exit first (tracer_reaps_exit()).
 */
void exit_ptrace_locked(struct task *t);
/* kernel/exit.c: does t's tracer reap t's exit before its parent (Linux's ptrace_reparented())? */
bool tracer_reaps_exit(const struct task *t);
/*
 * kernel/exit.c, sched_lock held: exited tracee c let go by its tracer (its exit
 * reaped, or the tracer gone): a thread is freed, a process goes to its parent.
 */
void release_exited_tracee_locked(struct task *c);

/*
 * sched_lock held: may current trace t, or read or compare its state (Linux's
 * ptrace_may_access() in its REALCREDS modes)? Every operation on another task
 * that Linux guards so asks it: ptrace attach, process_vm_readv/writev, kcmp.
 */
bool ptrace_may_access_locked(const struct task *t);

/*
 * kernel/ptrace_syscall.c: the requests on the syscall a stopped tracee is in,
 * then arch_ptrace().
 */
long ptrace_syscall_request(struct task *t, long request, unsigned long addr, unsigned long data);
/* arch/x86/ptrace.c: the requests that read or write a stopped tracee's registers. */
long arch_ptrace(struct task *child, long request, unsigned long addr, unsigned long data);
/* arch/x86/ptrace_ia32.c: the same for an i386 tracer, in i386's layouts. */
long compat_arch_ptrace(struct task *child, long request, unsigned long addr, unsigned long data);
/*
 * arch/x86/ptrace.c: register n of struct user_regs_struct, read or written as
 * a tracer may (0 or -EIO); the FXSAVE image, to or from the tracer's data.
 */
unsigned long ptrace_getreg(struct task *t, unsigned int n);
int ptrace_putreg(struct task *t, unsigned int n, unsigned long val);
long ptrace_get_fxsave(struct task *t, unsigned long data);
long ptrace_set_fxsave(struct task *t, unsigned long data);

#endif
