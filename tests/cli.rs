//! The `tabula` binary end to end: exit codes and what it prints.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `tabula ARGS` from the crate root, with stdin closed and the default games folder.
fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TABULA_GAMES")
        .stdin(Stdio::null())
        .output()
        .expect("the tabula binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts success and returns stdout.
fn ok(args: &[&str]) -> String {
    let o = tabula(args);
    assert!(
        o.status.success(),
        "tabula {args:?} failed ({:?}):\n{}",
        o.status,
        stderr(&o)
    );
    stdout(&o)
}

/// Asserts failure with exit code 1 (bad input, not a crash) and returns stderr.
fn fails(args: &[&str]) -> String {
    fails_with(args, 1)
}

/// Asserts failure with exit code 2 (a mistake in the command line) and returns stderr.
fn usage(args: &[&str]) -> String {
    fails_with(args, 2)
}

/// Asserts failure with `code`, no panic and a message that starts with `error:` (or ariadne's
/// `Error:` for a located diagnostic); returns stderr.
fn fails_with(args: &[&str], code: i32) -> String {
    let o = tabula(args);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(code),
        "tabula {args:?} should fail with {code}; stdout:\n{}\nstderr:\n{err}",
        stdout(&o),
    );
    assert!(
        !err.contains("panicked"),
        "tabula {args:?} panicked:\n{err}"
    );
    assert!(
        err.starts_with("error: ") || err.starts_with("Error: "),
        "tabula {args:?}: the message starts with `error:`:\n{err}"
    );
    err
}

/// A scratch folder for files the tests write, and the text with its path replaced by `[TMP]`.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn hide(text: &str, dir: &std::path::Path) -> String {
    text.replace(&dir.display().to_string(), "[TMP]")
}

// ---------- list and check ----------

#[test]
fn list_shows_the_game_and_its_variant() {
    let out = ok(&["list"]);
    let lines: Vec<&str> = out.lines().collect();
    let base = lines
        .iter()
        .position(|l| l.starts_with("epaminondas ") && l.contains("Epaminondas"))
        .unwrap_or_else(|| panic!("no epaminondas line in:\n{out}"));
    let variant = lines
        .iter()
        .position(|l| {
            l.trim_start().starts_with("epaminondas-8x8") && l.contains("Epaminondas 8x8")
        })
        .unwrap_or_else(|| panic!("no epaminondas-8x8 line in:\n{out}"));
    assert!(
        variant > base,
        "the variant is listed under its base:\n{out}"
    );
    assert!(
        lines[variant].starts_with("  "),
        "the variant is indented:\n{out}"
    );
}

#[test]
fn check_accepts_the_shipped_games() {
    let out = ok(&["check", "games/epaminondas.toml"]);
    assert_eq!(
        out,
        "ok: `Epaminondas`: 2 players, 168 cells, 2 move rules, 0 warning(s)\n"
    );
    let out = ok(&["check", "epaminondas-8x8"]);
    assert!(
        out.starts_with("ok: `Epaminondas 8x8`: 2 players, 64 cells"),
        "{out}"
    );
}

#[test]
fn check_reports_a_broken_game_with_a_caret() {
    let err = fails(&["check", "tests/bad_games/unknown_argument.toml"]);
    assert!(
        err.contains("tests/bad_games/unknown_argument.toml:60:24"),
        "{err}"
    );
    assert!(err.contains('^'), "{err}");
    insta::assert_snapshot!(err);
}

#[test]
fn check_reports_every_problem_and_counts_them() {
    let err = fails(&["check", "tests/bad_games/three_mistakes.toml"]);
    assert_eq!(err.matches("Error: ").count(), 3, "{err}");
    assert!(err.trim_end().ends_with("3 problem(s) found"), "{err}");
}

#[test]
fn check_of_a_missing_file_fails_with_its_path() {
    let err = fails(&["check", "tests/bad_games/no_such_file.toml"]);
    assert!(
        err.contains("cannot read `tests/bad_games/no_such_file.toml`"),
        "{err}"
    );
}

// ---------- moves and perft ----------

#[test]
fn moves_prints_the_114_opening_tokens_sorted() {
    let out = ok(&["moves", "epaminondas"]);
    let tokens: Vec<&str> = out.lines().collect();
    assert_eq!(tokens.len(), 114);
    let mut sorted = tokens.clone();
    sorted.sort();
    assert_eq!(tokens, sorted, "moves are sorted");
    sorted.dedup();
    assert_eq!(sorted.len(), 114, "no token twice");
    assert!(tokens.contains(&"a1-a3"), "{out}");
    assert!(tokens.iter().all(|t| !t.is_empty() && !t.contains(' ')));
}

#[test]
fn moves_after_legal_tokens_is_the_other_side() {
    let out = ok(&["moves", "epaminondas", "--after", "a1-a3"]);
    assert!(!out.is_empty());
    // Black moves from ranks 11 and 12.
    assert!(
        out.lines().all(|t| t.contains("11-") || t.contains("12-")),
        "{out}"
    );
}

