//! Hostile game files: nesting, counts and sizes beyond what the language takes are refused with a
//! located error, never a crash, and everything up to the limits works.

use tabula::check::MAX_MOVE_RULES;
use tabula::span::Sources;
use tabula::syntax::rules::{MAX_BRACKET_DEPTH, MAX_EXPRESSION_DEPTH};
use tabula::{Game, load_game_text};

const BREAKTHROUGH: &str = include_str!("../games/breakthrough.toml");
const DRAUGHTS: &str = include_str!("../games/english-draughts.toml");
/// The end test of Breakthrough that the tests below replace with their own condition.
const END_TEST: &str = "if count(mover) == 0 { win opponent }";

/// Breakthrough with its last end test replaced by `body`.
fn breakthrough_with(body: &str) -> String {
    assert!(BREAKTHROUGH.contains(END_TEST));
    BREAKTHROUGH.replace(END_TEST, body)
}

/// The rendered errors of a game that must not load.
fn refused(text: String) -> String {
    match load_game_text("hostile.toml", text, &[]) {
        Ok(_) => panic!("the game loaded"),
        Err(e) => e.to_string(),
    }
}

fn loaded(text: String) -> Game {
    match load_game_text("limits.toml", text, &[]) {
        Ok((game, _, _)) => game,
        Err(e) => panic!("the game does not load:\n{e}"),
    }
}

/// The line of the end test in every game made by [`breakthrough_with`].
fn end_test_line() -> usize {
    BREAKTHROUGH
        .lines()
        .position(|l| l.contains(END_TEST))
        .unwrap()
        + 1
}

/// Each shape that overflowed the stack of the checker or the syntax-tree builder: refused with
/// an error that points into the rule, whatever the depth.
#[test]
fn deep_nesting_is_refused_with_a_located_error() {
    let line = end_test_line();
    let deep = [
        (
            "prefix not",
            format!("if {}true {{ win opponent }}", "not ".repeat(8000)),
        ),
        (
            "unary minus",
            format!("if {}1 > 0 {{ win opponent }}", "-".repeat(8000)),
        ),
        (
            "or chain",
            format!(
                "if {} {{ win opponent }}",
                vec!["true"; 10_000].join(" or ")
            ),
        ),
        (
            "sum",
            format!(
                "if {} > 0 {{ win opponent }}",
                vec!["1"; 10_000].join(" + ")
            ),
        ),
        (
            "mixed not and ==",
            format!(
                "if {} {{ win opponent }}",
                vec!["not true"; 5000].join(" == ")
            ),
        ),
        (
            "nested if",
            format!(
                "{}win opponent{}",
                "if true { ".repeat(8000),
                " }".repeat(8000)
            ),
        ),
        (
            "parentheses",
            format!(
                "if {}true{} {{ win opponent }}",
                "(".repeat(8000),
                ")".repeat(8000)
            ),
        ),
        (
            "nested calls",
            format!(
                "if {}mover{} == 0 {{ win opponent }}",
                "count(mover, far_row(".repeat(100),
                "))".repeat(100)
            ),
        ),
    ];
    for (shape, body) in deep {
        let errors = refused(breakthrough_with(&body));
        assert!(
            errors.contains(&format!("hostile.toml:{line}:")),
            "{shape}: the error points at the rule's line {line}:\n{}",
            &errors[..errors.len().min(600)]
        );
        assert!(
            errors.contains(&format!("more than {MAX_EXPRESSION_DEPTH} operators"))
                || errors.contains(&format!("nested more than {MAX_BRACKET_DEPTH} deep")),
            "{shape}: the error names the limit:\n{}",
            &errors[..errors.len().min(600)]
        );
    }
}

