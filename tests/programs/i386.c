/*
 * The i386 suite: what a 32-bit program may rely on, checked from inside one
 * (a stock static glibc program built with gcc -m32, booted as init by make test
 * on an AMD and on an Intel CPU model). Linux's _32 selftests cover much of the
 * entry path; these are the promises they take for granted: the registers each
 * entry keeps, the vendor's fast instruction, argument 6, the signal frame and
 * its return, TLS through the GDT, the 4 GiB address space, bad pointers, both
 * widths of time_t, i386's struct stat64 and iovec. One KTAP line per case, then the totals.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <asm/ldt.h>
#include <cpuid.h>
#include <linux/filter.h>
#include <linux/futex.h>
#include <linux/seccomp.h>

static int cases, failures;
static const char *failed_why;

#define CHECK(cond)							\
	do {								\
		if (!(cond) && !failed_why)				\
			failed_why = #cond;				\
	} while (0)

static void run(const char *name, void (*fn)(void))
{
	failed_why = NULL;
	fn();
	cases++;
	if (failed_why) {
		failures++;
		printf("not ok %d %s: %s\n", cases, name, failed_why);
	} else {
		printf("ok %d %s\n", cases, name);
	}
	fflush(stdout);
}

/* The registers a call hands in and gets back, all but ESP. */
struct regs32 {
	uint32_t eax, ebx, ecx, edx, esi, edi, ebp;
};

/* One system call with every register set from *r, and all of them read back into *r. */
static void call32(struct regs32 *r, void *target)
{
	struct regs32 *p = r;

	asm volatile("pushl %%ebp\n\t"
		     "pushl %%eax\n\t"		/* r */
		     "pushl %%edx\n\t"		/* target: __kernel_vsyscall, or NULL */
		     "movl 4(%%eax), %%ebx\n\t"
		     "movl 8(%%eax), %%ecx\n\t"
		     "movl 12(%%eax), %%edx\n\t"
		     "movl 16(%%eax), %%esi\n\t"
		     "movl 20(%%eax), %%edi\n\t"
		     "movl 24(%%eax), %%ebp\n\t"
		     "movl 0(%%eax), %%eax\n\t"
		     "cmpl $0, (%%esp)\n\t"
		     "je 1f\n\t"
		     "call *(%%esp)\n\t"
		     "jmp 2f\n"
		     "1:\tint $0x80\n"
		     "2:\taddl $4, %%esp\n\t"
		     "xchgl %%eax, (%%esp)\n\t"	/* EAX = r; the result on the stack */
		     "movl %%ebx, 4(%%eax)\n\t"
		     "movl %%ecx, 8(%%eax)\n\t"
		     "movl %%edx, 12(%%eax)\n\t"
		     "movl %%esi, 16(%%eax)\n\t"
		     "movl %%edi, 20(%%eax)\n\t"
		     "movl %%ebp, 24(%%eax)\n\t"
		     "popl 0(%%eax)\n\t"
		     "popl %%ebp"
		     : "+a"(p), "+d"(target) : : "ebx", "ecx", "esi", "edi", "memory", "cc");
}

static void *vsyscall(void)
{
	return (void *)getauxval(AT_SYSINFO);
}

/* getpid through each door: the result in EAX, every other register as it went in. */
static void keeps_registers(void *target)
{
	struct regs32 r = { SYS_getpid, 0x11111111, 0x22222222, 0x33333333, 0x44444444,
			    0x55555555, 0x66666666 }, want = r;

	call32(&r, target);
	CHECK(r.eax == (uint32_t)getpid());
	want.eax = r.eax;
	CHECK(!memcmp(&r, &want, sizeof(r)));
}

static void int80_keeps_every_register_but_eax(void)
{
	keeps_registers(NULL);
}

static void vsyscall_keeps_every_register_but_eax(void)
{
	CHECK(vsyscall() != NULL);
	keeps_registers(vsyscall());
}

