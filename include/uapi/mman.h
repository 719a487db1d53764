/* SPDX-License-Identifier: GPL-2.0 */
/* mmap(2), mprotect(2), mremap(2) and madvise(2): their protections and flags, Linux's values. */
#ifndef _UAPI_ENTRYLAB_MMAN_H
#define _UAPI_ENTRYLAB_MMAN_H

#define PROT_NONE		0x0
#define PROT_READ		0x1
#define PROT_WRITE		0x2
#define PROT_EXEC		0x4

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
#define MAP_NORESERVE		0x4000
#define MAP_POPULATE		0x8000
#define MAP_STACK		0x20000
#define MAP_SYNC		0x80000	/* with MAP_SHARED_VALIDATE: DAX only, never here */
#define MAP_FIXED_NOREPLACE	0x100000

#define MREMAP_MAYMOVE		1
#define MREMAP_FIXED		2

#define MADV_NORMAL		0
#define MADV_RANDOM		1
#define MADV_SEQUENTIAL		2
#define MADV_WILLNEED		3
#define MADV_DONTNEED		4
#define MADV_FREE		8
#define MADV_DONTFORK		10
#define MADV_DOFORK		11
#define MADV_HUGEPAGE		14
#define MADV_NOHUGEPAGE		15
#define MADV_DONTDUMP		16
#define MADV_DODUMP		17

#endif