#[test]
fn moves_after_an_illegal_token_names_it() {
    let err = fails(&["moves", "epaminondas", "--after", "a1-a3 a1-a9"]);
    assert!(err.contains("action 2 `a1-a9`"), "{err}");
    assert!(err.contains("is not a legal action here"), "{err}");
    let err = fails(&["moves", "epaminondas", "--after", "zz"]);
    assert!(err.contains("`zz`"), "{err}");
}

#[test]
fn perft_depth_2_is_12996() {
    let out = ok(&["perft", "epaminondas", "--depth", "2"]);
    assert_eq!(out.lines().last(), Some("12996"));
    assert_eq!(ok(&["perft", "epaminondas", "--depth", "1"]).trim(), "114");
    assert_eq!(ok(&["perft", "epaminondas", "--depth", "0"]).trim(), "1");
}

#[test]
fn perft_divide_prints_token_counts_and_the_total_last() {
    let out = ok(&["perft", "epaminondas", "--depth", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    let (total, rows) = lines.split_last().unwrap();
    assert_eq!(*total, "12996");
    assert_eq!(rows.len(), 114);
    let mut sum = 0u64;
    let moves = ok(&["moves", "epaminondas"]);
    for (row, token) in rows.iter().zip(moves.lines()) {
        let (t, count) = row
            .split_once(' ')
            .unwrap_or_else(|| panic!("not `TOKEN COUNT`: {row}"));
        assert_eq!(t, token, "divide rows follow the sorted tokens");
        sum += count.parse::<u64>().unwrap();
    }
    assert_eq!(sum, 12996);
}

/// Issue 12: `perft` shows a progress bar only on a terminal; piped, stdout holds the counts alone
/// and stderr nothing, deep runs (a bar from the start on a terminal) included.
#[test]
fn perft_piped_prints_the_counts_alone() {
    let o = tabula(&["perft", "epaminondas", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1787292\n");
    assert_eq!(stderr(&o), "");
    // A ply limit of 2 ends every line early: depth 8 is instant and counts nothing.
    for divide in [false, true] {
        let mut args = vec!["perft", "epaminondas", "--depth", "8", "-o", "max_plies=2"];
        if divide {
            args.push("--divide");
        }
        let o = tabula(&args);
        assert!(o.status.success());
        assert_eq!(stderr(&o), "", "{args:?}");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), if divide { 115 } else { 1 }, "{out}");
        assert_eq!(lines.last(), Some(&"0"));
        assert!(
            lines[..lines.len() - 1]
                .iter()
                .all(|l| l.ends_with(" 0") && !l.contains('\u{1b}'))
        );
    }
}

// ---------- positions ----------

#[test]
fn show_toml_round_trips_through_position() {
    let dir = scratch("round_trip");
    for (game, after) in [
        ("epaminondas", "a1-a3"),
        ("epaminondas", "a1-a3 a11-a10 b1-b3"),
        ("epaminondas-8x8", "a2-a3"),
    ] {
        let first = ok(&["show", game, "--after", after, "--format", "toml"]);
        let path = write(&dir, &format!("{game}.toml"), &first);
        let second = ok(&["show", game, "--position", &path, "--format", "toml"]);
        assert_eq!(first, second, "{game} after {after}");
        // And the position plays on as the original does.
        let direct = ok(&["moves", game, "--after", after]);
        let via_file = ok(&["moves", game, "--position", &path]);
        assert_eq!(direct, via_file, "{game} after {after}");
    }
}

#[test]
fn show_text_draws_the_board() {
    let out = ok(&["show", "epaminondas-8x8"]);
    assert_eq!(out.lines().count(), 10, "{out}");
    assert!(out.contains("white to move (ply 0)"), "{out}");
}

const GOOD_POSITION: &str = "game = \"Epaminondas\"\nto_move = \"white\"\nply = 0\n\n[pieces]\n";

#[test]
fn a_position_with_an_unknown_cell_is_located() {
    let dir = scratch("unknown_cell");
    let path = write(
        &dir,
        "p.toml",
        &format!("{GOOD_POSITION}white = [\"a1\", \"z9\"]\nblack = [\"n12\"]\n"),
    );
    let err = hide(&fails(&["show", "epaminondas", "--position", &path]), &dir);
    assert!(err.contains("[TMP]/p.toml:6:16"), "{err}");
    insta::assert_snapshot!(err);
}

#[test]
fn a_position_with_two_pieces_on_one_cell_is_located() {
    let dir = scratch("two_pieces");
    let path = write(
        &dir,
        "p.toml",
        &format!("{GOOD_POSITION}white = [\"a1\", \"b1\"]\nblack = [\"b1\"]\n"),
    );
    let err = hide(&fails(&["show", "epaminondas", "--position", &path]), &dir);
    assert!(err.contains("cell `b1` holds two pieces"), "{err}");
    insta::assert_snapshot!(err);
}

/// Two stacks of 255 on one point once overflowed the stack's height: a panic in a debug build.
#[test]
fn a_position_with_more_pieces_than_the_set_up_is_located() {
    let path = "tests/positions/gioul/too_many_stacked.toml";
    for command in ["show", "moves"] {
        let err = fails(&[command, "gioul", "--position", path]);
        assert!(
            err.contains("white has 510 pieces here, the set-up gives 15"),
            "{err}"
        );
        assert!(err.contains(&format!("{path}:6:10")), "{err}");
    }
}

#[test]
fn a_position_that_is_not_toml_is_located() {
    let dir = scratch("bad_toml");
    let path = write(&dir, "p.toml", "to_move = \"white\nply = 0\n");
    let err = hide(&fails(&["show", "epaminondas", "--position", &path]), &dir);
    assert!(err.contains("[TMP]/p.toml:1:"), "{err}");
    insta::assert_snapshot!(err);
}

#[test]
fn a_position_with_an_unknown_player_is_located() {
    let dir = scratch("unknown_player");
    let path = write(
        &dir,
        "p.toml",
        "game = \"Epaminondas\"\nto_move = \"red\"\n\n[pieces]\nwhite = [\"a1\"]\n",
    );
    let err = hide(&fails(&["show", "epaminondas", "--position", &path]), &dir);
    assert!(err.contains("unknown player `red`"), "{err}");
    assert!(err.contains("[TMP]/p.toml:2:11"), "{err}");
    assert!(err.contains("the players are `white`, `black`"), "{err}");
    // Wherever a position names a player, a wrong name is told the players' names.
    let path = write(
        &dir,
        "q.toml",
        "to_move = \"white\"\noff = { red = 1 }\n\n[pieces]\nwhite = [\"24*15\"]\nblue = [\"1\"]\n",
    );
    let err = hide(&fails(&["show", "backgammon", "--position", &path]), &dir);
    for (name, at) in [("red", "[TMP]/q.toml:2:"), ("blue", "[TMP]/q.toml:6:")] {
        assert!(err.contains(&format!("unknown player `{name}`")), "{err}");
        assert!(err.contains(at), "{err}");
    }
    assert_eq!(
        err.matches("the players are `white`, `black`").count(),
        2,
        "{err}"
    );
}

#[test]
fn a_missing_position_file_is_named() {
    let err = fails(&["show", "epaminondas", "--position", "no/such/position.toml"]);
    assert!(err.contains("`no/such/position.toml`"), "{err}");
}

// ---------- games and options ----------

#[test]
fn an_unknown_game_gets_a_hint() {
    let err = fails(&["moves", "epaminondos"]);
    insta::assert_snapshot!(err);
    let err = fails(&["check", "no-such-game"]);
    assert!(err.contains("unknown game `no-such-game`"), "{err}");
    assert!(err.contains("tabula list"), "{err}");
}

#[test]
fn options_change_the_game() {
    // With a ply limit of 1 the game is drawn after one action: no moves are left.
    let out = ok(&[
        "moves",
        "epaminondas",
        "-o",
        "max_plies=1",
        "--after",
        "a1-a3",
    ]);
    assert_eq!(out, "");
    let out = ok(&[
        "show",
        "epaminondas",
        "--option",
        "max_plies=1",
        "--after",
        "a1-a3",
    ]);
    assert!(out.contains("game over: draw"), "{out}");
}

#[test]
fn an_unknown_option_gets_a_hint() {
    let err = usage(&["moves", "epaminondas", "--option", "max_plys=10"]);
    insta::assert_snapshot!(err);
}

#[test]
fn an_option_out_of_range_is_refused() {
    let err = usage(&["moves", "epaminondas", "--option", "max_plies=-3"]);
    insta::assert_snapshot!(err);
}

#[test]
fn an_option_value_not_among_the_choices_is_refused() {
    let err = usage(&["moves", "epaminondas", "--option", "no_move=wins"]);
    assert!(err.contains("`wins`"), "{err}");
    assert!(err.contains("`loses`, `passes`"), "{err}");
}

#[test]
fn an_option_without_a_value_is_refused() {
    let err = usage(&["moves", "epaminondas", "--option", "max_plies"]);
    assert!(err.contains("NAME=VALUE"), "{err}");
    let err = usage(&["check", "epaminondas", "--option", "=3"]);
    assert!(err.contains("NAME=VALUE"), "{err}");
}

/// An unknown option of a game that declares none says so, rather than listing nothing.
#[test]
fn an_option_given_to_a_game_without_options_is_refused_as_such() {
    let err = usage(&["show", "backgammon", "--option", "x=1"]);
    assert!(err.contains("unknown option `x`"), "{err}");
    assert!(err.contains("this game has no options"), "{err}");
    let err = usage(&["show", "epaminondas", "--option", "xyzzy=1"]);
    assert!(err.contains("the options are `"), "{err}");
}

/// Issue 12: a mistake in the `--option`s given is a usage mistake (2) for every command; a game
/// file with errors stays bad input (1) even when an option is given too.
#[test]
fn option_mistakes_exit_2_and_broken_files_exit_1() {
    for command in ["check", "show", "moves", "rules", "play"] {
        let err = usage(&[command, "epaminondas", "-o", "max_plys=3"]);
        assert!(
            err.contains("unknown option `max_plys`"),
            "{command}: {err}"
        );
        let err = usage(&[command, "epaminondas", "-o", "no_move=wins"]);
        assert!(err.contains("`wins`"), "{command}: {err}");
    }
    let err = fails(&[
        "check",
        "tests/bad_games/unknown_argument.toml",
        "-o",
        "max_plies=3",
    ]);
    assert!(err.contains("unknown argument `dir`"), "{err}");
}

// ---------- play ----------

fn random_game(seed: &str) -> String {
    let out = ok(&[
        "play",
        "epaminondas",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        seed,
    ]);
    let record = out
        .lines()
        .find(|l| l.starts_with("record:"))
        .unwrap_or_else(|| panic!("no record line in:\n{out}"));
    assert!(
        out.contains("game over:") || out.contains("game stopped"),
        "{out}"
    );
    record.to_string()
}

#[test]
fn play_random_against_random_finishes_and_replays_by_seed() {
    let first = random_game("3");
    assert!(first.len() > "record: ".len(), "{first}");
    assert_eq!(first, random_game("3"), "the same seed, the same game");
    // Every recorded token is a legal action in turn: replaying it succeeds.
    let tokens = first.trim_start_matches("record:").trim();
    let last = tokens.split_whitespace().last().unwrap();
    let before_last = &tokens[..tokens.len() - last.len()];
    let moves = ok(&["moves", "epaminondas", "--after", before_last]);
    assert!(
        moves.lines().any(|t| t == last),
        "{last} is legal at its turn"
    );
}

/// Each game of the test game scores the largest 32-bit number: the third game goes past the
/// largest target, which the points reach instead of overflowing.
#[test]
fn match_points_reach_a_huge_target_without_overflowing() {
    let out = ok(&[
        "play",
        "tests/games/values.toml",
        "--white",
        "random",
        "--black",
        "random",
        "--match",
        "4294967295",
    ]);
    assert!(
        out.contains("match: white 4294967294, black 0 (to 4294967295)"),
        "{out}"
    );
    assert!(
        out.ends_with("match over: white wins, white 4294967295, black 0\n"),
        "{out}"
    );
    assert_eq!(out.matches("=== game").count(), 3, "{out}");
}

/// The record of a `play` output and the end it printed: the last diagram and `game over: ...`.
fn record_and_end(out: &str) -> (String, String) {
    let (body, record) = out
        .rsplit_once("record: ")
        .unwrap_or_else(|| panic!("no record in:\n{out}"));
    let (before, over) = body.trim_end().rsplit_once('\n').expect("an end line");
    assert!(over.starts_with("game over: "), "{over}");
    let diagram = before.trim_end().rsplit("\n\n").next().expect("a diagram");
    (record.trim().to_string(), format!("{diagram}\n{over}\n"))
}

/// Issue 12: without `--seed` chance is seeded by the operating system, and the printed record
/// holds every roll and every piece turned up: `show --after RECORD` reaches the end the game
/// reached, in a dice game and in Hold pley (a ply limit keeps its game short).
#[test]
fn play_without_a_seed_replays_from_its_record() {
    for (game, args) in [
        ("gioul", &["--white", "random", "--black", "random"][..]),
        (
            "hold-pley",
            &[
                "--numbered",
                "random",
                "--plain",
                "random",
                "-o",
                "max_plies=80",
            ],
        ),
    ] {
        let out = ok(&[&["play", game][..], args].concat());
        let (record, end) = record_and_end(&out);
        let options = &args[4..];
        let shown = ok(&[&["show", game, "--after", &record][..], options].concat());
        assert_eq!(shown, end, "{game}: {record}");
    }
}

/// Issue 12: a known seed must not tell the dice or a face-down piece: two games without `--seed`
/// get dice of their own (every roll of a whole game the same by chance is out of the question),
/// while `--seed` still replays the dice with the players.
#[test]
fn play_without_a_seed_throws_other_dice_and_a_seed_replays_them() {
    let play = |seed: Option<&str>| {
        let mut args = vec!["play", "gioul", "--white", "random", "--black", "random"];
        if let Some(seed) = seed {
            args.extend(["--seed", seed]);
        }
        let out = ok(&args);
        let (record, _) = record_and_end(&out);
        assert!(record.matches("roll:").count() > 10, "{record}");
        record
    };
    assert_ne!(
        play(None),
        play(None),
        "the dice are not seeded by a constant"
    );
    assert_eq!(play(Some("5")), play(Some("5")), "a seed replays the dice");
    assert_ne!(play(Some("5")), play(Some("6")));
}

#[test]
fn play_a_human_with_stdin_closed_stops() {
    let out = ok(&[
        "play",
        "epaminondas",
        "--white",
        "human",
        "--black",
        "random",
    ]);
    assert!(out.contains("game stopped"), "{out}");
    assert!(out.contains("record:"), "{out}");
}

/// Issue 12: a typed line without end (piped from `/dev/zero`, say) is dropped once it passes
/// the longest line a player may type, instead of filling the memory; bytes that are not text
/// are refused; the game goes on with the next line.
#[test]
fn play_drops_an_endless_line_and_a_line_that_is_not_text() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "breakthrough"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TABULA_GAMES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs");
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        input.write_all(&vec![b'a'; 50_000_000]).unwrap();
        input.write_all(b"\n\xff\xfe\na2-a3\nquit\n").unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("that line is longer than 4096 bytes"), "{out}");
    assert!(out.contains("that line is not UTF-8 text"), "{out}");
    assert!(out.contains("record: a2-a3 "), "the game went on: {out}");
}

