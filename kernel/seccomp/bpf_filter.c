// SPDX-License-Identifier: GPL-2.0
/*
 * Classic BPF, the subset seccomp filters use: an accumulator A, an index
 * register X, 16 scratch words M[], and the read-only data (struct seccomp_data).
 * Linux runs these through its eBPF JIT or interpreter after translating them;
 * entrylab interprets the classic program itself, in one switch. The validator
 * makes every run terminate and stay in bounds: jumps only go forward, so a
 * program of n instructions executes at most n.
 */
#include <bpf_filter.h>
#include <pmm.h>
#include <string.h>

/* The instructions seccomp allows, Linux's seccomp_check_filter() list. */
static bool seccomp_allows(u16 code)
{
	switch (code) {
	case BPF_RET | BPF_K: case BPF_RET | BPF_A:
	case BPF_ALU | BPF_ADD | BPF_K: case BPF_ALU | BPF_ADD | BPF_X:
	case BPF_ALU | BPF_SUB | BPF_K: case BPF_ALU | BPF_SUB | BPF_X:
	case BPF_ALU | BPF_MUL | BPF_K: case BPF_ALU | BPF_MUL | BPF_X:
	case BPF_ALU | BPF_DIV | BPF_K: case BPF_ALU | BPF_DIV | BPF_X:
	case BPF_ALU | BPF_AND | BPF_K: case BPF_ALU | BPF_AND | BPF_X:
	case BPF_ALU | BPF_OR | BPF_K: case BPF_ALU | BPF_OR | BPF_X:
	case BPF_ALU | BPF_XOR | BPF_K: case BPF_ALU | BPF_XOR | BPF_X:
	case BPF_ALU | BPF_LSH | BPF_K: case BPF_ALU | BPF_LSH | BPF_X:
	case BPF_ALU | BPF_RSH | BPF_K: case BPF_ALU | BPF_RSH | BPF_X:
	case BPF_ALU | BPF_NEG:
	case BPF_LD | BPF_W | BPF_ABS: case BPF_LD | BPF_W | BPF_LEN:
	case BPF_LDX | BPF_W | BPF_LEN:
	case BPF_LD | BPF_IMM: case BPF_LDX | BPF_IMM:
	case BPF_MISC | BPF_TAX: case BPF_MISC | BPF_TXA:
	case BPF_LD | BPF_MEM: case BPF_LDX | BPF_MEM:
	case BPF_ST: case BPF_STX:
	case BPF_JMP | BPF_JA:
	case BPF_JMP | BPF_JEQ | BPF_K: case BPF_JMP | BPF_JEQ | BPF_X:
	case BPF_JMP | BPF_JGE | BPF_K: case BPF_JMP | BPF_JGE | BPF_X:
	case BPF_JMP | BPF_JGT | BPF_K: case BPF_JMP | BPF_JGT | BPF_X:
	case BPF_JMP | BPF_JSET | BPF_K: case BPF_JMP | BPF_JSET | BPF_X:
		return true;
	}
	return false;
}

static bool is_cond_jump(u16 code)
{
	return BPF_CLASS(code) == BPF_JMP && BPF_OP(code) != BPF_JA;
}

/* One instruction alone: operands in range, jumps inside the program. */
static bool insn_ok(struct sock_filter *f, unsigned int pc, unsigned int len,
		    unsigned int data_len)
{
	u16 code = f->code;

	if (!seccomp_allows(code))
		return false;
	switch (code) {
	case BPF_LD | BPF_W | BPF_ABS:
		return f->k < data_len && !(f->k & 3);
	case BPF_LD | BPF_W | BPF_LEN:		/* the length is a constant here */
		*f = (struct sock_filter){ .code = BPF_LD | BPF_IMM, .k = data_len };
		return true;
	case BPF_LDX | BPF_W | BPF_LEN:
		*f = (struct sock_filter){ .code = BPF_LDX | BPF_IMM, .k = data_len };
		return true;
	case BPF_ALU | BPF_DIV | BPF_K:
		return f->k != 0;
	case BPF_ALU | BPF_LSH | BPF_K:
	case BPF_ALU | BPF_RSH | BPF_K:
		return f->k < 32;
	case BPF_LD | BPF_MEM: case BPF_LDX | BPF_MEM: case BPF_ST: case BPF_STX:
		return f->k < BPF_MEMWORDS;
	case BPF_JMP | BPF_JA:
		return f->k < len - pc - 1;
	}
	if (is_cond_jump(code))
		return pc + f->jt + 1 < len && pc + f->jf + 1 < len;
	return true;
}

