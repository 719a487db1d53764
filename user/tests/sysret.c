// SPDX-License-Identifier: GPL-2.0
/*
 * The SYSRET-or-IRET decision, attacked from ring 3: return addresses at the
 * canonical boundary (CVE-2012-0217, Linux's sysret_rip test), and rt_sigreturn
 * to contexts SYSRET could not restore.
 */
#include <asm/cpufeature.h>
#include <uapi/ldt.h>
#include <uapi/mman.h>
#include "harness.h"

static unsigned long syscall_site;

static void jump_to_syscall_site(void)
{
	asm volatile("mov $39, %%eax; jmp *%0" : : "r"(syscall_site) : "rax", "memory");
}

/*
 * A SYSCALL in the last two bytes below TASK_SIZE_MAX: its return address is
 * TASK_SIZE_MAX itself, canonical but in the top page, which no mapping may
 * take. The fetch faults in ring 3 whichever way the kernel returns. Were that
 * page mappable, a SYSCALL in its last two bytes would return to 2^47, which is
 * not canonical: CVE-2012-0217's trigger. So the page must stay out of reach.
 */
SELFTEST(sysret, syscall_at_top_of_user_space)
{
	unsigned long page = map_top_page(true);

	EXPECT_EQ(t, syscall6(__NR_mmap, TASK_SIZE_MAX, PAGE_SIZE,
			      PROT_READ | PROT_WRITE | PROT_EXEC,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0), -ENOMEM);
	ASSERT_EQ(t, page, TASK_SIZE_MAX - PAGE_SIZE);
	((u8 *)page)[PAGE_SIZE - 2] = 0x0f;	/* syscall */
	((u8 *)page)[PAGE_SIZE - 1] = 0x05;
	syscall_site = TASK_SIZE_MAX - 2;
	ASSERT_TRUE(t, faults(jump_to_syscall_site));
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.code, SEGV_MAPERR);
	EXPECT_EQ(t, caught.addr, TASK_SIZE_MAX);
	EXPECT_EQ(t, caught.ip, TASK_SIZE_MAX);
	syscall2(__NR_munmap, page, PAGE_SIZE);
}

/* SIGUSR1's handler rewrites the interrupted context with these, then returns. */
static struct {
	bool set_ip, set_rcx_r11, rcx_r11_match, set_selectors, set_flags, set_gprs;
	bool clear_strict_ss;
	unsigned long ip, rcx, r11, flags_or, sp;
	unsigned short cs, ss;
} rewrite;

static void rewriter(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	struct kernel_sigcontext *sc = &uc->uc_mcontext;

	if (rewrite.set_ip)
		sc->ip = rewrite.ip;
	if (rewrite.set_rcx_r11) {
		sc->cx = rewrite.rcx;
		sc->r11 = rewrite.r11;
	}
	if (rewrite.rcx_r11_match) {	/* what SYSCALL would leave: SYSRET-able but for RIP */
		sc->cx = sc->ip;
		sc->r11 = sc->flags;
	}
	if (rewrite.set_selectors) {
		sc->cs = rewrite.cs;
		sc->ss = rewrite.ss;
	}
	if (rewrite.sp)
		sc->sp = rewrite.sp;
	if (rewrite.clear_strict_ss)
		uc->uc_flags &= ~UC_STRICT_RESTORE_SS;
	if (rewrite.set_flags)
		sc->flags |= rewrite.flags_or;
	if (rewrite.set_gprs) {
		sc->bx = 0x1111, sc->bp = 0x2222, sc->r12 = 0x3333, sc->r15 = 0x4444;
		sc->di = 0x5555, sc->r8 = 0x6666;
	}
}

/* Raise SIGUSR1 with the rewriter installed; resume or fault, then come back here. */
static void sigreturn_to(void)
{
	memset((void *)&caught, 0, sizeof(caught));
	memset(&resume_regs, 0, sizeof(resume_regs));
	sigaction(SIGUSR1, (unsigned long)rewriter, SA_SIGINFO, 0, NULL);
	catch_signal(SIGSEGV, 0, true);
	if (!setjmp(recover_env))
		raise(SIGUSR1);
	reset_signal(SIGUSR1);
	reset_signal(SIGSEGV);
	memset(&rewrite, 0, sizeof(rewrite));
}

/* sigreturn_to() a new RIP with CS and SS from the frame (and any other rewrite set). */
static void sigreturn_to_segments(void *ip, unsigned long cs, unsigned long ss)
{
	rewrite.set_ip = true;
	rewrite.ip = (unsigned long)ip;
	rewrite.set_selectors = true;
	rewrite.cs = cs;
	rewrite.ss = ss;
	sigreturn_to();
}

