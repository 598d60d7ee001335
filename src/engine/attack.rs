//! `attacked(cells, by: player)`: whether a move of the player could capture on a cell, asked of
//! the player's own move rules (there is no second description of how pieces capture).
//!
//! A cell is attacked when one of the player's move rules (not a placement, a pass or the later
//! part of a turn) has a candidate that captures the piece there: by landing on it, or by jumping
//! it. The rule's `where` filters apply, its `forbid` rules do not (a pinned piece still attacks,
//! and asking cannot recurse). An empty cell, or one holding the attacker's own piece, is judged
//! as if a piece of another player stood there, so that a pawn's step never attacks and a
//! pawn's diagonal capture always does. `then` effects are not captures here.
//!
//! Steps and slides are answered backwards from the cell (where could a piece of the rule come
//! from?), then the rule's own test decides; other primitives generate their candidates.

use super::action::{Action, ActionKind};
use super::eval::Frame;
use super::state::{State, encode, next_player};
use crate::check::{Landing, SlideDistance, SlidePass};
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL, Primitive};
use std::cell::RefCell;

thread_local! {
    /// The candidates of one rule being asked, reused so that asking allocates nothing once grown.
    static ATTACK_BUFFER: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

impl<const W: usize> Game<W> {
    /// Whether a cell of `cells` is attacked by `by`'s pieces in the position the frame sees.
    pub fn attacked(&self, frame: &Frame<'_, W>, cells: &CellSet<W>, by: u8) -> bool {
        if cells.is_empty() {
            return false;
        }
        // The position with `by` to move: inside `afterwards`, the real position after the move
        // usually is one already.
        let seen = match frame.after_actual {
            Some(after) if after.to_move == by => after,
            _ => frame.state,
        };
        let defender = if seen.to_move != by {
            seen.to_move
        } else {
            next_player(by, self.players.len() as u8)
        };
        let needs_copy =
            seen.to_move != by || cells.iter().any(|c| seen.owner(c).is_none_or(|o| o == by));
        if !needs_copy {
            return cells.iter().any(|cell| self.attacked_cell(seen, cell));
        }
        let mut position = *seen;
        position.to_move = by;
        cells.iter().any(|cell| {
            let was = position.cell(cell);
            if position.owner(cell).is_none_or(|o| o == by) {
                position.set(cell, encode(defender, 0));
            }
            let attacked = self.attacked_cell(&position, cell);
            position.set(cell, was);
            attacked
        })
    }

    /// Whether a rule of the player to move captures the (enemy) piece on `cell`.
    fn attacked_cell(&self, state: &State<W>, cell: u16) -> bool {
        let mut frame = Frame::position(state);
        frame.ignore_forbids = true;
        self.moves.iter().enumerate().any(|(index, rule)| {
            !rule.continuation_only && self.rule_attacks(index as u8, rule, &mut frame, cell)
        })
    }

    fn rule_attacks(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        cell: u16,
    ) -> bool {
        let backwards = self.board.unique_predecessors;
        match &rule.primitive {
            Primitive::Place(_) | Primitive::Pass => false,
            Primitive::Step(step) if step.to == Landing::Empty => false,
            Primitive::Slide(slide) if slide.to == Landing::Empty => false,
            Primitive::Step(step) if backwards => {
                let state = frame.state;
                let me = state.to_move;
                if self.locked(rule, state, cell) || self.avoided(rule, me, cell) {
                    return false;
                }
                let occupied = state.occupied();
                self.directions(step.dirs, me).iter().any(|&dir| {
                    let from = self.board.predecessor(cell, dir);
                    from != NO_CELL
                        && state.owner(from) == Some(me)
                        && self.moves_piece(rule, state, from)
                        && self.follows_lines(step.along, from, dir)
                        && self.board.legs_clear(from, dir, &occupied)
                        && self.passes_filters(
                            rule,
                            frame,
                            Action::moving(index, from, cell, dir, 1, 1, 1),
                        )
                })
            }
            // A plain or screened slide: the piece that could come is the first one back.
            Primitive::Slide(slide)
                if backwards
                    && slide.distance == SlideDistance::Any
                    && slide.pass == SlidePass::None =>
            {
                let me = frame.state.to_move;
                let dirs = self.directions(slide.dirs, me);
                dirs.iter().any(|&dir| {
                    // The piece that could come: past `screens` pieces, the first one back.
                    let mut from = cell;
                    let mut passed = 0;
                    loop {
                        from = self.board.predecessor(from, dir);
                        if from == NO_CELL {
                            return false;
                        }
                        if frame.state.cell(from) != 0 {
                            if passed == slide.screens {
                                break;
                            }
                            passed += 1;
                        }
                    }
                    frame.state.owner(from) == Some(me)
                        && self.moves_piece(rule, frame.state, from)
                        && with_buffer(|out| {
                            self.slide_from(index, rule, slide, frame, from, dir, out);
                            out.iter().any(|a| a.to_cell() == cell)
                        })
                })
            }
            _ => with_buffer(|out| {
                self.generate_part(index, rule, frame, out);
                out.iter().any(|a| self.captures_cell(a, cell))
            }),
        }
    }

    /// Whether the rule's `where` filters allow the action (its `forbid` rules are not asked).
    fn passes_filters(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        action: Action,
    ) -> bool {
        if rule.unchecked || rule.filters.is_empty() {
            return true;
        }
        frame.consider(action);
        rule.filters.iter().all(|&f| self.eval_bool(f, frame))
    }

    /// Whether the action captures the piece on `cell`: by landing there, or jumping it.
    fn captures_cell(&self, action: &Action, cell: u16) -> bool {
        if action.captured() == 0 {
            return false;
        }
        match action.kind() {
            ActionKind::Jump => {
                let mut at = action.from_cell();
                (0..action.captured()).any(|i| {
                    let dir = action.jump_direction(i, self.board.jump_bits);
                    let over = self.board.neighbour(at, dir);
                    at = self.board.neighbour(over, dir);
                    over == cell
                })
            }
            ActionKind::Move => {
                let mut at = action.to_cell();
                (0..action.captured()).any(|_| {
                    let hit = at == cell;
                    at = self.board.neighbour(at, action.dir());
                    hit
                })
            }
            ActionKind::Take | ActionKind::Hop | ActionKind::Die => action.to_cell() == cell,
            _ => false,
        }
    }
}

/// Runs `f` on the thread's empty candidate list (a fresh one when it is in use further up).
fn with_buffer<R>(f: impl FnOnce(&mut Vec<Action>) -> R) -> R {
    ATTACK_BUFFER.with(|buffer| match buffer.try_borrow_mut() {
        Ok(mut buffer) => {
            buffer.clear();
            f(&mut buffer)
        }
        Err(_) => f(&mut Vec::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use rand::RngExt;

    impl<const W: usize> Game<W> {
        /// `attacked_cell` the slow way: every candidate of every rule, looked at whole.
        fn attacked_cell_by_generation(&self, state: &State<W>, cell: u16) -> bool {
            let mut frame = Frame::position(state);
            frame.ignore_forbids = true;
            let mut out = Vec::new();
            self.moves.iter().enumerate().any(|(index, rule)| {
                out.clear();
                !rule.continuation_only
                    && !matches!(rule.primitive, Primitive::Place(_) | Primitive::Pass)
                    && {
                        self.generate_part(index as u8, rule, &mut frame, &mut out);
                        out.iter().any(|a| self.captures_cell(a, cell))
                    }
            })
        }
    }

    /// On positions of seeded random games, the backwards answer for steps and slides (legs and
    /// screens included) is the answer of generating every move, for every cell and both sides.
    #[test]
    fn asking_backwards_agrees_with_generating_every_move() {
        for name in ["xiangqi", "chess", "lines-of-action", "brandubh"] {
            let (game, _, _) = Catalog::default()
                .load(name, &[])
                .unwrap_or_else(|_| panic!("{name} loads"));
            compare_on_random_games(&game, 4);
        }
    }

    fn compare_on_random_games(game: &Game, games: usize) {
        let mut rng = crate::engine::playout::seeded_rng(14);
        let mut actions = Vec::new();
        let mut compared = 0;
        for _ in 0..games {
            let mut state = game.initial;
            for _ in 0..120 {
                for by in 0..2u8 {
                    let defender = 1 - by;
                    for cell in 0..game.board.cells as u16 {
                        let mut position = state;
                        position.to_move = by;
                        if position.owner(cell) != Some(defender) {
                            position.set(cell, encode(defender, 0));
                        }
                        assert_eq!(
                            game.attacked_cell(&position, cell),
                            game.attacked_cell_by_generation(&position, cell),
                            "cell {cell} attacked by {by} in {position:?}"
                        );
                        compared += 1;
                    }
                }
                if game.legal_actions(&state, &mut actions).is_some() {
                    break;
                }
                let action = actions[rng.random_range(0..actions.len())];
                game.apply(&mut state, &action);
            }
        }
        assert!(compared > 10_000, "only {compared} cells compared");
    }
}
