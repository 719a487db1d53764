/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU data, reached through the GS segment base from the first C instruction
 * onwards. In kernel mode GS_BASE holds this CPU's struct percpu; in user mode it
 * holds the user's value and KERNEL_GS_BASE holds ours, and SWAPGS on every entry
 * from and exit to user mode exchanges them. CPU n's area is percpu_areas[n];
 * code that reads this_cpu_*() never needs to know which CPU it runs on. Another
 * CPU's area is read with per_cpu(n, field), always with READ_ONCE or under the
 * lock that field's comment names.
 */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

#include <asm/desc_defs.h>
#include <asm/page.h>
#include <asm/segment.h>
#include <compiler.h>
#include <context_tracking_state.h>
#include <cputime_types.h>
#include <rcu_types.h>
#include <sched_types.h>
#include <threads.h>

struct task;
struct mm;

/*
 * The first page of each area: all the entry code touches while the user's page
 * tables may be live. With page-table isolation (arch/x86/mm/pti.c) the user's
 * tables map it too, writable, so nothing secret may live here.
 */
struct entry_page {
	/*
	 * SYSCALL entry: the user's RSP while RSP serves the stack switch. The
	 * exits to ring 3 park one user register here for their CR3 switch.
	 */
	unsigned long user_rsp;
	/* The current task's kernel stack top: the SYSCALL stub switches to it. */
	unsigned long top_of_stack;
	/*
	 * With PTI, the entry stack (TSS.RSP0): an interrupt from ring 3 arrives here,
	 * in the entry area, and its entry moves the frame to the task's stack.
	 */
	u8 stack[PAGE_SIZE - 2 * sizeof(unsigned long)] __aligned(16);
};

struct percpu {
	struct entry_page entry;
	struct percpu *self;		/* linear address of this area */
	struct task *current_task;
	/*
	 * current's thread_info.syscall_work, copied at every switch (and after a
	 * ptrace stop): the syscall entry tests it with one instruction from GS.
	 */
	unsigned long syscall_work;
	unsigned int cpu;
	/* The generic subsystems' parts, each declared by its owner. */
	struct context_tracking ct;	/* include/context_tracking_state.h */
	struct rcu_percpu rcu;		/* include/rcu_types.h */
	struct sched_percpu sched;	/* include/sched_types.h */
	struct cputime_percpu cputime;	/* include/cputime_types.h */
	struct mm *loaded_mm;		/* whose user half CR3 holds; NULL: none */
	unsigned long ipis;		/* IPIs received, of every kind */
	unsigned long nmis;		/* NMIs taken (arch/x86/nmi.c) */
	struct pt_regs *nmi_regs;	/* the last one's pt_regs: the stack it landed on */
	bool in_nmi;			/* do_nmi() running */
	unsigned long nmis_nested;	/* NMIs taken inside one: none, by design */
	u64 tss_io_bitmap_seq;		/* whose ports tss.io_bitmap holds (arch/x86/ioport.c) */
	unsigned int irq_depth;		/* nonzero while handling an interrupt */
	unsigned long fixup_vector;	/* last exception recovered via the fixup table */
	/* espfix64 (arch/x86/espfix.c): this CPU's ministack's read-only alias, and the
	 * top of its frame at the writable address. */
	unsigned long espfix_stack;
	unsigned long espfix_waddr;
	/* SMP: set up by smp_init() (arch/x86/smpboot.c). */
	u32 apic_id;
	/* smp_call_function_single(): the request this CPU is asked to run. */
	void (*call_fn)(void *arg);
	void *call_arg;
	bool call_wait;
	bool call_pending;
	/* PTI with PCIDs: a user mapping was flushed; the exit drops the user's PCID. */
	u32 pti_flush_user;
	/*
	 * The GDT, TSS and IST stacks, each on pages of their own: with PTI the
	 * user's tables map the GDT and TSS read-only, the IST stacks writable.
	 */
	u64 gdt[GDT_ENTRIES] __aligned(PAGE_SIZE);
	/*
	 * tss.rsp[0]: where the CPU switches on an interrupt from ring 3. Without
	 * PTI, the current task's kernel stack top (entry.top_of_stack), set at each
	 * switch to a user task; idle never enters from ring 3, so while it runs the
	 * value is the last task's and unused. With PTI, this CPU's entry stack.
	 */
	struct tss tss __aligned(PAGE_SIZE);
	u8 ist_stacks[IST_STACKS][IST_STACK_SIZE] __aligned(PAGE_SIZE);
};

extern struct percpu percpu_areas[NR_CPUS];

/*
 * GCC's __seg_gs address space: a pointer in it is an offset from GS_BASE, so
 * this_cpu_read(ct.context) compiles to a single "mov %gs:OFFSET, reg".
 */
#define this_cpu_ptr_gs		((struct percpu __seg_gs *)0)
#define this_cpu_read(field)	(this_cpu_ptr_gs->field)
#define this_cpu_write(field, v) (this_cpu_ptr_gs->field = (v))
#define this_cpu_inc(field)	(this_cpu_ptr_gs->field++)
#define this_cpu_dec(field)	(this_cpu_ptr_gs->field--)
#define this_cpu()		(this_cpu_read(self))
/* One locked instruction: atomic against other CPUs' locked accesses to this CPU's field. */
#define this_cpu_add_locked(field, v)	asm volatile("lock addq %1, %%gs:%c0" : :		\
		"i"(offsetof(struct percpu, field)), "er"((unsigned long)(v)) : "memory", "cc")
#define this_cpu_inc_locked(field)	asm volatile("lock incq %%gs:%c0" : :			\
		"i"(offsetof(struct percpu, field)) : "memory", "cc")
#define per_cpu(n, field)	(percpu_areas[n].field)

void percpu_init(unsigned int cpu);

#endif
