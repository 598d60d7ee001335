//! Warnings: what a game file may legally say but probably did not mean. A region or option that
//! nothing uses, a rule that can never apply, a player who can never win. Each is decided whatever
//! the options are, since `--option` may change any of them.

use super::fold::{fold_expr_by, fold_stmts_by};
use super::{CellId, CheckedProgram, Context, Generator, OptionKind, RuleInfo, TExpr, TStmt};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::syntax::GameFile;

/// Options stay unknown while folding: a condition is "always false" only if no option value
/// could make it hold.
fn any_option(_: u16) -> Option<i64> {
    None
}

pub(super) fn warn(
    file: &GameFile,
    cx: &Context,
    setup: &[(CellId, u8, u8, u8)],
    program: &CheckedProgram,
    diags: &mut Diagnostics,
) {
    warn_unused_names(cx, diags);
    warn_rules_that_never_apply(cx, setup, program, diags);
    warn_players_who_never_win(file, cx, program, diags);
}

fn warn_unused_names(cx: &Context, diags: &mut Diagnostics) {
    let used = cx.used.borrow();
    // An option that is used may choose any of its choices: those names are used through it.
    let chosen: Vec<&str> = cx
        .options
        .iter()
        .filter(|o| used.contains(&o.name))
        .flat_map(|o| match &o.kind {
            OptionKind::Choice(choices) => choices.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        })
        .collect();
    for region in &cx.regions {
        if !used.contains(&region.name) && !chosen.contains(&region.name.as_str()) {
            diags.push(
                Diagnostic::warning(
                    ErrorKind::Other(format!("region `{}` is never used", region.name)),
                    region.span,
                )
                .with_label("declared here")
                .with_help("no rule names it: use it in a rule or remove it"),
            );
        }
    }
    for option in &cx.options {
        if !used.contains(&option.name) {
            diags.push(
                Diagnostic::warning(
                    ErrorKind::Other(format!("option `{}` is never used", option.name)),
                    option.span,
                )
                .with_label("declared here")
                .with_help(format!(
                    "no rule and no `[turn]`, `[dice]` or `[match]` key reads it, so \
                     `--option {}=...` changes nothing: use it or remove it",
                    option.name
                )),
            );
        }
    }
}

fn never_applies(info: &RuleInfo, what: &str, label: &str, help: &str) -> Diagnostic {
    Diagnostic::warning(
        ErrorKind::Other(format!("{what} `{}` can never apply", info.name)),
        info.name_span,
    )
    .with_label(label)
    .with_help(help.to_string())
}

/// Whether statements, folded, still do something: end the game, pass or set a counter.
fn acts(body: &[TStmt]) -> bool {
    body.iter().any(|s| match s {
        TStmt::If {
            then, otherwise, ..
        } => acts(then) || acts(otherwise),
        _ => true,
    })
}

