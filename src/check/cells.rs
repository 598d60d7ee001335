//! Cells as values: the action's `to` and `from`, the neighbour of a cell, what stands on a cell,
//! and the spatial tests over the board (`flank`, `size`, `in_row`, `connected`).

use super::rules::*;
use super::*;
use crate::span::Span;
use crate::syntax::ast::{Call, Expr};

/// The functions of this file, as `call` looks them up.
pub(super) const CELL_FUNCTIONS: [&str; 34] = [
    "neighbour",
    "between",
    "ray",
    "beyond",
    "empty",
    "friend",
    "enemy",
    "flank",
    "size",
    "value",
    "in_row",
    "connected",
    "reach",
    "rows",
    "is_in",
    "hand",
    "liberties",
    "without_liberties",
    "area",
    "groups",
    "afterwards",
    "seen_before",
    "pieces",
    "enclosed",
    "neighbours",
    "face_down",
    "held_pieces",
    "pieces_on",
    "group",
    "inside",
    "reachable",
    "distinct",
    "back_along",
    "holding",
];

/// The functions whose value is a set of cells: with one of them (or a region) on its left, an
/// `and` or `or` is an operation on sets.
pub const SET_FUNCTIONS: [&str; 16] = [
    "flank",
    "between",
    "ray",
    "reach",
    "rows",
    "without_liberties",
    "pieces",
    "enclosed",
    "neighbours",
    "face_down",
    "held_pieces",
    "group",
    "inside",
    "reachable",
    "back_along",
    "holding",
];

