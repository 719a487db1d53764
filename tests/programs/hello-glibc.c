/*
 * A program built with the host's ordinary toolchain (gcc -static, glibc), not
 * entrylab's runtime: `make test` boots it as init to show that entrylab runs
 * any static x86-64 Linux executable that keeps to the syscalls it implements.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct utsname u;
	struct timespec ts;
	char *heap = malloc(100000);

	if (uname(&u) || clock_gettime(CLOCK_MONOTONIC, &ts) || !heap)
		return 1;
	memset(heap, 'x', 100000);
	printf("hello from glibc: %s %s, pid %d, argc %d, argv[1] %s, heap ok\n", u.sysname,
	       u.machine, getpid(), argc, argc > 1 ? argv[1] : "-");
	free(heap);
	return argc > 2 ? atoi(argv[2]) : 0;
}
