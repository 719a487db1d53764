/* SPDX-License-Identifier: GPL-2.0 */
/* ELF64 and ELF32 structures and the loader's interface. */
#ifndef _ENTRYLAB_ELF_H
#define _ENTRYLAB_ELF_H

#include <asm/page.h>
#include <compiler.h>
#include <user_layout.h>

#define EI_NIDENT	16
#define ELFCLASS32	1
#define ELFCLASS64	2
#define ELFDATA2LSB	1
#define EV_CURRENT	1
#define ET_EXEC		2
#define ET_DYN		3
#define EM_386		3
#define EM_X86_64	62
#define PT_LOAD		1
#define PT_DYNAMIC	2
#define PT_INTERP	3
#define PT_PHDR		6
#define PF_X		1
#define PF_W		2
#define PF_R		4

#define AT_NULL		0
#define AT_PHDR		3
#define AT_PHENT	4
#define AT_PHNUM	5
#define AT_PAGESZ	6
#define AT_BASE		7
#define AT_ENTRY	9
#define AT_UID		11
#define AT_EUID		12
#define AT_GID		13
#define AT_EGID		14
#define AT_CLKTCK	17
#define AT_HWCAP2	26	/* HWCAP2_* (uapi/prctl.h) */
#define AT_SECURE	23
#define AT_SYSINFO	32	/* i386: the vDSO's __kernel_vsyscall */
#define AT_RANDOM	25
#define AT_RSEQ_FEATURE_SIZE 27	/* the struct rseq fields the kernel keeps current */
#define AT_RSEQ_ALIGN	28	/* the alignment rseq(2) wants of the area */
#define AT_EXECFN	31
#define AT_SYSINFO_EHDR	33	/* the vDSO's ELF header */
#define AT_MINSIGSTKSZ	51	/* the stack a signal delivery needs */

/* The file header: the same fields in both classes, addresses and offsets as wide as the class. */
#define ELF_EHDR(name, addr_t)						\
	struct name {							\
		u8 e_ident[EI_NIDENT];					\
		u16 e_type;						\
		u16 e_machine;						\
		u32 e_version;						\
		addr_t e_entry;						\
		addr_t e_phoff;						\
		addr_t e_shoff;						\
		u32 e_flags;						\
		u16 e_ehsize;						\
		u16 e_phentsize;					\
		u16 e_phnum;						\
		u16 e_shentsize;					\
		u16 e_shnum;						\
		u16 e_shstrndx;						\
	}
ELF_EHDR(elf64_ehdr, u64);
/* An i386 program's: the loader widens its headers to the ELF64 ones. */
ELF_EHDR(elf32_ehdr, u32);
#undef ELF_EHDR

struct elf64_phdr {
	u32 p_type;
	u32 p_flags;
	u64 p_offset;
	u64 p_vaddr;
	u64 p_paddr;
	u64 p_filesz;
	u64 p_memsz;
	u64 p_align;
};

/* An i386 program's program header: its fields in another order. */
struct elf32_phdr {
	u32 p_type;
	u32 p_offset;
	u32 p_vaddr;
	u32 p_paddr;
	u32 p_filesz;
	u32 p_memsz;
	u32 p_flags;
	u32 p_align;
};

/* The dynamic section and symbols: what a lookup in the vDSO reads (user/lib/vdso.c). */
#define DT_NULL		0
#define DT_HASH		4
#define DT_STRTAB	5
#define DT_SYMTAB	6

struct elf64_dyn {
	s64 d_tag;
	u64 d_val;
};

struct elf64_sym {
	u32 st_name;
	u8 st_info;
	u8 st_other;
	u16 st_shndx;
	u64 st_value;
	u64 st_size;
};

struct task;
struct mm;

/* Linux's bounds on execve()'s strings (linux/binfmts.h); the whole is bounded by RLIMIT_STACK. */
#define MAX_ARG_STRLEN	((long)PAGE_SIZE * 32)	/* one string's bytes, its NUL included */
#define MAX_ARG_STRINGS	0x7fffffff		/* argc, and envc */

/*
 * A new program's strings: argc and envc of them, from arrays of pointers in the
 * caller's memory (execve(); 32-bit pointers in an i386 call) if user, else in
 * the kernel's (init's). An argv of NULL is one empty string, the argv[0] Linux
 * gives an execve() without one.
 */
struct exec_strings {
	unsigned int argc, envc;
	const void *argv, *envp;
	bool user;
	unsigned long size;		/* every string's bytes, NULs included, execfn's too */
	const char *execfn;		/* AT_EXECFN: the file's name as execve() had it */
	long err;			/* a user string's -EFAULT or -E2BIG in exec_load() */
};

/*
 * The ith string of str's argv (or envp): its address, in the caller's memory if
 * str->user; -EFAULT if its pointer faults.
 */
long exec_string(const struct exec_strings *str, bool env, unsigned int i, const char **s);

/*
 * Is image a static executable entrylab can run, an x86-64 (ELF64) or an i386
 * (ELF32) one? NULL, or a one-line reason.
 */
const char *exec_check(const void *image, size_t size);

/**
 * exec_load - build a program's address space
 * @mm: empty (mm_alloc())
 * @image: the file, in kernel memory that outlives every process (a boot module):
 *	   @mm keeps pointing to it, for execve("/proc/self/exe")
 * @size: its length
 * @str: its argv and environment; @str->err set if a user string fails
 * @ip: set to its entry point
 * @sp: set to its initial stack pointer, at argc
 *
 * Returns NULL on success, else a one-line reason; @mm is then partly filled.
 */
const char *exec_load(struct mm *mm, const void *image, size_t size,
		      struct exec_strings *str, unsigned long *ip, unsigned long *sp);

/**
 * exec_image - load a static executable into a new task and start it
 * @t: from task_create(), with an empty address space
 * @image: the file, in kernel memory
 * @size: its length
 * @args: "argv0 arg1 arg2 ...", split at spaces; the environment is HOME and TERM
 *
 * Returns NULL on success, else a one-line reason the file was refused.
 */
const char *exec_image(struct task *t, const void *image, size_t size, const char *args);

#endif
