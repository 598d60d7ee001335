//! The hand-written generators of `benches/native/` (the speed ceiling of issue 3) agree with the
//! interpreted games: perft from the start equals the published numbers for both, and along seeded
//! random games both produce the same set of successor positions at every step (so the same move
//! count), the same end of the game, and the same perft(2) at some steps.

#[allow(dead_code)]
#[path = "../benches/native/breakthrough.rs"]
mod breakthrough;
#[allow(dead_code)]
#[path = "../benches/native/epaminondas.rs"]
mod epaminondas;

use rand::RngExt;
use std::fmt::Debug;
use tabula::engine::playout::seeded_rng;
use tabula::{Action, Game, State};

fn load(name: &str) -> Game {
    tabula::Catalog::default()
        .load(name, &[])
        .unwrap_or_else(|_| panic!("{name} does not load"))
        .0
}

fn breakthrough_from(s: &State) -> breakthrough::State {
    let mut pawns = [0u64; 2];
    for cell in 0..64 {
        if let Some(player) = s.owner(cell) {
            pawns[player as usize] |= 1 << cell;
        }
    }
    breakthrough::State {
        pawns,
        to_move: s.to_move as usize,
    }
}

fn epaminondas_from(s: &State) -> epaminondas::State {
    let mut native = epaminondas::State::empty(s.to_move + 1);
    for rank in 0..epaminondas::RANKS {
        for file in 0..epaminondas::FILES {
            if let Some(player) = s.owner((rank * epaminondas::FILES + file) as u16) {
                native.cells[epaminondas::sq(file, rank)] = player + 1;
            }
        }
    }
    native
}

fn breakthrough_successors(s: &breakthrough::State) -> Vec<breakthrough::State> {
    let mut moves = Vec::new();
    breakthrough::legal_moves(s, &mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = *s;
            breakthrough::apply(&mut next, m);
            next
        })
        .collect()
}

fn epaminondas_successors(s: &epaminondas::State) -> Vec<epaminondas::State> {
    let mut moves = Vec::new();
    epaminondas::legal_moves(s, &mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = *s;
            epaminondas::apply(&mut next, m);
            next
        })
        .collect()
}

/// Plays `games` seeded random games with the interpreter. At every step the native position (converted
/// from the interpreted one) must have the same successors, as a multiset of positions, and every
/// `perft_every` steps the same perft(2).
fn compare_random_games<N: Ord + Copy + Debug>(
    game: &Game,
    games: u64,
    perft_every: u64,
    convert: impl Fn(&State) -> N,
    successors: impl Fn(&N) -> Vec<N>,
    native_perft: impl Fn(&N, u32) -> u64,
) -> (u64, u64) {
    let mut actions: Vec<Action> = Vec::new();
    let (mut steps, mut perfts) = (0, 0);
    for seed in 0..games {
        let mut rng = seeded_rng(seed);
        let mut state = game.initial;
        for ply in 0.. {
            let native = convert(&state);
            let over = game.legal_actions(&state, &mut actions).is_some();
            let mut expected: Vec<N> = actions
                .iter()
                .map(|a| convert(&game.after(&state, a)))
                .collect();
            let mut got = successors(&native);
            expected.sort();
            got.sort();
            assert_eq!(
                got.len(),
                expected.len(),
                "seed {seed} ply {ply}: move counts differ\n{}",
                game.write_position(&state)
            );
            assert!(
                got == expected,
                "seed {seed} ply {ply}: successor positions differ\n{}",
                game.write_position(&state)
            );
            assert_eq!(over, got.is_empty(), "seed {seed} ply {ply}: end of game");
            steps += 1;
            if ply % perft_every == 0 {
                assert_eq!(
                    native_perft(&native, 2),
                    game.perft(&state, 2),
                    "seed {seed} ply {ply}: perft(2)\n{}",
                    game.write_position(&state)
                );
                perfts += 1;
            }
            if over {
                break;
            }
            let pick = actions[rng.random_range(0..actions.len())];
            game.apply(&mut state, &pick);
        }
    }
    (steps, perfts)
}

#[test]
fn breakthrough_perft_from_start() {
    let game = load("breakthrough");
    let native = breakthrough::State::initial();
    assert_eq!(breakthrough_from(&game.initial), native);
    for (depth, nodes) in [(1, 22), (2, 484), (3, 11_132), (4, 256_036)] {
        assert_eq!(
            breakthrough::perft(&native, depth),
            nodes,
            "native perft({depth})"
        );
        assert_eq!(
            game.perft(&game.initial, depth),
            nodes,
            "interpreted perft({depth})"
        );
    }
}

