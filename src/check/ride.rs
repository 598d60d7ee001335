//! Circuits: `[routes.NAME]`, closed routes of legs that may cross themselves and bend round
//! loops, and `ride(piece, route, to, bends)`, a move along one of them (Surakarta's captures).

use super::board::{cell_name, parse_cell, path_run};
use super::rules::*;
use super::*;
use crate::syntax::game_file::GameFile;

/// The most cells a route may have: a ride walks it once round at most.
pub const MAX_ROUTE_CELLS: usize = 250;

/// `[routes]`: each route's legs, in order, as cells; a bend after each leg's last cell.
pub(crate) fn check_routes(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<RouteDecl> {
    let board = &cx.board;
    let mut routes = Vec::new();
    for (name, spec) in &file.routes {
        let mut cells = Vec::new();
        let mut bends_after = Vec::new();
        let mut bad_leg = false;
        for leg in &spec.value.legs {
            let run = match leg.value.split_once("..") {
                Some((first, last)) => path_run(board, first.trim(), last.trim()),
                None => parse_cell(board, leg.value.trim())
                    .filter(|&c| board.is_on_board(c))
                    .map(|c| vec![c])
                    .ok_or_else(|| format!("`{}` is not a cell of the board", leg.value)),
            };
            match run {
                Ok(run) => {
                    bends_after.extend(run.iter().map(|_| false));
                    cells.extend(run);
                    if let Some(last) = bends_after.last_mut() {
                        *last = true;
                    }
                }
                Err(why) if cx.board_ok => {
                    bad_leg = true;
                    diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "`{}` is not a leg of route `{name}`",
                            leg.value
                        )),
                        leg.span,
                    )
                    .with_label(why)
                    .with_help("a leg is one cell, or a run along a file, a rank or a diagonal: `b1..b6`"),
                    )
                }
                Err(_) => bad_leg = true,
            }
        }
        let repeated_step =
            (0..cells.len()).find(|&i| cells[i] == cells[(i + 1) % cells.len()] && cells.len() > 1);
        let problem = if cells.len() < 2 {
            Some("a route has two cells at least".to_string())
        } else if cells.len() > MAX_ROUTE_CELLS {
            Some(format!(
                "a route has {MAX_ROUTE_CELLS} cells at most, not {}",
                cells.len()
            ))
        } else {
            repeated_step.map(|i| {
                format!(
                    "the route stays on `{}`: a leg begins where the one before ends",
                    cell_name(board, cells[i])
                )
            })
        };
        match problem {
            Some(what) if !bad_leg => diags.push(
                Diagnostic::error(ErrorKind::Other(what), spec.span)
                    .with_label(format!("route `{name}`"))
                    .with_help("list the legs in order round the circuit, each leg from the cell after the last one's end: `legs = [\"b1..b6\", \"a5..f5\", \"e6..e1\", \"f2..a2\"]`"),
            ),
            Some(_) => {}
            None if bad_leg => {}
            None => routes.push(RouteDecl {
                name: name.clone(),
                cells,
                bends_after,
            }),
        }
    }
    routes
}

impl RuleChecker<'_> {
    /// `ride`: the routes (a choice `inner or outer`), where it may land and how many bends it
    /// must pass at least.
    pub(super) fn ride_generator(
        &self,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let mut routes = Vec::new();
        for e in alternatives(args.require("route", diags)?) {
            let name = name_of(e).unwrap_or_default();
            match self.cx.routes.iter().position(|r| r.name == name) {
                Some(r) => routes.push(r as u16),
                None => {
                    let names: Vec<String> =
                        self.cx.routes.iter().map(|r| r.name.clone()).collect();
                    diags.push(
                        Diagnostic::error(ErrorKind::UnknownName(name.to_string()), e.span)
                            .with_label("not a route")
                            .with_help(if names.is_empty() {
                                "declare routes in `[routes.NAME]` tables with their `legs`"
                                    .to_string()
                            } else {
                                near_or_list(name, "routes", &names)
                            }),
                    );
                    return None;
                }
            }
        }
        let to = self.landing(args.get("to"), diags)?;
        let bends = match args.get("bends") {
            Some(e) => self.small_count(e, "bends", diags)?,
            None => 0,
        };
        Some(Generator::Ride {
            piece,
            routes,
            to,
            bends,
        })
    }

    /// A whole number from 0 to 255 fixed when the game loads.
    fn small_count(
        &self,
        e: &crate::syntax::ast::Expr,
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<u8> {
        match &e.kind {
            crate::syntax::ast::ExprKind::Int(n) if (0..=255).contains(n) => Some(*n as u8),
            _ => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!("`{what}:` is a whole number from 0 to 255")),
                        e.span,
                    )
                    .with_label("not such a number"),
                );
                None
            }
        }
    }
}
