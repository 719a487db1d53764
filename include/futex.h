/* SPDX-License-Identifier: GPL-2.0 */
/* Fast user-space mutexes: the kernel side of futex(2) (kernel/futex.c). */
#ifndef _ENTRYLAB_FUTEX_H
#define _ENTRYLAB_FUTEX_H

#include <compiler.h>

#define FUTEX_BITSET_MATCH_ANY	0xffffffffU

struct mm;
/* Wakes up to nr tasks of mm waiting on the futex at uaddr whose bitset meets bitset. */
int futex_wake(struct mm *mm, unsigned long uaddr, int nr, u32 bitset);

#endif
