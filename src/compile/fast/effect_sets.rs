//! Sets of cells that effects take and their conditions count, made of regions, the cells the
//! action names, `holding`, `neighbours` and `back_along` joined by `and` and `or`: recognised
//! when the game is compiled and then built directly, without the stack machine. Oware's capture asks
//! `pieces_on(back_along(track, to, pits(opponent) and holding(2, 3)))` in its condition and
//! gathers the same cells on every move of its rule.

use crate::check::TExpr;
use crate::compile::fast::fast_check::{CellAt, PlayerRef, region_of};
use crate::syntax::ast::BinOp;

/// The deepest set recognised: sets are built by recursion, kept short.
const DEEPEST: usize = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FastSet {
    /// A region's cells (whose copy of a per-player region).
    Region((u16, Option<PlayerRef>)),
    /// The one cell the action names, or none.
    Cell(CellAt),
    /// `holding(min, max)`: the cells with so many pieces.
    Holding {
        min: i32,
        max: i32,
    },
    And(Box<FastSet>, Box<FastSet>),
    Or(Box<FastSet>, Box<FastSet>),
    /// `neighbours(cells, dirs)`: the cells next to them along the mover's directions.
    Neighbours {
        cells: Box<FastSet>,
        dirs: u16,
    },
    /// `back_along(path, cell, within)`.
    BackAlong {
        path: u16,
        from: CellAt,
        within: Box<FastSet>,
    },
}

impl FastSet {
    /// The fast form of a set expression (folded by the options), if it has the shape.
    pub fn of(e: &TExpr, region_first: &[u16]) -> Option<FastSet> {
        FastSet::within_depth(e, region_first, DEEPEST)
    }

    fn within_depth(e: &TExpr, region_first: &[u16], depth: usize) -> Option<FastSet> {
        let depth = depth.checked_sub(1)?;
        let inner = |e: &TExpr| FastSet::within_depth(e, region_first, depth).map(Box::new);
        Some(match e {
            TExpr::RegionCells(region) => FastSet::Region(region_of(region, region_first)?),
            TExpr::OneCell(cell) => FastSet::Cell(CellAt::of(cell)?),
            TExpr::Holding { min, max } => FastSet::Holding {
                min: constant(min)?,
                max: match max {
                    Some(max) => constant(max)?,
                    None => i32::MAX,
                },
            },
            TExpr::SetOp(BinOp::And, l, r) => FastSet::And(inner(l)?, inner(r)?),
            TExpr::SetOp(BinOp::Or, l, r) => FastSet::Or(inner(l)?, inner(r)?),
            TExpr::Neighbours { cells, dirs } => FastSet::Neighbours {
                cells: inner(cells)?,
                dirs: *dirs,
            },
            TExpr::BackAlong { path, from, within } => FastSet::BackAlong {
                path: *path,
                from: CellAt::of(from)?,
                within: inner(within)?,
            },
            _ => return None,
        })
    }
}

fn constant(e: &TExpr) -> Option<i32> {
    match e {
        TExpr::Int(v) => i32::try_from(*v).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_deeper_than_the_limit_or_of_other_shapes_stay_programs() {
        let region = || TExpr::RegionCells(Box::new(TExpr::Region(0)));
        let nest = |e: TExpr| TExpr::SetOp(BinOp::And, Box::new(e), Box::new(region()));
        let mut deep = region();
        for _ in 0..DEEPEST {
            deep = nest(deep);
        }
        assert_eq!(FastSet::of(&deep, &[3]), None);
        let shallow = nest(region());
        let expected = FastSet::Region((3, None));
        assert_eq!(
            FastSet::of(&shallow, &[3]),
            Some(FastSet::And(Box::new(expected.clone()), Box::new(expected)))
        );
        let unknown = TExpr::SetOp(BinOp::And, Box::new(region()), Box::new(TExpr::Marked));
        assert_eq!(FastSet::of(&unknown, &[3]), None);
    }
}
