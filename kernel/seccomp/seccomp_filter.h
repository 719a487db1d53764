/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A seccomp filter as kernel/seccomp/seccomp.c attaches and runs it and
 * kernel/seccomp/seccomp_notify.c serves its listener: shared by these two only.
 */
#ifndef _ENTRYLAB_SECCOMP_FILTER_H
#define _ENTRYLAB_SECCOMP_FILTER_H

#include <bpf_filter.h>
#include <sched.h>
#include <spinlock.h>
#include <syscalls.h>
#include <uapi/seccomp.h>
#include <wait.h>

struct file;
struct pt_regs;
struct seccomp_knotif;

/*
 * A filter's listener (SECCOMP_FILTER_FLAG_NEW_LISTENER), as Linux's struct
 * notification: the calls waiting for an answer, oldest first. Each lives on
 * its task's kernel stack (kernel/seccomp/seccomp_notify.c) while the task waits.
 */
struct seccomp_notify {
	bool open;			/* a listener file exists; closed, the calls get -ENOSYS */
	bool killable;			/* WAIT_KILLABLE_RECV: once received, only SIGKILL
					 * ends a wait */
	u64 next_id;
	struct seccomp_knotif *calls;
};

/*
 * One attached program, shared by every task that inherited it: the chain is
 * immutable once built. refs counts what points here (tasks, the newer
 * filter, a listener file) and frees it at 0; users counts the live tasks that
 * run it, directly or through newer filters (a newer filter with users holds
 * one here): at 0 nobody can make a call it judges any more, and its listener
 * hears POLLHUP (Linux's two counts, the same way).
 */
struct seccomp_filter {
	unsigned long refs;		/* atomic */
	unsigned long users;		/* atomic */
	struct seccomp_filter *prev;	/* the filter attached before: older */
	unsigned int frames;		/* this allocation's size */
	bool log;			/* SECCOMP_FILTER_FLAG_LOG */
	spinlock_t notify_lock;		/* notify; taken with IRQs off */
	struct seccomp_notify notify;
	struct wait_chan notify_wait;	/* a listener's RECV and ADDFD wait here */
	struct wait_chan notify_replied;	/* the calls wait here for their answers */
	/*
	 * Native numbers every filter of the chain, this one down, allows whatever
	 * the arguments.
	 */
	unsigned long allow[NR_syscalls / 64];
	unsigned short len;
	/* The program as checked and run, then as attached (bpf_filter_check() rewrites loads). */
	struct sock_filter prog[];
};

/* The program as attached, as a tracer reads it back: it follows the one that runs. */
static inline const struct sock_filter *filter_orig_prog(const struct seccomp_filter *f)
{
	return f->prog + f->len;
}

/* The last reference frees the filter, and the older ones its own held. */
void seccomp_filter_put(struct seccomp_filter *f);

/* kernel/seccomp/seccomp_notify.c */

/* A listener file for f, which gets a reference of the file's; NULL: no memory. */
struct file *seccomp_listener_open(struct seccomp_filter *f, bool killable);

/*
 * SECCOMP_RET_USER_NOTIF from f for call nr (its data sd): the caller waits for
 * f's listener's answer. Returns nr when the listener says continue, else -1
 * with regs->ax the answer (-ENOSYS with no listener, -ERESTARTSYS when a
 * signal ended the wait: the call is then restarted or fails as its
 * signal's action says).
 */
int seccomp_user_notify(struct seccomp_filter *f, const struct seccomp_data *sd,
			struct pt_regs *regs, int nr);

/* f's last user is gone: a listener's RECV and poll() hear it. */
void seccomp_notify_orphaned(struct seccomp_filter *f);

#endif