/* __kernel_vsyscall's slot holds the CPU vendor's fast instruction (vdso32.asm). */
static void vsyscall_uses_the_vendors_instruction(void)
{
	static const uint8_t sysenter[4] = { 0x89, 0xe5, 0x0f, 0x34 };
	static const uint8_t syscall[4] = { 0x89, 0xcd, 0x0f, 0x05 };
	unsigned int eax, ebx, ecx, edx;
	const uint8_t *slot = (const uint8_t *)vsyscall() + 3;
	char vendor[13] = "";

	__cpuid(0, eax, ebx, ecx, edx);
	memcpy(vendor, &ebx, 4);
	memcpy(vendor + 4, &edx, 4);
	memcpy(vendor + 8, &ecx, 4);
	printf("# %s: the vDSO's slot holds %02x %02x %02x %02x\n", vendor, slot[0], slot[1],
	       slot[2], slot[3]);
	if (!strcmp(vendor, "GenuineIntel"))
		CHECK(!memcmp(slot, sysenter, 4));
	else if (!strcmp(vendor, "AuthenticAMD"))
		CHECK(!memcmp(slot, syscall, 4));
	else
		failed_why = "an unexpected CPU vendor";
}

/*
 * Argument 6 is EBP, which the fast entries take from the stack where
 * __kernel_vsyscall pushed it: FUTEX_CMP_REQUEUE compares the word with it.
 */
static void argument_six_reaches_the_call(void *target)
{
	static uint32_t word = 7, other;
	struct regs32 r = { SYS_futex, (uint32_t)&word, FUTEX_CMP_REQUEUE, 1, 0,
			    (uint32_t)&other, 7 };

	call32(&r, target);
	CHECK(r.eax == 0);
	r = (struct regs32){ SYS_futex, (uint32_t)&word, FUTEX_CMP_REQUEUE, 1, 0,
			     (uint32_t)&other, 8 };
	call32(&r, target);
	CHECK(r.eax == (uint32_t)-EAGAIN);
}

static void argument_six_by_int80(void)
{
	argument_six_reaches_the_call(NULL);
}

static void argument_six_by_vsyscall(void)
{
	argument_six_reaches_the_call(vsyscall());
}

/* Bad pointers: -EFAULT through either door, and from the calls with i386 structures. */
static void bad_pointers_are_efault(void)
{
	struct regs32 r = { SYS_write, 1, 1, 1 };

	call32(&r, NULL);
	CHECK(r.eax == (uint32_t)-EFAULT);
	r = (struct regs32){ SYS_write, 1, 1, 1 };
	call32(&r, vsyscall());
	CHECK(r.eax == (uint32_t)-EFAULT);
	CHECK(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, (void *)8) == -1 && errno == EFAULT);
	CHECK(syscall(SYS_rt_sigaction, SIGUSR1, (void *)8, NULL, 8) == -1 && errno == EFAULT);
	CHECK(syscall(SYS_sigaltstack, (void *)8, NULL) == -1 && errno == EFAULT);
}

static volatile int handled_sig;
static volatile uint32_t handled_eip, handled_esp, handled_code;

static void info_handler(int sig, siginfo_t *si, void *ctx_void)
{
	ucontext_t *uc = ctx_void;

	handled_sig = sig;
	handled_code = si->si_code;
	handled_eip = uc->uc_mcontext.gregs[REG_EIP];
	handled_esp = uc->uc_mcontext.gregs[REG_UESP];
	/*
	 * The handler's own FPU state starts afresh: change it, the return restores
	 * the frame's, whose x87 control word the handler changes in the FSAVE view.
	 */
	asm volatile("fninit");
	uc->uc_mcontext.fpregs->cw = 0xffff007f;
}

/*
 * A handler set by an i386 program gets the i386 frame: its siginfo, and a
 * ucontext whose EIP is where the signal came (after the call that sent it) and
 * whose ESP is the interrupted one; the return loads the FPU from the frame,
 * the x87 environment from its FSAVE view (which the handler changed).
 */
