/* SPDX-License-Identifier: GPL-2.0 */
/* Random numbers for the kernel and getrandom(2) (kernel/random.c). */
#ifndef _ENTRYLAB_RANDOM_H
#define _ENTRYLAB_RANDOM_H

#include <compiler.h>

/* After cpu_init(): chooses the source; random_source() names it for the banner. */
void random_init(void);
const char *random_source(void);
void get_random_bytes(void *buf, size_t len);

#endif
