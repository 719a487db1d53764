// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO's clocks: clock_gettime(), clock_getres(), gettimeofday(), time() and
 * getcpu() in ring 3, without a system call. The kernel maps the vDSO
 * (read-execute) into every process one page above the vvar page (read-only),
 * which it finds at the fixed distance its linker script gives vvar_page;
 * AT_SYSINFO_EHDR tells the C library where.
 *
 * Compiled twice, as Linux's: for x86-64 into vdso.so, and with -m32 into the
 * 32-bit vDSO (vdso32.so, with vdso32.asm's entry and signal trampolines) for
 * i386 programs. The readers are one source; only the entry points differ,
 * because the ABIs do: an i386 program calls both the old calls with 32-bit time
 * and __vdso_clock_gettime64, and falls back through __kernel_vsyscall.
 *
 * Built position-independent, with no data and no relocations (the Makefile
 * checks), so the same pages work at any address: mremap() may move them.
 *
 * Three ways to read the clock, picked by vvar.clock.vclock_mode
 * (vdso_clock= at boot):
 *   VCLOCK_STABLE   one record under a seqcount (include/vvar.h)
 *   VCLOCK_PERCPU   this CPU's pvclock record, the CPU number read before and
 *                   after it (RDTSCP's TSC_AUX), retried if the task migrated
 *   VCLOCK_SYSCALL  the TSC is unusable (tsc=unstable, or nothing measured its
 *                   rate): the system call
 */
#include <time.h>
#include <vvar.h>
/*
 * What the entry points take and which call they fall back to, by ABI: the i386
 * ones are the calls of 32-bit time_t, as Linux's 32-bit vDSO exports them (with
 * __vdso_clock_gettime64 beside them).
 */
#ifdef __x86_64__
#include <uapi/unistd.h>
#define VDSO_NR(call)	__NR_##call
typedef struct kernel_timespec vdso_timespec_t;
typedef struct kernel_timeval vdso_timeval_t;
typedef long vdso_time_t;
#else
#include <uapi/unistd_32.h>
#define VDSO_NR(call)	__NR_ia32_##call
typedef struct old_timespec32 vdso_timespec_t;	/* a time past 2038 wraps, as the call's */
typedef struct old_timeval32 vdso_timeval_t;
typedef s32 vdso_time_t;
#endif

/*
 * The linker script places it one page below the vDSO's first byte; hidden, so the
 * code reaches it PC-relatively (RIP-relative, or i386's offset from the GOT).
 * Not const, although ring 3 cannot write it: the kernel does, all the time, and
 * gcc may load a const object's fields once and keep them across the readers'
 * retry loops (their barriers do not stop it), so that a retried read of the
 * stable record would use the fields of before a rebase: a time one tick back.
 */
extern struct vvar_page vvar_page __attribute__((visibility("hidden")));

/* The fallback: the system call, made as this ABI makes one. */
static __always_inline long vdso_syscall3(long nr, long a0, long a1, long a2)
{
	long ret;

#ifdef __x86_64__
	asm volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a0), "S"(a1), "d"(a2)
		     : "rcx", "r11", "memory");
#else
	/* The fastest way the CPU allows (vdso32.asm), which preserves all but EAX. */
	asm volatile("call __kernel_vsyscall" : "=a"(ret) : "a"(nr), "b"(a0), "c"(a1), "d"(a2)
		     : "memory");
#endif
	return ret;
}

/* RDTSCP's TSC_AUX: the kernel wrote the CPU number (node 0) into it on each CPU. */
static __always_inline unsigned int vgetcpu_rdtscp(void)
{
	u32 lo, hi, aux;

	asm volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
	return aux & 0xfff;
}

/*
 * The pre-2014 reader: which CPU, that CPU's record, the TSC, and again which
 * CPU. A task moved between the two CPU reads may have paired one CPU's TSC with
 * another's record, which is only right when the TSCs agree: retry. The version
 * catches a record rewritten meanwhile.
 */
static __always_inline u64 vread_percpu(void)
{
	const struct pvclock_vcpu_time_info *p;
	unsigned int cpu, cpu1;
	u32 version;
	u64 ns;

	do {
		cpu = vgetcpu_rdtscp() % NR_CPUS;
		p = &vvar_page.percpu[cpu].pvti;
		version = READ_ONCE(p->version);
		barrier();
		ns = pvclock_ns_at(p, rdtsc_ordered());
		barrier();
		cpu1 = vgetcpu_rdtscp() % NR_CPUS;
	} while (unlikely(cpu != cpu1 || (version & 1) || READ_ONCE(p->version) != version));
	return ns;
}