SELFTEST(sysret, sigreturn_to_noncanonical_rip)
{
	rewrite.set_ip = true;
	rewrite.ip = 1UL << 47;
	sigreturn_to();
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.code, SI_KERNEL);		/* a #GP: no address */
	EXPECT_EQ(t, caught.ip, 1UL << 47);
}

/*
 * The frame SYSRET could restore in every other respect (RCX == RIP, R11 ==
 * RFLAGS, the user selectors), with RIP at 2^47: only the TASK_SIZE_MAX check
 * stands between it and a SYSRET to a non-canonical address, which on Intel
 * raises #GP in ring 0 on the user's stack and GS: there this test fails with
 * the check removed (the kernel oopses). AMD's CPUs and QEMU's TCG complete that
 * SYSRET and fault in ring 3 instead, exactly as after IRET, so the case cannot
 * fail there: it runs on Intel CPUs only (real ones, or KVM on one: QEMU's TCG
 * models say AMD), and the kernel's entry/sysret_decision tests the check itself
 * everywhere.
 */
SELFTEST(sysret, sigreturn_to_noncanonical_rip_that_sysret_could_restore)
{
	struct cpuid_regs v = cpuid(0);

	if (memcmp(&v.ebx, "Genu", 4) || memcmp(&v.edx, "ineI", 4) || memcmp(&v.ecx, "ntel", 4))
		SKIP(t, "an Intel CPU's check: elsewhere SYSRET to 2^47 faults in ring 3 "
		     "as IRET does");
	rewrite.set_ip = true;
	rewrite.ip = 1UL << 47;
	rewrite.rcx_r11_match = true;
	sigreturn_to();
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.code, SI_KERNEL);
	EXPECT_EQ(t, caught.ip, 1UL << 47);
	EXPECT_EQ(t, caught.trapno, 13UL);
}

SELFTEST(sysret, sigreturn_to_last_byte_below_2_47)
{
	rewrite.set_ip = true;
	rewrite.ip = (1UL << 47) - 1;
	sigreturn_to();
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.code, SEGV_MAPERR);
	EXPECT_EQ(t, caught.addr, (1UL << 47) - 1);
	EXPECT_EQ(t, caught.ip, (1UL << 47) - 1);
}

SELFTEST(sysret, sigreturn_to_kernel_rip)
{
	rewrite.set_ip = true;
	rewrite.ip = 0xffffffff80100000UL;
	sigreturn_to();
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.ip, 0xffffffff80100000UL);
}

SELFTEST(sysret, sigreturn_with_rcx_r11_not_matching)
{
	rewrite.set_ip = true;
	rewrite.ip = (unsigned long)resume_dump;
	rewrite.set_rcx_r11 = true;
	rewrite.rcx = 0x1234567890UL;
	rewrite.r11 = 0xabcdef;
	sigreturn_to();
	EXPECT_EQ(t, caught.count, 0);
	EXPECT_EQ(t, resume_regs.rcx, 0x1234567890UL);	/* IRET restored them as given */
	EXPECT_EQ(t, resume_regs.r11, 0xabcdefUL);
}

SELFTEST(sysret, sigreturn_restores_every_register)
{
	rewrite.set_ip = true;
	rewrite.ip = (unsigned long)resume_dump;
	rewrite.set_gprs = true;
	sigreturn_to();
	EXPECT_EQ(t, resume_regs.rbx, 0x1111UL);
	EXPECT_EQ(t, resume_regs.rbp, 0x2222UL);
	EXPECT_EQ(t, resume_regs.r12, 0x3333UL);
	EXPECT_EQ(t, resume_regs.r15, 0x4444UL);
	EXPECT_EQ(t, resume_regs.rdi, 0x5555UL);
	EXPECT_EQ(t, resume_regs.r8, 0x6666UL);
}

/*
 * CS and SS come back from the frame with RPL 3, as on Linux, so a kernel segment
 * there is refused by the IRET itself: #GP with the selector as its error code,
 * reported as a SIGSEGV at the instruction the IRET was going to.
 */
SELFTEST(sysret, sigreturn_to_kernel_selectors_faults_on_the_iret)
{
	sigreturn_to_segments(resume_dump, __KERNEL_CS, __KERNEL_DS);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.trapno, 13UL);
	EXPECT_EQ(t, caught.ip, (unsigned long)resume_dump);
}

/*
 * A frame saved in 64-bit mode has UC_STRICT_RESTORE_SS: its SS comes back as it
 * is, and a null one faults on the IRET. A handler that clears the flag gets a
 * valid SS instead (__USER_DS), as on Linux for DOSEMU.
 */
SELFTEST(sysret, sigreturn_restores_ss_strictly_unless_told_not_to)
{
	sigreturn_to_segments(resume_dump, __USER_CS, 0);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.trapno, 13UL);

	rewrite.clear_strict_ss = true;
	sigreturn_to_segments(resume_dump, __USER_CS, 0);
	EXPECT_EQ(t, caught.count, 0);
	EXPECT_EQ(t, resume_cs & 0xffff, __USER_CS);
	EXPECT_EQ(t, resume_ss & 0xffff, __USER_DS);
}

