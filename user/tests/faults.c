// SPDX-License-Identifier: GPL-2.0
/*
 * Faults from ring 3: each must arrive as the right signal with Linux's si_code
 * and si_addr, and the program must be able to carry on.
 */
#include <file.h>
#include <uapi/mman.h>
#include "harness.h"

static const u8 rodata_byte = 1;
static u8 data_page[PAGE_SIZE] __aligned(PAGE_SIZE) = { 0xc3 };

static void do_int3(void)	{ asm volatile("int3"); }
static void do_ud2(void)	{ asm volatile("ud2"); }
static void do_cli(void)	{ asm volatile("cli"); }
static void do_hlt(void)	{ asm volatile("hlt"); }
static void do_rdpmc(void)	{ asm volatile("rdpmc" : : "c"(1U << 30) : "rax", "rdx"); }
static void do_wrmsr(void)	{ asm volatile("wrmsr" : : "c"(0xc0000082), "a"(0), "d"(0)); }
static void do_mov_cr3(void)	{ asm volatile("mov %0, %%cr3" : : "r"(0UL)); }
static void do_in(void)		{ asm volatile("inb $0x80, %%al" : : : "rax"); }
static void do_out(void)	{ asm volatile("outb %%al, $0x80" : : "a"(0)); }
static void do_kread(void)	{ (void)*(volatile long *)0xffffffff80100000UL; }
static unsigned long probe_addr;
static void do_probe_read(void)	{ (void)*(volatile long *)probe_addr; }
static void do_kwrite(void)	{ *(volatile long *)0xffff888000100000UL = 0; }
static void do_rodata_write(void) { *(volatile u8 *)&rodata_byte = 2; }
static void do_noncanon(void)	{ (void)*(volatile long *)0x0000800000000000UL; }
static void do_exec_data(void)	{ ((void (*)(void))data_page)(); }

/*
 * A misaligned load with EFLAGS.AC set, then AC clear again. The handler runs
 * with AC still set, as on Linux (signal delivery clears DF, RF and TF only), and
 * recovers by longjmp(), which leaves AC as it was: the test clears it after.
 */
static void do_misaligned_with_ac(void)
{
	static u64 words[2];

	asm volatile("pushfq; orq %[ac], (%%rsp); popfq\n\t"
		     "movl 1(%[p]), %%eax\n\t"
		     "pushfq; andq %[not_ac], (%%rsp); popfq"
		     : : [p] "r"(words), [ac] "i"(X86_EFLAGS_AC), [not_ac] "i"(~X86_EFLAGS_AC)
		     : "rax", "memory", "cc");
}

/* QEMU's TCG, which says so in CPUID's hypervisor leaf, models no #AC. */
static bool cpu_is_qemu_tcg(void)
{
	unsigned int eax, sig[3];

	asm volatile("cpuid" : "=a"(eax), "=b"(sig[0]), "=c"(sig[1]), "=d"(sig[2])
		     : "a"(0x40000000U), "c"(0));
	return !memcmp(sig, "TCGTCGTCGTCG", sizeof(sig));
}

static void clear_ac(void)
{
	asm volatile("pushfq; andq %0, (%%rsp); popfq" : : "i"(~X86_EFLAGS_AC) : "memory", "cc");
}

static void do_int_timer(void)	{ asm volatile("int $0x20"); }
static void do_int4(void)	{ asm volatile("int $4\n\t.globl after_int4\nafter_int4:"); }
extern const char after_int4[];

static void do_div0(void)
{
	asm volatile("xor %%ecx, %%ecx; div %%ecx" : : : "rax", "rcx", "rdx");
}

static void do_exec_stack(void)
{
	u8 code[16] = { 0xc3 };

	((void (*)(void))code)();
	asm volatile("" : : "r"(code) : "memory");
}

static unsigned long exec_heap_page;

static void do_exec_heap(void)
{
	((void (*)(void))exec_heap_page)();
}

#define EXPECT_FAULT(t, fn, signo, sicode)				\
	do {								\
		ASSERT_TRUE(t, faults(fn));				\
		EXPECT_EQ(t, caught.sig, signo);			\
		EXPECT_EQ(t, caught.code, sicode);			\
	} while (0)

SELFTEST(faults, int3_is_sigtrap)
{
	EXPECT_FAULT(t, do_int3, SIGTRAP, SI_KERNEL);
	EXPECT_EQ(t, caught.trapno, 3UL);
}

SELFTEST(faults, ud2_is_sigill)
{
	EXPECT_FAULT(t, do_ud2, SIGILL, ILL_ILLOPN);
	EXPECT_EQ(t, caught.addr, caught.ip);
	EXPECT_EQ(t, *(u16 *)caught.ip, 0x0b0f);	/* si_addr points at the ud2 */
}

