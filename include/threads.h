/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How many CPUs the kernel can run: the size of every per-CPU array, the vvar
 * page's per-CPU clock records included, which the 32-bit vDSO reads too (so
 * this header includes nothing of the kernel's).
 */
#ifndef _ENTRYLAB_THREADS_H
#define _ENTRYLAB_THREADS_H

#define NR_CPUS 8

#endif
