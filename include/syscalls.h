/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System calls: Linux x86-64 numbers, one handler per entry taking the user's
 * registers (arguments in di, si, dx, r10, r8, r9, as the ABI puts them).
 */
#ifndef _ENTRYLAB_SYSCALLS_H
#define _ENTRYLAB_SYSCALLS_H

#include <asm/ptrace.h>
#include <syscall_table.h>

long sys_ni_syscall(struct pt_regs *regs);
long sys_write(struct pt_regs *regs);
long sys_read(struct pt_regs *regs);
long sys_open(struct pt_regs *regs);
long sys_close(struct pt_regs *regs);
long sys_fstat(struct pt_regs *regs);
long sys_lseek(struct pt_regs *regs);
long sys_ioctl(struct pt_regs *regs);
long sys_pread64(struct pt_regs *regs);
long sys_pwrite64(struct pt_regs *regs);
long sys_readv(struct pt_regs *regs);
long sys_dup(struct pt_regs *regs);
long sys_dup2(struct pt_regs *regs);
long sys_fcntl(struct pt_regs *regs);
long sys_openat(struct pt_regs *regs);
long sys_chdir(struct pt_regs *regs);
long sys_stat(struct pt_regs *regs);
long sys_newfstatat(struct pt_regs *regs);
long sys_dup3(struct pt_regs *regs);
long sys_pipe(struct pt_regs *regs);
long sys_pipe2(struct pt_regs *regs);
long sys_eventfd(struct pt_regs *regs);
long sys_eventfd2(struct pt_regs *regs);
long sys_poll(struct pt_regs *regs);
long sys_ppoll(struct pt_regs *regs);
long sys_epoll_create(struct pt_regs *regs);
long sys_epoll_create1(struct pt_regs *regs);
long sys_epoll_ctl(struct pt_regs *regs);
long sys_epoll_wait(struct pt_regs *regs);
long sys_epoll_pwait(struct pt_regs *regs);
long sys_epoll_pwait2(struct pt_regs *regs);
long sys_mmap(struct pt_regs *regs);
long sys_munmap(struct pt_regs *regs);
long sys_mprotect(struct pt_regs *regs);
long sys_writev(struct pt_regs *regs);
long sys_set_tid_address(struct pt_regs *regs);
long sys_brk(struct pt_regs *regs);
long sys_sched_yield(struct pt_regs *regs);
long sys_getpid(struct pt_regs *regs);
long sys_exit(struct pt_regs *regs);
long sys_execve(struct pt_regs *regs);
long sys_kill(struct pt_regs *regs);
long sys_tkill(struct pt_regs *regs);
long sys_tgkill(struct pt_regs *regs);
long sys_rt_sigqueueinfo(struct pt_regs *regs);
long sys_rt_tgsigqueueinfo(struct pt_regs *regs);
long sys_uname(struct pt_regs *regs);
long sys_sysinfo(struct pt_regs *regs);
long sys_arch_prctl(struct pt_regs *regs);
long sys_prctl(struct pt_regs *regs);
long sys_seccomp(struct pt_regs *regs);
long sys_modify_ldt(struct pt_regs *regs);
long sys_set_thread_area(struct pt_regs *regs);
long sys_get_thread_area(struct pt_regs *regs);
long sys_ptrace(struct pt_regs *regs);
long sys_clock_gettime(struct pt_regs *regs);
long sys_clock_getres(struct pt_regs *regs);
long sys_exit_group(struct pt_regs *regs);
long sys_entrylab_bench(struct pt_regs *regs);
long sys_rt_sigaction(struct pt_regs *regs);
long sys_rt_sigprocmask(struct pt_regs *regs);
long sys_rt_sigreturn(struct pt_regs *regs);
long sys_rt_sigpending(struct pt_regs *regs);
long sys_sigaltstack(struct pt_regs *regs);
long sys_sched_setaffinity(struct pt_regs *regs);
long sys_sched_getaffinity(struct pt_regs *regs);
long sys_getcpu(struct pt_regs *regs);
long sys_process_vm_readv(struct pt_regs *regs);
long sys_getrlimit(struct pt_regs *regs);
long sys_setrlimit(struct pt_regs *regs);
long sys_iopl(struct pt_regs *regs);
long sys_ioperm(struct pt_regs *regs);
long sys_prlimit64(struct pt_regs *regs);
long sys_getrandom(struct pt_regs *regs);
long sys_gettimeofday(struct pt_regs *regs);
long sys_time(struct pt_regs *regs);
long sys_mremap(struct pt_regs *regs);
long sys_madvise(struct pt_regs *regs);
long sys_pause(struct pt_regs *regs);
long sys_nanosleep(struct pt_regs *regs);
long sys_clone(struct pt_regs *regs);
long sys_fork(struct pt_regs *regs);
long sys_vfork(struct pt_regs *regs);
long sys_wait4(struct pt_regs *regs);
long sys_getppid(struct pt_regs *regs);
long sys_getuid(struct pt_regs *regs);
long sys_capget(struct pt_regs *regs);
long sys_capset(struct pt_regs *regs);
long sys_gettid(struct pt_regs *regs);
long sys_rt_sigtimedwait(struct pt_regs *regs);
long sys_rt_sigsuspend(struct pt_regs *regs);
long sys_futex(struct pt_regs *regs);
long sys_restart_syscall(struct pt_regs *regs);
long sys_clock_nanosleep(struct pt_regs *regs);
long sys_waitid(struct pt_regs *regs);
long sys_set_robust_list(struct pt_regs *regs);
long sys_clone3(struct pt_regs *regs);
long sys_ftruncate(struct pt_regs *regs);
long sys_memfd_create(struct pt_regs *regs);
long sys_membarrier(struct pt_regs *regs);
long sys_timerfd_create(struct pt_regs *regs);
long sys_timerfd_settime(struct pt_regs *regs);
long sys_timerfd_gettime(struct pt_regs *regs);
long sys_rseq(struct pt_regs *regs);
long sys_kcmp(struct pt_regs *regs);
long sys_socketpair(struct pt_regs *regs);
long sys_unshare(struct pt_regs *regs);
long sys_getrusage(struct pt_regs *regs);
long sys_times(struct pt_regs *regs);
long sys_getitimer(struct pt_regs *regs);
long sys_setitimer(struct pt_regs *regs);
long sys_alarm(struct pt_regs *regs);
long sys_timer_create(struct pt_regs *regs);
long sys_timer_settime(struct pt_regs *regs);
long sys_timer_gettime(struct pt_regs *regs);
long sys_timer_getoverrun(struct pt_regs *regs);
long sys_timer_delete(struct pt_regs *regs);
long sys_select(struct pt_regs *regs);
long sys_pselect6(struct pt_regs *regs);

