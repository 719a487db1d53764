// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a static ELF64 executable, or a static-PIE one (at USER_PIE_BASE): validate
 * every header field the loader relies on, map each PT_LOAD segment with its
 * own permissions (NX unless executable, writable only if asked), and build the
 * initial stack exactly as Linux does for x86-64: argc, argv[], NULL, envp[],
 * NULL, auxv pairs, AT_NULL, then the strings and AT_RANDOM's 16 bytes above
 * them, RSP 16-byte aligned.
 */
#include <asm/cpufeature.h>
#include <asm/uaccess.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <cmdline.h>
#include <elf.h>
#include <mm.h>
#include <errno.h>
#include <pmm.h>
#include <random.h>
#include <sched.h>
#include <string.h>
#include <uapi/prctl.h>
#include <uapi/rseq.h>
#include <user_layout.h>
#include <vdso.h>

#define MAX_PHNUM	32
#define MAX_SEGMENT	(256UL << 20)	/* larger than this is absurd for entrylab */

/*
 * Copies len bytes to user address va of mm (not yet any task's), the pages
 * faulted in as a debugger's write would: read-only text too. 0 or -EIO (out of
 * memory). The write only reads src.
 */
static int copy_to_mm(struct mm *mm, unsigned long va, const void *src, size_t len)
{
	return access_remote_vm(mm, va, (void *)src, len, FOLL_WRITE | FOLL_FORCE);
}

/* An executable's headers, ELF32 ones widened to ELF64's fields. */
struct elf_headers {
	struct elf64_ehdr eh;
	struct elf64_phdr ph[MAX_PHNUM];
	bool ia32;		/* an i386 program: compat mode, 4 GiB */
};

/* The fields whose meaning the class does not change, once widened. */
static const char *check_ehdr(const struct elf_headers *h, size_t size)
{
	const struct elf64_ehdr *eh = &h->eh;

	if (eh->e_ident[5] != ELFDATA2LSB || eh->e_ident[6] != EV_CURRENT)
		return "not a little-endian ELF version 1 file";
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return "not an executable (e_type is neither ET_EXEC nor ET_DYN)";
	if (eh->e_machine != (h->ia32 ? EM_386 : EM_X86_64))
		return h->ia32 ? "not an i386 executable (a 32-bit ELF file, wrong machine)" :
				 "not an x86-64 executable (wrong machine)";
	if (eh->e_phentsize != (h->ia32 ? sizeof(struct elf32_phdr) : sizeof(struct elf64_phdr)))
		return "program header entries have the wrong size";
	if (eh->e_phnum == 0 || eh->e_phnum > MAX_PHNUM)
		return "absurd number of program headers";
	if (eh->e_phoff > size || size - eh->e_phoff < (u64)eh->e_phnum * eh->e_phentsize)
		return "program headers outside the file";
	return NULL;
}

static void widen_phdr(struct elf64_phdr *ph, const struct elf32_phdr *p)
{
	*ph = (struct elf64_phdr){
		.p_type = p->p_type, .p_flags = p->p_flags, .p_offset = p->p_offset,
		.p_vaddr = p->p_vaddr, .p_paddr = p->p_paddr, .p_filesz = p->p_filesz,
		.p_memsz = p->p_memsz, .p_align = p->p_align,
	};
}

/* h filled from image: the class decides the layout, and nothing past here reads it. */
static const char *read_headers(const void *image, size_t size, struct elf_headers *h)
{
	const struct elf32_ehdr *eh32 = image;
	const char *err;

	if (size < sizeof(*eh32) || memcmp(eh32->e_ident, "\177ELF", 4))
		return "not an ELF file (bad magic)";
	if (eh32->e_ident[4] != ELFCLASS32 && eh32->e_ident[4] != ELFCLASS64)
		return "neither a 32-bit nor a 64-bit ELF file (wrong class)";
	h->ia32 = eh32->e_ident[4] == ELFCLASS32;
	if (h->ia32) {
		h->eh = (struct elf64_ehdr){
			.e_type = eh32->e_type, .e_machine = eh32->e_machine,
			.e_entry = eh32->e_entry, .e_phoff = eh32->e_phoff,
			.e_phentsize = eh32->e_phentsize, .e_phnum = eh32->e_phnum,
		};
		memcpy(h->eh.e_ident, eh32->e_ident, EI_NIDENT);
	} else if (size < sizeof(h->eh)) {
		return "not an ELF file (truncated header)";
	} else {
		memcpy(&h->eh, image, sizeof(h->eh));
	}
	err = check_ehdr(h, size);
	if (err)
		return err;
	for (unsigned int i = 0; i < h->eh.e_phnum; i++) {
		const void *raw = (const u8 *)image + h->eh.e_phoff + i * h->eh.e_phentsize;

		if (h->ia32)
			widen_phdr(&h->ph[i], raw);
		else
			memcpy(&h->ph[i], raw, sizeof(h->ph[i]));
	}
	return NULL;
}

