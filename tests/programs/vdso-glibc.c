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
 *
 * Built for x86-64 and for i386 (the 32-bit vDSO, vdso-glibc-i386.elf). An i386
 * glibc asks the kernel for clock_getres() every time: it tries the 64-bit-time
 * call clock_getres_time64 first, which Linux's 32-bit vDSO does not export either;
 * sched_getcpu() reads rseq's cpu_id there. Last, the vDSO's clocks must agree with
 * the kernel's: a system call's reading lies between two vDSO readings.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <uapi/bench.h>

#define ROUNDS 1000

#ifdef __i386__
#define GETRES_SYSCALLS ROUNDS
#define NR_CLOCK_GETTIME64 __NR_clock_gettime64
#else
#define GETRES_SYSCALLS 0
#define NR_CLOCK_GETTIME64 __NR_clock_gettime
#endif

static long long ns_of(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

/* vDSO, kernel, vDSO: in this order on the clock, 100 times over; the kernel's layout: 64-bit. */
static int agrees_with_kernel(clockid_t clock)
{
	struct timespec a, c;
	struct { long long tv_sec, tv_nsec; } b;
	long long kernel;

	for (int i = 0; i < 100; i++) {
		clock_gettime(clock, &a);
		syscall(NR_CLOCK_GETTIME64, clock, &b);
		clock_gettime(clock, &c);
		kernel = b.tv_sec * 1000000000LL + b.tv_nsec;
		if (kernel < ns_of(&a) || ns_of(&c) < kernel) {
			printf("vdso-glibc: clock %d: vDSO %lld, kernel %lld, vDSO %lld ns\n",
			       (int)clock,
			       ns_of(&a), kernel, ns_of(&c));
			return 0;
		}
	}
	return 1;
}

int main(int argc, char **argv)
{
	long before = syscall(__NR_entrylab_bench, BENCH_CLOCK_SYSCALLS), made;
	long expect = GETRES_SYSCALLS + (argc > 1 && !strcmp(argv[1], "syscall") ? 3 * ROUNDS : 0);
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
	ok &= agrees_with_kernel(CLOCK_MONOTONIC) && agrees_with_kernel(CLOCK_REALTIME);
	printf("vdso-glibc: %d clock calls, %ld reached the kernel (expected %ld), values %s\n",
	       5 * ROUNDS, made, expect, ok ? "ok" : "wrong");
	return made == expect && ok ? 0 : 1;
}
