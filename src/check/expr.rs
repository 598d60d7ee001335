//! Expressions: every name resolved and every value typed, as far as where it stands allows.

use super::rules::*;
use super::*;
use crate::span::Span;
use crate::syntax::ast::{BinOp, Call, Expr, ExprKind, UnOp};

/// The most sets of cells an expression holds at once: the evaluator keeps a stack this deep.
pub const SET_STACK: usize = 8;

impl RuleChecker<'_> {
    pub(super) fn expect(
        &self,
        expr: &Expr,
        ty: Ty,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<TExpr> {
        self.expect_with_help(expr, ty, place, "", diags)
    }

    /// As [`Self::expect`], with a help line (unless empty) when the type is wrong.
    pub(super) fn expect_with_help(
        &self,
        expr: &Expr,
        ty: Ty,
        place: Place,
        help: &str,
        diags: &mut Diagnostics,
    ) -> Option<TExpr> {
        let (e, found) = self.expr(expr, place, Some(ty), diags)?;
        // A region is a set of cells too, and so is a cell: the set of that one cell.
        if ty == Ty::Cells && found == Ty::Region {
            return Some(TExpr::RegionCells(Box::new(e)));
        }
        if ty == Ty::Cells && found == Ty::Cell {
            return Some(TExpr::OneCell(Box::new(e)));
        }
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
    pub(super) fn expr(
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
            ExprKind::Unary(UnOp::Not, inner) if self.is_set_expr(inner) => {
                let set = self.expect(inner, Ty::Cells, place, diags)?;
                Some((TExpr::SetNot(Box::new(set)), Ty::Cells))
            }
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or), l, r) if self.is_set_expr(l) => {
                let help = "`and` and `or` of sets of cells take a set on each side";
                let left = self.expect_with_help(l, Ty::Cells, place, help, diags);
                let right = self.expect_with_help(r, Ty::Cells, place, help, diags);
                let e = TExpr::SetOp(*op, Box::new(left?), Box::new(right?));
                if set_depth(&e) > SET_STACK {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(format!(
                                "sets of cells nested more than {} deep",
                                SET_STACK
                            )),
                            expr.span,
                        )
                        .with_help("write the right side's `and`s and `or`s first"),
                    );
                    return None;
                }
                Some((e, Ty::Cells))
            }
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
                    BinOp::Eq | BinOp::Ne | BinOp::SameCell | BinOp::OtherCell => {
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
                        let op = match (op, lty) {
                            (BinOp::Eq, Ty::Cell) => BinOp::SameCell,
                            (BinOp::Ne, Ty::Cell) => BinOp::OtherCell,
                            (op, _) => *op,
                        };
                        return Some((TExpr::Binary(op, Box::new(le), Box::new(re)), Ty::Bool));
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

    pub(super) fn name(
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
            "to" | "from" => return self.action_cell(n, span, place, diags),
            "last_to" => Some((TExpr::LastTo, Ty::Cell)),
            "marked" => Some((TExpr::Marked, Ty::Cells)),
            "visited" => Some((TExpr::Visited, Ty::Cells)),
            "unmoved" if !self.cx.unmoved.is_empty() => Some((TExpr::Unmoved, Ty::Cells)),
            "previous_from" => Some((TExpr::PreviousFrom, Ty::Cell)),
            "previous_to" => Some((TExpr::PreviousTo, Ty::Cell)),
            "mover" => Some((TExpr::Mover, Ty::Player)),
            "opponent" => Some((TExpr::Opponent, Ty::Player)),
            "ply" => Some((TExpr::Ply, Ty::Int)),
            "roll" if cx.rolls => Some((TExpr::Roll, Ty::Int)),
            "repetitions" => {
                if !self.in_end_test(n, span, place, diags) {
                    return None;
                }
                Some((TExpr::Repetitions, Ty::Int))
            }
            "captured" => {
                if !self.in_after_rule(n, span, place, diags) {
                    return None;
                }
                Some((TExpr::Captured, Ty::Int))
            }
            "passed" => {
                if !self.in_after_rule(n, span, place, diags) {
                    return None;
                }
                Some((TExpr::Passed, Ty::Bool))
            }
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
                            "`{n}` is {meaning}, known only while a `line` or `line_step` move is built"
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
        if let Some(c) = cx.counter(n) {
            return Some((TExpr::Counter(c), Ty::Int));
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
        if let Some(found) = self.named_cell(n) {
            return Some(found);
        }
        let mut candidates: Vec<&str> = vec!["mover", "opponent", "ply", "repetitions", "captured"];
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
        } else if n == "roll" {
            d = d.with_help(
                "`roll` is the total thrown each turn in a game with `[roll]`: add `[roll]` \
                 with `dice` and `sides` or `faces`",
            );
        } else if let Some(h) = nearest(n, candidates) {
            d = d.with_help(h);
        }
        diags.push(d);
        None
    }

    pub(super) fn call(
        &self,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let cx = self.cx;
        let name = call.name.text.as_str();
        if let Some(t) = cx.table(name) {
            return self.table_call(t, call, place, diags);
        }
        if name == "cell" {
            return self.cell_by_name(call, diags);
        }
        if let Some(r) = cx.region(name) {
            return self.player_region_call(r, call, place, diags);
        }
        match name {
            "path_index" | "path_blocked" | "path_cell" | "path_progress" => {
                self.path_call(name, call, place, diags)
            }
            "count" | "pinned" | "borne_off" | "on_bar" => {
                self.piece_count_call(name, call, place, diags)
            }
            "lands_in" | "symmetric" => self.action_test_call(name, call, place, diags),
            "die" => self.die_call(call, diags),
            "moved" => {
                if !self.in_after_rule(name, call.name.span, place, diags) {
                    return None;
                }
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
                let piece = self.piece(args.require("piece", diags)?, diags)?;
                Some((TExpr::Moved(piece), Ty::Bool))
            }
            "can_move" => {
                // Also after an action: whether the opponent is left any move (a mate).
                if place != Place::Afterwards
                    && !self.in_end_test(name, call.name.span, place, diags)
                {
                    return None;
                }
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
                let player =
                    self.expect(args.require("player", diags)?, Ty::Player, place, diags)?;
                Some((TExpr::CanMove(Box::new(player)), Ty::Bool))
            }
            "attacked" => self.attacked_call(call, place, diags),
            _ if super::cells::CELL_FUNCTIONS.contains(&name) => self.cell_call(call, place, diags),
            _ => self.unknown_function(name, call, diags),
        }
    }

    /// A per-player region called with its player: that player's copy.
    fn player_region_call(
        &self,
        r: u16,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let cx = self.cx;
        let name = call.name.text.as_str();
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
        Some((TExpr::PlayerRegion(r, Box::new(player)), Ty::Region))
    }

    /// `path_index`, `path_blocked` and `path_progress`: a player's pieces along their path.
    fn path_call(
        &self,
        name: &str,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "path_index" | "path_blocked" => {
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let path = self.path_name(args.require("path", diags)?, diags);
                let piece = match args.get("piece") {
                    Some(p) => Some(self.piece(p, diags)?),
                    None => None,
                };
                let (player, path) = (Box::new(player?), path?);
                if name == "path_index" {
                    return Some((
                        TExpr::PathIndex {
                            player,
                            path,
                            piece,
                        },
                        Ty::Int,
                    ));
                }
                let by_enemy = match args.get("by") {
                    Some(e) => self.symbol_or_choice(e, &["any", "enemy"], diags)? == 1,
                    None => false,
                };
                Some((
                    TExpr::PathBlocked {
                        player,
                        path,
                        piece,
                        by_enemy,
                    },
                    Ty::Bool,
                ))
            }
            "path_cell" => self.path_cell_call(call, place, diags),
            "path_progress" => {
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let path = self.path_name(args.require("path", diags)?, diags);
                let (player, path) = (Box::new(player?), path?);
                Some((TExpr::PathProgress { player, path }, Ty::Int))
            }
            _ => None,
        }
    }

    /// `count`, `pinned`, `borne_off` and `on_bar`: how many of a player's pieces stand somewhere.
    fn piece_count_call(
        &self,
        name: &str,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "count" => {
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
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
            "pinned" => {
                let args = Args::bind(call, &["player", "region"], diags)?;
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let region = match args.get("region") {
                    Some(r) => Some(Box::new(self.expect(r, Ty::Region, place, diags)?)),
                    None => None,
                };
                Some((TExpr::Pinned(Box::new(player?), region), Ty::Int))
            }
            "borne_off" | "on_bar" => {
                let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
                let player =
                    self.expect(args.require("player", diags)?, Ty::Player, place, diags)?;
                let make = match name {
                    "borne_off" => TExpr::BorneOff,
                    _ => TExpr::OnBar,
                };
                Some((make(Box::new(player)), Ty::Int))
            }
            _ => None,
        }
    }

    /// `die(n)`: the nth highest die of this turn's throw, in a game whose `[roll]` says `each`.
    fn die_call(&self, call: &Call, diags: &mut Diagnostics) -> Option<(TExpr, Ty)> {
        let args = Args::bind(call, &["number"], diags)?;
        let number = args.require("number", diags)?;
        let dice = self.cx.roll_each;
        match &number.kind {
            ExprKind::Int(n) if dice > 0 && (1..=i64::from(dice)).contains(n) => {
                Some((TExpr::Die(*n as u8), Ty::Int))
            }
            _ => {
                let (label, help) = if dice == 0 {
                    (
                        "no dice read one by one".to_string(),
                        "`die(n)` reads the dice of a `[roll]` with `each = true`; `roll` is their total"
                            .to_string(),
                    )
                } else {
                    (
                        format!("not a number from 1 to {dice}"),
                        format!(
                            "`die(1)` is the highest of the {dice} dice, `die({dice})` the lowest"
                        ),
                    )
                };
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`die(n)` names one of the dice thrown".into()),
                        number.span,
                    )
                    .with_label(label)
                    .with_help(help),
                );
                None
            }
        }
    }

    /// `lands_in` and `symmetric`: tests of the action being judged, known only there.
    fn action_test_call(
        &self,
        name: &str,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
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
                    match place {
                        Place::Position => "end tests",
                        Place::After => "`after` rules",
                        _ => "`capture_if` conditions",
                    }
                )),
            );
            return None;
        }
        if name == "lands_in" {
            let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
            let region = self.expect(args.require("region", diags)?, Ty::Region, place, diags)?;
            Some((TExpr::LandsIn(Box::new(region)), Ty::Bool))
        } else {
            let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
            let sym = args.require("symmetry", diags)?;
            match self.expr(sym, place, None, diags)? {
                (TExpr::Symmetric(s), Ty::Symmetry) => Some((TExpr::Symmetric(s), Ty::Bool)),
                (_, ty) => {
                    let kind = ErrorKind::TypeMismatch {
                        expected: "a board symmetry".into(),
                        found: ty.describe().into(),
                    };
                    let help = "the symmetries are `mirror_files`, `mirror_ranks` and `rotate180`";
                    diags.push(Diagnostic::error(kind, sym.span).with_help(help));
                    None
                }
            }
        }
    }

    /// A call of no function, table or per-player region: reported with the nearest name.
    fn unknown_function(
        &self,
        name: &str,
        call: &Call,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let cx = self.cx;
        let mut d = Diagnostic::error(ErrorKind::UnknownFunction(name.into()), call.name.span)
            .with_label("not a function, table or per-player region");
        let mut candidates = vec![
            "count",
            "lands_in",
            "symmetric",
            "die",
            "path_index",
            "path_blocked",
            "path_cell",
            "path_progress",
            "can_move",
            "moved",
            "borne_off",
            "on_bar",
            "pinned",
            "attacked",
            "cell",
        ];
        candidates.extend(super::cells::CELL_FUNCTIONS);
        candidates.extend(cx.tables.iter().map(|t| t.name.as_str()));
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

    /// `repetitions` and `can_move` look at the game around the position (the earlier positions,
    /// the other players' moves): known in `turn_start` and `no_moves` rules only. Reports and
    /// returns false elsewhere.
    fn in_end_test(&self, name: &str, span: Span, place: Place, diags: &mut Diagnostics) -> bool {
        let meaning = if name == "repetitions" {
            "counts how often the position occurred earlier in the game"
        } else {
            "asks whether a player has a move in the position"
        };
        let help = format!(
            "`{name}` {meaning}, before a turn: use it in a `turn_start` or `no_moves` rule"
        );
        known_only(Place::Position, name, span, place, help, diags)
    }

    /// `captured` and `moved` describe the action just played: known in `after` rules only.
    /// Reports and returns false elsewhere.
    fn in_after_rule(&self, name: &str, span: Span, place: Place, diags: &mut Diagnostics) -> bool {
        let meaning = if name == "captured" {
            "is how many pieces the action just played captured"
        } else {
            "asks which kind of piece the action just played moved"
        };
        let help = format!(
            "`{name}` {meaning}: use it in an `after` rule, and keep what it says in a counter"
        );
        known_only(Place::After, name, span, place, help, diags)
    }
}

