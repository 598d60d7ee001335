//! Issue 3: the interpreted engine against hand-written move generators (`benches/native/`), which
//! are only the ceiling to compare with. For each game, in one criterion group: 100 uniformly random
//! playouts from a fixed seed (full legal list each step, uniform pick, apply), and perft from the
//! start (depth 4 for Breakthrough, 2 for Epaminondas), native and interpreted side by side.
//! Throughput is playouts/s and perft leaf nodes/s.
//!
//! `cargo bench --bench native`

#[allow(dead_code)]
#[path = "native/breakthrough.rs"]
mod breakthrough;
#[allow(dead_code)]
#[path = "native/epaminondas.rs"]
mod epaminondas;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tabula::engine::playout::seeded_rng;
use tabula::{Action, Game};

const PLAYOUTS: u64 = 100;
const SEED: u64 = 1;

fn load(name: &str) -> Game {
    tabula::Catalog::default()
        .load(name, &[])
        .unwrap_or_else(|_| panic!("{name} does not load"))
        .0
}

/// 100 interpreted playouts from `SEED`; returns the actions played in all.
fn interpreted_playouts(game: &Game, buffer: &mut Vec<Action>) -> u64 {
    let mut rng = seeded_rng(SEED);
    (0..PLAYOUTS)
        .map(|_| {
            let p = game.random_playout(&mut rng, buffer, u64::MAX);
            assert!(p.outcome.is_some());
            p.actions
        })
        .sum()
}

/// The same for a native game, given its `random_playout`.
fn native_playouts<M>(
    playout: fn(&mut tabula::engine::playout::GameRng, &mut Vec<M>) -> u64,
    buffer: &mut Vec<M>,
) -> u64 {
    let mut rng = seeded_rng(SEED);
    (0..PLAYOUTS).map(|_| playout(&mut rng, buffer)).sum()
}

fn compare(
    c: &mut Criterion,
    name: &str,
    depth: u32,
    mut native_playout: impl FnMut() -> u64,
    native_perft: impl Fn(u32) -> u64,
) {
    let game = load(name);
    let mut buffer = Vec::with_capacity(512);
    let nodes = game.perft(&game.initial, depth);
    assert_eq!(native_perft(depth), nodes, "{name}: perft({depth})");
    // The two pick from differently ordered lists, so they play different games: the total
    // number of actions says how much work each set of 100 playouts is.
    eprintln!(
        "{name}: {PLAYOUTS} playouts from seed {SEED}: {} actions native, {} interpreted; perft({depth}) = {nodes}",
        native_playout(),
        interpreted_playouts(&game, &mut buffer)
    );

    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(PLAYOUTS));
    group.bench_function("playouts/native", |b| b.iter(&mut native_playout));
    group.bench_function("playouts/interpreted", |b| {
        b.iter(|| interpreted_playouts(&game, &mut buffer))
    });
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("perft{depth}/native"), |b| {
        b.iter(|| native_perft(black_box(depth)))
    });
    group.bench_function(format!("perft{depth}/interpreted"), |b| {
        b.iter(|| game.perft(black_box(&game.initial), black_box(depth)))
    });
    group.finish();
}

fn native(c: &mut Criterion) {
    let mut buffer = Vec::with_capacity(64);
    compare(
        c,
        "breakthrough",
        4,
        move || native_playouts(breakthrough::random_playout, &mut buffer),
        |depth| breakthrough::perft(&breakthrough::State::initial(), depth),
    );
    let mut buffer = Vec::with_capacity(512);
    compare(
        c,
        "epaminondas",
        2,
        move || native_playouts(epaminondas::random_playout, &mut buffer),
        |depth| epaminondas::perft(&epaminondas::State::initial(), depth),
    );
}

criterion_group!(benches, native);
criterion_main!(benches);
