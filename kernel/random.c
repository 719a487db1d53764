// SPDX-License-Identifier: GPL-2.0
/*
 * Random numbers: the CPU's RDRAND when CPUID reports it (QEMU's -cpu max does,
 * drawing from the host), else splitmix64 seeded from the TSC at boot. The second
 * is a seeded generator, not a cryptographic one: the banner says which is in use,
 * and docs/testing.md says so too. Linux mixes many sources into a ChaCha20 pool;
 * entrylab has no entropy to mix.
 *
 * Users: getrandom(2) and the 16 bytes of AT_RANDOM that glibc takes its stack
 * canary from. The fallback's state is one word advanced by an atomic add, so
 * every CPU may draw from it without a lock.
 */
#include <asm/archrandom.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <random.h>
#include <string.h>
#include <syscalls.h>

#define CPUID1_ECX_RDRAND	BIT(30)
#define RDRAND_RETRIES		10	/* Intel's advice: retry a failed RDRAND ten times */

#define GRND_NONBLOCK		0x0001
#define GRND_RANDOM		0x0002
#define GRND_INSECURE		0x0004
#define GETRANDOM_CHUNK		256

static bool have_rdrand;
static u64 splitmix_state;

void random_init(void)
{
	have_rdrand = cpuid(1).ecx & CPUID1_ECX_RDRAND;
	splitmix_state = rdtsc();
}

const char *random_source(void)
{
	return have_rdrand ? "RDRAND" :
			     "splitmix64 seeded from the TSC (no RDRAND: not for cryptography)";
}

static bool rdrand64(u64 *v)
{
	for (int i = 0; i < RDRAND_RETRIES; i++)
		if (rdrand_long(v))
			return true;
	return false;
}

static u64 splitmix64(void)
{
	u64 z = __atomic_add_fetch(&splitmix_state, 0x9e3779b97f4a7c15ULL, __ATOMIC_RELAXED);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void get_random_bytes(void *buf, size_t len)
{
	u8 *p = buf;

	while (len) {
		u64 v;
		size_t n = MIN(len, sizeof(v));

		if (!have_rdrand || !rdrand64(&v))
			v = splitmix64();	/* RDRAND failed ten times: the fallback */
		memcpy(p, &v, n);
		p += n;
		len -= n;
	}
}

/*
 * getrandom(buf, len, flags): never blocks (the source is ready from boot), so
 * GRND_NONBLOCK and GRND_RANDOM change nothing. Unknown flags, and GRND_RANDOM
 * with GRND_INSECURE, are -EINVAL, as on Linux. A fault after some bytes were
 * written returns their count; before any, -EFAULT.
 */
long sys_getrandom(struct pt_regs *regs)
{
	u8 __user *ubuf = (u8 __user *)regs->di;
	unsigned long len = MIN(regs->si, (unsigned long)INT32_MAX), done = 0;
	unsigned int flags = regs->dx;
	u8 chunk[GETRANDOM_CHUNK];

	if ((regs->dx & ~(unsigned long)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE)) ||
	    (flags & (GRND_RANDOM | GRND_INSECURE)) == (GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	while (done < len) {
		unsigned long n = MIN(len - done, sizeof(chunk));

		get_random_bytes(chunk, n);
		if (copy_to_user(ubuf + done, chunk, n))
			return done ? (long)done : -EFAULT;
		done += n;
	}
	memset(chunk, 0, sizeof(chunk));	/* no random bytes left on the stack */
	return done;
}
