//! Rules: move generators with their arguments, filters, end tests; expressions typed.

use super::*;
use crate::span::Span;
use crate::syntax::ast::{self, BinOp, Call, Expr, ExprKind, Item, ItemKind, RulesAst, Stmt, UnOp};

/// Where an expression stands, which decides the names it may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// End tests: the position only.
    Position,
    /// Filters and `forbid`: the position, the action and the position after it.
    Action,
    /// `capture_if` of a line move: the action being built.
    LineCapture,
}

impl Place {
    fn describe(self) -> &'static str {
        match self {
            Place::Position => "in end tests",
            Place::Action => "in `where` and `forbid`",
            Place::LineCapture => "in `capture_if` of `line`",
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
        };
        match &item.kind {
            ItemKind::Move {
                generator,
                filters,
                compulsory,
            } => {
                let generator = checker.generator(generator, diags);
                let (generator, avoid, promote) = match generator {
                    Some((g, avoid, promote)) => (Some(g), avoid, promote),
                    None => (None, None, None),
                };
                let filters = filters
                    .iter()
                    .filter_map(|f| checker.expect(f, Ty::Bool, Place::Action, diags))
                    .collect();
                if let Some(generator) = generator {
                    program.moves.push(MoveRule {
                        info,
                        generator,
                        filters,
                        compulsory: *compulsory,
                        avoid,
                        promote,
                    });
                }
            }
            ItemKind::Forbid(expr) => {
                if let Some(expr) = checker.expect(expr, Ty::Bool, Place::Action, diags) {
                    program.forbids.push(ExprRule { info, expr });
                }
            }
            ItemKind::Check { trigger, body } => {
                let body = checker.stmts(body, diags);
                match trigger {
                    ast::Trigger::TurnStart => program.turn_start.push(StmtRule { info, body }),
                }
            }
            ItemKind::NoMoves(body) => {
                let body = checker.stmts(body, diags);
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

fn check_duplicate_names(items: &[Item], diags: &mut Diagnostics) {
    for (i, item) in items.iter().enumerate() {
        if let Some(first) = items[..i]
            .iter()
            .find(|x| x.name.text == item.name.text && x.name.span.file == item.name.span.file)
        {
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

/// `avoid:` region of a move rule.
type Avoid = Option<u16>;
/// `promote:` kind and `promote_in:` region of a move rule.
type Promote = Option<(u8, u16)>;

struct RuleChecker<'a> {
    cx: &'a Context,
}

/// Arguments of a call matched to the parameter names of a primitive.
struct Args<'c> {
    function: String,
    span: Span,
    given: Vec<(&'static str, &'c Expr)>,
}

impl<'c> Args<'c> {
    fn bind(call: &'c Call, params: &[&'static str], diags: &mut Diagnostics) -> Option<Args<'c>> {
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

    fn get(&self, param: &str) -> Option<&'c Expr> {
        self.given
            .iter()
            .find(|(p, _)| *p == param)
            .map(|(_, e)| *e)
    }

    fn require(&self, param: &str, diags: &mut Diagnostics) -> Option<&'c Expr> {
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

fn name_of(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::Name(n) => Some(n),
        _ => None,
    }
}

/// What an expression is, for "expected a name, found ...".
fn describe(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Int(n) => format!("the number `{n}`"),
        ExprKind::Bool(b) => format!("`{b}`"),
        ExprKind::Name(n) => format!("`{n}`"),
        ExprKind::Call(c) => format!("a call of `{}`", c.name.text),
        ExprKind::Unary(..) | ExprKind::Binary(..) => "an expression".into(),
    }
}

/// Help for a name that is not one of `names`: the nearest, else the whole list.
fn near_or_list(name: &str, what: &str, names: &[String]) -> String {
    nearest(name, names.iter().map(String::as_str)).unwrap_or_else(|| {
        if names.is_empty() {
            format!("this game declares no {what}")
        } else {
            format!("the {what} are {}", quoted_strings(names))
        }
    })
}

impl RuleChecker<'_> {
    /// A move primitive with its arguments, and the movement modifiers every primitive takes.
    fn generator(
        &self,
        call: &Call,
        diags: &mut Diagnostics,
    ) -> Option<(Generator, Avoid, Promote)> {
        let params: &[&'static str] = match call.name.text.as_str() {
            "step" => &["piece", "dirs", "to", "avoid", "promote", "promote_in"],
            "slide" => &[
                "piece",
                "dirs",
                "max",
                "to",
                "avoid",
                "promote",
                "promote_in",
            ],
            "line" => &["piece", "dirs", "min", "capture", "capture_if", "avoid"],
            "jump" => &[
                "piece",
                "dirs",
                "over",
                "chain",
                "avoid",
                "promote",
                "promote_in",
            ],
            other => {
                let mut d = Diagnostic::error(
                    ErrorKind::UnknownFunction(other.to_string()),
                    call.name.span,
                )
                .with_label("not a move primitive");
                d = d.with_help(
                    nearest(other, ["step", "slide", "line", "jump"]).unwrap_or_else(|| {
                        "the move primitives are `step`, `slide`, `line` and `jump`".into()
                    }),
                );
                diags.push(d);
                return None;
            }
        };
        let args = Args::bind(call, params, diags)?;
        let piece = match args.get("piece") {
            Some(e) => Some(self.piece(e, diags)?),
            None => None,
        };
        let dirs = self.direction_set(args.require("dirs", diags)?, diags)?;
        let avoid = match args.get("avoid") {
            Some(e) => Some(self.region_name(e, diags)?),
            None => None,
        };
        let promote = match (args.get("promote"), args.get("promote_in")) {
            (Some(kind), Some(region)) => {
                Some((self.piece(kind, diags)?, self.region_name(region, diags)?))
            }
            (None, None) => None,
            (Some(_), None) => {
                args.require("promote_in", diags);
                return None;
            }
            (None, Some(_)) => {
                args.require("promote", diags);
                return None;
            }
        };
        let generator = match call.name.text.as_str() {
            "jump" => {
                let over = match args.get("over") {
                    Some(e) => Some(self.piece(e, diags)?),
                    None => None,
                };
                let chain = match args.get("chain") {
                    Some(e) => self.constant_bool(e, diags)?,
                    None => false,
                };
                Some(Generator::Jump {
                    piece,
                    dirs,
                    over,
                    chain,
                })
            }
            "step" => {
                let to = self.landing(args.get("to"), diags)?;
                Some(Generator::Step { piece, dirs, to })
            }
            "slide" => {
                let to = self.landing(args.get("to"), diags)?;
                let max = match args.get("max") {
                    Some(e) => self.constant(e, "`max` of `slide`", 1, 255, diags)? as u16,
                    None => u16::MAX,
                };
                Some(Generator::Slide {
                    piece,
                    dirs,
                    max,
                    to,
                })
            }
            _ => {
                let min = match args.get("min") {
                    Some(e) => self.constant(e, "`min` of `line`", 1, 64, diags)? as u8,
                    None => 1,
                };
                let capture = match args.get("capture") {
                    None => LineCapture::None,
                    Some(e) => match self.symbol(e, &["none", "run", "first"], diags)? {
                        0 => LineCapture::None,
                        1 => LineCapture::Run,
                        _ => LineCapture::First,
                    },
                };
                let capture_if = match args.get("capture_if") {
                    Some(e) => Some(self.expect(e, Ty::Bool, Place::LineCapture, diags)?),
                    None => None,
                };
                Some(Generator::Line {
                    piece,
                    dirs,
                    min,
                    capture,
                    capture_if,
                })
            }
        }?;
        Some((generator, avoid, promote))
    }

