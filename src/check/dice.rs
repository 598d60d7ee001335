//! `[dice]`: two dice thrown as chance events, and what a doublet and unplayable pips do.

use super::{CheckedProgram, Context, DiceDecl, Generator, OptionKind, Transfer};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::Located;
use crate::syntax::game_file::GameFile;

/// `[match]`.
pub(crate) fn check_match(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<super::MatchDecl> {
    let section = file.match_.as_ref()?;
    let games = match &section.games {
        None => 1,
        Some(g) if (1..=99).contains(&g.value) && g.value % 2 == 1 => g.value as u32,
        Some(g) => {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("`games` must be an odd number from 1 to 99".into()),
                    g.span,
                )
                .with_label(format!("{} games cannot always be decided", g.value))
                .with_help("a match of 3 games ends once a player has won 2"),
            );
            return None;
        }
    };
    let swap_sides = match &section.swap_sides {
        None => false,
        Some(v) => flag(v, "swap_sides", cx, diags)?,
    };
    Some(super::MatchDecl { games, swap_sides })
}

/// `true`, `false` or the name of a true/false option.
fn flag(
    value: &Located<toml::Value>,
    key: &str,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<bool> {
    let found = match &value.value {
        toml::Value::Boolean(b) => Some(*b),
        toml::Value::String(name) => cx
            .option(name)
            .map(|o| &cx.options[o as usize])
            .filter(|o| o.kind == OptionKind::Bool)
            .map(|o| o.value != 0),
        _ => None,
    };
    if found.is_none() {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!("`{key}` is `true`, `false` or a true/false option")),
                value.span,
            )
            .with_label("not true or false"),
        );
    }
    found
}

pub(crate) fn check_dice(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<DiceDecl> {
    let section = file.dice.as_ref()?;
    let sides = match &section.sides {
        None => 6,
        Some(s) if (2..=9).contains(&s.value) => s.value as u8,
        Some(s) => {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("`sides` must be from 2 to 9".into()),
                    s.span,
                )
                .with_label(format!("{} is out of range", s.value)),
            );
            6
        }
    };
    let escalate = match &section.doublets {
        None => false,
        Some(d) => word(d, "doublets", &["four", "escalate"], cx, diags)? == 1,
    };
    let transfer = match &section.transfer {
        None => Transfer::Never,
        Some(t) => match word(t, "transfer", &["never", "doublets", "always"], cx, diags)? {
            0 => Transfer::Never,
            1 => Transfer::Doublets,
            _ => Transfer::Always,
        },
    };
    let escalate_from_roll = match &section.escalate_from_roll {
        None => 1,
        Some(v) => {
            let value = match &v.value {
                toml::Value::Integer(i) => Some(*i),
                toml::Value::String(name) => cx
                    .option(name)
                    .map(|o| &cx.options[o as usize])
                    .filter(|o| matches!(o.kind, OptionKind::Int { .. }))
                    .map(|o| o.value),
                _ => None,
            };
            match value {
                Some(n) if (1..=i64::from(u16::MAX)).contains(&n) => n as u16,
                _ => {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(
                                "`escalate_from_roll` must be a number from 1 or an integer option"
                                    .into(),
                            ),
                            v.span,
                        )
                        .with_label("not a roll number"),
                    );
                    return None;
                }
            }
        }
    };
    let doublets_max_use = match &section.doublets_max_use {
        None => false,
        Some(v) => flag(v, "doublets_max_use", cx, diags)?,
    };
    let max_use = match &section.max_use {
        None => true,
        Some(v) => flag(v, "max_use", cx, diags)?,
    };
    let transfer_back = match &section.transfer_back {
        None => false,
        Some(v) => flag(v, "transfer_back", cx, diags)?,
    };
    Some(DiceDecl {
        sides,
        escalate,
        transfer,
        escalate_from_roll,
        doublets_max_use,
        max_use,
        transfer_back,
    })
}

/// One of `words`, written as is or chosen by a choice option whose choices are among them.
fn word(
    value: &Located<String>,
    key: &str,
    words: &[&str],
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<usize> {
    let chosen = cx
        .chosen_name(&value.value)
        .unwrap_or_else(|| value.value.clone());
    let found = words.iter().position(|w| *w == chosen);
    if found.is_none() {
        let listed: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!("`{key}` cannot be `{chosen}`")),
                value.span,
            )
            .with_label("not a choice here")
            .with_help(format!(
                "write one of {}, or name a choice option whose choices are among them",
                listed.join(", ")
            )),
        );
    }
    found
}

/// A dice game moves only by `die_move`, and `die_move` needs dice, stacks and no filters: the pool
/// of pips decides a turn, which the other primitives know nothing of.
pub(crate) fn check_dice_moves(
    program: &CheckedProgram,
    has_dice: bool,
    stacks: bool,
    diags: &mut Diagnostics,
) {
    for rule in &program.moves {
        let span = rule.info.name_span;
        let name = &rule.info.name;
        let die_move = matches!(rule.generator, Generator::DieMove { .. });
        let problem = match (die_move, has_dice) {
            (true, false) => Some((
                format!("move `{name}` uses `die_move`, but the game throws no dice"),
                "add a `[dice]` section: `die_move` plays the pips of a roll",
            )),
            (false, true) => Some((
                format!("move `{name}` does not use `die_move` in a game with `[dice]`"),
                "in a dice game every move plays a pip: use `die_move`",
            )),
            (true, true) if !stacks => Some((
                format!("move `{name}` uses `die_move` on a board without stacks"),
                "add `stacks = true` under `[board]`: men of one side share points",
            )),
            (true, true) if !rule.filters.is_empty() => Some((
                format!("move `{name}` has `where` filters, which `die_move` does not take"),
                "the pool of pips and the movement rules decide a die move; remove the `where`",
            )),
            _ => None,
        };
        if let Some((message, help)) = problem {
            diags.push(
                Diagnostic::error(ErrorKind::Other(message), span)
                    .with_label("this move rule")
                    .with_help(help),
            );
        }
    }
    if has_dice && !program.forbids.is_empty() {
        let span = program.forbids[0].info.name_span;
        diags.push(
            Diagnostic::error(
                ErrorKind::Other("`forbid` rules do not apply to die moves".into()),
                span,
            )
            .with_label("in a game with `[dice]`")
            .with_help("remove the `forbid` rule"),
        );
    }
}
