//! Move generation speed on Epaminondas (14 x 12): the legal actions of the initial position and of a
//! midgame position, copying a state and applying one action, and perft(2) from the start.
//!
//! `cargo bench --bench movegen`

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use std::hint::black_box;
use tabula::{Action, Game, State};

/// Plies of random play from the start to reach the midgame position.
const MIDGAME_PLIES: usize = 40;

fn load() -> Game {
    tabula::Catalog::default()
        .load("epaminondas", &[])
        .unwrap_or_else(|_| panic!("epaminondas does not load"))
        .0
}

/// A fixed midgame position: `MIDGAME_PLIES` random moves with a fixed seed. Seeds whose game ends
/// early are skipped, so the position is always one with moves to make.
fn midgame(game: &Game) -> State {
    let mut actions = Vec::new();
    'seeds: for seed in 0.. {
        let mut rng = Pcg64::seed_from_u64(seed);
        let mut state = game.initial;
        for _ in 0..MIDGAME_PLIES {
            if game.legal_actions(&state, &mut actions).is_some() {
                continue 'seeds;
            }
            let action = actions[rng.random_range(0..actions.len())];
            game.apply(&mut state, &action);
        }
        if game.legal_actions(&state, &mut actions).is_none() {
            return state;
        }
    }
    unreachable!()
}

fn movegen(c: &mut Criterion) {
    let game = load();
    let start = game.initial;
    let mid = midgame(&game);
    let mut actions: Vec<Action> = Vec::with_capacity(256);

    game.legal_actions(&mid, &mut actions);
    eprintln!(
        "midgame position ({} legal actions):\n{}",
        actions.len(),
        game.write_position(&mid)
    );
    // The action to apply: the one with the most moving stones, a capture if there is one.
    let action = *actions
        .iter()
        .max_by_key(|a| (a.captured, a.count, a.distance))
        .expect("the midgame position has moves");
    eprintln!("applied action: {}", game.action_token(&action));

    c.bench_function("legal_actions/initial", |b| {
        b.iter(|| {
            game.legal_actions(black_box(&start), &mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function("legal_actions/midgame", |b| {
        b.iter(|| {
            game.legal_actions(black_box(&mid), &mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function("apply/midgame", |b| {
        b.iter(|| {
            let mut s = *black_box(&mid);
            game.apply(&mut s, black_box(&action));
            s
        })
    });
    c.bench_function("perft2/initial", |b| {
        b.iter(|| game.perft(black_box(&start), 2))
    });
}

criterion_group!(benches, movegen);
criterion_main!(benches);
