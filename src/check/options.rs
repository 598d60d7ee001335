//! Options: declared with a default, a range or choices, and overridable from outside.

use super::{Context, OptionDecl, OptionKind, nearest};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::{Located, Span};
use crate::syntax::game_file::{GameFile, OptionSection};

pub fn check_options(
    file: &GameFile,
    overrides: &super::OptionOverrides,
    cx: &mut Context,
    diags: &mut Diagnostics,
) {
    for (name, decl) in &file.options {
        check_option(name, decl, cx, diags);
    }
    apply_overrides(overrides, cx, diags);
}

/// One option of `[options]`: its bounds and default checked, then declared.
fn check_option(
    name: &str,
    decl: &Located<OptionSection>,
    cx: &mut Context,
    diags: &mut Diagnostics,
) {
    let o = &decl.value;
    // An option with a broken declaration is still declared, so its uses are not reported too.
    let guessed_kind = match &o.choices {
        Some(c) => OptionKind::Choice(c.value.clone()),
        None => OptionKind::Int {
            min: i64::from(i32::MIN),
            max: i64::from(i32::MAX),
        },
    };
    let declare_broken = |cx: &mut Context| {
        if cx.option(name).is_none() {
            cx.options.push(OptionDecl {
                name: name.to_string(),
                kind: guessed_kind.clone(),
                value: 0,
                default: 0,
                doc: String::new(),
                span: decl.span,
            });
        }
    };
    let Some(default) = &o.default else {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing(format!("`default` for option `{name}`")),
                decl.span,
            )
            .with_label("this option has no `default`"),
        );
        declare_broken(cx);
        return;
    };
    if let (Some(min), Some(max)) = (&o.min, &o.max)
        && min.value > max.value
    {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadOptionValue {
                    option: name.to_string(),
                    reason: format!("`min` ({}) is more than `max` ({})", min.value, max.value),
                },
                min.span,
            )
            .with_label("more than `max`")
            .with_note_at(max.span, "`max` is here"),
        );
    }
    let bad = |reason: String, span: Span| {
        Diagnostic::error(
            ErrorKind::BadOptionValue {
                option: name.to_string(),
                reason,
            },
            span,
        )
    };
    let (kind, value) = match (&default.value, &o.choices) {
        (toml::Value::Integer(v), None) => int_option(name, o, *v, default.span, diags),
        (toml::Value::Boolean(b), None) => (OptionKind::Bool, i64::from(*b)),
        (toml::Value::String(s), Some(choices)) => {
            choice_option(name, s, &choices.value, default.span, diags)
        }
        (toml::Value::String(_), None) => {
            diags.push(
                bad("a text option needs `choices`".into(), default.span)
                    .with_help("add `choices = [...]` listing the allowed values"),
            );
            declare_broken(cx);
            return;
        }
        _ => {
            diags.push(
                bad(
                    "the default must be a whole number, `true`/`false`, or one of `choices`"
                        .into(),
                    default.span,
                )
                .with_label("not a whole number, `true`/`false` or a choice"),
            );
            declare_broken(cx);
            return;
        }
    };
    check_variant_choices(name, &o.variants, &kind, diags);
    // Clashes with players, regions and built-in names: `check_name_clashes`.
    cx.options.push(OptionDecl {
        name: name.to_string(),
        kind,
        value,
        default: value,
        doc: o.doc.as_ref().map(|d| d.value.clone()).unwrap_or_default(),
        span: decl.span,
    });
}

/// A whole-number option: its bounds, within 32 bits, and its default `v` within them.
fn int_option(
    name: &str,
    o: &OptionSection,
    v: i64,
    default_span: Span,
    diags: &mut Diagnostics,
) -> (OptionKind, i64) {
    let bad = |reason: String, span: Span| {
        Diagnostic::error(
            ErrorKind::BadOptionValue {
                option: name.to_string(),
                reason,
            },
            span,
        )
    };
    // Rules compute in 32 bits, so an option must fit in them.
    let i32_range = i64::from(i32::MIN)..=i64::from(i32::MAX);
    for (key, bound) in [("min", &o.min), ("max", &o.max)] {
        if let Some(b) = bound.as_ref().filter(|b| !i32_range.contains(&b.value)) {
            diags.push(
                bad(
                    format!("`{key}` must be within {}..={}", i32::MIN, i32::MAX),
                    b.span,
                )
                .with_label("too large for the rules' 32-bit numbers"),
            );
        }
    }
    let min = o
        .min
        .as_ref()
        .map_or(i64::from(i32::MIN), |m| m.value)
        .max(i64::from(i32::MIN));
    let max = o
        .max
        .as_ref()
        .map_or(i64::from(i32::MAX), |m| m.value)
        .min(i64::from(i32::MAX));
    if !(min..=max).contains(&v) && min <= max {
        let label = if v < min {
            format!("less than `min = {min}`")
        } else {
            format!("more than `max = {max}`")
        };
        diags.push(
            bad(
                format!("the default {v} is outside {min}..={max}"),
                default_span,
            )
            .with_label(label),
        );
    }
    (OptionKind::Int { min, max }, v)
}

