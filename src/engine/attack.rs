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

use super::eval::Frame;
use crate::check::{Landing, SlideDistance, SlidePass};
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL, Primitive};
use crate::engine::fast::Seen;
use crate::model::action::{Action, ActionKind};
use crate::model::state::{State, encode, next_player};
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
        if let Some(plan) = &self.attack_plan {
            // The probes read only the board, the same in the position and the one after it.
            let seen = Seen::new(frame.state, by);
            if cells
                .iter()
                .any(|cell| self.probes_attack(plan, by, cell, &seen))
            {
                return true;
            }
            if plan.others.is_empty() {
                return false;
            }
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
            return cells.iter().any(|cell| self.rules_attack(seen, cell));
        }
        let mut position = *seen;
        position.to_move = by;
        cells.iter().any(|cell| {
            let was = position.cell(cell);
            if position.owner(cell).is_none_or(|o| o == by) {
                position.set(cell, encode(defender, 0));
            }
            let attacked = self.rules_attack(&position, cell);
            position.set(cell, was);
            attacked
        })
    }

    /// Whether a rule of the player to move captures the (enemy) piece on `cell`.
    #[cfg(test)]
    fn attacked_cell(&self, state: &State<W>, cell: u16) -> bool {
        self.attack_plan.as_ref().is_some_and(|plan| {
            self.probes_attack(plan, state.to_move, cell, &Seen::new(state, state.to_move))
        }) || self.rules_attack(state, cell)
    }

    /// Whether a rule of the player to move that the attack plan leaves out (every rule, without
    /// a plan) captures the (enemy) piece on `cell`.
    fn rules_attack(&self, state: &State<W>, cell: u16) -> bool {
        let mut frame = Frame::position(state);
        frame.ignore_forbids = true;
        match &self.attack_plan {
            Some(plan) => plan.others.iter().any(|&index| {
                self.rule_attacks(index, &self.moves[index as usize], &mut frame, cell)
            }),
            None => self.moves.iter().enumerate().any(|(index, rule)| {
                !rule.continuation_only && self.rule_attacks(index as u8, rule, &mut frame, cell)
            }),
        }
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
            // A pair's move lands its pieces on empty cells or each other's: it never captures.
            Primitive::Place(_) | Primitive::Pass | Primitive::Pair(_) => false,
            // A capture by approach or withdrawal is asked of the moves it generates.
            Primitive::Step(step) if step.to == Landing::Empty && !step.capture.any() => false,
            Primitive::Slide(slide) if slide.to == Landing::Empty => false,
            Primitive::Step(step) if backwards && !step.capture.any() => {
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
        let me = frame.state.to_move;
        let piece = frame.state.cell(action.from_cell());
        let (from, to) = (action.from_cell(), action.to_cell());
        if rule.promote_choices != 0 && self.promotes_move(rule, me, piece, from, to) {
            // Each choice is an action of its own: one that passes is an attack (a shogi pawn
            // may not stay a pawn on the last rank, but attacks it by promoting).
            let mut kinds = rule.promote_choices;
            while kinds != 0 {
                let kind = u64::from(kinds.trailing_zeros());
                kinds &= kinds - 1;
                frame.consider(action.with_path(super::movegen::promotion_path(kind)));
                if rule.filters.iter().all(|&f| self.eval_bool(f, frame)) {
                    return true;
                }
            }
            return false;
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
            ActionKind::Move if action.remote().is_some() => action
                .remote()
                .is_some_and(|remote| self.remote_cells(action, remote).any(|c| c == cell)),
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

/// What a royal `forbid` (`afterwards(attacked(pieces(mover, KIND), by: opponent))`) needs of a
/// position, worked out once for all its moves.
#[derive(Clone, Copy, Debug)]
pub struct RoyalStatus<const W: usize> {
    /// The mover's pieces of the kind.
    pub cells: CellSet<W>,
    /// Cells where a piece leaving may let an attack on them through.
    pub uncover: CellSet<W>,
    /// Cells where a piece arriving may let an attack on them through.
    pub arrive: CellSet<W>,
    /// Whether one of them is attacked now.
    pub attacked: bool,
}

impl<const W: usize> Game<W> {
    /// The cells whose content decides, in this position, whether a move of `by` captures on
    /// `target`: a step's source and legs; a plain or screened slide's line back from the target
    /// up to the piece that could make it (past its screens); the whole board for a rule with a
    /// filter that reads more than the move's cells, or of another primitive.
    fn attack_reach(&self, state: &State<W>, by: u8, target: u16) -> CellSet<W> {
        let mut reach = CellSet::default();
        for rule in &self.moves {
            if rule.continuation_only || !self.may_capture(rule) {
                continue;
            }
            if !self.filters_read_only_the_move(rule) || !self.board.unique_predecessors {
                return self.board.all_cells;
            }
            match &rule.primitive {
                Primitive::Step(step) if !step.capture.any() => {
                    for &dir in self.directions(step.dirs, by) {
                        let from = self.board.predecessor(target, dir);
                        if from != NO_CELL {
                            reach.insert(from);
                            let legs = &self.board.legs
                                [from as usize * self.board.directions + dir as usize];
                            for &leg in legs.iter().filter(|&&l| l != NO_CELL) {
                                reach.insert(leg);
                            }
                        }
                    }
                }
                Primitive::Slide(slide)
                    if slide.distance == SlideDistance::Any
                        && slide.pass == SlidePass::None
                        && slide.along.is_none()
                        && slide.crossing.is_none() =>
                {
                    for &dir in self.directions(slide.dirs, by) {
                        let mut pieces = 0;
                        let mut cell = self.board.predecessor(target, dir);
                        while cell != NO_CELL && pieces <= slide.screens {
                            reach.insert(cell);
                            pieces += u8::from(state.cell(cell) != 0);
                            cell = self.board.predecessor(cell, dir);
                        }
                    }
                }
                _ => return self.board.all_cells,
            }
        }
        reach
    }

    /// Whether a rule's move could capture at all.
    fn may_capture(&self, rule: &CompiledMove) -> bool {
        !matches!(
            rule.primitive,
            Primitive::Place(_) | Primitive::Pass | Primitive::Pair(_)
        ) && !matches!(&rule.primitive, Primitive::Step(s) if s.to == Landing::Empty && !s.capture.any())
            && !matches!(&rule.primitive, Primitive::Slide(s) if s.to == Landing::Empty)
    }

    /// Whether every `where` filter of the rule reads only the move's own cells, regions and
    /// constants: then the position elsewhere cannot change its answer.
    fn filters_read_only_the_move(&self, rule: &CompiledMove) -> bool {
        use crate::compile::Op;
        rule.filters.iter().all(|f| {
            self.code[f.start()..]
                .iter()
                .take_while(|op| !matches!(op, Op::Return))
                .all(|op| {
                    matches!(
                        op,
                        Op::Int(_)
                            | Op::Mover
                            | Op::Opponent
                            | Op::From
                            | Op::To
                            | Op::Region(_)
                            | Op::PlayerRegion(_)
                            | Op::InRegion
                            | Op::RegionCells
                            | Op::IsIn
                            | Op::Binary(_)
                            | Op::Not
                    )
                })
        })
    }

    /// Whether a royal `forbid` of kind `kind` holds after `action`, when that can be told
    /// without making the position after it; `None` when it cannot.
    ///
    /// A simple move (one piece from one cell to another, taking at most what stands there, no
    /// effects, no promotion of or to the kind) certainly leaves the kind's pieces unattacked
    /// when they are not attacked now, none of them moves, and it changes no cell an attack on
    /// them depends on. Otherwise, when the attack plan answers every capturing rule, the
    /// probes read the position after the move as the position with the two cells changed.
    pub(crate) fn royal_verdict(
        &self,
        frame: &mut Frame<'_, W>,
        action: &Action,
        kind: u8,
    ) -> Option<bool> {
        // A capture by approach or withdrawal empties cells away from the move's own.
        if !matches!(action.kind(), ActionKind::Move | ActionKind::Hop)
            || action.count() != 1
            || action.captured() > 1
            || action.remote().is_some()
        {
            return None;
        }
        let rule = &self.moves[action.rule() as usize];
        // A pair moves two pieces, neither of them to `to`: only the position after it tells.
        if matches!(rule.primitive, Primitive::Pair(_)) {
            return None;
        }
        let promotes_to_royal =
            rule.promote.is_some_and(|(k, _)| k == kind) || rule.promote_choices >> kind & 1 != 0;
        if !rule.effects.is_empty() || promotes_to_royal || rule.joins {
            return None;
        }
        let status = match frame.royal {
            Some(status) => status,
            None => {
                let status = self.royal_status(frame.state, kind);
                frame.royal = Some(status);
                status
            }
        };
        let (from, to) = (action.from_cell(), action.to_cell());
        let royal_moves = status.cells.contains(from);
        if !status.attacked
            && !royal_moves
            && !status.uncover.contains(from)
            && !status.arrive.contains(to)
        {
            return Some(false);
        }
        let plan = self
            .attack_plan
            .as_ref()
            .filter(|p| p.others.is_empty() && !self.has_parts)?;
        if royal_moves && rule.promote.is_some() {
            return None;
        }
        let state = frame.state;
        let by = next_player(state.to_move, self.players.len() as u8);
        let seen = Seen::moved(state, by, from, to);
        if !status.attacked && !royal_moves {
            return Some(
                status
                    .cells
                    .iter()
                    .any(|cell| self.probes_attack_uncovered(plan, by, cell, &seen)),
            );
        }
        let mut cells = status.cells;
        if royal_moves {
            cells.remove(from);
            cells.insert(to);
        }
        Some(
            cells
                .iter()
                .any(|cell| self.probes_attack(plan, by, cell, &seen)),
        )
    }

    fn royal_status(&self, state: &State<W>, kind: u8) -> RoyalStatus<W> {
        let me = state.to_move;
        let by = next_player(me, self.players.len() as u8);
        let wanted = encode(me, kind);
        let mut cells = CellSet::default();
        for cell in state.pieces_of(me).iter() {
            if state.cell(cell) == wanted {
                cells.insert(cell);
            }
        }
        if let Some(plan) = self.attack_plan.as_ref().filter(|p| p.others.is_empty()) {
            let (mut uncover, mut arrive) = (CellSet::default(), CellSet::default());
            let mut attacked = false;
            for cell in cells.iter() {
                attacked |= self.probes_watch(plan, by, cell, state, &mut uncover, &mut arrive);
            }
            return RoyalStatus {
                cells,
                uncover,
                arrive,
                attacked,
            };
        }
        // Without a plan for every rule: any change on a cell an attack depends on.
        let mut reach = CellSet::default();
        for cell in cells.iter() {
            reach = reach.or(&self.attack_reach(state, by, cell));
        }
        RoyalStatus {
            cells,
            uncover: reach,
            arrive: reach,
            attacked: self.attacked(&Frame::position(state), &cells, by),
        }
    }
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
                    && !matches!(
                        rule.primitive,
                        Primitive::Place(_) | Primitive::Pass | Primitive::Pair(_)
                    )
                    && {
                        self.generate_part(index as u8, rule, &mut frame, &mut out);
                        out.iter().any(|a| self.captures_cell(a, cell))
                    }
            })
        }
    }

    /// The shipped games with a rule whose attacks are answered backwards (a capturing step or
    /// slide), on boards small enough for a debug build: chosen by their rules, not their names.
    fn games_answered_backwards() -> Vec<Game> {
        let catalog = Catalog::default();
        let games: Vec<Game> = catalog
            .list()
            .iter()
            .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
            .filter(|g| g.board.cells <= 100 && g.board.unique_predecessors)
            .filter(|g| g.dice.is_none() && g.players.len() == 2)
            .filter(|g| {
                g.moves.iter().any(|m| match &m.primitive {
                    Primitive::Step(step) => step.to != Landing::Empty,
                    Primitive::Slide(slide) => slide.to != Landing::Empty,
                    _ => false,
                })
            })
            .collect();
        assert!(games.len() >= 4, "only {} games to compare on", games.len());
        games
    }

    /// On positions of seeded random games, the backwards answer for steps and slides (legs and
    /// screens included) is the answer of generating every move, for every cell and both sides.
    #[test]
    fn asking_backwards_agrees_with_generating_every_move() {
        for game in games_answered_backwards() {
            compare_on_random_games(&game, 2);
        }
    }

    /// The royal guard skips making the position after a move only where that cannot change
    /// the answer: on positions of seeded random games of every shipped game with a royal
    /// `forbid`, the legal moves are those of the same game with the guard taken away.
    #[test]
    fn the_royal_guard_changes_no_legal_move() {
        let royal: Vec<Game> = games_answered_backwards()
            .into_iter()
            .filter(|g| g.forbids.iter().any(|f| f.royal.is_some()))
            .collect();
        assert!(!royal.is_empty(), "no shipped game has a royal forbid");
        // The position one move away is read without being made only where the plan answers
        // every capturing rule: some game must be compared so.
        assert!(
            royal
                .iter()
                .any(|g| g.attack_plan.as_ref().is_some_and(|p| p.others.is_empty())),
            "no royal game has every capture in its attack plan"
        );
        for game in &royal {
            legal_moves_agree_without_the_guard(game);
        }
    }

    fn legal_moves_agree_without_the_guard(game: &Game) {
        let mut plain = game.clone();
        for forbid in &mut plain.forbids {
            forbid.royal = None;
        }
        let mut rng = crate::engine::playout::seeded_rng(41);
        let (mut guarded, mut unguarded) = (Vec::new(), Vec::new());
        let mut compared = 0;
        for _ in 0..6 {
            let mut state = game.initial;
            for _ in 0..200 {
                let over = game.legal_actions(&state, &mut guarded);
                assert_eq!(over, plain.legal_actions(&state, &mut unguarded));
                assert_eq!(guarded, unguarded, "{state:?}");
                compared += 1;
                if over.is_some() {
                    break;
                }
                let action = guarded[rng.random_range(0..guarded.len())];
                game.apply(&mut state, &action);
            }
        }
        assert!(compared > 300, "only {compared} positions compared");
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
        assert!(compared > 1_000, "only {compared} cells compared");
    }
}
