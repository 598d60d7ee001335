//! Rule items: `move`, `forbid`, `turn_start`, `no_moves` and `estimate`, their statements and names, and the
//! argument binder that primitives and functions share. Primitives are in `primitives.rs`,
//! expressions in `expr.rs`.

use super::*;
use crate::span::{FileId, Span};
use crate::syntax::ast::{self, Call, Expr, ExprKind, Item, ItemKind, RulesAst, Stmt};

/// Where an expression stands, which decides the names it may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// End tests (`turn_start`, `no_moves`): the position only.
    Position,
    /// `after` rules: the position after an action, without the game's history.
    After,
    /// Filters and `forbid`: the position, the action and the position after it.
    Action,
    /// `capture_if` of a line move, `push_if` of a line step: the action being built.
    LineCapture,
    /// `then` effects of a move rule: the position once the piece has moved, and the action.
    Effect,
    /// The arguments of a move primitive worked out in the position (`place`'s `at:`).
    Generator,
    /// Inside `afterwards(...)`: the position after the action, the action, the game's history.
    Afterwards,
}

impl Place {
    pub(super) fn describe(self) -> &'static str {
        match self {
            Place::Position => "in end tests",
            Place::After => "in `after` rules",
            Place::Action => "in `where` and `forbid`",
            Place::LineCapture => "in `capture_if` of `line` and `push_if` of `line_step`",
            Place::Effect => "in `then` effects and `next` conditions",
            Place::Generator => "in a move primitive's arguments",
            Place::Afterwards => "in `afterwards(...)`",
        }
    }
}

pub fn check_rules(
    rules: &RulesAst,
    rules_incomplete: bool,
    cx: &Context,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> CheckedProgram {
    let mut program = CheckedProgram::default();
    let checker = RuleChecker { cx };
    for item in &rules.items {
        let info = RuleInfo {
            name: item.name.text.clone(),
            cite: item.cite.as_ref().map(|c| c.value.clone()),
            span: item.span,
            name_span: item.name.span,
        };
        match &item.kind {
            ItemKind::Move {
                generator,
                filters,
                compulsory,
                most,
                effects,
                continuations,
            } => {
                let generator = checker.generator(generator, diags);
                let (generator, modifiers) = match generator {
                    Some((g, modifiers)) => (Some(g), modifiers),
                    None => (None, Modifiers::default()),
                };
                let filters = filters
                    .iter()
                    .filter_map(|f| checker.expect(f, Ty::Bool, Place::Action, diags))
                    .collect();
                let effects = effects
                    .iter()
                    .filter_map(|e| checker.effect(e, diags))
                    .collect();
                let continuations = continuations
                    .iter()
                    .filter_map(|c| {
                        let condition = match &c.condition {
                            Some(e) => Some(checker.expect(e, Ty::Bool, Place::Effect, diags)?),
                            None => None,
                        };
                        let by = match &c.by {
                            Some(e) => Some(checker.part_player(e, c.joined, diags)?),
                            None => None,
                        };
                        let rule = continuation_rule(rules, &c.rule, diags)?;
                        Some(CheckedContinuation {
                            rule,
                            by,
                            joined: c.joined,
                            optional: c.optional,
                            condition,
                        })
                    })
                    .collect();
                if let Some(generator) = generator {
                    program.moves.push(MoveRule {
                        info,
                        generator,
                        filters,
                        compulsory: *compulsory,
                        most: *most,
                        avoid: modifiers.avoid,
                        locked: modifiers.locked,
                        along: modifiers.along,
                        crossing: modifiers.crossing,
                        crossing_stop_after: modifiers.crossing_stop_after,
                        promote: modifiers.promote,
                        promote_choices: modifiers.promote_choices,
                        promote_from: modifiers.promote_from,
                        moving_kinds: modifiers.moving_kinds,
                        effects,
                        continuations,
                    });
                }
            }
            ItemKind::Forbid(expr) => {
                if let Some(expr) = checker.expect(expr, Ty::Bool, Place::Action, diags) {
                    program.forbids.push(ExprRule { info, expr });
                }
            }
            ItemKind::Check { trigger, body } => {
                let after = *trigger == ast::Trigger::After;
                let body = checker.stmts(body, after, diags);
                match trigger {
                    ast::Trigger::TurnStart => program.turn_start.push(StmtRule { info, body }),
                    ast::Trigger::After => program.after.push(StmtRule { info, body }),
                }
            }
            ItemKind::Estimate(terms) => {
                let terms = terms
                    .iter()
                    .filter_map(|term| {
                        let player =
                            checker.expect(&term.player, Ty::Player, Place::Position, diags);
                        let value = checker.expect(&term.value, Ty::Int, Place::Position, diags);
                        Some((player?, value?))
                    })
                    .collect();
                program.estimates.push(EstimateRule { info, terms });
            }
            ItemKind::NoMoves(body) => {
                let body = checker.stmts(body, false, diags);
                if let Some(previous) = &program.no_moves {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(format!(
                                "a game has one `no_moves` rule; `{}` is a second one",
                                item.name.text
                            )),
                            item.name.span,
                        )
                        .with_label("second `no_moves` rule")
                        .with_note_at(previous.info.span, "the first one")
                        .with_help(format!(
                            "`{}` already says what happens without a move; merge the two",
                            previous.info.name
                        )),
                    );
                }
                program.no_moves = Some(StmtRule { info, body });
            }
        }
    }
    check_duplicate_names(&rules.items, diags);
    check_move_rule_count(&rules.items, diags);
    check_joined_parts(&program.moves, diags);
    warn_overlapping_moves(&program.moves, cx, diags);
    // A move rule with errors has been reported already.
    let any_move = rules
        .items
        .iter()
        .any(|i| matches!(i.kind, ItemKind::Move { .. }));
    if !any_move && !rules_incomplete {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("move rules: the game has no `move` rule".into()),
                whole_file,
            )
            .with_label("in this file")
            .with_help("add a `[rules] text` with at least one `move NAME { step(...) }`"),
        );
    }
    program
}