/// A choice option: its default `s` one of `choices` (the first if not, said).
fn choice_option(
    name: &str,
    s: &str,
    choices: &[String],
    default_span: Span,
    diags: &mut Diagnostics,
) -> (OptionKind, i64) {
    match choices.iter().position(|c| c == s) {
        Some(i) => (OptionKind::Choice(choices.to_vec()), i as i64),
        None => {
            let near = nearest(s, choices.iter().map(String::as_str));
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadOptionValue {
                        option: name.to_string(),
                        reason: format!("`{s}` is not one of the choices"),
                    },
                    default_span,
                )
                .with_label("not in `choices`")
                .with_help(near.unwrap_or_else(|| {
                    format!("choose one of {}", super::board::backticked(choices))
                })),
            );
            (OptionKind::Choice(choices.to_vec()), 0)
        }
    }
}

/// Options set from outside (`--option NAME=VALUE`): each a declared option, with a value it
/// can take.
fn apply_overrides(overrides: &super::OptionOverrides, cx: &mut Context, diags: &mut Diagnostics) {
    for (name, text) in overrides {
        let Some(i) = cx.option(name) else {
            let d = Diagnostic::error(ErrorKind::UnknownOption(name.clone()), None);
            let hint = nearest(name, cx.options.iter().map(|o| o.name.as_str()));
            let names: Vec<String> = cx.options.iter().map(|o| o.name.clone()).collect();
            diags.push(d.with_help(hint.unwrap_or_else(|| match names.is_empty() {
                true => "this game has no options".to_string(),
                false => format!("the options are {}", super::board::backticked(&names)),
            })));
            continue;
        };
        let option = &mut cx.options[i as usize];
        match parse_option_value(&option.kind, text) {
            Ok(v) => option.value = v,
            Err(reason) => diags.push(Diagnostic::error(
                ErrorKind::BadOptionValue {
                    option: name.clone(),
                    reason,
                },
                None,
            )),
        }
    }
}

/// `variants = { CHOICE = "file" }` names choices of the option (the files are found on loading).
fn check_variant_choices(
    name: &str,
    variants: &std::collections::BTreeMap<String, crate::span::Located<String>>,
    kind: &OptionKind,
    diags: &mut Diagnostics,
) {
    for (choice, file) in variants {
        let reason = match kind {
            OptionKind::Choice(choices) if choices.contains(choice) => continue,
            OptionKind::Choice(choices) => {
                let near = nearest(choice, choices.iter().map(String::as_str));
                let help = near.unwrap_or_else(|| {
                    format!("choose one of {}", super::board::backticked(choices))
                });
                (
                    format!("`{choice}` in `variants` is not one of the choices"),
                    help,
                )
            }
            _ => (
                "only an option with `choices` can select variant files".to_string(),
                "give the option `choices` and a text default".to_string(),
            ),
        };
        diags.push(
            Diagnostic::error(
                ErrorKind::BadOptionValue {
                    option: name.to_string(),
                    reason: reason.0,
                },
                file.span,
            )
            .with_label("selects this file")
            .with_help(reason.1),
        );
    }
}

pub fn parse_option_value(kind: &OptionKind, text: &str) -> Result<i64, String> {
    match kind {
        OptionKind::Int { min, max } => match text.parse::<i64>() {
            Ok(v) if (*min..=*max).contains(&v) => Ok(v),
            Ok(v) => Err(format!("{v} is outside {min}..={max}")),
            Err(_) => Err(format!("`{text}` is not a whole number")),
        },
        OptionKind::Bool => match text {
            "true" => Ok(1),
            "false" => Ok(0),
            _ => Err(format!("`{text}` is not `true` or `false`")),
        },
        OptionKind::Choice(choices) => choices
            .iter()
            .position(|c| c == text)
            .map(|i| i as i64)
            .ok_or_else(|| {
                format!(
                    "`{text}` is not one of {}",
                    super::board::backticked(choices)
                )
            }),
    }
}

/// The most counters a game may keep: they live in a fixed array of the position.
pub const MAX_COUNTERS: usize = 4;

pub fn check_counters(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    for (name, decl) in &file.counters {
        let initial = match &decl.value.initial {
            None => 0,
            Some(v) => match i32::try_from(v.value) {
                Ok(i) => i,
                Err(_) => {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(format!(
                                "counter `{name}` starts outside the 32-bit range"
                            )),
                            v.span,
                        )
                        .with_label("too large"),
                    );
                    0
                }
            },
        };
        if cx.counters.len() == MAX_COUNTERS {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("a game keeps at most {MAX_COUNTERS} counters")),
                    decl.span,
                )
                .with_label("one counter too many"),
            );
            continue;
        }
        cx.counters.push(crate::check::CounterDecl {
            name: name.clone(),
            initial,
        });
    }
}
