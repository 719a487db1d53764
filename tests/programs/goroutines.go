// Go's runtime as a stock static Go program (CGO_ENABLED=0) uses the kernel,
// built by make test with the distribution's go and booted as init: goroutines
// on OS threads, timers (time.Sleep, time.After, a Ticker) and the network
// poller behind them (epoll, a non-blocking pipe to wake it), the garbage
// collector under allocation, asynchronous preemption (a goroutine spinning
// without a call is stopped by a signal so that another runs), a nil pointer's
// SIGSEGV recovered as a panic, os/signal, and a pipe between goroutines. One
// line per check, then "all ok".
package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

var failed bool

func check(what string, ok bool) {
	state := "ok"
	if !ok {
		state = "FAILED"
		failed = true
	}
	fmt.Printf("goroutines-go: %s: %s\n", what, state)
}

func goroutinesAndSleep() bool {
	var wg sync.WaitGroup
	results := make(chan int, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			time.Sleep(5 * time.Millisecond)
			results <- i
		}(i)
	}
	wg.Wait()
	close(results)
	sum := 0
	for v := range results {
		sum += v
	}
	return sum == 120
}

func timers() bool {
	start := time.Now()
	<-time.After(20 * time.Millisecond)
	ticker := time.NewTicker(5 * time.Millisecond)
	defer ticker.Stop()
	for i := 0; i < 3; i++ {
		<-ticker.C
	}
	return time.Since(start) >= 35*time.Millisecond
}

func garbage() bool {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var keep [][]byte
	for i := 0; i < 20000; i++ {
		keep = append(keep, make([]byte, 4096))
		if len(keep) > 64 {
			keep = keep[32:]
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	return after.NumGC > before.NumGC && len(keep) > 0
}

// With one P the spinner never yields: only an asynchronous preemption lets
// the main goroutine run again to stop it.
func preemption() bool {
	runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(runtime.NumCPU())
	var stop int32
	done := make(chan bool)
	go func() {
		for atomic.LoadInt32(&stop) == 0 {
		}
		done <- true
	}()
	time.Sleep(20 * time.Millisecond)
	atomic.StoreInt32(&stop, 1)
	select {
	case <-done:
		return true
	case <-time.After(5 * time.Second):
		return false
	}
}

func nilPointer() (recovered bool) {
	defer func() { recovered = recover() != nil }()
	var p *int
	return *p == 0
}

func signals() bool {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGUSR1)
	defer signal.Stop(sigs)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	select {
	case s := <-sigs:
		return s == syscall.SIGUSR1
	case <-time.After(5 * time.Second):
		return false
	}
}

func pipe() bool {
	r, w, err := os.Pipe()
	if err != nil {
		return false
	}
	go func() {
		w.Write([]byte("through a pipe"))
		w.Close()
	}()
	buf := make([]byte, 64)
	n, _ := r.Read(buf)
	_, eof := r.Read(buf)
	r.Close()
	return string(buf[:n]) == "through a pipe" && eof != nil
}

func main() {
	check("16 goroutines sleep and report on a channel", goroutinesAndSleep())
	check("time.After and a Ticker", timers())
	check("the garbage collector ran under allocation", garbage())
	check("a spinning goroutine was preempted", preemption())
	check("a nil pointer's SIGSEGV recovered as a panic", nilPointer())
	check("os/signal took a SIGUSR1", signals())
	check("a pipe between goroutines, then end of file", pipe())
	if failed {
		fmt.Println("goroutines-go: FAILED")
		os.Exit(1)
	}
	fmt.Println("goroutines-go: all ok")
}