SELFTEST(faults, divide_by_zero_is_sigfpe)
{
	EXPECT_FAULT(t, do_div0, SIGFPE, FPE_INTDIV);
	EXPECT_EQ(t, caught.addr, caught.ip);
}

SELFTEST(faults, cli_is_sigsegv)
{
	EXPECT_FAULT(t, do_cli, SIGSEGV, SI_KERNEL);
	EXPECT_EQ(t, caught.addr, 0UL);
	EXPECT_EQ(t, caught.trapno, 13UL);
}

SELFTEST(faults, hlt_is_sigsegv)
{
	EXPECT_FAULT(t, do_hlt, SIGSEGV, SI_KERNEL);
}

/*
 * RDPMC from ring 3 needs CR4.PCE, which entrylab never sets: no program reads the
 * performance counters (a fixed counter here: ECX bit 30), #GP.
 */
SELFTEST(faults, rdpmc_is_sigsegv)
{
	EXPECT_FAULT(t, do_rdpmc, SIGSEGV, SI_KERNEL);
	EXPECT_EQ(t, caught.trapno, 13UL);
}

/*
 * CR0.AM is set, as on Linux: with EFLAGS.AC set, a misaligned access in ring 3 is
 * #AC, reported as SIGBUS, BUS_ADRALN, with no address (Linux's do_trap()). The
 * same access with AC clear is no fault at all.
 */
SELFTEST(faults, misaligned_access_with_ac_set_is_sigbus)
{
	bool faulted;

	if (cpu_is_qemu_tcg())
		SKIP(t, "QEMU's TCG does not model alignment checks (Bochs does)");
	faulted = faults(do_misaligned_with_ac);
	clear_ac();
	ASSERT_TRUE(t, faulted);
	EXPECT_EQ(t, caught.sig, SIGBUS);
	EXPECT_EQ(t, caught.code, BUS_ADRALN);
	EXPECT_EQ(t, caught.trapno, 17UL);
	EXPECT_EQ(t, caught.addr, 0UL);
	EXPECT_TRUE(t, caught.flags & X86_EFLAGS_AC);	/* the state it faulted in */
	EXPECT_FALSE(t, read_flags() & X86_EFLAGS_AC);
}

SELFTEST(faults, wrmsr_is_sigsegv)
{
	EXPECT_FAULT(t, do_wrmsr, SIGSEGV, SI_KERNEL);
}

SELFTEST(faults, mov_to_cr3_is_sigsegv)
{
	EXPECT_FAULT(t, do_mov_cr3, SIGSEGV, SI_KERNEL);
}

SELFTEST(faults, port_in_is_sigsegv)
{
	EXPECT_FAULT(t, do_in, SIGSEGV, SI_KERNEL);
}

SELFTEST(faults, port_out_is_sigsegv)
{
	EXPECT_FAULT(t, do_out, SIGSEGV, SI_KERNEL);
}

/*
 * Vector 4 (#OF) is a ring-3 gate, as #BP is, and as on Linux: "int $4" raises
 * #OF, a trap reported after the instruction, not a #GP at it (which Linux's
 * mov_ss_trap would re-execute forever after its SA_RESETHAND handler).
 */
SELFTEST(faults, int_4_is_an_overflow_trap)
{
	EXPECT_FAULT(t, do_int4, SIGSEGV, SI_KERNEL);
	EXPECT_EQ(t, caught.trapno, 4UL);
	EXPECT_EQ(t, caught.ip, (unsigned long)after_int4);
}

/*
 * No faking a hardware interrupt: the timer's gate is ring 0's, so INT is a #GP at
 * it, its error code naming an IDT gate, and RF as in the frame of a #GP the CPU
 * raises itself (HLT's): set on hardware, clear under QEMU's TCG, which sets RF in
 * no fault's frame (fails under FRED when the INT, which FRED delivers after the
 * instruction, is made that #GP without RF).
 */
SELFTEST(faults, int_timer_vector_is_sigsegv)
{
	unsigned long hlt_rf;

	EXPECT_FAULT(t, do_hlt, SIGSEGV, SI_KERNEL);
	hlt_rf = caught.flags & X86_EFLAGS_RF;
	EXPECT_FAULT(t, do_int_timer, SIGSEGV, SI_KERNEL);
	EXPECT_EQ(t, caught.trapno, 13UL);
	EXPECT_EQ(t, caught.err & 7, 2UL);			/* IDT, not EXT */
	EXPECT_EQ(t, *(const u16 *)caught.ip, 0x20cd);		/* at the INT */
	EXPECT_EQ(t, caught.flags & X86_EFLAGS_RF, hlt_rf);
}

