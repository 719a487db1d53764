// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests for the ELF loader: a minimal valid executable built in memory runs
 * and exits 0; each corruption of one field is refused with its own reason.
 */
#include <elf.h>
#include <init.h>
#include <sched.h>
#include <selftest.h>
#include <string.h>

#define CODE_OFFSET	0x1000
#define CODE_VADDR	0x401000UL

static u8 image[2 * 4096] __aligned(4096);

/* mov $60, %eax; mov $7, %edi; syscall: exit(7). */
static const u8 exit7[] = { 0xb8, 60, 0, 0, 0, 0xbf, 7, 0, 0, 0, 0x0f, 0x05 };

static struct elf64_ehdr *build(void)
{
	struct elf64_ehdr *eh = (void *)image;
	struct elf64_phdr *ph = (void *)(image + sizeof(*eh));

	memset(image, 0, sizeof(image));
	memcpy(eh->e_ident, "\177ELF", 4);
	eh->e_ident[4] = ELFCLASS64;
	eh->e_ident[5] = ELFDATA2LSB;
	eh->e_ident[6] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_entry = CODE_VADDR;
	eh->e_phoff = sizeof(*eh);
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(*ph);
	eh->e_phnum = 2;
	ph[0] = (struct elf64_phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_X,
		.p_offset = CODE_OFFSET, .p_vaddr = CODE_VADDR, .p_filesz = sizeof(exit7),
		.p_memsz = sizeof(exit7), .p_align = 4096 };
	ph[1] = (struct elf64_phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_W,
		.p_offset = 0, .p_vaddr = 0x600000, .p_filesz = 0, .p_memsz = 0x2000,
		.p_align = 4096 };
	memcpy(image + CODE_OFFSET, exit7, sizeof(exit7));
	return eh;
}

/* NULL if the image runs, else the loader's reason. Exit status in *status. */
static const char *try_exec(int *status)
{
	struct task *tsk = task_create_process("elftest");
	const char *err;

	if (!tsk)
		return "no task";
	err = exec_image(tsk, image, sizeof(image), "elftest");
	if (!err) {
		task_run_to_exit(tsk);
		*status = WEXITSTATUS(tsk->exit_code);
	}
	task_free(tsk);
	return err;
}

SELFTEST(elf, minimal_executable_runs)
{
	int status = -1;
	const char *err;

	build();
	err = try_exec(&status);
	EXPECT_TRUE(t, err == NULL);
	EXPECT_EQ(t, status, 7);
}

#define EXPECT_REFUSED(t, mutation, reason)					\
	do {									\
		struct elf64_ehdr *eh = build();				\
		struct elf64_phdr *ph = (void *)(image + sizeof(*eh));		\
		const char *err;						\
		int status;							\
		(void)ph;							\
		mutation;							\
		err = try_exec(&status);					\
		if (!err || !strstr(err, reason))				\
			test_fail(t, __FILE__, __LINE__, "%s: got \"%s\", want \"%s\"", \
				  #mutation, err ? err : "accepted", reason);	\
	} while (0)

SELFTEST(elf, bad_headers_refused)
{
	EXPECT_REFUSED(t, eh->e_ident[1] = 'X', "bad magic");
	EXPECT_REFUSED(t, eh->e_ident[4] = 3, "wrong class");
	EXPECT_REFUSED(t, eh->e_ident[4] = ELFCLASS32, "not an i386 executable");
	EXPECT_REFUSED(t, eh->e_machine = 3, "wrong machine");
	EXPECT_REFUSED(t, eh->e_type = 1, "not an executable");		/* ET_REL */
	EXPECT_REFUSED(t, eh->e_phnum = 0, "number of program headers");
	EXPECT_REFUSED(t, eh->e_phoff = sizeof(image) - 8, "program headers outside");
	EXPECT_REFUSED(t, eh->e_phentsize = 32, "wrong size");
}

SELFTEST(elf, bad_segments_refused)
{
	EXPECT_REFUSED(t, ph[0].p_vaddr = 0xffffffff80000000UL, "outside the user");
	EXPECT_REFUSED(t, ph[0].p_vaddr = 0, "outside the user");
	EXPECT_REFUSED(t, ph[1].p_vaddr = CODE_VADDR, "overlap");
	EXPECT_REFUSED(t, ph[0].p_memsz = 1UL << 40, "absurdly large");
	EXPECT_REFUSED(t, ph[0].p_filesz = 64, "exceeds its memory size");
	EXPECT_REFUSED(t, ph[0].p_offset = sizeof(image), "outside the file");
	EXPECT_REFUSED(t, eh->e_entry = 0x600000, "entry point outside");
	EXPECT_REFUSED(t, ph[0].p_flags = PF_R, "entry point outside");
	EXPECT_REFUSED(t, ph[0].p_type = ph[1].p_type = 4, "no loadable segment");
}
