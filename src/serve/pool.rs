//! Machine work (dice, random moves, searches, hints) on a fixed set of threads, never on the
//! workers that answer requests.
//!
//! - A queue, not a thread per request: work waits its turn, the work of games with a person
//!   at the table before that of games only machines play.
//! - A job declares the threads it uses (a search's); jobs run only while their threads add up
//!   to at most the pool's, so machine work never has more threads than the pool.
//! - The threads run at a lower priority (`nice` 10, inherited by a search's own threads), so
//!   that a person's request is answered first whatever the machines are doing.
//! - Every job runs under a [`Limit`]: the pool's time cap, and a flag raised when whoever
//!   waits for its result stops waiting (a client that left): a job not yet started is then
//!   dropped, and a search stops.

use crate::ai::Limit;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Whose work it is: a person's waits less.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A reply to a person, or a hint.
    Person,
    /// A game only machines play, for its watchers.
    Machines,
}

struct Job {
    weight: usize,
    cancelled: Arc<AtomicBool>,
    work: Box<dyn FnOnce(&Limit) + Send>,
}

struct Queues {
    /// By priority: people's first.
    waiting: [VecDeque<Job>; 2],
    free: usize,
    closed: bool,
}

struct Inner {
    queues: Mutex<Queues>,
    wake: Condvar,
    threads: usize,
    cap: Duration,
}

pub struct Pool {
    inner: Arc<Inner>,
}

/// Raises the flag when dropped: the waiting stopped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Pool {
    /// A pool of `threads` threads (at least one), every job stopped after `cap`.
    pub fn new(threads: usize, cap: Duration) -> Pool {
        let threads = threads.max(1);
        let inner = Arc::new(Inner {
            queues: Mutex::new(Queues {
                waiting: [VecDeque::new(), VecDeque::new()],
                free: threads,
                closed: false,
            }),
            wake: Condvar::new(),
            threads,
            cap,
        });
        for i in 0..threads {
            let inner = inner.clone();
            let _ = std::thread::Builder::new()
                .name(format!("tabula-machine-{i}"))
                .spawn(move || work(&inner));
        }
        Pool { inner }
    }

    /// The threads a job may use at most.
    pub fn threads(&self) -> usize {
        self.inner.threads
    }

    /// Runs `job` on `weight` threads when its turn comes; its result, or `None` if it gave
    /// none or the pool stopped. Dropping the future cancels the job.
    pub async fn run<T: Send + 'static>(
        &self,
        weight: usize,
        priority: Priority,
        job: impl FnOnce(&Limit) -> Option<T> + Send + 'static,
    ) -> Option<T> {
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let cancelled = Arc::new(AtomicBool::new(false));
        let _cancel = CancelOnDrop(cancelled.clone());
        let job = Job {
            weight: weight.clamp(1, self.inner.threads),
            cancelled,
            work: Box::new(move |limit| {
                let _ = sender.send(job(limit));
            }),
        };
        {
            let mut queues = self.inner.queues.lock().unwrap_or_else(|e| e.into_inner());
            if queues.closed {
                return None;
            }
            let queue = match priority {
                Priority::Person => 0,
                Priority::Machines => 1,
            };
            queues.waiting[queue].push_back(job);
        }
        self.inner.wake.notify_all();
        receiver.await.ok().flatten()
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let mut queues = self.inner.queues.lock().unwrap_or_else(|e| e.into_inner());
        queues.closed = true;
        for queue in &mut queues.waiting {
            queue.clear();
        }
        drop(queues);
        self.inner.wake.notify_all();
    }
}

/// Lowers the calling thread's priority (Linux keeps a nice value per thread).
fn lower_priority() {
    // SAFETY: setpriority only reads its arguments; 0 names the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS as _, 0, 10);
    }
}

/// The next job whose threads are free, in order of priority; `None` once the pool is closed.
fn take(inner: &Inner) -> Option<Job> {
    let mut queues = inner.queues.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if queues.closed {
            return None;
        }
        for queue in &mut queues.waiting {
            // No one waits for these any more.
            queue.retain(|job| !job.cancelled.load(Ordering::Relaxed));
        }
        let free = queues.free;
        if let Some(queue) = queues.waiting.iter_mut().find(|q| !q.is_empty())
            && queue.front().is_some_and(|job| job.weight <= free)
            && let Some(job) = queue.pop_front()
        {
            queues.free -= job.weight;
            return Some(job);
        }
        queues = inner.wake.wait(queues).unwrap_or_else(|e| e.into_inner());
    }
}

fn work(inner: &Inner) {
    lower_priority();
    while let Some(job) = take(inner) {
        let limit = Limit {
            deadline: Some(Instant::now() + inner.cap),
            cancelled: Some(job.cancelled.clone()),
        };
        let weight = job.weight;
        // A job that panics loses its result (its waiter gets none), not the pool's thread.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.work)(&limit)));
        let mut queues = inner.queues.lock().unwrap_or_else(|e| e.into_inner());
        queues.free += weight;
        drop(queues);
        inner.wake.notify_all();
    }
}
