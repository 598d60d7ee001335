//! Game records: every shipped game replays from its record to the same end; a game saved,
//! interrupted and resumed ends as the uninterrupted one; a broken record is located; `undo`
//! does not throw the dice again.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tabula::ai::PlayerSpec;
use tabula::record::Record;
use tabula::span::FileId;

fn tabula(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TABULA_GAMES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("tabula ends")
}

fn ok(args: &[&str], input: &str) -> String {
    let o = tabula(args, input);
    assert!(
        o.status.success(),
        "tabula {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A file in a directory of this test's own, emptied first.
fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn read(path: &Path) -> Record {
    let text = std::fs::read_to_string(path).expect("the record is written");
    Record::parse(&text, FileId(0)).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

/// Every shipped game with its players, a seed whose game between random players ends within
/// 3,000 actions (Xiangqi's random games run to tens of thousands), and that game's tokens.
fn shipped() -> Vec<(String, Vec<String>, u64, Vec<String>)> {
    let catalog = tabula::Catalog::default();
    catalog
        .list()
        .into_iter()
        .map(|listing| {
            let (game, _, _) = catalog
                .load_any(&listing.id, &[])
                .unwrap_or_else(|e| panic!("{e}"));
            tabula::with_game!(&game, g => {
                let seats = vec![PlayerSpec::Random; g.players.len()];
                let (seed, played) = (1..=200)
                    .map(|seed| (seed, g.self_play(&seats, seed, 3000, 1)))
                    .find(|(_, played)| played.outcome.is_some())
                    .unwrap_or_else(|| panic!("{}: no short game", listing.id));
                (listing.id, g.players.clone(), seed, played.tokens)
            })
        })
        .collect()
}

#[test]
fn every_shipped_game_replays_from_its_record_to_the_same_end() {
    let catalog = tabula::Catalog::default();
    for listing in catalog.list() {
        let (game, _, _) = catalog
            .load_any(&listing.id, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        tabula::with_game!(game, game => {
            for seed in 1..=3 {
                let seats = vec![PlayerSpec::Random; game.players.len()];
                let played = game.self_play(&seats, seed, 3000, 1);
                let record = Record {
                    game: listing.id.clone(),
                    seed: Some(seed),
                    tokens: played.tokens.clone(),
                    result: played.outcome.map(|o| game.describe_outcome(o)),
                    ..Record::default()
                };
                let read = Record::parse(&record.to_text(), FileId(0))
                    .unwrap_or_else(|e| panic!("{}: {e:?}", listing.id));
                assert_eq!(read.tokens, played.tokens, "{} seed {seed}", listing.id);
                let replayed = game
                    .replay_tokens(&read.tokens, |_, _, _| {})
                    .unwrap_or_else(|e| panic!("{} seed {seed}: {e:?}", listing.id));
                assert_eq!(replayed.outcome, played.outcome, "{} seed {seed}", listing.id);
            }
        });
    }
}

#[test]
fn a_game_saved_interrupted_and_resumed_ends_as_the_uninterrupted_one() {
    for (id, players, seed, tokens) in shipped() {
        let whole = scratch("resume", &format!("{id}-whole.toml"));
        let part = scratch("resume", &format!("{id}-part.toml"));
        let mut args: Vec<String> = vec!["play".into(), id.clone()];
        for p in &players {
            args.extend([format!("--{p}"), "random".into()]);
        }
        args.extend(["--seed".into(), seed.to_string(), "--save".into()]);
        let mut whole_args = args.clone();
        whole_args.push(whole.display().to_string());
        let refs: Vec<&str> = whole_args.iter().map(String::as_str).collect();
        ok(&refs, "");
        let uninterrupted = read(&whole);
        assert!(uninterrupted.result.is_some(), "{id}: the game ends");
        // `play` and self-play draw the same from a seed.
        assert_eq!(uninterrupted.tokens, tokens, "{id}: seed {seed}");
        // What the file held partway through the game: the first tokens, no result.
        let mut interrupted = uninterrupted.clone();
        interrupted.tokens.truncate(uninterrupted.tokens.len() / 2);
        interrupted.result = None;
        std::fs::write(&part, interrupted.to_text()).expect("written");
        let out = ok(&["play", "--resume", &part.display().to_string()], "");
        assert!(
            out.contains(&format!("resumed after {}", interrupted.tokens.len())),
            "{id}: {out}"
        );
        let resumed = read(&part);
        assert_eq!(resumed.tokens, uninterrupted.tokens, "{id}");
        assert_eq!(resumed.result, uninterrupted.result, "{id}");
    }
}

#[test]
fn a_record_replays_to_the_end_show_reaches() {
    let path = scratch("replay", "breakthrough.toml");
    let out = ok(
        &[
            "play",
            "breakthrough",
            "--white",
            "random",
            "--black",
            "random",
            "--seed",
            "4",
            "--save",
            &path.display().to_string(),
        ],
        "",
    );
    let record = read(&path);
    assert!(out.contains(&format!("record: {}", record.tokens.join(" "))));
    let end = ok(&["replay", &path.display().to_string(), "--to", "end"], "");
    let shown = ok(
        &["show", "breakthrough", "--after", &record.tokens.join(" ")],
        "",
    );
    let board = |text: &str| -> Vec<String> {
        text.lines()
            .take_while(|l| !l.is_empty() && !l.starts_with("game over"))
            .map(String::from)
            .collect()
    };
    assert_eq!(board(&end), board(&shown), "{end}\n---\n{shown}");
    assert!(end.contains("game over: "), "{end}");
    // Stepping: forward, back, a jump, the end.
    let stepped = ok(
        &["replay", &path.display().to_string()],
        "\nn\nb\n5\nend\nq\n",
    );
    for line in [
        "start, ",
        "after action 1 of",
        "after action 2 of",
        "after action 5 of",
    ] {
        assert!(stepped.contains(line), "{line}: {stepped}");
    }
    let check = ok(&["replay", &path.display().to_string(), "--check"], "");
    assert!(check.contains("all legal"), "{check}");
}

#[test]
fn the_first_illegal_token_of_a_record_is_located() {
    let path = scratch("broken", "broken.toml");
    std::fs::write(
        &path,
        "game = \"breakthrough\"\ntokens = '''\na2-a3 h7-h6\na3-a5 g7-g6\n'''\n",
    )
    .expect("written");
    let o = tabula(&["replay", &path.display().to_string(), "--check"], "");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("illegal action `a3-a5`"), "{err}");
    assert!(err.contains("broken.toml:4:1"), "line 4, column 1: {err}");
    assert!(err.contains("action 3 of breakthrough"), "{err}");
    assert!(err.contains("from `a3` the legal ones are"), "{err}");
    // A result the tokens do not reach.
    std::fs::write(
        &path,
        "game = \"breakthrough\"\nresult = \"white wins\"\ntokens = 'a2-a3'\n",
    )
    .expect("written");
    let o = tabula(&["replay", &path.display().to_string(), "--check"], "");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("do not end it"), "{err}");
    // Not a record at all.
    std::fs::write(&path, "game = 3\n").expect("written");
    let o = tabula(&["replay", &path.display().to_string()], "");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("broken.toml:1:"), "{err}");
    // Resuming a record of another game than the one named.
    let o = tabula(
        &["play", "chess", "--resume", &path.display().to_string()],
        "",
    );
    assert_ne!(o.status.code(), Some(0));
}

/// A `--records` file of `tournament` (one game a JSON line) is a record `replay` reads: every
/// game checked, any game stepped to its end as `show --after` reaches it, a wrong line located.
#[test]
fn a_records_file_of_a_tournament_replays_game_by_game() {
    let path = scratch("records-file", "records.jsonl");
    let shown_path = path.display().to_string();
    ok(
        &[
            "tournament",
            "gioul",
            "--players",
            "random",
            "random",
            "--games",
            "2",
            "--option",
            "max_use=false",
            "--format",
            "json",
            "--records",
            &shown_path,
        ],
        "",
    );
    let text = std::fs::read_to_string(&path).expect("the records");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    let check = ok(&["replay", &shown_path, "--check"], "");
    let actions: usize = (lines.iter())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["tokens"]
                .as_str()
                .expect("tokens")
                .split_whitespace()
                .count()
        })
        .sum();
    assert_eq!(
        check.trim(),
        format!("{shown_path}: 4 games, {actions} actions, all legal; every result as recorded")
    );
    // Game 3 to its end: the board `show --after` draws from its tokens, and its seed and options.
    let third: serde_json::Value = serde_json::from_str(lines[2]).expect("JSON");
    let end = ok(&["replay", &shown_path, "--game", "3", "--to", "end"], "");
    assert!(
        end.starts_with("game 3 of 4 in the file: gioul, seed 3; "),
        "{end}"
    );
    let shown = ok(
        &[
            "show",
            "gioul",
            "--option",
            "max_use=false",
            "--after",
            third["tokens"].as_str().expect("tokens"),
        ],
        "",
    );
    let board = |text: &str| -> Vec<String> {
        (text.lines())
            .skip_while(|l| l.starts_with("game "))
            .take_while(|l| !l.is_empty() && !l.starts_with("game over"))
            .map(String::from)
            .collect()
    };
    assert_eq!(board(&end), board(&shown), "{end}\n---\n{shown}");
    // A line whose second token is not legal: the error points at it, on its line.
    let (before, after) = lines[1].split_once("\"tokens\":\"").expect("tokens");
    let mut words: Vec<&str> = after.split(' ').collect();
    words[1] = "nonsense";
    let broken = format!("{}\n{before}\"tokens\":\"{}\n", lines[0], words.join(" "));
    std::fs::write(&path, broken).expect("written");
    let o = tabula(&["replay", &shown_path, "--check"], "");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let column = before.len() + "\"tokens\":\"".len() + words[0].len() + 2;
    assert!(err.contains(&format!("records.jsonl:2:{column}")), "{err}");
    assert!(err.contains("illegal action `nonsense`"), "{err}");
    assert!(err.contains("(game 2 of the file, line 2)"), "{err}");
    // No such game, and a records file given to `play --resume`.
    let o = tabula(&["replay", &shown_path, "--game", "3"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = tabula(&["play", "gioul", "--resume", &shown_path], "");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("is a `--records` file of `tournament`"),
        "{err}"
    );
}

