/* SPDX-License-Identifier: GPL-2.0 */
/* The namespace flags of clone(2) and unshare(2), Linux's values. */
#ifndef _ENTRYLAB_UAPI_SCHED_H
#define _ENTRYLAB_UAPI_SCHED_H

#define CLONE_NEWTIME		0x00000080
#define CLONE_NEWNS		0x00020000
#define CLONE_NEWCGROUP		0x02000000
#define CLONE_NEWUTS		0x04000000
#define CLONE_NEWIPC		0x08000000
#define CLONE_NEWUSER		0x10000000
#define CLONE_NEWPID		0x20000000
#define CLONE_NEWNET		0x40000000

#endif
