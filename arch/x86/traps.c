// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel-mode exceptions: recover through the exception fixup table, or oops.
 * An oops prints everything needed to find the bug from the serial log alone and
 * ends the run with the failure status; it never returns and never reboots.
 */
#include <asm/debugreg.h>
#include <asm/espfix.h>
#include <asm/extable.h>
#include <asm/irqflags.h>
#include <asm/page.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <kernel.h>
#include <ksyms.h>
#include <printk.h>
#include <sched.h>

static const char *const trap_names[NR_EXCEPTION_VECTORS] = {
	[X86_TRAP_DE] = "#DE divide error",
	[X86_TRAP_DB] = "#DB debug",
	[X86_TRAP_NMI] = "NMI",
	[X86_TRAP_BP] = "#BP breakpoint",
	[X86_TRAP_OF] = "#OF overflow",
	[X86_TRAP_BR] = "#BR bound range",
	[X86_TRAP_UD] = "#UD invalid opcode",
	[X86_TRAP_NM] = "#NM device not available",
	[X86_TRAP_DF] = "#DF double fault",
	[X86_TRAP_OLD_MF] = "coprocessor segment overrun",
	[X86_TRAP_TS] = "#TS invalid TSS",
	[X86_TRAP_NP] = "#NP segment not present",
	[X86_TRAP_SS] = "#SS stack segment fault",
	[X86_TRAP_GP] = "#GP general protection",
	[X86_TRAP_PF] = "#PF page fault",
	[X86_TRAP_SPURIOUS] = "reserved vector 15",
	[X86_TRAP_MF] = "#MF x87 floating point",
	[X86_TRAP_AC] = "#AC alignment check",
	[X86_TRAP_MC] = "#MC machine check",
	[X86_TRAP_XF] = "#XM SIMD floating point",
	[X86_TRAP_VE] = "#VE virtualization",
	[X86_TRAP_CP] = "#CP control protection",
};

const char *trap_name(unsigned long vector)
{
	if (vector < NR_EXCEPTION_VECTORS && trap_names[vector])
		return trap_names[vector];
	return vector < NR_EXCEPTION_VECTORS ? "reserved exception" : "interrupt";
}

bool fixup_exception(struct pt_regs *regs, unsigned long vector)
{
	extern const struct exception_table_entry __start_ex_table[], __stop_ex_table[];

	for (const struct exception_table_entry *e = __start_ex_table; e < __stop_ex_table; e++) {
		if (e->insn != regs->ip)
			continue;
		regs->ip = e->fixup;
		this_cpu_write(fixup_vector, vector);
		return true;
	}
	return false;
}

static void print_addr(const char *prefix, unsigned long addr)
{
	unsigned long off;
	const char *name = ksym_lookup(addr, &off);

	if (name)
		printk("%s0x%016lx <%s+0x%lx>\n", prefix, addr, name, off);
	else
		printk("%s0x%016lx\n", prefix, addr);
}

/*
 * Follows saved RBP links; every kernel function keeps its frame pointer. A run
 * of identical return addresses (a recursion) prints once, with its count.
 */
static void backtrace(unsigned long bp)
{
	unsigned long last = 0, repeats = 0;

	printk("Call trace:\n");
	for (unsigned int depth = 0; depth < 64; depth++) {
		const unsigned long *frame = (const unsigned long *)bp;

		if (bp < KERNEL_SPACE_START || (bp & 7))
			break;
		if (frame[1] == last) {
			repeats++;
		} else {
			if (repeats)
				printk("  ... the line above %lu more times\n", repeats);
			print_addr("  ", frame[1]);
			last = frame[1];
			repeats = 0;
		}
		if (frame[0] <= bp)	/* stacks grow down: callers' frames sit higher */
			break;
		bp = frame[0];
	}
	if (repeats)
		printk("  ... the line above %lu more times\n", repeats);
}