/// Backgammon with a person as white: the lines of output that name a roll.
fn rolls(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.split(" rolls ").nth(1))
        .collect()
}

#[test]
fn undo_takes_back_to_the_last_human_decision_and_the_dice_come_again() {
    let play = |input: &str| {
        ok(
            &[
                "play",
                "backgammon",
                "--white",
                "human",
                "--black",
                "random",
                "--seed",
                "3",
            ],
            input,
        )
    };
    // Whatever white may play first and second, found by asking.
    let legal = |out: &str| -> String {
        let line = out
            .lines()
            .rev()
            .find(|l| l.contains("type an action") && l.contains('/'))
            .unwrap_or_else(|| panic!("no move list in {out}"));
        let list = line.rsplit(": ").next().expect("a list");
        list.split_whitespace().next().expect("a move").to_string()
    };
    let first = legal(&play("moves\nquit\n"));
    let second = legal(&play(&format!("{first}\nmoves\nquit\n")));
    let turn = format!("{first}\n{second}\n");
    // White's turn, black's reply and white's next roll; then undo and the same turn again.
    let before = play(&format!("{turn}quit\n"));
    let after = play(&format!("{turn}undo\n{second}\nquit\n"));
    let (b, a) = (rolls(&before), rolls(&after));
    assert!(b.len() >= 3, "{before}");
    assert!(
        after.contains("taken back to ply"),
        "undo took something back: {after}"
    );
    // The rolls after the undo repeat the ones taken back.
    assert_eq!(&a[..b.len()], &b[..], "{after}");
    assert_eq!(&a[b.len()..], &b[1..], "{after}");
}