fn warn_rules_that_never_apply(
    cx: &Context,
    setup: &[(CellId, u8, u8, u8)],
    program: &CheckedProgram,
    diags: &mut Diagnostics,
) {
    const ALWAYS_FALSE: &str = "whatever the options, the condition never holds: fix it or \
                                remove the rule";
    // Kinds that can be on the board: set up, made by promotion, or revealed from face down.
    let mut on_board: Vec<u8> = setup.iter().map(|&(_, _, kind, _)| kind).collect();
    for m in &program.moves {
        on_board.extend(m.promote.map(|(k, _)| k));
        // Each kind of a choice (`promote: queen or rook`), `none` (staying) aside.
        let kinds = m.promote_choices & !(1 << super::STAY);
        on_board.extend((0..64u8).filter(|k| kinds >> k & 1 != 0));
    }
    on_board.extend(cx.pieces.iter().flat_map(|p| p.hides.iter().copied()));
    for m in &program.moves {
        if let Generator::Place { piece, choices, .. } = m.generator {
            on_board.push(piece);
            on_board.extend((0..64u8).filter(|k| choices >> k & 1 != 0));
        }
    }
    let absent = |kind: Option<u8>| kind.filter(|k| !on_board.contains(k));
    let kind_name = |k: u8| cx.pieces[k as usize].name.as_str();
    let help_absent = "no set-up places one, no `place` rule, no `promote:` makes one and no \
                       face-down kind hides one: fix the kind or the set-up, or remove the rule";
    for rule in &program.moves {
        if rule
            .filters
            .iter()
            .any(|f| matches!(fold_expr_by(f, &any_option), TExpr::Int(0)))
        {
            diags.push(never_applies(
                &rule.info,
                "move",
                "its `where` is always false",
                ALWAYS_FALSE,
            ));
            continue;
        }
        let (piece, over) = match &rule.generator {
            Generator::Jump { piece, over, .. } => (*piece, *over),
            // A placed piece comes from the supply, not the board; a taken one is the enemy's.
            Generator::Place { .. }
            | Generator::Take { .. }
            | Generator::Pass
            | Generator::Rotate { .. } => (None, None),
            Generator::Fly { piece, .. } => (*piece, None),
            Generator::Pair { piece, .. } => (Some(*piece), None),
            Generator::Step { piece, .. }
            | Generator::Slide { piece, .. }
            | Generator::PathStep { piece, .. }
            | Generator::Ride { piece, .. }
            | Generator::Sow { piece, .. }
            | Generator::DieMove { piece, .. }
            | Generator::Line { piece, .. }
            | Generator::LineStep { piece, .. } => (*piece, None),
        };
        let problem = match (absent(piece), absent(over)) {
            (Some(k), _) => Some(format!(
                "moves a `{}`, which is never on the board",
                kind_name(k)
            )),
            (None, Some(k)) => Some(format!(
                "jumps over a `{}`, which is never on the board",
                kind_name(k)
            )),
            (None, None) => None,
        };
        if let Some(label) = problem {
            diags.push(never_applies(&rule.info, "move", &label, help_absent));
        }
    }
    for rule in &program.forbids {
        if matches!(fold_expr_by(&rule.expr, &any_option), TExpr::Int(0)) {
            diags.push(never_applies(
                &rule.info,
                "forbid",
                "its condition is always false",
                ALWAYS_FALSE,
            ));
        }
    }
    let checks = program
        .turn_start
        .iter()
        .map(|r| (r, "turn_start"))
        .chain(program.after.iter().map(|r| (r, "after")))
        .chain(program.no_moves.iter().map(|r| (r, "no_moves")));
    for (rule, kind) in checks {
        if !acts(&fold_stmts_by(&rule.body, &any_option)) {
            diags.push(never_applies(
                &rule.info,
                kind,
                "its conditions are always false",
                ALWAYS_FALSE,
            ));
        }
    }
}

/// Marks the players a `win` or `lose` of the statements can make the winner. `lose P` hands the
/// win to the player after P, as the engine does.
fn mark_winners(body: &[TStmt], can_win: &mut [bool]) {
    let players = can_win.len();
    for s in body {
        match s {
            TStmt::If {
                then, otherwise, ..
            } => {
                mark_winners(then, can_win);
                mark_winners(otherwise, can_win);
            }
            TStmt::Win(TExpr::Player(p), _) => can_win[*p as usize] = true,
            TStmt::Lose(TExpr::Player(p)) => can_win[(*p as usize + 1) % players] = true,
            // `mover`, `opponent`: whoever's turn it is, which is every player's some time.
            TStmt::Win(..) | TStmt::Lose(_) => can_win.fill(true),
            TStmt::Draw | TStmt::Pass | TStmt::Set(..) => {}
        }
    }
}

fn warn_players_who_never_win(
    file: &GameFile,
    cx: &Context,
    program: &CheckedProgram,
    diags: &mut Diagnostics,
) {
    let Some(listed) = file.game.as_ref().and_then(|g| g.players.as_ref()) else {
        return;
    };
    let mut can_win = vec![false; cx.players.len()];
    // `after` rules cannot end the game.
    for rule in program.turn_start.iter().chain(&program.no_moves) {
        mark_winners(&fold_stmts_by(&rule.body, &any_option), &mut can_win);
    }
    if can_win.iter().all(|w| !w) {
        diags.push(
            Diagnostic::warning(
                ErrorKind::Other("no player can ever win".into()),
                listed.span,
            )
            .with_label("none of these players")
            .with_help(
                "no `turn_start` or `no_moves` rule has a `win` or `lose` that can apply: \
                 add an end test",
            ),
        );
        return;
    }
    for (player, name) in listed.value.iter().enumerate() {
        if can_win.get(player) == Some(&false) {
            diags.push(
                Diagnostic::warning(
                    ErrorKind::Other(format!("player `{}` can never win", name.value)),
                    name.span,
                )
                .with_label("no rule makes this player the winner")
                .with_help(format!(
                    "no `win` names `{}`, `mover` or `opponent`, and no `lose` names `{}`, \
                     `mover` or `opponent` (a `lose` makes the next player the winner)",
                    name.value,
                    cx.players[(player + cx.players.len() - 1) % cx.players.len()]
                )),
            );
        }
    }
}
