//! Requests from one address are limited: a bucket of `burst` requests refilled at
//! `per_second`; a request that finds it empty is refused with 429 and changes nothing.

use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

/// The most addresses remembered; past it the fullest buckets are forgotten first.
const MAX_ADDRESSES: usize = 10_000;

pub struct Limiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    pub fn new(per_second: f64, burst: f64) -> Self {
        Limiter {
            per_second,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from the address's bucket; false when it is empty.
    pub fn allow(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&address) {
            // Forget the addresses whose buckets have refilled: they lose nothing.
            let (per_second, burst) = (self.per_second, self.burst);
            buckets.retain(|_, (level, at)| {
                *level + now.duration_since(*at).as_secs_f64() * per_second < burst
            });
            if buckets.len() >= MAX_ADDRESSES {
                return false;
            }
        }
        let (level, at) = buckets.entry(address).or_insert((self.burst, now));
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

pub async fn limit(State(server): State<super::Shared>, request: Request, next: Next) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(address) = address
        && !server.limiter.allow(address)
    {
        return super::ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests: wait a moment".into(),
        )
        .into_response();
    }
    next.run(request).await
}
