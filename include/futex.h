/* SPDX-License-Identifier: GPL-2.0 */
/* Fast user-space mutexes: the kernel side of futex(2) (kernel/futex/core.c). */
#ifndef _ENTRYLAB_FUTEX_H
#define _ENTRYLAB_FUTEX_H

#include <compiler.h>
#include <uapi/futex.h>

struct mm;
/*
 * Wakes up to nr tasks waiting on the futex at uaddr in mm whose bitset meets
 * bitset: private, of mm's tasks only; else, in a MAP_SHARED page, of every
 * process that maps the page.
 */
int futex_wake(struct mm *mm, unsigned long uaddr, bool private, int nr, u32 bitset);

#endif