static volatile struct { unsigned long cs, ss, ip, uc_flags; } trapped;

/*
 * Does the kernel take events by FRED? Its SYSCALL leaves R11 as ring 3 had it,
 * where the IDT path's SYSCALL puts RFLAGS there.
 */
static bool events_by_fred(void)
{
	register unsigned long r11 asm("r11") = 0x5a5a5a5a;
	unsigned long nr = __NR_getpid;

	asm volatile("syscall" : "+a"(nr), "+r"(r11) : : "rcx", "memory");
	return r11 == 0x5a5a5a5a;
}

/* In compat mode's int3: note the frame, then go back to 64-bit mode at resume_dump. */
static void compat_trap(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	struct kernel_sigcontext *sc = &uc->uc_mcontext;

	trapped.cs = sc->cs;
	trapped.ss = sc->ss;
	trapped.ip = sc->ip;
	trapped.uc_flags = uc->uc_flags;
	sc->cs = __USER_CS;
	sc->ip = (unsigned long)resume_dump;
}

/*
 * rt_sigreturn to __USER32_CS runs 32-bit code (compat mode); its int3 comes back
 * as SIGTRAP whose frame says CS 0x23, without UC_STRICT_RESTORE_SS (Linux sets it
 * for 64-bit contexts alone), and a sigreturn from that handler returns to 64-bit
 * mode. The stack is below 4 GiB: compat mode keeps only ESP. Skipped under FRED:
 * the one FRED x86 at hand, Bochs 3.0, checks RIP against a CS limit it never
 * loaded when ERETU returns to IA32_STAR's compat-mode CS and SS (cpu/fred.cc),
 * where the FRED specification's ERETU loads a flat CS as SYSCALL would, so
 * the return dies of a #GP or not by what Bochs's stack held.
 */
SELFTEST(sysret, sigreturn_to_compat_mode_and_back)
{
	unsigned long stack;

	if (events_by_fred())
		SKIP(t, "FRED: Bochs 3.0's ERETU to IA32_STAR's compat-mode CS raises #GP");
	stack = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	ASSERT_TRUE(t, stack < 1UL << 32 && (unsigned long)compat_int3 < 1UL << 32);
	memset((void *)&trapped, 0, sizeof(trapped));
	sigaction(SIGTRAP, (unsigned long)compat_trap, SA_SIGINFO, 0, NULL);
	rewrite.sp = stack + PAGE_SIZE - 64;
	sigreturn_to_segments(compat_int3, __USER32_CS, __USER_DS);
	reset_signal(SIGTRAP);
	EXPECT_EQ(t, caught.count, 0);
	EXPECT_EQ(t, trapped.cs, (unsigned long)__USER32_CS);
	EXPECT_EQ(t, trapped.ss, (unsigned long)__USER_DS);
	EXPECT_EQ(t, trapped.ip, (unsigned long)compat_int3 + 1);
	EXPECT_EQ(t, trapped.uc_flags & (UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS),
		  (unsigned long)UC_SIGCONTEXT_SS);
	EXPECT_EQ(t, resume_cs & 0xffff, __USER_CS);	/* back in 64-bit mode */
	syscall2(__NR_munmap, stack, PAGE_SIZE);
}

static volatile unsigned long trapped_sp;
static volatile int trapped_sig;
static unsigned long resume_stack;

/* compat_int3 with a 16-bit SS: note ESP, then back to 64-bit mode on a real stack. */
static void espfix_trap(int sig, struct kernel_siginfo *si, struct kernel_ucontext *uc)
{
	struct kernel_sigcontext *sc = &uc->uc_mcontext;

	trapped_sp = sc->sp;
	trapped_sig = sig;
	sc->cs = __USER_CS;
	sc->ss = __USER_DS;
	sc->sp = resume_stack;
	sc->ip = (unsigned long)resume_dump;
}

/*
 * A sigreturn to 32-bit code at ip with a 16-bit LDT SS (entry 0) and ESP
 * 0xa5a51230, RCX = rcx, whose trap (SIGTRAP or SIGILL, on an alternate stack: that
 * ESP is no stack to write a frame on) espfix_trap() notes and leaves to 64-bit mode.
 * false: the LDT entry or the alternate stack could not be set up.
 */
