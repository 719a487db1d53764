/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Classic BPF, as Linux's uapi/linux/filter.h and bpf_common.h define it: the
 * program format seccomp filters are written in. An instruction's code is its
 * class, and for each class a size and mode, an operation or a source.
 */
#ifndef _UAPI_FILTER_H
#define _UAPI_FILTER_H

struct sock_filter {
	unsigned short code;
	unsigned char jt;	/* conditional jumps: forward offset if true */
	unsigned char jf;	/* ... if false */
	unsigned int k;		/* the constant operand */
};

struct sock_fprog {
	unsigned short len;	/* instructions */
	struct sock_filter *filter;
};

#define BPF_CLASS(code)	((code) & 0x07)
#define BPF_LD		0x00
#define BPF_LDX		0x01
#define BPF_ST		0x02
#define BPF_STX		0x03
#define BPF_ALU		0x04
#define BPF_JMP		0x05
#define BPF_RET		0x06
#define BPF_MISC	0x07

#define BPF_SIZE(code)	((code) & 0x18)
#define BPF_W		0x00
#define BPF_H		0x08
#define BPF_B		0x10
#define BPF_MODE(code)	((code) & 0xe0)
#define BPF_IMM		0x00
#define BPF_ABS		0x20
#define BPF_IND		0x40
#define BPF_MEM		0x60
#define BPF_LEN		0x80
#define BPF_MSH		0xa0

#define BPF_OP(code)	((code) & 0xf0)
#define BPF_ADD		0x00
#define BPF_SUB		0x10
#define BPF_MUL		0x20
#define BPF_DIV		0x30
#define BPF_OR		0x40
#define BPF_AND		0x50
#define BPF_LSH		0x60
#define BPF_RSH		0x70
#define BPF_NEG		0x80
#define BPF_MOD		0x90
#define BPF_XOR		0xa0
#define BPF_JA		0x00
#define BPF_JEQ		0x10
#define BPF_JGT		0x20
#define BPF_JGE		0x30
#define BPF_JSET	0x40

#define BPF_SRC(code)	((code) & 0x08)
#define BPF_K		0x00
#define BPF_X		0x08
#define BPF_RVAL(code)	((code) & 0x18)
#define BPF_A		0x10
#define BPF_MISCOP(code) ((code) & 0xf8)
#define BPF_TAX		0x00
#define BPF_TXA		0x80

/* An instruction, as Linux's macros write one: a statement, or a jump with its offsets. */
#define BPF_STMT(code, k)		{ (unsigned short)(code), 0, 0, (k) }
#define BPF_JUMP(code, k, jt, jf)	{ (unsigned short)(code), (jt), (jf), (k) }

#define BPF_MAXINSNS	4096
#define BPF_MEMWORDS	16

#endif
