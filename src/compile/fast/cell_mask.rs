//! Filters that ask only about the landing cell, worked out for every cell at once.
//!
//! A `where` filter such as Connect Four's `not empty(next(to, s))` or Reversi's
//! `size(flank(to)) > 0` depends on the position and on `to` alone. Run as a program it costs one
//! evaluation per candidate cell; as a [`CellMask`] it is a few operations on bit sets per
//! position, after which the candidates it keeps need no further test. The compiler turns a
//! filter into a mask when every part of it has a set form, and leaves it a program otherwise.

use crate::check::{CellTest, TExpr};
use crate::syntax::ast::BinOp;

/// A set of cells described by what stands on and around them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellMask {
    /// The cells whose `path` of steps (in the mover's direction of each set) leads to a cell
    /// passing `test`; a path that leaves the board fails the test.
    Test {
        path: Vec<u16>,
        test: CellTest,
    },
    /// The cells from which `flank(cell, dirs, max)` is not empty.
    Flanks {
        dirs: u16,
        max: u8,
    },
    /// The cells whose `ray` along the directions meets none of a player's pieces (of a kind):
    /// `size(pieces(mover, pawn) and ray(to, file_line)) == 0`, shogi's two-pawn rule.
    RayMisses {
        opponent: bool,
        kind: Option<u8>,
        dirs: u16,
    },
    Not(Box<CellMask>),
    And(Box<CellMask>, Box<CellMask>),
    Or(Box<CellMask>, Box<CellMask>),
}

impl CellMask {
    /// The mask of a filter, if every part of it has one.
    pub fn of(filter: &TExpr) -> Option<CellMask> {
        match filter {
            TExpr::CellIs(cell, test) => Some(CellMask::Test {
                path: path_from_to(cell)?,
                test: *test,
            }),
            TExpr::Not(inner) => Some(CellMask::Not(Box::new(CellMask::of(inner)?))),
            TExpr::Binary(BinOp::And, l, r) => Some(CellMask::And(
                Box::new(CellMask::of(l)?),
                Box::new(CellMask::of(r)?),
            )),
            TExpr::Binary(BinOp::Or, l, r) => Some(CellMask::Or(
                Box::new(CellMask::of(l)?),
                Box::new(CellMask::of(r)?),
            )),
            // `size(pieces(P, K) and ray(to, D)) == 0`, and the same said otherwise.
            TExpr::Binary(BinOp::Eq, l, r) if matches!(r.as_ref(), TExpr::Int(0)) => ray_misses(l),
            TExpr::Binary(BinOp::Lt, l, r) if matches!(r.as_ref(), TExpr::Int(1)) => ray_misses(l),
            // `size(flank(to, ...)) > 0`, and the same said otherwise.
            TExpr::Binary(op, l, r) => match (op, l.as_ref(), r.as_ref()) {
                (BinOp::Gt | BinOp::Ne, TExpr::Size(set), TExpr::Int(0))
                | (BinOp::Ge, TExpr::Size(set), TExpr::Int(1)) => match set.as_ref() {
                    TExpr::Flank {
                        cell,
                        dirs,
                        max,
                        hostile: None,
                    } if matches!(cell.as_ref(), TExpr::To) => Some(CellMask::Flanks {
                        dirs: *dirs,
                        max: *max,
                    }),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }
}

/// `size(pieces(P, K) and ray(to, D))`, either way round, for the mover or the opponent.
fn ray_misses(size: &TExpr) -> Option<CellMask> {
    let TExpr::Size(set) = size else {
        return None;
    };
    let TExpr::SetOp(BinOp::And, l, r) = set.as_ref() else {
        return None;
    };
    let (pieces, ray) = match (l.as_ref(), r.as_ref()) {
        (p @ TExpr::Pieces(..), ray @ TExpr::Ray { .. }) => (p, ray),
        (ray @ TExpr::Ray { .. }, p @ TExpr::Pieces(..)) => (p, ray),
        _ => return None,
    };
    let (TExpr::Pieces(player, kind), TExpr::Ray { cell, dirs }) = (pieces, ray) else {
        return None;
    };
    let opponent = match player.as_ref() {
        TExpr::Mover => false,
        TExpr::Opponent => true,
        _ => return None,
    };
    matches!(cell.as_ref(), TExpr::To).then_some(CellMask::RayMisses {
        opponent,
        kind: *kind,
        dirs: *dirs,
    })
}

/// `to`, `next(to, d)`, `next(next(to, d), e)`, ...: the directions from `to`, in order.
fn path_from_to(cell: &TExpr) -> Option<Vec<u16>> {
    match cell {
        TExpr::To => Some(Vec::new()),
        TExpr::Next(inner, dirs) => {
            let mut path = path_from_to(inner)?;
            path.push(*dirs);
            Some(path)
        }
        _ => None,
    }
}