SELFTEST(faults, read_kernel_text)
{
	EXPECT_FAULT(t, do_kread, SIGSEGV, SEGV_MAPERR);
	EXPECT_EQ(t, caught.addr, 0xffffffff80100000UL);
}

#define PF_PRESENT	1UL	/* page-fault error code: a protection fault, not absent */
#define KERNEL_IMAGE	0xffffffff80200000UL	/* KERNEL_VMA + 2 MiB, where it links */

/* The kernel's answer in /sys/devices/system/cpu/vulnerabilities/meltdown, into buf (zeroed). */
static void meltdown_file(struct test *t, char buf[64])
{
	long fd = syscall4(__NR_openat, AT_FDCWD,
			   "/sys/devices/system/cpu/vulnerabilities/meltdown", O_RDONLY, 0);

	EXPECT_GE(t, fd, 0L);
	EXPECT_GT(t, syscall3(__NR_read, fd, buf, 63), 0L);
	syscall1(__NR_close, fd);
}

/* Whether a read of addr from ring 3 finds a page there (and, being ring 3, faults). */
static bool page_present(struct test *t, unsigned long addr)
{
	probe_addr = addr;
	if (!EXPECT_TRUE(t, faults(do_probe_read)))
		return false;
	EXPECT_EQ(t, caught.code, (long)SEGV_MAPERR);	/* Linux's code for kernel addresses */
	return caught.err & PF_PRESENT;
}

/*
 * The kernel image links its entry text first, then the rest of .text. Without
 * PTI every page of it is present (and a protection fault for ring 3); with PTI
 * the entry text is, and the kernel text right after it faults as not present:
 * the user's page tables do not map it at all.
 */
SELFTEST(faults, kernel_text_is_absent_with_pti)
{
	unsigned long va = KERNEL_IMAGE, run = 0;
	char meltdown[64] = "";

	while (va < KERNEL_IMAGE + 64 * PAGE_SIZE && !page_present(t, va))
		va += PAGE_SIZE;			/* the boot sections: not mapped at all */
	ASSERT_TRUE(t, va < KERNEL_IMAGE + 64 * PAGE_SIZE);
	while (run < 64 && page_present(t, va + run * PAGE_SIZE))
		run++;
	meltdown_file(t, meltdown);
	if (!strcmp(meltdown, "Mitigation: PTI\n"))
		EXPECT_LE(t, run, 8UL);			/* the entry text alone */
	else if (!strcmp(meltdown, "Vulnerable\n"))
		EXPECT_EQ(t, run, 64UL);		/* text, rodata, data ... */
	else	/* "Not affected", as Linux says it with PTI forced (pti=on) or not */
		EXPECT_TRUE(t, run <= 8 || run == 64);
}

SELFTEST(faults, write_kernel_direct_map)
{
	EXPECT_FAULT(t, do_kwrite, SIGSEGV, SEGV_MAPERR);
	EXPECT_EQ(t, caught.addr, 0xffff888000100000UL);
}

SELFTEST(faults, noncanonical_access)
{
	EXPECT_FAULT(t, do_noncanon, SIGSEGV, SI_KERNEL);	/* #GP, not #PF */
}

SELFTEST(faults, write_to_rodata)
{
	EXPECT_FAULT(t, do_rodata_write, SIGSEGV, SEGV_ACCERR);
	EXPECT_EQ(t, caught.addr, (unsigned long)&rodata_byte);
}

SELFTEST(faults, execute_from_data)
{
	EXPECT_FAULT(t, do_exec_data, SIGSEGV, SEGV_ACCERR);
	EXPECT_EQ(t, caught.addr, (unsigned long)data_page);
}

SELFTEST(faults, execute_from_stack)
{
	EXPECT_FAULT(t, do_exec_stack, SIGSEGV, SEGV_ACCERR);
	EXPECT_EQ(t, caught.addr, caught.ip);
}

SELFTEST(faults, execute_from_heap)
{
	exec_heap_page = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);	/* RW */
	ASSERT_TRUE(t, exec_heap_page < TASK_SIZE_MAX);
	*(u8 *)exec_heap_page = 0xc3;
	EXPECT_FAULT(t, do_exec_heap, SIGSEGV, SEGV_ACCERR);
	EXPECT_EQ(t, caught.addr, exec_heap_page);
	syscall2(__NR_munmap, exec_heap_page, PAGE_SIZE);
}