#[test]
fn epaminondas_perft_from_start() {
    let game = load("epaminondas");
    let native = epaminondas::State::initial();
    assert_eq!(epaminondas_from(&game.initial), native);
    for (depth, nodes) in [(1, 114), (2, 12_996)] {
        assert_eq!(
            epaminondas::perft(&native, depth),
            nodes,
            "native perft({depth})"
        );
        assert_eq!(
            game.perft(&game.initial, depth),
            nodes,
            "interpreted perft({depth})"
        );
    }
}

/// An Epaminondas position from cell names, e.g. `("f5 f6", "f8", 0)`.
fn epaminondas_position(white: &str, black: &str, to_move: u8) -> State {
    let mut s = State::empty(to_move);
    for (player, cells) in [(0, white), (1, black)] {
        for name in cells.split_whitespace() {
            let file = (name.as_bytes()[0] - b'a') as usize;
            let rank: usize = name[1..].parse().expect("a rank");
            s.put(((rank - 1) * epaminondas::FILES + file) as u16, player, 0);
        }
    }
    s
}

/// The test situations of the rulings (2.8) and a few more: captures, splitting, the symmetry rule
/// (also sideways along the goal row), the win at the start of a turn, a player without a move.
#[test]
fn epaminondas_ruling_positions_agree() {
    let game = load("epaminondas");
    let cases = [
        ("f5 f6 f7", "f8 f9", 0),
        ("f5 f6 f7", "f8 f9 f10", 0),
        ("f7 f8 f9", "f11 f12", 0),
        ("c3 d3 e3 f3", "a10", 0),
        ("c3 d3 e3 f3", "g3 h3", 0),
        ("e5", "e6", 0),
        ("b12 c12", "d1", 1),
        ("b12 c12", "d1", 0),
        ("h12 g11", "a1 n1", 0),
        ("h11 g10", "a1 n1", 0),
        ("g12 i12", "a1 n1", 0),
        ("a11 b11 b12", "a12", 1),
        ("c4 d5 e6 c5 c6", "f7 g8 h9 c7 c8 c9 d4 e4", 0),
        ("c4 d5 e6 c5 c6", "f7 g8 h9 c7 c8 c9 d4 e4", 1),
    ];
    let mut actions = Vec::new();
    for (white, black, to_move) in cases {
        let state = epaminondas_position(white, black, to_move);
        let native = epaminondas_from(&state);
        let over = game.legal_actions(&state, &mut actions).is_some();
        let mut expected: Vec<_> = actions
            .iter()
            .map(|a| epaminondas_from(&game.after(&state, a)))
            .collect();
        let mut got = epaminondas_successors(&native);
        expected.sort();
        got.sort();
        let label = format!("W {white} / B {black}, {to_move} to move");
        assert_eq!(got.len(), expected.len(), "{label}: move counts");
        assert!(got == expected, "{label}: successor positions differ");
        assert_eq!(over, got.is_empty(), "{label}: end of game");
        assert_eq!(
            epaminondas::perft(&native, 2),
            game.perft(&state, 2),
            "{label}: perft(2)"
        );
    }
}

#[test]
fn breakthrough_random_games_agree() {
    let game = load("breakthrough");
    let (steps, perfts) = compare_random_games(
        &game,
        20,
        5,
        breakthrough_from,
        breakthrough_successors,
        breakthrough::perft,
    );
    eprintln!("breakthrough: {steps} positions compared, perft(2) at {perfts}");
}

#[test]
fn epaminondas_random_games_agree() {
    let game = load("epaminondas");
    let (steps, perfts) = compare_random_games(
        &game,
        6,
        25,
        epaminondas_from,
        epaminondas_successors,
        epaminondas::perft,
    );
    eprintln!("epaminondas: {steps} positions compared, perft(2) at {perfts}");
}

/// The deepest published numbers, native and interpreted (slow in debug:
/// `cargo test --release --test native_perft -- --ignored`).
#[test]
#[ignore]
fn deep_perft_from_start() {
    let game = load("breakthrough");
    assert_eq!(
        breakthrough::perft(&breakthrough::State::initial(), 5),
        6_182_818
    );
    assert_eq!(game.perft(&game.initial, 5), 6_182_818);
    let game = load("epaminondas");
    assert_eq!(
        epaminondas::perft(&epaminondas::State::initial(), 3),
        1_787_292
    );
    assert_eq!(game.perft(&game.initial, 3), 1_787_292);
}
