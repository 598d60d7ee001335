//! Variants (`extends`): a chain of two variants over a small base game in
//! `tests/variant_games/`, each removing, replacing or adding rules, and `tabula list` showing the
//! chain under its base.

use std::process::Command;
use tabula::span::Sources;
use tabula::{Game, load_game_file};

const DIR: &str = "tests/variant_games";

fn game(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(DIR)
        .join(format!("{name}.toml"));
    let (game, sources, warnings) = load_game_file(&path, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        warnings.items.is_empty(),
        "{name}:\n{}",
        warnings.render(&sources)
    );
    game
}

/// The rules in force, by kind and name, in the order the game runs them.
fn rules(game: &Game) -> String {
    let mut out = Vec::new();
    out.extend(game.moves.iter().map(|m| format!("move {}", m.info.name)));
    out.extend(
        game.forbids
            .iter()
            .map(|r| format!("forbid {}", r.info.name)),
    );
    out.extend(
        game.turn_start
            .iter()
            .map(|r| format!("turn_start {}", r.info.name)),
    );
    out.extend(game.after.iter().map(|r| format!("after {}", r.info.name)));
    out.extend(
        game.no_moves
            .iter()
            .map(|r| format!("no_moves {}", r.info.name)),
    );
    out.join("\n")
}

/// The legal moves, or the outcome, of a position given as position-file text.
fn report(game: &Game, position: &str) -> String {
    let mut sources = Sources::default();
    let state = game
        .read_position(&mut sources, "position.toml", position)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    match game.outcome(&state) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!("moves: {}", game.legal_tokens(&state).join(" ")),
    }
}

