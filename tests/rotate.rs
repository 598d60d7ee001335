//! `rotate`: a square of the board turns with its pieces, on Pentago (`games/pentago.toml`,
//! cross-checked against OpenSpiel by `tools/crosscheck/pentago.py`).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use tabula::{Catalog, Game, State};

fn pentago() -> Game {
    Catalog::default()
        .load("pentago", &[])
        .unwrap_or_else(|e| panic!("pentago does not load: {e:?}"))
        .0
}

/// The position after a marble on `cell` and the turn `turn` of the top-left block.
fn turned(g: &Game, from: &State, cell: &str, turn: &str) -> State {
    let mut state = *from;
    g.play_tokens(&mut state, &format!("{cell}/nw_block:{turn}"))
        .unwrap_or_else(|e| panic!("{cell}/nw_block:{turn}: {e}"));
    state
}

/// Every cell of the top-left block a4..c6 goes where a quarter turn clockwise takes it.
#[test]
fn a_quarter_turn_clockwise_moves_each_cell_of_the_block() {
    let g = pentago();
    // (placed, where it ends): the corners go round, the middle stays.
    for (cell, end) in [
        ("a6", "c6"),
        ("c6", "c4"),
        ("c4", "a4"),
        ("a4", "a6"),
        ("b5", "b5"),
        ("b6", "c5"),
    ] {
        let state = turned(&g, &g.initial, cell, "cw");
        let text = g.write_position(&state);
        assert!(
            text.contains(&format!("white = [\"{end}\"]")),
            "{cell}: {text}"
        );
    }
}

/// A board that only turns, or takes a stone: four quarter turns clockwise leave it as it was,
/// two make a half turn, and a quarter anticlockwise undoes a quarter clockwise.
const TURNTABLE: &str = r#"
[game]
name = "Turntable"
players = ["white", "black"]
summary = "Stones placed on a board that turns."

[board]
files = 4
ranks = 4

[board.directions]
n = [0, 1]

[regions]
table = "a1..d4"
corner = "a1..b2"

[pieces.stone]
symbols = { white = "W", black = "B" }

[rules]
text = """
move stone "a stone on an empty cell" { place(piece: stone) }
move turn "or a turn of the table, or of its corner" {
    rotate(region: table or corner, turn: clockwise or anticlockwise or half)
}
"""
"#;

#[test]
fn turns_compose_as_quarters() {
    let (g, _, _) = tabula::load_game_text("turntable.toml", TURNTABLE.into(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Pcg64::seed_from_u64(5);
    let play = |state: &State, tokens: &str| {
        let mut s = *state;
        g.play_tokens(&mut s, tokens)
            .unwrap_or_else(|e| panic!("{tokens}: {e}"));
        s
    };
    let cells = |s: &State| s.cells()[..16].to_vec();
    for _ in 0..50 {
        let mut state = g.initial;
        for _ in 0..rng.random_range(1..12) {
            let stones: Vec<String> = (g.legal_tokens(&state).into_iter())
                .filter(|t| !t.contains(':'))
                .collect();
            if stones.is_empty() {
                break;
            }
            state = play(&state, &stones[rng.random_range(0..stones.len())]);
        }
        for square in ["table", "corner"] {
            let (cw, ccw, half) = (
                format!("{square}:cw"),
                format!("{square}:ccw"),
                format!("{square}:half"),
            );
            let four = play(&state, &[cw.as_str(); 4].join(" "));
            assert_eq!(cells(&four), cells(&state), "four quarters of {square}");
            let two = play(&state, &format!("{cw} {cw}"));
            assert_eq!(
                cells(&two),
                cells(&play(&state, &half)),
                "two quarters of {square}"
            );
            let undone = play(&state, &format!("{cw} {ccw}"));
            assert_eq!(cells(&undone), cells(&state), "{square} turned back");
            let count = |s: &State| (s.pieces_in_play(0), s.pieces_in_play(1));
            assert_eq!(count(&play(&state, &cw)), count(&state), "no stone lost");
        }
    }
}
