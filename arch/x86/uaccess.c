// SPDX-License-Identifier: GPL-2.0
/* copy_from_user / copy_to_user: one fault-tolerant "rep movsb" each; strings on top. */
#include <asm/extable.h>
#include <asm/smap.h>
#include <asm/uaccess.h>
#include <errno.h>
#include <kernel.h>

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

unsigned long copy_from_user(void *dst, const void __user *src, unsigned long n)
{
	if (!access_ok(src, n))
		return n;
	return raw_copy(dst, (const void *)src, n);
}

unsigned long copy_to_user(void __user *dst, const void *src, unsigned long n)
{
	if (!access_ok(dst, n))
		return n;
	return raw_copy((void *)dst, src, n);
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
