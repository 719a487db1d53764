// Threads as Rust's standard library makes them, built by make test with the
// distribution's rustc into a static executable twice: static-PIE (rustc's default
// with crt-static) and position-dependent. std's start-up polls fds 0-2; then OS
// threads, Mutex and Condvar (futexes), an mpsc channel, thread::sleep
// (clock_nanosleep) and a panic that join() catches (unwinding through the
// program's own .eh_frame). One line per check, then "all ok".
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const THREADS: u32 = 4;

fn check(what: &str, ok: bool) -> bool {
    println!("threads-rust: {}: {}", what, if ok { "ok" } else { "FAILED" });
    ok
}

fn main() {
    let pair = Arc::new((Mutex::new(0u32), Condvar::new()));
    let (tx, rx) = mpsc::channel();
    let mut handles = Vec::new();
    let start = Instant::now();
    for i in 0..THREADS {
        let pair = Arc::clone(&pair);
        let tx = tx.clone();
        handles.push(thread::spawn(move || {
            thread::sleep(Duration::from_millis(20));
            let (count, changed) = &*pair;
            *count.lock().unwrap() += 1;
            changed.notify_all();
            tx.send(i).unwrap();
        }));
    }
    drop(tx);
    let sum: u32 = rx.iter().sum();
    let mut ok = check("mpsc carried every thread's message", sum == (0..THREADS).sum());
    ok &= check("every thread joined", handles.into_iter().all(|h| h.join().is_ok()));
    let (count, changed) = &*pair;
    let n = *changed.wait_while(count.lock().unwrap(), |n| *n < THREADS).unwrap();
    ok &= check("the Mutex counted every thread, the Condvar woke us", n == THREADS);
    ok &= check("thread::sleep slept", start.elapsed() >= Duration::from_millis(20));
    let caught = thread::spawn(|| panic!("a panic for join() to catch")).join();
    ok &= check("join() caught the thread's panic", caught.is_err());
    println!("threads-rust: {}", if ok { "all ok" } else { "FAILED" });
    std::process::exit(if ok { 0 } else { 1 });
}
