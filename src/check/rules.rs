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
                            ErrorKind::Duplicate {
                                what: "`no_moves` rule",
                                name: item.name.text.clone(),
                            },
                            item.name.span,
                        )
                        .with_help(format!(
                            "`{}` already says what happens without a move",
                            previous.info.name
                        )),
                    );
                }
                program.no_moves = Some(StmtRule { info, body });
            }
        }
    }
    check_duplicate_names(&rules.items, diags);
    if program.moves.is_empty() {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("move rules: the game has no `move` rule".into()),
                whole_file,
            )
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
                .with_help(format!(
                    "the first `{}` is at byte {}; rename one of them",
                    first.name.text, first.name.span.start
                )),
            );
        }
    }
}

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
                        );
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
                        diags.push(Diagnostic::error(
                            ErrorKind::ArgumentCount {
                                function: call.name.text.clone(),
                                expected: params.len(),
                                found: call.args.len(),
                            },
                            arg.value.span,
                        ));
                        ok = false;
                        continue;
                    }
                },
            };
            if given.iter().any(|(p, _)| *p == param) {
                diags.push(Diagnostic::error(
                    ErrorKind::DuplicateArgument {
                        arg: param.to_string(),
                    },
                    arg.value.span,
                ));
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

impl RuleChecker<'_> {
    fn generator(&self, call: &Call, diags: &mut Diagnostics) -> Option<Generator> {
        let params: &[&'static str] =
            match call.name.text.as_str() {
                "step" => &["piece", "dirs", "to"],
                "slide" => &["piece", "dirs", "max", "to"],
                "line" => &["piece", "dirs", "min", "capture", "capture_if"],
                other => {
                    let mut d = Diagnostic::error(
                        ErrorKind::UnknownFunction(other.to_string()),
                        call.name.span,
                    )
                    .with_label("not a move primitive");
                    d = d.with_help(nearest(other, ["step", "slide", "line"]).unwrap_or_else(
                        || "the move primitives are `step`, `slide` and `line`".into(),
                    ));
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
        match call.name.text.as_str() {
            "step" => {
                let to = self.landing(args.get("to"), diags)?;
                Some(Generator::Step { piece, dirs, to })
            }
            "slide" => {
                let to = self.landing(args.get("to"), diags)?;
                let max = match args.get("max") {
                    Some(e) => self.constant(e, 1, 255, diags)? as u16,
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
                    Some(e) => self.constant(e, 1, 64, diags)? as u8,
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
        }
    }

    fn symbol(&self, expr: &Expr, choices: &[&str], diags: &mut Diagnostics) -> Option<usize> {
        let found = name_of(expr).and_then(|n| choices.iter().position(|c| *c == n));
        if found.is_none() {
            let text = name_of(expr).unwrap_or("this");
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: format!("one of {}", quoted(choices)),
                        found: format!("`{text}`"),
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
        let name = name_of(expr).unwrap_or("");
        let found = self.cx.piece(name);
        if found.is_none() {
            let mut d = Diagnostic::error(ErrorKind::UnknownPiece(name.to_string()), expr.span);
            if let Some(h) = nearest(name, self.cx.pieces.iter().map(|p| p.name.as_str())) {
                d = d.with_help(h);
            }
            diags.push(d);
        }
        found
    }

    fn direction_set(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let name = name_of(expr).unwrap_or("");
        let found = self.cx.direction_set(name);
        if found.is_none() {
            let mut d = Diagnostic::error(ErrorKind::UnknownDirection(name.to_string()), expr.span)
                .with_label("not a direction or direction set");
            if let Some(h) = nearest(
                name,
                self.cx.board.direction_sets.iter().map(|s| s.name.as_str()),
            ) {
                d = d.with_help(h);
            }
            diags.push(d);
        }
        found
    }

    /// A number fixed when the game is loaded: a literal or an integer option.
    fn constant(&self, expr: &Expr, min: i64, max: i64, diags: &mut Diagnostics) -> Option<i64> {
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
                diags.push(Diagnostic::error(
                    ErrorKind::Other(format!("{v} is outside {min}..={max}")),
                    expr.span,
                ));
                None
            }
            None => {
                diags.push(Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "a number or an integer option".into(),
                        found: "an expression".into(),
                    },
                    expr.span,
                ));
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
                    .expect(p, Ty::Player, Place::Position, diags)
                    .map(TStmt::Win),
                Stmt::Lose(p, _) => self
                    .expect(p, Ty::Player, Place::Position, diags)
                    .map(TStmt::Lose),
                Stmt::Draw(_) => Some(TStmt::Draw),
                Stmt::Pass(_) => Some(TStmt::Pass),
            })
            .collect()
    }

    fn expect(&self, expr: &Expr, ty: Ty, place: Place, diags: &mut Diagnostics) -> Option<TExpr> {
        let (e, found) = self.expr(expr, place, Some(ty), diags)?;
        if found != ty {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: ty.describe().into(),
                        found: found.describe().into(),
                    },
                    expr.span,
                )
                .with_label(format!("this is {}", found.describe())),
            );
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
                        let (le, lty) = match self.expr(l, place, None, diags) {
                            Some(x) => x,
                            None => {
                                self.expr(r, place, None, diags);
                                return None;
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
                let le = self.expect(l, lt, place, diags);
                let re = self.expect(r, rt, place, diags);
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
        if let Some(Ty::Choice(o)) = hint {
            if let OptionKind::Choice(choices) = &cx.options[o as usize].kind {
                if let Some(i) = choices.iter().position(|c| c == n) {
                    return Some((TExpr::Int(i as i64), Ty::Choice(o)));
                }
            }
        }
        let found = match n {
            "mover" => Some((TExpr::Mover, Ty::Player)),
            "opponent" => Some((TExpr::Opponent, Ty::Player)),
            "ply" => Some((TExpr::Ply, Ty::Int)),
            "moving" | "enemy_run" => {
                if place != Place::LineCapture {
                    diags.push(Diagnostic::error(
                        ErrorKind::OutOfContext {
                            name: n.into(),
                            place: Place::LineCapture.describe().into(),
                        },
                        span,
                    ));
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
        let mut d = Diagnostic::error(ErrorKind::UnknownName(n.into()), span);
        if let Some(h) = nearest(n, candidates) {
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
                    diags.push(Diagnostic::error(
                        ErrorKind::OutOfContext {
                            name: name.into(),
                            place: Place::Action.describe().into(),
                        },
                        call.name.span,
                    ));
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
                    Diagnostic::error(ErrorKind::UnknownFunction(name.into()), call.name.span);
                let mut candidates = vec!["count", "lands_in", "symmetric"];
                candidates.extend(
                    cx.regions
                        .iter()
                        .filter(|r| r.per_player)
                        .map(|r| r.name.as_str()),
                );
                if let Some(h) = nearest(name, candidates) {
                    d = d.with_help(h);
                }
                diags.push(d);
                None
            }
        }
    }
}

fn quoted(choices: &[&str]) -> String {
    choices
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