/* CLOCK_MONOTONIC in ns by the boot's reader; false: make the system call. */
static __always_inline bool vread_monotonic(u64 *ns)
{
	switch (READ_ONCE(vvar_page.clock.vclock_mode)) {
	case VCLOCK_STABLE:
		*ns = vclock_read_stable(&vvar_page.clock);
		return true;
	case VCLOCK_PERCPU:
		*ns = vread_percpu();
		return true;
	default:
		return false;
	}
}

/* The clock's time in ns; false: another clock (the CPU-time ones, a bad id) or no usable TSC. */
static __always_inline bool vread_clock(int clock, u64 *ns)
{
	int base = clock_base(clock);

	if (base < 0 || !vread_monotonic(ns))
		return false;
	if (base == CLOCK_REALTIME)
		*ns += vvar_page.clock.real_offset_ns;
	return true;
}

int __vdso_clock_gettime(int clock, vdso_timespec_t *ts)
{
	struct kernel_timespec t;
	u64 ns;

	if (!vread_clock(clock, &ns))
		return vdso_syscall3(VDSO_NR(clock_gettime), clock, (long)ts, 0);
	t = ns_to_timespec(ns);
	*ts = (vdso_timespec_t){ t.tv_sec, t.tv_nsec };
	return 0;
}

/* Every clock the vDSO reads has the same resolution; it needs no clock. */
int __vdso_clock_getres(int clock, vdso_timespec_t *res)
{
	if (clock_base(clock) < 0)
		return vdso_syscall3(VDSO_NR(clock_getres), clock, (long)res, 0);
	if (res)
		*res = (vdso_timespec_t){ 0, CLOCK_RESOLUTION_NS };
	return 0;
}

int __vdso_gettimeofday(vdso_timeval_t *tv, void *tz)
{
	struct kernel_timeval t;
	u64 ns;

	/* A time zone is asked for rarely; the kernel fills it in (always UTC). */
	if (tz || !vread_clock(CLOCK_REALTIME, &ns))
		return vdso_syscall3(VDSO_NR(gettimeofday), (long)tv, (long)tz, 0);
	t = ns_to_timeval(ns);
	if (tv)
		*tv = (vdso_timeval_t){ t.tv_sec, t.tv_usec };
	return 0;
}

vdso_time_t __vdso_time(vdso_time_t *t)
{
	vdso_time_t secs;
	u64 ns;

	if (!vread_clock(CLOCK_REALTIME, &ns))
		return vdso_syscall3(VDSO_NR(time), (long)t, 0, 0);
	secs = ns_to_timespec(ns).tv_sec;
	if (t)
		*t = secs;
	return secs;
}

long __vdso_getcpu(unsigned int *cpu, unsigned int *node, void *unused)
{
	unsigned int c;

	if (!READ_ONCE(vvar_page.clock.getcpu_rdtscp))
		return vdso_syscall3(VDSO_NR(getcpu), (long)cpu, (long)node, (long)unused);
	c = vgetcpu_rdtscp();
	if (cpu)
		*cpu = c;
	if (node)
		*node = 0;
	return 0;
}

#ifdef __x86_64__
/* The names without the prefix, as Linux's vDSO exports them too. */
int clock_gettime(int clock, struct kernel_timespec *ts)
	__attribute__((weak, alias("__vdso_clock_gettime")));
int clock_getres(int clock, struct kernel_timespec *res)
	__attribute__((weak, alias("__vdso_clock_getres")));
int gettimeofday(struct kernel_timeval *tv, void *tz)
	__attribute__((weak, alias("__vdso_gettimeofday")));
long time(long *t) __attribute__((weak, alias("__vdso_time")));
long getcpu(unsigned int *cpu, unsigned int *node, void *unused)
	__attribute__((weak, alias("__vdso_getcpu")));
#else
/* i386's clock_gettime() of 64-bit time, the one a C library with a 64-bit time_t calls. */
int __vdso_clock_gettime64(int clock, struct kernel_timespec *ts)
{
	u64 ns;

	if (!vread_clock(clock, &ns))
		return vdso_syscall3(__NR_ia32_clock_gettime64, clock, (long)ts, 0);
	*ts = ns_to_timespec(ns);
	return 0;
}
#endif
