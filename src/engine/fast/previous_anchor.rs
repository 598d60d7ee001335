//! The run of the fast path of [`crate::compile::fast::previous_anchor`]: what it gives is what the
//! general path would.

use crate::compile::fast::previous_anchor::*;
use crate::compile::{Game, NO_CELL};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// Whether the anchors leave the rule no landing cell in this position (then it has no move).
    pub(crate) fn anchored_out(&self, anchors: &[PreviousAnchor], state: &State<W>) -> bool {
        if !self.board.unique_predecessors {
            return false;
        }
        let mut landing = None;
        for anchor in anchors {
            let previous = if anchor.from {
                state.previous_from
            } else {
                state.previous_to
            };
            // No previous move (or none that started on a cell): no cell is the same as none.
            if previous == NO_CELL {
                return true;
            }
            let Some(&dir) = self.directions_of(anchor.dirs, state.to_move).first() else {
                // No direction: `neighbour` is none, never a cell.
                return true;
            };
            let cell = self.board.predecessor(previous, dir);
            if cell == NO_CELL || landing.is_some_and(|l| l != cell) {
                return true;
            }
            landing = Some(cell);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::compile::Game;
    use rand::RngExt;

    /// Skipping anchored rules changes no legal move: on positions of seeded random games of
    /// every shipped game with an anchored rule, the legal moves are those of the same game with
    /// the anchors taken away; some positions had the rule skipped, some had its moves.
    #[test]
    fn skipping_anchored_rules_changes_no_legal_move() {
        let catalog = Catalog::default();
        let games: Vec<Game> = catalog
            .list()
            .iter()
            .filter_map(|listing| catalog.load(&listing.id, &[]).ok().map(|(g, _, _)| g))
            .filter(|g| g.moves.iter().any(|m| !m.anchors.is_empty()))
            .collect();
        assert!(!games.is_empty(), "no shipped game has an anchored rule");
        for game in &games {
            let mut plain = game.clone();
            for rule in &mut plain.moves {
                rule.anchors.clear();
            }
            let mut rng = crate::engine::playout::seeded_rng(5);
            let (mut anchored, mut unanchored) = (Vec::new(), Vec::new());
            let (mut compared, mut skipped, mut made) = (0, 0, 0);
            // Until an anchored rule has had moves a few times (en passant is rare at random).
            for _ in 0..400 {
                if made >= 3 {
                    break;
                }
                let mut state = game.initial;
                for _ in 0..150 {
                    let over = game.legal_actions(&state, &mut anchored);
                    assert_eq!(over, plain.legal_actions(&state, &mut unanchored));
                    assert_eq!(anchored, unanchored, "{state:?}");
                    compared += 1;
                    skipped +=
                        usize::from(game.moves.iter().any(|m| {
                            !m.anchors.is_empty() && game.anchored_out(&m.anchors, &state)
                        }));
                    made += usize::from(
                        anchored
                            .iter()
                            .any(|a| !game.moves[a.rule() as usize].anchors.is_empty()),
                    );
                    if over.is_some() {
                        break;
                    }
                    let action = anchored[rng.random_range(0..anchored.len())];
                    game.apply(&mut state, &action);
                }
            }
            assert!(compared > 200, "only {compared} positions compared");
            assert!(skipped > 100, "only {skipped} positions skipped a rule");
            assert!(
                made >= 3,
                "an anchored rule had moves in only {made} positions"
            );
        }
    }
}
