/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptrace(2)'s requests, options and the tracer's view of a task's registers:
 * Linux's uapi linux/ptrace.h, asm/ptrace-abi.h and sys/user.h (x86-64), whose
 * layout debuggers and Linux's selftests compute offsets into.
 */
#ifndef _UAPI_PTRACE_H
#define _UAPI_PTRACE_H

#define PTRACE_TRACEME		0
#define PTRACE_PEEKTEXT		1
#define PTRACE_PEEKDATA		2
#define PTRACE_PEEKUSR		3
#define PTRACE_POKETEXT		4
#define PTRACE_POKEDATA		5
#define PTRACE_POKEUSR		6
#define PTRACE_CONT		7
#define PTRACE_KILL		8
#define PTRACE_SINGLESTEP	9
#define PTRACE_GETREGS		12
#define PTRACE_SETREGS		13
#define PTRACE_GETFPREGS	14
#define PTRACE_SETFPREGS	15
#define PTRACE_ATTACH		16
#define PTRACE_DETACH		17
#define PTRACE_GETFPXREGS	18	/* i386 tracers: the FXSAVE image */
#define PTRACE_SETFPXREGS	19
#define PTRACE_SYSCALL		24
#define PTRACE_SYSEMU		31
#define PTRACE_SETOPTIONS	0x4200
#define PTRACE_GETEVENTMSG	0x4201
#define PTRACE_GETSIGINFO	0x4202
#define PTRACE_PEEKSIGINFO	0x4209
#define PTRACE_SEIZE		0x4206
#define PTRACE_INTERRUPT	0x4207
#define PTRACE_SECCOMP_GET_FILTER	0x420c
#define PTRACE_SECCOMP_GET_METADATA	0x420d
#define PTRACE_GET_SYSCALL_INFO	0x420e
#define PTRACE_SET_SYSCALL_USER_DISPATCH_CONFIG	0x4210
#define PTRACE_GET_SYSCALL_USER_DISPATCH_CONFIG	0x4211
#define PTRACE_SET_SYSCALL_INFO	0x4212

/* PTRACE_PEEKSIGINFO's addr: nr siginfos from the off-th pending signal on. */
struct ptrace_peeksiginfo_args {
	unsigned long long off;
	unsigned int flags;
	int nr;
};
#define PTRACE_PEEKSIGINFO_SHARED	1	/* the process's queue, not the thread's */

#define PTRACE_O_TRACESYSGOOD	0x00000001	/* syscall stops report SIGTRAP | 0x80 */
#define PTRACE_O_TRACESECCOMP	0x00000080	/* stop at a filter's SECCOMP_RET_TRACE */
#define PTRACE_O_EXITKILL	0x00100000	/* the tracer's exit kills the tracee */
#define PTRACE_O_SUSPEND_SECCOMP 0x00200000	/* the tracee's seccomp off: CAP_SYS_ADMIN only */

#define PTRACE_EVENT_SECCOMP	7		/* a filter's SECCOMP_RET_TRACE: status >> 16 */
#define PTRACE_EVENT_STOP	128		/* PTRACE_INTERRUPT's stop: status >> 16 */

/* PTRACE_GETEVENTMSG at a syscall stop: which of the two it is (Linux 5.3). */
#define PTRACE_EVENTMSG_SYSCALL_ENTRY	1
#define PTRACE_EVENTMSG_SYSCALL_EXIT	2

/*
 * PTRACE_GET_SYSCALL_INFO (Linux 5.3) and PTRACE_SET_SYSCALL_INFO (6.16): the
 * stop the tracee is in and its call. GET returns the size of the part that
 * means something for that stop (the union's member, or nothing), and copies at
 * most the size the tracer gave.
 */
#define PTRACE_SYSCALL_INFO_NONE	0	/* not a syscall stop */
#define PTRACE_SYSCALL_INFO_ENTRY	1
#define PTRACE_SYSCALL_INFO_EXIT	2
#define PTRACE_SYSCALL_INFO_SECCOMP	3	/* PTRACE_EVENT_SECCOMP */

struct ptrace_syscall_info {
	unsigned char op;		/* PTRACE_SYSCALL_INFO_* */
	unsigned char reserved;		/* SET: must be 0 */
	unsigned short flags;		/* SET: must be 0 */
	unsigned int arch;		/* AUDIT_ARCH_* */
	unsigned long long instruction_pointer;
	unsigned long long stack_pointer;
	union {
		struct {
			unsigned long long nr;
			unsigned long long args[6];
		} entry;
		struct {
			long long rval;
			unsigned char is_error;
		} exit;
		struct {
			unsigned long long nr;
			unsigned long long args[6];
			unsigned int ret_data;	/* the filter's SECCOMP_RET_DATA */
			unsigned int reserved2;
		} seccomp;
	};
};

/* PTRACE_GET/SET_SYSCALL_USER_DISPATCH_CONFIG (Linux 6.3): what prctl() set. */
struct ptrace_sud_config {
	unsigned long long mode;	/* PR_SYS_DISPATCH_* */
	unsigned long long selector;
	unsigned long long offset;
	unsigned long long len;
};

/* The registers as PTRACE_GETREGS gives them: struct pt_regs, then the segments. */
struct user_regs_struct {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
	unsigned long fs_base, gs_base, ds, es, fs, gs;
};

/* The start of struct user that PEEKUSER and POKEUSER reach, with u_debugreg's place. */
#define USER_DEBUGREG_OFFSET	848	/* offsetof(struct user, u_debugreg) */
#define USER_STRUCT_SIZE	912	/* sizeof(struct user) */

#endif
