//! The move generator: runs the compiled move rules (each primitive by its generator in
//! [`super::primitives`]), the helpers those share, and applying an action.

use super::eval::{Frame, MOVER_KINDS, Played, Verdict};
use super::primitives::jump::WordChain;
use crate::check::{Landing, STAY};
use crate::compile::fast::placement_forbids::PlacementPlan;
use crate::compile::fast::word_moves::{WORD_KINDS, WordMoves, WordRuleMoves};
use crate::compile::fast::word_steps::WordSteps;
use crate::compile::{CellSet, CompiledMove, Game, Primitive};
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;
use crate::syntax::ast::EffectVerb;
use std::cell::RefCell;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The winner and the score of the win (1 unless the rule says `score`).
    Win(u8, i32),
    Draw,
}

thread_local! {
    /// The move list of `can_move`, reused so that end tests allocate nothing once it has grown.
    static CAN_MOVE_BUFFER: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
    /// How many `can_move` questions are being answered further up the stack.
    static CAN_MOVE_DEPTH: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// The action path that names a promotion choice: the kind + 1, or 0 for staying as it is
/// (`none`), which is the action without a choice in it.
pub(crate) fn promotion_path(kind: u64) -> u64 {
    if kind == u64::from(STAY) { 0 } else { kind + 1 }
}

/// The deepest `can_move` asked within the moves another `can_move` judges (shogi's pawn drop
/// that mates asks whether the answer to it is itself such a drop).
pub const MAX_CAN_MOVE_DEPTH: u8 = 4;

impl<const W: usize> Game<W> {
    /// Fills `out` with the legal actions (empty once the game is over) and returns the outcome if it
    /// is. The history of the position is unknown: `repetitions` is 0.
    pub fn legal_actions(&self, state: &State<W>, out: &mut Vec<Action>) -> Option<Outcome> {
        self.legal_actions_with_history(state, &[], out)
    }

    /// Adds `state`, about to be left by an action, to the history `repetitions` counts in: only
    /// positions where a player acts, and only in a game that reads them. A chance event (a roll,
    /// a reveal) is not a position of its own: the key leaves out the dice, so the position before
    /// a roll would count as the one after it. Every driver (play, replays, perft, playouts) keeps
    /// history through here, so they all count the same.
    #[inline]
    pub fn note_position(&self, history: &mut Vec<u64>, state: &State<W>) {
        if self.uses_history && !self.is_chance(state) {
            history.push(self.position_key(state));
        }
    }

    /// [`Game::legal_actions`] for a position reached after the positions whose [`State::key`]s
    /// are `history`, oldest first (what `repetitions` counts in). After playing action `a` in
    /// position `s`, the history of the next position is `history` followed by `s.key()`, unless
    /// `s` was a chance event: see [`Game::note_position`].
    pub fn legal_actions_with_history(
        &self,
        state: &State<W>,
        history: &[u64],
        out: &mut Vec<Action>,
    ) -> Option<Outcome> {
        self.legal_actions_keyed(state, history, &mut None, out)
    }

    /// [`Game::legal_actions_with_history`] that also leaves in `key` the [`State::key`] of
    /// `state` when it had to work it out (for `repetitions`), so that a driver adding the
    /// position to its history need not work it out again.
    pub(crate) fn legal_actions_keyed(
        &self,
        state: &State<W>,
        history: &[u64],
        key: &mut Option<u64>,
        out: &mut Vec<Action>,
    ) -> Option<Outcome> {
        let mut frame = Frame::with_history(state, history);
        let outcome = self.legal_actions_in(&mut frame, out);
        *key = frame.key;
        outcome
    }

    pub(crate) fn legal_actions_in(
        &self,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) -> Option<Outcome> {
        out.clear();
        let state = frame.state;
        if state.setup_due {
            // The draw comes before everything: no rule runs before the pieces stand.
            self.setup_actions(out);
            return None;
        }
        let chance = self.is_chance(state);
        for check in &self.turn_start {
            let verdict = match (&check.word, &check.fast) {
                (Some(word), _) => word.run(state),
                (None, Some(fast)) => self.run_fast_check(fast, check.code, frame),
                (None, None) => self.eval_rule(check.code, frame),
            };
            match self.verdict(verdict) {
                Some(Ok(outcome)) => return Some(outcome),
                Some(Err(())) => {
                    out.push(Action::PASS);
                    return None;
                }
                None => {}
            }
        }
        if let Some(plan) = &self.word_steps {
            // Chosen when the game was compiled: no chance, relocation or compulsory rule here.
            Game::word_steps(plan, state, out);
        } else if let Some(plan) = &self.word_moves {
            // Chosen when the game was compiled: no chance, relocation or part of a turn here.
            self.word_moves(plan, state, out);
        } else {
            self.generate_all(chance, state, frame, out);
        }
        if out.is_empty() {
            frame.action = None;
            let verdict = match &self.no_moves {
                Some(rule) => self.eval_rule(rule.code, frame),
                // Where the rules say nothing, a player without a move passes.
                None => Verdict::Pass,
            };
            match self.verdict(verdict) {
                Some(Ok(outcome)) => return Some(outcome),
                Some(Err(())) | None => out.push(Action::PASS),
            }
        }
        None
    }

    /// The actions of a position where the game goes on, by the general generator.
    fn generate_all(
        &self,
        chance: bool,
        state: &State<W>,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        if chance {
            if state.reveal_at != crate::compile::NO_CELL {
                self.reveal_actions(state, out);
            } else {
                self.roll_actions(out);
            }
            return;
        }
        if state.pending != crate::model::state::NONE {
            // The rest of a turn: only the rule the last part named, or, where it may be left
            // out, the end of the turn (`pass`).
            let rule = &self.moves[state.pending as usize];
            self.generate(state.pending, rule, frame, out);
            if rule.optional {
                out.push(Action::PASS);
            }
            return;
        }
        let starts = |m: &CompiledMove| !m.continuation_only;
        if self.has_compulsory {
            for (i, rule) in self.moves.iter().enumerate() {
                if rule.compulsory && starts(rule) {
                    self.generate(i as u8, rule, frame, out);
                }
            }
            if self.has_most {
                self.keep_most(out);
            }
        }
        if out.is_empty() {
            for (i, rule) in self.moves.iter().enumerate() {
                if !rule.compulsory && starts(rule) {
                    self.generate(i as u8, rule, frame, out);
                }
            }
        }
    }

    /// Every move of a game whose move rules are all plain steps (see [`WordSteps`]): per rule and
    /// direction, the mover's pieces rotated one cell and kept where they may land.
    fn word_steps(plan: &WordSteps, state: &State<W>, out: &mut Vec<Action>) {
        let me = state.to_move;
        let own = state.pieces_of(me).word(0);
        let occupied = (0..4).fold(0, |all, p| all | state.pieces_of(p).word(0));
        let enemy = occupied & !own;
        let empty = !occupied;
        for step in &plan.per_player[me as usize] {
            let mut targets = (own & step.sources).rotate_left(step.rotate)
                & (empty & step.empty | enemy & step.enemy);
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                out.push(step.template.to(to, enemy >> to & 1));
            }
        }
    }

    /// `compulsory most`: of the actions of those rules, only the ones capturing the most pieces
    /// stay (the actions of other rules are left as they are).
    pub(crate) fn keep_most(&self, out: &mut Vec<Action>) {
        let most = |a: &Action| self.moves.get(a.rule() as usize).is_some_and(|r| r.most);
        let Some(best) = out.iter().filter(|a| most(a)).map(Action::captured).max() else {
            return;
        };
        out.retain(|a| !most(a) || a.captured() == best);
    }

    /// Every move of a game whose move rules are all plain steps and jumps (see [`WordMoves`]), in
    /// the order of the general generator: compulsory rules first, the others only if those
    /// make nothing.
    fn word_moves(&self, plan: &WordMoves, state: &State<W>, out: &mut Vec<Action>) {
        let me = state.to_move;
        let own = state.pieces_of(me).word(0);
        let occupied = (0..4).fold(0, |all, p| all | state.pieces_of(p).word(0));
        let enemy = occupied & !own;
        let empty = !occupied;
        let mut kinds = [0u64; WORD_KINDS];
        if plan.by_kind {
            let mut cells = own;
            while cells != 0 {
                let cell = cells.trailing_zeros();
                cells &= cells - 1;
                kinds[usize::from(state.cell(cell as u16) >> 2).wrapping_sub(1) % WORD_KINDS] |=
                    1 << cell;
            }
        }
        let rules = plan.per_player[me as usize].split_at(plan.compulsory);
        for rules in [rules.0, rules.1] {
            for rule in rules {
                let movers = rule.kind.map_or(own, |k| kinds[k as usize]);
                match &rule.moves {
                    WordRuleMoves::Steps(steps) => {
                        for step in steps {
                            let mut targets = (movers & step.sources).rotate_left(step.rotate)
                                & (empty & step.empty | enemy & step.enemy);
                            while targets != 0 {
                                let to = targets.trailing_zeros();
                                targets &= targets - 1;
                                out.push(step.template.to(to, enemy >> to & 1));
                            }
                        }
                    }
                    WordRuleMoves::Jumps(jumps) => {
                        let mut starts = jumps.starts(movers, enemy, empty);
                        while starts != 0 {
                            let from = starts.trailing_zeros();
                            starts &= starts - 1;
                            let chain = WordChain {
                                dirs: &jumps.dirs,
                                chain: jumps.chain,
                                remove_at_end: jumps.remove_at_end,
                                allowed: jumps.allowed,
                                promotes: match jumps.promote {
                                    Some((piece, region)) if state.cell(from as u16) != piece => {
                                        region
                                    }
                                    _ => 0,
                                },
                                // No word plan on a board of columns.
                                stays: 0,
                            };
                            // The jumper has left its cell: a sequence may come back to it.
                            let empty = (empty | 1 << from) & jumps.allowed;
                            let start = Action::new(
                                ActionKind::Jump,
                                jumps.rule,
                                from as u16,
                                from as u16,
                                0,
                                1,
                                0,
                                0,
                            );
                            self.jump_on_word(&chain, from, enemy, empty, start, &mut |a| {
                                out.push(a)
                            });
                        }
                    }
                }
            }
            if !out.is_empty() {
                break;
            }
        }
    }

    /// The outcome of a position, if the game is over there.
    pub fn outcome(&self, state: &State<W>) -> Option<Outcome> {
        self.legal_actions(state, &mut Vec::new())
    }

    /// [`Game::outcome`] with the keys of the earlier positions (see
    /// [`Game::legal_actions_with_history`]).
    pub fn outcome_with_history(&self, state: &State<W>, history: &[u64]) -> Option<Outcome> {
        self.legal_actions_with_history(state, history, &mut Vec::new())
    }

    /// `can_move(player)`: whether `player` would have at least one action from the move rules
    /// (compulsory or not) if it were their turn in this placement. `turn_start` and `no_moves`
    /// rules are not run, so a forced or default `pass` does not count.
    ///
    /// Asked inside `afterwards` of a filter, it judges moves whose own filters may ask it again:
    /// nested more than [`MAX_CAN_MOVE_DEPTH`] deep, it answers true without looking, so that
    /// the asking stays bounded whatever the rules say.
    pub fn can_move(&self, state: &State<W>, player: u8) -> bool {
        let depth = CAN_MOVE_DEPTH.with(|d| d.get());
        if depth >= MAX_CAN_MOVE_DEPTH {
            return true;
        }
        CAN_MOVE_DEPTH.with(|d| d.set(depth + 1));
        let mut turn = *state;
        turn.to_move = player;
        turn.pending = crate::model::state::NONE;
        let found = CAN_MOVE_BUFFER.with(|buffer| match buffer.try_borrow_mut() {
            Ok(mut buffer) => self.has_move(&turn, &mut buffer),
            // Already in use further up the stack: a list of its own.
            Err(_) => self.has_move(&turn, &mut Vec::new()),
        });
        CAN_MOVE_DEPTH.with(|d| d.set(depth));
        found
    }

    /// Whether some move rule makes a legal action for the player to move, stopping at the first
    /// rule that does.
    fn has_move(&self, state: &State<W>, out: &mut Vec<Action>) -> bool {
        out.clear();
        let mut frame = Frame::position(state);
        self.moves.iter().enumerate().any(|(i, rule)| {
            !rule.continuation_only && {
                self.generate(i as u8, rule, &mut frame, out);
                !out.is_empty()
            }
        })
    }

    /// `Ok(outcome)` for an end, `Err(())` for a forced pass.
    fn verdict(&self, v: Verdict) -> Option<Result<Outcome, ()>> {
        let players = self.players.len() as u8;
        match v {
            Verdict::Win(p, score) => Some(Ok(Outcome::Win(p, score))),
            // With two players a loss is the other's win; with more, the next player's (a simplification
            // until a game needs rankings).
            Verdict::Lose(p) => Some(Ok(Outcome::Win(
                crate::model::state::next_player(p, players),
                1,
            ))),
            Verdict::Draw => Some(Ok(Outcome::Draw)),
            Verdict::Pass => Some(Err(())),
            Verdict::Nothing => None,
        }
    }

    /// The actions of a move rule: its candidates, each joined to the rest of the turn when the
    /// rule goes on with a `joined` part.
    #[inline]
    pub(crate) fn generate(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let start = out.len();
        self.generate_part(index, rule, frame, out);
        if rule.joins {
            self.join_parts(rule, frame, start, out);
        }
    }

    /// The candidates of one move rule, one part of a turn.
    pub(super) fn generate_part(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        if !rule.anchors.is_empty() && self.anchored_out(&rule.anchors, frame.state) {
            return;
        }
        if rule.from_unmoved
            && self
                .movers(rule, frame)
                .and(&frame.state.unmoved)
                .is_empty()
        {
            return;
        }
        if !rule.hoists.is_empty() {
            let Some(waived) = self.waived_filters(rule, frame) else {
                return;
            };
            frame.waive(waived, rule.filters.len());
            self.generate_candidates(index, rule, frame, out);
            frame.waive(0, rule.filters.len());
            return;
        }
        self.generate_candidates(index, rule, frame, out);
    }

    /// The candidates of one move rule, by its primitive.
    #[inline(always)]
    fn generate_candidates(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        // One match per rule: each primitive's generator loops over its candidates on its own.
        match &rule.primitive {
            Primitive::DieMove(die) => self.die_moves(index, rule, die, frame.state, out),
            Primitive::Place(place) => self.placements(index, rule, place, frame, out),
            Primitive::Take(of) => self.takes(index, rule, *of, frame, out),
            // A pass is always there to choose: no filter or `forbid` applies to it.
            Primitive::Pass => out.push(Action::new(ActionKind::Pass, index, 0, 0, 0, 0, 0, 0)),
            Primitive::Fly(fly) => self.flights(index, rule, fly, frame, out),
            Primitive::Pair(pair) => self.pairs(index, rule, pair, frame, out),
            Primitive::Step(step) => self.steps(index, rule, step, frame, out),
            Primitive::Slide(slide) => self.slides(index, rule, slide, frame, out),
            Primitive::Line(line) => self.line_moves(index, rule, line, frame, out),
            Primitive::LineStep(step) => self.line_steps(index, rule, step, frame, out),
            Primitive::Jump(jump) => self.jumps(index, rule, jump, frame, out),
            Primitive::PathStep(path_step) => self.path_steps(index, rule, path_step, frame, out),
            Primitive::Sow(sow) => self.sowings(index, rule, sow, frame, out),
            Primitive::Rotate(rotate) => self.rotations(index, rule, rotate, frame, out),
            Primitive::Ride(ride) => self.rides(index, rule, ride, frame, out),
        }
    }

    /// The mover's directions of a direction set.
    #[inline]
    pub(super) fn directions(&self, dirs: u16, player: u8) -> &[u8] {
        &self.board.direction_sets[dirs as usize][player as usize]
    }

    /// Whether the rule moves the mover's piece on `from`: of its kind, and not locked.
    #[inline(always)]
    pub(super) fn moves_piece(&self, rule: &CompiledMove, state: &State<W>, from: u16) -> bool {
        let kind = (state.cell(from) >> 2) - 1;
        rule.moves_kind(kind) && !self.locked(rule, state, from)
    }

    /// Whether a step from `cell` along `dir` follows the rule's lines (always, without `along:`).
    #[inline]
    pub(super) fn follows_lines(&self, along: Option<u16>, cell: u16, dir: u8) -> bool {
        along.is_none_or(|l| self.lines[l as usize].leaving[dir as usize].contains(cell))
    }

    /// Whether the piece on `cell` stands in its owner's part of the rule's `locked:` region, where
    /// it neither moves nor is captured.
    #[inline]
    pub(super) fn locked(&self, rule: &CompiledMove, state: &State<W>, cell: u16) -> bool {
        rule.locked.is_some_and(|r| {
            state
                .owner(cell)
                .is_some_and(|owner| self.region_of(r, owner).contains(cell))
        })
    }

    /// The pieces of every player standing in their own part of the rule's `locked:` region.
    pub(super) fn locked_pieces(&self, rule: &CompiledMove, state: &State<W>) -> CellSet<W> {
        let mut all = CellSet::default();
        if let Some(r) = rule.locked {
            for player in 0..self.players.len() as u8 {
                all = all.or(&state.pieces_of(player).and(self.region_of(r, player)));
            }
        }
        all
    }

    #[inline]
    pub(super) fn avoided(&self, rule: &CompiledMove, player: u8, cell: u16) -> bool {
        rule.avoid
            .is_some_and(|r| self.region_of(r, player).contains(cell))
    }

    /// The rule's pieces of the given kind (all of the mover's when the game has one kind).
    pub(crate) fn movers(&self, rule: &CompiledMove, frame: &mut Frame<'_, W>) -> CellSet<W> {
        let me = frame.state.to_move;
        let own = *frame.state.pieces_of(me);
        match rule.piece.filter(|_| self.pieces.len() > 1) {
            None if rule.kind_choice() => (0..self.pieces.len() as u8)
                .filter(|&kind| rule.moves_kind(kind))
                .fold(CellSet::default(), |all, kind| {
                    all.or(&self.pieces_of_kind(frame, me, kind))
                }),
            None => own,
            Some(kind) => self.pieces_of_kind(frame, me, kind),
        }
    }

    /// The pieces of `player` of `kind`. Several rules and tests of a position may ask for the
    /// mover's pieces of a kind: those are sorted once and kept in the frame.
    pub(crate) fn pieces_of_kind(
        &self,
        frame: &mut Frame<'_, W>,
        player: u8,
        kind: u8,
    ) -> CellSet<W> {
        let state = frame.state;
        let pieces = *state.pieces_of(player);
        if player == state.to_move && (kind as usize) < MOVER_KINDS {
            return frame
                .mover_kinds
                .get_or_insert_with(|| Self::by_kind(state, pieces))[kind as usize];
        }
        self.of_kind(state, pieces, player, kind)
    }

    /// The cells of `pieces` (one player's) sorted by kind, for the first [`MOVER_KINDS`] kinds.
    fn by_kind(state: &State<W>, pieces: CellSet<W>) -> [CellSet<W>; MOVER_KINDS] {
        let mut sets = [CellSet::default(); MOVER_KINDS];
        for cell in pieces.iter() {
            let kind = usize::from(state.cell(cell) >> 2).wrapping_sub(1);
            if let Some(set) = sets.get_mut(kind) {
                set.insert(cell);
            }
        }
        sets
    }

    /// The cells of `cells` holding `owner`'s pieces of `kind`.
    pub(crate) fn of_kind(
        &self,
        state: &State<W>,
        cells: CellSet<W>,
        owner: u8,
        kind: u8,
    ) -> CellSet<W> {
        let wanted = crate::model::state::encode(owner, kind);
        let mut set = CellSet::default();
        for cell in cells.iter() {
            if state.cell(cell) == wanted {
                set.insert(cell);
            }
        }
        set
    }

    /// What landing on `cell` means for the rule: `Some(captured)` if allowed.
    #[inline]
    pub(super) fn landing(&self, to: Landing, state: &State<W>, cell: u16) -> Option<u8> {
        let v = state.cell(cell);
        if v == 0 {
            (to != Landing::Enemy).then_some(0)
        } else {
            (to != Landing::Empty && (v & 3 != state.to_move || to == Landing::Any)).then_some(1)
        }
    }

    /// Whether `piece` ending on `cell` is promoted by the rule.
    #[inline]
    pub(super) fn promotes(&self, rule: &CompiledMove, player: u8, piece: u8, cell: u16) -> bool {
        rule.promote.is_some_and(|(kind, region)| {
            crate::model::state::encode(player, kind) != piece
                && self.region_of(region, player).contains(cell)
        })
    }

    /// Whether a move of `piece` from `from` to `to` is promoted by the rule: it ends in the
    /// region, or (`promote_on: from_or_to`) starts there.
    #[inline]
    pub(super) fn promotes_move(
        &self,
        rule: &CompiledMove,
        player: u8,
        piece: u8,
        from: u16,
        to: u16,
    ) -> bool {
        self.promotes(rule, player, piece, to)
            || (rule.promote_from && self.promotes(rule, player, piece, from))
    }

    /// Keeps the action unless a filter of its rule fails or a `forbid` rule holds after it.
    #[inline(always)]
    pub(super) fn push_if_legal(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        action: Action,
        out: &mut Vec<Action>,
    ) {
        if rule.unchecked {
            out.push(action);
            return;
        }
        if rule.promote_choices != 0 {
            return self.push_promotion_choices(rule, frame, action, out);
        }
        if rule.filters.is_empty() || frame.waived_all {
            let unguarded = match &self.forbid_guards {
                None => !self.forbids.is_empty(),
                // Every forbid needs a piece ending in its guard region: most actions skip them all.
                Some(union) => {
                    let region = &union[frame.state.to_move as usize];
                    self.lands_in(&action, region)
                }
            };
            if !unguarded {
                out.push(action);
                return;
            }
        }
        self.push_if_allowed(rule, frame, action, out);
    }

    /// An action of a rule with a promotion choice: one action per kind where it promotes.
    #[inline(never)]
    fn push_promotion_choices(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        action: Action,
        out: &mut Vec<Action>,
    ) {
        let me = frame.state.to_move;
        let piece = frame.state.cell(action.from_cell());
        let promotes = matches!(action.kind(), ActionKind::Move | ActionKind::Hop)
            && action.count() == 1
            && self.promotes_move(rule, me, piece, action.from_cell(), action.to_cell());
        if !promotes {
            return self.push_if_allowed(rule, frame, action, out);
        }
        let mut kinds = rule.promote_choices;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as u64;
            kinds &= kinds - 1;
            self.push_if_allowed(rule, frame, action.with_path(promotion_path(kind)), out);
        }
    }

    #[inline(never)]
    fn push_if_allowed(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        action: Action,
        out: &mut Vec<Action>,
    ) {
        frame.consider(action);
        let waived = frame.waived;
        let passes = (rule.candidate_filters.iter().enumerate())
            .all(|(i, &f)| waived >> i & 1 != 0 || self.eval_bool(f, frame));
        if !passes {
            return;
        }
        if frame
            .deferred
            .as_deref_mut()
            .is_some_and(|d| d.defer(out.len()))
        {
            // A random playout judges only the candidate it draws (see `deferred_forbids`).
            out.push(action);
            return;
        }
        if self.forbidding(frame, &action).is_none() {
            out.push(action);
        }
    }

    /// The first `forbid` rule that holds for the action the frame considers, if any.
    #[inline]
    pub(crate) fn forbidding(&self, frame: &mut Frame<'_, W>, action: &Action) -> Option<usize> {
        if frame.ignore_forbids {
            return None;
        }
        if let Some(plan) = &self.placement_plan
            && action.kind() == ActionKind::Place
        {
            return self.placement_forbidding(plan, frame, action);
        }
        let me = frame.state.to_move;
        self.forbids.iter().position(|forbid| {
            // A forbid of the shape `lands_in(R) and ...` cannot hold unless a moved piece ends in R.
            if forbid
                .guard
                .is_some_and(|guard| !self.lands_in(action, self.region_of(guard, me)))
            {
                return false;
            }
            match forbid
                .royal
                .and_then(|kind| self.royal_verdict(frame, action, kind))
            {
                Some(holds) => holds,
                None => self.eval_bool(forbid.code, frame),
            }
        })
    }

    /// [`Self::forbidding`] for a placement in a game with a [`Game::placement_plan`]: each
    /// `forbid` decided from the groups of the position where they tell.
    #[inline(never)]
    fn placement_forbidding(
        &self,
        plan: &PlacementPlan,
        frame: &mut Frame<'_, W>,
        action: &Action,
    ) -> Option<usize> {
        self.forbids.iter().position(|forbid| {
            let verdict = forbid
                .placement
                .and_then(|shape| self.placement_verdict(plan, shape, frame, action.to_cell()));
            verdict.unwrap_or_else(|| self.eval_bool(forbid.code, frame))
        })
    }

    /// Whether a moving piece of the action ends in `region`. Always inlined: it runs in the
    /// filters of every candidate, and a call cost Epaminondas's lines 12% more instructions.
    #[inline(always)]
    pub fn lands_in(&self, action: &Action, region: &CellSet<W>) -> bool {
        if action.kind() == ActionKind::Move && action.count() == 1 {
            // One piece: the commonest move, without walking the line.
            return region.contains(action.to_cell());
        }
        self.landing_cells(action).any(|c| region.contains(c))
    }

    /// The cells where the moving pieces of an action end.
    #[inline]
    pub fn landing_cells<'g>(&'g self, action: &Action) -> impl Iterator<Item = u16> + use<'g, W> {
        // A line step's line lies along its axis, which is its direction unless it moves sideways.
        let along = match action.kind() {
            ActionKind::LineStep => action.axis(),
            _ => action.dir(),
        };
        let back = self.board.offsets.get(along as usize).copied().unwrap_or(0);
        let count = match action.kind() {
            ActionKind::Pass | ActionKind::Roll | ActionKind::Reveal | ActionKind::Setup => 0,
            ActionKind::Die if action.to() == super::dice::OFF => 0,
            ActionKind::Jump
            | ActionKind::Hop
            | ActionKind::Die
            | ActionKind::Place
            | ActionKind::Sow => 1,
            ActionKind::Move | ActionKind::LineStep => action.count(),
            // Nothing of the mover's lands: an enemy piece leaves, or the mover's is borne off.
            ActionKind::Take | ActionKind::Off | ActionKind::Rotate => 0,
        };
        let to = action.to_cell() as i16;
        (0..count as i16).map(move |i| (to - i * back) as u16)
    }

    /// The cells a jump lands on in turn, the last one being `action.to`.
    pub fn jump_landings<'g>(&'g self, action: &Action) -> impl Iterator<Item = u16> + use<'g, W> {
        let a = *action;
        let mut cell = a.from_cell();
        (0..a.captured()).map(move |i| {
            let (dir, length) = self.board.jump_step(&a, i);
            for _ in 0..length {
                cell = self.board.neighbour(cell, dir);
            }
            cell
        })
    }

    /// Applies an action (assumed legal) in place.
    pub fn apply(&self, state: &mut State<W>, action: &Action) {
        if !self.apply_effects && action.is_single_step() {
            // Most moves of most games: nothing else to do.
            state.move_piece(action.from_cell(), action.to_cell());
            state.to_move =
                crate::model::state::next_player(state.to_move, self.players.len() as u8);
            state.ply = state.ply.saturating_add(1);
            return;
        }
        if action.kind() == ActionKind::Setup {
            // The set-up drawn by lot: not a ply, and no rule runs after it.
            return self.apply_setup(state, action);
        }
        // Noted before the pieces move: a promotion would change the kind `moved` reads.
        let played = if self.after_reads_action {
            self.played(state, action)
        } else {
            Played::default()
        };
        if self.dice.is_some() {
            self.apply_dice(state, action);
            return self.run_after_rules(state, played);
        }
        if action.kind() == ActionKind::Roll {
            // A throw of `[roll]` dice, not a ply: the turn is played from here.
            Game::apply_throw(state, action);
            return self.run_after_rules(state, played);
        }
        let reveals = self.has_turn_effects();
        if reveals && action.kind() == ActionKind::Reveal {
            // A chance event, not a ply: the move it ends goes on from here.
            self.apply_reveal(state, action);
            return self.run_after_rules(state, played);
        }
        self.move_part(state, action);
        if self.remembers_previous {
            let (from, to) = match action.kind() {
                ActionKind::Pass | ActionKind::Roll | ActionKind::Reveal | ActionKind::Rotate => {
                    (crate::compile::NO_CELL, crate::compile::NO_CELL)
                }
                ActionKind::Place | ActionKind::Take => (crate::compile::NO_CELL, action.to_cell()),
                ActionKind::Off => (action.from_cell(), crate::compile::NO_CELL),
                _ => (action.from_cell(), action.to_cell()),
            };
            state.previous_from = from;
            state.previous_to = to;
        }
        // A face-down piece that has moved is turned up first: the rest of the turn waits for it.
        // Else the turn goes on with a part of its own, or it is over.
        let goes_on = (reveals && self.reveal_due(state, action))
            || (self.has_parts && self.continue_turn(state, action));
        if !goes_on {
            self.end_turn(state);
        }
        state.ply = state.ply.saturating_add(1);
        self.run_after_rules(state, played);
    }

    /// What one part of a turn does to the board: the pieces move (or a piece is placed), a
    /// promotion, then the rule's `then` effects. Whose turn it is next is decided by the caller.
    pub(super) fn move_part(&self, state: &mut State<W>, action: &Action) {
        let me = state.to_move;
        let marks = self.marks_before(state);
        if self.tracks_unmoved {
            // A piece that leaves its cell, or is taken on it, has moved.
            match action.kind() {
                ActionKind::Move | ActionKind::Jump | ActionKind::Hop | ActionKind::LineStep => {
                    state.unmoved.remove(action.from_cell());
                    state.unmoved.remove(action.to_cell());
                }
                ActionKind::Place | ActionKind::Take => state.unmoved.remove(action.to_cell()),
                ActionKind::Off => state.unmoved.remove(action.from_cell()),
                _ => {}
            }
        }
        let sent = self.captures_before_move(state, action);
        let stack_left = match self.board.stacks {
            true => self.before_stacked_move(state, action),
            false => None,
        };
        let column_left = match self.board.columns {
            true => self.before_column_move(state, action),
            false => None,
        };
        match action.kind() {
            // One piece one cell, taking at most what stands there: most moves of most games.
            ActionKind::Move if action.is_single_step() => {
                state.move_piece(action.from_cell(), action.to_cell());
            }
            ActionKind::Move => {
                if let Some(remote) = action.remote() {
                    for cell in self.remote_cells(action, remote) {
                        state.clear(cell);
                    }
                } else {
                    let mut cell = action.to_cell();
                    for _ in 0..action.captured() {
                        state.clear(cell);
                        cell = self.board.neighbour(cell, action.dir());
                    }
                }
                if action.count() == 1 {
                    // One piece, from its cell: also along a link direction, whose cells are
                    // not a fixed offset apart.
                    state.move_piece(action.from_cell(), action.to_cell());
                } else {
                    self.move_line(state, action);
                }
            }
            ActionKind::Jump if self.board.columns && self.jump_taking_tops(state, action) => {}
            ActionKind::Jump => {
                let piece = state.cell(action.from_cell());
                state.clear(action.from_cell());
                let mut cell = action.from_cell();
                for i in 0..action.captured() {
                    // The jumped piece is the one piece between the jump's ends.
                    let (dir, length) = self.board.jump_step(action, i);
                    for _ in 1..length {
                        cell = self.board.neighbour(cell, dir);
                        state.clear(cell);
                    }
                    cell = self.board.neighbour(cell, dir);
                }
                state.set(cell, piece);
            }
            ActionKind::Hop if self.moves_a_pair(action) => self.move_pair(state, action),
            ActionKind::Hop => {
                let piece = state.cell(action.from_cell());
                state.clear(action.from_cell());
                state.set(action.to_cell(), piece);
            }
            ActionKind::Place => {
                let rule = &self.moves[action.rule() as usize];
                let kind = self.placed_kind(rule, action);
                state.put(action.to_cell(), me, kind);
                let hand_slot = match &rule.primitive {
                    Primitive::Place(place) if place.choices != 0 => place.hand_slot.map(|_| {
                        self.hand_slot_of
                            .get(kind as usize)
                            .copied()
                            .unwrap_or(crate::compile::NO_HAND)
                    }),
                    Primitive::Place(place) => place.hand_slot,
                    _ => None,
                };
                if let Some(slot) = hand_slot.filter(|&s| s != crate::compile::NO_HAND) {
                    let held = &mut state.hand[me as usize & 3][slot as usize];
                    *held = held.saturating_sub(1);
                }
            }
            ActionKind::Take => state.clear(action.to_cell()),
            ActionKind::Sow => self.sow(state, action),
            ActionKind::Rotate => self.rotate_square(state, action),
            ActionKind::LineStep => self.apply_line_step(state, action),
            ActionKind::Off => {
                state.clear(action.from_cell());
                state.off[me as usize & 3] = state.off[me as usize & 3].saturating_add(1);
            }
            // Dice games, reveals and the drawn set-up are applied above.
            ActionKind::Pass
            | ActionKind::Roll
            | ActionKind::Die
            | ActionKind::Reveal
            | ActionKind::Setup => {}
        }
        if let Some(left) = stack_left {
            self.after_stacked_move(state, left);
        }
        if let Some((owner, kind)) = sent {
            self.send_captured(state, owner, kind);
        }
        if self.board.columns {
            self.after_column_move(state, action, column_left);
        }
        self.promote_moved(state, action, me);
        if let Some(before) = &marks {
            self.keep_marks(state, before, action);
        }
        if self.tracks_visited {
            self.note_visited(state, action);
        }
        if self.has_rule_effects
            && matches!(
                action.kind(),
                ActionKind::Move
                    | ActionKind::Jump
                    | ActionKind::Hop
                    | ActionKind::Place
                    | ActionKind::Take
                    | ActionKind::Sow
                    | ActionKind::Off
                    | ActionKind::Rotate
                    | ActionKind::LineStep
            )
        {
            self.apply_rule_effects(state, action);
        }
    }

    /// What captures do before the pieces move: those that join the captor's hand join it, and
    /// the piece a landing takes (owner, kind) is returned where a kind is `sent_to` a region,
    /// to be set there once the move is made.
    fn captures_before_move(&self, state: &mut State<W>, action: &Action) -> Option<(u8, u8)> {
        // A placement captures nothing, so the commonest action of the games that place skips
        // the tests.
        if action.kind() == ActionKind::Place || action.captured() == 0 {
            return None;
        }
        if !self.captured_slot_of.is_empty() {
            self.capture_to_hand(state, action);
        }
        match action.kind() {
            ActionKind::Move | ActionKind::Hop if !self.sent_to.is_empty() => {
                state.piece(action.to_cell())
            }
            _ => None,
        }
    }

    /// A piece taken by a landing, of a kind with `sent_to`, goes to the first empty cell of its
    /// owner's part of the region; where none is empty it stays off the board.
    fn send_captured(&self, state: &mut State<W>, owner: u8, kind: u8) {
        let Some(Some(region)) = self.sent_to.get(kind as usize) else {
            return;
        };
        let free = self.region_of(*region, owner).and_not(&state.occupied());
        if let Some(cell) = free.iter().next() {
            state.put(cell, owner, kind);
        }
    }

    /// A line of pieces moving together (`line`), the front one landing on `to`: vector
    /// directions only, whose cells are a fixed offset apart.
    fn move_line(&self, state: &mut State<W>, action: &Action) {
        let back = self.board.offsets[action.dir() as usize];
        let mut dst = action.to_cell() as i16;
        let mut src = dst - action.distance() as i16 * back;
        for _ in 0..action.count() {
            let moving = state.cell(src as u16);
            state.clear(src as u16);
            state.set(dst as u16, moving);
            dst -= back;
            src -= back;
        }
    }

    /// A promotion: the piece one action moved becomes the rule's kind (or the kind chosen)
    /// where the rule's region says so.
    #[inline]
    fn promote_moved(&self, state: &mut State<W>, action: &Action, me: u8) {
        if matches!(
            action.kind(),
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop
        ) && action.count() == 1
        {
            let rule = &self.moves[action.rule() as usize];
            let piece = state.cell(action.to_cell());
            let (from, to) = (action.from_cell(), action.to_cell());
            if let Some((kind, _)) = rule
                .promote
                .filter(|_| self.promotes_move(rule, me, piece, from, to))
            {
                // The kind chosen, for a rule with a choice; none chosen where staying is one.
                let kind = match action.path() {
                    chosen @ 1..=64 if rule.promote_choices != 0 => Some(chosen as u8 - 1),
                    0 if rule.promote_choices >> STAY & 1 != 0 => None,
                    _ => Some(kind),
                };
                if let Some(kind) = kind {
                    state.put(to, me, kind);
                }
            }
        }
    }

    /// The pieces the action captures (those `to_hand` sends there) join the mover's hand, before
    /// they leave the board: a landing's run of pieces, or each piece a jump passes over.
    fn capture_to_hand(&self, state: &mut State<W>, action: &Action) {
        let me = state.to_move as usize & 3;
        let gain = |state: &mut State<W>, cell: u16| {
            if let Some((owner, kind)) = state.piece(cell) {
                let slot = self.captured_slot_of.get(kind as usize).copied();
                if let Some(slot) = slot.filter(|&s| s != crate::compile::NO_HAND) {
                    // `returns_home`: to its owner's hand, to enter again.
                    let (holder, slot) = match slot & crate::compile::TO_OWNER {
                        0 => (me, slot),
                        _ => (owner as usize & 3, slot & !crate::compile::TO_OWNER),
                    };
                    let held = &mut state.hand[holder][slot as usize];
                    *held = held.saturating_add(1);
                }
            }
        };
        match action.kind() {
            ActionKind::Move => {
                let mut cell = action.to_cell();
                for _ in 0..action.captured() {
                    gain(state, cell);
                    cell = self.board.neighbour(cell, action.dir());
                }
            }
            ActionKind::Jump => {
                let mut cell = action.from_cell();
                for i in 0..action.captured() {
                    let (dir, length) = self.board.jump_step(action, i);
                    for _ in 1..length {
                        cell = self.board.neighbour(cell, dir);
                        if state.cell(cell) != 0 {
                            gain(state, cell);
                        }
                    }
                    cell = self.board.neighbour(cell, dir);
                }
            }
            ActionKind::Hop => gain(state, action.to_cell()),
            _ => {}
        }
    }

    /// What `action` does when played in `state`, as `captured` and `moved` read it: the pieces
    /// it captures (taken by its landing or a line's run, jumped, hit to the bar or pinned; not
    /// those a surround relocates or removes after it), and the kinds of the pieces it moves as
    /// they stand before it. Rolls, reveals and passes do neither.
    #[inline]
    pub fn played(&self, state: &State<W>, action: &Action) -> Played {
        let kind_at = |cell: u16| state.piece(cell).map_or(0, |(_, kind)| 1u64 << kind);
        let moved = match action.kind() {
            ActionKind::Pass => {
                return Played {
                    passed: true,
                    ..Played::default()
                };
            }
            // A placed piece is new on the board: it moved from nowhere.
            ActionKind::Roll
            | ActionKind::Reveal
            | ActionKind::Place
            | ActionKind::Rotate
            | ActionKind::Setup => {
                return Played::default();
            }
            // Taking an enemy piece is a capture; taking one's own (`of: own`) is not.
            ActionKind::Take => {
                return Played {
                    captured: action.captured(),
                    ..Played::default()
                };
            }
            // Entering from the bar: the kind `apply` gives the piece.
            ActionKind::Die if action.from() == super::dice::BAR => {
                1u64 << self.moves[action.rule() as usize].piece.unwrap_or(0)
            }
            ActionKind::Die
            | ActionKind::Jump
            | ActionKind::Hop
            | ActionKind::Sow
            | ActionKind::Off => kind_at(action.from_cell()),
            ActionKind::Move => {
                // Every piece of the line, from the front back, as `apply` moves them.
                let back = self.board.offsets[action.dir() as usize];
                let front = action.to_cell() as i16 - i16::from(action.distance()) * back;
                (0..i16::from(action.count()))
                    .fold(0, |kinds, i| kinds | kind_at((front - i * back) as u16))
            }
            // Every piece of the line, where it stands before it steps.
            ActionKind::LineStep => (self.line_step_landings(action).iter())
                .map(|&c| self.board.predecessor(c, action.dir()))
                .fold(0, |kinds, c| kinds | kind_at(c)),
        };
        Played {
            captured: action.captured(),
            moved,
            passed: false,
        }
    }

    /// The `then` effects of the action's rule, in order, once its piece has moved: each whose
    /// condition holds, on the position the effects before it left.
    fn apply_rule_effects(&self, state: &mut State<W>, action: &Action) {
        let rule = &self.moves[action.rule() as usize];
        for effect in &rule.effects {
            let frame = || {
                let mut frame = Frame::position(state);
                frame.action = Some(*action);
                frame
            };
            // One frame for the condition and the cells: a walk the condition made (the cells
            // a capture would take, counted) is not made again.
            let mut judged = frame();
            let (holds, built) = match (&effect.fast_condition, effect.condition) {
                (Some(fast), _) => self.effect_condition_holds(fast, &mut judged),
                (None, Some(c)) => (self.eval_bool(c, &mut judged), None),
                (None, None) => (true, None),
            };
            if !holds {
                continue;
            }
            if effect.verb == EffectVerb::ExtraTurn {
                let player = self.eval_int(effect.target, &mut frame()) as u8 & 3;
                self.owe_turn(state, player);
                continue;
            }
            if let (EffectVerb::Shift, Some(destination)) = (effect.verb, effect.destination) {
                let from = self.eval_int(effect.target, &mut frame());
                let to = self.eval_int(destination, &mut frame());
                let on_board = |c: i32| usize::try_from(c).is_ok_and(|c| c < self.board.cells);
                if on_board(from) && on_board(to) && from != to {
                    let (from, to) = (from as u16, to as u16);
                    let piece = state.cell(from);
                    if piece != 0 {
                        // A whole stack moves, onto a cell emptied of whatever stood there.
                        let (piece, height) = state.lift(from);
                        state.lift(to);
                        state.drop_pieces(to, piece, height);
                        state.unmoved.remove(from);
                        state.unmoved.remove(to);
                    }
                }
                continue;
            }
            let cells = match (&effect.fast, &effect.fast_target) {
                (Some(filter), _) => self.neighbour_filter(filter, state, action),
                // Built already if the condition counted its pieces.
                (None, Some(set)) => built.unwrap_or_else(|| self.fast_set(set, &judged)),
                (None, None) => self.eval_set(effect.target, &mut judged),
            };
            let into = match (&effect.fast_into, effect.into) {
                (Some(set), _) => Some(self.fast_set(set, &judged)),
                (None, into) => into.map(|i| self.eval_set(i, &mut judged)),
            };
            let me = state.to_move;
            match effect.verb {
                EffectVerb::Flip => {
                    for cell in cells.iter() {
                        if let Some((_, kind)) = state.piece(cell) {
                            state.put(cell, me, kind);
                        }
                    }
                }
                EffectVerb::Remove => {
                    for cell in cells.iter() {
                        match self.board.stacks {
                            true => {
                                state.lift(cell);
                            }
                            false => state.clear(cell),
                        }
                    }
                    state.marked = state.marked.and_not(&cells);
                    state.unmoved = state.unmoved.and_not(&cells);
                }
                EffectVerb::Mark => state.marked = state.marked.or(&cells.and(&state.occupied())),
                EffectVerb::Gather => {
                    if let Some(dest) = into.and_then(|set| set.iter().next()) {
                        for cell in cells.iter().filter(|&c| c != dest) {
                            let (piece, height) = state.lift(cell);
                            state.drop_pieces(dest, piece, height);
                        }
                        state.marked = state.marked.and_not(&cells);
                    }
                }
                EffectVerb::ExtraTurn | EffectVerb::Shift => {}
            }
        }
    }

    /// The `after` rules, on the position an action made; `played` is what the action did.
    #[inline(always)]
    fn run_after_rules(&self, state: &mut State<W>, played: Played) {
        if let [rule] = &self.after[..]
            && let Some(fast) = &rule.counter_fast
        {
            // One rule that only sets a counter: no frame to build.
            let mut counters = state.counters;
            fast.run(&state.counters, &played, &mut counters);
            state.counters = counters;
        } else if !self.after.is_empty() {
            self.run_after_rules_in_frame(state, played);
        }
    }

    /// [`Game::run_after_rules`] with a frame for the rules that need one.
    #[inline(never)]
    fn run_after_rules_in_frame(&self, state: &mut State<W>, played: Played) {
        let counters = {
            let mut frame = Frame::position(state);
            frame.played = played;
            for rule in &self.after {
                match &rule.counter_fast {
                    Some(fast) => fast.run(&state.counters, &frame.played, &mut frame.new_counters),
                    None => {
                        self.eval_rule(rule.code, &mut frame);
                    }
                }
            }
            frame.new_counters
        };
        state.counters = counters;
    }

    /// The position after an action, leaving the given one as it was.
    pub fn after(&self, state: &State<W>, action: &Action) -> State<W> {
        let mut next = *state;
        self.apply(&mut next, action);
        next
    }
}