/// A joined part rides in its first part's second word: a jump needs that word for its path, and
/// a joined part cannot itself carry a third. Whether a part may be left out (`optional`) belongs
/// to the part: every `next` naming it says the same, and a joined one is never optional.
fn check_joined_parts(moves: &[MoveRule], diags: &mut Diagnostics) {
    for rule in moves {
        for c in rule.continuations.iter().filter(|c| c.optional) {
            let problem = if c.joined {
                Some(format!(
                    "a joined part is carried by the action before it: write `next {} optional` \
                     without `joined`",
                    moves
                        .get(c.rule as usize)
                        .map_or("", |m| m.info.name.as_str())
                ))
            } else {
                moves
                    .iter()
                    .flat_map(|m| &m.continuations)
                    .find(|other| other.rule == c.rule && !other.optional)
                    .map(|_| {
                        format!(
                            "every `next` naming `{}` must say `optional`, or none",
                            moves
                                .get(c.rule as usize)
                                .map_or("", |m| m.info.name.as_str())
                        )
                    })
            };
            if let Some(help) = problem {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("this `next ... optional` cannot be optional".into()),
                        rule.info.name_span,
                    )
                    .with_label("its `next ... optional`")
                    .with_help(help),
                );
            }
        }
        for c in rule.continuations.iter().filter(|c| c.joined) {
            let problem = joined_part_problem(rule, moves.get(c.rule as usize));
            if let Some(help) = problem {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("this joined part cannot be joined".into()),
                        rule.info.name_span,
                    )
                    .with_label("its `next ... joined`")
                    .with_help(help),
                );
            }
        }
    }
}