#[test]
fn a_seeded_game_saved_after_an_undo_resumes_as_it_went_on() {
    // A person against the random player: every cell in turn, the taken ones refused, so the same
    // lines play whatever the random player did. After an undo the random player's generator
    // goes back with the game, so the record (which holds no undone move) resumes the same game.
    let cells = "a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n";
    let seat = ["--x", "human", "--o", "random", "--seed", "5"];
    let whole = scratch("undo_resume", "whole.toml");
    let part = scratch("undo_resume", "part.toml");
    let play = |save: &Path, input: &str| {
        let mut args = vec!["play", "tic-tac-toe"];
        args.extend(seat);
        args.extend(["--save", save.to_str().expect("a path")]);
        ok(&args, input)
    };
    let opening = "b2\nundo\nc3\n";
    play(&whole, &format!("{opening}{cells}"));
    play(&part, &format!("{opening}quit\n"));
    let stopped = read(&part);
    assert_eq!(stopped.tokens.first().map(String::as_str), Some("c3"));
    ok(&["play", "--resume", part.to_str().expect("a path")], cells);
    let (whole, resumed) = (read(&whole), read(&part));
    assert!(whole.result.is_some(), "the game ended: {:?}", whole.tokens);
    assert_eq!(resumed.tokens, whole.tokens);
    assert_eq!(resumed.result, whole.result);
}

