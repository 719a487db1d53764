/*
 * Threads and processes as a stock static C program makes them, built three times
 * by make test, with glibc (gcc -static), with musl (musl-gcc -static) and as an
 * i386 program with glibc (gcc -m32 -static), and booted as init each time.
 * pthread_create() (glibc: clone3 with CLONE_THREAD, a mmap'd stack with a
 * PROT_NONE guard page, set_robust_list; musl: clone and set_tid_address),
 * futexes for the mutex, the condition variable and pthread_join, fork() and
 * waitpid(), nanosleep(), and a signal handler interrupting a sleep. One line per
 * check, then "all ok".
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef __GLIBC__
#define LIBC	"glibc"
#else
#define LIBC	"musl"			/* musl defines no macro of its own */
#endif
#ifdef __i386__
#define ARCH	"-i386"
#else
#define ARCH	""
#endif

#define THREADS	4
#define ROUNDS	1000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn = PTHREAD_COND_INITIALIZER;
static long counter;
static int ready;

static void *worker(void *arg)
{
	pthread_mutex_lock(&lock);
	while (!ready)
		pthread_cond_wait(&turn, &lock);
	pthread_mutex_unlock(&lock);
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		pthread_mutex_unlock(&lock);
	}
	return (void *)(long)syscall(SYS_gettid);
}

static int check(const char *what, int ok)
{
	printf("threads-" LIBC ARCH ": %s: %s\n", what, ok ? "ok" : "FAILED");
	return ok ? 0 : 1;
}

#define NSEC	1000000000LL

static long long ns(struct timespec ts)
{
	return ts.tv_sec * NSEC + ts.tv_nsec;
}

static void on_alarm(int sig)
{
}

int main(void)
{
	pthread_t th[THREADS];
	int failed = 0, status = -1, distinct = 1;
	long tids[THREADS];
	struct timespec nap = { 0, 30 * 1000 * 1000 }, left, t0, t1;
	int ret;
	pid_t pid;

	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&th[i], NULL, worker, NULL))
			return check("pthread_create", 0) + 1;
	pthread_mutex_lock(&lock);
	ready = 1;
	pthread_cond_broadcast(&turn);
	pthread_mutex_unlock(&lock);
	for (int i = 0; i < THREADS; i++) {
		void *ret;

		pthread_join(th[i], &ret);
		tids[i] = (long)ret;
		distinct &= tids[i] != getpid();
		for (int j = 0; j < i; j++)
			distinct &= tids[i] != tids[j];
	}
	failed |= check("mutex counts every increment", counter == THREADS * ROUNDS);
	failed |= check("each thread its own tid", distinct);

	pid = fork();
	if (pid == 0) {
		nanosleep(&nap, NULL);
		_exit(42);
	}
	failed |= check("fork and waitpid", pid > 0 && waitpid(pid, &status, 0) == pid &&
					 WIFEXITED(status) && WEXITSTATUS(status) == 42);

	signal(SIGUSR1, on_alarm);
	pid = fork();
	if (pid == 0) {
		nanosleep(&nap, NULL);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	/*
	 * The time left is the 10 s less what passed until the signal: with the time
	 * measured around the call, no bound on how long the child took (a busy host
	 * makes the guest's seconds long), only that nothing was lost.
	 */
	nap.tv_sec = 10;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = nanosleep(&nap, &left);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	failed |= check("a handled signal interrupts nanosleep with EINTR and the time left",
			ret == -1 && errno == EINTR && left.tv_sec < 10 && left.tv_sec >= 0 &&
			ns(left) + ns(t1) - ns(t0) >= 10 * NSEC - NSEC / 20);
	waitpid(pid, &status, 0);
	printf("threads-" LIBC ARCH ": %s\n", failed ? "FAILED" : "all ok");
	return failed;
}