static void signal_frame_is_the_i386_one(void)
{
	struct sigaction sa = { .sa_sigaction = info_handler, .sa_flags = SA_SIGINFO };
	uint16_t cw = 0x27f, cw_after = 0;
	uint32_t esp_before;

	CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
	asm volatile("fldcw %0" : : "m"(cw));
	asm volatile("movl %%esp, %0" : "=r"(esp_before));
	CHECK(syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1) == 0);
	asm volatile("fnstcw %0" : "=m"(cw_after));
	CHECK(handled_sig == SIGUSR1);
	CHECK(handled_code == (uint32_t)SI_TKILL);
	CHECK(handled_eip - (uint32_t)vsyscall() < 64);	/* in __kernel_vsyscall */
	CHECK(handled_esp < esp_before && esp_before - handled_esp < 4096);
	CHECK(cw_after == 0x7f);
	cw = 0x37f;
	asm volatile("fldcw %0" : : "m"(cw));
}

static volatile int restart_handled;

static void count_handler(int sig)
{
	restart_handled++;
}

/*
 * A fast call interrupted by a handler with SA_RESTART is made again: the
 * kernel made it an int $0x80 two bytes before the landing pad. A pipe read
 * blocks until a second signal's handler has run; the first was a handled
 * SIGALRM, the read goes on and gets the byte a child then writes.
 */
static void interrupted_call_restarts(void)
{
	struct sigaction sa = { .sa_handler = count_handler, .sa_flags = SA_RESTART };
	int fds[2];
	char c = 0;
	pid_t child;

	CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
	CHECK(pipe(fds) == 0);
	child = fork();
	if (child == 0) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		nanosleep(&ts, NULL);
		kill(getppid(), SIGALRM);
		nanosleep(&ts, NULL);
		write(fds[1], "x", 1);
		_exit(0);
	}
	CHECK(read(fds[0], &c, 1) == 1);
	CHECK(c == 'x');
	CHECK(restart_handled == 1);
	close(fds[0]);
	close(fds[1]);
}

static __thread int per_thread = 1;
static volatile int tls_mismatches;

static void *tls_worker(void *arg)
{
	per_thread = (int)(intptr_t)arg;
	for (int i = 0; i < 1000; i++) {
		sched_yield();
		/* A load of GS takes the base from the GDT, as a sigreturn's does. */
		asm volatile("movw %%gs, %%ax\n\tmovw %%ax, %%gs" : : : "eax", "memory");
		/* Counted outside TLS: with a wrong GS, glibc's own thread data is wrong too. */
		if (per_thread != (int)(intptr_t)arg)
			__sync_fetch_and_add(&tls_mismatches, 1);
	}
	return NULL;
}

/*
 * glibc keeps each thread's TLS at GS = 0x63, a GDT descriptor of its own that
 * every context switch loads: threads yielding to each other and reloading GS
 * (which reads the base from the GDT) keep theirs.
 */
static void threads_keep_their_own_tls(void)
{
	pthread_t t[3];
	uint16_t gs;

	asm volatile("movw %%gs, %0" : "=r"(gs));
	CHECK(gs == 0x63);
	for (int i = 0; i < 3; i++)
		CHECK(pthread_create(&t[i], NULL, tls_worker, (void *)(intptr_t)(i + 10)) == 0);
	for (int i = 0; i < 3; i++)
		CHECK(pthread_join(t[i], NULL) == 0);
	CHECK(tls_mismatches == 0);
	CHECK(per_thread == 1);
}

