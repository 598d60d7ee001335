//! Connections: accepted up to a limit (in all, and per address), each closed when its request
//! headers are too slow to come (which also ends a keep-alive connection left idle between
//! requests) or when nothing moves on it either way for too long (a client that stopped
//! reading). Running out of file descriptors pauses accepting; it never stops the server.

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// How connections are limited.
#[derive(Clone, Copy, Debug)]
pub struct Connections {
    pub max: usize,
    pub max_per_address: usize,
    /// A request's headers must arrive within this, and an idle keep-alive connection is closed
    /// after it.
    pub header_timeout: Duration,
    /// A connection on which nothing is read or written for this long is closed.
    pub idle_timeout: Duration,
}

/// Milliseconds since the first call: a cheap clock to share between threads.
fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// A stream that notes when bytes last went either way.
struct Watched {
    stream: TcpStream,
    progress: Arc<AtomicU64>,
}

impl Watched {
    fn moved(&self, bytes: usize) {
        if bytes > 0 {
            self.progress.store(now_ms(), Ordering::Relaxed);
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        self.moved(buf.filled().len() - before);
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = polled {
            self.moved(n);
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The connections open from each address; a slot is given back when dropped.
#[derive(Default)]
struct PerAddress(Mutex<HashMap<IpAddr, usize>>);

struct Slot {
    table: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    fn take(table: &Arc<PerAddress>, address: IpAddr, max: usize) -> Option<Slot> {
        let mut open = table.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(Slot {
            table: table.clone(),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.table.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Raises the limit on open files to what the system allows this process, and returns it.
pub fn raise_open_files_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write only the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    limit.rlim_cur
}

/// Serves `app` on `listener` until the listener fails for good.
pub async fn accept(listener: TcpListener, app: Router, limits: Connections) {
    let open = Arc::new(tokio::sync::Semaphore::new(limits.max.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let mut complained = None::<Instant>;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, say: wait for some to close, and say so now and then.
                if complained.is_none_or(|t| t.elapsed() > Duration::from_secs(10)) {
                    eprintln!("tabula serve: cannot accept a connection: {e}");
                    complained = Some(Instant::now());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            continue;
        };
        let Some(slot) = PerAddress::take(&per_address, peer.ip(), limits.max_per_address) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        tokio::spawn(async move {
            serve_connection(stream, peer, app, limits).await;
            drop((permit, slot));
        });
    }
}

async fn serve_connection(stream: TcpStream, peer: SocketAddr, app: Router, limits: Connections) {
    let progress = Arc::new(AtomicU64::new(now_ms()));
    let io = TokioIo::new(Watched {
        stream,
        progress: progress.clone(),
    });
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    let idle = limits.idle_timeout.as_millis() as u64;
    let mut check = tokio::time::interval((limits.idle_timeout / 4).max(Duration::from_millis(50)));
    loop {
        tokio::select! {
            _ = &mut connection => return,
            _ = check.tick() => {
                if now_ms().saturating_sub(progress.load(Ordering::Relaxed)) > idle {
                    // Dropping the connection closes it.
                    return;
                }
            }
        }
    }
}
