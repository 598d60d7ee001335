//! The history of a game (`repetitions`, counted over the positions played before, which drivers
//! keep outside the state) and the moves of the player not to move (`can_move`), on the test game
//! `tests/games/history.toml`: kings shuffle on a 3 x 2 board, the third occurrence of a position is
//! a draw, and a player without a move passes if the opponent could move, else the game is a draw.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file, load_game_text};

const GAME: &str = "tests/games/history.toml";

fn game(options: &[(&str, &str)]) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    load_game_file(&path, &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The position after `tokens` from the start, and the keys of the positions played through.
fn after(game: &Game, tokens: &str) -> (State, Vec<u64>) {
    let mut state = game.initial;
    let mut history = Vec::new();
    game.play_tokens_with_history(&mut state, &mut history, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    (state, history)
}

fn position(game: &Game, text: &str) -> State {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "position.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// The board, then the outcome or the legal actions, the history taken into account.
fn report(game: &Game, state: &State, history: &[u64]) -> String {
    let side = &game.players[state.to_move as usize];
    let result = match game.outcome_with_history(state, history) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!(
            "{side} to move (ply {}): {}",
            state.ply,
            game.legal_tokens_with_history(state, history).join(" ")
        ),
    };
    format!("{}{result}", game.diagram(state))
}

const SHUFFLE: &str = "a1-b1 c2-c1 b1-a1 c1-c2";

#[test]
fn the_third_occurrence_of_a_position_is_a_draw_and_the_second_is_not() {
    let g = game(&[]);
    assert!(g.uses_history);
    let (second, history) = after(&g, SHUFFLE);
    let mut expected = g.initial;
    expected.ply = 4;
    assert_eq!(second, expected);
    assert_eq!(history.len(), 4);
    assert_eq!(history.iter().filter(|&&k| k == g.initial.key()).count(), 1);
    let (third, history3) = after(&g, &format!("{SHUFFLE} {SHUFFLE}"));
    assert_eq!(history3.iter().filter(|&&k| k == third.key()).count(), 2);
    // Without its history the same position is not over: the history is what ends it.
    assert_eq!(g.outcome(&third), None);
    // `play_tokens` keeps a history of its own: the ninth token comes after the end.
    let mut state = g.initial;
    let refused = g
        .play_tokens(&mut state, &format!("{SHUFFLE} {SHUFFLE} a1-b1"))
        .expect_err("the game is over after the eighth token");
    insta::assert_snapshot!(format!(
        "second occurrence, after {SHUFFLE}:\n{}\n\nthird occurrence, after {SHUFFLE} {SHUFFLE}:\n{}\n\none more token:\n{refused}",
        report(&g, &second, &history),
        report(&g, &third, &history3)
    ));
}

#[test]
fn the_same_placement_with_the_other_side_to_move_is_no_repetition() {
    // Any repetition ends the game here.
    let g = game(&[("repetition_limit", "1")]);
    // White's king walks a triangle in three moves while Black's goes and comes back in two.
    let triangle = "a1-b1 c2-c1 b1-a2 c1-c2 a2-a1";
    let (other_side, history) = after(&g, triangle);
    let (same_side, same_history) = after(&g, SHUFFLE);
    assert_eq!(other_side.cells(), g.initial.cells());
    assert_ne!(other_side.to_move, g.initial.to_move);
    assert_ne!(other_side.key(), g.initial.key());
    // The key leaves out the ply (and the counters): the same placement and side, the same key.
    assert_eq!(same_side.key(), g.initial.key());
    assert_ne!(same_side.ply, g.initial.ply);
    insta::assert_snapshot!(format!(
        "after {triangle} (Black to move):\n{}\n\nafter {SHUFFLE} (White to move):\n{}",
        report(&g, &other_side, &history),
        report(&g, &same_side, &same_history)
    ));
}

#[test]
fn perft_ends_the_lines_that_reach_a_third_occurrence() {
    let g = game(&[]);
    let off = game(&[("repetition_limit", "0")]);
    // Folded away with the option at 0: nothing reads the history.
    assert!(!off.uses_history);
    // A position recurs 4 plies later at the soonest, a third time 8 plies later: perft(9) is the
    // first to count fewer lines.
    assert_eq!(g.perft(&g.initial, 8), off.perft(&off.initial, 8));
    let (with, without) = (g.perft(&g.initial, 9), off.perft(&off.initial, 9));
    assert!(with < without, "{with} < {without}");
    // From the second occurrence of the start, with the four positions before it: every line
    // that comes back to it in four plies ends there.
    let (second, history) = after(&g, SHUFFLE);
    let divide = |rows: Vec<(String, u64)>| {
        rows.iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let known = g.perft_divide_with_history(&second, &history, 5);
    let unknown = g.perft_divide(&second, 5);
    let total = |rows: &[(String, u64)]| rows.iter().map(|(_, n)| n).sum::<u64>();
    assert_eq!(total(&known), g.perft_with_history(&second, &history, 5));
    assert_eq!(total(&unknown), g.perft(&second, 5));
    insta::assert_snapshot!(format!(
        "perft(9) from the start: {with} (without the repetition rule: {without})\n\n\
         divide(5) after {SHUFFLE}, with its history (total {}):\n{}\n\n\
         divide(5) from the same position, history unknown (total {}):\n{}",
        total(&known),
        divide(known),
        total(&unknown),
        divide(unknown)
    ));
}

#[test]
fn without_a_move_a_player_passes_if_the_opponent_can_move_else_it_is_a_draw() {
    let g = game(&[]);
    // White's king is shut in by black blocks; Black's king has c1. The set-up has no blocks.
    let white_stuck = position(
        &g,
        "to_move = \"white\"\nbeyond_setup = true\n[pieces]\nwhite = { king = [\"a1\"] }\nblack = { king = [\"c2\"], block = [\"a2\", \"b1\", \"b2\"] }\n",
    );
    // A white block on c1 shuts Black's king in too.
    let both_stuck = position(
        &g,
        "to_move = \"white\"\nbeyond_setup = true\n[pieces]\nwhite = { king = [\"a1\"], block = [\"c1\"] }\nblack = { king = [\"c2\"], block = [\"a2\", \"b1\", \"b2\"] }\n",
    );
    let (white, black) = (0, 1);
    assert!(!g.can_move(&white_stuck, white));
    assert!(g.can_move(&white_stuck, black));
    assert!(!g.can_move(&both_stuck, white));
    assert!(!g.can_move(&both_stuck, black));
    // After White's pass, Black moves as usual.
    let mut passed = white_stuck;
    g.play_tokens(&mut passed, "pass")
        .unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!(format!(
        "only White is stuck:\n{}\n\nafter the pass:\n{}\n\nboth are stuck:\n{}",
        report(&g, &white_stuck, &[]),
        report(&g, &passed, &[]),
        report(&g, &both_stuck, &[])
    ));
}

#[test]
fn repetitions_and_can_move_are_known_in_end_tests_only() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    let text = std::fs::read_to_string(&path).expect("the test game is readable");
    let edited = text
        .replace(
            "step(piece: king, dirs: all, to: empty)\n}",
            "step(piece: king, dirs: all, to: empty)\n    where repetitions == 0\n}\n\n\
             forbid stuck_opponent \"no move that shuts the opponent in\" {\n    not can_move(opponent)\n}\n\n\
             after count \"a counter set from the history\" {\n    set seen = repetitions\n}",
        )
        .replace(
            "[rules]",
            "[counters.seen]\ninitial = 0\ndoc = \"Earlier occurrences.\"\n\n[rules]",
        );
    assert_ne!(edited, text);
    let err = match load_game_text(GAME, edited, &[]) {
        Ok(_) => panic!("the edited game loaded"),
        Err(e) => e.to_string(),
    };
    insta::assert_snapshot!(err);
}

#[test]
fn the_cli_honours_a_repetition_in_replays_and_in_play() {
    let tabula = |args: &[&str], stdin: &str| {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the tabula binary runs");
        child
            .stdin
            .take()
            .expect("stdin is piped")
            .write_all(stdin.as_bytes())
            .expect("stdin takes the tokens");
        let out = child.wait_with_output().expect("tabula ends");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("stdout is UTF-8")
    };
    let twice = format!("{SHUFFLE} {SHUFFLE}");
    let show = tabula(&["show", GAME, "--after", &twice], "");
    let moves = tabula(&["moves", GAME, "--after", SHUFFLE], "");
    let perft = tabula(&["perft", GAME, "--after", SHUFFLE, "--depth", "5"], "");
    let g = game(&[]);
    let (second, history) = after(&g, SHUFFLE);
    assert_eq!(
        perft.trim(),
        g.perft_with_history(&second, &history, 5).to_string()
    );
    let played = tabula(
        &["play", GAME, "--white", "human", "--black", "human"],
        &twice.replace(' ', "\n"),
    );
    let end: Vec<&str> = played
        .lines()
        .filter(|l| l.starts_with("game") || l.starts_with("record"))
        .collect();
    insta::assert_snapshot!(format!(
        "show --after {twice}:\n{show}\nmoves --after {SHUFFLE}:\n{moves}\nplay:\n{}",
        end.join("\n")
    ));
}

/// Found by the fuzz targets' reading of perft: a chance event is no position of its own. The
/// key leaves out the dice, so the position before a roll and the one after it have the same key;
/// replays (and `play`) kept the first, and the second then counted as its repetition: a dice game
/// that draws on any repetition was drawn by its first roll. Every driver now keeps only the
/// positions where a player acts, as perft and playouts did.
#[test]
fn a_roll_does_not_repeat_the_position_before_it() {
    let text = "extends = \"gioul\"\n\n[game]\nname = \"Gioul, drawn on a repetition\"\n\n\
                [rules]\ntext = '''\nturn_start repeated \"any repetition draws\" {\n    \
                if repetitions >= 1 { draw }\n}\n'''\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/repeated.toml");
    let (game, _, _) = load_game_text(&path.display().to_string(), text.to_string(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(game.uses_history);
    let (state, history) = after(&game, "roll:6-5");
    assert_eq!(game.outcome_with_history(&state, &history), None);
    assert!(history.is_empty(), "the roll left no position behind");
    let (state, history) = after(&game, "roll:6-5 24/18");
    assert_eq!(game.outcome_with_history(&state, &history), None);
    assert_eq!(history.len(), 1, "the position where white moved");
    assert_eq!(
        game.perft_with_history(&game.initial, &[], 2),
        game.perft_rows(&game.initial, &[], 2)
            .map(|(_, n)| n)
            .sum::<u64>(),
        "perft and its rows keep the same history"
    );
}
