/*
 * getpid() from an i386 program through each of its doors, the benchmark's
 * 32-bit rows (make bench boots it as init, on the AMD CPU model and as an
 * Intel one): int $0x80, and the vDSO's __kernel_vsyscall, which enters by the
 * CPU vendor's instruction, SYSCALL on AMD and SYSENTER on Intel
 * (docs/entry.md, "SYSENTER and SYSCALL from compat mode").
 *
 * A stock static glibc program (gcc -m32), measured as bench/user/bench.c measures:
 * the timer tick stopped (the benchmark's control call, which the i386 table
 * has too), RDTSC around a loop of calls less the same empty loop, the median
 * of the repetitions. Under icount a tick is an instruction. A human table, and
 * one "bench i386=DOOR" line per figure.
 *
 * "trace door=int80" or "trace door=vsyscall" instead makes one getpid() through
 * that door at the global symbol trace_int80 or trace_vsyscall, for make trace
 * (scripts/trace.py: I386=int80, syscall or sysenter), which breaks there and
 * single-steps until the instruction after it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <cpuid.h>

#define ENTRYLAB_BENCH	511	/* its number in both tables (include/uapi/bench.h) */
#define BENCH_BEGIN	3
#define BENCH_END	4
#define MAX_REPS	64	/* as user/init.c's */

static inline uint64_t rdtsc_ordered(void)
{
	uint32_t lo, hi;

	asm volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static void *vsyscall;

static uint64_t time_int80(unsigned long iters)
{
	uint64_t t0 = rdtsc_ordered();

	for (unsigned long i = 0; i < iters; i++) {
		long r;

		asm volatile("int $0x80" : "=a"(r) : "a"(SYS_getpid) : "memory");
	}
	return rdtsc_ordered() - t0;
}

static uint64_t time_vsyscall(unsigned long iters)
{
	uint64_t t0 = rdtsc_ordered();

	for (unsigned long i = 0; i < iters; i++) {
		long r;

		asm volatile("call *%1" : "=a"(r) : "r"(vsyscall), "a"(SYS_getpid) : "memory");
	}
	return rdtsc_ordered() - t0;
}

static uint64_t time_empty(unsigned long iters)
{
	uint64_t t0 = rdtsc_ordered();

	for (unsigned long i = 0; i < iters; i++)
		asm volatile("" : : : "memory");
	return rdtsc_ordered() - t0;
}

static int trace_one(const char *door)
{
	long r;

	/* Where the vDSO is: make trace disassembles it there. */
	printf("bench-i386: trace door=%s, vDSO at %#lx\n", door, getauxval(AT_SYSINFO_EHDR));
	fflush(stdout);
	if (!strcmp(door, "int80"))
		asm volatile(".globl trace_int80\ntrace_int80:\n\tint $0x80"
			     : "=a"(r) : "a"(SYS_getpid) : "memory");
	else if (!strcmp(door, "vsyscall"))
		asm volatile(".globl trace_vsyscall\ntrace_vsyscall:\n\tcall *%1"
			     : "=a"(r) : "r"(vsyscall), "a"(SYS_getpid) : "memory");
	else {
		printf("bench-i386: trace door=%s: not int80 or vsyscall\n", door);
		return 2;
	}
	printf("bench-i386: trace door=%s returned %ld\n", door, r);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Ticks per call, best and median of reps, with the tick stopped around each loop. */
static void measure(const char *door, const char *how, uint64_t (*loop)(unsigned long),
		    unsigned long iters, unsigned long reps)
{
	double per[MAX_REPS];

	for (unsigned long r = 0; r < reps; r++) {
		uint64_t t, empty;

		syscall(ENTRYLAB_BENCH, BENCH_BEGIN);
		loop(iters / 10);			/* warm: the first calls fault pages in */
		t = loop(iters);
		empty = time_empty(iters);
		syscall(ENTRYLAB_BENCH, BENCH_END);
		per[r] = (double)(int64_t)(t - empty) / iters;
	}
	qsort(per, reps, sizeof(per[0]), cmp_double);
	printf("bench-i386:   %-10s %-24s %10.2f\n", door, how, per[0]);
	printf("bench i386=%s op=getpid iters=%lu ticks_per_call=%.2f median=%.2f reps=%lu\n",
	       door, iters, per[0], per[reps / 2], reps);
}

/* The value of "key=N" in [min, max]: a bad one warned about, the default kept; past max, max. */
static unsigned long number(const char *arg, unsigned long def, unsigned long min,
			    unsigned long max)
{
	const char *text = strchr(arg, '=') + 1;
	char *end;
	unsigned long v = strtoul(text, &end, 0);

	if (!*text || *end || *text == '-' || v < min) {
		printf("bench-i386: warning: %s is not a number, using %lu\n", arg, def);
		return def;
	}
	if (v > max) {
		printf("bench-i386: warning: %s is above the maximum %lu, using %lu\n",
		       arg, max, max);
		return max;
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long iters = 10000, reps = 5;
	unsigned int eax, ebx, ecx, edx;
	const uint8_t *slot;
	char vendor[13] = "";
	const char *fast, *trace = NULL;

	/*
	 * init's arguments (make bench's BENCH_ARGS): the two it reads, warned about
	 * as init does.
	 */
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "iters=", 6))
			iters = number(argv[i], iters, 1, 100000000);
		else if (!strncmp(argv[i], "reps=", 5))
			reps = number(argv[i], reps, 1, MAX_REPS);
		else if (!strncmp(argv[i], "door=", 5))
			trace = argv[i] + 5;
	}
	__cpuid(0, eax, ebx, ecx, edx);
	memcpy(vendor, &ebx, 4);
	memcpy(vendor + 4, &edx, 4);
	memcpy(vendor + 8, &ecx, 4);
	vsyscall = (void *)getauxval(AT_SYSINFO);
	if (trace)
		return trace_one(trace);
	/* What the kernel wrote into __kernel_vsyscall's slot (arch/x86/vdso/vdso32.asm). */
	slot = (const uint8_t *)vsyscall + 5;
	fast = slot[0] == 0x0f && slot[1] == 0x34 ? "sysenter" :
	       slot[0] == 0x0f && slot[1] == 0x05 ? "syscall" : "int80";
	printf("bench-i386: getpid from an i386 program, ticks per call (iters=%lu reps=%lu, "
	       "CPU %s)\n", iters, reps, vendor);
	measure("int80", "int $0x80", time_int80, iters, reps);
	measure(fast, "__kernel_vsyscall", time_vsyscall, iters, reps);
	return 0;
}