#[test]
fn a_match_saved_interrupted_and_resumed_ends_as_the_uninterrupted_one() {
    // A match to points (who starts each game comes from the opening roll and the winners) and
    // the match a game file describes (sides change every game).
    for (game, players, points) in [
        (
            "backgammon",
            ["--white", "random", "--black", "random"],
            Some("3"),
        ),
        (
            "hold-pley",
            ["--numbered", "random", "--plain", "random"],
            None,
        ),
    ] {
        let whole = scratch("match_resume", &format!("{game}-whole.toml"));
        let part = scratch("match_resume", &format!("{game}-part.toml"));
        let mut args = vec!["play", game, "--seed", "4", "--match"];
        args.extend(points);
        args.extend(players);
        args.extend(["--save", whole.to_str().expect("a path")]);
        ok(&args, "");
        let full = read(&whole);
        assert!(full.result.is_some(), "{game}: the match ended");
        assert!(full.games.len() >= 2, "{game}: {} games", full.games.len());
        assert!(full.tokens.is_empty(), "{game}: no game in progress");
        // Stopped halfway through the second game.
        let second = &full.games[1];
        let stopped = Record {
            games: full.games[..1].to_vec(),
            first: second.first.clone(),
            tokens: second.tokens[..second.tokens.len() / 2].to_vec(),
            token_spans: Vec::new(),
            result: None,
            ..full.clone()
        };
        std::fs::write(&part, stopped.to_text()).expect("written");
        let out = ok(&["play", "--resume", part.to_str().expect("a path")], "");
        assert!(out.contains("resumed after"), "{game}: {out}");
        let resumed = read(&part);
        assert_eq!(resumed.games.len(), full.games.len(), "{game}");
        for (r, f) in resumed.games.iter().zip(&full.games) {
            assert!(
                r.first == f.first && r.tokens == f.tokens && r.result == f.result,
                "{game}"
            );
        }
        assert_eq!(resumed.result, full.result, "{game}");
        let checked = ok(&["replay", part.to_str().expect("a path"), "--check"], "");
        assert!(checked.contains("the match is over"), "{checked}");
        // Without a seed chance is new, so what the record holds is all that can be the same:
        // the finished game and the second one's start.
        let unseeded = Record {
            seed: None,
            ..stopped.clone()
        };
        std::fs::write(&part, unseeded.to_text()).expect("written");
        ok(&["play", "--resume", part.to_str().expect("a path")], "");
        let resumed = read(&part);
        let (r, f) = (&resumed.games[0], &full.games[0]);
        assert!(
            r.first == f.first && r.tokens == f.tokens && r.result == f.result,
            "{game}"
        );
        assert!(
            resumed.games[1].tokens.starts_with(&stopped.tokens),
            "{game}"
        );
        assert!(resumed.result.is_some(), "{game}: the match ended");
    }
}
