/* SPDX-License-Identifier: GPL-2.0 */
/* arch_prctl(2)'s codes and the AT_HWCAP2 bits, as Linux's asm/prctl.h and asm/hwcap2.h. */
#ifndef _UAPI_PRCTL_H
#define _UAPI_PRCTL_H

#define ARCH_SET_GS		0x1001
#define ARCH_SET_FS		0x1002
#define ARCH_GET_FS		0x1003
#define ARCH_GET_GS		0x1004

#define HWCAP2_FSGSBASE		(1 << 1)	/* RDFSBASE and friends work in ring 3 */

#endif
