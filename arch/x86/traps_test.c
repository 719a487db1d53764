// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests for kernel-mode exceptions that the fixup table recovers from: each
 * faults on purpose at a labelled instruction and must resume at its fixup with
 * the right vector recorded.
 */
#include <asm/extable.h>
#include <asm/irqflags.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/traps.h>
#include <selftest.h>

static const u8 rodata_byte = 0x5a;
/*
 * ud2, in a data page. With NX working the fetch raises #PF; were NX broken, the
 * ud2 would raise #UD at the same RIP: the same fixup catches both, and the
 * recorded vector tells them apart.
 */
static u8 nx_target[16] __aligned(16) = { 0x0f, 0x0b };

SELFTEST(traps, invalid_opcode_fixup)
{
	this_cpu_write(fixup_vector, ~0UL);
	EXPECT_TRUE(t, insn_faults("ud2"));
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_UD);
}

/* Reads *addr; returns true if it faulted (and was fixed up). */
static bool probe_read(unsigned long addr)
{
	int faulted;
	unsigned long val;

	asm volatile("	movl $0, %0\n"
		     "1:	mov (%2), %1\n"
		     "	jmp 3f\n"
		     "2:	movl $1, %0\n"
		     "3:\n"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(faulted), "=&r"(val) : "r"(addr) : "memory");
	return faulted;
}

SELFTEST(traps, page_fault_fixup)
{
	this_cpu_write(fixup_vector, ~0UL);
	EXPECT_TRUE(t, probe_read(0x1000));		/* the old identity map is gone */
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_PF);
	EXPECT_EQ(t, read_cr2(), 0x1000UL);
	EXPECT_FALSE(t, probe_read((unsigned long)&rodata_byte));
}

SELFTEST(traps, general_protection_fixup)
{
	this_cpu_write(fixup_vector, ~0UL);
	EXPECT_TRUE(t, probe_read(0x0000800000000000UL));	/* non-canonical */
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_GP);
}

SELFTEST(traps, write_to_rodata_faults)
{
	int faulted;

	this_cpu_write(fixup_vector, ~0UL);
	asm volatile("	movl $0, %0\n"
		     "1:	movb $0, (%1)\n"
		     "	jmp 3f\n"
		     "2:	movl $1, %0\n"
		     "3:\n"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(faulted) : "r"(&rodata_byte) : "memory");
	EXPECT_EQ(t, faulted, 1);	/* CR0.WP holds for ring 0 too */
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_PF);
	EXPECT_EQ(t, rodata_byte, 0x5a);
}

SELFTEST(traps, execute_from_data_faults)
{
	int faulted;

	/* The fetch faults with RIP = nx_target itself: that is the table entry. */
	this_cpu_write(fixup_vector, ~0UL);
	asm volatile("	movl $0, %0\n"
		     "	jmp *%1\n"
		     "2:	movl $1, %0\n"
		     _ASM_EXTABLE(nx_target, 2b)
		     : "=&r"(faulted) : "r"(nx_target) : "memory");
	EXPECT_EQ(t, faulted, 1);
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_PF);
	EXPECT_EQ(t, read_cr2(), (unsigned long)nx_target);
}

/*
 * An LDT selector with no LDT loaded is a #GP, which the context switch's fixup
 * turns into a null selector (arch/x86/process.c). Fails if LDTR kept its reset
 * value, a usable table at linear address 0: the load then reads "descriptors"
 * there (a #PF, or worse, a segment).
 */
SELFTEST(traps, ldt_selector_without_an_ldt_is_gp)
{
	unsigned long flags, fsbase;
	int faulted;

	local_irq_save(flags);
	fsbase = rdmsr(MSR_FS_BASE);
	this_cpu_write(fixup_vector, ~0UL);
	asm volatile("	movl $0, %0\n"
		     "1:	mov %w1, %%fs\n"
		     "	jmp 3f\n"
		     "2:	movl $1, %0\n"
		     "3:\n"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(faulted) : "r"(SEGMENT_TI_LDT) : "memory");
	asm volatile("mov %w0, %%fs" : : "r"(0));
	wrmsr(MSR_FS_BASE, fsbase);
	local_irq_restore(flags);
	EXPECT_EQ(t, faulted, 1);
	EXPECT_EQ(t, this_cpu_read(fixup_vector), (unsigned long)X86_TRAP_GP);
}
