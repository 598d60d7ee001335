//! Random play without judging every candidate: a random playout needs one legal action, not all
//! of them. Where judging a candidate against the `forbid` rules is the costly part (Go's
//! superko plays each candidate out; its suicide and simple ko are decided from the groups
//! instead, see [`crate::compile::fast::placement_forbids`]), the playout lists the candidates
//! with their `forbid`s left
//! for later, draws one, and judges only that one; a forbidden draw is struck off and another is
//! drawn. Each legal action is as likely as with the full list, and a position where every
//! candidate is forbidden falls back to the full generator (which then knows what no move means).
//!
//! Chosen when the game is compiled ([`Game::defers_forbids`]): only where a `forbid` exists and
//! no rule sifts or joins the list of actions (`compulsory most`, parts joined into one action),
//! whose results would depend on the whole list being judged.

use super::eval::Frame;
use super::movegen::Outcome;
use crate::compile::Game;
use crate::model::action::Action;
use crate::model::state::State;
use rand::RngExt;

/// The most candidates whose `forbid`s a list may leave for later: past it they are judged at
/// once, as the full generator does.
pub const MAX_DEFERRED: usize = 1024;

/// Which positions of a list of candidates still have their `forbid`s to be judged.
#[derive(Clone, Copy, Default)]
pub struct Deferred {
    words: [u64; MAX_DEFERRED / 64],
}

impl Deferred {
    /// Whether the candidate about to be pushed at `index` can be left unjudged, and if so marks
    /// it.
    #[inline]
    pub fn defer(&mut self, index: usize) -> bool {
        if index >= MAX_DEFERRED {
            return false;
        }
        self.words[index / 64] |= 1 << (index % 64);
        true
    }

    #[inline]
    fn contains(&self, index: usize) -> bool {
        index < MAX_DEFERRED && self.words[index / 64] >> (index % 64) & 1 == 1
    }

    #[inline]
    fn set(&mut self, index: usize, on: bool) {
        if index < MAX_DEFERRED {
            let bit = 1 << (index % 64);
            if on {
                self.words[index / 64] |= bit;
            } else {
                self.words[index / 64] &= !bit;
            }
        }
    }
}

/// What a random draw among the legal actions found.
pub enum Drawn {
    /// The game is over.
    Over(Outcome),
    /// A chance event: `actions` holds its outcomes, as the full generator gives them.
    Chance,
    /// A legal action of the player to move.
    Action(Action),
}