/// Why `rule` cannot be joined to `next`, if it cannot: the first part's second word carries the
/// joined part's first word, so neither part may need a second word of its own (a jump's path, a
/// promotion's choice), and the joined part cannot carry a third.
fn joined_part_problem(rule: &MoveRule, next: Option<&MoveRule>) -> Option<String> {
    let is_jump = |m: &MoveRule| matches!(m.generator, Generator::Jump { .. });
    if is_jump(rule) {
        return Some("a `jump` cannot have a joined part: write `next` without `joined`".into());
    }
    if rule.promote_choices != 0 {
        return Some(
            "a move with a promotion choice cannot be joined to another part: drop `joined`, \
             the next part is then an action of its own"
                .into(),
        );
    }
    let next = next?;
    if is_jump(next) || next.promote_choices != 0 {
        return Some(format!(
            "`{}` needs an action of its own ({}): write `next` without `joined`",
            next.info.name,
            if is_jump(next) {
                "it is a `jump`"
            } else {
                "it has a promotion choice"
            }
        ));
    }
    next.continuations.iter().any(|n| n.joined).then(|| {
        format!(
            "`{}` has a joined part of its own; joined parts do not chain: write one of the two \
             `next`s without `joined`",
            next.info.name
        )
    })
}

/// The index among the move rules of the rule a `next` names.
fn continuation_rule(rules: &RulesAst, name: &ast::Name, diags: &mut Diagnostics) -> Option<u8> {
    let moves: Vec<&Item> = rules
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Move { .. }))
        .collect();
    match moves.iter().position(|i| i.name.text == name.text) {
        Some(i) => u8::try_from(i).ok(),
        None => {
            let names: Vec<String> = moves.iter().map(|i| i.name.text.clone()).collect();
            diags.push(
                Diagnostic::error(ErrorKind::UnknownName(name.text.clone()), name.span)
                    .with_label("not a move rule")
                    .with_help(near_or_list(&name.text, "move rules", &names)),
            );
            None
        }
    }
}

/// An action names the move rule that made it in one byte.
pub const MAX_MOVE_RULES: usize = 256;

fn check_move_rule_count(items: &[Item], diags: &mut Diagnostics) {
    let first_too_many = items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Move { .. }))
        .nth(MAX_MOVE_RULES);
    if let Some(item) = first_too_many {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!("a game has at most {MAX_MOVE_RULES} move rules")),
                item.name.span,
            )
            .with_label(format!("move rule {}", MAX_MOVE_RULES + 1))
            .with_help("one rule can move several kinds of piece in several directions"),
        );
    }
}

fn check_duplicate_names(items: &[Item], diags: &mut Diagnostics) {
    let mut first_of: std::collections::HashMap<(&str, FileId), &Item> =
        std::collections::HashMap::new();
    for item in items {
        let first = *first_of
            .entry((item.name.text.as_str(), item.name.span.file))
            .or_insert(item);
        if !std::ptr::eq(first, item) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Duplicate {
                        what: "rule",
                        name: item.name.text.clone(),
                    },
                    item.name.span,
                )
                .with_label("second rule of this name")
                .with_note_at(first.name.span, "first rule of this name")
                .with_help("rename one of them: a variant replaces a rule by its name"),
            );
        }
    }
}

/// What every primitive may add to how its pieces move: `avoid:`, `along:`, `promote:`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Modifiers {
    pub avoid: Option<u16>,
    pub locked: Option<u16>,
    pub along: Option<u16>,
    pub crossing: Option<u16>,
    pub crossing_stop_after: bool,
    pub promote: Option<(u8, u16)>,
    /// `promote: queen or rook or ...`: the kinds to choose from, one bit each (0: no choice).
    pub promote_choices: u64,
    /// `promote_on: from_or_to`.
    pub promote_from: bool,
    /// `piece: rook or queen`: the kinds that may move, one bit each (0: as `piece:` says).
    pub moving_kinds: u64,
}

