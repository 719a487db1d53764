/*
 * include/math64.h, the arithmetic the vDSO's clocks use, computed the two ways it
 * compiles: with a 128-bit product and one 64-bit DIV (built for x86-64, as the
 * kernel and the 64-bit vDSO) and with 32-bit MULs and DIVs (built for i386, as
 * the 32-bit vDSO). tests/run.py runs the x86-64 build on the host and the i386
 * build as entrylab's init (a host kernel need not run i386 programs) and compares
 * what they print: inputs drawn from a fixed xorshift sequence, so both builds see
 * the same ones, and one FNV-1a hash of the results per block of cases, so a
 * difference names its block.
 */
#include <math64.h>

int printf(const char *fmt, ...);	/* glibc's headers would redefine compiler.h's names */

#define CASES	20000
#define BLOCK	1000

static u64 xorshift(void)
{
	static u64 x = 88172645463325252ULL;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

static u64 fnv1a(u64 hash, u64 v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		hash = (hash ^ (v & 0xff)) * 0x100000001b3ULL;
	return hash;
}

int main(void)
{
	u64 hash = 0;
	int bad = 0;

	for (int i = 0; i < CASES; i++) {
		/* Small factors and dividends too: a high word of 0 takes the short way. */
		u64 a = xorshift() >> (xorshift() % 64);
		u32 mul = xorshift(), rem, divisor = (xorshift() >> (xorshift() % 32)) | 1;
		unsigned int shift = xorshift() % 33;
		u64 q = div_u64_rem(a, divisor, &rem);

		/* The division checks itself; the product is checked against the other build. */
		bad |= q * divisor + rem != a || rem >= divisor;
		if (i % BLOCK == 0)
			hash = 0xcbf29ce484222325ULL;
		hash = fnv1a(fnv1a(fnv1a(hash, mul_u64_u32_shr(a, mul, shift)), q), rem);
		if (i % BLOCK == BLOCK - 1)
			printf("math64: cases %d-%d: %016llx\n", i + 1 - BLOCK, i,
			       (unsigned long long)hash);
	}
	printf("math64: %d cases, division %s\n", CASES, bad ? "wrong" : "ok");
	return bad;
}
