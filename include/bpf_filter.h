/* SPDX-License-Identifier: GPL-2.0 */
/* Classic BPF for seccomp filters: the validator and interpreter (kernel/seccomp/bpf_filter.c). */
#ifndef _ENTRYLAB_BPF_FILTER_H
#define _ENTRYLAB_BPF_FILTER_H

#include <compiler.h>
#include <uapi/filter.h>

/*
 * Is prog (len instructions, 1 to BPF_MAXINSNS) a filter seccomp accepts? As
 * Linux's bpf_check_classic() and seccomp_check_filter(): only the instructions
 * seccomp allows, 32-bit loads aligned and inside data_len bytes, no division by
 * a constant 0 nor shift by 32 or more, scratch words stored before loaded,
 * jumps forward and inside the program, and a return last. BPF_LEN loads are
 * rewritten in place as loads of data_len, as Linux does.
 */
bool bpf_filter_check(struct sock_filter *prog, unsigned int len, unsigned int data_len);

/* Runs a checked program over data; its return value. Never loops: jumps go forward. */
u32 bpf_filter_run(const struct sock_filter *prog, const void *data);

#endif