pub(super) struct RuleChecker<'a> {
    pub(super) cx: &'a Context,
}

/// Arguments of a call matched to the parameter names of a primitive.
pub(super) struct Args<'c> {
    function: String,
    span: Span,
    given: Vec<(&'static str, &'c Expr)>,
}

impl<'c> Args<'c> {
    pub(super) fn bind(
        call: &'c Call,
        params: &[&'static str],
        diags: &mut Diagnostics,
    ) -> Option<Args<'c>> {
        let mut given: Vec<(&'static str, &'c Expr)> = Vec::new();
        let mut ok = true;
        for (i, arg) in call.args.iter().enumerate() {
            let param = match &arg.name {
                Some(n) => match params.iter().find(|p| **p == n.text) {
                    Some(p) => *p,
                    None => {
                        let mut d = Diagnostic::error(
                            ErrorKind::UnknownArgument {
                                function: call.name.text.clone(),
                                arg: n.text.clone(),
                            },
                            n.span,
                        )
                        .with_label(format!("not an argument of `{}`", call.name.text));
                        d = d.with_help(nearest(&n.text, params.iter().copied()).unwrap_or_else(
                            || {
                                format!(
                                    "`{}` takes {}",
                                    call.name.text,
                                    params
                                        .iter()
                                        .map(|p| format!("`{p}`"))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                )
                            },
                        ));
                        diags.push(d);
                        ok = false;
                        continue;
                    }
                },
                None => match params.get(i) {
                    Some(p) => *p,
                    None => {
                        // Once, at the first argument too many.
                        if i == params.len() {
                            diags.push(
                                Diagnostic::error(
                                    ErrorKind::ArgumentCount {
                                        function: call.name.text.clone(),
                                        expected: params.len(),
                                        found: call.args.len(),
                                    },
                                    arg.value.span,
                                )
                                .with_label("one too many")
                                .with_help(format!(
                                    "`{}` takes {}",
                                    call.name.text,
                                    quoted(params)
                                )),
                            );
                        }
                        ok = false;
                        continue;
                    }
                },
            };
            if let Some((_, first)) = given.iter().find(|(p, _)| *p == param) {
                let at = arg
                    .name
                    .as_ref()
                    .map_or(arg.value.span, |n| n.span.to(arg.value.span));
                diags.push(
                    Diagnostic::error(
                        ErrorKind::DuplicateArgument {
                            arg: param.to_string(),
                        },
                        at,
                    )
                    .with_label("given again here")
                    .with_note_at(first.span, "first given here"),
                );
                ok = false;
            }
            given.push((param, &arg.value));
        }
        ok.then(|| Args {
            function: call.name.text.clone(),
            span: call.span,
            given,
        })
    }

    pub(super) fn get(&self, param: &str) -> Option<&'c Expr> {
        self.given
            .iter()
            .find(|(p, _)| *p == param)
            .map(|(_, e)| *e)
    }

    pub(super) fn require(&self, param: &str, diags: &mut Diagnostics) -> Option<&'c Expr> {
        let found = self.get(param);
        if found.is_none() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::MissingArgument {
                        function: self.function.clone(),
                        arg: param.to_string(),
                    },
                    self.span,
                )
                .with_label(format!("needs `{param}:`")),
            );
        }
        found
    }
}

