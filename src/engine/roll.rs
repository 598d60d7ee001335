//! `[roll]`: dice thrown at the start of every turn; the rules read their total as `roll`.
//!
//! A turn: the player to move throws first (a chance event, its outcomes the distinct totals,
//! listed as `roll:N` actions), then plays one action of the rules, which read the total where
//! they like. The throw holds for every part of the turn and is forgotten when the turn is over;
//! a turn owed by `extra_turn` throws again.

use crate::check::RollDecl;
use crate::compile::Game;
use crate::model::action::{Action, ActionKind};
use crate::model::state::{Pool, State};
use rand::{Rng, RngExt};

impl Action {
    /// A throw of the dice whose total is `total`.
    pub fn thrown(total: u8) -> Action {
        Action::new(ActionKind::Roll, 0, u16::from(total), 0, 0, 0, 0, 0)
    }

    /// A throw whose dice the rules read one by one: the total, and the dice (highest first, at
    /// most three) five bits each.
    pub fn thrown_each(dice: &[u8]) -> Action {
        let total = dice.iter().map(|&d| u16::from(d)).sum();
        let packed = (dice.iter().enumerate()).fold(0u16, |p, (i, &d)| p | u16::from(d) << (5 * i));
        Action::new(ActionKind::Roll, 0, total, packed, 0, 0, 0, 0)
    }

    /// The dice of a throw made by [`Action::thrown_each`], highest first.
    pub fn dice_thrown(&self, count: u8) -> impl Iterator<Item = u8> + use<> {
        let packed = self.to();
        (0..count).map(move |i| (packed >> (5 * i) & 31) as u8)
    }
}

impl<const W: usize> Game<W> {
    /// Every total the dice can throw, lowest first: the outcomes of the chance event.
    pub(crate) fn all_throws(roll: &RollDecl) -> Vec<Action> {
        if !roll.each.is_empty() {
            return roll
                .each
                .iter()
                .map(|(d, _)| Action::thrown_each(d))
                .collect();
        }
        roll.totals
            .iter()
            .map(|&(t, _)| Action::thrown(t))
            .collect()
    }

    /// How likely a throw is: the throws that make its total, out of all.
    pub(crate) fn throw_weight(roll: &RollDecl, action: &Action) -> (u32, u32) {
        if !roll.each.is_empty() {
            let ways = (roll.each.iter())
                .find(|(d, _)| Action::thrown_each(d).to() == action.to())
                .map_or(0, |w| w.1);
            return (ways, roll.throws);
        }
        let total = action.from() as u8;
        let ways = roll
            .totals
            .iter()
            .find(|(t, _)| *t == total)
            .map_or(0, |w| w.1);
        (ways, roll.throws)
    }

    /// Throws the dice.
    pub(crate) fn sample_throw<R: Rng + ?Sized>(roll: &RollDecl, rng: &mut R) -> Action {
        if !roll.each.is_empty() {
            let mut dice: Vec<u8> = (0..roll.dice)
                .map(|_| roll.faces[rng.random_range(0..roll.faces.len())])
                .collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            return Action::thrown_each(&dice);
        }
        let total = (0..roll.dice)
            .map(|_| roll.faces[rng.random_range(0..roll.faces.len())])
            .sum();
        Action::thrown(total)
    }

    /// The throw is made: its total is what `roll` reads for the rest of the turn, and its dice
    /// (where the rules read them, highest first) what `die(n)` reads. Not a ply.
    pub(crate) fn apply_throw(state: &mut State<W>, action: &Action) {
        state.rolls = state.rolls.saturating_add(1);
        state.clear_pool();
        state.pool[0] = action.from() as u8;
        state.pool_len = 1;
        for die in action.dice_thrown(3).take_while(|&d| d > 0) {
            state.pool[usize::from(state.pool_len)] = die;
            state.pool_len += 1;
        }
        state.pool_kind = Pool::Roll;
    }

    /// The turn is over: the next one throws afresh.
    #[inline]
    pub(crate) fn forget_throw(&self, state: &mut State<W>) {
        if self.roll.is_some() {
            state.clear_pool();
            state.pool_kind = Pool::Empty;
        }
    }
}

impl<const W: usize> State<W> {
    /// The total of this turn's throw (`roll`): 0 before the dice are thrown.
    #[inline]
    pub fn thrown(&self) -> u8 {
        if self.pool_len > 0 { self.pool[0] } else { 0 }
    }

    /// The nth highest die of this turn's throw (`die(n)`), 0 before the throw.
    #[inline]
    pub fn die(&self, n: u8) -> u8 {
        if n < self.pool_len {
            self.pool[usize::from(n)]
        } else {
            0
        }
    }
}

impl<const W: usize> Game<W> {
    /// Whether pieces can leave the board borne off: by a die, or past the end of a path.
    pub fn bears_off(&self) -> bool {
        use crate::compile::Primitive;
        self.dice.is_some()
            || (self.moves.iter())
                .any(|m| matches!(&m.primitive, Primitive::PathStep(p) if p.bear_off))
    }
}
