/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals as Linux x86-64 user space sees them: numbers, sigaction flags, and the
 * layouts of siginfo, stack_t, sigcontext, ucontext and the rt_sigframe the kernel
 * builds on the user stack. Shared by the kernel and the ring-3 programs.
 */
#ifndef _UAPI_ENTRYLAB_SIGNAL_H
#define _UAPI_ENTRYLAB_SIGNAL_H

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGILL		4
#define SIGTRAP		5
#define SIGABRT		6
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPWR		30
#define SIGSYS		31
#define SIGRTMIN	32
#define _NSIG		64

#define SIG_DFL		0UL
#define SIG_IGN		1UL

#define SA_NOCLDSTOP	0x00000001
#define SA_NOCLDWAIT	0x00000002
#define SA_SIGINFO	0x00000004
#define SA_RESTORER	0x04000000
#define SA_ONSTACK	0x08000000
#define SA_RESTART	0x10000000
#define SA_NODEFER	0x40000000
#define SA_RESETHAND	0x80000000

#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2

#define SS_ONSTACK	1
#define SS_DISABLE	2
#define SS_AUTODISARM	(1U << 31)	/* disarmed while a handler runs on it */
#define MINSIGSTKSZ	2048

/* si_code values. */
#define SI_USER		0
#define SI_QUEUE	(-1)	/* sigqueue() */
#define SI_TIMER	(-2)	/* a POSIX timer's expiry */
#define SI_TKILL	(-6)	/* tkill() and tgkill() */
#define SI_KERNEL	0x80
#define ILL_ILLOPN	2
#define FPE_INTDIV	1
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define BUS_ADRALN	1
#define BUS_ADRERR	2	/* no object behind the address (past a shared object's end) */
#define TRAP_BRKPT	1
#define TRAP_TRACE	2
#define TRAP_HWBKPT	4	/* a debug register's breakpoint or watchpoint */
#define NSIGTRAP	6	/* SIGTRAP's codes end here; a ptrace stop's are above */
#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_TRAPPED	4	/* a traced child stopped for its tracer */
#define SYS_SECCOMP	1	/* SIGSYS: a seccomp filter's SECCOMP_RET_TRAP */
#define SYS_USER_DISPATCH 2	/* SIGSYS: a call Syscall User Dispatch sent back */

/* The kernel's sigset: one bit per signal, bit (sig - 1). */
typedef unsigned long kernel_sigset_t;

/* rt_sigaction's struct: the mask comes last, as on every Linux architecture. */
struct kernel_sigaction {
	unsigned long handler;		/* SIG_DFL, SIG_IGN or a function */
	unsigned long flags;
	unsigned long restorer;		/* SA_RESTORER: where the handler returns to */
	kernel_sigset_t mask;		/* blocked while the handler runs */
};

typedef struct {
	void *ss_sp;
	int ss_flags;
	unsigned long ss_size;
} kernel_stack_t;

/* 128 bytes; the union starts at offset 16. */
struct kernel_siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	int __pad;
	union {
		struct {
			int pid;
			unsigned int uid;
		} kill;
		struct {		/* sigqueue() and any negative si_code */
			int pid;
			unsigned int uid;
			unsigned long value;	/* union sigval: sival_int or sival_ptr */
		} rt;
		struct {		/* SI_TIMER: a POSIX timer's expiry */
			int tid;	/* the timer's id */
			int overrun;	/* expiries not sent while this was pending */
			unsigned long value;
		} timer;
		struct {
			void *addr;
		} fault;
		struct {		/* SIGSYS (seccomp: si_errno is the filter's data) */
			void *call_addr;	/* the instruction after the SYSCALL */
			int syscall;
			unsigned int arch;	/* AUDIT_ARCH_* */
		} sigsys;
		struct {
			int pid;
			unsigned int uid;
			int status;	/* exit status, or the signal that killed it */
			long utime, stime;
		} sigchld;
		char __size[112];
	};
};

/* x86-64 struct sigcontext: 256 bytes. */
struct kernel_sigcontext {
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long di, si, bp, bx, dx, ax, cx, sp, ip;
	unsigned long flags;
	unsigned short cs, gs, fs, ss;
	unsigned long err, trapno, oldmask, cr2;
	unsigned long fpstate;		/* user address of the FXSAVE or XSAVE image, or 0 */
	unsigned long reserved1[8];
};

#define UC_FP_XSTATE		0x1	/* the fpstate is an XSAVE image (asm/fpu.h) */
#define UC_SIGCONTEXT_SS	0x2
#define UC_STRICT_RESTORE_SS	0x4

struct kernel_ucontext {
	unsigned long uc_flags;
	struct kernel_ucontext *uc_link;
	kernel_stack_t uc_stack;
	struct kernel_sigcontext uc_mcontext;
	kernel_sigset_t uc_sigmask;	/* restored by rt_sigreturn */
};

/*
 * What the handler finds at its RSP: the return address (sa_restorer, which
 * calls rt_sigreturn), then the ucontext, then the siginfo. The FXSAVE image
 * sits above, 64-byte aligned, pointed to by uc_mcontext.fpstate.
 */
struct rt_sigframe {
	unsigned long pretcode;
	struct kernel_ucontext uc;
	struct kernel_siginfo info;
};

#endif