/// Issue 12: an unknown `--NAME` after the game is a player misnamed; the message lists the
/// game's players instead of suggesting `--seed`.
#[test]
fn play_with_an_unknown_player_flag_lists_the_players() {
    for args in [
        &["play", "epaminondas", "--red", "human"][..],
        &["play", "epaminondas", "--white", "random", "--red=human"],
    ] {
        let err = usage(args);
        assert_eq!(
            err.trim_end(),
            "error: unknown player `red`: the players are `white`, `black`",
            "{args:?}"
        );
    }
    let err = usage(&["play", "hold-pley", "--white", "human"]);
    assert!(
        err.starts_with("error: unknown player `white`: the players are `numbered`, `plain`"),
        "{err}"
    );
    let err = usage(&["play", "epaminondas", "--white", "random", "--help"]);
    assert!(!err.contains("unknown player"), "{err}");
}

/// Issue 12: a bad value of a player flag is a usage mistake, as a bad flag is (both exit 2).
#[test]
fn play_with_a_bad_controller_fails() {
    let err = usage(&["play", "epaminondas", "--white", "robot"]);
    assert!(err.contains("robot"), "{err}");
    assert!(err.contains("`human`, `random`, `mcts`"), "{err}");
    let err = usage(&["play", "epaminondas", "--white", "mcts:iterations=0"]);
    assert!(err.contains("iterations=0"), "{err}");
    let err = usage(&["play", "epaminondas", "--seed", "x"]);
    assert!(err.contains("'x'"), "{err}");
}

