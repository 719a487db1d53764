/* SPDX-License-Identifier: GPL-2.0 */
/* mmap(2), mprotect(2), mremap(2) and madvise(2): their protections and flags, Linux's values. */
#ifndef _UAPI_ENTRYLAB_MMAN_H
#define _UAPI_ENTRYLAB_MMAN_H

#define PROT_NONE		0x0
#define PROT_READ		0x1
#define PROT_WRITE		0x2
#define PROT_EXEC		0x4
#define PROT_SEM		0x8		/* accepted and ignored on x86 */
#define PROT_GROWSDOWN		0x01000000	/* mprotect(): to the start of a stack region */
#define PROT_GROWSUP		0x02000000

#define MAP_SHARED		0x01
#define MAP_PRIVATE		0x02
#define MAP_SHARED_VALIDATE	0x03	/* MAP_SHARED, and unknown flags are -EOPNOTSUPP */
#define MAP_TYPE		0x03
#define MAP_FIXED		0x10
#define MAP_ANONYMOUS		0x20
#define MAP_32BIT		0x40
#define MAP_GROWSDOWN		0x100
#define MAP_DENYWRITE		0x800
#define MAP_EXECUTABLE		0x1000
#define MAP_LOCKED		0x2000
#define MAP_NORESERVE		0x4000
#define MAP_POPULATE		0x8000
#define MAP_NONBLOCK		0x10000
#define MAP_STACK		0x20000
#define MAP_HUGETLB		0x40000
#define MAP_SYNC		0x80000	/* with MAP_SHARED_VALIDATE: DAX only, never here */
#define MAP_FIXED_NOREPLACE	0x100000
#define MAP_UNINITIALIZED	0x4000000	/* honoured by no Linux built for an MMU */
#define MAP_HUGE_SHIFT		26		/* MAP_HUGETLB: log2 of the page size there */
#define MAP_HUGE_MASK		0x3f
#define MAP_HUGE_2MB		(21 << MAP_HUGE_SHIFT)
#define MAP_HUGE_1GB		(30 << MAP_HUGE_SHIFT)

#define MREMAP_MAYMOVE		1
#define MREMAP_FIXED		2
#define MREMAP_DONTUNMAP	4	/* move, and leave the old range mapped and empty */

#define MADV_NORMAL		0
#define MADV_RANDOM		1
#define MADV_SEQUENTIAL		2
#define MADV_WILLNEED		3
#define MADV_DONTNEED		4
#define MADV_FREE		8
#define MADV_DONTFORK		10
#define MADV_DOFORK		11
#define MADV_MERGEABLE		12
#define MADV_UNMERGEABLE	13
#define MADV_HUGEPAGE		14
#define MADV_NOHUGEPAGE		15
#define MADV_DONTDUMP		16
#define MADV_DODUMP		17
#define MADV_WIPEONFORK		18
#define MADV_KEEPONFORK		19
#define MADV_COLD		20
#define MADV_PAGEOUT		21
#define MADV_POPULATE_READ	22
#define MADV_POPULATE_WRITE	23
#define MADV_DONTNEED_LOCKED	24

#endif