/*
 * The i386 calls that differ from the x86-64 ones (entry/syscall_32.c): in their
 * structures (compat_sys_*: kernel/compat.c, and the time32 calls beside their
 * x86-64 ones in kernel/time/time.c and kernel/futex/core.c), or in their arguments or
 * frames (sys_ia32_*: arch/x86/sys_ia32.c and arch/x86/signal_ia32.c).
 */
long compat_sys_rt_sigaction(struct pt_regs *regs);
long compat_sys_sigaction(struct pt_regs *regs);
long compat_sys_sigaltstack(struct pt_regs *regs);
long compat_sys_getrlimit(struct pt_regs *regs);
long compat_sys_setrlimit(struct pt_regs *regs);
long compat_sys_set_robust_list(struct pt_regs *regs);
long compat_sys_nanosleep(struct pt_regs *regs);
long compat_sys_clock_gettime(struct pt_regs *regs);
long compat_sys_clock_getres(struct pt_regs *regs);
long compat_sys_clock_nanosleep(struct pt_regs *regs);
long compat_sys_futex(struct pt_regs *regs);
long sys_ia32_mmap2(struct pt_regs *regs);
long sys_ia32_clone(struct pt_regs *regs);
long sys_ia32_lseek(struct pt_regs *regs);
long sys_ia32_llseek(struct pt_regs *regs);
long sys_ia32_waitpid(struct pt_regs *regs);
long sys_ia32_sigreturn(struct pt_regs *regs);
long sys_ia32_rt_sigreturn(struct pt_regs *regs);

#endif