/* set_thread_area: a free entry is picked, loads into FS, and reads back the same. */
static void set_thread_area_gives_a_gdt_segment(void)
{
	static uint32_t data[2] = { 0xabcd1234, 0x5678 };
	struct user_desc d = { .entry_number = -1, .base_addr = (uint32_t)data,
			       .limit = 0xfffff, .seg_32bit = 1, .limit_in_pages = 1,
			       .useable = 1 }, back = { 0 };
	uint32_t word = 0;
	uint16_t sel;

	CHECK(syscall(SYS_set_thread_area, &d) == 0);
	CHECK(d.entry_number >= 12 && d.entry_number <= 14 && d.entry_number != 12);
	sel = d.entry_number << 3 | 3;
	asm volatile("movw %1, %%fs\n\t"
		     "movl %%fs:4, %0\n\t"
		     "movw %2, %%fs"
		     : "=r"(word) : "r"(sel), "r"((uint16_t)0));
	CHECK(word == 0x5678);
	back.entry_number = d.entry_number;
	CHECK(syscall(SYS_get_thread_area, &back) == 0);
	CHECK(back.base_addr == (uint32_t)data && back.limit == 0xfffff && back.seg_32bit);
	d.seg_32bit = 0;
	CHECK(syscall(SYS_set_thread_area, &d) == -1 && errno == EINVAL);	/* 16-bit */
}

/* Everything stays below 4 GiB: the mappings the kernel picks and those asked for. */
static void address_space_is_4gib(void)
{
	void *p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int here;

	CHECK(p != MAP_FAILED);
	CHECK((uintptr_t)p < 0xf7000000u);
	CHECK((uintptr_t)&here > 0xf7000000u);	/* the stack, at the top */
	CHECK(mmap((void *)0xffffe000u, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		   -1, 0) == MAP_FAILED);
	munmap(p, 1 << 20);
}

/* clock_gettime's i386 form (32-bit time_t) and its _time64 twin read the same clock. */
static void both_time_t_widths(void)
{
	struct { int32_t sec, nsec; uint32_t canary; } t32 = { .canary = 0x5a5a5a5a };
	struct { int64_t sec; int32_t nsec, pad; } t64;
	struct { int32_t sec, nsec; } nap = { 0, 1000000 };

	CHECK(syscall(265 /* clock_gettime */, CLOCK_REALTIME, &t32) == 0);
	CHECK(syscall(403 /* clock_gettime64 */, CLOCK_REALTIME, &t64) == 0);
	CHECK(t64.sec - t32.sec <= 1 && t64.sec >= t32.sec);
	CHECK(t32.nsec >= 0 && t32.nsec < 1000000000);
	CHECK(t32.canary == 0x5a5a5a5a);	/* 8 bytes written, not 16 */
	CHECK(syscall(162 /* nanosleep, 32-bit */, &nap, NULL) == 0);
}

/* stat64, fstat64 and fstatat64 write i386's 96-byte struct stat64 (glibc's stat() uses them). */
static void stat_calls_write_stat64(void)
{
	struct { struct stat64 st; uint32_t canary; } buf = { .canary = 0x5a5a5a5a };
	struct stat st;
	int fds[2];

	CHECK(sizeof(struct stat64) == 96);
	CHECK(pipe(fds) == 0);
	CHECK(syscall(SYS_fstat64, fds[0], &buf.st) == 0);
	CHECK(S_ISFIFO(buf.st.st_mode) && buf.canary == 0x5a5a5a5a);
	CHECK(syscall(SYS_stat64, "/dev/null", &buf.st) == 0);
	CHECK(S_ISCHR(buf.st.st_mode) && buf.canary == 0x5a5a5a5a);
	CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
	CHECK(fstat(fds[1], &st) == 0 && S_ISFIFO(st.st_mode));
	close(fds[0]);
	close(fds[1]);
}

/*
 * readv and writev take i386's two-word iovecs. An unreadable array is -EFAULT; a
 * buffer that faults (every i386 address passes access_ok()) fails a pipe's
 * writev() whole, nothing queued, as Linux's pipe_write() copies all its iovecs
 * in one call (Linux 6.12 answers so).
 */
