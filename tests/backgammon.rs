//! Backgammon (standard rules, no doubling cube), the second dice game: entering from the bar,
//! hitting a lone man, a closed board, bearing off with a higher die, doublets played as many as
//! possible, and single, gammon and backgammon wins. Each test snapshots a small position
//! (`tests/positions/backgammon/`) with its legal tokens or outcome, and asserts what the rules say.

use std::path::Path;
use tabula::{Catalog, Game, State};

fn game() -> Game {
    Catalog::default()
        .load("backgammon", &[])
        .unwrap_or_else(|e| panic!("backgammon does not load: {e:?}"))
        .0
}

fn read(game: &Game, name: &str) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions/backgammon")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = tabula::span::Sources::default();
    game.read_position(&mut sources, &path.display().to_string(), &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// The note, the diagram, then the outcome or the sorted legal tokens.
fn report(game: &Game, state: &State, note: &str) -> String {
    let result = match game.outcome(state) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!(
            "{} to move: {}",
            game.players[state.to_move as usize],
            game.legal_tokens(state).join(" ")
        ),
    };
    format!("# {note}\n{}{result}\n", game.diagram(state))
}

fn after(game: &Game, state: &State, tokens: &str) -> State {
    let mut next = *state;
    game.play_tokens(&mut next, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    next
}

#[test]
fn the_opening_3_1_has_seven_first_moves() {
    let g = game();
    let state = after(&g, &g.initial, "roll:3-1");
    let tokens = g.legal_tokens(&state);
    // 13/12 would land on Black's five men.
    assert!(!tokens.contains(&"13/12".to_string()));
    assert_eq!(tokens.len(), 7);
    insta::assert_snapshot!(report(&g, &state, "start, White rolled 3-1"));
}

#[test]
fn a_man_on_the_bar_enters_first_and_hits_a_lone_man() {
    let g = game();
    let state = read(&g, "enter_and_hit");
    assert_eq!(g.legal_tokens(&state), ["bar/21*"]);
    let entered = after(&g, &state, "bar/21*");
    assert_eq!(entered.bar[1], 1, "the hit black man is on the bar");
    insta::assert_snapshot!(format!(
        "{}\n{}",
        report(
            &g,
            &state,
            "White on the bar rolls 6-4: 19 is closed, 21 has one black man"
        ),
        report(&g, &entered, "after bar/21*: the 6 is played by any man")
    ));
}

#[test]
fn a_man_that_cannot_enter_makes_the_player_pass() {
    let g = game();
    let state = read(&g, "closed_board");
    assert_eq!(g.legal_tokens(&state), ["pass"]);
    insta::assert_snapshot!(report(
        &g,
        &state,
        "White on the bar rolls 5-3 against points 20 and 22 held"
    ));
}

#[test]
fn bearing_off_a_higher_die_takes_the_highest_man() {
    let g = game();
    let state = read(&g, "bear_off");
    let tokens = g.legal_tokens(&state);
    assert!(
        tokens.contains(&"5/off".to_string()),
        "the 6 bears off from 5, the highest point"
    );
    assert!(
        !tokens.contains(&"1/off".to_string()),
        "the 2 cannot bear off from 1: men stand higher"
    );
    insta::assert_snapshot!(report(&g, &state, "White, all home, rolls 6-2"));
}

#[test]
fn a_doublet_is_played_as_far_as_it_can_be() {
    let g = game();
    let state = read(&g, "doublet_max_use");
    let two = after(&g, &state, "20/17 10/7");
    assert_eq!(
        two.to_move, 1,
        "17/14 and 7/4 are blocked: the other two 3s are lost"
    );
    insta::assert_snapshot!(format!(
        "{}\n{}",
        report(&g, &state, "White rolls 3-3; 14 and 4 are held by Black"),
        report(
            &g,
            &two,
            "after 20/17 10/7 nothing more can be played: Black rolls"
        )
    ));
}

#[test]
fn single_gammon_and_backgammon() {
    let g = game();
    let mut out = String::new();
    for (name, note, score) in [
        ("single", "Black has borne off 3 men", 1),
        ("gammon", "Black has borne off none", 2),
        (
            "backgammon",
            "none borne off and a black man in White's home board",
            3,
        ),
    ] {
        let end = after(&g, &read(&g, name), "1/off");
        assert_eq!(
            g.outcome(&end),
            Some(tabula::engine::movegen::Outcome::Win(0, score))
        );
        out.push_str(&report(
            &g,
            &end,
            &format!("White bears off the 15th man; {note}"),
        ));
    }
    insta::assert_snapshot!(out);
}
