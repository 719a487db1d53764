/* SPDX-License-Identifier: GPL-2.0 */
/* Linux errno values: user programs see exactly these. */
#ifndef _ENTRYLAB_ERRNO_H
#define _ENTRYLAB_ERRNO_H

#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define ENOEXEC		8
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define ENOTDIR		20
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOTTY		25
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EPIPE		32
#define ERANGE		34
#define ENAMETOOLONG	36
#define ENOSYS		38
#define ELOOP		40
#define EUSERS		87
#define EMSGSIZE	90
#define EPROTOTYPE	91
#define EPROTONOSUPPORT	93
#define ESOCKTNOSUPPORT	94
#define EOPNOTSUPP	95
#define EAFNOSUPPORT	97
#define ECONNRESET	104
#define ETIMEDOUT	110
#define EINPROGRESS	115

/*
 * Never seen by user programs: a syscall a signal interrupted returns one of
 * these, and the exit path (syscall_restart(), arch/x86/signal.c) turns it into
 * a restart of the syscall or into -EINTR, by Linux's rules:
 *   ERESTARTSYS            restart if the handler has SA_RESTART, else -EINTR
 *   ERESTARTNOINTR         always restart
 *   ERESTARTNOHAND         restart if no handler runs, else -EINTR
 *   ERESTART_RESTARTBLOCK  as NOHAND, but restart through restart_syscall(),
 *                          which resumes with the time left (nanosleep)
 */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

/* The largest errno: a syscall result in [-MAX_ERRNO, -1] is an error, as Linux reads it. */
#define MAX_ERRNO		4095

#endif
