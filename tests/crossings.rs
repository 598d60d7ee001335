//! Crossings (`games/crossings.toml`, a variant of `epaminondas-8x8`): one snapshot per sentence of
//! ruling 2.6 where Crossings differs from Epaminondas, and situation 2.8.11. Each test loads a tiny
//! position from `tests/positions/crossings/`, asserts what the ruling names, and snapshots the
//! diagram with the legal tokens or the outcome; where the difference is the point, the same
//! position under `epaminondas-8x8` is shown beside it.

use std::path::Path;
use tabula::engine::movegen::Outcome;
use tabula::{Catalog, Game, State};

const WHITE: u8 = 0;
const BLACK: u8 = 1;

fn load(name: &str, options: &[(&str, &str)]) -> Game {
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Catalog::default()
        .load(name, &overrides)
        .unwrap_or_else(|e| panic!("{name} does not load: {e:?}"))
        .0
}

fn read(game: &Game, name: &str) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/positions/crossings/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = tabula::span::Sources::default();
    game.read_position(&mut sources, &path.display().to_string(), &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

fn play(game: &Game, state: &State, tokens: &str) -> State {
    let mut state = *state;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

/// The diagram and, for a game still on, the legal tokens; else the outcome.
fn shown(game: &Game, state: &State) -> String {
    let mut out = game.diagram(state);
    match game.outcome(state) {
        Some(outcome) => out.push_str(&format!("outcome: {}\n", game.describe_outcome(outcome))),
        None => out.push_str(&format!(
            "{} to move: {}\n",
            game.players[state.to_move as usize],
            game.legal_tokens(state).join(" ")
        )),
    }
    out
}

/// Ruling 2.6 "Only that one stone is captured, and the move stops there", situation 2.8.11: W c3 c4
/// c5 against B c6 c7: the head goes to c6 and takes only c6 (Crossings); Epaminondas takes c6 and c7.
#[test]
fn ruling_2_8_11_a_phalanx_captures_only_the_first_enemy_stone() {
    let crossings = load("crossings", &[]);
    let epaminondas = load("epaminondas-8x8", &[]);
    let mut out = String::from("# 2.8.11: c3xc6 under Crossings, then under Epaminondas 8x8\n");
    for (name, game, taken) in [
        ("crossings", &crossings, 1),
        ("epaminondas-8x8", &epaminondas, 2),
    ] {
        let start = read(game, "first_stone_only");
        assert!(game.legal_tokens(&start).contains(&"c3xc6".to_string()));
        let after = play(game, &start, "c3xc6");
        let black = |s: &State| s.pieces_of(BLACK).len();
        assert_eq!(black(&start) - black(&after), taken, "{name}: stones taken");
        let c7 = game.board.parse_cell("c7").expect("a cell");
        assert_eq!(after.owner(c7) == Some(BLACK), taken == 1, "{name}: c7");
        out.push_str(&format!("\n{name}, after c3xc6:\n{}", game.diagram(&after)));
    }
    insta::assert_snapshot!(out);
}

/// Ruling 2.6, [S16]: "If the opponent cannot answer with a crossing of their own on the very next
/// move, the first player wins": White crossed on e8, Black moves elsewhere, White has won.
#[test]
fn ruling_2_6_an_unanswered_crossing_wins() {
    let game = load("crossings", &[]);
    let start = read(&game, "crossing_unanswered");
    assert_eq!(game.outcome(&start), None, "Black may still answer");
    let after = play(&game, &start, "h7-h6");
    assert_eq!(game.outcome(&after), Some(Outcome::Win(WHITE, 1)));
    insta::assert_snapshot!(format!(
        "# 2.6: White's crossing on e8 is not answered\n{}\nafter h7-h6:\n{}",
        shown(&game, &start),
        shown(&game, &after)
    ));
}

/// Ruling 2.6, [S16]: "If answered, both crossed stones are locked ... and play continues".
#[test]
fn ruling_2_6_an_answered_crossing_lets_play_go_on() {
    let game = load("crossings", &[]);
    let start = read(&game, "crossing_answered");
    let after = play(&game, &start, "d2-d1");
    assert_eq!(game.outcome(&after), None, "the crossings cancel");
    assert_eq!(after.to_move, WHITE);
    insta::assert_snapshot!(format!(
        "# 2.6: Black answers White's crossing with d2-d1\n{}\nafter d2-d1:\n{}",
        shown(&game, &start),
        shown(&game, &after)
    ));
}

/// Ruling 2.6, [S16]: crossed stones "can no longer move or be captured": no move from e8, the
/// column e6-e7 stops below it, and White's d-column cannot take Black's d1. Epaminondas 8x8 allows
/// all of these.
#[test]
fn ruling_2_6_crossed_stones_are_locked() {
    let crossings = load("crossings", &[]);
    let epaminondas = load("epaminondas-8x8", &[]);
    let state = read(&crossings, "locked");
    let tokens = crossings.legal_tokens(&state);
    for locked in ["e8-", "xd1"] {
        assert!(
            !tokens.iter().any(|t| t.contains(locked)),
            "{locked}: {tokens:?}"
        );
    }
    let free = epaminondas.legal_tokens(&state);
    for token in ["e8-d8", "d3xd1", "d4xd1"] {
        assert!(
            free.contains(&token.to_string()),
            "{token} in Epaminondas: {free:?}"
        );
    }
    insta::assert_snapshot!(format!(
        "# 2.6: the crossed stones e8 and d1 are locked\n{}\nunder epaminondas-8x8, also: {}\n",
        shown(&crossings, &state),
        free.iter()
            .filter(|t| !tokens.contains(t))
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    ));
}

/// Ruling 2.6: the goal differs, so Epaminondas' symmetry rule (ruling 2.4) is not part of Crossings:
/// d7-d8 making a mirrored pattern is legal here and forbidden under Epaminondas 8x8.
#[test]
fn ruling_2_6_no_symmetry_rule() {
    let crossings = load("crossings", &[]);
    let epaminondas = load("epaminondas-8x8", &[]);
    let state = read(&crossings, "no_symmetry_rule");
    assert!(
        crossings
            .legal_tokens(&state)
            .contains(&"d7-d8".to_string())
    );
    assert!(
        !epaminondas
            .legal_tokens(&state)
            .contains(&"d7-d8".to_string())
    );
    insta::assert_snapshot!(format!(
        "# 2.6: no symmetry rule\n{}",
        shown(&crossings, &state)
    ));
}

/// Ruling 2.6: "The first player is the darker/'Red' side in [S16] (option)": Black by default,
/// White with `first_player=white` (Sackson's text).
#[test]
fn ruling_2_6_first_player_option() {
    let mut out = String::new();
    for (value, expected) in [("black", BLACK), ("white", WHITE)] {
        let game = load("crossings", &[("first_player", value)]);
        assert_eq!(game.initial.to_move, expected, "first_player={value}");
        out.push_str(&format!(
            "first_player={value}: {} moves first, {} moves\n",
            game.players[game.initial.to_move as usize],
            game.legal_tokens(&game.initial).len()
        ));
    }
    assert_eq!(load("crossings", &[]).initial.to_move, BLACK, "the default");
    insta::assert_snapshot!(out);
}

/// Perft from the start: the first plies cannot capture or cross, so they equal Epaminondas 8x8's.
#[test]
fn perft_from_the_start() {
    let crossings = load("crossings", &[]);
    let epaminondas = load("epaminondas-8x8", &[("max_plies", "0")]);
    let counts: Vec<u64> = (1..=3)
        .map(|d| crossings.perft(&crossings.initial, d))
        .collect();
    let mut black_first = epaminondas.initial;
    black_first.to_move = BLACK;
    let reference: Vec<u64> = (1..=3)
        .map(|d| epaminondas.perft(&black_first, d))
        .collect();
    assert_eq!(counts, reference);
    insta::assert_snapshot!(format!("{counts:?}"));
}