static void readv_writev_take_i386_iovecs(void)
{
	char a[] = "entry", b[] = "lab", x[5] = "", y[8] = "";
	struct iovec out[2] = { { a, 5 }, { b, 3 } }, in[2] = { { x, 5 }, { y, sizeof(y) } };
	struct iovec bad[2] = { { a, 5 }, { (void *)0xffffe000, 3 } };
	int fds[2];

	CHECK(sizeof(struct iovec) == 8);
	CHECK(pipe2(fds, O_NONBLOCK) == 0);	/* a wrong layout fails, never blocks */
	CHECK(writev(fds[1], out, 2) == 8);
	CHECK(readv(fds[0], in, 2) == 8);
	CHECK(!memcmp(x, "entry", 5) && !strcmp(y, "lab"));
	CHECK(syscall(SYS_writev, fds[1], 8, 2) == -1 && errno == EFAULT);
	CHECK(writev(fds[1], bad, 2) == -1 && errno == EFAULT);
	CHECK(read(fds[0], y, sizeof(y)) == -1 && errno == EAGAIN);
	close(fds[0]);
	close(fds[1]);
}

/*
 * PTRACE_PEEKSIGINFO gives an i386 tracer i386's siginfo layout, as Linux
 * converts it for a compat tracer: si_pid at byte 12, where x86-64's has padding.
 */
static void peeksiginfo_gives_the_i386_layout(void)
{
	struct { uint64_t off; uint32_t flags; int32_t nr; } args = { 0, 1 /* SHARED */, 1 };
	siginfo_t si;
	sigset_t usr1;
	int status;
	pid_t pid;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pid = fork();
	if (pid == 0) {
		sigprocmask(SIG_BLOCK, &usr1, NULL);
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		kill(getpid(), SIGUSR1);	/* stays pending, blocked */
		raise(SIGSTOP);
		_exit(0);
	}
	CHECK(waitpid(pid, &status, 0) == pid && WIFSTOPPED(status));
	memset(&si, 0, sizeof(si));
	CHECK(syscall(SYS_ptrace, PTRACE_PEEKSIGINFO, pid, &args, &si) == 1);
	CHECK(si.si_signo == SIGUSR1 && si.si_code == SI_USER);
	CHECK(si.si_pid == pid);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

/* The wait status of a child that ran fn and exited with what it returned. */
static int in_child(int (*fn)(void))
{
	pid_t pid = fork();
	int status = -1;

	if (pid == 0)
		_exit(fn());
	waitpid(pid, &status, 0);
	return status;
}

/* A filter that makes call nr fail with err and lets every other call run. */
static void errno_filter(struct sock_filter insns[4], int nr, int err)
{
	insns[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						offsetof(struct seccomp_data, nr));
	insns[1] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1);
	insns[2] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err);
	insns[3] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
}

static int filters_by_prctl_and_seccomp(void)
{
	struct sock_filter a[4], b[4];
	struct sock_fprog pa = { .len = 4, .filter = a }, pb = { .len = 4, .filter = b };

	errno_filter(a, SYS_getppid, 13);
	errno_filter(b, SYS_getuid32, 14);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 1;
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &pa))
		return 2;
	if (syscall(SYS_getppid) != -1 || errno != 13)
		return 3;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &pb))
		return 4;
	if (syscall(SYS_getuid32) != -1 || errno != 14 || syscall(SYS_getppid) != -1)
		return 5;
	return 9;
}

/*
 * An i386 program's filters: prctl(PR_SET_SECCOMP) and seccomp() (354) read
 * i386's struct sock_fprog, a 16-bit length and a 32-bit pointer.
 */
static void seccomp_filters_from_i386(void)
{
	CHECK(in_child(filters_by_prctl_and_seccomp) == 9 << 8);
}

static volatile char selector;
static volatile int dispatched;

static void on_dispatch(int sig)
{
	dispatched++;		/* returns with the selector still on BLOCK */
}

