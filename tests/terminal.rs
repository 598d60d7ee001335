//! The terminal game, pinned: diagrams with and without colour, the last move marked, and a
//! person's commands (`help`, `moves NAME`, a wrong token with its reason, a lenient token,
//! `undo`).

use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TABULA_GAMES")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("tabula ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Escape codes made visible, so that a snapshot shows them.
    String::from_utf8_lossy(&out.stdout).replace('\x1b', "␛")
}

#[test]
fn a_game_without_colour() {
    let out = play(
        &[
            "tic-tac-toe",
            "--x",
            "random",
            "--o",
            "random",
            "--seed",
            "2",
        ],
        "",
    );
    assert!(!out.contains('␛'), "piped output has no colour");
    insta::assert_snapshot!(out);
}

#[test]
fn a_game_in_colour_marks_the_last_move() {
    let out = play(
        &[
            "tic-tac-toe",
            "--x",
            "random",
            "--o",
            "random",
            "--seed",
            "2",
            "--color",
            "always",
        ],
        "",
    );
    // x's first move, a1, is drawn in x's colour and reversed.
    assert!(out.contains("␛[1;33;7mX␛[0m"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn a_dice_game_in_colour() {
    let out = play(
        &[
            "backgammon",
            "--white",
            "random",
            "--black",
            "human",
            "--seed",
            "1",
            "--color",
            "always",
        ],
        "quit\n",
    );
    insta::assert_snapshot!(out);
}

#[test]
fn a_person_asks_errs_and_takes_back() {
    let out = play(
        &["breakthrough", "--black", "random", "--seed", "3"],
        "help\nmoves a2\nA2A3\nb2-b5\nzz\na7-a6\nundo\nundo\nb2-c3\nquit\n",
    );
    insta::assert_snapshot!(out);
}

/// Every shipped game in colour: the player to move first (random) moves, then a person stops.
/// The same output without colour is the coloured one with its escape codes taken out, so that
/// colour adds marks and never changes the board.
#[test]
fn every_shipped_game_in_colour_and_without() {
    let catalog = tabula::Catalog::default();
    for listing in catalog.list() {
        let (game, _, _) = catalog
            .load_any(&listing.id, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        let (players, first) =
            tabula::with_game!(&game, g => (g.players.clone(), g.initial.to_move as usize));
        let mut args = vec![listing.id.clone(), "--seed".into(), "3".into()];
        for (i, player) in players.iter().enumerate() {
            args.push(format!("--{player}"));
            args.push(if i == first { "random" } else { "human" }.into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let plain = play(&args, "quit\n");
        let coloured = play(&[&args[..], &["--color", "always"]].concat(), "quit\n");
        assert!(!plain.contains('␛'), "{}: no colour when piped", listing.id);
        assert!(
            coloured.contains("␛[7m") || coloured.contains(";7m"),
            "{}: the last move is marked\n{coloured}",
            listing.id
        );
        assert_eq!(strip_escapes(&coloured), plain, "{}", listing.id);
        insta::assert_snapshot!(format!("colour_{}", listing.id), coloured);
    }
}

/// The text with the (made visible) escape codes `␛[...m` taken out.
fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('␛') {
        out.push_str(&rest[..at]);
        let after = &rest[at + '␛'.len_utf8()..];
        rest = after.find('m').map_or("", |m| &after[m + 1..]);
    }
    out.push_str(rest);
    out
}
