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
#include <uapi/limits.h>
#include <uapi/resource.h>

#define SELF_EXE	"/proc/self/exe"

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

long exec_string(const struct exec_strings *str, bool env, unsigned int i, const char **s)
{
	const void *array = env ? str->envp : str->argv;

	if (!array) {
		*s = "";		/* argv[0] of an execve() without one: kernel memory */
		return 0;
	}
	if (str->user)
		return get_user_pointer(array, i, s);
	*s = ((const char *const *)array)[i];
	return 0;
}

/*
 * The strings of a NULL-terminated user array (NULL itself: none), counted, as
 * Linux's count(): 0 or -EFAULT, -E2BIG past MAX_ARG_STRINGS, -ERESTARTNOHAND
 * when killed meanwhile.
 */
static long count_strings(const void __user *array, unsigned int *n)
{
	const char __user *s;

	for (*n = 0; array; (*n)++) {
		if (get_user_pointer(array, *n, &s))
			return -EFAULT;
		if (!s)
			return 0;
		if (*n == MAX_ARG_STRINGS)
			return -E2BIG;
		if (fatal_signal_pending(current))
			return -ERESTARTNOHAND;
	}
	return 0;
}

/*
 * Linux's bprm_stack_limits(): the bytes the strings may take, a quarter of
 * RLIMIT_STACK but no more than 3/4 of Linux's default stack and no less than
 * ARG_MAX, less the pointers to them (argv[0] always counted); -E2BIG if none.
 */
static long strings_limit(const struct exec_strings *str, unsigned long *limit)
{
	unsigned long ptrs = ((unsigned long)MAX(str->argc, 1) + str->envc) * sizeof(void *);
	unsigned long rlim = READ_ONCE(current->signal->rlim[RLIMIT_STACK].cur);

	*limit = MIN(USER_STACK_MAX / 4 * 3, rlim / 4);
	*limit = MAX(*limit, ARG_MAX);
	if (*limit <= ptrs)
		return -E2BIG;
	*limit -= ptrs;
	return 0;
}

/*
 * Each string of argv (env false) or envp, last first, as Linux's copy_strings()
 * measures them: added to str->size, which may not pass limit. 0, -EFAULT, or
 * -E2BIG for a string longer than MAX_ARG_STRLEN or one past the limit.
 */
static long measure_strings(struct exec_strings *str, bool env, unsigned long limit)
{
	for (unsigned int i = env ? str->envc : str->argc; i-- > 0;) {
		const char __user *s;
		long len;

		if (exec_string(str, env, i, &s))
			return -EFAULT;
		len = strnlen_user(s, MAX_ARG_STRLEN);
		if (!len)
			return -EFAULT;
		if (len > MAX_ARG_STRLEN || str->size + len > limit)
			return -E2BIG;
		str->size += len;
		if (fatal_signal_pending(current))
			return -ERESTARTNOHAND;
	}
	return 0;
}

/*
 * execve()'s argv and envp, counted and measured in Linux's order (the file's
 * name, then envp, then argv); an empty argv becomes one empty string, as
 * Linux's since 5.18. The strings stay in the caller's memory until exec_load()
 * copies them into the new stack.
 */
static long exec_strings_from_user(struct exec_strings *str, const void __user *argv,
				   const void __user *envp)
{
	unsigned long limit;
	long err;

	err = count_strings(argv, &str->argc);
	if (!err)
		err = count_strings(envp, &str->envc);
	if (!err)
		err = strings_limit(str, &limit);
	if (err)
		return err;
	str->user = true;
	str->argv = str->argc ? argv : NULL;
	str->envp = envp;
	str->size = strlen(str->execfn) + 1;
	if (str->size > limit)
		return -E2BIG;
	err = measure_strings(str, true, limit);
	if (!err)
		err = measure_strings(str, false, limit);
	if (err || str->argv)
		return err;
	str->argc = 1;				/* the empty argv[0] */
	str->size++;
	return str->size > limit ? -E2BIG : 0;
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
	char *path;
	struct sighand *spare = NULL;
	struct mm *mm = NULL;
	unsigned long ip, usp;
	phys_addr_t page;
	const void *image;
	size_t size;
	long err;

	_Static_assert(PATH_MAX <= PAGE_SIZE, "a path outgrew its page");
	page = alloc_frame();
	if (!page)
		return -ENOMEM;
	path = phys_to_virt(page);
	err = strncpy_from_user(path, (const char __user *)regs->di, PATH_MAX);
	if (err == PATH_MAX)
		err = -ENAMETOOLONG;
	if (err < 0)
		goto out;
	str.execfn = path;
	image = t->mm->exe;
	size = t->mm->exe_size;
	err = -ENOENT;			/* no filesystem: nothing else is there */
	if (strcmp(path, SELF_EXE) || !image)
		goto out;
	err = exec_strings_from_user(&str, (const void __user *)regs->si,
				     (const void __user *)regs->dx);
	if (err)
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
	if (!mm || !spare)
		goto out;
	if (exec_load(mm, image, size, &str, &ip, &usp)) {
		err = str.err ? : -ENOMEM;
		goto out;
	}
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