/*
 * Where the image's addresses start: 0 for ET_EXEC, linked where it runs; for a
 * static-PIE (ET_DYN, no interpreter), which relocates itself at start, a fixed
 * base, Linux's ELF_ET_DYN_BASE without address-space randomization.
 */
static unsigned long load_bias(const struct elf_headers *h)
{
	if (h->eh.e_type != ET_DYN)
		return 0;
	return h->ia32 ? COMPAT_PIE_BASE : USER_PIE_BASE;
}

/* Where the program's segments must end: below 16 TiB of its base, below the mmap area for i386. */
static unsigned long segment_limit(const struct elf_headers *h)
{
	return h->ia32 ? COMPAT_MMAP_TOP : load_bias(h) + USER_SEGMENT_LIMIT;
}

static const char *check_segments(const struct elf_headers *h, size_t size)
{
	unsigned long bias = load_bias(h), limit = segment_limit(h);
	const struct elf64_ehdr *eh = &h->eh;
	bool entry_ok = false;
	unsigned int loads = 0;

	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		const struct elf64_phdr *p = &h->ph[i];

		if (p->p_type == PT_INTERP)
			return "a dynamically linked executable (PT_INTERP): "
			       "entrylab has no dynamic loader, "
			       "link it with -static or -static-pie";
		if (p->p_type != PT_LOAD)
			continue;
		loads++;
		if (p->p_filesz > p->p_memsz)
			return "segment file size exceeds its memory size";
		if (p->p_memsz > MAX_SEGMENT)
			return "segment absurdly large";
		if (p->p_offset > size || size - p->p_offset < p->p_filesz)
			return "segment data outside the file";
		if (p->p_vaddr >= limit - bias || p->p_vaddr + bias < USER_MIN_ADDR ||
		    limit - (p->p_vaddr + bias) < p->p_memsz)
			return "segment outside the user program area (kernel, NULL page, stack)";
		if ((p->p_vaddr & ~PAGE_MASK) != (p->p_offset & ~PAGE_MASK))
			return "segment offset and address disagree modulo the page size";
		for (unsigned int j = 0; j < i; j++) {
			const struct elf64_phdr *q = &h->ph[j];

			if (q->p_type == PT_LOAD && p->p_vaddr < q->p_vaddr + q->p_memsz &&
			    q->p_vaddr < p->p_vaddr + p->p_memsz)
				return "segments overlap";
		}
		if ((p->p_flags & PF_X) && eh->e_entry >= p->p_vaddr &&
		    eh->e_entry < p->p_vaddr + p->p_memsz)
			entry_ok = true;
	}
	if (!loads)
		return "no loadable segment";
	if (!entry_ok)
		return "entry point outside every executable segment";
	return NULL;
}

static const char *load_segments(struct mm *mm, const u8 *image, const struct elf_headers *h)
{
	unsigned long end = 0, bias = load_bias(h);

	for (unsigned int i = 0; i < h->eh.e_phnum; i++) {
		const struct elf64_phdr *p = &h->ph[i];
		unsigned long va = p->p_vaddr + bias;
		unsigned long flags = VM_MAY_ALL | VM_IMAGE | (p->p_flags & PF_R ? VM_READ : 0) |
				      (p->p_flags & PF_W ? VM_WRITE : 0) |
				      (p->p_flags & PF_X ? VM_EXEC : 0);

		if (p->p_type != PT_LOAD)
			continue;
		/* The bss past the file's bytes is faulted in zeroed when first touched. */
		if (mm_map_anon(mm, va, va + p->p_memsz, flags) ||
		    copy_to_mm(mm, va, image + p->p_offset, p->p_filesz))
			return "out of memory loading a segment";
		end = MAX(end, va + p->p_memsz);
	}
	mm->brk_start = mm->brk = ALIGN_UP(end, PAGE_SIZE);
	return NULL;
}

/* Where the program headers are in user memory, for AT_PHDR. */
static unsigned long phdr_address(const struct elf_headers *h)
{
	const struct elf64_ehdr *eh = &h->eh;
	const struct elf64_phdr *ph = h->ph;

	for (unsigned int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_PHDR)
			return ph[i].p_vaddr + load_bias(h);
	for (unsigned int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD && eh->e_phoff >= ph[i].p_offset &&
		    eh->e_phoff < ph[i].p_offset + ph[i].p_filesz)
			return ph[i].p_vaddr + (eh->e_phoff - ph[i].p_offset) + load_bias(h);
	return 0;
}

