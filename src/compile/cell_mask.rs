//! Filters that ask only about the landing cell, worked out for every cell at once.
//!
//! A `where` filter such as Connect Four's `not empty(next(to, s))` or Reversi's
//! `size(flank(to)) > 0` depends on the position and on `to` alone. Run as a program it costs one
//! evaluation per candidate cell; as a [`CellMask`] it is a few operations on bit sets per
//! position, after which the candidates it keeps need no further test. The compiler turns a
//! filter into a mask when every part of it has a set form, and leaves it a program otherwise.

use crate::check::{ALL_DIRECTIONS, CellTest, TExpr};
use crate::compile::{CellSet, Game};
use crate::model::state::State;
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

impl<const W: usize> Game<W> {
    /// The cells of the board that the mask keeps, in this position (the mover's view).
    pub fn cell_mask(&self, mask: &CellMask, state: &State<W>) -> CellSet<W> {
        let me = state.to_move;
        match mask {
            CellMask::Test { path, test } => {
                let own = *state.pieces_of(me);
                let occupied = state.occupied();
                let mut cells = match test {
                    CellTest::Empty => self.board.all_cells.and_not(&occupied),
                    CellTest::Friend => own,
                    CellTest::Enemy => occupied.and_not(&own),
                };
                // Walk the path back from its end: a cell keeps its place if its neighbour does.
                for &dirs in path.iter().rev() {
                    let dir = match self.directions_of(dirs, me).first() {
                        Some(&d) => d,
                        None => return CellSet::default(),
                    };
                    cells = self.before(&cells, dir);
                }
                cells
            }
            CellMask::Flanks { dirs, max } => self.flanking_cells(state, *dirs, *max),
            CellMask::RayMisses {
                opponent,
                kind,
                dirs,
            } => {
                let player = if *opponent {
                    crate::model::state::next_player(me, self.players.len() as u8)
                } else {
                    me
                };
                let mut pieces = *state.pieces_of(player);
                if let Some(kind) = kind {
                    pieces = self.of_kind(state, pieces, player, *kind);
                }
                self.board
                    .all_cells
                    .and_not(&self.rays_meeting(&pieces, *dirs, me))
            }
            CellMask::Not(inner) => self.board.all_cells.and_not(&self.cell_mask(inner, state)),
            CellMask::And(l, r) => self.cell_mask(l, state).and(&self.cell_mask(r, state)),
            CellMask::Or(l, r) => self.cell_mask(l, state).or(&self.cell_mask(r, state)),
        }
    }

    /// The cells whose ray along one of the directions (the mover's) meets `cells`: grown from
    /// `cells` one step back at a time, a cell taken once, so a ring of links ends too.
    fn rays_meeting(&self, cells: &CellSet<W>, dirs: u16, me: u8) -> CellSet<W> {
        let mut met = CellSet::default();
        for &dir in self.directions_of(dirs, me) {
            let mut along = CellSet::default();
            let mut edge = self.before(cells, dir);
            while !edge.is_empty() {
                along = along.or(&edge);
                edge = self.before(&edge, dir).and_not(&along);
            }
            met = met.or(&along);
        }
        met
    }

    /// The cells whose neighbour along `dir` is in `cells`.
    #[inline]
    fn before(&self, cells: &CellSet<W>, dir: u8) -> CellSet<W> {
        self.board.back_set(cells, dir)
    }

    /// The cells from which some direction holds a run of 1 to `max` enemy pieces closed by a
    /// piece of the mover: for each direction, the enemy pieces that reach a piece of the
    /// mover through enemy pieces, grown one step back at a time.
    fn flanking_cells(&self, state: &State<W>, dirs: u16, max: u8) -> CellSet<W> {
        let me = state.to_move;
        let own = *state.pieces_of(me);
        let enemy = state.occupied().and_not(&own);
        let mut cells = CellSet::default();
        let directions = if dirs == ALL_DIRECTIONS {
            &self.all_directions[..]
        } else {
            &self.board.direction_sets[dirs as usize][me as usize][..]
        };
        for &dir in directions {
            // `run`: enemy pieces whose run along `dir` ends on a piece of the mover within reach.
            let mut run = self.before(&own, dir).and(&enemy);
            let mut closed = run;
            for _ in 1..max {
                run = self.before(&run, dir).and(&enemy);
                if run.is_empty() {
                    break;
                }
                closed = closed.or(&run);
            }
            cells = cells.or(&self.before(&closed, dir));
        }
        cells
    }
}
