//! Counters kept in the position (`[counters]`), changed by `after` rules with `set`, read by end
//! tests, and saved in position files, on the test game `tests/games/counters.toml`.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file};

fn game() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/counters.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn after(game: &Game, tokens: &str) -> State {
    let mut state = game.initial;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

fn report(game: &Game, state: &State) -> String {
    let outcome = match game.outcome(state) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!("to move: {}", game.legal_tokens(state).join(" ")),
    };
    format!(
        "{}{}\n{outcome}",
        game.diagram(state),
        game.write_position(state)
    )
}

#[test]
fn quiet_plies_are_counted_and_end_the_game_at_the_limit() {
    let g = game();
    // Counters are kept in name order: `pawns`, then `quiet`.
    assert_eq!(g.initial.counters[..2], [4, 0]);
    let two = after(&g, "a1-a2 c4-c3");
    assert_eq!(two.counters[..2], [4, 2]);
    assert_eq!(g.outcome(&two), None);
    let three = after(&g, "a1-a2 c4-c3 c1-c2");
    assert_eq!(three.counters[..2], [4, 3]);
    insta::assert_snapshot!(report(&g, &three));
}

#[test]
fn a_capture_resets_the_count() {
    let g = game();
    let mut sources = Sources::default();
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a2\"]\nblack = [\"b3\", \"c4\"]\n[counters]\nquiet = 2\npawns = 3\n";
    let state = g
        .read_position(&mut sources, "p.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(state.counters[..2], [3, 2]);
    let quiet = after_from(&g, state, "a2-a3");
    let capture = after_from(&g, state, "a2xb3");
    assert_eq!(quiet.counters[..2], [3, 3]);
    assert_eq!(capture.counters[..2], [2, 0]);
    insta::assert_snapshot!(format!(
        "{}\n\n{}",
        report(&g, &quiet),
        report(&g, &capture)
    ));
}

fn after_from(game: &Game, mut state: State, tokens: &str) -> State {
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

#[test]
fn counters_survive_a_position_file_round_trip() {
    let g = game();
    let state = after(&g, "a1-a2 c4-c3");
    let written = g.write_position(&state);
    let mut sources = Sources::default();
    let read = g
        .read_position(&mut sources, "p.toml", &written)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(read, state);
    assert_eq!(g.write_position(&read), written);
}

#[test]
fn an_unknown_counter_in_a_position_is_located() {
    let g = game();
    let mut sources = Sources::default();
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a2\"]\n[counters]\nquite = 2\n";
    let err = g
        .read_position(&mut sources, "p.toml", text)
        .expect_err("refused")
        .render(&sources);
    insta::assert_snapshot!(err);
}

/// `captured` and `moved` read the action just played, so they are known in `after` rules only:
/// in a filter, where the candidate action is not yet played, and in an end test they are errors.
#[test]
fn captured_and_moved_are_known_in_after_rules_only() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/counters.toml");
    let text = std::fs::read_to_string(&path).expect("the test game is readable");
    let edited = text
        .replace(
            "step(piece: pawn, dirs: straight, to: empty)\n}",
            "step(piece: pawn, dirs: straight, to: empty)\n    where captured == 0\n}",
        )
        .replace(
            "if quiet >= quiet_limit { draw }",
            "if quiet >= quiet_limit or moved(pawn) { draw }",
        );
    assert_ne!(edited, text);
    let err = match tabula::load_game_text("tests/games/counters.toml", edited, &[]) {
        Ok(_) => panic!("the edited game loaded"),
        Err(e) => e.to_string(),
    };
    insta::assert_snapshot!(err);
}

/// The pieces of the other players on the board, a stack counting each of its pieces.
fn others_on_board(state: &State, mover: u8, players: u8) -> u32 {
    (0..players)
        .filter(|&p| p != mover)
        .flat_map(|p| state.pieces_of(p).iter())
        .map(|cell| u32::from(state.height(cell)))
        .sum()
}

/// `captured` (what [`Game::played`] gives the `after` rules) is the number of pieces each action
/// takes off the board, for every primitive: steps, slides, line runs, chained jumps removed at
/// once or at the end, path steps, hits to the bar, reveals and relocations; and `moved` names the
/// kind of the moving piece, as it stands before the action, and nothing for rolls and reveals.
/// Every legal action is checked along a game of each, the actions chosen by a fixed sequence.
#[test]
fn captured_and_moved_agree_with_what_each_action_does() {
    // Hold pley takes nothing off the board (a surround relocates): its actions must capture 0.
    let games = [
        ("breakthrough", true),
        ("english-draughts", true),
        ("epaminondas", true),
        ("crossings", true),
        ("blue-and-gray", true),
        ("backgammon", true),
        ("hold-pley", false),
    ];
    for (name, takes) in games {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("games")
            .join(format!("{name}.toml"));
        let g = load_game_file(&path, &[])
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
        let players = g.players.len() as u8;
        let mut state = g.initial;
        let mut actions = Vec::new();
        let (mut captures, mut pick) = (0, 7usize);
        for _ in 0..200 {
            if g.legal_actions(&state, &mut actions).is_some() || actions.is_empty() {
                break;
            }
            for action in &actions {
                let played = g.played(&state, action);
                let next = g.after(&state, action);
                let mover = state.to_move;
                let taken = others_on_board(&state, mover, players)
                    - others_on_board(&next, mover, players);
                let token = g.action_token(action);
                assert_eq!(u32::from(played.captured), taken, "{name}: {token}");
                captures += taken;
                let still = g.is_chance(&state) || token == "pass";
                let from_bar = action.from() == tabula::engine::dice::BAR;
                let kind = (!from_bar)
                    .then(|| state.piece(action.from_cell()))
                    .flatten()
                    .map(|(_, k)| k);
                match kind {
                    _ if still => assert_eq!(played.moved, 0, "{name}: {token}"),
                    Some(k) => assert_ne!(played.moved & 1 << k, 0, "{name}: {token}"),
                    // Entering from the bar: no cell to read.
                    _ => assert_ne!(played.moved, 0, "{name}: {token}"),
                }
            }
            pick = (pick * 31 + 17) % 1009;
            let chosen = actions[pick % actions.len()];
            state = g.after(&state, &chosen);
        }
        assert_eq!(captures > 0, takes, "{name}: {captures} pieces taken");
    }
}