#define NR_AUXV		20	/* AT_* entries setup_stack() writes at most, with AT_NULL */

/*
 * One string of a new program to va in mm, no more than room bytes with its
 * NUL: from the caller's memory if user (measured again, as another thread may
 * have changed it since), else the kernel's. Its bytes, or -EFAULT, -E2BIG.
 */
static long put_string(struct mm *mm, unsigned long va, unsigned long room, const char *s,
		       bool user)
{
	char buf[256];
	long len;

	if (!user) {
		len = strlen(s) + 1;
		return len > (long)room ? -E2BIG : copy_to_mm(mm, va, s, len) ? : len;
	}
	len = strnlen_user((const char __user *)s, MAX_ARG_STRLEN);
	if (!len)
		return -EFAULT;
	if (len > MAX_ARG_STRLEN || len > (long)room)
		return -E2BIG;
	for (long off = 0; off < len; off += sizeof(buf)) {
		size_t n = MIN((size_t)(len - off), sizeof(buf));

		if (copy_from_user(buf, (const char __user *)s + off, n))
			return -EFAULT;
		if (off + (long)n == len)
			buf[n - 1] = '\0';	/* it ends where it was measured to */
		if (copy_to_mm(mm, va + off, buf, n))
			return -ENOMEM;
	}
	return len;
}

/*
 * The strings of argv (env false) or envp into mm from *va up to end, each
 * one's address a word of size word from words up, then a NULL word. 0, or
 * -EFAULT, -E2BIG from put_string().
 */
static long put_strings(struct mm *mm, const struct exec_strings *str, bool env,
			unsigned long *va, unsigned long end, unsigned long words,
			unsigned int word)
{
	unsigned int n = env ? str->envc : str->argc;
	u64 zero = 0;

	for (unsigned int i = 0; i < n; i++) {
		const void *array = env ? str->envp : str->argv;
		const char *s;
		u64 addr = *va;
		long len = exec_string(str, env, i, &s);

		if (!len)	/* a NULL array's "" is the kernel's */
			len = put_string(mm, *va, end - *va, s, str->user && array);
		if (len < 0)
			return len;
		*va += len;
		copy_to_mm(mm, words + i * word, &addr, word);
	}
	copy_to_mm(mm, words + n * word, &zero, word);
	return 0;
}

/*
 * The initial stack, Linux's layout: from its top down a pointer's gap, the
 * strings (argv's, envp's, the file name), AT_RANDOM's 16 bytes, then from the
 * stack pointer up argc, argv[], NULL, envp[], NULL and the auxv pairs, in words
 * of 32 bits for an i386 program. The mapping is the strings' pages and
 * USER_STACK_SIZE below them, as Linux's setup_arg_pages() adds its
 * stack_expand, or down to the stack pointer if the pointers need more.
 */
static const char *setup_stack(struct mm *mm, const struct elf_headers *h,
			       struct exec_strings *str, unsigned long *sp)
{
	unsigned long auxv[2 * NR_AUXV], stack_top = mm_stack_top(mm), top, strings, random, words;
	unsigned int n = 0, execfn, word = h->ia32 ? sizeof(u32) : sizeof(u64);
	unsigned long nwords = 1 + str->argc + 1 + str->envc + 1;
	u64 rnd[2], argc = str->argc;
	long err;

	top = stack_top - sizeof(void *);
	strings = top - str->size;
	random = ALIGN_DOWN(strings - sizeof(rnd), 16);

#define AUX(type, val) do { auxv[n++] = (type); auxv[n++] = (val); } while (0)
	/* An i386 program's vDSO is the 32-bit one, whose __kernel_vsyscall it calls. */
	if (h->ia32)
		AUX(AT_SYSINFO, mm->vdso + vdso32_sym.vsyscall);
	AUX(AT_SYSINFO_EHDR, mm->vdso);
	AUX(AT_PHDR, phdr_address(h));
	AUX(AT_PHENT, h->eh.e_phentsize);
	AUX(AT_PHNUM, h->eh.e_phnum);
	AUX(AT_PAGESZ, PAGE_SIZE);
	AUX(AT_BASE, 0);		/* no interpreter */
	AUX(AT_ENTRY, h->eh.e_entry + load_bias(h));
	AUX(AT_UID, 0);
	AUX(AT_EUID, 0);
	AUX(AT_GID, 0);
	AUX(AT_EGID, 0);
	AUX(AT_SECURE, 0);
	AUX(AT_CLKTCK, 100);
	AUX(AT_HWCAP2, boot_cpu.fsgsbase ? HWCAP2_FSGSBASE : 0);
	AUX(AT_RANDOM, random);
	execfn = n + 1;			/* AT_EXECFN's value: set once the strings are there */
	AUX(AT_EXECFN, 0);
	AUX(AT_MINSIGSTKSZ, sigframe_max_size());
	AUX(AT_RSEQ_FEATURE_SIZE, RSEQ_FEATURE_SIZE);
	AUX(AT_RSEQ_ALIGN, __alignof__(struct rseq));
	AUX(AT_NULL, 0);
#undef AUX