impl RuleChecker<'_> {
    /// Whether an expression is a set of cells by its form: a set function, a region, or an
    /// `and`, `or` or `not` of one. (Decided from the form, not by typing it, so that a long
    /// `and` chain is typed once.)
    pub(super) fn is_set_expr(&self, e: &Expr) -> bool {
        use crate::syntax::ast::{BinOp, ExprKind, UnOp};
        match &e.kind {
            ExprKind::Call(call) => {
                SET_FUNCTIONS.contains(&call.name.text.as_str())
                    || self.cx.region(&call.name.text).is_some()
            }
            ExprKind::Name(n) => {
                n == "marked" || n == "visited" || n == "unmoved" || self.cx.region(n).is_some()
            }
            ExprKind::Binary(BinOp::And | BinOp::Or, l, _) => self.is_set_expr(l),
            ExprKind::Unary(UnOp::Not, inner) => self.is_set_expr(inner),
            _ => false,
        }
    }

    /// `to` and `from`: the cells of the action being judged or applied.
    pub(super) fn action_cell(
        &self,
        name: &str,
        span: Span,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        if !matches!(place, Place::Action | Place::Effect | Place::Afterwards) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::OutOfContext {
                        name: name.into(),
                        place: "in `where`, `forbid` and `then`".into(),
                    },
                    span,
                )
                .with_label(format!("not known {}", place.describe()))
                .with_help(format!(
                    "`{name}` is a cell of the action being played; {} see only the position",
                    place.describe()
                )),
            );
            return None;
        }
        let expr = if name == "to" { TExpr::To } else { TExpr::From };
        Some((expr, Ty::Cell))
    }

    /// A call of one of [`CELL_FUNCTIONS`]; `None` (and a diagnostic) when it is wrong.
    pub(super) fn cell_call(
        &self,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let name = call.name.text.as_str();
        let args = Args::bind(call, call_params(name).unwrap_or_default(), diags)?;
        match name {
            "neighbour" | "beyond" | "between" | "empty" | "friend" | "enemy" | "flank"
            | "reach" | "ray" | "is_in" => self.cell_call_near(name, &args, place, diags),
            "size" | "value" | "pieces_on" | "neighbours" | "enclosed" => {
                self.cell_call_of_sets(name, &args, place, diags)
            }
            "pieces" | "face_down" | "held_pieces" | "hand" => {
                self.cell_call_of_pieces(name, &args, place, diags)
            }
            "in_row" | "rows" | "connected" => self.cell_call_of_lines(name, &args, place, diags),
            "liberties" | "without_liberties" | "area" | "groups" => {
                self.cell_call_of_groups(name, &args, place, diags)
            }
            "afterwards" | "seen_before" => self.cell_call_after(call, name, &args, place, diags),
            "group" | "inside" | "reachable" | "distinct" => {
                self.connection_call(name, &args, place, diags)
            }
            "back_along" | "holding" => self.route_call(name, &args, place, diags),
            _ => None,
        }
    }

    /// The functions of a cell and the cells near it: its neighbour, the cell beyond, what
    /// stands on it, the enemies it flanks, the cells it reaches, and whether a set holds it.
    fn cell_call_near(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "neighbour" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let dir = self.one_direction(args.require("dir", diags)?, diags);
                Some((TExpr::Next(Box::new(cell?), dir?), Ty::Cell))
            }
            "beyond" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let through = self.expect(args.require("through", diags)?, Ty::Cell, place, diags);
                Some((TExpr::Beyond(Box::new(cell?), Box::new(through?)), Ty::Cell))
            }
            "between" => {
                let from = self.expect(args.require("from", diags)?, Ty::Cell, place, diags);
                let to = self.expect(args.require("to", diags)?, Ty::Cell, place, diags);
                Some((TExpr::Between(Box::new(from?), Box::new(to?)), Ty::Cells))
            }
            "empty" | "friend" | "enemy" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags)?;
                let test = match name {
                    "empty" => CellTest::Empty,
                    "friend" => CellTest::Friend,
                    _ => CellTest::Enemy,
                };
                Some((TExpr::CellIs(Box::new(cell), test), Ty::Bool))
            }
            "flank" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                let max = match args.get("max") {
                    Some(e) => self.constant(e, "`max` of `flank`", 1, 255, diags)? as u8,
                    None => u8::MAX,
                };
                let hostile = match args.get("hostile") {
                    Some(e) => Some(Box::new(self.expect(e, Ty::Cells, place, diags)?)),
                    None => None,
                };
                Some((
                    TExpr::Flank {
                        cell: Box::new(cell?),
                        dirs: dirs?,
                        max,
                        hostile,
                    },
                    Ty::Cells,
                ))
            }
            "reach" | "ray" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                let (cell, dirs) = (Box::new(cell?), dirs?);
                Some((
                    match name {
                        "reach" => TExpr::Reach { cell, dirs },
                        _ => TExpr::Ray { cell, dirs },
                    },
                    Ty::Cells,
                ))
            }
            "is_in" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let set = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
                Some((TExpr::IsIn(Box::new(cell?), Box::new(set?)), Ty::Bool))
            }
            _ => None,
        }
    }

    /// The functions of a set of cells: its size, the values and pieces on it, its neighbours,
    /// and the cells it encloses.
    fn cell_call_of_sets(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "size" | "value" | "pieces_on" => {
                let set = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags)?;
                let make = match name {
                    "size" => TExpr::Size,
                    "value" => TExpr::CellValues,
                    _ => TExpr::PiecesOn,
                };
                Some((make(Box::new(set)), Ty::Int))
            }
            "neighbours" => {
                let cells = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                Some((
                    TExpr::Neighbours {
                        cells: Box::new(cells?),
                        dirs: dirs?,
                    },
                    Ty::Cells,
                ))
            }
            "enclosed" => {
                let cells = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                let hostile = match args.get("hostile") {
                    Some(e) => Some(Box::new(self.expect(e, Ty::Cells, place, diags)?)),
                    None => None,
                };
                let edge = match args.get("edge") {
                    Some(e) => self.constant_bool(e, diags)?,
                    None => false,
                };
                let shield = match args.get("shield") {
                    Some(e) => self.lines_or_none(e, diags)?,
                    None => None,
                };
                let min = match args.get("min") {
                    Some(e) => self.constant(e, "`min` of `enclosed`", 1, 64, diags)? as u8,
                    None => 0,
                };
                Some((
                    TExpr::Enclosed {
                        cells: Box::new(cells?),
                        dirs: dirs?,
                        hostile,
                        edge,
                        shield,
                        min,
                    },
                    Ty::Cells,
                ))
            }
            _ => None,
        }
    }

    /// The functions of a player's pieces: on the board (all, face down, held) and in hand.
    fn cell_call_of_pieces(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "pieces" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let piece = match args.get("piece") {
                    Some(p) => Some(self.piece(p, diags)?),
                    None => None,
                };
                Some((TExpr::Pieces(Box::new(player?), piece), Ty::Cells))
            }
            "face_down" | "held_pieces" => {
                let player =
                    self.expect(args.require("player", diags)?, Ty::Player, place, diags)?;
                let make = if name == "face_down" {
                    TExpr::FaceDown
                } else {
                    TExpr::HeldPieces
                };
                Some((make(Box::new(player)), Ty::Cells))
            }
            "hand" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let kind = self.piece(args.require("piece", diags)?, diags)?;
                Some((TExpr::Hand(Box::new(player?), kind), Ty::Int))
            }
            _ => None,
        }
    }

    /// The functions of a player's pieces in a line: rows of them, and a chain joining two regions.
    fn cell_call_of_lines(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "in_row" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let length = self.constant(
                    args.require("length", diags)?,
                    "`length` of `in_row`",
                    1,
                    64,
                    diags,
                );
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                let through = match args.get("through") {
                    Some(e) => Some(Box::new(self.expect(e, Ty::Cell, place, diags)?)),
                    None => None,
                };
                Some((
                    TExpr::InRow {
                        player: Box::new(player?),
                        length: length? as u8,
                        dirs: dirs?,
                        through,
                    },
                    Ty::Bool,
                ))
            }
            "rows" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let length = self.constant(
                    args.require("length", diags)?,
                    "`length` of `rows`",
                    1,
                    64,
                    diags,
                );
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                Some((
                    TExpr::Rows {
                        player: Box::new(player?),
                        length: length? as u8,
                        dirs: dirs?,
                    },
                    Ty::Cells,
                ))
            }
            "connected" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let from = self.expect(args.require("from", diags)?, Ty::Region, place, diags);
                let to = self.expect(args.require("to", diags)?, Ty::Region, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                Some((
                    TExpr::Connected {
                        player: Box::new(player?),
                        from: Box::new(from?),
                        to: Box::new(to?),
                        dirs: dirs?,
                    },
                    Ty::Bool,
                ))
            }
            _ => None,
        }
    }

    /// The functions of groups of pieces (go): liberties, groups without them, area, group count.
    fn cell_call_of_groups(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "liberties" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                Some((
                    TExpr::Liberties {
                        cell: Box::new(cell?),
                        dirs: dirs?,
                    },
                    Ty::Int,
                ))
            }
            "without_liberties" | "area" | "groups" => {
                let player = self.expect(args.require("player", diags)?, Ty::Player, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags);
                let (player, dirs) = (Box::new(player?), dirs?);
                Some(match name {
                    "area" => (TExpr::Area { player, dirs }, Ty::Int),
                    "groups" => (TExpr::Groups { player, dirs }, Ty::Int),
                    _ => (TExpr::WithoutLiberties { player, dirs }, Ty::Cells),
                })
            }
            _ => None,
        }
    }

    /// The functions of the position after the action (`afterwards`, `seen_before`), each known
    /// only in its place.
    fn cell_call_after(
        &self,
        call: &Call,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "afterwards" => {
                if place != Place::Action {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::OutOfContext {
                                name: name.into(),
                                place: "in `where` and `forbid`".into(),
                            },
                            call.name.span,
                        )
                        .with_label(format!("not known {}", place.describe()))
                        .with_help("`afterwards` looks at the position an action leads to"),
                    );
                    return None;
                }
                let condition = self.expect(
                    args.require("condition", diags)?,
                    Ty::Bool,
                    Place::Afterwards,
                    diags,
                )?;
                Some((TExpr::Afterwards(Box::new(condition)), Ty::Bool))
            }
            "seen_before" => {
                if place != Place::Afterwards {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::OutOfContext {
                                name: name.into(),
                                place: "in `afterwards(...)`".into(),
                            },
                            call.name.span,
                        )
                        .with_label(format!("not known {}", place.describe()))
                        .with_help(
                            "`seen_before` asks about the position after an action: \
                             `forbid ko { afterwards(seen_before(within: 1)) }`",
                        ),
                    );
                    return None;
                }
                let within = match args.get("within") {
                    Some(e) => {
                        Some(self.constant(e, "`within` of `seen_before`", 1, 65535, diags)? as u16)
                    }
                    None => None,
                };
                Some((TExpr::SeenBefore(within), Ty::Bool))
            }
            _ => None,
        }
    }

    /// A direction set argument; without one, every direction of the board ([`ALL_DIRECTIONS`]).
    pub(super) fn optional_dirs(
        &self,
        expr: Option<&Expr>,
        diags: &mut Diagnostics,
    ) -> Option<u16> {
        match expr {
            Some(e) => self.direction_set(e, diags),
            None => Some(ALL_DIRECTIONS),
        }
    }

    /// A direction, or a per-player set of one direction each (`forward`).
    fn one_direction(&self, expr: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let set = self.direction_set(expr, diags)?;
        let per_player = &self.cx.board.direction_sets[set as usize].per_player;
        if per_player.iter().any(|dirs| dirs.len() != 1) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::TypeMismatch {
                        expected: "one direction".into(),
                        found: "a set of several directions".into(),
                    },
                    expr.span,
                )
                .with_label("several directions")
                .with_help("`neighbour` is one cell away in one direction: name a direction"),
            );
            return None;
        }
        Some(set)
    }
}

/// Stands for every direction of the board where a function takes `dirs:`.
pub const ALL_DIRECTIONS: u16 = u16::MAX;
