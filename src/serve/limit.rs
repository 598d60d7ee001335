//! Requests are limited twice: by what they concern (a seat's key or a game's id in the path:
//! one person's or one game's requests) and, more loosely, by the address they come from, so
//! that many people behind one proxy are not locked out together while one address still
//! cannot flood the server. Each limit is a bucket of `burst` requests refilled at `per_second`;
//! a request that finds either empty is refused with 429 and changes nothing.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Instant;

/// The most buckets remembered; past it the fullest are forgotten first.
const MAX_BUCKETS: usize = 100_000;

pub struct Limiter {
    per_second: f64,
    burst: f64,
    /// Keyed by a hash of what is limited: the memory per bucket does not depend on the key.
    buckets: Mutex<HashMap<u64, (f64, Instant)>>,
    hasher: std::hash::RandomState,
}

impl Limiter {
    pub fn new(per_second: f64, burst: f64) -> Self {
        Limiter {
            per_second,
            burst,
            buckets: Mutex::new(HashMap::new()),
            hasher: std::hash::RandomState::new(),
        }
    }

    /// Takes one request from the bucket of `key`; false when it is empty.
    pub fn allow(&self, key: impl Hash) -> bool {
        let key = self.hasher.hash_one(key);
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_BUCKETS && !buckets.contains_key(&key) {
            // Forget the buckets that have refilled: they lose nothing.
            let (per_second, burst) = (self.per_second, self.burst);
            buckets.retain(|_, (level, at)| {
                *level + now.duration_since(*at).as_secs_f64() * per_second < burst
            });
            if buckets.len() >= MAX_BUCKETS {
                return false;
            }
        }
        let (level, at) = buckets.entry(key).or_insert((self.burst, now));
        *level = (*level + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What a request concerns: the seat's key or the game's id its path names.
fn subject(path: &str) -> Option<&str> {
    let mut parts = path.trim_start_matches('/').split('/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("api"), Some("seat" | "match"), Some(key)) => Some(key),
        (Some("seat" | "watch"), Some(key), _) => Some(key),
        _ => None,
    }
}

pub async fn limit(State(server): State<super::Shared>, request: Request, next: Next) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let by_subject = subject(request.uri().path()).is_none_or(|s| server.limiter.allow(s));
    let by_address = address.is_none_or(|a| server.address_limiter.allow(a));
    if !(by_subject && by_address) {
        return super::ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests: wait a moment".into(),
        )
        .into_response();
    }
    next.run(request).await
}
