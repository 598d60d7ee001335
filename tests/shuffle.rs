//! `[shuffle]`: a set-up drawn by lot at the start, on Chess960 (`games/chess960.toml`). The rules
//! are pinned by the cases in `games/chess960/cases/`, the counts by `tests/perft/chess960.txt`
//! and `tools/crosscheck/chess960.py`.

use rand::SeedableRng;
use rand_pcg::Pcg64;
use tabula::{Catalog, Game};

fn chess960() -> Game {
    Catalog::default()
        .load("chess960", &[])
        .unwrap_or_else(|e| panic!("chess960 does not load: {e:?}"))
        .0
}

/// The start is a chance event of 960 outcomes, each an arrangement with the bishops on squares
/// of both colours and the king between the rooks, black's mirroring white's.
#[test]
fn the_draw_lists_the_960_arrangements() {
    let g = chess960();
    assert!(g.is_chance(&g.initial) && !g.is_roll_due(&g.initial));
    let mut draws = Vec::new();
    assert!(g.legal_actions(&g.initial, &mut draws).is_none());
    assert_eq!(draws.len(), 960);
    let mut tokens: Vec<String> = draws.iter().map(|a| g.action_token(a)).collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), 960, "every arrangement once");
    for token in &tokens {
        let row: Vec<char> = token.strip_prefix("setup:").unwrap().chars().collect();
        let at = |c: char| -> Vec<usize> { (0..8).filter(|&i| row[i] == c).collect() };
        let bishops = at('B');
        assert_eq!(bishops.len(), 2);
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "{token}: bishops on one colour"
        );
        let rooks = at('R');
        let king = at('K')[0];
        assert!(
            rooks[0] < king && king < rooks[1],
            "{token}: king outside the rooks"
        );
    }
    let after = g.after(
        &g.initial,
        &g.parse_action(&g.initial, "setup:RNBQKBNR").unwrap(),
    );
    assert!(!g.is_chance(&after));
    assert_eq!(after.ply, 0, "the draw is not a ply");
    assert_eq!(
        g.write_notation(&after).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1"
    );
}

/// Shredder-FEN: the castling rights are rook files, each letter the rook and its king; they are
/// written back in the order the letters are declared.
#[test]
fn castling_rights_by_rook_files() {
    let g = chess960();
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let state = g.read_notation(fen).unwrap();
    assert_eq!(
        g.write_notation(&state).unwrap(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w FHfh - 2 9"
    );
    // The king moves: both its rights go, though its rooks have not moved.
    let moved = g.after(&state, &g.parse_action(&state, "g1-f2").unwrap());
    assert_eq!(
        g.write_notation(&moved).unwrap().split(' ').nth(2),
        Some("fh")
    );
}

/// Random games from random draws end, or run on, without a panic; the draw is made with its
/// real odds (each arrangement alike), so different seeds draw different back ranks.
#[test]
fn random_games_from_random_draws() {
    let g = chess960();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..6u64 {
        let mut rng = Pcg64::seed_from_u64(seed);
        let mut state = g.initial;
        for _ in 0..120 {
            match g.random_action_with_history(&state, &[], &mut rng) {
                Some(action) => {
                    if state.setup_due {
                        seen.insert(g.action_token(&action));
                    }
                    state = g.after(&state, &action);
                }
                None => break,
            }
        }
    }
    assert!(seen.len() > 1, "one arrangement for every seed: {seen:?}");
}

/// The position before the draw is written with `setup_due = true` and reads back as it was: the
/// draw still to come, the pawns alone on the board. (Found by the `game_text` fuzz target.)
#[test]
fn the_position_before_the_draw_reads_back() {
    let g = chess960();
    let written = g.write_position(&g.initial);
    assert!(written.contains("setup_due = true\n"), "{written}");
    let mut sources = tabula::span::Sources::default();
    let read = g
        .read_position(&mut sources, "p.toml", &written)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(g.legal_tokens(&read), g.legal_tokens(&g.initial));
    assert_eq!(g.legal_tokens(&read).len(), 960);
}