void __noreturn oops(struct pt_regs *regs, unsigned long vector, const char *why)
{
	static bool in_oops;

	local_irq_disable();
	if (in_oops) {
		printk("oops: recursive fault, giving up\n");
		kernel_exit(EXIT_FAILURE_STATUS);
	}
	in_oops = true;

	printk("------------[ oops: %s ]------------\n", why ? why : trap_name(vector));
	printk("vector %lu (%s), error code 0x%lx, %s mode\n", vector, trap_name(vector),
	       regs->orig_ax, user_mode(regs) ? "user" : "kernel");
	print_addr("RIP: ", regs->ip);
	printk("CS: 0x%04lx SS: 0x%04lx RSP: 0x%016lx RFLAGS: 0x%08lx\n", regs->cs, regs->ss,
	       regs->sp, regs->flags);
	if (vector == X86_TRAP_PF)
		printk("CR2: 0x%016lx (%s %s, %s)\n", read_cr2(),
		       regs->orig_ax & X86_PF_USER ? "user" : "kernel",
		       regs->orig_ax & X86_PF_INSTR ? "fetch" :
		       regs->orig_ax & X86_PF_WRITE ? "write" : "read",
		       regs->orig_ax & X86_PF_PROT ? "protection violation" : "page not present");
	printk("RAX: %016lx RBX: %016lx RCX: %016lx\n", regs->ax, regs->bx, regs->cx);
	printk("RDX: %016lx RSI: %016lx RDI: %016lx\n", regs->dx, regs->si, regs->di);
	printk("RBP: %016lx R08: %016lx R09: %016lx\n", regs->bp, regs->r8, regs->r9);
	printk("R10: %016lx R11: %016lx R12: %016lx\n", regs->r10, regs->r11, regs->r12);
	printk("R13: %016lx R14: %016lx R15: %016lx\n", regs->r13, regs->r14, regs->r15);
	printk("CR0: %016lx CR3: %016lx CR4: %016lx\n", read_cr0(), read_cr3(), read_cr4());
	if (!user_mode(regs))
		backtrace(regs->bp);
	printk("---[ end oops ]---\n");
	kernel_exit(EXIT_FAILURE_STATUS);
}

/* A kernel-mode exception: recoverable only through the fixup table. */
void kernel_exception(struct pt_regs *regs, unsigned long vector)
{
	if (fixup_exception(regs, vector))
		return;
	oops(regs, vector, NULL);
}

/**
 * do_paranoid - the C side of the paranoid entry (entry/entry_irq.asm)
 * @regs: the interrupted state, on the vector's IST stack
 * @vector: NMI, #MC, #DF, or #DB from ring 0
 *
 * IRQs off, GS_BASE ours (the entry made it so, and undoes that afterwards).
 * None of these goes through irqentry_enter()/irqentry_exit(): they may land
 * with a lock held or RCU not watching, so nothing here takes a lock, sleeps,
 * does exit work or reads RCU-protected data, except an oops, which ends the run.
 */
void do_paranoid(struct pt_regs *regs, unsigned long vector)
{
	switch (vector) {
	case X86_TRAP_NMI:
		do_nmi(regs);
		return;
	case X86_TRAP_DB:
		/*
		 * In ring 0, the remains of ring 3's debugging: a data breakpoint
		 * on a user address hit by copy_from_user(), or one hit by a MOV SS
		 * that held the #DB back until the first instruction of the SYSCALL
		 * stub (CVE-2018-8897: that is why #DB has an IST stack). As Linux,
		 * the condition goes into the task's virtual DR6 for its tracer,
		 * and no signal: ring 3 did not touch the bytes. The kernel never
		 * sets TF, but if it did, the step would trap again and again: it
		 * is cleared. current is safe to read: the entry made GS ours.
		 */
		current->debug.dr6 |= read_and_clear_dr6() & DR6_TRAP_BITS;
		regs->flags &= ~X86_EFLAGS_TF;
		return;
	case X86_TRAP_DF:
		if (espfix_fixup_double_fault(regs))
			return;
		oops(regs, vector, NULL);	/* any other #DF: the machine state is lost */
	default:
		oops(regs, vector, NULL);	/* #MC: the machine state is lost */
	}
}
