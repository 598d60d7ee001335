//! Sets of cells made of the neighbours of one cell and kept by tests of each cell, worked out
//! cell by cell.
//!
//! An effect such as `mark enclosed(neighbours(to, orthogonal) and pieces(opponent), ...) and not
//! held_pieces(opponent)` runs after every move of its rule. As a program it builds and shifts
//! whole sets of cells, one operation at a time; yet it can only ever hold some of the few
//! neighbours of `to`. As a [`NeighbourFilter`] each of those neighbours is tested on its own,
//! each test stopping at the first that fails. The compiler turns a set expression into a filter
//! when it is an `and` of one `neighbours(to or last_to, dirs)` and sets that each keep a cell
//! for what stands on and around it, and leaves it a program otherwise.

use crate::check::TExpr;
use crate::syntax::ast::BinOp;

/// `neighbours(CELL, dirs) and TEST and TEST ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighbourFilter {
    /// The cell whose neighbours are tested.
    pub around: Around,
    /// The directions (a set, or every direction), the mover's.
    pub dirs: u16,
    /// What each neighbour must pass, in the order written.
    pub tests: Vec<CellFilter>,
}

/// `to` or `last_to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Around {
    To,
    LastTo,
}

/// A player named by a test: fixed, or the mover or the opponent of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Mover,
    Opponent,
    Player(u8),
}

/// A set of cells as a test of one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellFilter {
    /// `pieces(player, kind?)`: a piece of the player (of the kind).
    Pieces { player: Who, kind: Option<u8> },
    /// `face_down(player)`.
    FaceDown(Who),
    /// `held_pieces(player)`.
    Held(Who),
    /// `marked`.
    Marked,
    /// A shared region: the index of its cell set.
    Region(u16),
    /// `enclosed(..., dirs, edge:, shield:, min:)` without `hostile:`.
    Enclosed {
        dirs: u16,
        edge: bool,
        shield: Option<u16>,
        min: u8,
    },
    /// `not SET`.
    Not(Box<CellFilter>),
}

impl NeighbourFilter {
    /// The filter of a set expression, if it has that form. `region_first` maps a region to its
    /// first cell set.
    pub fn of(set: &TExpr, region_first: &[u16]) -> Option<NeighbourFilter> {
        let mut seed = None;
        let mut tests = Vec::new();
        collect(set, &mut seed, &mut tests, region_first)?;
        let (around, dirs) = seed?;
        Some(NeighbourFilter {
            around,
            dirs,
            tests,
        })
    }
}

/// The conjuncts of an `and` of sets: the one `neighbours(...)` into `seed`, the others as tests.
fn collect(
    set: &TExpr,
    seed: &mut Option<(Around, u16)>,
    tests: &mut Vec<CellFilter>,
    region_first: &[u16],
) -> Option<()> {
    match set {
        TExpr::SetOp(BinOp::And, l, r) => {
            collect(l, seed, tests, region_first)?;
            collect(r, seed, tests, region_first)
        }
        // The cells of `cells` that are enclosed: `cells` and a test of each cell.
        TExpr::Enclosed {
            cells,
            dirs,
            hostile: None,
            edge,
            shield,
            min,
        } => {
            collect(cells, seed, tests, region_first)?;
            tests.push(CellFilter::Enclosed {
                dirs: *dirs,
                edge: *edge,
                shield: *shield,
                min: *min,
            });
            Some(())
        }
        TExpr::Neighbours { cells, dirs } if seed.is_none() => {
            let around = match cells.as_ref() {
                TExpr::OneCell(cell) => match cell.as_ref() {
                    TExpr::To => Around::To,
                    TExpr::LastTo => Around::LastTo,
                    _ => return None,
                },
                _ => return None,
            };
            *seed = Some((around, *dirs));
            Some(())
        }
        other => {
            tests.push(filter(other, region_first)?);
            Some(())
        }
    }
}

/// A set that keeps a cell for what stands on and around it.
fn filter(set: &TExpr, region_first: &[u16]) -> Option<CellFilter> {
    Some(match set {
        TExpr::Pieces(player, kind) => CellFilter::Pieces {
            player: who(player)?,
            kind: *kind,
        },
        TExpr::FaceDown(player) => CellFilter::FaceDown(who(player)?),
        TExpr::HeldPieces(player) => CellFilter::Held(who(player)?),
        TExpr::Marked => CellFilter::Marked,
        TExpr::RegionCells(region) => match region.as_ref() {
            TExpr::Region(r) => CellFilter::Region(region_first[*r as usize]),
            _ => return None,
        },
        TExpr::SetNot(inner) => CellFilter::Not(Box::new(filter(inner, region_first)?)),
        _ => return None,
    })
}

fn who(player: &TExpr) -> Option<Who> {
    match player {
        TExpr::Mover => Some(Who::Mover),
        TExpr::Opponent => Some(Who::Opponent),
        TExpr::Player(p) => Some(Who::Player(*p)),
        _ => None,
    }
}
