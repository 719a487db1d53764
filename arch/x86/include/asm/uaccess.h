/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel access to user memory. Every user pointer is range-checked first
 * (access_ok: the whole range below TASK_SIZE_MAX, without wrap-around), so a
 * kernel or non-canonical address never reaches an instruction. The copy itself
 * runs between STAC and CLAC (SMAP) and is listed in the exception fixup table: a
 * fault on an unmapped user page ends the copy early instead of oopsing.
 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <asm/page.h>

static __always_inline bool access_ok(const void __user *addr, unsigned long size)
{
	unsigned long a = (unsigned long)addr;

	return size <= TASK_SIZE_MAX && a <= TASK_SIZE_MAX - size;
}

/* Both return the number of bytes NOT copied: 0 on success. */
unsigned long copy_from_user(void *dst, const void __user *src, unsigned long n);
unsigned long copy_to_user(void __user *dst, const void *src, unsigned long n);
/*
 * A NUL-terminated string into dst[count]: its length, NUL excluded (count: no NUL
 * in the first count bytes, dst then unterminated), or -EFAULT.
 */
long strncpy_from_user(char *dst, const char __user *src, long count);
/*
 * A user string's length with its NUL, as Linux's strnlen_user(): 0 if it
 * faults first, more than count if the first count bytes hold no NUL.
 */
long strnlen_user(const char __user *src, long count);
/*
 * An extensible structure (clone3's, ADDFD's): usize bytes of the caller's into
 * dst[ksize], as Linux's copy_struct_from_user(). A shorter one is zero-filled;
 * a longer one is taken if what this kernel does not know of is zero, else
 * -E2BIG. 0 or -EFAULT otherwise.
 */
long copy_struct_from_user(void *dst, size_t ksize, const void __user *src, size_t usize);

#endif
