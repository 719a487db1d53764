/* SPDX-License-Identifier: GPL-2.0 */
/* include/compiler.h - attributes and helpers every file uses. */
#ifndef _ENTRYLAB_COMPILER_H
#define _ENTRYLAB_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef u64 phys_addr_t;

#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __noreturn		__attribute__((__noreturn__))
#define __packed		__attribute__((__packed__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __section(s)		__attribute__((__section__(s)))
#define __used			__attribute__((__used__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
/* A user-space pointer: only copy_*_user() and friends may dereference it. */
#define __user
#define __maybe_unused		__attribute__((__unused__))
/* A switch case that goes on into the next on purpose. */
#define fallthrough		__attribute__((__fallthrough__))

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define barrier()		asm volatile("" ::: "memory")
/* A full barrier: no load moves above an earlier store (x86 reorders only that). */
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define READ_ONCE(x)		(*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a)		(((x) + (a) - 1) & ~((typeof(x))(a) - 1))
#define ALIGN_DOWN(x, a)	((x) & ~((typeof(x))(a) - 1))
#define MIN(a, b)		((a) < (b) ? (a) : (b))
#define MAX(a, b)		((a) > (b) ? (a) : (b))
#define ABS(x)			((x) < 0 ? -(x) : (x))
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define U8_MAX			0xff
#define U32_MAX			0xffffffffU
#define INT_MIN			(-2147483647 - 1)
#define container_of(p, type, member) \
	((type *)((char *)(p) - offsetof(type, member)))

/*
 * array_index_nospec - clamp idx to [0, size) without a branch the CPU could
 * predict wrongly: a mispredicted bounds check must not let a speculative load
 * use an out-of-range, user-chosen index (Spectre v1). Returns 0 when idx >= size.
 */
static inline unsigned long array_index_nospec(unsigned long idx, unsigned long size)
{
	unsigned long mask;

	asm("cmp %2, %1\n\tsbb %0, %0" : "=r"(mask) : "r"(idx), "r"(size) : "cc");
	return idx & mask;
}

#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)

#endif
