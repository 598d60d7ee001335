//! The sets of directions that make the board a triangular lattice ([`Lattice`]), for
//! `inside(group(...))`: there the group's holes are counted instead of flooded from the edge
//! (`engine::fast::inside_of_group`). Found from the board's tables, never from its name: six
//! directions, each a fixed step in cell numbers, `±a`, `±b` and `±(a+b)`, on a board of one piece
//! without holes (where a hole of a set is then exactly what it closes off from the edge).

use crate::check::ALL_DIRECTIONS;
use crate::model::board::{Board, CellSet, NO_CELL};
use crate::model::lattice::Lattice;

/// For each direction set (by its number in the rules, [`ALL_DIRECTIONS`] for all) that is a
/// lattice for every player alike: the lattice.
pub fn lattices<const W: usize>(
    board: &Board<W>,
    all_directions: &[u8],
    players: usize,
) -> Vec<(u16, Lattice)> {
    let mut sets = vec![(ALL_DIRECTIONS, vec![all_directions.to_vec(); players])];
    for (code, per_player) in board.direction_sets.iter().enumerate() {
        sets.push((code as u16, per_player.clone()));
    }
    let mut found = Vec::new();
    for (code, per_player) in sets {
        let Some(first) = per_player.first() else {
            continue;
        };
        let same = |dirs: &Vec<u8>| sorted(dirs) == sorted(first);
        if per_player.iter().all(same)
            && let Some(lattice) = lattice_of(board, first)
        {
            found.push((code, lattice));
        }
    }
    found
}

fn sorted(dirs: &[u8]) -> Vec<u8> {
    let mut dirs = dirs.to_vec();
    dirs.sort_unstable();
    dirs.dedup();
    dirs
}

/// The lattice the six directions make, if they make one on this board.
fn lattice_of<const W: usize>(board: &Board<W>, dirs: &[u8]) -> Option<Lattice> {
    let dirs = sorted(dirs);
    if dirs.len() != 6 || !dirs.iter().all(|&d| board.uniform[d as usize]) {
        return None;
    }
    let offset = |d: u8| board.offsets[d as usize];
    let with_offset = |o: i16| dirs.iter().copied().find(|&d| offset(d) == o);
    for &a in &dirs {
        for &b in &dirs {
            let (oa, ob) = (offset(a), offset(b));
            if oa == ob || oa == -ob {
                continue;
            }
            let steps = [oa, ob, oa + ob].map(with_offset);
            let backs = [-oa, -ob, -oa - ob].map(with_offset);
            let (Some(forward), Some(back)) = (all_some(steps), all_some(backs)) else {
                continue;
            };
            let lattice = Lattice { forward, back };
            if adds_up(board, &lattice) && one_piece_without_holes(board, &lattice) {
                return Some(lattice);
            }
        }
    }
    None
}

fn all_some(found: [Option<u8>; 3]) -> Option<[u8; 3]> {
    Some([found[0]?, found[1]?, found[2]?])
}

/// Whether a step `a` then `b` lands where a step `a+b` does, from every cell where all three
/// cells are on the board, and a step and its opposite undo each other: the board's neighbours
/// are the lattice's.
fn adds_up<const W: usize>(board: &Board<W>, lattice: &Lattice) -> bool {
    let [a, b, ab] = lattice.forward;
    let step = |cell: u16, dir: u8| match cell {
        NO_CELL => NO_CELL,
        _ => board.neighbour(cell, dir),
    };
    let opposite = lattice.forward.iter().zip(&lattice.back);
    board.all_cells.iter().all(|c| {
        let joined = |via: u16, end: u16| via == NO_CELL || end == NO_CELL || end == step(c, ab);
        joined(step(c, a), step(step(c, a), b))
            && joined(step(c, b), step(step(c, b), a))
            && opposite.clone().all(|(&f, &r)| {
                let there = step(c, f);
                there == NO_CELL || step(there, r) == c
            })
    })
}

/// Whether the board's cells are joined and close nothing off: a set's holes are then exactly
/// the cells it closes off from the edge.
fn one_piece_without_holes<const W: usize>(board: &Board<W>, lattice: &Lattice) -> bool {
    let all = board.all_cells;
    let Some(first) = all.iter().next() else {
        return false;
    };
    let mut reached = CellSet::from_cells(&[first]);
    loop {
        let grown = (lattice.forward.iter().chain(&lattice.back))
            .fold(reached, |set, &dir| set.or(&board.step_set(&set, dir)))
            .and(&all);
        if grown == reached {
            break;
        }
        reached = grown;
    }
    reached == all && lattice.euler(board, &all) == 1
}