/// The parameters of each call of the rules language (the move primitives and the functions), in
/// the order positional arguments take them. The checker binds arguments by these lists; the
/// rulebook (`tabula rules`) reads calls by them too.
pub fn call_params(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "step" => &[
            "piece",
            "dirs",
            "to",
            "avoid",
            "along",
            "promote",
            "promote_in",
            "promote_on",
            "locked",
            "capture",
        ],
        "slide" => &[
            "piece",
            "dirs",
            "max",
            "to",
            "screens",
            "avoid",
            "along",
            "crossing",
            "crossing_mode",
            "promote",
            "promote_in",
            "promote_on",
            "locked",
            "distance",
            "pass_over",
        ],
        "line" => &[
            "piece",
            "dirs",
            "min",
            "capture",
            "capture_if",
            "avoid",
            "locked",
        ],
        "line_step" => &[
            "piece", "dirs", "min", "max", "sideways", "push_if", "avoid", "locked",
        ],
        "path_step" => &["piece", "path", "to", "by", "bear_off"],
        "rotate" => &["region", "turn"],
        "sow" => &["piece", "path", "from", "skip_start"],
        "die_move" => &["piece", "path", "bear_off", "hit", "enter"],
        "jump" => &[
            "piece",
            "dirs",
            "over",
            "chain",
            "remove",
            "avoid",
            "along",
            "promote",
            "promote_in",
            "promote_at",
            "range",
            "locked",
            "capture",
        ],
        "count" => &["player", "region", "piece"],
        "path_index" => &["player", "path", "piece"],
        "path_blocked" => &["player", "path", "piece", "by"],
        "path_progress" => &["player", "path"],
        "path_cell" => &["player", "path", "index"],
        "lands_in" => &["region"],
        "symmetric" => &["symmetry"],
        "pinned" => &["player", "region"],
        "borne_off" | "on_bar" | "can_move" => &["player"],
        "moved" => &["piece"],
        "place" => &["piece", "at", "from"],
        "reach" | "ray" => &["cell", "dirs"],
        "neighbour" => &["cell", "dir"],
        "beyond" => &["cell", "through"],
        "empty" | "friend" | "enemy" => &["cell"],
        "flank" => &["cell", "dirs", "max", "hostile"],
        "pieces" => &["player", "piece"],
        "neighbours" => &["cells", "dirs"],
        "group" => &["cell", "dirs"],
        "inside" => &["cells", "dirs"],
        "reachable" => &["from", "through", "dirs"],
        "distinct" => &["table", "cells"],
        "back_along" => &["path", "from", "within"],
        "holding" => &["min", "max"],
        "enclosed" => &["cells", "dirs", "hostile", "edge", "shield", "min"],
        "face_down" | "held_pieces" => &["player"],
        "size" | "value" | "pieces_on" => &["cells"],
        "in_row" => &["player", "length", "dirs", "through"],
        "rows" => &["player", "length", "dirs"],
        "is_in" => &["cell", "cells"],
        "hand" => &["player", "piece"],
        "take" => &["piece", "of"],
        "die" => &["number"],
        "ride" => &["piece", "route", "to", "bends"],
        "pass_turn" => &[],
        "liberties" => &["cell", "dirs"],
        "without_liberties" | "area" | "groups" => &["player", "dirs"],
        "afterwards" => &["condition"],
        "attacked" => &["cells", "by"],
        "seen_before" => &["within"],
        "fly" => &["piece", "at", "from"],
        "pair" => &["piece", "with", "dirs", "to", "with_to"],
        "between" => &["from", "to"],
        "connected" => &["player", "from", "to", "dirs"],
        _ => return None,
    })
}

/// The move primitives, as `call_params` knows them.
pub const PRIMITIVES: [&str; 15] = [
    "place",
    "pass_turn",
    "take",
    "fly",
    "step",
    "slide",
    "line",
    "line_step",
    "jump",
    "path_step",
    "die_move",
    "sow",
    "rotate",
    "ride",
    "pair",
];

/// The alternatives of a choice `a or b or c`, in order (one for a plain name).
pub(super) fn alternatives(expr: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut pending = vec![expr];
    while let Some(e) = pending.pop() {
        match &e.kind {
            ExprKind::Binary(crate::syntax::ast::BinOp::Or, l, r) => {
                pending.push(r);
                pending.push(l);
            }
            _ => out.push(e),
        }
    }
    out
}

pub(super) fn name_of(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::Name(n) => Some(n),
        _ => None,
    }
}