/// Each game of the chain, its rules and what it allows in two positions.
fn chain_report(position: &str) -> String {
    ["pawns", "pawns-sideways", "pawns-sideways-passing"]
        .iter()
        .map(|name| {
            let g = game(name);
            format!("== {name} ({})\n{}", g.name, report(&g, position))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_variant_keeps_replaces_removes_and_adds_rules() {
    let listing = ["pawns", "pawns-sideways", "pawns-sideways-passing"]
        .iter()
        .map(|name| format!("== {name}\n{}", rules(&game(name))))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!(listing, @r"
    == pawns
    move straight
    move capture
    turn_start far_row
    no_moves stuck
    == pawns-sideways
    move straight
    move sideways
    turn_start far_row
    no_moves stuck
    == pawns-sideways-passing
    move straight
    turn_start far_row
    ");
}

/// White a2 faces black a3, black b3 stands diagonally ahead: the base captures diagonally, the
/// first variant (capture removed) steps sideways instead, the second (sideways removed, the
/// straight step replaced) captures straight ahead.
#[test]
fn a_removed_rule_no_longer_moves_and_a_replaced_one_moves_its_new_way() {
    let position = "to_move = \"white\"\n[pieces]\nwhite = [\"a2\"]\nblack = [\"a3\", \"b3\"]\n";
    insta::assert_snapshot!(chain_report(position), @r"
    == pawns (Pawns)
    moves: a2xb3
    == pawns-sideways (Pawns, sideways)
    moves: a2-b2
    == pawns-sideways-passing (Pawns, passing)
    moves: a2xa3
    ");
}

/// White has no pawn left: the base's `stuck` (inherited by the first variant) makes White lose;
/// the second variant removes it, and a player without a move passes.
#[test]
fn removing_the_no_moves_rule_makes_a_player_without_a_move_pass() {
    let position = "to_move = \"white\"\n[pieces]\nblack = [\"b3\"]\n";
    insta::assert_snapshot!(chain_report(position), @r"
    == pawns (Pawns)
    game over: black wins
    == pawns-sideways (Pawns, sideways)
    game over: black wins
    == pawns-sideways-passing (Pawns, passing)
    moves: pass
    ");
}

#[test]
fn list_shows_each_variant_indented_under_the_game_it_extends() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("list")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("TABULA_GAMES", DIR)
        .output()
        .expect("the tabula binary runs");
    assert!(out.status.success());
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap(), @r"
    pawns                      Pawns
                                 source: tests/variants.rs
      pawns-sideways           Pawns, sideways
                                 source: tests/variants.rs: removal and addition
        pawns-sideways-passing Pawns, passing
                                 source: tests/variants.rs: a chain of two variants
    ");
}

/// A variant's `[pieces.KIND]` changes the keys it gives and keeps the others of the base's kind.
#[test]
fn a_variant_changes_one_key_of_a_base_piece_kind() {
    let text = "extends = \"pawns\"\n[pieces.pawn]\nhome = \"b1\"\n".to_string();
    let (game, _, _) = tabula::load_game_text(&format!("{DIR}/home.toml"), text, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let pawn = &game.pieces[0];
    assert_eq!(
        (pawn.name.as_str(), &pawn.symbols[..]),
        ("pawn", &['W', 'B'][..])
    );
    assert_eq!(pawn.home, [1], "b1 is cell 1");
}

/// A variant may give a kind of its base `to_hand` (a defect: chess's captured pawns stayed out
/// of hand in a variant that said `to_hand = "pawn"`, and the file checked without a word).
#[test]
fn a_variant_adds_to_hand_to_a_base_kind() {
    let game = chess_with_drops();
    let mut state = game.initial;
    game.play_tokens(&mut state, "e2-e4 d7-d5 e4xd5")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state.pieces_in_play(0), 17, "white holds the pawn it took");
    let drops = game.legal_tokens(&state);
    game.play_tokens(&mut state, "d8xd5").unwrap();
    let drops_after = game.legal_tokens(&state);
    let is_drop = |t: &String| !t.contains('-') && !t.contains('x');
    assert!(
        !drops.iter().any(is_drop),
        "black holds nothing yet: {drops:?}"
    );
    assert!(drops_after.contains(&"d4".to_string()), "{drops_after:?}");
}

/// Chess whose captured pawns join the captor's hand and may be dropped.
fn chess_with_drops() -> Game {
    let text = "extends = \"chess\"\n[game]\nname = \"Chess with drops\"\n\
                [pieces.pawn]\nto_hand = \"pawn\"\n\
                [rules]\ntext = '''\nmove drop \"a captured pawn may be dropped\" {\n    \
                place(piece: pawn, from: hand)\n}\n'''\n"
        .to_string();
    let (game, _, _) = tabula::load_game_text("chess-with-drops.toml", text, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    game
}

/// A drop has no cell it came from, and no cell is off the board: chess's en passant
/// (`previous_from == neighbour(to, forward) and ...`) does not take a pawn dropped beside a pawn
/// about to reach the last rank, although both cells are none. (A defect: two cells that were
/// both none compared equal.)
#[test]
fn two_missing_cells_are_not_the_same_cell() {
    let game = chess_with_drops();
    let text = "to_move = \"black\"\n[pieces]\nwhite = { king = [\"a1\"], pawn = [\"e7\"] }\n\
                black = { king = [\"h1\"] }\n[hand]\nblack = { pawn = 1 }\n";
    let mut sources = Sources::default();
    let mut state = game
        .read_position(&mut sources, "p.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    game.play_tokens(&mut state, "d7")
        .unwrap_or_else(|e| panic!("{e}"));
    let moves = game.legal_tokens(&state);
    assert!(moves.contains(&"e7-e8=Q".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"e7-d8".to_string()),
        "no en passant after a drop: {moves:?}"
    );
}

/// A variant that names fewer players drops what its base gives the others: Ludo for two keeps
/// Red's and Yellow's tracks, start squares and yards, and none of Green's or Blue's.
#[test]
fn a_variant_may_drop_players() {
    let (g, _, _) = tabula::Catalog::default()
        .load("ludo-2", &[])
        .unwrap_or_else(|e| panic!("ludo-2 does not load: {e:?}"));
    assert_eq!(g.players, ["red", "yellow"]);
    let written = g.write_position(&g.initial);
    assert!(written.contains("red = { piece = 4 }") && written.contains("yellow = { piece = 4 }"));
    assert!(
        !written.contains("green") && !written.contains("blue"),
        "{written}"
    );
    let mut state = g.initial;
    g.play_tokens(&mut state, "roll:6 g2 roll:2 g2-g4 roll:6 i14")
        .unwrap();
    assert_eq!(
        g.legal_tokens(&state),
        ["roll:1", "roll:2", "roll:3", "roll:4", "roll:5", "roll:6"]
    );
    assert_eq!(state.to_move, 1, "yellow throws again after its six");
}

/// A variant that names more players gives only what the new one needs: Ludo for three adds
/// Green back to Ludo for two, with Green's own track, start square, yard and symbol, and keeps
/// the base's for Red and Yellow (per-player entries are merged player by player).
#[test]
fn a_variant_may_add_players() {
    let text = r#"extends = "ludo-2"
[game]
name = "Ludo for three"
players = ["red", "green", "yellow"]
[paths.track]
green = ["b9..f9", "g10..g15", "h15", "i15..i10", "j9..o9", "o8", "o7..j7", "i6..i1", "h1", "g1..g6", "f7..a7", "a8", "b8..f8"]
[regions]
start = { green = "b9" }
[pieces.piece]
symbols = { green = "G" }
[hand.green]
piece = 4
[rules]
text = """
turn_start home "the first to bring all four pieces home wins" {
    if borne_off(red) == 4 { win red }
    if borne_off(green) == 4 { win green }
    if borne_off(yellow) == 4 { win yellow }
}
"""
"#;
    let (g, _, _) = tabula::load_game_text("ludo-3.toml", text.to_string(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.players, ["red", "green", "yellow"]);
    let mut state = g.initial;
    g.play_tokens(&mut state, "roll:6 g2 roll:2 g2-g4 roll:6")
        .unwrap();
    assert_eq!(
        g.legal_tokens(&state),
        ["b9"],
        "green enters on its own start square"
    );
    g.play_tokens(&mut state, "b9 roll:3").unwrap();
    assert_eq!(g.legal_tokens(&state), ["b9-e9"], "along green's own track");
    let written = g.write_position(&state);
    assert!(written.contains("green = { piece = 3 }"), "{written}");
}

/// A variant may change one key of its base's `[notation]` and keep the rest: chess whose side
/// to move is written `W` and `B` still reads and writes the placement, castling rights and en
/// passant square as chess does.
#[test]
fn a_variant_may_change_part_of_the_notation() {
    let text = "extends = \"chess\"\n[game]\nname = \"Chess, side to move in capitals\"\n\
                [notation]\nto_move = { white = \"W\", black = \"B\" }\n";
    let (g, _, _) = tabula::load_game_text("chess-capitals.toml", text.to_string(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut state = g.initial;
    g.play_tokens(&mut state, "e2-e4").unwrap();
    assert_eq!(
        g.write_notation(&state).unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR B KQkq e3 0 1"
    );
    let read = g
        .read_notation("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR B KQkq e3 0 1")
        .unwrap();
    assert_eq!(read.to_move, 1);
    assert!(g.read_notation("8/8/8/8/8/8/8/K6k b - - 0 1").is_err());
}

/// `piece:` of a moving primitive may be a choice of kinds: chess with one rule for the pieces
/// that move along files and ranks (rook or queen) and one for those that move diagonally
/// (bishop or queen) counts the same moves as chess, check included, in every position tried.
#[test]
fn a_move_rule_may_move_a_choice_of_kinds() {
    let text = "extends = \"chess\"\n[game]\nname = \"Chess by lines\"\n[rules]\n\
                remove = [\"bishop\", \"rook\", \"queen\"]\ntext = '''\n\
                move orthogonal \"rooks and queens move along files and ranks\" {\n    \
                slide(piece: rook or queen, dirs: orthogonal, to: empty_or_enemy)\n}\n\
                move diagonal \"bishops and queens move diagonally\" {\n    \
                slide(piece: bishop or queen, dirs: diagonal, to: empty_or_enemy)\n}\n'''\n";
    let (by_lines, _, warnings) =
        tabula::load_game_text("chess-by-lines.toml", text.to_string(), &[])
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(warnings.items.is_empty());
    let (chess, _, _) = tabula::Catalog::default().load("chess", &[]).unwrap();
    for (fen, depth) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ] {
        let a = chess.read_notation(fen).unwrap();
        let b = by_lines.read_notation(fen).unwrap();
        assert_eq!(chess.perft(&a, depth), by_lines.perft(&b, depth), "{fen}");
    }
    let queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let moves = by_lines.legal_tokens(&by_lines.read_notation(queen).unwrap());
    assert!(moves.contains(&"d1-d8".to_string()) && moves.contains(&"d1-a4".to_string()));
    let dir = std::env::temp_dir().join(format!("tabula-by-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chess-by-lines.toml");
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("rules")
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let rulebook = String::from_utf8_lossy(&out.stdout);
    assert!(
        rulebook.contains("One of the mover's `queen`s or `rook`s slides"),
        "{rulebook}"
    );
}
