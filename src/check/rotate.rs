//! `rotate(region, turn)`, checked: each region a square of the board's cells, and the cell each
//! of its cells goes to when the square turns a quarter clockwise (worked out once, here).

use super::rules::*;
use super::*;
use crate::syntax::ast::Expr;

/// A square region that a move may turn: its cells, and where each goes on a quarter turn
/// clockwise (as the board is drawn, rank 1 at the bottom), as an index into `cells`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnedSquare {
    pub region: u16,
    pub cells: Vec<CellId>,
    pub clockwise: Vec<u16>,
}

/// The turns a `rotate` may make, as bits.
pub const CLOCKWISE: u8 = 1;
pub const ANTICLOCKWISE: u8 = 2;
pub const HALF: u8 = 4;

impl RuleChecker<'_> {
    /// `rotate`: the regions it may turn (a choice `nw or ne`), each a square, and the turns.
    pub(super) fn rotate_generator(
        &self,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let mut squares = Vec::new();
        for region in alternatives(args.require("region", diags)?) {
            let r = self.region_name(region, diags)?;
            squares.push(self.turned_square(r, region, diags)?);
        }
        let turns = match args.get("turn") {
            None => CLOCKWISE | ANTICLOCKWISE,
            Some(e) => {
                let mut turns = 0;
                for turn in alternatives(e) {
                    let words = ["clockwise", "anticlockwise", "half"];
                    turns |= 1 << self.symbol(turn, &words, diags)?;
                }
                turns
            }
        };
        Some(Generator::Rotate { squares, turns })
    }

    /// A shared region whose cells fill a square of two cells a side or more.
    fn turned_square(&self, r: u16, at: &Expr, diags: &mut Diagnostics) -> Option<TurnedSquare> {
        let decl = &self.cx.regions[r as usize];
        let cells = decl.cells.first().cloned().unwrap_or_default();
        let files = self.cx.board.files;
        let (fs, rs): (Vec<u16>, Vec<u16>) = cells.iter().map(|&c| (c % files, c / files)).unzip();
        let (f0, r0) = (fs.iter().min().copied(), rs.iter().min().copied());
        let side = fs.iter().max().zip(f0).map_or(0, |(m, f)| m - f + 1);
        let height = rs.iter().max().zip(r0).map_or(0, |(m, r)| m - r + 1);
        let square = !decl.per_player
            && side >= 2
            && side == height
            && cells.len() == usize::from(side) * usize::from(side)
            && !self.cx.board.stacks
            && self.cx.board.points.is_none();
        if !square {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "`rotate` turns a square of cells: region `{}` is not one",
                        decl.name
                    )),
                    at.span,
                )
                .with_label("not a square")
                .with_help(
                    "a shared region filling a square of the grid, such as `\"a1..c3\"`, on a \
                     board without stacks or points",
                ),
            );
            return None;
        }
        let (f0, r0) = (f0?, r0?);
        // (x, y) in the square goes to (y, side - 1 - x) on a quarter turn clockwise.
        let clockwise = cells
            .iter()
            .map(|&c| {
                let (x, y) = (c % files - f0, c / files - r0);
                let to = (r0 + side - 1 - x) * files + f0 + y;
                cells.iter().position(|&d| d == to).unwrap_or(0) as u16
            })
            .collect();
        Some(TurnedSquare {
            region: r,
            cells,
            clockwise,
        })
    }
}