/// What an expression is, for "expected a name, found ...".
pub(super) fn describe(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Int(n) => format!("the number `{n}`"),
        ExprKind::Bool(b) => format!("`{b}`"),
        ExprKind::Name(n) => format!("`{n}`"),
        ExprKind::Call(c) => format!("a call of `{}`", c.name.text),
        ExprKind::Unary(..) | ExprKind::Binary(..) => "an expression".into(),
    }
}

/// Help for a name that is not one of `names`: the nearest, else the whole list.
pub(super) fn near_or_list(name: &str, what: &str, names: &[String]) -> String {
    nearest(name, names.iter().map(String::as_str)).unwrap_or_else(|| {
        if names.is_empty() {
            format!("this game declares no {what}")
        } else {
            format!("the {what} are {}", quoted_strings(names))
        }
    })
}

impl RuleChecker<'_> {
    /// One effect of a `then` block: a set of cells, or for `extra_turn` a player; its condition.
    fn effect(&self, e: &ast::Effect, diags: &mut Diagnostics) -> Option<Effect> {
        let target = if e.verb == ast::EffectVerb::ExtraTurn {
            let help = "`extra_turn` names the player who plays one more turn, as in \
                        `extra_turn mover`";
            self.expect_with_help(&e.target, Ty::Player, Place::Effect, help, diags)
        } else if e.verb == ast::EffectVerb::Shift {
            let help = "`shift` moves the piece on a cell to another cell, as in \
                        `shift neighbour(to, e) to neighbour(from, e)`";
            self.expect_with_help(&e.target, Ty::Cell, Place::Effect, help, diags)
        } else {
            let help = "an effect changes the pieces on a set of cells, as in `flip flank(to)`";
            self.expect_with_help(&e.target, Ty::Cells, Place::Effect, help, diags)
        };
        let destination = match (&e.destination, e.verb == ast::EffectVerb::Shift) {
            (Some(d), true) => Some(self.expect(d, Ty::Cell, Place::Effect, diags)?),
            (None, false) => None,
            (None, true) => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`shift` needs the cell the piece goes to".into()),
                        e.span,
                    )
                    .with_label("no `to CELL`")
                    .with_help("write `shift CELL to CELL`"),
                );
                return None;
            }
            (Some(d), false) => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "`{}` takes no `to`: only `shift` moves a piece to a cell",
                            e.verb.keyword()
                        )),
                        d.span,
                    )
                    .with_label("not for this effect"),
                );
                return None;
            }
        };
        let into = self.gather_into(e, diags);
        let condition = match &e.condition {
            Some(c) => Some(self.expect(c, Ty::Bool, Place::Effect, diags)?),
            None => None,
        };
        Some(Effect {
            verb: e.verb,
            target: target?,
            destination,
            into: into?,
            condition,
        })
    }

    /// `into CELL` of a `gather` (required there, and only there; a board with stacks), as a set
    /// whose first cell is the destination. `None` after an error.
    fn gather_into(&self, e: &ast::Effect, diags: &mut Diagnostics) -> Option<Option<TExpr>> {
        let gather = e.verb == ast::EffectVerb::Gather;
        match &e.into {
            None if gather => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Missing("`into CELL`: where `gather` puts the pieces".into()),
                        e.span,
                    )
                    .with_help(
                        "write `gather CELLS into CELL`, as in `gather to into store(mover)`",
                    ),
                );
                None
            }
            None => Some(None),
            Some(into) if !gather => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!("`{}` takes no `into`", e.verb.keyword())),
                        into.span,
                    )
                    .with_label("only `gather` puts pieces somewhere")
                    .with_help("write `gather CELLS into CELL` to move pieces onto one cell"),
                );
                None
            }
            Some(_) if !self.cx.board.stacks => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`gather` needs a board with stacks".into()),
                        e.span,
                    )
                    .with_label("the pieces would be piled on one cell")
                    .with_help("add `stacks = true` under `[board]`"),
                );
                None
            }
            Some(into) => {
                let help = "`into` names the cell that receives the pieces, as in \
                            `into store(mover)`";
                Some(Some(self.expect_with_help(
                    into,
                    Ty::Cells,
                    Place::Effect,
                    help,
                    diags,
                )?))
            }
        }
    }

    /// `by PLAYER` of a `next`: a player expression, and only for a part of its own.
    fn part_player(&self, e: &Expr, joined: bool, diags: &mut Diagnostics) -> Option<TExpr> {
        let help = "`by` names the player who plays the part, as in `next relocate by opponent`";
        let player = self.expect_with_help(e, Ty::Player, Place::Effect, help, diags)?;
        if joined {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("a joined part is played by the same player".into()),
                    e.span,
                )
                .with_label("another player for a joined part")
                .with_help(
                    "a joined part is carried by the same action as the part before it: write \
                     `next` without `joined` to let another player play it",
                ),
            );
            return None;
        }
        Some(player)
    }

    /// Statements of a rule body. `after` rules change counters and never end the game; other
    /// rules may end it and never change counters.
    pub(super) fn stmts(&self, stmts: &[Stmt], after: bool, diags: &mut Diagnostics) -> Vec<TStmt> {
        stmts
            .iter()
            .filter_map(|s| {
                let outcome_span = match s {
                    Stmt::Win(_, _, span) | Stmt::Lose(_, span) => Some(*span),
                    Stmt::Draw(span) | Stmt::Pass(span) => Some(*span),
                    _ => None,
                };
                if let (true, Some(span)) = (after, outcome_span) {
                    let help =
                        "`after` rules only `set` counters; end the game in a `turn_start` rule";
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other("an `after` rule cannot end the game".into()),
                            span,
                        )
                        .with_label("an outcome in an `after` rule")
                        .with_help(help),
                    );
                    return None;
                }
                self.stmt(s, after, diags)
            })
            .collect()
    }

    fn stmt(&self, s: &Stmt, after: bool, diags: &mut Diagnostics) -> Option<TStmt> {
        let place = if after { Place::After } else { Place::Position };
        match s {
            Stmt::Set(name, value) => {
                if !after {
                    let place = "in `after` rules".to_string();
                    let help =
                        "counters change only after an action: move this into an `after` rule";
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::OutOfContext {
                                name: "set".into(),
                                place,
                            },
                            name.span,
                        )
                        .with_help(help),
                    );
                    return None;
                }
                let Some(counter) = self.cx.counter(&name.text) else {
                    let names: Vec<String> =
                        self.cx.counters.iter().map(|c| c.name.clone()).collect();
                    diags.push(
                        Diagnostic::error(ErrorKind::UnknownName(name.text.clone()), name.span)
                            .with_label("not a counter")
                            .with_help(if names.is_empty() {
                                "declare counters in `[counters.NAME]` tables".to_string()
                            } else {
                                near_or_list(&name.text, "counters", &names)
                            }),
                    );
                    return None;
                };
                Some(TStmt::Set(
                    counter,
                    self.expect(value, Ty::Int, place, diags)?,
                ))
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.expect(cond, Ty::Bool, place, diags);
                let then = self.stmts(then, after, diags);
                let otherwise = self.stmts(otherwise, after, diags);
                Some(TStmt::If {
                    cond: cond?,
                    then,
                    otherwise,
                })
            }
            Stmt::Win(p, score, _) => {
                let player = self.expect_with_help(
                    p,
                    Ty::Player,
                    place,
                    "`win` names the player who wins, as in `win mover`",
                    diags,
                );
                let score = match score {
                    Some(s) => Some(self.expect(s, Ty::Int, place, diags)?),
                    None => None,
                };
                Some(TStmt::Win(player?, score))
            }
            Stmt::Lose(p, _) => self
                .expect_with_help(
                    p,
                    Ty::Player,
                    place,
                    "`lose` names the player who loses, as in `lose mover`",
                    diags,
                )
                .map(TStmt::Lose),
            Stmt::Draw(_) => Some(TStmt::Draw),
            Stmt::Pass(_) => Some(TStmt::Pass),
        }
    }
}

