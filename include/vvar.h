/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vvar page: the time data the kernel publishes, read-only, in every
 * process beside the vDSO, and the arithmetic that turns it and a TSC reading
 * into nanoseconds. This header is compiled twice: into the kernel (kernel/time/time.c
 * writes the page, and reads its own clock through vclock_read_stable()) and into
 * the vDSO (arch/x86/vdso/), so a system call and the vDSO compute the same
 * nanosecond from the same TSC value.
 *
 * Two records, one per reader design (docs/benchmarks.md, "vDSO clock"):
 *
 *  struct vdso_clock        the stable record (Linux since 2014): one for the
 *                           machine, CLOCK_MONOTONIC at the last tick plus the TSC
 *                           ticks since, scaled by mult >> shift. CPU 0 moves the
 *                           base forward every tick under the seqcount, which keeps
 *                           delta * mult within 64 bits.
 *  struct pvclock_vcpu_time_info  one per CPU, in KVM's layout: the time at a TSC
 *                           value, written by that CPU. The reader before 2014 read
 *                           the record of the CPU it ran on, and had to check that
 *                           it had not migrated in between.
 *
 * Both describe one function of the TSC: mono(tsc) = (tsc - boot) * mult >> shift,
 * rounded down. The per-CPU records start at the boot TSC and use mult and
 * 32 - shift as their multiplier and pre-shift, and the stable record carries the
 * fraction of a nanosecond across its rebases, so both readers return exactly the
 * same value for the same TSC (kernel/time/time_test.c checks it).
 *
 * The 32-bit vDSO reads the page too, compiled for i386: so every u64 of the page
 * is 8-byte aligned in both ABIs (i386 aligns a u64 member to 4), and the
 * arithmetic below is math64.h's, which needs no 128-bit type and no libgcc.
 */
#ifndef _ENTRYLAB_VVAR_H
#define _ENTRYLAB_VVAR_H

#include <asm/msr.h>
#include <asm/processor.h>
#include <compiler.h>
#include <math64.h>
#include <threads.h>

/* Which reader the vDSO uses: vdso_clock= at boot, BENCH_CLOCK while benchmarking. */
enum vclock_mode {
	VCLOCK_SYSCALL,		/* the TSC is not usable: the vDSO makes the system call */
	VCLOCK_STABLE,		/* vclock_read_stable() */
	VCLOCK_PERCPU,		/* this CPU's pvclock record, checked against migration */
};

/* A u64 where an i386 compiler puts it too: the page has one layout for both vDSOs. */
typedef u64 vvar_u64 __aligned(8);

struct vdso_clock {
	u32 seq;		/* odd while CPU 0 rewrites the fields below */
	u32 vclock_mode;	/* enum vclock_mode */
	vvar_u64 cycle_last;	/* the TSC at the last rebase */
	vvar_u64 mono_ns;	/* CLOCK_MONOTONIC at cycle_last: whole ns ... */
	vvar_u64 mono_frac;	/* ... and the fraction, in 2^-shift ns */
	vvar_u64 max_cycles;	/* beyond this, delta * mult needs more than 64 bits */
	u32 mult, shift;	/* ns = ticks * mult >> shift, shift <= 32 */
	vvar_u64 real_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC: fixed, no settimeofday */
	u32 getcpu_rdtscp;	/* IA32_TSC_AUX holds the CPU number: RDTSCP gives it */
} __aligned(8);

/*
 * KVM's per-vCPU time record (Documentation/virt/kvm/x86/msr.rst):
 * time = system_time + ((tsc - tsc_timestamp) << tsc_shift) * tsc_to_system_mul >> 32.
 * version is odd while the record is rewritten.
 */
struct pvclock_vcpu_time_info {
	u32 version;
	u32 pad0;
	u64 tsc_timestamp;
	u64 system_time;
	u32 tsc_to_system_mul;
	s8 tsc_shift;
	u8 flags;
	u8 pad[2];
} __packed;

#define PVCLOCK_TSC_STABLE_BIT	BIT(0)	/* every CPU's record describes one clock */

struct vvar_page {
	struct vdso_clock clock;
	/* One cache line per CPU, as Linux's pvclock_vsyscall_time_info. */
	struct {
		struct pvclock_vcpu_time_info pvti;
	} __aligned(64) percpu[NR_CPUS];
};

/* CLOCK_MONOTONIC at tsc from the stable record's fields (no seqcount here). */
static __always_inline u64 vclock_ns_at(const struct vdso_clock *c, u64 tsc)
{
	u64 last = c->cycle_last, delta = tsc > last ? tsc - last : 0;

	/* Another CPU's TSC may be a few ticks behind CPU 0's last rebase: never go back. */
	if (likely(delta <= c->max_cycles))
		return c->mono_ns + ((delta * c->mult + c->mono_frac) >> c->shift);
	/*
	 * No tick for a long while: the product's low shift bits (exact modulo 2^64)
	 * and the fraction may carry one more ns into the high part.
	 */
	return c->mono_ns + mul_u64_u32_shr(delta, c->mult, c->shift) +
	       (((delta * c->mult & (BIT_ULL(c->shift) - 1)) + c->mono_frac) >> c->shift);
}

/**
 * vclock_read_stable - CLOCK_MONOTONIC in ns, by the 2014 design
 *
 * One record, one seqcount: read the sequence (wait while it is odd: CPU 0 is
 * mid-rebase), the TSC and the fields, and retry if the sequence moved. Any CPU,
 * any context; the TSC must be synchronized across CPUs, as it is on every CPU
 * with an invariant TSC and under KVM.
 */
static __always_inline u64 vclock_read_stable(const struct vdso_clock *c)
{
	u32 seq;
	u64 ns;

	do {
		while ((seq = READ_ONCE(c->seq)) & 1)
			cpu_relax();
		barrier();		/* x86 keeps loads in order: the compiler must too */
		ns = vclock_ns_at(c, rdtsc_ordered());
		barrier();
	} while (unlikely(READ_ONCE(c->seq) != seq));
	return ns;
}

/* CLOCK_MONOTONIC at tsc from a pvclock record: the 96-bit product never overflows. */
static __always_inline u64 pvclock_ns_at(const struct pvclock_vcpu_time_info *p, u64 tsc)
{
	u64 delta = tsc - p->tsc_timestamp;

	if (p->tsc_shift >= 0)
		delta <<= p->tsc_shift;
	else
		delta >>= -p->tsc_shift;
	return p->system_time + mul_u64_u32_shr(delta, p->tsc_to_system_mul, 32);
}

#endif
