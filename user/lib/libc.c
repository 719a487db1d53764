// SPDX-License-Identifier: GPL-2.0
/* Process start-up, printf and argument parsing for ring-3 programs. */
#include <libc.h>
#include <stdarg.h>

char **environ;

void __noreturn __libc_start(unsigned long *sp);
void __noreturn __libc_start(unsigned long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);

	environ = argv + argc + 1;
	exit(main(argc, argv));
}

int printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	write(1, buf, MIN((size_t)n, sizeof(buf) - 1));
	return n;
}

const char *arg_str(int argc, char **argv, const char *key)
{
	size_t len = strlen(key);

	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], key, len) && argv[i][len] == '=')
			return argv[i] + len + 1;
	return NULL;
}

u64 arg_u64(int argc, char **argv, const char *key, u64 def)
{
	const char *v = arg_str(argc, argv, key);
	u64 n;

	return v && str_to_u64(v, strlen(v), &n) ? n : def;
}