/// Whether `name`, known only at `known`, is used there; if not, reports it with `help`.
fn known_only(
    known: Place,
    name: &str,
    span: Span,
    place: Place,
    help: String,
    diags: &mut Diagnostics,
) -> bool {
    if place == known {
        return true;
    }
    diags.push(
        Diagnostic::error(
            ErrorKind::OutOfContext {
                name: name.into(),
                place: known.describe().into(),
            },
            span,
        )
        .with_label(format!("not known {}", place.describe()))
        .with_help(help),
    );
    false
}

/// How many sets of cells an expression holds at once while it is worked out: a set operation
/// keeps its left side while it works out its right side.
fn set_depth(e: &TExpr) -> usize {
    match e {
        TExpr::SetOp(_, l, r) => set_depth(l).max(set_depth(r) + 1),
        TExpr::SetNot(inner) => set_depth(inner),
        _ => 1,
    }
}

impl RuleChecker<'_> {
    /// `path_cell(player, path, n)`: the `n`-th cell of the player's copy of a path.
    fn path_cell_call(
        &self,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let args = Args::bind(call, call_params("path_cell").unwrap_or_default(), diags)?;
        let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
        let path = self.path_name(args.require("path", diags)?, diags);
        let index = self.expect(args.require("index", diags)?, Ty::Int, place, diags);
        let (player, path, index) = (Box::new(player?), path?, Box::new(index?));
        Some((
            TExpr::PathCell {
                player,
                path,
                index,
            },
            Ty::Cell,
        ))
    }
}
