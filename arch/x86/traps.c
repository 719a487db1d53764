// SPDX-License-Identifier: GPL-2.0
/*
 * Exceptions, after the entry (entry/irq.c) has sent them here. From ring 3 each
 * becomes its signal (user_exception()). In ring 0 they recover through the
 * exception fixup table, or oops: an oops prints everything needed to find the
 * bug from the serial log alone and ends the run with the failure status; it
 * never returns and never reboots.
 */
#include <asm/cpufeature.h>
#include <asm/debugreg.h>
#include <asm/extable.h>
#include <asm/fred.h>
#include <asm/io_bitmap.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/traps.h>
#include <kernel.h>
#include <ksyms.h>
#include <printk.h>
#include <sched.h>
#include <signal.h>

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
	if (boot_cpu.fred)	/* where the event landed: 3 for a #DF (arch/x86/fred.c) */
		printk("FRED stack level: %lu\n",
		       rdmsr(MSR_IA32_FRED_CONFIG) & FRED_CONFIG_CSL_MASK);
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

/*
 * #DB from ring 3: a single step (TF), or the task's hardware breakpoints, which
 * the virtual DR6 records for a tracer. An instruction breakpoint fires before
 * its instruction runs: RF in the return flags lets that instruction run once
 * without firing again, as Linux does (IRETQ restores RF; SYSRET cannot, so
 * syscall_can_sysret() refuses it).
 */
void user_debug_exception(struct pt_regs *regs, unsigned long dr6)
{
	struct task *t = current;
	unsigned long hit = dr6 & debugregs_enabled(t);
	int code = TRAP_BRKPT;

	/*
	 * The virtual DR6 describes this #DB alone, as Linux's virtual_dr6: the step
	 * bit of the real one and the breakpoints of the task's that fired (the CPU
	 * may also set B0-B3 for conditions of breakpoints that are not enabled).
	 */
	t->thread.debug.dr6 = (dr6 & DR6_BS) | hit;
	if (hit) {
		if (debugregs_hit_instruction(t, hit))
			regs->flags |= X86_EFLAGS_RF;
		code = TRAP_HWBKPT;
	}
	if (dr6 & DR6_BS)
		code = TRAP_TRACE;
	force_sig_fault(SIGTRAP, code, regs->ip, X86_TRAP_DB, 0);
}

/*
 * The fault-to-signal table: a fault in ring 3 becomes a signal, with the si_code
 * and si_addr Linux gives. Called from do_interrupt() and fixup_bad_iret().
 */
void user_exception(struct pt_regs *regs, unsigned long vector)
{
	unsigned long err = regs->orig_ax;

	switch (vector) {
	case X86_TRAP_DE:
		force_sig_fault(SIGFPE, FPE_INTDIV, regs->ip, vector, err);
		break;
	case X86_TRAP_MF:
	case X86_TRAP_XF:
		force_sig_fault(SIGFPE, SI_KERNEL, regs->ip, vector, err);
		break;
	case X86_TRAP_BP:
		force_sig_fault(SIGTRAP, SI_KERNEL, 0, vector, 0);
		break;
	case X86_TRAP_UD:
		force_sig_fault(SIGILL, ILL_ILLOPN, regs->ip, vector, 0);
		break;
	case X86_TRAP_AC:	/* no address: Linux's do_trap() passes none */
		force_sig_fault(SIGBUS, BUS_ADRALN, 0, vector, err);
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
		force_sig_fault(SIGBUS, SI_KERNEL, 0, vector, err);
		break;
	case X86_TRAP_GP:
		if (fixup_iopl_exception(regs))
			break;		/* CLI or STI under iopl(3): a NOP */
		fallthrough;
	case X86_TRAP_OF:
	case X86_TRAP_BR:
		/* Privileged instructions, non-canonical addresses: si_addr 0, as Linux. */
		force_sig_fault(SIGSEGV, SI_KERNEL, 0, vector, err);
		break;
	default:
		/* Reserved vectors (NMI, #DF and #MC take the paranoid entry). */
		oops(regs, vector, "unexpected exception from user mode");
	}
}
