//! Sowing on Kalah: neutral pieces in position files, `sow` and `gather` keeping every seed, and
//! what `pieces` and `count` leave out. The rules themselves are pinned by the cases in
//! `games/kalah/cases/` and by the cross-check against OpenSpiel.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use tabula::span::Sources;
use tabula::{Catalog, Game, State};

fn game() -> Game {
    Catalog::default()
        .load("kalah", &[])
        .unwrap_or_else(|e| panic!("kalah does not load: {e:?}"))
        .0
}

fn read(game: &Game, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
}

/// Every seed on the board, whoever's pits hold it.
fn seeds(game: &Game, state: &State) -> u32 {
    (0..game.board.cells as u16)
        .map(|c| u32::from(state.height(c)))
        .sum()
}

/// Random games: every position writes as a position file that reads back to the same state
/// (neutral stacks, extra turns owed), and sowing and capturing never make or lose a seed.
#[test]
fn random_games_keep_48_seeds_and_read_back_their_positions() {
    let game = game();
    let mut rng = Pcg64::seed_from_u64(7);
    let mut actions = Vec::new();
    let (mut extra_turns, mut captures) = (0, 0);
    for _ in 0..40 {
        let mut state = game.initial;
        while game.legal_actions(&state, &mut actions).is_none() {
            let text = game.write_position(&state);
            assert_eq!(read(&game, &text), Ok(state), "{text}");
            let action = actions[rng.random_range(0..actions.len())];
            let next = game.after(&state, &action);
            assert_eq!(seeds(&game, &next), 48, "after {action:?} in\n{text}");
            extra_turns += usize::from(next.to_move == state.to_move);
            // A capture empties the pit the last seed landed in.
            captures += usize::from(next.height(action.to_cell()) == 0);
            state = next;
        }
    }
    assert!(extra_turns > 0 && captures > 0, "{extra_turns} {captures}");
}

/// Seeds are nobody's: `pieces` and `count` of a player leave them out, `pieces_on` counts them.
#[test]
fn seeds_belong_to_no_player() {
    let game = game();
    let state = game.initial;
    for player in 0..2 {
        assert!(state.pieces_of(player).is_empty());
    }
    assert_eq!(state.pieces_of(tabula::check::NEUTRAL).len(), 12);
    let text = game.write_position(&state);
    assert!(
        text.contains("south = []\nnorth = []\nneutral = [\"b1*4\""),
        "{text}"
    );
}

/// A position with more seeds than the set-up's 48 is refused, as a player's extra pieces are.
#[test]
fn more_seeds_than_the_setup_are_refused() {
    let game = game();
    let text = "to_move = \"south\"\n[pieces]\nneutral = [\"b1*40\", \"c1*9\"]\n";
    let err = read(&game, text).unwrap_err();
    assert!(
        err.contains("neutral has 49 pieces here, the set-up gives 48"),
        "{err}"
    );
    let ok = "to_move = \"south\"\n[pieces]\nneutral = [\"b1*40\", \"c1*8\"]\n";
    assert!(read(&game, ok).is_ok());
}

/// `neutral` names an owner only in a game with neutral pieces.
#[test]
fn neutral_is_unknown_where_no_kind_has_it() {
    let tic = Catalog::default().load("tic-tac-toe", &[]).unwrap().0;
    let mut sources = Sources::default();
    let text = "to_move = \"x\"\n[pieces]\nneutral = [\"a1\"]\n";
    let err = tic
        .read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
        .unwrap_err();
    assert!(err.contains("unknown player `neutral`"), "{err}");
}

/// A shared loop and shared pits of four cells, whose move sows and then gathers with
/// `EFFECT` (the `then` block's contents).
fn loop_game(effect: &str) -> Game {
    let text = format!(
        r#"
[game]
name = "Loop"
players = ["a", "b"]

[board]
files = 4
ranks = 1
stacks = true

[board.directions]
e = [1, 0]

[regions]
pits = "a1..d1"

[paths]
round = ["a1", "b1", "c1", "d1"]

[pieces.seed]
symbols = {{ neutral = "o" }}

[setup.neutral]
seed = ["a1*2", "c1*3"]

[rules]
text = '''
move sow "sow, then the effect" {{
    sow(path: round, from: pits)
    then {{ {effect} }}
}}
'''
"#
    );
    tabula::load_game_text("loop.toml", text, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The pieces on each cell, a1 first.
fn heights(game: &Game, state: &State) -> Vec<u8> {
    (0..game.board.cells as u16)
        .map(|c| state.height(c))
        .collect()
}

/// `a1` sows b1 and c1; gathering every pit into `to` (c1, among them) keeps c1's own seeds.
#[test]
fn gather_into_one_of_the_gathered_cells_keeps_its_pieces() {
    let game = loop_game("gather pits into to");
    let state = game.initial;
    let action = game.parse_action(&state, "a1").unwrap();
    assert_eq!(heights(&game, &game.after(&state, &action)), [0, 0, 5, 0]);
}

/// An `into` that is an empty set gathers nothing; a pit of the loop's last cell sows on from its
/// first (d1's seeds go to a1).
#[test]
fn gather_into_nothing_leaves_the_pieces_and_a_loop_goes_round() {
    let game = loop_game("gather pits into marked");
    let state = game.initial;
    let c1 = game.parse_action(&state, "c1").unwrap();
    // c1's three seeds: d1, a1, b1.
    assert_eq!(heights(&game, &game.after(&state, &c1)), [3, 1, 0, 1]);
    assert_eq!(game.legal_tokens(&state), ["a1", "c1"]);
}
