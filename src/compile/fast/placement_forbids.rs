//! `forbid` rules that the neighbourhood of a placement decides, without making the position after
//! it: Go's suicide (`afterwards(liberties(to) == 0)`) and simple ko
//! (`afterwards(seen_before(within: 1))`), in a game whose every move places a piece on an empty
//! cell, capturing only the opponent's groups left without liberties, or passes.
//!
//! In such a game the position before a placement says what the placement does: it captures the
//! opponent's groups whose one liberty is the cell, and the new piece's group is left without
//! liberties exactly when the cell has no empty neighbour, every group of the mover beside it
//! has that cell as its one liberty, and it captures nothing. The groups of one position are
//! flooded once for all its placements (see `engine::fast::placement_forbids`).
//!
//! A placement that captures nothing cannot bring back the position before the opponent's last
//! move: that move either passed, and the new piece is one more than then, or put a piece on a
//! cell that was empty then and that nothing has emptied since. Nor can one that captures more
//! than one piece: to be back where it was, the board must lose exactly the piece the opponent
//! placed and regain exactly the cell this piece goes to, which that move must have captured: a
//! single piece of the mover's, so that the cell has only the opponent's pieces beside it. Only
//! placements on such a cell that capture a single piece are played out to judge a ko.
//!
//! Chosen when the game is compiled, from the rules' shapes (the options folded in), never from a
//! game's name. Every `forbid` must have one of these shapes or be ruled out by the options:
//! otherwise (superko) every candidate is played out, as before.

use crate::check::fold::fold_expr_by;
use crate::check::{ALL_DIRECTIONS, CheckedGame, Generator, TExpr};
use crate::model::board::{Board, NO_CELL};
use crate::syntax::ast::{BinOp, EffectVerb};

/// What a `forbid` asks of a placement, when its shape is one the neighbourhood decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementForbid {
    /// Ruled out by the game's options: it never holds.
    Never,
    /// `afterwards(liberties(to) == 0)`: the new piece's group is left without a liberty.
    Suicide,
    /// `afterwards(seen_before(within: 1))`: the position before the opponent's last move
    /// comes back.
    RepeatsPrevious,
}

/// A game where every `forbid` is a [`PlacementForbid`] and the moves are as the module says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementPlan {
    /// The direction set (by its number in the rules) along which groups join and liberties
    /// are counted.
    pub dirs: u16,
    /// Whether placements capture the opponent's groups left without liberties.
    pub captures: bool,
    /// Whether some `forbid` is [`PlacementForbid::Suicide`].
    pub suicide: bool,
    /// Whether some `forbid` is [`PlacementForbid::RepeatsPrevious`].
    pub repeats: bool,
}

/// The shape of each `forbid` of the game with its options, and the plan where every one has a
/// shape and the moves allow it; `None` in place of each shape where there is no plan.
pub fn plan<const W: usize>(
    checked: &CheckedGame,
    options: &[i64],
    board: &Board<W>,
) -> (Option<PlacementPlan>, Vec<Option<PlacementForbid>>) {
    let none = vec![None; checked.program.forbids.len()];
    let folded = (checked.program.forbids.iter())
        .map(|f| fold_expr_by(&f.expr, &|o| Some(options[o as usize])))
        .collect::<Vec<_>>();
    let Some(shapes) = folded
        .iter()
        .map(shape)
        .collect::<Option<Vec<(PlacementForbid, Option<u16>)>>>()
    else {
        return (None, none);
    };
    let Some((dirs, captures)) = moves_place_or_pass(checked) else {
        return (None, none);
    };
    // One direction set for the liberties the forbids count and the captures' alike.
    let mut all_dirs = shapes.iter().filter_map(|(_, d)| *d).chain(dirs);
    let Some(dirs) = all_dirs.next() else {
        return (None, none);
    };
    if all_dirs.any(|d| d != dirs) || !neighbours_pair_up(board, checked, dirs) {
        return (None, none);
    }
    let has = |wanted| shapes.iter().any(|(s, _)| *s == wanted);
    let plan = PlacementPlan {
        dirs,
        captures,
        suicide: has(PlacementForbid::Suicide),
        repeats: has(PlacementForbid::RepeatsPrevious),
    };
    let shapes = shapes.into_iter().map(|(s, _)| Some(s)).collect();
    (Some(plan), shapes)
}

