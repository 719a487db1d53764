// SPDX-License-Identifier: GPL-2.0
/*
 * copy_from_user / copy_to_user: one fault-tolerant "rep movsb" each, on an address
 * masked against speculation past access_ok(); strings on top.
 */
#include <asm/extable.h>
#include <asm/processor.h>
#include <asm/smap.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <kernel.h>
#include <string.h>

/*
 * On a fault, RCX still holds the bytes left to copy: the fixup just resumes
 * after the instruction and returns that count.
 */
static unsigned long raw_copy(void *dst, const void *src, unsigned long n)
{
	asm volatile(ASM_STAC
		     "1:	rep movsb\n"
		     "2:\n"
		     ASM_CLAC
		     _ASM_EXTABLE(1b, 2b)
		     : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
	return n;
}

/*
 * Spectre v1 (Linux's mask_user_address()): access_ok() is a branch, and a CPU
 * that mispredicts it runs the copy speculatively on whatever address it was
 * given, a kernel one too. Without a branch, an address at or above TASK_SIZE_MAX
 * becomes all ones (non-canonical: no load from it speculates), and a user one
 * stays as it is: CMP sets CF for addr < TASK_SIZE_MAX, SBB makes that a mask.
 */
static __always_inline unsigned long mask_user_address(const void __user *ptr)
{
	unsigned long addr = (unsigned long)ptr, below;

	asm("cmp %[max], %[addr]\n\t"
	    "sbb %[below], %[below]"
	    : [below] "=r"(below) : [addr] "r"(addr), [max] "r"(TASK_SIZE_MAX) : "cc");
	return addr | ~below;
}

unsigned long copy_from_user(void *dst, const void __user *src, unsigned long n)
{
	if (!access_ok(src, n))
		return n;
	/* What the bytes read steer must not run before access_ok() resolved (Linux's). */
	barrier_nospec();
	return raw_copy(dst, (const void *)mask_user_address(src), n);
}

unsigned long copy_to_user(void __user *dst, const void *src, unsigned long n)
{
	if (!access_ok(dst, n))
		return n;
	return raw_copy((void *)mask_user_address(dst), src, n);
}

long strncpy_from_user(char *dst, const char __user *src, long count)
{
	long done = 0;

	while (done < count) {
		unsigned long a = (unsigned long)src + done;
		long chunk = MIN(count - done, (long)(PAGE_SIZE - (a & ~PAGE_MASK)));

		/* Within one page: it is all there or none of it is. */
		if (copy_from_user(dst + done, (const char __user *)a, chunk))
			return -EFAULT;
		for (long end = done + chunk; done < end; done++)
			if (!dst[done])
				return done;
	}
	return count;
}

long strnlen_user(const char __user *src, long count)
{
	char buf[64];
	long done = 0;

	while (done < count) {
		long chunk = MIN(count - done, (long)sizeof(buf));
		long n = strncpy_from_user(buf, src + done, chunk);

		if (n < 0)
			return 0;
		if (n < chunk)
			return done + n + 1;	/* the NUL counted */
		done += chunk;
	}
	return count + 1;
}

long copy_struct_from_user(void *dst, size_t ksize, const void __user *src, size_t usize)
{
	memset(dst, 0, ksize);
	if (copy_from_user(dst, src, MIN(ksize, usize)))
		return -EFAULT;
	for (size_t off = ksize; off < usize; off++) {
		u8 byte;

		if (copy_from_user(&byte, (const u8 __user *)src + off, 1))
			return -EFAULT;
		if (byte)
			return -E2BIG;
	}
	return 0;
}