/*
 * No scratch word is loaded on a path that has not stored it (Linux's
 * check_load_and_stores()): masks[pc] is the words stored on every path into
 * pc, which the forward jumps narrow as the pass reaches their targets.
 */
static bool loads_follow_stores(const struct sock_filter *prog, unsigned int len, u16 *masks)
{
	u16 valid = 0;

	memset(masks, 0xff, len * sizeof(*masks));
	for (unsigned int pc = 0; pc < len; pc++) {
		const struct sock_filter *f = &prog[pc];

		valid &= masks[pc];
		if (f->code == BPF_ST || f->code == BPF_STX) {
			valid |= 1U << f->k;
		} else if (f->code == (BPF_LD | BPF_MEM) || f->code == (BPF_LDX | BPF_MEM)) {
			if (!(valid & (1U << f->k)))
				return false;
		} else if (f->code == (BPF_JMP | BPF_JA)) {
			masks[pc + 1 + f->k] &= valid;
			valid = 0xffff;			/* nothing falls through */
		} else if (is_cond_jump(f->code)) {
			masks[pc + 1 + f->jt] &= valid;
			masks[pc + 1 + f->jf] &= valid;
			valid = 0xffff;
		}
	}
	return true;
}

bool bpf_filter_check(struct sock_filter *prog, unsigned int len, unsigned int data_len)
{
	unsigned int frames = (len * sizeof(u16) + PAGE_SIZE - 1) / PAGE_SIZE;
	phys_addr_t scratch;
	bool ok;

	if (!len || len > BPF_MAXINSNS || BPF_CLASS(prog[len - 1].code) != BPF_RET)
		return false;
	for (unsigned int pc = 0; pc < len; pc++)
		if (!insn_ok(&prog[pc], pc, len, data_len))
			return false;
	scratch = alloc_frames(frames);
	if (!scratch)
		return false;
	ok = loads_follow_stores(prog, len, phys_to_virt(scratch));
	free_frames(scratch, frames);
	return ok;
}

u32 bpf_filter_run(const struct sock_filter *prog, const void *data)
{
	u32 A = 0, X = 0, M[BPF_MEMWORDS];
	const struct sock_filter *f = prog;

	for (;; f++) {
		u32 k = f->k, src = BPF_SRC(f->code) == BPF_X ? X : k;

		switch (f->code) {
		case BPF_RET | BPF_K:
			return k;
		case BPF_RET | BPF_A:
			return A;
		case BPF_LD | BPF_W | BPF_ABS:
			memcpy(&A, (const u8 *)data + k, sizeof(A));
			continue;
		case BPF_LD | BPF_IMM:	A = k; continue;
		case BPF_LDX | BPF_IMM:	X = k; continue;
		case BPF_LD | BPF_MEM:	A = M[k]; continue;
		case BPF_LDX | BPF_MEM:	X = M[k]; continue;
		case BPF_ST:		M[k] = A; continue;
		case BPF_STX:		M[k] = X; continue;
		case BPF_MISC | BPF_TAX: X = A; continue;
		case BPF_MISC | BPF_TXA: A = X; continue;
		case BPF_JMP | BPF_JA:	f += k; continue;
		case BPF_ALU | BPF_NEG:	A = -A; continue;
		}
		switch (BPF_CLASS(f->code)) {
		case BPF_ALU:
			switch (BPF_OP(f->code)) {
			case BPF_ADD: A += src; break;
			case BPF_SUB: A -= src; break;
			case BPF_MUL: A *= src; break;
			case BPF_DIV:
				if (!src)
					return 0;	/* X = 0 at run time: Linux's answer,
							 * kill */
				A /= src;
				break;
			case BPF_AND: A &= src; break;
			case BPF_OR: A |= src; break;
			case BPF_XOR: A ^= src; break;
			case BPF_LSH: A <<= src & 31; break;	/* as Linux's eBPF: the count
								 * mod 32 */
			case BPF_RSH: A >>= src & 31; break;
			}
			continue;
		case BPF_JMP: {
			bool taken = BPF_OP(f->code) == BPF_JEQ ? A == src :
				     BPF_OP(f->code) == BPF_JGT ? A > src :
				     BPF_OP(f->code) == BPF_JGE ? A >= src : (A & src) != 0;

			f += taken ? f->jt : f->jf;
			continue;
		}
		}
		return 0;		/* unreachable after bpf_filter_check() */
	}
}
