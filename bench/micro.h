/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring-0 micro-benchmarks (bench/micro.c, make micro): single instructions and
 * the posted-interrupt drain, in the style of kvm-unit-tests' vmexit tests.
 */
#ifndef _ENTRYLAB_MICRO_H
#define _ENTRYLAB_MICRO_H

#include <compiler.h>

/* The micro boot: every test, a machine line each, then the table. */
void micro_run(void);

#endif