pub(super) fn quoted_strings(names: &[String]) -> String {
    names
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn quoted(choices: &[&str]) -> String {
    choices
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Two rules of the same primitive that can move the same piece the same way make the same action
/// twice: it would be listed and counted twice. Warned, since a filter may still tell them apart.
fn warn_overlapping_moves(moves: &[MoveRule], cx: &Context, diags: &mut Diagnostics) {
    let shape = |g: &Generator| match g {
        // A step capturing by approach or withdrawal never makes a plain step's action.
        Generator::Step {
            piece,
            dirs,
            to,
            capture,
        } => Some((
            // Apart from every slide's key (at most 1 + 3 * 255).
            if capture.any() {
                0x1000 + u32::from(capture.approach) + 2 * u32::from(capture.withdrawal)
            } else {
                0
            },
            *piece,
            *dirs,
            Some(*to),
        )),
        // Slides over a different number of screens never land on the same cell.
        Generator::Slide {
            piece,
            dirs,
            to,
            screens,
            ..
        } => Some((1 + 3 * u32::from(*screens), *piece, *dirs, Some(*to))),
        Generator::Jump { piece, dirs, .. } => Some((2, *piece, *dirs, None)),
        Generator::Place { .. }
        | Generator::Pass
        | Generator::Rotate { .. }
        | Generator::Take { .. }
        | Generator::Fly { .. }
        | Generator::Pair { .. }
        | Generator::Line { .. }
        | Generator::LineStep { .. }
        | Generator::PathStep { .. }
        | Generator::Ride { .. }
        | Generator::Sow { .. }
        | Generator::DieMove { .. } => None,
    };
    let landings_meet = |a: Option<Landing>, b: Option<Landing>| {
        !matches!(
            (a, b),
            (Some(Landing::Empty), Some(Landing::Enemy))
                | (Some(Landing::Enemy), Some(Landing::Empty))
        )
    };
    // A rule that only continues a turn moves alone there: it never meets a rule that starts one.
    let continues = |rule: usize| {
        moves
            .iter()
            .any(|m| m.continuations.iter().any(|c| usize::from(c.rule) == rule))
    };
    // Each rule is reported once, against the first earlier rule it overlaps: the warnings grow
    // with the rules, not with their pairs.
    for (i, b) in moves.iter().enumerate() {
        let Some((kb, pb, db, lb)) = shape(&b.generator) else {
            continue;
        };
        let overlapped = moves[..i].iter().enumerate().find_map(|(j, a)| {
            if continues(i) != continues(j) {
                return None;
            }
            let (ka, pa, da, la) = shape(&a.generator)?;
            let pieces_meet = pa.is_none() || pb.is_none() || pa == pb;
            let sets = &cx.board.direction_sets;
            let dirs_meet = (0..cx.players.len()).any(|p| {
                sets[da as usize].per_player[p]
                    .iter()
                    .any(|d| sets[db as usize].per_player[p].contains(d))
            });
            (ka == kb && pieces_meet && dirs_meet && landings_meet(la, lb)).then_some(a)
        });
        if let Some(a) = overlapped {
            let (first, second) = (&a.info.name, &b.info.name);
            let message = format!("`{first}` and `{second}` can make the same move");
            let help = "an action both make is listed and counted twice; give them different \
                        pieces, directions or landings, or a `where` filter";
            diags.push(
                Diagnostic::warning(ErrorKind::Other(message), b.info.name_span)
                    .with_label(format!("overlaps `{first}`"))
                    .with_help(help),
            );
        }
    }
}
