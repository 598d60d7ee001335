//! Which rules made a position's legal actions or its end: a slow twin of
//! [`Game::legal_actions_with_history`] for `tabula verify --coverage`, kept out of the move
//! generator so that play pays nothing for it.

use super::eval::{Frame, Verdict};
use crate::compile::{Game, Primitive};
use crate::model::action::Action;
use crate::model::state::State;

/// What decided a position, rule by rule. Rule indices are those of the compiled game
/// ([`Game::moves`], [`Game::forbids`], [`Game::turn_start`]).
#[derive(Clone, Debug, Default)]
pub struct Explanation {
    /// The `turn_start` rule that ended the game or forced a pass.
    pub turn_start: Option<usize>,
    /// Move rules that made at least one legal action.
    pub moves: Vec<usize>,
    /// `forbid` rules that removed at least one candidate (the first `forbid` that holds for a
    /// candidate removes it, as in the move generator).
    pub forbids: Vec<usize>,
    /// Whether the `no_moves` rule reached an outcome (a win, loss, draw or pass).
    pub no_moves: bool,
}

/// Explains positions of one game. Holds a copy of the game without its `forbid` rules, whose
/// move rules give every candidate that their `where` filters keep.
pub struct Explainer<'g, const W: usize = 4> {
    game: &'g Game<W>,
    unforbidden: Game<W>,
}

impl<'g, const W: usize> Explainer<'g, W> {
    pub fn new(game: &'g Game<W>) -> Self {
        let mut unforbidden = game.clone();
        unforbidden.forbids.clear();
        unforbidden.forbid_guards = None;
        // Its placements would strike off the cells a `forbid` removes before they are judged.
        unforbidden.placement_plan = None;
        Explainer { game, unforbidden }
    }

    /// The rules that decide the position reached after the positions whose keys are `history`.
    pub fn explain(&self, state: &State<W>, history: &[u64]) -> Explanation {
        let game = self.game;
        let mut explanation = Explanation::default();
        let mut frame = Frame::with_history(state, history);
        for (i, check) in game.turn_start.iter().enumerate() {
            if game.eval_rule(check.code, &mut frame) != Verdict::Nothing {
                explanation.turn_start = Some(i);
                return explanation;
            }
        }
        // Rolls and reveals come from no rule of the file.
        if game.is_chance(state) {
            return explanation;
        }
        let mut legal = Vec::new();
        // The rest of a turn: only the rule its last part named.
        if state.pending != crate::model::state::NONE {
            let i = state.pending as usize;
            self.judge_rule(i, state, history, &mut frame, &mut explanation, &mut legal);
            return explanation;
        }
        for compulsory in [true, false] {
            if !game.has_compulsory && compulsory {
                continue;
            }
            for (i, rule) in game.moves.iter().enumerate() {
                if rule.compulsory != compulsory || rule.continuation_only {
                    continue;
                }
                self.judge_rule(i, state, history, &mut frame, &mut explanation, &mut legal);
            }
            if compulsory && game.has_most {
                // Majority capture: a rule whose every action captures fewer made none.
                game.keep_most(&mut legal);
                explanation
                    .moves
                    .retain(|&i| legal.iter().any(|a| a.rule() as usize == i));
            }
            if !legal.is_empty() {
                return explanation;
            }
        }
        if let Some(rule) = &game.no_moves {
            frame.action = None;
            explanation.no_moves = game.eval_rule(rule.code, &mut frame) != Verdict::Nothing;
        }
        explanation
    }

    /// Sorts the candidates of move rule `i` (its `where` filters applied) into the legal ones,
    /// added to `legal` and crediting the rule, and those a `forbid` rule removes.
    fn judge_rule(
        &self,
        i: usize,
        state: &State<W>,
        history: &[u64],
        frame: &mut Frame<'_, W>,
        explanation: &mut Explanation,
        legal: &mut Vec<Action>,
    ) {
        let mut candidates = Vec::new();
        let mut open = Frame::with_history(state, history);
        let rule = &self.unforbidden.moves[i];
        self.unforbidden
            .generate(i as u8, rule, &mut open, &mut candidates);
        for action in candidates {
            match self.forbidden_by(&self.game.moves[i].primitive, frame, action) {
                Some(f) => add(&mut explanation.forbids, f),
                None => {
                    add(&mut explanation.moves, i);
                    // A joined turn's second part is a move of its own rule too.
                    if let Some(second) = action.joined_part() {
                        add(&mut explanation.moves, second.rule() as usize);
                    }
                    legal.push(action);
                }
            }
        }
    }

    /// The first `forbid` rule that holds after the action, as the move generator tests them.
    fn forbidden_by(
        &self,
        primitive: &Primitive,
        frame: &mut Frame<'_, W>,
        action: Action,
    ) -> Option<usize> {
        let game = self.game;
        // `die_move` actions and passes are not filtered.
        if matches!(primitive, Primitive::DieMove(_) | Primitive::Pass) {
            return None;
        }
        frame.consider(action);
        game.forbidding(frame, &action)
    }

    /// The `after` rules (indices into [`Game::after`]) that change a counter when `action` is
    /// played in `state`.
    pub fn counters_changed_by(&self, state: &State<W>, action: &Action) -> Vec<usize> {
        let game = self.game;
        if game.after.is_empty() {
            return Vec::new();
        }
        // The position the action makes, with the counters as they were before the `after` rules.
        let mut reached = game.after(state, action);
        reached.counters = state.counters;
        let played = game.played(state, action);
        game.after
            .iter()
            .enumerate()
            .filter(|(_, rule)| {
                let mut frame = Frame::position(&reached);
                frame.played = played;
                game.eval_rule(rule.code, &mut frame);
                frame.new_counters != reached.counters
            })
            .map(|(i, _)| i)
            .collect()
    }
}

fn add(list: &mut Vec<usize>, index: usize) {
    if !list.contains(&index) {
        list.push(index);
    }
}
