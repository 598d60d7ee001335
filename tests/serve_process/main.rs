//! `tabula serve` run as a process of its own, in one test binary (one link instead of four):
//! faults (`kill -9`, a full disk, a read-only database, a second server), limits, several
//! servers on PostgreSQL, and the load tests (ignored).

#[path = "../serve_support/mod.rs"]
mod serve_support;

mod faults;
mod limits;
mod load;
mod postgres;