impl<const W: usize> Game<W> {
    /// One legal action of the player to move, each as likely as with
    /// [`Game::legal_actions_with_history`] and a uniform draw, with `key` as there. `actions` is a
    /// buffer (left holding a chance event's outcomes).
    pub fn draw_legal_action(
        &self,
        state: &State<W>,
        history: &[u64],
        key: &mut Option<u64>,
        actions: &mut Vec<Action>,
        rng: &mut impl rand::Rng,
    ) -> Drawn {
        let chance = self.is_chance(state);
        if !self.defers_forbids || chance {
            // Every candidate is judged as it is listed: a draw from the list is legal.
            return match self.legal_actions_keyed(state, history, key, actions) {
                Some(outcome) => Drawn::Over(outcome),
                None if chance => Drawn::Chance,
                None => Drawn::Action(actions[rng.random_range(0..actions.len())]),
            };
        }
        let mut marks = Deferred::default();
        let mut frame = Frame::with_history(state, history);
        frame.deferred = Some(&mut marks);
        if let Some(outcome) = self.legal_actions_in(&mut frame, actions) {
            *key = frame.key;
            return Drawn::Over(outcome);
        }
        while !actions.is_empty() {
            let i = rng.random_range(0..actions.len());
            let action = actions[i];
            if !frame
                .deferred
                .as_deref()
                .is_some_and(|marks| marks.contains(i))
            {
                *key = frame.key;
                return Drawn::Action(action);
            }
            frame.consider(action);
            if self.forbidding(&mut frame, &action).is_none() {
                *key = frame.key;
                return Drawn::Action(action);
            }
            // Struck off: the last candidate takes its place, with its mark.
            let last = actions.len() - 1;
            actions.swap_remove(i);
            if let Some(marks) = frame.deferred.as_deref_mut() {
                let last_deferred = marks.contains(last);
                marks.set(i, last_deferred);
                marks.set(last, false);
            }
        }
        // Every candidate was forbidden: the full generator says what that position means.
        match self.legal_actions_keyed(state, history, key, actions) {
            Some(outcome) => Drawn::Over(outcome),
            None => Drawn::Action(actions[rng.random_range(0..actions.len())]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::engine::playout::seeded_rng;

    /// The shipped games whose playouts defer their `forbid`s, on boards a debug build plays
    /// quickly.
    fn deferring_games() -> Vec<Game> {
        let catalog = Catalog::default();
        let games: Vec<Game> = catalog
            .list()
            .iter()
            .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
            .filter(|g| g.defers_forbids && g.board.cells <= 100)
            .collect();
        assert!(games.len() >= 3, "only {} games defer", games.len());
        games
    }

    /// The candidates of a position with their `forbid`s left for later.
    fn candidates(game: &Game, state: &State, history: &[u64]) -> Vec<Action> {
        let mut marks = Deferred::default();
        let mut frame = Frame::with_history(state, history);
        frame.deferred = Some(&mut marks);
        let mut out = Vec::new();
        game.legal_actions_in(&mut frame, &mut out);
        out
    }

    /// Five kinds of stone to place on 16 x 16: more candidates (5 x 256) than the marks hold,
    /// and a `forbid` (no stone with fewer than four liberties) that strikes many of them.
    const FIVE_STONES: &str = r#"
[game]
name = "Five stones"
players = ["black", "white"]

[board]
files = 16
ranks = 16

[board.directions]
n = [0, 1]
s = [0, -1]
e = [1, 0]
w = [-1, 0]

[pieces.a]
symbols = { black = "A", white = "a" }
[pieces.b]
symbols = { black = "B", white = "b" }
[pieces.c]
symbols = { black = "C", white = "c" }
[pieces.d]
symbols = { black = "D", white = "d" }
[pieces.e]
symbols = { black = "E", white = "e" }

[rules]
text = """
move a "a stone a is placed on an empty point" { place(piece: a) }
move b "a stone b is placed on an empty point" { place(piece: b) }
move c "a stone c is placed on an empty point" { place(piece: c) }
move d "a stone d is placed on an empty point" { place(piece: d) }
move e "a stone e is placed on an empty point" { place(piece: e) }
forbid crowded "a stone must have four liberties" { afterwards(liberties(to) < 4) }
"""
"#;

    /// Past [`MAX_DEFERRED`] candidates the list judges each as it is listed: every candidate
    /// there is legal, the legal actions are the judged list's in its order, and draws are legal.
    #[test]
    fn candidates_past_the_marks_are_judged_as_they_are_listed() {
        let (game, _, _) = crate::load_game_text("five-stones.toml", FIVE_STONES.into(), &[])
            .expect("the game loads");
        assert!(game.defers_forbids);
        let mut rng = seeded_rng(3);
        let mut state = game.initial;
        let mut history = Vec::new();
        let (mut legal, mut buffer) = (Vec::new(), Vec::new());
        let mut struck_past_the_marks = 0;
        for _ in 0..12 {
            assert!(
                game.legal_actions_with_history(&state, &history, &mut legal)
                    .is_none()
            );
            let listed = candidates(&game, &state, &history);
            assert!(listed.len() > MAX_DEFERRED, "{} candidates", listed.len());
            let judged = &listed[MAX_DEFERRED..];
            assert!(judged.iter().all(|a| legal.contains(a)));
            let every_placement = 5 * (game.board.cells - state.occupied().len() as usize);
            struck_past_the_marks += every_placement - listed.len();
            let kept: Vec<Action> = listed
                .iter()
                .copied()
                .filter(|a| legal.contains(a))
                .collect();
            assert_eq!(kept, legal);
            for _ in 0..20 {
                let mut key = None;
                match game.draw_legal_action(&state, &history, &mut key, &mut buffer, &mut rng) {
                    Drawn::Action(action) => assert!(legal.contains(&action), "{action:?}"),
                    _ => panic!("the game goes on"),
                }
            }
            let pick = legal[rng.random_range(0..legal.len())];
            game.note_position(&mut history, &state);
            game.apply(&mut state, &pick);
        }
        assert!(
            struck_past_the_marks > 0,
            "no candidate past the marks was forbidden"
        );
    }

    /// On every position of seeded random games played to their end: a draw is over exactly when
    /// the game is, with the same outcome; every action drawn is legal; and where there are few
    /// legal actions, every one of them is drawn. Some game must end where candidates were left
    /// and every one was forbidden (checkmate), the case the draw hands to the full generator.
    #[test]
    fn a_drawn_action_is_a_legal_one_and_every_legal_one_is_drawn() {
        let mut every_candidate_forbidden = 0;
        for game in deferring_games() {
            let mut rng = seeded_rng(7);
            for _ in 0..3 {
                let mut state = game.initial;
                let mut history = Vec::new();
                let mut legal = Vec::new();
                let mut buffer = Vec::new();
                for _ in 0..1_000 {
                    let over = game.legal_actions_with_history(&state, &history, &mut legal);
                    let draws = if legal.len() <= 6 { 120 } else { 10 };
                    let mut seen = vec![false; legal.len()];
                    for _ in 0..draws {
                        let mut key = None;
                        match game.draw_legal_action(
                            &state,
                            &history,
                            &mut key,
                            &mut buffer,
                            &mut rng,
                        ) {
                            Drawn::Over(outcome) => {
                                assert_eq!(Some(outcome), over, "{}", game.name)
                            }
                            Drawn::Chance => assert!(game.is_chance(&state)),
                            Drawn::Action(action) => {
                                assert!(over.is_none(), "{}: drawn after the end", game.name);
                                let i = legal.iter().position(|a| *a == action);
                                let i = i.unwrap_or_else(|| {
                                    panic!("{}: {action:?} is not legal", game.name)
                                });
                                seen[i] = true;
                            }
                        }
                    }
                    if over.is_some() {
                        if !candidates(&game, &state, &history).is_empty() {
                            every_candidate_forbidden += 1;
                        }
                        break;
                    }
                    if legal.len() <= 6 && !game.is_chance(&state) {
                        assert!(
                            seen.iter().all(|&s| s),
                            "{}: a legal action never drawn",
                            game.name
                        );
                    }
                    let pick = legal[rng.random_range(0..legal.len())];
                    game.note_position(&mut history, &state);
                    game.apply(&mut state, &pick);
                }
            }
        }
        assert!(
            every_candidate_forbidden > 0,
            "no game ended with every candidate forbidden"
        );
    }
}
