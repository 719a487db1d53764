// SPDX-License-Identifier: GPL-2.0
/*
 * A task's hardware breakpoints: DR0-DR3 hold addresses, DR7 says which are on
 * and what each watches (an instruction fetch, a write, a read or write) over
 * how many bytes. Only a tracer sets them (PTRACE_POKEUSER of u_debugreg); the
 * task's #DB then reports which fired in DR6 (arch/x86/traps.c). Linux builds
 * a perf event per breakpoint; entrylab keeps the registers' values themselves,
 * loaded at a context switch into or out of a task that has any.
 *
 * A breakpoint never reaches the kernel half: an instruction breakpoint there
 * would trap in every #DB handler it covers, and a data one would report kernel
 * accesses to ring 3. Ring 0 still trips a user watchpoint when copy_from_user()
 * reads the watched bytes, or when a MOV SS held the #DB back until the first
 * instruction of the SYSCALL stub; that #DB takes the paranoid entry, which only
 * records it (arch/x86/traps.c), as Linux records it in the virtual DR6.
 */
#include <asm/debugreg.h>
#include <asm/page.h>
#include <errno.h>
#include <sched.h>

#define DR7_ENABLE_BITS		0xffUL		/* L0, G0, ... L3, G3 */
#define DR7_CONTROL_RESERVED	0xffffffff0000fc00UL	/* GD, reserved: dropped, as Linux */
#define DR7_CONTROL_SHIFT	16		/* then RW0, LEN0, RW1, LEN1, ... */
#define DR7_RW_EXECUTE		0
#define DR7_RW_IO		2		/* I/O ports: only with CR4.DE, refused */

static unsigned int dr7_type(unsigned long dr7, unsigned int n)
{
	return (dr7 >> (DR7_CONTROL_SHIFT + 4 * n)) & 3;
}

/* LEN's encoding: 00 one byte, 01 two, 11 four, 10 eight. */
static unsigned long dr7_len(unsigned long dr7, unsigned int n)
{
	static const unsigned char bytes[4] = { 1, 2, 8, 4 };

	return bytes[(dr7 >> (DR7_CONTROL_SHIFT + 4 * n + 2)) & 3];
}

static bool dr7_enabled(unsigned long dr7, unsigned int n)
{
	return dr7 & (3UL << (2 * n));
}

/*
 * Can this combination of addresses and DR7 be loaded for ring 3? As Linux: -EINVAL
 * if an enabled breakpoint cannot be (an I/O one, an instruction one of more than a
 * byte, a misaligned or kernel address). The caller has dropped DR7's GD and
 * reserved bits; LE and GE stay, meaning nothing to a CPU since the P6.
 */
static int check_breakpoints(const unsigned long addr[HBP_NUM], unsigned long dr7)
{
	for (unsigned int n = 0; n < HBP_NUM; n++) {
		unsigned long len = dr7_len(dr7, n);

		if (!dr7_enabled(dr7, n))
			continue;
		if (dr7_type(dr7, n) == DR7_RW_IO)
			return -EINVAL;
		if (dr7_type(dr7, n) == DR7_RW_EXECUTE && len != 1)
			return -EINVAL;
		if ((addr[n] & (len - 1)) || addr[n] >= TASK_SIZE_MAX - len)
			return -EINVAL;
	}
	return 0;
}

int ptrace_get_debugreg(struct task *t, unsigned int n, unsigned long *val)
{
	const struct debugregs *d = &t->thread.debug;

	if (n < HBP_NUM)
		*val = d->addr[n];
	else
		*val = n == 6 ? d->dr6 : n == 7 ? d->dr7 : 0;
	return 0;
}

/* t is stopped and off every CPU: its registers reach the CPU at its next switch in. */
int ptrace_set_debugreg(struct task *t, unsigned int n, unsigned long val)
{
	struct debugregs *d = &t->thread.debug;
	unsigned long addr[HBP_NUM];
	int ret;

	if (n == 6) {
		d->dr6 = val;
		return 0;
	}
	if (n != 7 && n >= HBP_NUM)
		return -EIO;		/* DR4 and DR5 do not exist */
	for (unsigned int i = 0; i < HBP_NUM; i++)
		addr[i] = d->addr[i];
	if (n < HBP_NUM)
		addr[n] = val;
	if (n < HBP_NUM && val >= TASK_SIZE_MAX)
		return -EINVAL;
	if (n == 7)
		val &= ~DR7_CONTROL_RESERVED;	/* Linux's ptrace_write_dr7(): ignored, not
						 * refused */
	ret = check_breakpoints(addr, n == 7 ? val : d->dr7);
	if (ret)
		return ret;
	if (n < HBP_NUM)
		d->addr[n] = val;
	else
		d->dr7 = val;
	return 0;
}

unsigned long debugregs_enabled(const struct task *t)
{
	unsigned long mask = 0;

	for (unsigned int n = 0; n < HBP_NUM; n++)
		if (dr7_enabled(t->thread.debug.dr7, n))
			mask |= BIT(n);
	return mask;
}

bool debugregs_hit_instruction(const struct task *t, unsigned long dr6)
{
	for (unsigned int n = 0; n < HBP_NUM; n++)
		if ((dr6 & BIT(n)) && dr7_type(t->thread.debug.dr7, n) == DR7_RW_EXECUTE)
			return true;
	return false;
}

static __always_inline void set_dr7(unsigned long val)
{
	asm volatile("mov %0, %%dr7" : : "r"(val));
}

void switch_debugregs_irqoff(const struct task *next)
{
	const struct debugregs *d = &next->thread.debug;

	set_dr7(0);		/* the last task's breakpoints off before next's addresses go in */
	if (!d->dr7)
		return;
	asm volatile("mov %0, %%dr0" : : "r"(d->addr[0]));
	asm volatile("mov %0, %%dr1" : : "r"(d->addr[1]));
	asm volatile("mov %0, %%dr2" : : "r"(d->addr[2]));
	asm volatile("mov %0, %%dr3" : : "r"(d->addr[3]));
	set_dr7(d->dr7);
}
