// SPDX-License-Identifier: GPL-2.0
/*
 * The vDSO: clock_gettime(), clock_getres(), gettimeofday(), time() and getcpu() in ring 3,
 * without a system call. The kernel maps this code (read-execute) into every
 * process one page above the vvar page (read-only), which it finds at the fixed
 * distance vdso.lds gives vvar_page; AT_SYSINFO_EHDR tells the C library where.
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
#include <uapi/unistd.h>
#include <vvar.h>

/*
 * vdso.lds places it one page below the vDSO's first byte; hidden: RIP-relative.
 * Not const, although ring 3 cannot write it: the kernel does, all the time, and
 * gcc may load a const object's fields once and keep them across the readers'
 * retry loops (their barriers do not stop it), so that a retried read of the
 * stable record would use the fields of before a rebase: a time one tick back.
 */
extern struct vvar_page vvar_page __attribute__((visibility("hidden")));

static __always_inline long vdso_syscall3(long nr, long a0, long a1, long a2)
{
	long ret;

	asm volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a0), "S"(a1), "d"(a2)
		     : "rcx", "r11", "memory");
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
		ns = pvclock_ns_at(p, vvar_rdtsc_ordered());
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

int __vdso_clock_gettime(int clock, struct kernel_timespec *ts)
{
	int base = clock_base(clock);
	u64 ns;

	/* Another clock (the CPU-time ones, or a bad id), or no usable TSC: the kernel answers. */
	if (base < 0 || !vread_monotonic(&ns))
		return vdso_syscall3(__NR_clock_gettime, clock, (long)ts, 0);
	if (base == CLOCK_REALTIME)
		ns += vvar_page.clock.real_offset_ns;
	ts->tv_sec = ns / NSEC_PER_SEC;
	ts->tv_nsec = ns % NSEC_PER_SEC;
	return 0;
}

int __vdso_clock_getres(int clock, struct kernel_timespec *res)
{
	if (clock_base(clock) < 0)
		return vdso_syscall3(__NR_clock_getres, clock, (long)res, 0);
	if (res) {
		res->tv_sec = 0;
		res->tv_nsec = CLOCK_RESOLUTION_NS;
	}
	return 0;
}

int __vdso_gettimeofday(struct kernel_timeval *tv, void *tz)
{
	u64 ns;

	/* A time zone is asked for rarely; the kernel fills it in (always UTC). */
	if (tz || !vread_monotonic(&ns))
		return vdso_syscall3(__NR_gettimeofday, (long)tv, (long)tz, 0);
	if (tv) {
		ns += vvar_page.clock.real_offset_ns;
		tv->tv_sec = ns / NSEC_PER_SEC;
		tv->tv_usec = ns % NSEC_PER_SEC / 1000;
	}
	return 0;
}

long __vdso_time(long *t)
{
	u64 ns;
	long secs;

	if (!vread_monotonic(&ns))
		return vdso_syscall3(__NR_time, (long)t, 0, 0);
	secs = (ns + vvar_page.clock.real_offset_ns) / NSEC_PER_SEC;
	if (t)
		*t = secs;
	return secs;
}

long __vdso_getcpu(unsigned int *cpu, unsigned int *node, void *unused)
{
	unsigned int c;

	if (!READ_ONCE(vvar_page.clock.getcpu_rdtscp))
		return vdso_syscall3(__NR_getcpu, (long)cpu, (long)node, (long)unused);
	c = vgetcpu_rdtscp();
	if (cpu)
		*cpu = c;
	if (node)
		*node = 0;
	return 0;
}

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