    /// `true`, `false` or a boolean option: fixed when the game is loaded.
    fn constant_bool(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<bool> {
        let value = match &expr.kind {
            ExprKind::Bool(b) => Some(*b),
            ExprKind::Name(n) => self
                .cx
                .option(n)
                .map(|o| &self.cx.options[o as usize])
                .filter(|o| o.kind == OptionKind::Bool)
                .map(|o| o.value != 0),
            _ => None,
        };
        if value.is_none() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "`true`, `false` or a true/false option".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("must be known when the game is loaded"),
            );
        }
        value
    }

    /// A region named as an argument; a per-player region means the mover's own.
    fn region_name(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let name = name_of(expr).unwrap_or("");
        let found = self.cx.region(name);
        if found.is_none() {
            let mut d = Diagnostic::error(ErrorKind::UnknownRegion(name.to_string()), expr.span)
                .with_label("not a region");
            if let Some(h) = nearest(name, self.cx.regions.iter().map(|r| r.name.as_str())) {
                d = d.with_help(h);
            }
            diags.push(d);
        }
        found
    }

    fn symbol(&self, expr: &Expr, choices: &[&str], diags: &mut Diagnostics) -> Option<usize> {
        let found = name_of(expr).and_then(|n| choices.iter().position(|c| *c == n));
        if found.is_none() {
            let text = name_of(expr).unwrap_or("");
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: format!("one of {}", quoted(choices)),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_help(
                    nearest(text, choices.iter().copied())
                        .unwrap_or_else(|| format!("write one of {}", quoted(choices))),
                ),
            );
        }
        found
    }

    fn landing(&self, expr: Option<&Expr>, diags: &mut Diagnostics) -> Option<Landing> {
        let Some(expr) = expr else {
            return Some(Landing::Empty);
        };
        Some(
            match self.symbol(expr, &["empty", "enemy", "empty_or_enemy"], diags)? {
                0 => Landing::Empty,
                1 => Landing::Enemy,
                _ => Landing::EmptyOrEnemy,
            },
        )
    }

    fn piece(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u8> {
        let names: Vec<String> = self.cx.pieces.iter().map(|p| p.name.clone()).collect();
        let Some(name) = name_of(expr) else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "a piece kind".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("not a name")
                .with_help(near_or_list("", "piece kinds", &names)),
            );
            return None;
        };
        let found = self.cx.piece(name);
        if found.is_none() {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownPiece(name.to_string()), expr.span)
                    .with_label("not in `[pieces]`")
                    .with_help(near_or_list(name, "piece kinds", &names)),
            );
        }
        found
    }

    fn direction_set(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let names: Vec<String> = self
            .cx
            .board
            .direction_sets
            .iter()
            .map(|s| s.name.clone())
            .collect();
        let Some(name) = name_of(expr) else {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "a direction or direction set".into(),
                        found: describe(expr),
                    },
                    expr.span,
                )
                .with_label("not a name")
                .with_help(near_or_list(
                    "",
                    "directions and direction sets",
                    &names,
                )),
            );
            return None;
        };
        let found = self.cx.direction_set(name);
        if found.is_none() {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownDirection(name.to_string()), expr.span)
                    .with_label("not a direction or direction set")
                    .with_help(
                        nearest(name, names.iter().map(String::as_str)).unwrap_or_else(|| {
                            format!(
                                "the directions and direction sets are {}; declare a new set \
                                 under `[board.direction_sets]`",
                                quoted_strings(&names)
                            )
                        }),
                    ),
            );
        }
        found
    }

    /// A number fixed when the game is loaded: a literal or an integer option. `what` names the
    /// argument (`` `min` of `line` ``) in messages.
    fn constant(
        &self,
        expr: &Expr,
        what: &str,
        min: i64,
        max: i64,
        diags: &mut Diagnostics,
    ) -> Option<i64> {
        let value = match &expr.kind {
            ExprKind::Int(v) => Some(*v),
            ExprKind::Name(n) => self
                .cx
                .option(n)
                .map(|o| &self.cx.options[o as usize])
                .filter(|o| matches!(o.kind, OptionKind::Int { .. }))
                .map(|o| o.value),
            _ => None,
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Some(v),
            Some(v) => {
                let found = if v > i64::from(i32::MAX) {
                    "a number too large".to_string()
                } else {
                    v.to_string()
                };
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "{what} must be from {min} to {max}, found {found}"
                        )),
                        expr.span,
                    )
                    .with_label("out of range"),
                );
                None
            }
            None => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::TypeMismatch {
                            expected: format!("a number or an integer option for {what}"),
                            found: describe(expr),
                        },
                        expr.span,
                    )
                    .with_help("the value is fixed when the game loads: write a number or the name of a number option"),
                );
                None
            }
        }
    }

    fn stmts(&self, stmts: &[Stmt], diags: &mut Diagnostics) -> Vec<TStmt> {
        stmts
            .iter()
            .filter_map(|s| match s {
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let cond = self.expect(cond, Ty::Bool, Place::Position, diags);
                    let then = self.stmts(then, diags);
                    let otherwise = self.stmts(otherwise, diags);
                    Some(TStmt::If {
                        cond: cond?,
                        then,
                        otherwise,
                    })
                }
                Stmt::Win(p, _) => self
                    .expect_with_help(
                        p,
                        Ty::Player,
                        Place::Position,
                        "`win` names the player who wins, as in `win mover`",
                        diags,
                    )
                    .map(TStmt::Win),
                Stmt::Lose(p, _) => self
                    .expect_with_help(
                        p,
                        Ty::Player,
                        Place::Position,
                        "`lose` names the player who loses, as in `lose mover`",
                        diags,
                    )
                    .map(TStmt::Lose),
                Stmt::Draw(_) => Some(TStmt::Draw),
                Stmt::Pass(_) => Some(TStmt::Pass),
            })
            .collect()
    }

    fn expect(&self, expr: &Expr, ty: Ty, place: Place, diags: &mut Diagnostics) -> Option<TExpr> {
        self.expect_with_help(expr, ty, place, "", diags)
    }

    /// As [`Self::expect`], with a help line (unless empty) when the type is wrong.
    fn expect_with_help(
        &self,
        expr: &Expr,
        ty: Ty,
        place: Place,
        help: &str,
        diags: &mut Diagnostics,
    ) -> Option<TExpr> {
        let (e, found) = self.expr(expr, place, Some(ty), diags)?;
        if found != ty {
            let mut d = Diagnostic::error(
                ErrorKind::TypeMismatch {
                    expected: ty.describe().into(),
                    found: found.describe().into(),
                },
                expr.span,
            )
            .with_label(format!("this is {}", found.describe()));
            if !help.is_empty() {
                d = d.with_help(help);
            } else if ty == Ty::Bool && found == Ty::Int {
                d = d.with_help("compare it to make a condition, as in `ply > 0`");
            }
            diags.push(d);
            return None;
        }
        Some(e)
    }

    /// Types an expression. `hint` lets a bare choice name resolve against the option it is compared with.
    fn expr(
        &self,
        expr: &Expr,
        place: Place,
        hint: Option<Ty>,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match &expr.kind {
            ExprKind::Int(v) => {
                if *v > i64::from(i32::MAX) {
                    diags.push(Diagnostic::error(
                        ErrorKind::Other("number too large".into()),
                        expr.span,
                    ));
                    return None;
                }
                Some((TExpr::Int(*v), Ty::Int))
            }
            ExprKind::Bool(b) => Some((TExpr::Int(i64::from(*b)), Ty::Bool)),
            ExprKind::Name(n) => self.name(n, expr.span, place, hint, diags),
            ExprKind::Call(call) => self.call(call, place, diags),
            ExprKind::Unary(op, inner) => match op {
                UnOp::Not => Some((
                    TExpr::Not(Box::new(self.expect(inner, Ty::Bool, place, diags)?)),
                    Ty::Bool,
                )),
                UnOp::Neg => Some((
                    TExpr::Neg(Box::new(self.expect(inner, Ty::Int, place, diags)?)),
                    Ty::Int,
                )),
            },
            ExprKind::Binary(op, l, r) => {
                let (lt, rt, result) = match op {
                    BinOp::Or | BinOp::And => (Ty::Bool, Ty::Bool, Ty::Bool),
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Ty::Int, Ty::Int, Ty::Bool),
                    BinOp::Add | BinOp::Sub | BinOp::Mul => (Ty::Int, Ty::Int, Ty::Int),
                    BinOp::Eq | BinOp::Ne => {
                        // Either side may be a choice option; type the other side against it.
                        // A choice on the left (`loses == no_move`) is typed once the right is known.
                        let mut left_diags = Diagnostics::default();
                        let (le, lty) = match self.expr(l, place, None, &mut left_diags) {
                            Some(x) => {
                                diags.items.extend(left_diags.items);
                                x
                            }
                            None => {
                                let mut right_diags = Diagnostics::default();
                                match self.expr(r, place, None, &mut right_diags) {
                                    Some((re, rty @ Ty::Choice(_)))
                                        if matches!(l.kind, ExprKind::Name(_)) =>
                                    {
                                        let le = self.expect(l, rty, place, diags)?;
                                        return Some((
                                            TExpr::Binary(*op, Box::new(le), Box::new(re)),
                                            Ty::Bool,
                                        ));
                                    }
                                    _ => {
                                        diags.items.extend(left_diags.items);
                                        diags.items.extend(right_diags.items);
                                        return None;
                                    }
                                }
                            }
                        };
                        let re = self.expect(r, lty, place, diags)?;
                        if matches!(lty, Ty::Region | Ty::Symmetry) {
                            diags.push(Diagnostic::error(
                                ErrorKind::TypeMismatch {
                                    expected: "values that can be compared".into(),
                                    found: lty.describe().into(),
                                },
                                expr.span,
                            ));
                            return None;
                        }
                        return Some((TExpr::Binary(*op, Box::new(le), Box::new(re)), Ty::Bool));
                    }
                };
                let help = format!(
                    "`{}` needs {} on each side",
                    op.symbol(),
                    if lt == Ty::Bool {
                        "a condition"
                    } else {
                        "a number"
                    }
                );
                let le = self.expect_with_help(l, lt, place, &help, diags);
                let re = self.expect_with_help(r, rt, place, &help, diags);
                Some((TExpr::Binary(*op, Box::new(le?), Box::new(re?)), result))
            }
        }
    }

    fn name(
        &self,
        n: &str,
        span: Span,
        place: Place,
        hint: Option<Ty>,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let cx = self.cx;
        if let Some(Ty::Choice(o)) = hint
            && let OptionKind::Choice(choices) = &cx.options[o as usize].kind
            && let Some(i) = choices.iter().position(|c| c == n)
        {
            return Some((TExpr::Int(i as i64), Ty::Choice(o)));
        }
        let found = match n {
            "mover" => Some((TExpr::Mover, Ty::Player)),
            "opponent" => Some((TExpr::Opponent, Ty::Player)),
            "ply" => Some((TExpr::Ply, Ty::Int)),
            "moving" | "enemy_run" => {
                if place != Place::LineCapture {
                    let meaning = if n == "moving" {
                        "the number of pieces moving together"
                    } else {
                        "the length of the enemy run where a line lands"
                    };
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::OutOfContext {
                                name: n.into(),
                                place: Place::LineCapture.describe().into(),
                            },
                            span,
                        )
                        .with_label(format!("not known {}", place.describe()))
                        .with_help(format!(
                            "`{n}` is {meaning}, known only while a `line` move is built"
                        )),
                    );
                    return None;
                }
                let var = if n == "moving" {
                    Var::Moving
                } else {
                    Var::EnemyRun
                };
                Some((TExpr::Var(var), Ty::Int))
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
        if let Some(p) = cx.player(n) {
            return Some((TExpr::Player(p), Ty::Player));
        }
        if let Some(o) = cx.option(n) {
            let ty = match cx.options[o as usize].kind {
                OptionKind::Int { .. } => Ty::Int,
                OptionKind::Bool => Ty::Bool,
                OptionKind::Choice(_) => Ty::Choice(o),
            };
            return Some((TExpr::Option(o), ty));
        }
        if let Some(r) = cx.region(n) {
            if cx.regions[r as usize].per_player {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::TypeMismatch {
                            expected: "a region".into(),
                            found: "a per-player region".into(),
                        },
                        span,
                    )
                    .with_help(format!("name the player: `{n}(mover)`")),
                );
                return None;
            }
            return Some((TExpr::Region(r), Ty::Region));
        }
        if let Some((_, s)) = Symmetry::ALL.iter().find(|(name, _)| *name == n) {
            return Some((TExpr::Symmetric(*s), Ty::Symmetry));
        }
        let mut candidates: Vec<&str> = vec!["mover", "opponent", "ply"];
        candidates.extend(cx.players.iter().map(|s| s.as_str()));
        candidates.extend(cx.options.iter().map(|s| s.name.as_str()));
        candidates.extend(cx.regions.iter().map(|s| s.name.as_str()));
        candidates.extend(Symmetry::ALL.iter().map(|(name, _)| *name));
        let mut d = Diagnostic::error(ErrorKind::UnknownName(n.into()), span)
            .with_label("not declared in this game");
        // Compared with a choice option: the name should be one of its choices.
        let choice = match hint {
            Some(Ty::Choice(o)) => match &cx.options[o as usize].kind {
                OptionKind::Choice(choices) => Some((&cx.options[o as usize].name, choices)),
                _ => None,
            },
            _ => None,
        };
        if let Some((option, choices)) = choice {
            d = d
                .with_label(format!("not a choice of `{option}`"))
                .with_help(
                    nearest(n, choices.iter().map(String::as_str)).unwrap_or_else(|| {
                        format!("`{option}` is one of {}", quoted_strings(choices))
                    }),
                );
        } else if let Some(h) = nearest(n, candidates) {
            d = d.with_help(h);
        }
        diags.push(d);
        None
    }

    fn call(&self, call: &Call, place: Place, diags: &mut Diagnostics) -> Option<(TExpr, Ty)> {
        let cx = self.cx;
        let name = call.name.text.as_str();
        if let Some(r) = cx.region(name) {
            if !cx.regions[r as usize].per_player {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::TypeMismatch {
                            expected: "a per-player region".into(),
                            found: "a region".into(),
                        },
                        call.span,
                    )
                    .with_help(format!(
                        "`{name}` is the same for every player: write `{name}` alone"
                    )),
                );
                return None;
            }
            let args = Args::bind(call, &["player"], diags)?;
            let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags)?;
            return Some((TExpr::PlayerRegion(r, Box::new(player)), Ty::Region));
        }
        match name {
            "count" => {
                let args = Args::bind(call, &["player", "region", "piece"], diags)?;
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let region = match args.get("region") {
                    Some(r) => Some(Box::new(self.expect(r, Ty::Region, place, diags)?)),
                    None => None,
                };
                let piece = match args.get("piece") {
                    Some(p) => Some(self.piece(p, diags)?),
                    None => None,
                };
                Some((
                    TExpr::Count {
                        player: Box::new(player?),
                        region,
                        piece,
                    },
                    Ty::Int,
                ))
            }
            "lands_in" | "symmetric" => {
                if place != Place::Action {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::OutOfContext {
                                name: name.into(),
                                place: Place::Action.describe().into(),
                            },
                            call.name.span,
                        )
                        .with_label(format!("not known {}", place.describe()))
                        .with_help(format!(
                            "`{name}` looks at the action being played; {} see only the position",
                            if place == Place::Position {
                                "end tests"
                            } else {
                                "`capture_if` conditions"
                            }
                        )),
                    );
                    return None;
                }
                if name == "lands_in" {
                    let args = Args::bind(call, &["region"], diags)?;
                    let region =
                        self.expect(args.require("region", diags)?, Ty::Region, place, diags)?;
                    Some((TExpr::LandsIn(Box::new(region)), Ty::Bool))
                } else {
                    let args = Args::bind(call, &["symmetry"], diags)?;
                    let sym = args.require("symmetry", diags)?;
                    match self.expr(sym, place, None, diags)? {
                        (TExpr::Symmetric(s), Ty::Symmetry) => {
                            Some((TExpr::Symmetric(s), Ty::Bool))
                        }
                        (_, ty) => {
                            diags.push(
                                Diagnostic::error(ErrorKind::TypeMismatch { expected: "a board symmetry".into(), found: ty.describe().into() }, sym.span)
                                    .with_help("the symmetries are `mirror_files`, `mirror_ranks` and `rotate180`"),
                            );
                            None
                        }
                    }
                }
            }
            _ => {
                let mut d =
                    Diagnostic::error(ErrorKind::UnknownFunction(name.into()), call.name.span)
                        .with_label("not a function or per-player region");
                let mut candidates = vec!["count", "lands_in", "symmetric"];
                candidates.extend(
                    cx.regions
                        .iter()
                        .filter(|r| r.per_player)
                        .map(|r| r.name.as_str()),
                );
                let names: Vec<String> = candidates.iter().map(|c| c.to_string()).collect();
                d = d.with_help(near_or_list(name, "functions", &names));
                diags.push(d);
                None
            }
        }
    }
}

fn quoted_strings(names: &[String]) -> String {
    names
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn quoted(choices: &[&str]) -> String {
    choices
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