/// One operator more than an expression may hold, and one bracket more than may nest: refused
/// at the first one too many.
#[test]
fn one_past_each_limit_is_refused_at_the_first_one_too_many() {
    let ops = MAX_EXPRESSION_DEPTH as usize;
    let errors = refused(breakthrough_with(&format!(
        "if {}true {{ win opponent }}",
        "not ".repeat(ops + 1)
    )));
    let column = "    if ".len() + 4 * ops + 1;
    assert!(
        errors.contains(&format!(":{}:{column} ]", end_test_line())),
        "{errors}"
    );
    assert!(
        errors.contains(&format!("operator {}", ops + 1)),
        "{errors}"
    );

    // The rule's own `{` is the first bracket.
    let brackets = MAX_BRACKET_DEPTH;
    let errors = refused(breakthrough_with(&format!(
        "if {}true{} {{ win opponent }}",
        "(".repeat(brackets),
        ")".repeat(brackets)
    )));
    assert!(
        errors.contains(&format!("bracket {} levels deep", brackets + 1)),
        "{errors}"
    );
}

/// An expression as deep as the language takes, and brackets as deep, are checked, compiled,
/// described in the rulebook and evaluated, in a test thread's small stack.
#[test]
fn rules_at_the_limits_work() {
    let ops = MAX_EXPRESSION_DEPTH as usize - 1;
    let game = loaded(breakthrough_with(&format!(
        "if {}ply >= 0 {{ win opponent }}",
        "not ".repeat(ops - 1)
    )));
    // 254 `not`s (even) of a true condition: the game is over before the first move.
    assert!(game.outcome(&game.initial).is_some());

    // Right-nested sums keep one value waiting per level: more than the small stack holds.
    let levels = MAX_BRACKET_DEPTH - 2;
    let sum = format!("{}ply + 1{}", "ply + (".repeat(levels), ")".repeat(levels));
    let game = loaded(breakthrough_with(&format!(
        "if {sum} == 1 {{ win opponent }}"
    )));
    assert!(game.stack_depth > 32, "stack depth {}", game.stack_depth);
    assert!(
        game.outcome(&game.initial).is_some(),
        "ply is 0, so the sum is 1"
    );
    let mut state = game.initial;
    state.ply = 1;
    assert!(
        game.outcome(&state).is_none(),
        "ply is 1: the sum is {}",
        levels + 2
    );

    let text = breakthrough_with(&format!("if {sum} == 1 {{ win opponent }}"));
    let checked = tabula::catalog::check_game_text("limits.toml", text, &[]).unwrap();
    let book = tabula::rulebook::render(&checked, tabula::rulebook::Format::Text);
    assert!(
        book.contains("the ply count plus (the ply count plus ("),
        "the rulebook writes the sum out"
    );
}

/// English draughts with `fillers` move rules that never apply before its own four rules.
fn draughts_after_fillers(fillers: usize) -> String {
    let filler: String = (0..fillers)
        .map(|i| {
            format!(
                "move filler{i} \"never\" {{ step(piece: king, dirs: diagonal, to: empty) where ply < 0 }}\n"
            )
        })
        .collect();
    DRAUGHTS.replacen("text = '''\n", &format!("text = '''\n{filler}"), 1)
}

/// The rule index of an action is a byte: the 257th move rule was applied as another one
/// (draughts stopped crowning). Up to the limit every rule works; past it, a located error.
#[test]
fn move_rules_up_to_the_limit_work_and_one_more_is_refused() {
    let game = loaded(draughts_after_fillers(MAX_MOVE_RULES - 4));
    assert_eq!(game.moves.len(), MAX_MOVE_RULES);
    let mut sources = Sources::default();
    let position = "to_move = \"black\"\n[pieces]\nblack = { man = [\"f6\"], king = [] }\n\
                    white = { man = [\"e7\", \"c7\", \"h4\"], king = [] }\n";
    let mut state = game
        .read_position(&mut sources, "p.toml", position)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    game.play_tokens(&mut state, "f6xd8 h4-g3").unwrap();
    assert_eq!(
        game.legal_tokens(&state),
        ["d8xb6"],
        "the man was crowned on d8 and captures backwards as a king"
    );

    let text = draughts_after_fillers(MAX_MOVE_RULES - 3);
    let line = text
        .lines()
        .position(|l| l.starts_with("move king_step"))
        .unwrap()
        + 1;
    let errors = refused(text);
    assert!(
        errors.contains(&format!("a game has at most {MAX_MOVE_RULES} move rules")),
        "{errors}"
    );
    assert!(
        errors.contains(&format!("hostile.toml:{line}:6 ]")),
        "{errors}"
    );
}