static bool sigreturn_to_16bit_ss(void *ip, unsigned long rcx)
{
	static u8 alt[16384] __aligned(16);
	struct user_desc d = { .entry_number = 0, .limit = 0xffff };	/* 16-bit data */
	kernel_stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) }, old;
	unsigned long stack = syscall6(__NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
				       -1, 0);

	if (syscall3(__NR_modify_ldt, 0x11, &d, sizeof(d)) || sigaltstack(&ss, &old))
		return false;
	resume_stack = stack + PAGE_SIZE - 64;
	trapped_sp = 0;
	trapped_sig = 0;
	sigaction(SIGTRAP, (unsigned long)espfix_trap, SA_SIGINFO | SA_ONSTACK, 0, NULL);
	sigaction(SIGILL, (unsigned long)espfix_trap, SA_SIGINFO | SA_ONSTACK, 0, NULL);
	rewrite.set_rcx_r11 = true;
	rewrite.rcx = rcx;
	rewrite.sp = 0xa5a51230;
	sigreturn_to_segments(ip, __USER32_CS, 0 << 3 | SEGMENT_TI_LDT | 3);
	reset_signal(SIGTRAP);
	reset_signal(SIGILL);
	sigaltstack(&old, NULL);
	d = (struct user_desc){ .read_exec_only = 1, .seg_not_present = 1 };	/* cleared */
	syscall3(__NR_modify_ldt, 0x11, &d, sizeof(d));
	syscall2(__NR_munmap, stack, PAGE_SIZE);
	return true;
}

/*
 * espfix64: an IRET to a 16-bit stack segment loads only SP, and bits 31:16 of
 * ESP keep what RSP held before it, in ring 0: the kernel's stack address,
 * unless the exit path IRETs from a ministack alias whose bits 31:16 are the
 * user's. A sigreturn to compat mode with a 16-bit LDT SS and a chosen ESP, whose
 * int3 reports ESP whole: all 32 bits as chosen.
 */
SELFTEST(sysret, sigreturn_to_a_16bit_ss_keeps_esp_bits_31_16)
{
	ASSERT_TRUE(t, sigreturn_to_16bit_ss(compat_int3, 0));
	EXPECT_EQ(t, caught.count, 0);
	EXPECT_EQ(t, trapped_sig, SIGTRAP);
	EXPECT_EQ(t, trapped_sp & 0xffffffff, 0xa5a51230UL);
	EXPECT_EQ(t, resume_cs & 0xffff, __USER_CS);	/* back in 64-bit mode */
}

/*
 * 2^26 rounds of compat-mode code on a 16-bit LDT SS, checking ESP at each: the
 * ticks of those seconds, and under make test's NMI storm the NMIs too, each
 * return by IRETQ and must leave ESP whole. An NMI once returned by the paranoid
 * entry's own IRETQ, on its IST stack, so ESP came back with bits 31:16 of that
 * stack's address (no espfix64): the loop then stops at a UD2 (SIGILL).
 */
SELFTEST(sysret, esp_bits_31_16_survive_interrupts_and_nmis_on_a_16bit_ss)
{
	ASSERT_TRUE(t, (unsigned long)compat_watch_esp < 1UL << 32);
	ASSERT_TRUE(t, sigreturn_to_16bit_ss(compat_watch_esp, 1UL << 26));
	EXPECT_EQ(t, trapped_sig, SIGTRAP);
	EXPECT_EQ(t, trapped_sp & 0xffffffff, 0xa5a51230UL);
	EXPECT_EQ(t, resume_cs & 0xffff, __USER_CS);
}

/*
 * The IRET to an LDT SS that names no segment faults on the ministack, whose
 * read-only alias takes no exception frame: the CPU raises #DF, and the kernel
 * makes it the user's #GP(0) at the IRET's target, as Linux does (the #NP or #SS
 * the IRET raised is lost). Without that fix-up the #DF oopses.
 */
SELFTEST(sysret, sigreturn_to_a_missing_ldt_ss_is_a_gp_through_double_fault)
{
	/* LDT entry 7: never written */
	sigreturn_to_segments(compat_int3, __USER32_CS, 7 << 3 | SEGMENT_TI_LDT | 3);
	EXPECT_EQ(t, caught.count, 1);
	EXPECT_EQ(t, caught.sig, SIGSEGV);
	EXPECT_EQ(t, caught.trapno, 13UL);
	EXPECT_EQ(t, caught.ip, (unsigned long)compat_int3);
}

SELFTEST(sysret, sigreturn_sanitises_system_flags)
{
	rewrite.set_ip = true;
	rewrite.ip = (unsigned long)resume_dump;
	rewrite.set_flags = true;
	rewrite.flags_or = X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_VM | X86_EFLAGS_CF;
	sigreturn_to();
	EXPECT_EQ(t, resume_flags & (X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_VM), 0UL);
	EXPECT_TRUE(t, resume_flags & X86_EFLAGS_IF);
	EXPECT_TRUE(t, resume_flags & X86_EFLAGS_CF);	/* an arithmetic flag: kept */
}
