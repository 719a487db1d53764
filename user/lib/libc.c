// SPDX-License-Identifier: GPL-2.0
/* Process start-up and printf for ring-3 programs; arguments: lib/cmdline.c. */
#include <libc.h>
#include <stdarg.h>

char **environ;
static const unsigned long *auxv;

/* The block at the initial RSP: argc, argv[], NULL, envp[], NULL, auxv pairs. */
void __noreturn __libc_start(unsigned long *sp);
void __noreturn __libc_start(unsigned long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;

	environ = envp;
	while (*envp)
		envp++;
	auxv = (const unsigned long *)(envp + 1);
	exit(main(argc, argv));
}

unsigned long getauxval(unsigned long type)
{
	for (const unsigned long *a = auxv; a[0]; a += 2)
		if (a[0] == type)
			return a[1];
	return 0;
}

static int vprintf(const char *fmt, va_list ap)
{
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	write(1, buf, MIN((size_t)n, sizeof(buf) - 1));
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int sigaction(int sig, unsigned long handler, unsigned long flags, kernel_sigset_t mask,
	      struct kernel_sigaction *old)
{
	struct kernel_sigaction sa = {
		.handler = handler,
		.flags = flags | SA_RESTORER,
		.restorer = (unsigned long)__restore_rt,
		.mask = mask,
	};

	return (int)syscall6(__NR_rt_sigaction, sig, (long)&sa, (long)old, sizeof(mask), 0, 0);
}

/* The KTAP runner (lib/selftest.c) is shared with the kernel: it prints with printk. */
int printk(const char *fmt, ...) __attribute__((alias("printf")));
