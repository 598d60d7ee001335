//! Move generation speed for every game in `games/`: the legal actions of the initial position and
//! of a fixed midgame position, copying a state and applying one action, and perft(2) from the start.
//!
//! `cargo bench --bench movegen` (all games) or `cargo bench --bench movegen -- breakthrough`.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use std::hint::black_box;
use tabula::{Action, Catalog, Game, State};

/// Plies of random play from the start to reach the midgame position.
const MIDGAME_PLIES: usize = 30;

/// A fixed midgame position: `MIDGAME_PLIES` random moves with a fixed seed. Seeds whose game ends
/// early are skipped, so the position is always one with moves to make.
fn midgame<const W: usize>(game: &Game<W>) -> State<W> {
    let mut actions = Vec::new();
    'seeds: for seed in 0..1000 {
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
    game.initial
}

fn movegen(c: &mut Criterion) {
    let catalog = Catalog::default();
    for listing in catalog.list() {
        let Ok((game, _, _)) = catalog.load_any(&listing.id, &[]) else {
            continue;
        };
        tabula::with_game!(&game, game => bench_game(c, &listing.id, game));
    }
}

/// The benchmarks of one game.
fn bench_game<const W: usize>(c: &mut Criterion, id: &str, game: &Game<W>) {
    let start = game.initial;
    let mid = midgame(game);
    let mut actions: Vec<Action> = Vec::with_capacity(512);
    game.legal_actions(&mid, &mut actions);
    // The action to apply: the one that moves and captures the most.
    let Some(&action) = actions
        .iter()
        .max_by_key(|a| (a.captured(), a.count(), a.distance()))
    else {
        return;
    };
    c.bench_function(&format!("{id}/legal_actions/initial"), |b| {
        b.iter(|| {
            game.legal_actions(black_box(&start), &mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function(&format!("{id}/legal_actions/midgame"), |b| {
        b.iter(|| {
            game.legal_actions(black_box(&mid), &mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function(&format!("{id}/apply/midgame"), |b| {
        b.iter(|| {
            let mut s = *black_box(&mid);
            game.apply(&mut s, black_box(&action));
            s
        })
    });
    c.bench_function(&format!("{id}/perft2/initial"), |b| {
        b.iter(|| game.perft(black_box(&start), 2))
    });
}

criterion_group!(benches, movegen);
criterion_main!(benches);
