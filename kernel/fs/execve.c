// SPDX-License-Identifier: GPL-2.0
/*
 * execve(2): the calling process becomes a new program, as Linux's fs/exec.c.
 *
 * entrylab has no filesystem. The one file a process can name is the executable
 * it runs, as "/proc/self/exe", Linux's link to it: what a program that re-runs
 * itself passes (Linux's ldt_gdt selftest checks so that an LDT is not
 * inherited). Every other path is -ENOENT, as for a file that is not there, so
 * that a runtime's fallbacks (a shell's 127) work.
 *
 * The order is Linux's. Everything that can fail happens first, while the old
 * program can still be returned to: the strings are copied in, the file is
 * checked, and the new address space is built in full (exec_load()) beside the
 * old one. Then the point of no return: the other threads end (de_thread()),
 * the new mm replaces the old (exec_mmap()), and what a program must not
 * inherit is reset: close-on-exec descriptors (a table shared with another
 * process is copied first), handlers (SIG_IGN stays), the alternate stack,
 * FS/GS, the FPU, breakpoints, the LDT (it belongs to the old mm). The pid,
 * parent, children, the other descriptors, signal mask and pending signals,
 * rlimits, ports and the tracer stay.
 * A traced process then gets a SIGTRAP, Linux's report of an exec to a tracer
 * that did not ask for PTRACE_EVENT_EXEC.
 *
 * Left out: execve() from a thread other than the first of a process that has
 * others (Linux moves the first thread's pid to the caller; here -EINVAL), and
 * execveat().
 */
#include <asm/mmu_context.h>
#include <asm/uaccess.h>
#include <capability.h>
#include <compat.h>
#include <elf.h>
#include <errno.h>
#include <file.h>
#include <mm.h>
#include <pmm.h>
#include <rseq.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <syscalls.h>
#include <timers.h>

#define SELF_EXE	"/proc/self/exe"

/* Where execve()'s strings go: one page, handed out from the bottom. */
struct string_page {
	char *next, *end;
};

/* One user string into the page: 0, -EFAULT, or -E2BIG when the page is full. */
static long copy_string(struct string_page *sp, const char __user *u, const char **out)
{
	long len = strncpy_from_user(sp->next, u, sp->end - sp->next);

	if (len < 0)
		return len;
	if (len == sp->end - sp->next)
		return -E2BIG;
	*out = sp->next;
	sp->next += len + 1;
	return 0;
}

/* The nth pointer of a user array, 32 bits wide in an i386 call's. 0 or -EFAULT. */
static long get_user_pointer(const void __user *array, unsigned int n, const char __user **p)
{
	compat_uptr_t p32;

	if (!in_ia32_syscall())
		return copy_from_user(p, (const char __user *const __user *)array + n,
				      sizeof(*p)) ? -EFAULT : 0;
	if (copy_from_user(&p32, (const compat_uptr_t __user *)array + n, sizeof(p32)))
		return -EFAULT;
	*p = compat_ptr(p32);
	return 0;
}

/* A NULL-terminated user array of strings (NULL itself: none), as argv and envp. */
static long copy_strings(struct string_page *sp, const void __user *u, const char **out,
			 unsigned int *n)
{
	for (*n = 0; u; (*n)++) {
		const char __user *s;
		long err;

		if (get_user_pointer(u, *n, &s))
			return -EFAULT;
		if (!s)
			return 0;
		if (*n == EXEC_MAX_ARGS)
			return -E2BIG;
		err = copy_string(sp, s, &out[*n]);
		if (err)
			return err;
	}
	return 0;
}

/*
 * The new mm in, the old out: loaded as a context switch loads one, the old one
 * first released (a vfork parent goes on, CLONE_CHILD_CLEARTID's word
 * is written while the old mm is still loaded) and put.
 */
static void exec_mmap(struct task *t, struct mm *mm)
{
	struct mm *old = t->mm;
	unsigned long flags;

	rseq_mm_release(t);
	mm_release(t, old);
	tasklist_lock(&flags);		/* as exit_mm(): t->mm changes under the lock */
	switch_mm_irqoff(mm);
	t->mm = mm;
	tasklist_unlock(flags);
	mm_put(old);
}

/* The file name's last component, for messages (Linux's comm: "exe" here). */
static const char *basename(const char *path)
{
	const char *slash;

	while ((slash = strchr(path, '/')))
		path = slash + 1;
	return path;
}

/* execve(path, argv, envp). */
long sys_execve(struct pt_regs *regs)
{
	struct task *t = current;
	struct exec_strings str = {};
	struct string_page sp;
	struct sighand *spare = NULL;
	struct mm *mm = NULL;
	unsigned long ip, usp;
	phys_addr_t page;
	const void *image;
	size_t size;
	long err;

	page = alloc_frame();
	if (!page)
		return -ENOMEM;
	sp = (struct string_page){ phys_to_virt(page), (char *)phys_to_virt(page) + PAGE_SIZE };
	err = copy_string(&sp, (const char __user *)regs->di, &str.execfn);
	if (!err)
		err = copy_strings(&sp, (const void __user *)regs->si, str.argv, &str.argc);
	if (!err)
		err = copy_strings(&sp, (const void __user *)regs->dx, str.envp, &str.envc);
	if (err)
		goto out;
	image = t->mm->exe;
	size = t->mm->exe_size;
	err = -ENOENT;			/* no filesystem: nothing else is there */
	if (strcmp(str.execfn, SELF_EXE) || !image)
		goto out;
	err = -ENOEXEC;
	if (exec_check(image, size))
		goto out;
	err = -EINVAL;			/* left out: see the top of this file */
	if (!thread_group_leader(t) && READ_ONCE(t->signal->live) > 1)
		goto out;
	err = -ENOMEM;
	mm = mm_alloc();
	spare = sighand_alloc();
	if (!mm || !spare || exec_load(mm, image, size, &str, &ip, &usp))
		goto out;
	err = de_thread();
	if (err)
		goto out;

	/* The point of no return: the old program is gone. */
	exec_mmap(t, mm);
	if (files_exec(t))
		do_group_exit(W_EXITCODE(0, SIGSEGV));	/* as Linux past this point */
	flush_signal_handlers(t, spare);
	flush_thread(t);
	syscall_user_dispatch_clear(t);
	caps_exec(t);
	posix_timers_exec(t->signal);
	strlcpy(t->name, basename(str.execfn), sizeof(t->name));
	start_thread(t, ip, usp);
	if (READ_ONCE(t->ptrace.tracer)) {
		struct ksiginfo info = { .code = SI_USER, .pid = t->tgid };
		unsigned long flags;

		tasklist_lock(&flags);
		send_signal(t, SIGTRAP, &info, false);
		tasklist_unlock(flags);
	}
	free_frame(page);
	return 0;

out:
	if (mm)
		mm_put(mm);
	if (spare)
		sighand_put(spare);
	free_frame(page);
	return err;
}