	/* The stack pointer points at argc and is 16-byte aligned, as both ABIs want at _start. */
	*sp = ALIGN_DOWN(random - (nwords + n) * word, 16);
	/* A region that grows down as faults reach below it (kernel/mm/mm.c). */
	if (mm_map_anon(mm, MIN(ALIGN_DOWN(strings, PAGE_SIZE) - USER_STACK_SIZE,
				ALIGN_DOWN(*sp, PAGE_SIZE)), stack_top,
			VM_READ | VM_WRITE | VM_MAY_ALL | VM_GROWSDOWN))
		return "out of memory for the stack";
	words = *sp + word;
	err = put_strings(mm, str, false, &strings, top, words, word);
	if (!err)
		err = put_strings(mm, str, true, &strings, top, words + (str->argc + 1) * word,
				  word);
	if (!err) {
		auxv[execfn] = strings;
		err = put_string(mm, strings, top - strings, str->execfn, false);
	}
	if (err < 0) {
		str->err = err;
		return "a string of argv or envp faulted or outgrew its room";
	}
	get_random_bytes(rnd, sizeof(rnd));
	err = copy_to_mm(mm, random, rnd, sizeof(rnd)) | copy_to_mm(mm, *sp, &argc, word);
	for (unsigned int i = 0; i < n; i++)
		err |= copy_to_mm(mm, words + (nwords - 1 + i) * word, &auxv[i], word);
	mm->start_stack = *sp;
	return err ? "out of memory for the stack" : NULL;
}

const char *exec_check(const void *image, size_t size)
{
	struct elf_headers h;

	return read_headers(image, size, &h) ? : check_segments(&h, size);
}

const char *exec_load(struct mm *mm, const void *image, size_t size,
		      struct exec_strings *str, unsigned long *ip, unsigned long *sp)
{
	struct elf_headers h;
	const char *err;

	err = read_headers(image, size, &h) ? : check_segments(&h, size);
	if (err)
		return err;
	mm->ia32 = h.ia32;
	err = load_segments(mm, image, &h);
	if (!err && vdso_map(mm))
		err = "out of memory for the vDSO";
	if (!err)
		err = setup_stack(mm, &h, str, sp);
	if (err)
		return err;
	mm->mmap_base = h.ia32 ? COMPAT_MMAP_TOP : USER_MMAP_TOP;
	mm->exe = image;
	mm->exe_size = size;
	*ip = h.eh.e_entry + load_bias(&h);
	return NULL;
}

const char *exec_image(struct task *t, const void *image, size_t size, const char *args)
{
	static const char *const envp_init[] = { "HOME=/", "TERM=linux" };
	const char *argv[EXEC_MAX_ARGS];
	struct exec_strings str = { .argv = argv, .envp = envp_init,
				    .envc = ARRAY_SIZE(envp_init) };
	unsigned long ip, sp;
	phys_addr_t scratch;
	const char *err;
	char *p, *word;

	if (strlen(args) > EXEC_ARGS_MAX)
		return "arguments too long (more than " __stringify(EXEC_ARGS_MAX) " characters)";
	scratch = alloc_frame();
	if (!scratch)
		return "out of memory for the arguments";
	/* The words of args, split and unquoted as the kernel command line is. */
	p = phys_to_virt(scratch);
	strlcpy(p, args, PAGE_SIZE);
	err = NULL;
	while (!err && (word = cmdline_next_word(&p))) {
		if (str.argc == EXEC_MAX_ARGS)
			err = "too many arguments (more than " __stringify(EXEC_MAX_ARGS) ")";
		else
			argv[str.argc++] = word;
	}
	str.execfn = str.argc ? argv[0] : "";
	if (!str.argc) {
		str.argv = NULL;		/* one empty argv[0], as execve() gives */
		str.argc = 1;
	}
	for (unsigned int i = 0; i < str.argc; i++)
		str.size += str.argv ? strlen(argv[i]) + 1 : 1;
	for (unsigned int i = 0; i < str.envc; i++)
		str.size += strlen(envp_init[i]) + 1;
	str.size += strlen(str.execfn) + 1;
	if (!err)
		err = exec_load(t->mm, image, size, &str, &ip, &sp);
	free_frame(scratch);
	if (!err)
		task_start(t, ip, sp);
	return err;
}
