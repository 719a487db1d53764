/*
 * include/math64.h, the arithmetic the vDSO's clocks use, computed the two ways it
 * compiles: with a 128-bit product and one 64-bit DIV (built for x86-64, as the
 * kernel and the 64-bit vDSO) and with 32-bit MULs and DIVs (built for i386, as
 * the 32-bit vDSO). tests/run.py builds it both ways, runs both on the host and
 * compares what they print, line by line: one line per case, inputs drawn
 * from a fixed xorshift sequence, so both builds see the same ones.
 */
#include <math64.h>

int printf(const char *fmt, ...);	/* glibc's headers would redefine compiler.h's names */

#define CASES 20000

static u64 xorshift(void)
{
	static u64 x = 88172645463325252ULL;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

int main(void)
{
	int bad = 0;

	for (int i = 0; i < CASES; i++) {
		/* Small factors and dividends too: a high word of 0 takes the short way. */
		u64 a = xorshift() >> (xorshift() % 64);
		u32 mul = xorshift(), rem, divisor = (xorshift() >> (xorshift() % 32)) | 1;
		unsigned int shift = xorshift() % 33;
		u64 q = div_u64_rem(a, divisor, &rem);

		/* The division checks itself; the product is checked against the other build. */
		bad |= q * divisor + rem != a || rem >= divisor;
		printf("%llx * %x >> %u = %llx; %llx / %x = %llx rem %x\n",
		       (unsigned long long)a, mul, shift,
		       (unsigned long long)mul_u64_u32_shr(a, mul, shift),
		       (unsigned long long)a, divisor, (unsigned long long)q, rem);
	}
	printf("math64: %d cases, division %s\n", CASES, bad ? "wrong" : "ok");
	return bad;
}