/// Issue 12: `--match 0` is refused as a usage mistake that names the accepted points, wherever it
/// stands; `--match` alone on a game without a match of its own says so.
#[test]
fn play_match_0_is_refused_and_match_alone_needs_a_match() {
    for args in [
        &["play", "gioul", "--match", "0"][..],
        &["play", "--match", "0", "gioul"],
        &["play", "gioul", "--white", "random", "--match", "0"],
        &["play", "gioul", "--white", "random", "--match=0"],
    ] {
        let err = usage(args);
        assert!(
            err.contains("the points to play to must be 1 or more"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("describes no match"), "{args:?}: {err}");
    }
    for args in [
        &["play", "gioul", "--match"][..],
        &["play", "gioul", "--white", "random", "--match"],
    ] {
        let err = usage(args);
        assert!(
            err.starts_with("error: `Gioul` describes no match (`[match]`)"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn play_an_unknown_game_fails() {
    let err = fails(&["play", "epaminondos", "--white", "random"]);
    assert!(err.contains("unknown game `epaminondos`"), "{err}");
}

#[test]
fn perft_depth_beyond_64_is_refused_not_attempted() {
    let err = usage(&["perft", "epaminondas", "--depth", "4294967295"]);
    assert!(err.contains("not in 0..=64"), "{err}");
}

/// Issue 12: out of range is a usage mistake (2), and the message says what is accepted: more than
/// 0 seconds, where it used to say "from 0".
#[test]
fn bench_seconds_and_threads_out_of_range_are_refused() {
    for seconds in ["1e300", "0", "-1", "nan"] {
        let err = usage(&["bench", "epaminondas", &format!("--seconds={seconds}")]);
        assert!(err.contains("`--seconds"), "{seconds}: {err}");
        assert!(
            err.contains("more than 0 and at most 10000000"),
            "{seconds}: {err}"
        );
    }
    let err = usage(&["bench", "epaminondas", "--threads", "0"]);
    assert!(err.contains("from 1 to 256"), "{err}");
}

/// Issue 36: `bench` lists every legal action each ply unless `--sample` asks for random play's
/// sampler, which only makes a difference where a `forbid` can be left for later (go), and
/// says which it timed.
#[test]
fn bench_times_the_full_legal_list_unless_asked_to_sample() {
    let bench = |game: &str, extra: &[&str]| {
        let mut args = vec!["bench", game, "--playouts", "2", "--depth", "0", "--json"];
        args.extend_from_slice(extra);
        ok(&args)
    };
    assert!(bench("go", &[]).contains(r#""legal_list":"full""#));
    assert!(bench("go", &["--sample"]).contains(r#""legal_list":"sampled""#));
    let no_forbid = bench("tic-tac-toe", &["--sample"]);
    assert!(no_forbid.contains(r#""legal_list":"full""#), "{no_forbid}");
}

// ---------- rules ----------

#[test]
fn rules_prints_the_rulebook_without_colours() {
    let out = ok(&["rules", "epaminondas"]);
    assert!(out.starts_with("Epaminondas\n===========\n"), "{out}");
    assert!(
        out.contains(
            "- Move `phalanx` (\"002 move rule 2, split and capture sentences; ruling 2.4\"):"
        ),
        "{out}"
    );
    assert!(!out.contains('\u{1b}'), "{out}");
    let md = ok(&["rules", "breakthrough", "--format", "markdown"]);
    assert!(md.starts_with("# Breakthrough\n"), "{md}");
    assert!(md.contains("## Set-up\n\n```text\n"), "{md}");
}

#[test]
fn rules_with_an_option_prints_the_value_in_effect() {
    let out = ok(&["rules", "gioul", "--option", "transfer_unplayed=always"]);
    assert!(
        out.contains(
            "- Pips the mover cannot play pass to the opponent, who plays them in order and then \
             rolls (option `transfer_unplayed`, now `always`)."
        ),
        "{out}"
    );
    assert!(
        out.contains("In effect: `always` (changed from the default)."),
        "{out}"
    );
    let err = usage(&["rules", "gioul", "-o", "transfer_unplayed=sometimes"]);
    assert!(err.contains("sometimes"), "{err}");
}

#[test]
fn rules_of_an_unknown_game_or_a_broken_file_fails_with_its_place() {
    let err = fails(&["rules", "epaminondos"]);
    assert!(err.contains("unknown game `epaminondos`"), "{err}");
    assert!(err.contains("did you mean `epaminondas`?"), "{err}");
    let err = fails(&["rules", "tests/bad_games/unknown_argument.toml"]);
    assert!(
        err.contains("tests/bad_games/unknown_argument.toml:60:24"),
        "{err}"
    );
    assert!(err.contains('^'), "{err}");
    let err = fails(&["rules", "tests/bad_games/no_such_file.toml"]);
    assert!(
        err.contains("cannot read `tests/bad_games/no_such_file.toml`"),
        "{err}"
    );
}

/// Issue 7: a game file is read at every run, so a file written after the build takes effect at
/// once, from any folder: a variant in a fresh temporary folder (its `extends` found in `games/`),
/// then a new game added to a games folder, which `list` and `perft` see by name.
#[test]
fn game_files_written_after_the_build_take_effect_at_the_next_run() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let variant = dir.join("one-row.toml");
    std::fs::write(
        &variant,
        "extends = \"breakthrough\"\n[game]\nname = \"Breakthrough, one row\"\n\
         [setup.white]\npawn = \"a1..h1\"\n[setup.black]\npawn = \"a8..h8\"\n",
    )
    .expect("the variant is written");
    let path = variant.display().to_string();
    // One row of pawns: 8 straight steps and 14 diagonal ones, against 22 for Breakthrough's two rows.
    assert_eq!(ok(&["perft", &path, "--depth", "1"]).trim(), "22");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).expect("a games folder");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/breakthrough.toml"
    ))
    .expect("breakthrough.toml")
    .replace("name = \"Breakthrough\"", "name = \"Breakthrough, copied\"");
    std::fs::write(games.join("copied.toml"), text).expect("the new game is written");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .current_dir(&dir)
            .env("TABULA_GAMES", &games)
            .output()
            .expect("the tabula binary runs")
    };
    let listed = run(&["list"]);
    assert!(stdout(&listed).contains("copied") && stdout(&listed).contains("Breakthrough, copied"));
    assert_eq!(
        stdout(&run(&["perft", "copied", "--depth", "2"])).trim(),
        "484"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: a game's notation (a FEN) reads published positions and writes them back; a wrong
/// line gets a message naming the field, not a panic.
#[test]
fn fen_positions_paste_in_and_come_back_out() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        ok(&["perft", "chess", "--fen", kiwipete, "--depth", "2"]).trim(),
        "2039"
    );
    assert_eq!(
        ok(&["show", "chess", "--fen", kiwipete, "--format", "fen"]).trim(),
        kiwipete
    );
    let after = ok(&[
        "show",
        "chess",
        "--after",
        "e2-e4 c7-c5 e4-e5 d7-d5",
        "--format",
        "fen",
    ]);
    assert_eq!(
        after.trim(),
        "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let moves = ok(&["moves", "chess", "--fen", after.trim()]);
    assert!(moves.lines().any(|t| t == "e5-d6"), "{moves}");
    for bad in [
        "",
        "////////",
        "99999999999999999999999/8/8/8/8/8/8/8 w",
        "8/8/8/8/8/8/8/8 x",
    ] {
        let err = fails(&["moves", "chess", "--fen", bad]);
        assert!(err.contains("--fen"), "{bad}: {err}");
    }
    let err = fails(&["show", "breakthrough", "--format", "fen"]);
    assert!(err.contains("declares no `[notation]`"), "{err}");
}

/// Issue 14: the FEN of draughts (`squares:PLAYER` fields): published positions read and write
/// back the same, square 1 is where each board's numbering puts it, and each wrong line gets its
/// reason.
#[test]
fn draughts_fen_numbers_the_dark_squares() {
    for (game, fen) in [
        ("international-draughts", "W:W31-50:B1-20"),
        (
            "international-draughts",
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        ),
        ("english-draughts", "B:W21-32:B1-12"),
        (
            "english-draughts",
            "B:W18,19,21,23,24,26,29-32:B1-4,6,7,9-12",
        ),
    ] {
        assert_eq!(
            ok(&["show", game, "--fen", fen, "--format", "fen"]).trim(),
            fen
        );
    }
    // Each game's start is its FEN's, and the line may end with `.`.
    assert_eq!(
        ok(&["show", "english-draughts", "--format", "fen"]).trim(),
        "B:W21-32:B1-12"
    );
    assert_eq!(
        ok(&["show", "international-draughts", "--fen", "W:W31-50:B1-20."]),
        ok(&["show", "international-draughts"])
    );
    // Square 1 and the last square: b10 and i1 on the 10 x 10 board, g1 and b8 in checkers
    // (numbered from black's side, which is at the bottom here).
    let pieces = |game: &str, fen: &str| {
        let toml = ok(&["show", game, "--fen", fen, "--format", "toml"]);
        toml.lines()
            .filter(|l| l.contains('['))
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let ten = pieces("international-draughts", "W:W50:BK1");
    assert!(ten.contains("\"i1\"") && ten.contains("\"b10\""), "{ten}");
    let eight = pieces("english-draughts", "B:W32:BK1");
    assert!(
        eight.contains("\"b8\"") && eight.contains("\"g1\""),
        "{eight}"
    );
    for (bad, why) in [
        ("", "empty"),
        ("X:W1", "player to move"),
        ("W:W1:W2", "given twice"),
        ("W:W51", "square 51 is not on the board"),
        ("W:W0", "square 0 is not on the board"),
        ("W:W1:B1", "square 1 is given twice"),
        ("W:W5-3", "runs backwards"),
        ("W:WQ5", "`Q5` is not a square number"),
        ("W:W1,,2", "empty item"),
        ("W:W99999999999999999999999", "not a square number"),
        ("W:W1:B2:B3", "4 fields"),
    ] {
        let err = fails(&["show", "international-draughts", "--fen", bad]);
        assert!(err.contains(why), "{bad}: {err}");
    }
}

// ---------- tournament and analyze (issue 15) ----------

/// Self-play results do not depend on how many games run at once, and every record written
/// replays with `show --after` to the result it reports.
#[test]
fn analyze_is_the_same_on_any_number_of_threads_and_its_records_replay() {
    let dir = scratch("analyze-records");
    let records = dir.join("records.jsonl");
    let records = records.to_str().expect("a UTF-8 path");
    // The file is appended to: start without it.
    let _ = std::fs::remove_file(records);
    let args = |threads: &'static str| {
        vec![
            "analyze",
            "backgammon",
            "breakthrough",
            "--games",
            "6",
            "--threads",
            threads,
            "--format",
            "json",
        ]
    };
    let one = ok(&args("1"));
    let mut with_records = args("3");
    with_records.extend(["--records", records]);
    assert_eq!(one, ok(&with_records));
    let text = std::fs::read_to_string(records).expect("the records");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12);
    // Written as the games end, yet in the games' order, whatever the threads.
    let order: Vec<(String, u64)> = lines
        .iter()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let game = record["game"].as_str().expect("game").to_string();
            (game, record["seed"].as_u64().expect("seed"))
        })
        .collect();
    let expected: Vec<(String, u64)> = ["backgammon", "breakthrough"]
        .iter()
        .flat_map(|g| (1..=6).map(move |seed| (g.to_string(), seed)))
        .collect();
    assert_eq!(order, expected);
    for line in lines {
        let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let game = record["game"].as_str().expect("game");
        let tokens = record["tokens"].as_str().expect("tokens");
        let shown = ok(&["show", game, "--after", tokens]);
        let last = shown.lines().last().expect("a last line");
        let expected = match &record["result"] {
            serde_json::Value::String(s) if s == "draw" => "game over: draw".to_string(),
            result => format!(
                "game over: {} wins",
                result["winner"].as_str().expect("a winner")
            ),
        };
        assert!(last.starts_with(&expected), "{last} / {expected}");
    }
}

/// A records file that cannot be written is a clear error (said before the games are played).
#[test]
fn a_records_file_that_cannot_be_written_is_a_clear_error() {
    let dir = scratch("records-unwritable");
    let records = dir.join("no-such-folder").join("records.jsonl");
    let records = records.to_str().expect("a UTF-8 path");
    let err = fails(&[
        "tournament",
        "tic-tac-toe",
        "--players",
        "random",
        "random",
        "--games",
        "2",
        "--records",
        records,
    ]);
    assert!(
        err.contains("cannot write") && err.contains("records.jsonl"),
        "{err}"
    );
}

#[test]
fn tournament_reports_every_player_and_refuses_unattended_humans() {
    let out = ok(&[
        "tournament",
        "tic-tac-toe",
        "--players",
        "random",
        "mcts:iterations=200",
        "--games",
        "3",
        "--format",
        "csv",
    ]);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(
        rows[0],
        "player,games,wins,draws,losses,cut,points,elo,elo_95,\
         seat1_games,seat1_wins,seat1_draws,seat1_losses,seat1_cut,seat1_points,\
         seat2_games,seat2_wins,seat2_draws,seat2_losses,seat2_cut,seat2_points"
    );
    assert!(rows[1].starts_with("random,6,"), "{out}");
    assert!(rows[2].starts_with("mcts:iterations=200,6,"), "{out}");
    // Each seat's results add up to the player's: games, wins, draws, losses, cut, points.
    for row in &rows[1..] {
        let cells: Vec<&str> = row.split(',').collect();
        let number = |i: usize| cells[i].parse::<i64>().expect("a number");
        for (column, total) in [1, 2, 3, 4, 5, 6].into_iter().enumerate() {
            assert_eq!(
                number(total),
                number(9 + column) + number(15 + column),
                "{row}"
            );
        }
        assert_eq!(number(9), 3, "three games in each seat: {row}");
    }
    // The table shows each player's results in each seat.
    let text = ok(&[
        "tournament",
        "tic-tac-toe",
        "--players",
        "random",
        "random",
        "--games",
        "2",
    ]);
    assert!(
        text.contains("by seat") && text.contains("as x") && text.contains("as o"),
        "{text}"
    );
    let err = usage(&["tournament", "tic-tac-toe", "--players", "random", "human"]);
    assert!(err.contains("unattended"), "{err}");
    let err = usage(&["tournament", "tic-tac-toe", "--players", "random"]);
    assert!(err.contains("players"), "{err}");
}

// ---------- hint ----------

/// `hint` names the search's choice in any position: the same on every run with an iteration
/// budget, a proven result where the solver finds one, and the choices it weighed.
#[test]
fn hint_gives_the_search_s_choice_in_a_position() {
    // X threatens a1-a2-a3 and b1-b2-b3 is O's to block: O must take a3 or lose.
    let args = [
        "hint",
        "tic-tac-toe",
        "--after",
        "a1 b2 a2",
        "--player",
        "solver:iterations=2000",
    ];
    let out = ok(&args);
    assert_eq!(
        out,
        ok(&args),
        "the same budget and seed give the same hint"
    );
    let first = out.lines().next().expect("a first line");
    assert!(
        first.starts_with("o to move: a3 (a proven draw after "),
        "{out}"
    );
    assert!(out.contains("b3") && out.contains("loss"), "{out}");
    // JSON for scripts: the action, its win rate, and the choices, most visited first.
    let json = ok(&[
        "hint",
        "connect-four",
        "--player",
        "mcts:iterations=800",
        "--top",
        "3",
        "--format",
        "json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let choices = report["choices"].as_array().expect("choices");
    assert_eq!(choices.len(), 3);
    assert_eq!(report["action"], choices[0]["action"]);
    assert_eq!(report["iterations"], 800);
    let visits: Vec<u64> = choices
        .iter()
        .map(|c| c["visits"].as_u64().expect("visits"))
        .collect();
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{json}");
    let rate = report["win_rate"].as_f64().expect("a win rate");
    assert!((0.0..=1.0).contains(&rate), "{json}");
}

#[test]
fn hint_says_why_there_is_nothing_to_search() {
    let err = fails(&["hint", "tic-tac-toe", "--after", "a1 b1 a2 b2 a3"]);
    assert!(err.contains("the game is over (x wins)"), "{err}");
    let err = fails(&["hint", "backgammon"]);
    assert!(err.contains("chance moves next"), "{err}");
    // The outcomes are named, so the next command can be typed from the message.
    assert!(err.contains("(`roll:6-6`, say)"), "{err}");
    assert!(err.contains("roll:6-6 roll:6-5"), "{err}");
    assert!(err.contains("(13 more)"), "{err}");
    let err = usage(&["hint", "tic-tac-toe", "--player", "random"]);
    assert!(err.contains("`random` does not search"), "{err}");
    let err = usage(&["hint", "tic-tac-toe", "--player", "mcts:iterations=0"]);
    assert!(err.contains("iterations=0"), "{err}");
}
