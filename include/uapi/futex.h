/* SPDX-License-Identifier: GPL-2.0 */
/* futex(2)'s operations and flags, Linux's values. */
#ifndef _UAPI_ENTRYLAB_FUTEX_H
#define _UAPI_ENTRYLAB_FUTEX_H

#define FUTEX_WAIT		0
#define FUTEX_WAKE		1
#define FUTEX_REQUEUE		3
#define FUTEX_CMP_REQUEUE	4
#define FUTEX_WAIT_BITSET	9
#define FUTEX_WAKE_BITSET	10
#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256

#define FUTEX_BITSET_MATCH_ANY	0xffffffffU
#define FUTEX_TID_MASK		0x3fffffff	/* a robust or PI futex word's owner tid */

#endif