/// 100 copies of one rule: each is reported once, against the first, not once per pair (which
/// made `check` quadratic in time and memory).
#[test]
fn an_overlap_is_reported_once_per_rule() {
    let (_, _, warnings) = load_game_text("many.toml", draughts_after_fillers(100), &[]).unwrap();
    let overlaps = warnings
        .items
        .iter()
        .filter(|w| w.kind.to_string().contains("can make the same move"))
        .count();
    // Every filler after the first overlaps it; the kings' own step overlaps the fillers too.
    assert_eq!(overlaps, 100);
}

#[test]
fn too_many_piece_kinds_or_directions_are_refused() {
    let kinds: String = (0..tabula::check::board::MAX_PIECE_KINDS)
        .map(|i| format!("[pieces.k{i:02}]\nsymbols = {{ white = \"X\", black = \"Y\" }}\n\n"))
        .collect();
    let errors = refused(BREAKTHROUGH.replace("[pieces.pawn]", &format!("{kinds}[pieces.pawn]")));
    assert!(
        errors.contains("a game has at most 63 kinds of piece"),
        "{errors}"
    );

    let directions: String = (0..tabula::check::board::MAX_DIRECTIONS)
        .map(|i| format!("d{i:02} = [{}, 1]\n", i as i64 % 7 - 3))
        .collect();
    let errors = refused(BREAKTHROUGH.replace(
        "[board.directions]\n",
        &format!("[board.directions]\n{directions}"),
    ));
    assert!(
        errors.contains("a board has at most 64 directions"),
        "{errors}"
    );
}

/// A direction's step is kept in a signed byte: a longer one was read as another direction.
#[test]
fn a_direction_longer_than_a_byte_is_refused() {
    let wide = "[game]\nname = \"Wide\"\nplayers = [\"a\", \"b\"]\n\n[board]\nfiles = 200\nranks = 1\n\n\
                [board.directions]\nfar = [200, 0]\n\n[pieces.p]\nsymbols = { a = \"A\", b = \"B\" }\n\n\
                [setup.a]\np = \"a1\"\n\n[rules]\ntext = '''\nmove go { step(piece: p, dirs: far, to: empty) }\n'''\n";
    let errors = refused(wide.to_string());
    assert!(errors.contains("direction `far` must be"), "{errors}");
}

#[test]
fn input_files_larger_than_the_limit_are_refused() {
    let dir = std::env::temp_dir().join(format!("tabula-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.toml");
    let limit = tabula::input::MAX_INPUT_BYTES as usize;
    std::fs::write(&big, "#".repeat(limit + 1)).unwrap();
    let error = tabula::input::read_text(&big).unwrap_err().to_string();
    assert!(error.contains("larger than 1048576 bytes"), "{error}");
    std::fs::write(&big, "#".repeat(limit)).unwrap();
    assert_eq!(tabula::input::read_text(&big).unwrap().len(), limit);
    std::fs::remove_dir_all(&dir).unwrap();

    // An endless file is refused after the limit, not read until memory runs out.
    if std::path::Path::new("/dev/zero").exists() {
        let error = tabula::load_game_file(std::path::Path::new("/dev/zero"), &[])
            .expect_err("refused")
            .to_string();
        assert!(error.contains("cannot read `/dev/zero`"), "{error}");
    }
}
