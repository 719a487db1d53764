/*
 * A stock static glibc program reads the clocks: clock_gettime(), clock_getres(),
 * gettimeofday(), time() and sched_getcpu(), ROUNDS times each, then asks the kernel how many of
 * those calls reached it (BENCH_CLOCK_SYSCALLS, uapi/bench.h). glibc finds the
 * vDSO through AT_SYSINFO_EHDR and its symbols by name and version (LINUX_2.6),
 * so with the vDSO working the answer is 0. argv[1] says what to expect:
 * "vdso" (0 calls) or "syscall" (every clock call: the vDSO falls back when the
 * kernel says the TSC is unusable, tsc=unstable; clock_getres() and sched_getcpu()
 * stay in the vDSO: a resolution and RDTSCP's CPU number need no clock), so the
 * count is proved to count.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <uapi/bench.h>

#define ROUNDS 1000

int main(int argc, char **argv)
{
	long before = syscall(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS), made;
	long expect = argc > 1 && !strcmp(argv[1], "syscall") ? 3 * ROUNDS : 0;
	struct timespec a, b = { 0, 0 }, res;
	struct timeval tv;
	int ok = 1;

	for (int i = 0; i < ROUNDS; i++) {
		ok &= !clock_gettime(CLOCK_MONOTONIC, &a);
		ok &= a.tv_sec > b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec >= b.tv_nsec);
		b = a;
		ok &= !clock_getres(CLOCK_MONOTONIC, &res) && res.tv_sec == 0 && res.tv_nsec > 0;
		ok &= !gettimeofday(&tv, NULL) && tv.tv_sec > 0;
		ok &= time(NULL) >= tv.tv_sec;
		ok &= sched_getcpu() >= 0;
	}
	made = syscall(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS) - before;
	printf("vdso-glibc: %d clock calls, %ld reached the kernel (expected %ld), values %s\n",
	       5 * ROUNDS, made, expect, ok ? "ok" : "wrong");
	return made == expect && ok ? 0 : 1;
}