/* getppid by int $0x80, dispatched: EAX comes back holding the number. */
static int dispatch_then_return(int flags)
{
	struct { void (*handler)(int); unsigned long flags; void *restorer; uint32_t mask[2]; }
		ksa = { .handler = on_dispatch, .flags = flags };
	uint32_t eax = SYS_getppid;

	/* No SA_RESTORER: the handler returns through the vDSO's trampoline. */
	if (syscall(SYS_rt_sigaction, SIGSYS, &ksa, NULL, 8))
		return 1;
	selector = SYSCALL_DISPATCH_FILTER_ALLOW;
	if (prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0, 0, &selector))
		return 2;
	selector = SYSCALL_DISPATCH_FILTER_BLOCK;
	asm volatile("int $0x80" : "+a"(eax) : : "memory");
	selector = SYSCALL_DISPATCH_FILTER_ALLOW;
	return dispatched == 1 && eax == SYS_getppid ? 9 : 3;
}

static int dispatch_then_rt_sigreturn(void)
{
	return dispatch_then_return(SA_SIGINFO);
}

static int dispatch_then_sigreturn(void)
{
	return dispatch_then_return(0);
}

/*
 * Syscall User Dispatch lets the 32-bit vDSO's sigreturn and rt_sigreturn
 * through whatever the selector says: a handler may return with it on BLOCK.
 */
static void dispatch_spares_the_vdso_sigreturns(void)
{
	CHECK(in_child(dispatch_then_rt_sigreturn) == 9 << 8);
	CHECK(in_child(dispatch_then_sigreturn) == 9 << 8);
}

/*
 * AT_MINSIGSTKSZ is Linux's get_sigframe_size() for this CPU, the same for an i386
 * process as for a 64-bit one: struct sigframe_ia32 (732 bytes) and its alignment
 * (15), the FPU image (XSAVE's for XCR0, which CPUID 0xD.0 EBX gives, and MAGIC2; or
 * FXSAVE's 512 bytes), struct fregs_state (112) and the image's alignment (63),
 * rounded up to 16.
 */
static void minsigstksz_is_linuxs_formula(void)
{
	unsigned int eax, ebx, ecx, edx, image = 512;

	__cpuid(1, eax, ebx, ecx, edx);
	if (ecx & (1u << 27)) {		/* OSXSAVE: the kernel uses XSAVE */
		__cpuid_count(0xd, 0, eax, ebx, ecx, edx);
		image = ebx + 4;
	}
	CHECK(getauxval(AT_MINSIGSTKSZ) == ((732 + 15 + image + 112 + 63 + 15) & ~15u));
}

int main(void)
{
	printf("KTAP version 1\n1..18\n");
	run("threads_keep_their_own_tls", threads_keep_their_own_tls);
	run("int80_keeps_every_register_but_eax", int80_keeps_every_register_but_eax);
	run("vsyscall_keeps_every_register_but_eax", vsyscall_keeps_every_register_but_eax);
	run("vsyscall_uses_the_vendors_instruction", vsyscall_uses_the_vendors_instruction);
	run("argument_six_by_int80", argument_six_by_int80);
	run("argument_six_by_vsyscall", argument_six_by_vsyscall);
	run("bad_pointers_are_efault", bad_pointers_are_efault);
	run("signal_frame_is_the_i386_one", signal_frame_is_the_i386_one);
	run("interrupted_call_restarts", interrupted_call_restarts);
	run("set_thread_area_gives_a_gdt_segment", set_thread_area_gives_a_gdt_segment);
	run("address_space_is_4gib", address_space_is_4gib);
	run("both_time_t_widths", both_time_t_widths);
	run("stat_calls_write_stat64", stat_calls_write_stat64);
	run("readv_writev_take_i386_iovecs", readv_writev_take_i386_iovecs);
	run("peeksiginfo_gives_the_i386_layout", peeksiginfo_gives_the_i386_layout);
	run("seccomp_filters_from_i386", seccomp_filters_from_i386);
	run("dispatch_spares_the_vdso_sigreturns", dispatch_spares_the_vdso_sigreturns);
	run("minsigstksz_is_linuxs_formula", minsigstksz_is_linuxs_formula);
	printf("# Totals: pass:%d fail:%d\n", cases - failures, failures);
	return failures != 0;
}