/// The shape of a folded `forbid`, and the directions of the liberties it counts.
fn shape(expr: &TExpr) -> Option<(PlacementForbid, Option<u16>)> {
    match expr {
        TExpr::Int(0) => Some((PlacementForbid::Never, None)),
        TExpr::Afterwards(inner) => match inner.as_ref() {
            TExpr::Binary(BinOp::Eq, l, r) => match (l.as_ref(), r.as_ref()) {
                (TExpr::Liberties { cell, dirs }, TExpr::Int(0))
                    if matches!(cell.as_ref(), TExpr::To) =>
                {
                    Some((PlacementForbid::Suicide, Some(*dirs)))
                }
                _ => None,
            },
            TExpr::SeenBefore(Some(1)) => Some((PlacementForbid::RepeatsPrevious, None)),
            _ => None,
        },
        _ => None,
    }
}

/// Where every move rule places a piece on an empty cell or passes, with no part, promotion or
/// effect but removing the opponent's pieces without liberties, and nothing else changes the
/// board (no dice, stacks, hidden pieces): the directions of the removals, if any, and whether
/// there are removals (every placing rule must agree).
fn moves_place_or_pass(checked: &CheckedGame) -> Option<(Option<u16>, bool)> {
    let plain_board = checked.players.len() == 2
        && checked.dice.is_none()
        && checked.roll.is_none()
        && checked.shuffle.is_none()
        && !checked.board.stacks
        && !checked.board.columns
        && checked.pieces.iter().all(|p| p.hides.is_empty());
    if !plain_board {
        return None;
    }
    let mut removal: Option<Option<u16>> = None;
    for rule in &checked.program.moves {
        let plain = rule.continuations.is_empty() && rule.promote.is_none() && !rule.most;
        match rule.generator {
            Generator::Pass if plain && rule.effects.is_empty() => continue,
            Generator::Place { .. } if plain => {}
            _ => return None,
        }
        let dirs = match rule.effects.as_slice() {
            [] => None,
            [effect] if effect.verb == EffectVerb::Remove && effect.condition.is_none() => {
                match &effect.target {
                    TExpr::WithoutLiberties { player, dirs }
                        if matches!(player.as_ref(), TExpr::Opponent) =>
                    {
                        Some(*dirs)
                    }
                    _ => return None,
                }
            }
            _ => return None,
        };
        if removal.is_some_and(|r| r != dirs) {
            return None;
        }
        removal = Some(dirs);
    }
    let dirs = removal.flatten();
    Some((dirs, dirs.is_some()))
}

/// Whether the directions are the same for both players and join cells both ways, each
/// neighbour once: then a cell's empty neighbours are counted by shifting the empty cells.
fn neighbours_pair_up<const W: usize>(board: &Board<W>, checked: &CheckedGame, dirs: u16) -> bool {
    let of = |player: usize| -> Vec<u8> {
        if dirs == ALL_DIRECTIONS {
            (0..board.directions as u8).collect()
        } else {
            let mut set = board.direction_sets[dirs as usize][player].clone();
            set.sort_unstable();
            set
        }
    };
    let set = of(0);
    if (1..checked.players.len()).any(|p| of(p) != set) {
        return false;
    }
    if set.iter().any(|&d| board.has_legs[d as usize]) {
        return false;
    }
    let neighbours = |cell: u16| set.iter().map(move |&d| board.neighbour(cell, d));
    board.all_cells.iter().all(|cell| {
        let around: Vec<u16> = neighbours(cell).filter(|&n| n != NO_CELL).collect();
        let mut distinct = around.clone();
        distinct.sort_unstable();
        distinct.dedup();
        distinct.len() == around.len() && around.iter().all(|&n| neighbours(n).any(|m| m == cell))
    })
}
